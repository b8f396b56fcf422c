// The custom-secrets forms' checks, kept apart from the page so they can be tested alone. The
// value a person types is checked and handed back, never stored anywhere: the page sends it
// once and forgets it.

import { fieldError } from '@/components/common/ErrorNotice';
import {
  AGENT_SECRET_NAME_MAX,
  type SecretNameProblem,
  type SettingsGeneration,
  secretNameProblem,
} from '@/components/common/server-settings';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n/options';

export interface NewSecretDraft {
  name: string;
  value: string;
  description: string;
  /** 1.7+: the person agreed to replace the value of a secret of that name. */
  replace: boolean;
}

export interface SecretEditDraft {
  name: string;
  description: string;
}

export interface SecretFormErrors {
  name?: string;
  value?: string;
}

/** Where a name is checked: adding on each kind of server, or renaming. */
export type NameContext = 'add-v1' | 'add-v0' | 'add-agent' | 'rename';

/** Where adding a secret is checked on a server of `generation`. */
export function addContext(generation: SettingsGeneration): NameContext {
  return generation === 'agent' ? 'add-agent' : generation === 'v1' ? 'add-v1' : 'add-v0';
}

/** Whether the server replaces the value of a secret of the same name when one is added. */
export function replacesInPlace(generation: SettingsGeneration): boolean {
  return generation !== 'v0';
}

/** A name problem in words, with what to do instead. */
export function nameProblemMessage(
  problem: SecretNameProblem,
  name: string,
  context: NameContext,
): string {
  switch (problem) {
    case 'empty':
      return t('options.secrets.nameEmpty');
    case 'spaces':
      return t('options.secrets.nameSpaces');
    case 'first':
      return context === 'add-agent'
        ? t('options.secrets.nameFirstLetter', { first: name.charAt(0) })
        : t('options.secrets.nameFirst', { first: name.charAt(0) });
    case 'characters':
      return t('options.secrets.nameCharacters', { name });
    case 'long':
      return t('options.secrets.nameLong', { max: AGENT_SECRET_NAME_MAX, count: name.length });
    case 'taken':
      return context === 'rename'
        ? t('options.secrets.nameTakenRename', { name })
        : context === 'add-v0'
          ? t('options.secrets.nameTakenLegacy', { name })
          : t('options.secrets.nameTaken', { name });
  }
}

/** Spaces around a description are dropped; an empty one is no description. */
function descriptionOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

export type NewSecretCheck =
  | {
      ok: true;
      /** What to send; a replaced secret without a new description keeps its own. */
      secret: { name: string; value: string; description?: string | null };
      replacing: boolean;
    }
  | { ok: false; errors: SecretFormErrors };

/**
 * Checks a new secret against the names already listed, with the server's own naming rules. A
 * 1.7+ server and an agent server replace the value of a secret of the same name, so that takes
 * the person's agreement; a legacy server refuses it.
 */
export function checkNewSecret(
  draft: NewSecretDraft,
  names: readonly string[],
  generation: SettingsGeneration,
): NewSecretCheck {
  const name = draft.name.trim();
  const errors: SecretFormErrors = {};
  const problem = secretNameProblem(name, names, generation);
  const replacing = problem === 'taken' && replacesInPlace(generation) && draft.replace;
  if (problem && !replacing) {
    errors.name = nameProblemMessage(problem, name, addContext(generation));
  }
  // The value goes as typed: spaces may belong to it.
  if (!draft.value) errors.value = t('options.secrets.valueEmpty');
  if (errors.name || errors.value) return { ok: false, errors };
  const description = descriptionOf(draft.description);
  return {
    ok: true,
    secret:
      replacing && description === null
        ? { name, value: draft.value }
        : { name, value: draft.value, description },
    replacing,
  };
}

export type SecretEditCheck =
  | { ok: true; change: { name: string; description: string | null } }
  | { ok: false; errors: SecretFormErrors };

/** Checks a rename or new description; `names` are every listed name, `current` among them. */
export function checkSecretEdit(
  draft: SecretEditDraft,
  current: string,
  names: readonly string[],
): SecretEditCheck {
  const name = draft.name.trim();
  const problem = secretNameProblem(
    name,
    names.filter((other) => other !== current),
  );
  if (problem) return { ok: false, errors: { name: nameProblemMessage(problem, name, 'rename') } };
  return { ok: true, change: { name, description: descriptionOf(draft.description) } };
}

/**
 * What the server said about the name, when its refusal is about the name: its own message
 * for the field (422), an agent server's 422 about the name's format, or a name it already
 * holds (400 "Secret X already exists"). Anything else is for the section's error notice.
 */
export function serverNameError(
  error: unknown,
  name: string,
  context: NameContext,
): string | undefined {
  const fromField = fieldError(error, 'name');
  if (fromField) return fromField;
  const apiError = toApiError(error);
  if (apiError.kind === 'validation' && /secret name/i.test(apiError.serverMessage ?? '')) {
    return apiError.serverMessage;
  }
  if (
    (apiError.kind === 'bad-request' || apiError.kind === 'conflict') &&
    /already exists/i.test(apiError.serverMessage ?? '')
  ) {
    return nameProblemMessage('taken', name, context);
  }
  return undefined;
}
