import { useState } from 'react';
import { t } from '@/lib/i18n/options';
import { type CredentialsView, permissionFor, saveServer } from '@/lib/settings/editor';
import type { Settings } from '@/lib/settings/schema';
import { ConnectionReport } from './ConnectionReport';
import { runConnectionTest, serverKindWords } from './connection-test';
import { AddressField, Field } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { useDraft } from './use-draft';
import { useHostAccess } from './use-host-access';
import { useServerForm } from './use-server-form';

interface ServerSectionProps {
  settings: Settings;
  credentials: CredentialsView | null;
  onCredentials: (view: CredentialsView) => void;
}

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return address;
  }
}

export function ServerSection({ settings, credentials, onCredentials }: ServerSectionProps) {
  const [url, setUrl, markUrlSaved] = useDraft(settings.serverUrl ?? '');
  // The person's yes to sending the stored key to an address it was not saved for.
  const [useStoredKey, setUseStoredKey] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // The key is typed, sent to IndexedDB, and forgotten: it is never read back into the page.
  const {
    key,
    setKey,
    errors,
    setErrors,
    busy,
    setBusy,
    report,
    setReport,
    formRef,
    fail,
    withAccess,
    test,
  } = useServerForm<'save' | 'test' | 'forget'>({
    accessDenied: (serverUrl) => t('options.server.accessDenied', { origin: originOf(serverUrl) }),
    onBegin: () => setStatus(null),
  });
  const access = useHostAccess(settings.serverUrl ? permissionFor(settings.serverUrl) : null);

  const typedOrigin = originOf(url.trim() ? url : (settings.serverUrl ?? ''));
  const keyOrigin = credentials?.apiKeyOrigin ?? null;
  // A stored key goes only to the origin it was saved for; any other address needs the
  // person to type its key or to say, here, that the stored one may go there.
  const keyBelongsElsewhere = Boolean(credentials?.apiKeySet) && !key && keyOrigin !== typedOrigin;
  const savedKeyElsewhere =
    Boolean(credentials?.apiKeySet) &&
    settings.serverUrl !== null &&
    keyOrigin !== originOf(settings.serverUrl);
  const confirmedStoredKey = keyBelongsElsewhere && useStoredKey;

  const onSave = () =>
    withAccess(url, 'save', async (serverUrl, typedKey) => {
      const view = await saveServer({
        serverUrl,
        ...(typedKey ? { apiKey: typedKey } : {}),
        ...(confirmedStoredKey ? { useStoredKey: true } : {}),
      });
      setKey('');
      setUseStoredKey(false);
      markUrlSaved(view.settings.serverUrl ?? serverUrl);
      onCredentials(view);
      setStatus(t('options.server.saved'));
      // What the saved server is and which header works, for every page.
      setBusy('test');
      setReport({ detection: await runConnectionTest({}), address: serverUrl });
    });

  const onTest = () =>
    test(url || settings.serverUrl || '', confirmedStoredKey ? { useStoredKey: true } : {});

  const onForgetKey = () => {
    if (!settings.serverUrl) return;
    setErrors({});
    setBusy('forget');
    void saveServer({ serverUrl: settings.serverUrl, apiKey: null })
      .then((view) => {
        onCredentials(view);
        setStatus(t('options.server.keyForgotten'));
      }, fail)
      .finally(() => setBusy(null));
  };

  const keyHint = credentials?.apiKeySet
    ? t('options.server.keyStored', { hint: credentials.apiKeyHint ?? '' })
    : t('options.server.keyNone');

  return (
    <section id="server" className="options-section" aria-labelledby="server-title">
      <h2 id="server-title" tabIndex={-1}>
        {t('options.server.title')}
      </h2>
      <p className="muted">{t('options.server.intro')}</p>
      <form
        ref={formRef}
        onSubmit={(event) => event.preventDefault()}
        aria-describedby={errors.general ? 'server-error' : undefined}
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
        <Field label={t('options.server.key')} hint={keyHint} error={errors.apiKey}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={
                credentials?.apiKeySet
                  ? t('options.server.keyPlaceholderKeep')
                  : t('options.server.keyPlaceholder')
              }
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          )}
        </Field>
        {keyBelongsElsewhere ? (
          <label className="small row">
            <input
              type="checkbox"
              checked={useStoredKey}
              onChange={(event) => setUseStoredKey(event.target.checked)}
            />
            {t('options.server.useStoredKey', {
              hint: credentials?.apiKeyHint ?? '',
              origin: typedOrigin,
            })}
          </label>
        ) : null}
        <div className="options-actions">
          {/* Enter in a field "clicks" the form's first submit button, so the permission
              request stays inside the person's gesture either way. */}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy !== null}
            onClick={onSave}
          >
            {t('options.server.save')}
          </button>
          <button type="button" className="btn" disabled={busy !== null} onClick={onTest}>
            {t('options.server.test')}
          </button>
          {credentials?.apiKeySet && settings.serverUrl ? (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy !== null}
              onClick={onForgetKey}
            >
              {t('options.server.forgetKey')}
            </button>
          ) : null}
          {busy === 'save' ? <span className="muted">{t('options.server.saving')}</span> : null}
          {busy === 'test' ? <span className="muted">{t('options.server.testing')}</span> : null}
        </div>
      </form>
      <SavedNotice text={status} />
      <FailureNotice text={errors.general} id="server-error" />
      {savedKeyElsewhere && settings.serverUrl ? (
        <p className="notice notice-warning" data-notice="key-elsewhere">
          {t('options.server.keyElsewhere', {
            hint: credentials?.apiKeyHint ?? '',
            keyOrigin: keyOrigin ?? t('options.server.keyOriginNone'),
            origin: originOf(settings.serverUrl),
          })}
        </p>
      ) : null}
      {settings.serverUrl && access === false ? (
        <p className="notice notice-warning">
          {t('options.server.noAccess', { origin: originOf(settings.serverUrl) })}
        </p>
      ) : null}
      {report ? <ConnectionReport detection={report.detection} address={report.address} /> : null}
      {!report && settings.serverInfo ? (
        <p className="muted">
          {t('options.server.lastChecked', { kind: serverKindWords(settings.serverInfo) })}
        </p>
      ) : null}
    </section>
  );
}
