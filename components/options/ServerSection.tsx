import { useState } from 'react';
import type { ServerDetection } from '@/lib/api/detect';
import { isHostedServiceUrl } from '@/lib/api/url';
import { t } from '@/lib/i18n/options';
import { type CredentialsView, permissionFor, saveServer } from '@/lib/settings/editor';
import type { Settings } from '@/lib/settings/schema';
import { ConnectionReport } from './ConnectionReport';
import { kindChangeWords, runConnectionTest, serverKindWords } from './connection-test';
import { DeviceSignIn } from './DeviceSignIn';
import { AddressField, Field } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { type SignOutOutcome, signOut } from './sign-out';
import { useDraft } from './use-draft';
import { useHostAccess } from './use-host-access';
import { useServerForm } from './use-server-form';

interface ServerSectionProps {
  /** The settings as this server sees them (its fields at the top). */
  settings: Settings;
  /** The server edited here (lib/settings/servers.ts). */
  serverId: string;
  /** Its name for people, in messages. */
  name: string;
  credentials: CredentialsView | null;
  onCredentials: (view: CredentialsView) => void;
  /** A test of this server's saved address found this (the Servers list shows it). */
  onTested?: (detection: ServerDetection) => void;
}

const signOutWords = (outcome: SignOutOutcome): string => {
  switch (outcome.kind) {
    case 'revoked':
      return t('options.server.signedOut');
    case 'pasted':
      return t('options.server.signedOutPasted');
    case 'dead':
      return t('options.server.signedOutDead');
    case 'failed':
      return t('options.server.signedOutLocal', { reason: outcome.reason });
  }
};

/** The hosted service: by its address, or by what its last test found. */
export function isHostedServer(settings: Pick<Settings, 'serverUrl' | 'serverInfo'>): boolean {
  return (
    settings.serverInfo?.mode === 'saas' ||
    (settings.serverUrl !== null && isHostedServiceUrl(settings.serverUrl))
  );
}

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return address;
  }
}

export function ServerSection({
  settings,
  serverId,
  name,
  credentials,
  onCredentials,
  onTested,
}: ServerSectionProps) {
  const [url, setUrl, markUrlSaved] = useDraft(settings.serverUrl ?? '');
  // The person's yes to sending the stored key to an address it was not saved for.
  const [useStoredKey, setUseStoredKey] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // A test found another kind of server than the one before.
  const [kindNotice, setKindNotice] = useState<string | null>(null);
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
  } = useServerForm<'save' | 'test' | 'forget' | 'sign-out'>({
    accessDenied: (serverUrl) => t('options.server.accessDenied', { origin: originOf(serverUrl) }),
    onBegin: () => {
      setStatus(null);
      setKindNotice(null);
    },
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

  /** What a test of the saved address found, for the report, the list and a change of kind. */
  const tested = (detection: ServerDetection, address: string, before: Settings['serverInfo']) => {
    setReport({ detection, address });
    onTested?.(detection);
    setKindNotice(kindChangeWords(before, detection, name));
  };

  const onSave = () => {
    // Kept from before the save: a new address starts without a kind to compare with.
    const before = settings.serverInfo;
    withAccess(url, 'save', async (serverUrl, typedKey) => {
      const view = await saveServer({
        serverId,
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
      const detection = await runConnectionTest({ serverId });
      tested(detection, serverUrl, serverUrl === settings.serverUrl ? before : null);
    });
  };

  const onTest = () => {
    const before = settings.serverInfo;
    const saved = settings.serverUrl;
    if (!saved) {
      test(url, confirmedStoredKey ? { useStoredKey: true, serverId } : { serverId });
      return;
    }
    withAccess(url || saved, 'test', async (serverUrl, typedKey) => {
      const detection = await runConnectionTest({
        serverId,
        serverUrl,
        ...(typedKey ? { apiKey: typedKey } : {}),
        ...(confirmedStoredKey ? { useStoredKey: true } : {}),
      });
      // Only a test of the saved address says what this server is now.
      if (serverUrl === saved) tested(detection, serverUrl, before);
      else setReport({ detection, address: serverUrl });
    });
  };

  const onForgetKey = () => {
    if (!settings.serverUrl) return;
    setErrors({});
    setBusy('forget');
    void saveServer({ serverId, serverUrl: settings.serverUrl, apiKey: null })
      .then((view) => {
        onCredentials(view);
        setStatus(t('options.server.keyForgotten'));
      }, fail)
      .finally(() => setBusy(null));
  };

  const hosted = isHostedServer(settings);
  const signedIn = hosted && Boolean(credentials?.apiKeyInUse);

  const onSignOut = () => {
    const serverUrl = settings.serverUrl;
    if (!serverUrl) return;
    setErrors({});
    setStatus(null);
    setBusy('sign-out');
    void signOut({ serverId, serverUrl })
      .then(({ outcome, view }) => {
        onCredentials(view);
        setReport(null);
        setStatus(signOutWords(outcome));
      }, fail)
      .finally(() => setBusy(null));
  };

  /** The key a sign-in gave: kept like a typed one, sent as Bearer, then the connection tested. */
  const onSignedIn = async (token: string) => {
    const serverUrl = settings.serverUrl;
    if (!serverUrl) return;
    const before = settings.serverInfo;
    const view = await saveServer({ serverId, serverUrl, apiKey: token, authScheme: 'bearer' });
    onCredentials(view);
    setStatus(null);
    tested(await runConnectionTest({ serverId }), serverUrl, before);
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
          {signedIn ? (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy !== null}
              onClick={onSignOut}
            >
              {t('options.server.signOut')}
            </button>
          ) : credentials?.apiKeySet && settings.serverUrl ? (
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
          {busy === 'sign-out' ? (
            <span className="muted">{t('options.server.signingOut')}</span>
          ) : null}
        </div>
      </form>
      {signedIn ? (
        <p className="notice notice-success" data-notice="signed-in">
          {t('options.server.signedIn', { hint: credentials?.apiKeyHint ?? '' })}
        </p>
      ) : null}
      {hosted && settings.serverUrl && !credentials?.apiKeySet ? (
        <>
          <DeviceSignIn serverUrl={settings.serverUrl} onSignedIn={onSignedIn} />
          <p className="small muted">{t('options.server.orPaste')}</p>
        </>
      ) : null}
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
      {kindNotice ? (
        <p className="notice notice-warning" role="status" data-notice="kind-changed">
          {kindNotice}
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
