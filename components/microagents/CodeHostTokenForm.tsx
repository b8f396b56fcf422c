import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { t } from '@/lib/i18n/skills';
import { writeCodeHostToken } from '@/lib/settings/code-host-tokens';
import { tokenQueryKey, useCodeHostTokenHint } from './skill-queries';

interface CodeHostTokenFormProps {
  /** The code host's web origin the token is filed under. */
  origin: string;
  /** "GitHub", "GitLab (git.example.com)". */
  hostLabel: string;
  /** Where the token goes, e.g. "api.github.com". */
  apiLabel: string;
  bitbucket: boolean;
  /** After a token is saved or removed: read again. */
  onChanged: () => void;
}

/** Checks a pasted token as the store will, in words; null when it is fine. */
export function tokenProblem(value: string): string | null {
  const token = value.trim();
  if (!token) return t('skills.token.empty');
  if (/\s/.test(token)) return t('skills.token.spaces');
  return null;
}

/**
 * A token for one code host, typed where the problem shows: stored in this browser (never shown
 * back beyond its last characters) and the read tried again. What was typed stays in the field
 * until it is stored.
 */
export function CodeHostTokenForm({
  origin,
  hostLabel,
  apiLabel,
  bitbucket,
  onChanged,
}: CodeHostTokenFormProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hint = useCodeHostTokenHint(origin);
  const queryClient = useQueryClient();

  const store = (token: string | null) => {
    setBusy(true);
    setError(null);
    writeCodeHostToken(origin, token)
      .then(async () => {
        setValue('');
        await queryClient.invalidateQueries({ queryKey: tokenQueryKey(origin) });
        onChanged();
      })
      .catch((failure: unknown) =>
        setError(
          t('skills.token.failed', { words: (failure as Error)?.message ?? String(failure) }),
        ),
      )
      .finally(() => setBusy(false));
  };

  const onSave = () => {
    const problem = tokenProblem(value);
    if (problem) {
      setError(problem);
      document.getElementById(`${id}-token`)?.focus();
      return;
    }
    store(value.trim());
  };

  return (
    <form
      className="skills-token"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      autoComplete="off"
    >
      {hint.data ? (
        <p className="muted">{t('skills.token.stored', { hint: hint.data, host: hostLabel })}</p>
      ) : null}
      <label htmlFor={`${id}-token`} className="field-label">
        {t('skills.token.label', { host: hostLabel })}
      </label>
      <input
        id={`${id}-token`}
        className="input"
        type="password"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => setValue(event.target.value)}
      />
      <p id={`${id}-hint`} className="muted small">
        {bitbucket
          ? t('skills.token.hintBitbucket', { api: apiLabel })
          : t('skills.token.hint', { api: apiLabel })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="microagents-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('skills.token.saving') : t('skills.token.save')}
        </button>
        {hint.data ? (
          <button type="button" className="btn" disabled={busy} onClick={() => store(null)}>
            {t('skills.token.remove')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
