import { useId, useState } from 'react';
import { MicroagentsView } from '@/components/microagents/MicroagentsView';
import { detectPage, isMicroagentFile, type PageContext, toUrl } from '@/lib/hosts';
import { t } from '@/lib/i18n';
import { providerName } from '@/lib/i18n/words';
import type { Settings } from '@/lib/settings/schema';

/** Where `owner/name` lives on each provider's public host. */
const publicHosts = {
  github: 'https://github.com',
  gitlab: 'https://gitlab.com',
  bitbucket: 'https://bitbucket.org',
} as const;
type PublicProvider = keyof typeof publicHosts;

/**
 * The Microagents tab: the repository page the panel came from, or, with none open, a
 * repository field (`owner/name` on a provider, or any repository or file address) that shows
 * that repository's microagents right here.
 */
export function MicroagentsTab({
  context,
  filePath,
  settings,
  onOpenOptions,
}: {
  context: PageContext | null;
  filePath?: string;
  settings: Settings;
  onOpenOptions: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [provider, setProvider] = useState<PublicProvider>('github');
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ context: PageContext; filePath?: string } | null>(null);

  if (context) {
    return (
      <MicroagentsView
        context={context}
        {...(filePath ? { filePath } : {})}
        onOpenOptions={onOpenOptions}
      />
    );
  }

  const show = () => {
    const text = typed.trim().replace(/\.git$/, '');
    const address = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
      ? text
      : /^[\w.-]+(\/[\w.-]+)+$/.test(text)
        ? `${publicHosts[provider]}/${text}`
        : `https://${text}`;
    const url = toUrl(address);
    const selfHosted = url
      ? settings.selfHostedHosts.find((host) => host.origin === url.origin)
      : undefined;
    const found = url
      ? detectPage(url, selfHosted ? { provider: selfHosted.provider } : undefined)
      : null;
    if (!found) {
      setError(t('panel.microagents.notRepository'));
      return;
    }
    setError(null);
    const file =
      found.path && isMicroagentFile(found.repository, found.path, found.provider)
        ? found.path
        : undefined;
    setChosen({ context: found, ...(file ? { filePath: file } : {}) });
  };

  return (
    <>
      <form
        className="microagents-repo"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-repository`}>{t('panel.microagents.repository')}</label>
          <div className="row">
            <select
              className="select"
              style={{ width: 'auto' }}
              aria-label={t('panel.microagents.provider')}
              value={provider}
              onChange={(event) => setProvider(event.target.value as PublicProvider)}
            >
              {(Object.keys(publicHosts) as PublicProvider[]).map((value) => (
                <option key={value} value={value}>
                  {providerName(value)}
                </option>
              ))}
            </select>
            <input
              id={`${id}-repository`}
              className="input grow"
              type="text"
              spellCheck={false}
              placeholder="owner/name"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={!typed.trim()}>
              {t('panel.microagents.show')}
            </button>
          </div>
          <span id={`${id}-hint`} className="field-hint">
            {t('panel.microagents.repositoryHint')}
          </span>
          {error ? (
            <span id={`${id}-error`} className="field-error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
      </form>
      {chosen ? (
        <MicroagentsView
          key={`${chosen.context.host}/${chosen.context.repository}/${chosen.filePath ?? ''}`}
          context={chosen.context}
          {...(chosen.filePath ? { filePath: chosen.filePath } : {})}
          onOpenOptions={onOpenOptions}
        />
      ) : (
        <MicroagentsView context={null} onOpenOptions={onOpenOptions} />
      )}
    </>
  );
}
