import { useState } from 'react';
import { ConnectionReport } from '@/components/options/ConnectionReport';
import { runConnectionTest } from '@/components/options/connection-test';
import { AddressField, Field } from '@/components/options/Field';
import { useServerForm } from '@/components/options/use-server-form';
import { t } from '@/lib/i18n/options';
import { saveServer } from '@/lib/settings/editor';

/**
 * No server yet: the address and key, a connection test and Save, right here, through the same
 * settings editor and connection test as the options page (lib/settings/editor.ts,
 * components/options/connection-test.ts), so both write the settings one way. Once saved, the
 * panel moves on to the conversations by itself (it follows the settings).
 */
export function SetupView({ onOpenOptions }: { onOpenOptions: () => void }) {
  const [url, setUrl] = useState('');
  // Typed, sent to the editor, and forgotten: never read back into the page.
  const { key, setKey, errors, busy, report, formRef, withAccess, test } = useServerForm({
    accessDenied: (address) => t('setup.accessDenied', { address }),
  });

  const onTest = () => test(url);

  const onSave = () =>
    withAccess(url, 'save', async (serverUrl, typedKey) => {
      await saveServer({ serverUrl, ...(typedKey ? { apiKey: typedKey } : {}) });
      setKey('');
      // What the saved server serves and which header works, remembered for every page.
      await runConnectionTest({}).catch(() => null);
    });

  return (
    <div className="panel-scroll setup">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <form
        ref={formRef}
        aria-label={t('setup.title')}
        onSubmit={(event) => event.preventDefault()}
      >
        <AddressField
          label={t('options.server.url')}
          hint={t('options.server.urlHint')}
          error={errors.serverUrl}
          placeholder="http://localhost:3000"
          value={url}
          onChange={setUrl}
          autoComplete="url"
        />
        <Field label={t('options.server.key')} hint={t('setup.keyHint')} error={errors.apiKey}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('options.server.keyPlaceholder')}
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          )}
        </Field>
        <div className="row">
          {/* Enter in a field "clicks" the first submit button: Save, inside the gesture. */}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy !== null}
            onClick={onSave}
          >
            {busy === 'save' ? t('options.server.saving') : t('setup.save')}
          </button>
          <button type="button" className="btn" disabled={busy !== null} onClick={onTest}>
            {t('options.server.test')}
          </button>
          {busy === 'test' ? <span className="muted">{t('options.server.testing')}</span> : null}
        </div>
      </form>
      {errors.general ? (
        <p className="notice notice-error" role="alert">
          {errors.general}
        </p>
      ) : null}
      {report ? <ConnectionReport detection={report.detection} address={report.address} /> : null}
      <p className="small muted">
        {t('setup.moreInOptions')}{' '}
        <button type="button" className="link-button" onClick={onOpenOptions}>
          {t('setup.openOptions')}
        </button>
      </p>
    </div>
  );
}
