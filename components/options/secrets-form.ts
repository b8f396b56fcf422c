// The custom-secrets forms' checks, kept apart from the page so they can be tested alone. The
// value a person types is checked and handed back, never stored anywhere: the page sends it
// once and forgets it.

import { fieldError } from '@/components/common/ErrorNotice';
import {
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

/** Where a name is checked: adding on either kind of server, or renaming. */
export type NameContext = 'add-v1' | 'add-v0' | 'rename';

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
      return t('options.secrets.nameFirst', { first: name.charAt(0) });
    case 'characters':
      return t('options.secrets.nameCharacters', { name });
    case 'taken':
      return context === 'rename'
        ? t('options.secrets.nameTakenRename', { name })
        : context === 'add-v1'
          ? t('options.secrets.nameTaken', { name })
          : t('options.secrets.nameTakenLegacy', { name });
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
 * Checks a new secret against the names already listed. A 1.7+ server replaces the value of a
 * secret of the same name, so that takes the person's agreement; a legacy server refuses it.
 */
export function checkNewSecret(
  draft: NewSecretDraft,
  names: readonly string[],
  generation: SettingsGeneration,
): NewSecretCheck {
  const name = draft.name.trim();
  const errors: SecretFormErrors = {};
  const problem = secretNameProblem(name, names);
  const replacing = problem === 'taken' && generation === 'v1' && draft.replace;
  if (problem && !replacing) {
    errors.name = nameProblemMessage(problem, name, generation === 'v1' ? 'add-v1' : 'add-v0');
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
 * for the field (422), or a name it already holds (400 "Secret X already exists"). Anything
 * else is for the section's error notice.
 */
export function serverNameError(
  error: unknown,
  name: string,
  context: NameContext,
): string | undefined {
  const fromField = fieldError(error, 'name');
  if (fromField) return fromField;
  const apiError = toApiError(error);
  if (
    (apiError.kind === 'bad-request' || apiError.kind === 'conflict') &&
    /already exists/i.test(apiError.serverMessage ?? '')
  ) {
    return nameProblemMessage('taken', name, context);
  }
  return undefined;
}
