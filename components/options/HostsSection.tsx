import { useState } from 'react';
import { browser } from 'wxt/browser';
import { DEFAULT_HOSTS } from '@/lib/hosts/shared';
import { type OptionsKey, t } from '@/lib/i18n/options';
import {
  addSelfHostedHost,
  checkHostOrigin,
  permissionFor,
  removeSelfHostedHost,
} from '@/lib/settings/editor';
import type { SelfHostedHost, Settings } from '@/lib/settings/schema';
import { AddressField, Field, useFocusFirstInvalid } from './Field';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { useHostAccess } from './use-host-access';

type Software = SelfHostedHost['provider'];

const softwareKeys = {
  github: 'options.hosts.softwareGithub',
  gitlab: 'options.hosts.softwareGitlab',
  bitbucket: 'options.hosts.softwareBitbucket',
} as const satisfies Record<Software, OptionsKey>;

const softwareName = (software: Software) => t(softwareKeys[software]);

function isDefaultHost(origin: string): boolean {
  const host = new URL(origin).hostname;
  return Object.values(DEFAULT_HOSTS).includes(host);
}

/**
 * Asks for access to an origin. Call it inside the click, before any await: browsers only
 * show the permission prompt for a request made during the person's gesture.
 */
function requestAccess(origin: string): Promise<boolean> {
  return browser.permissions.request({ origins: [permissionFor(origin)] });
}

function HostRow({
  host,
  busy,
  onRemove,
  onGrantError,
}: {
  host: SelfHostedHost;
  busy: boolean;
  onRemove: (host: SelfHostedHost) => void;
  onGrantError: (message: string) => void;
}) {
  const access = useHostAccess(permissionFor(host.origin));
  return (
    <li className="options-list-item">
      <span>
        <strong>{host.origin}</strong> <span className="muted">{softwareName(host.provider)}</span>
        {access === false ? (
          <span className="chip options-chip-warning">{t('options.hosts.noAccess')}</span>
        ) : null}
      </span>
      <span className="options-actions-inline">
        {access === false ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              requestAccess(host.origin).then(
                (granted) => {
                  if (!granted) onGrantError(t('options.hosts.denied', { origin: host.origin }));
                },
                (error: unknown) => onGrantError((error as Error).message),
              );
            }}
            aria-label={t('options.hosts.grantLabel', { origin: host.origin })}
          >
            {t('options.hosts.grant')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-small btn-danger"
          disabled={busy}
          onClick={() => onRemove(host)}
          aria-label={t('options.hosts.removeLabel', { origin: host.origin })}
        >
          {t('options.hosts.remove')}
        </button>
      </span>
    </li>
  );
}

export function HostsSection({ settings }: { settings: Settings }) {
  const [address, setAddress] = useState('');
  const [software, setSoftware] = useState<Software>('gitlab');
  const [fieldErrors, setFieldErrors] = useState<{ address?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid(fieldErrors);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onAdd = () => {
    setFieldErrors({});
    setError(null);
    setStatus(null);
    let origin: string;
    try {
      origin = checkHostOrigin(address);
    } catch (failure) {
      setFieldErrors({ address: (failure as Error).message });
      return;
    }
    if (isDefaultHost(origin)) {
      setFieldErrors({ address: t('options.hosts.builtIn', { origin }) });
      return;
    }
    const granted = requestAccess(origin);
    setBusy(true);
    void (async () => {
      try {
        if (!(await granted)) {
          setError(t('options.hosts.denied', { origin }));
          return;
        }
        await addSelfHostedHost({ origin, provider: software });
        setAddress('');
        setStatus(t('options.hosts.added', { origin, software: softwareName(software) }));
      } catch (failure) {
        setError((failure as Error).message);
      } finally {
        setBusy(false);
      }
    })();
  };

  const onRemove = (host: SelfHostedHost) => {
    setError(null);
    setStatus(null);
    setBusy(true);
    void (async () => {
      try {
        const remaining = await removeSelfHostedHost(host.origin);
        // Give the access back unless something else still needs it: another host on the same
        // name (patterns ignore ports) or one of the servers.
        const pattern = permissionFor(host.origin);
        const stillNeeded =
          remaining.some((other) => permissionFor(other.origin) === pattern) ||
          settings.servers.some((server) => permissionFor(server.serverUrl) === pattern);
        if (!stillNeeded) {
          // Access granted at install (local addresses, test builds) cannot be removed; the
          // host is gone from Handoff either way.
          await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
        }
        setStatus(t('options.hosts.removed', { origin: host.origin }));
      } catch (failure) {
        setError((failure as Error).message);
      } finally {
        setBusy(false);
      }
    })();
  };

  return (
    <section id="hosts" className="options-section" aria-labelledby="hosts-title">
      <h2 id="hosts-title" tabIndex={-1}>
        {t('options.hosts.title')}
      </h2>
      <p className="muted">{t('options.hosts.intro')}</p>
      {settings.selfHostedHosts.length ? (
        <ul className="options-list" aria-label={t('options.hosts.listLabel')}>
          {settings.selfHostedHosts.map((host) => (
            <HostRow
              key={host.origin}
              host={host}
              busy={busy}
              onRemove={onRemove}
              onGrantError={setError}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('options.hosts.none')}</p>
      )}
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} autoComplete="off">
        <div className="options-grid">
          <AddressField
            label={t('options.hosts.address')}
            hint={t('options.hosts.addressHint')}
            error={fieldErrors.address}
            placeholder="https://git.example.com"
            value={address}
            onChange={setAddress}
          />
          <Field label={t('options.hosts.software')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={software}
                onChange={(event) => setSoftware(event.target.value as Software)}
              >
                {(Object.keys(softwareKeys) as Software[]).map((value) => (
                  <option key={value} value={value}>
                    {softwareName(value)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} onClick={onAdd}>
            {t('options.hosts.add')}
          </button>
        </div>
      </form>
      <SavedNotice text={status} />
      <FailureNotice text={error} />
    </section>
  );
}
