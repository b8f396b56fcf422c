// Every server Handoff works with (lib/servers/registry.ts): what each one is, whether its key is
// here, how its last test went, which one is the default; adding, renaming, testing, making the
// default and removing one. The server whose settings the sections below show is picked here.
import { useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { ServerDetection } from '@/lib/api/detect';
import { isHostedServiceUrl } from '@/lib/api/url';
import { t } from '@/lib/i18n/options';
import { addServer, removeServer, renameServer, setDefaultServer } from '@/lib/servers/registry';
import { type CredentialsView, permissionFor, saveServer } from '@/lib/settings/editor';
import type { ServerEntry, Settings } from '@/lib/settings/schema';
import { serverName } from '@/lib/settings/servers';
import { kindChangeWords, runConnectionTest, shortKindWords, verdictOf } from './connection-test';
import { DeviceSignIn } from './DeviceSignIn';
import { AddressField, Field, useFocusFirstInvalid } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { isHostedServer } from './ServerSection';
import { useServerForm } from './use-server-form';

export interface ServersSectionProps {
  settings: Settings;
  /** The server whose settings the sections below show. */
  shownId: string;
  onShow: (serverId: string, options?: { focus?: boolean }) => void;
  /** Each server's key, as the options page describes it (never the key). */
  keys: Readonly<Record<string, CredentialsView | undefined>>;
  /** What this page's tests found, by server. */
  lastTests: Readonly<Record<string, ServerDetection | undefined>>;
  onTested: (serverId: string, detection: ServerDetection) => void;
}

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return address;
  }
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

function keyWords(server: ServerEntry, view: CredentialsView | undefined): string | null {
  if (!view) return null;
  if (!view.apiKeySet) return t('options.servers.noKey');
  if (!view.apiKeyInUse) return t('options.servers.keyElsewhere');
  return isHostedServer(server) ? t('options.servers.signedIn') : t('options.servers.keySaved');
}

/** A test's answer in a few words for the list (the report under Server has the details). */
function stateOf(detection: ServerDetection): { text: string; tone: 'good' | 'bad' | 'neutral' } {
  const verdict = verdictOf(detection);
  if (verdict.tone === 'good') return { text: t('options.servers.stateWorks'), tone: 'good' };
  if (!detection.reachable) return { text: t('options.servers.stateUnreachable'), tone: 'bad' };
  if (!detection.kind) return { text: t('options.servers.stateNoServer'), tone: 'bad' };
  if (detection.keyAccepted === false) {
    return { text: t('options.servers.stateKeyRefused'), tone: 'bad' };
  }
  if (detection.keyAccepted === null && detection.keyRequired === true) {
    return { text: t('options.servers.stateKeyMissing'), tone: 'bad' };
  }
  return { text: verdict.text, tone: verdict.tone };
}

/** The last test in words: this page's own, else what the stored answer says. */
function connectionWords(
  server: ServerEntry,
  detection: ServerDetection | undefined,
): { text: string; tone: 'good' | 'bad' | 'neutral' } {
  if (detection) return stateOf(detection);
  if (server.serverInfo) {
    return {
      text: t('options.servers.lastTested', { when: timeOf(server.serverInfo.checkedAt) }),
      tone: 'neutral',
    };
  }
  return { text: t('options.servers.notTested'), tone: 'neutral' };
}

/** Access to an origin is given back unless another server or a code host still needs it. */
function releaseAccess(settings: Settings, server: ServerEntry): Promise<unknown> {
  const pattern = permissionFor(server.serverUrl);
  const stillNeeded =
    settings.servers.some(
      (other) => other.id !== server.id && permissionFor(other.serverUrl) === pattern,
    ) || settings.selfHostedHosts.some((host) => permissionFor(host.origin) === pattern);
  if (stillNeeded) return Promise.resolve(false);
  // Access granted at install (local addresses) cannot be given back; the server is gone anyway.
  return browser.permissions.remove({ origins: [pattern] }).catch(() => false);
}

