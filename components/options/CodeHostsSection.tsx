import { useCallback, useEffect, useState } from 'react';
import { tokenProblem } from '@/components/microagents/CodeHostTokenForm';
import { DEFAULT_HOSTS } from '@/lib/hosts/shared';
import type { Provider } from '@/lib/hosts/types';
import { t } from '@/lib/i18n/options';
import {
  listCodeHostTokens,
  type StoredCodeHostToken,
  writeCodeHostToken,
} from '@/lib/settings/code-host-tokens';
import type { Settings } from '@/lib/settings/schema';
import { apiBaseFor } from '@/lib/skills';
import { Field, useFocusFirstInvalid } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';

/** The hosts a token can be given for: the three default ones and every self-hosted one added. */
function hostChoices(settings: Settings): string[] {
  const defaults = Object.values(DEFAULT_HOSTS).map((host) => `https://${host}`);
  return [...defaults, ...settings.selfHostedHosts.map((host) => host.origin)];
}

/** Which software runs at an origin: a default host's, or what the person said when adding it. */
function hostOf(settings: Settings, origin: string): { provider: Provider; selfHosted: boolean } {
  const host = new URL(origin).hostname;
  const builtIn = (Object.keys(DEFAULT_HOSTS) as Provider[]).find((p) => DEFAULT_HOSTS[p] === host);
  if (builtIn) return { provider: builtIn, selfHosted: false };
  const added = settings.selfHostedHosts.find((entry) => entry.origin === origin);
  return { provider: added?.provider ?? 'github', selfHosted: true };
}

/** Where the token is sent: the host's API origin, without a scheme. */
function apiOf(settings: Settings, origin: string): string {
  return new URL(apiBaseFor({ ...hostOf(settings, origin), baseUrl: origin })).host;
}

/**
 * Tokens for reading code hosts directly (a repository's skills), per host origin, kept in this
 * browser beside the API key and shown back only by their last characters
 * (docs/contract/skills.md#tokens).
 */
export function CodeHostsSection({ settings }: { settings: Settings }) {
  const choices = hostChoices(settings);
  const [origin, setOrigin] = useState(choices[0] as string);
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<{ token?: string }>({});
  const formRef = useFocusFirstInvalid(errors);
  const [stored, setStored] = useState<StoredCodeHostToken[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    void listCodeHostTokens().then(setStored, (error: unknown) => setFailure(String(error)));
  }, []);
  useEffect(reload, [reload]);

  const store = (target: string, value: string | null, done: string) => {
    setBusy(true);
    setFailure(null);
    setStatus(null);
    writeCodeHostToken(target, value)
      .then(() => {
        if (value) setToken('');
        setStatus(done);
        reload();
      })
      .catch((error: unknown) => setFailure((error as Error)?.message ?? String(error)))
      .finally(() => setBusy(false));
  };

  const onSave = () => {
    const problem = tokenProblem(token);
    setErrors(problem ? { token: problem } : {});
    if (problem) return;
    store(origin, token.trim(), t('options.codeHosts.saved', { host: origin }));
  };

  return (
    <section id="code-hosts" className="options-section" aria-labelledby="code-hosts-title">
      <h2 id="code-hosts-title" tabIndex={-1}>
        {t('options.codeHosts.title')}
      </h2>
      <p className="muted">{t('options.codeHosts.intro')}</p>
      {stored?.length ? (
        <ul className="options-list" aria-label={t('options.codeHosts.listLabel')}>
          {stored.map((entry) => (
            <li key={entry.origin} className="options-list-item">
              <span>
                <strong>{entry.origin}</strong>{' '}
                <span className="muted">{t('options.codeHosts.entry', { hint: entry.hint })}</span>
              </span>
              <button
                type="button"
                className="btn btn-small btn-danger"
                disabled={busy}
                aria-label={t('options.codeHosts.removeLabel', { host: entry.origin })}
                onClick={() =>
                  store(entry.origin, null, t('options.codeHosts.removed', { host: entry.origin }))
                }
              >
                {t('options.codeHosts.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : stored ? (
        <p className="muted">{t('options.codeHosts.none')}</p>
      ) : null}
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        autoComplete="off"
      >
        <div className="options-grid">
          <Field label={t('options.codeHosts.host')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={origin}
                onChange={(event) => setOrigin(event.target.value)}
              >
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice.replace(/^https?:\/\//, '')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('skills.token.label', { host: origin.replace(/^https?:\/\//, '') })}
            error={errors.token}
            hint={
              hostOf(settings, origin).provider === 'bitbucket'
                ? t('skills.token.hintBitbucket', { api: apiOf(settings, origin) })
                : t('skills.token.hint', { api: apiOf(settings, origin) })
            }
          >
            {(control) => (
              <input
                {...control}
                className="input"
                type="password"
                spellCheck={false}
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('options.codeHosts.save')}
          </button>
        </div>
      </form>
      <SavedNotice text={status} />
      <FailureNotice text={failure} />
    </section>
  );
}
