import { useState } from 'react';
import { browser } from 'wxt/browser';
import { ConnectionReport } from '@/components/options/ConnectionReport';
import { runConnectionTest } from '@/components/options/connection-test';
import { AddressField, Field, useFocusFirstInvalid } from '@/components/options/Field';
import type { ServerDetection } from '@/lib/api/detect';
import { t } from '@/lib/i18n';
import { checkServerUrl, permissionFor, SettingsError, saveServer } from '@/lib/settings/editor';

type Errors = Partial<Record<'serverUrl' | 'apiKey' | 'general', string>>;

/**
 * No server yet: the address and key, a connection test and Save, right here, through the same
 * settings editor and connection test as the options page (lib/settings/editor.ts,
 * components/options/connection-test.ts), so both write the settings one way. Once saved, the
 * panel moves on to the conversations by itself (it follows the settings).
 */
export function SetupView({ onOpenOptions }: { onOpenOptions: () => void }) {
  const [url, setUrl] = useState('');
  // Typed, sent to the editor, and forgotten: never read back into the page.
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [report, setReport] = useState<{ detection: ServerDetection; address: string } | null>(
    null,
  );
  const formRef = useFocusFirstInvalid(errors);

  const fail = (error: unknown) => {
    if (error instanceof SettingsError && error.field !== 'origin') {
      setErrors({ [error.field]: error.message });
    } else {
      setErrors({
        general: error instanceof Error && error.message ? error.message : t('error.generic'),
      });
    }
  };

  /**
   * Checks the address and asks for access to its origin, inside the click: the browser only
   * shows the permission prompt for a request made during the person's gesture.
   */
  const requestAccess = (): { serverUrl: string; granted: Promise<boolean> } | null => {
    setErrors({});
    try {
      const serverUrl = checkServerUrl(url);
      return {
        serverUrl,
        granted: browser.permissions.request({ origins: [permissionFor(serverUrl)] }),
      };
    } catch (error) {
      fail(error);
      return null;
    }
  };

  const denied = (serverUrl: string) =>
    setErrors({ general: t('setup.accessDenied', { address: serverUrl }) });

  const onTest = () => {
    const asked = requestAccess();
    if (!asked) return;
    const typedKey = key;
    setBusy('test');
    void (async () => {
      try {
        if (!(await asked.granted)) return denied(asked.serverUrl);
        const detection = await runConnectionTest({
          serverUrl: asked.serverUrl,
          ...(typedKey ? { apiKey: typedKey } : {}),
        });
        setReport({ detection, address: asked.serverUrl });
      } catch (error) {
        fail(error);
      } finally {
        setBusy(null);
      }
    })();
  };

  const onSave = () => {
    const asked = requestAccess();
    if (!asked) return;
    const typedKey = key;
    setBusy('save');
    void (async () => {
      try {
        if (!(await asked.granted)) return denied(asked.serverUrl);
        await saveServer({ serverUrl: asked.serverUrl, ...(typedKey ? { apiKey: typedKey } : {}) });
        setKey('');
        // What the saved server serves and which header works, remembered for every page.
        await runConnectionTest({}).catch(() => null);
      } catch (error) {
        fail(error);
        setBusy(null);
      }
    })();
  };

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