interface RowProps {
  server: ServerEntry;
  settings: Settings;
  several: boolean;
  shown: boolean;
  view: CredentialsView | undefined;
  detection: ServerDetection | undefined;
  busy: boolean;
  onShow: () => void;
  onTest: () => void;
  onMakeDefault: () => void;
  onRename: (name: string) => Promise<void>;
  onRemove: () => void;
}

function RenameForm({
  server,
  onRename,
  onDone,
}: {
  server: ServerEntry;
  onRename: (name: string) => Promise<void>;
  onDone: () => void;
}) {
  const [name, setName] = useState(server.name);
  const [errors, setErrors] = useState<{ name?: string }>({});
  const formRef = useFocusFirstInvalid(errors);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      ref={formRef}
      className="server-row-form"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        // What was typed stays when the name is refused.
        onRename(name).then(onDone, (error: unknown) =>
          setErrors({ name: (error as Error).message }),
        );
      }}
    >
      <Field
        label={t('options.servers.name')}
        hint={t('options.servers.nameHint')}
        error={errors.name}
      >
        {(control) => (
          <input
            {...control}
            ref={field}
            className="input input-medium"
            type="text"
            autoComplete="off"
            maxLength={80}
            placeholder={serverName({ name: '', serverUrl: server.serverUrl })}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="options-actions">
        <button type="submit" className="btn btn-primary">
          {t('options.servers.saveName')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('options.servers.cancel')}
        </button>
      </div>
    </form>
  );
}

function RemoveQuestion({
  server,
  settings,
  onConfirm,
  onCancel,
}: {
  server: ServerEntry;
  settings: Settings;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const name = serverName(server);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const rules = settings.serverRules.filter((rule) => rule.serverId === server.id);
  const next =
    settings.defaultServerId === server.id
      ? settings.servers.find((other) => other.id !== server.id)
      : undefined;
  return (
    <div
      className="notice notice-warning server-row-form"
      role="alertdialog"
      aria-label={t('options.servers.removeQuestion', { name })}
    >
      <p>
        <strong>{t('options.servers.removeQuestion', { name })}</strong>{' '}
        {rules.length
          ? t('options.servers.removeWhat', { rules: rules.map((rule) => rule.pattern).join(', ') })
          : t('options.servers.removeWhatNoRules')}
        {next ? ` ${t('options.servers.removeDefault', { next: serverName(next) })}` : ''}
      </p>
      <div className="options-actions">
        <button ref={confirm} type="button" className="btn btn-danger" onClick={onConfirm}>
          {t('options.servers.removeConfirm', { name })}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('options.servers.keep')}
        </button>
      </div>
    </div>
  );
}

