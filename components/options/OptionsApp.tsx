import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ServerScope } from '@/components/common/server-scope';
import { useSettings } from '@/components/common/use-settings';
import { createQueryClient } from '@/components/common/worker-queries';
import type { ServerDetection } from '@/lib/api/detect';
import { t } from '@/lib/i18n/options';
import { type CredentialsView, readCredentialsView } from '@/lib/settings/editor';
import type { Settings } from '@/lib/settings/schema';
import { FIRST_SERVER_ID, serverById } from '@/lib/settings/servers';
import { MicroagentLookup } from './MicroagentLookup';
import { SandboxesPage } from './SandboxesPage';
import { SettingsView } from './SettingsView';
import { useHashRoute } from './use-hash-route';
import './options.css';

/**
 * Answers cached for one server (or key) say nothing about the next: when a server's connection
 * changes, every service query starts over. So they do when a connection test finds another
 * kind of server there, whose settings live on other routes.
 */
function useResetOnConnectionChange(settings: Settings | null) {
  const queryClient = useQueryClient();
  const connection = settings
    ? settings.servers
        .map(
          (server) =>
            `${server.id} ${server.serverUrl} ${server.authScheme} ${server.credentialsChangedAt} ${server.serverInfo?.kind ?? ''}`,
        )
        .join('\n') || `${settings.credentialsChangedAt}`
    : null;
  const previous = useRef(connection);
  useEffect(() => {
    if (previous.current !== null && connection !== previous.current) {
      void queryClient.resetQueries({ queryKey: ['api'] });
    }
    previous.current = connection;
  }, [connection, queryClient]);
}

/** The server whose settings are shown: the one picked (or named by `?server=`), else the default. */
function useShownServer(settings: Settings | null) {
  const [picked, setPicked] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('server'),
  );
  const shownId =
    (settings && picked && serverById(settings, picked) ? picked : settings?.defaultServerId) ??
    FIRST_SERVER_ID;
  return [shownId, setPicked] as const;
}

/**
 * What the page says of each server's key (set, for which address, its last characters), read
 * again whenever settings change: a key change bumps its server's `credentialsChangedAt`.
 */
function useKeyViews(settings: Settings | null, shownId: string) {
  const [views, setViews] = useState<Record<string, CredentialsView>>({});
  const ids = [...new Set([shownId, ...(settings?.servers.map((server) => server.id) ?? [])])];
  const fingerprint = settings
    ? `${ids.join(' ')} ${settings.servers.map((server) => `${server.serverUrl} ${server.credentialsChangedAt}`).join(' ')}`
    : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fingerprint stands for the ids.
  useEffect(() => {
    if (fingerprint === null) return;
    let live = true;
    void Promise.all(ids.map((id) => readCredentialsView(id))).then((read) => {
      if (live) setViews(Object.fromEntries(read.map((view, index) => [ids[index], view])));
    });
    return () => {
      live = false;
    };
  }, [fingerprint]);
  const update = useCallback((view: CredentialsView, serverId: string) => {
    setViews((known) => ({ ...known, [serverId]: view }));
  }, []);
  return [views, update] as const;
}

const views = [
  { view: 'settings', label: 'options.nav.settings' },
  { view: 'microagents', label: 'options.nav.microagents' },
  { view: 'sandboxes', label: 'options.nav.sandboxes' },
] as const;

function OptionsPage() {
  const settings = useSettings();
  const route = useHashRoute();
  const [shownId, setShownId] = useShownServer(settings);
  const [keys, setKey] = useKeyViews(settings, shownId);
  const [lastTests, setLastTests] = useState<Record<string, ServerDetection>>({});
  useResetOnConnectionChange(settings);

  const onShow = (serverId: string, options: { focus?: boolean } = {}) => {
    setShownId(serverId);
    if (options.focus) {
      // The server's own settings start at its Server section: bring it into view, focus there.
      requestAnimationFrame(() => {
        const heading = document.getElementById('server-title');
        heading?.scrollIntoView({ block: 'start' });
        heading?.focus({ preventScroll: true });
      });
    }
  };
  const onTested = (serverId: string, detection: ServerDetection) =>
    setLastTests((known) => ({ ...known, [serverId]: detection }));

  return (
    <div className="options-page">
      <header className="options-header">
        <h1>{t('options.title')}</h1>
        <nav aria-label={t('options.nav.views')}>
          <ul className="options-tabs">
            {views.map((item) => (
              <li key={item.view}>
                <a
                  href={`#${item.view}`}
                  aria-current={route.view === item.view ? 'page' : undefined}
                >
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="options-main">
        {settings === null ? (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        ) : route.view === 'microagents' ? (
          <MicroagentLookup
            settings={settings}
            onOpenOptions={() => {
              // The fixes the skill viewer points to: a self-hosted host's address or access.
              location.hash = '#hosts';
            }}
          />
        ) : route.view === 'sandboxes' ? (
          <ServerScope serverId={shownId}>
            <SandboxesPage settings={settings} shownId={shownId} onShow={setShownId} />
          </ServerScope>
        ) : (
          <SettingsView
            settings={settings}
            shownId={shownId}
            onShow={onShow}
            keys={keys}
            onCredentials={setKey}
            lastTests={lastTests}
            onTested={onTested}
            section={route.section}
          />
        )}
      </main>
    </div>
  );
}

export function OptionsApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OptionsPage />
    </QueryClientProvider>
  );
}
