import { useState } from 'react';
import { MicroagentsView } from '@/components/microagents/MicroagentsView';
import { detectPage, isMicroagentFile, type PageContext, toUrl } from '@/lib/hosts';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { AddressField, useFocusFirstInvalid } from './Field';

interface Shown {
  context: PageContext;
  filePath?: string;
}

/**
 * The skill viewer for any repository, from its address: a way to check a code-host token,
 * and the full-tab form of the side panel's Microagents tab.
 */
export function MicroagentLookup({
  settings,
  onOpenOptions,
}: {
  settings: Settings;
  onOpenOptions: () => void;
}) {
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<{ address?: string }>({});
  const formRef = useFocusFirstInvalid(errors);
  const setError = (message: string | undefined) => setErrors(message ? { address: message } : {});
  const [shown, setShown] = useState<Shown | null>(null);

  const onShow = () => {
    const typed = address.trim();
    if (!typed) {
      setError(t('options.lookup.empty'));
      return;
    }
    const url = toUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
    if (!url) {
      setError(t('options.lookup.notAddress', { address: typed }));
      return;
    }
    const selfHosted = settings.selfHostedHosts.find((host) => host.origin === url.origin);
    const context = detectPage(url, selfHosted ? { provider: selfHosted.provider } : undefined);
    if (!context) {
      setError(t('options.lookup.notRepository', { address: typed }));
      return;
    }
    setError(undefined);
    const filePath =
      context.path && isMicroagentFile(context.repository, context.path, context.provider)
        ? context.path
        : undefined;
    setShown({ context, ...(filePath ? { filePath } : {}) });
  };

  return (
    <div className="options-view">
      <section className="options-section" aria-labelledby="lookup-title">
        <h2 id="lookup-title">{t('options.lookup.title')}</h2>
        <p className="muted">{t('options.lookup.intro')}</p>
        <form ref={formRef} onSubmit={(event) => event.preventDefault()}>
          <AddressField
            label={t('options.lookup.address')}
            hint={t('options.lookup.addressHint')}
            error={errors.address}
            placeholder="https://github.com/owner/repo"
            value={address}
            onChange={setAddress}
          />
          <div className="options-actions">
            <button type="submit" className="btn btn-primary" onClick={onShow}>
              {t('options.lookup.show')}
            </button>
          </div>
        </form>
      </section>
      {shown ? (
        <div className="options-section">
          <MicroagentsView
            key={`${shown.context.host}/${shown.context.repository}/${shown.filePath ?? ''}`}
            context={shown.context}
            {...(shown.filePath ? { filePath: shown.filePath } : {})}
            onOpenOptions={onOpenOptions}
          />
        </div>
      ) : null}
    </div>
  );
}