function ServerRow({
  server,
  settings,
  several,
  shown,
  view,
  detection,
  busy,
  onShow,
  onTest,
  onMakeDefault,
  onRename,
  onRemove,
}: RowProps) {
  const [open, setOpen] = useState<'rename' | 'remove' | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const name = serverName(server);
  const isDefault = settings.defaultServerId === server.id;
  const connection = connectionWords(server, detection);
  const key = keyWords(server, view);
  const close = (back: HTMLButtonElement | null) => {
    setOpen(null);
    back?.focus();
  };
  return (
    <li
      className="options-list-item server-row"
      aria-current={shown && several ? 'true' : undefined}
    >
      <div className="server-row-main">
        <div>
          <strong className="server-row-name">{name}</strong>
          {isDefault ? (
            <span className="chip server-chip">{t('options.servers.default')}</span>
          ) : null}
          {shown && several ? (
            <span className="chip server-chip server-chip-shown">{t('options.servers.shown')}</span>
          ) : null}
        </div>
        {server.name || server.serverInfo ? (
          <div className="small muted">
            {[
              server.name ? server.serverUrl : null,
              server.serverInfo ? shortKindWords(server.serverInfo) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
        ) : null}
        <div className="small">
          {key ? `${key} · ` : ''}
          <span className={`server-connection server-connection-${connection.tone}`}>
            {connection.text}
          </span>
        </div>
      </div>
      <span className="options-actions-inline">
        {several && !shown ? (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('options.servers.showLabel', { name })}
            onClick={onShow}
          >
            {t('options.servers.show')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-label={t('options.servers.testLabel', { name })}
          onClick={onTest}
        >
          {t('options.servers.test')}
        </button>
        {isDefault ? null : (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            aria-label={t('options.servers.makeDefaultLabel', { name })}
            onClick={onMakeDefault}
          >
            {t('options.servers.makeDefault')}
          </button>
        )}
        <button
          ref={renameButton}
          type="button"
          className="btn btn-small"
          aria-label={t('options.servers.renameLabel', { name })}
          aria-expanded={open === 'rename'}
          onClick={() => setOpen(open === 'rename' ? null : 'rename')}
        >
          {t('options.servers.rename')}
        </button>
        <button
          ref={removeButton}
          type="button"
          className="btn btn-small btn-danger"
          disabled={busy}
          aria-label={t('options.servers.removeLabel', { name })}
          aria-expanded={open === 'remove'}
          onClick={() => setOpen(open === 'remove' ? null : 'remove')}
        >
          {t('options.servers.remove')}
        </button>
      </span>
      {open === 'rename' ? (
        <RenameForm
          server={server}
          onRename={onRename}
          onDone={() => close(renameButton.current)}
        />
      ) : null}
      {open === 'remove' ? (
        <RemoveQuestion
          server={server}
          settings={settings}
          onConfirm={() => {
            setOpen(null);
            onRemove();
          }}
          onCancel={() => close(removeButton.current)}
        />
      ) : null}
    </li>
  );
}

/** "Add a server": its name, address and key, or a sign-in for the hosted service. */
function AddServerForm({
  onAdded,
  onCancel,
}: {
  /** Called with the new server's id and its name for people. */
  onAdded: (serverId: string, label: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const { key, setKey, errors, busy, setErrors, formRef, withAccess, fail } = useServerForm<'add'>({
    accessDenied: (serverUrl) => t('options.servers.addDenied', { origin: originOf(serverUrl) }),
  });
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);

  const onAdd = () =>
    withAccess(address, 'add', async (serverUrl, typedKey) => {
      const id = await addServer({ name, serverUrl, apiKey: typedKey || null });
      // The key was sent on; what was typed in the other fields goes with the form.
      setKey('');
      await onAdded(id, serverName({ name, serverUrl }));
    });

  /** A sign-in's key: the server is added with it, sent as Bearer. */
  const onSignedIn = async (token: string) => {
    setErrors({});
    try {
      const id = await addServer({ name, serverUrl: address, apiKey: token });
      const added = await saveServer({ serverId: id, serverUrl: address, authScheme: 'bearer' });
      await onAdded(id, serverName({ name, serverUrl: added.settings.serverUrl ?? address }));
    } catch (error) {
      fail(error);
      throw error;
    }
  };

  return (
    <div className="server-add">
      <h3 id="server-add-title">{t('options.servers.addTitle')}</h3>
      <form
        ref={formRef}
        aria-labelledby="server-add-title"
        autoComplete="off"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="options-grid">
          <Field
            label={t('options.servers.name')}
            hint={t('options.servers.nameHint')}
            error={errors.name}
          >
            {(control) => (
              <input
                {...control}
                ref={nameField}
                className="input"
                type="text"
                maxLength={80}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <AddressField
            label={t('options.servers.address')}
            hint={t('options.servers.addressHint')}
            error={errors.serverUrl}
            placeholder="https://app.all-hands.dev"
            value={address}
            onChange={setAddress}
          />
        </div>
        <Field
          label={t('options.servers.key')}
          hint={t('options.servers.keyHint')}
          error={errors.apiKey}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          )}
        </Field>
        <div className="options-actions">
          {/* Enter in a field clicks this first submit button: the access request stays in the gesture. */}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy !== null}
            onClick={onAdd}
          >
            {t('options.servers.addSubmit')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('options.servers.cancel')}
          </button>
          {busy ? <span className="muted">{t('options.servers.adding')}</span> : null}
        </div>
      </form>
      <FailureNotice text={errors.general} />
      {isHostedServiceUrl(address) ? (
        <>
          <p className="small muted">{t('options.servers.signInHint')}</p>
          <DeviceSignIn serverUrl={address} onSignedIn={onSignedIn} />
        </>
      ) : null}
    </div>
  );
}

export function ServersSection({
  settings,
  shownId,
  onShow,
  keys,
  lastTests,
  onTested,
}: ServersSectionProps) {
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const servers = settings.servers;
  const several = servers.length > 1;

  const begin = (serverId: string) => {
    setStatus(null);
    setNotice(null);
    setFailure(null);
    setBusy(serverId);
  };
  const run = (serverId: string, work: () => Promise<void>) => {
    begin(serverId);
    work()
      .catch((error: unknown) =>
        setFailure(error instanceof Error && error.message ? error.message : t('error.generic')),
      )
      .finally(() => setBusy(null));
  };

  const onTest = (server: ServerEntry) => {
    const name = serverName(server);
    const before = server.serverInfo;
    // Inside the click: the browser shows its prompt only during the person's gesture.
    const granted = browser.permissions.request({ origins: [permissionFor(server.serverUrl)] });
    run(server.id, async () => {
      if (!(await granted)) {
        setFailure(t('options.servers.testDenied', { origin: originOf(server.serverUrl) }));
        return;
      }
      setStatus(t('options.servers.testing', { name }));
      const detection = await runConnectionTest({ serverId: server.id });
      onTested(server.id, detection);
      setStatus(null);
      setNotice(kindChangeWords(before, detection, name));
    });
  };

  const onRemove = (server: ServerEntry) => {
    const released = releaseAccess(settings, server);
    run(server.id, async () => {
      await removeServer(server.id);
      await released;
      setStatus(t('options.servers.removed', { name: serverName(server) }));
      addButton.current?.focus();
    });
  };

  return (
    <section id="servers" className="options-section" aria-labelledby="servers-title">
      <h2 id="servers-title" tabIndex={-1}>
        {t('options.servers.title')}
      </h2>
      <p className="muted">{t('options.servers.intro')}</p>
      {servers.length ? (
        <ul className="options-list" aria-label={t('options.servers.listLabel')}>
          {servers.map((server) => (
            <ServerRow
              key={server.id}
              server={server}
              settings={settings}
              several={several}
              shown={server.id === shownId}
              view={keys[server.id]}
              detection={lastTests[server.id]}
              busy={busy !== null}
              onShow={() => onShow(server.id, { focus: true })}
              onTest={() => onTest(server)}
              onMakeDefault={() =>
                run(server.id, async () => {
                  await setDefaultServer(server.id);
                  setStatus(t('options.servers.madeDefault', { name: serverName(server) }));
                })
              }
              onRename={async (name) => {
                setStatus(null);
                await renameServer(server.id, name);
                setStatus(
                  t('options.servers.renamed', {
                    name: serverName({ name: name.trim(), serverUrl: server.serverUrl }),
                  }),
                );
              }}
              onRemove={() => onRemove(server)}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('options.servers.none')}</p>
      )}
      {servers.length && !adding ? (
        <div className="options-actions">
          <button
            ref={addButton}
            type="button"
            className="btn"
            onClick={() => {
              setStatus(null);
              setAdding(true);
            }}
          >
            {t('options.servers.add')}
          </button>
        </div>
      ) : null}
      {adding ? (
        <AddServerForm
          onAdded={async (serverId, label) => {
            setAdding(false);
            onShow(serverId);
            setStatus(t('options.servers.added', { name: label }));
            // What it is and whether its key works, in the list at once.
            onTested(serverId, await runConnectionTest({ serverId }));
          }}
          onCancel={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
        />
      ) : null}
      <SavedNotice text={status} />
      {notice ? (
        <p className="notice notice-warning" role="status" data-notice="kind-changed">
          {notice}
        </p>
      ) : null}
      <FailureNotice text={failure} />
    </section>
  );
}
