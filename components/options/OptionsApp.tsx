import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSettings } from '@/components/common/use-settings';
import { createQueryClient } from '@/components/common/worker-queries';
import { t } from '@/lib/i18n/options';
import { type CredentialsView, readCredentialsView } from '@/lib/settings/editor';
import type { Settings } from '@/lib/settings/schema';
import { MicroagentLookup } from './MicroagentLookup';
import { SandboxesPage } from './SandboxesPage';
import { SettingsView } from './SettingsView';
import { useHashRoute } from './use-hash-route';
import './options.css';

/**
 * Answers cached for one server (or key) say nothing about the next: when the connection
 * changes, every service query starts over. So they do when a connection test finds another
 * kind of server there, whose settings live on other routes.
 */
function useResetOnConnectionChange(settings: Settings | null) {
  const queryClient = useQueryClient();
  const connection = settings
    ? `${settings.serverUrl} ${settings.authScheme} ${settings.credentialsChangedAt} ${settings.serverInfo?.kind ?? ''}`
    : null;
  const previous = useRef(connection);
  useEffect(() => {
    if (previous.current !== null && connection !== previous.current) {
      void queryClient.resetQueries({ queryKey: ['api'] });
    }
    previous.current = connection;
  }, [connection, queryClient]);
}

const views = [
  { view: 'settings', label: 'options.nav.settings' },
  { view: 'microagents', label: 'options.nav.microagents' },
  { view: 'sandboxes', label: 'options.nav.sandboxes' },
] as const;

function OptionsPage() {
  const settings = useSettings();
  const [credentials, setCredentials] = useState<CredentialsView | null>(null);
  const route = useHashRoute();
  useResetOnConnectionChange(settings);

  useEffect(() => {
    void readCredentialsView().then(setCredentials);
  }, []);

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
          <SandboxesPage settings={settings} />
        ) : (
          <SettingsView
            settings={settings}
            credentials={credentials}
            onCredentials={setCredentials}
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
