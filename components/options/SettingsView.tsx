import { useEffect } from 'react';
import { ServerScope } from '@/components/common/server-scope';
import { useHostedService } from '@/components/common/use-server-settings';
import type { ServerDetection } from '@/lib/api/detect';
import { t } from '@/lib/i18n/options';
import type { CredentialsView } from '@/lib/settings/editor';
import type { Settings } from '@/lib/settings/schema';
import { scopeSettings, serverById, serverName } from '@/lib/settings/servers';
import { AgentSection } from './AgentSection';
import { CodeHostsSection } from './CodeHostsSection';
import { DefaultsSection } from './DefaultsSection';
import { HostsSection } from './HostsSection';
import { McpSection } from './McpSection';
import { NotificationsSection } from './NotificationsSection';
import { OrganizationSection } from './OrganizationSection';
import { ProviderTokensSection } from './ProviderTokensSection';
import { RulesSection } from './RulesSection';
import { SecretsSection } from './SecretsSection';
import { ServerSection } from './ServerSection';
import { ServersSection } from './ServersSection';
import { TransferSection } from './TransferSection';

const sections = [
  { id: 'servers', label: 'options.nav.servers' },
  { id: 'server', label: 'options.nav.server' },
  { id: 'organization', label: 'options.nav.organization', only: 'hosted' },
  { id: 'git-providers', label: 'options.nav.tokens' },
  { id: 'secrets', label: 'options.nav.secrets' },
  { id: 'agent', label: 'options.nav.agent' },
  { id: 'mcp', label: 'options.nav.mcp' },
  { id: 'defaults', label: 'options.nav.defaults' },
  { id: 'rules', label: 'options.nav.rules', only: 'several' },
  { id: 'hosts', label: 'options.nav.hosts' },
  { id: 'code-hosts', label: 'options.nav.codeHosts' },
  { id: 'notifications', label: 'options.nav.notifications' },
  { id: 'transfer', label: 'options.nav.transfer' },
] as const;

export interface SettingsViewProps {
  settings: Settings;
  /** The server the server's own sections below act on. */
  shownId: string;
  onShow: (serverId: string, options?: { focus?: boolean }) => void;
  /** Each server's key as described to people, by server id (the shown one's included). */
  keys: Readonly<Record<string, CredentialsView | undefined>>;
  onCredentials: (view: CredentialsView, serverId: string) => void;
  lastTests: Readonly<Record<string, ServerDetection | undefined>>;
  onTested: (serverId: string, detection: ServerDetection) => void;
  section: string | null;
}

/** Picks the server whose settings are shown, when there are several. */
function ScopePicker({
  settings,
  shownId,
  onShow,
}: Pick<SettingsViewProps, 'settings' | 'shownId' | 'onShow'>) {
  const shown = serverById(settings, shownId);
  return (
    <div className="options-scope">
      <label id="options-scope-label" htmlFor="options-scope-select">
        {t('options.servers.pick')}
      </label>
      <select
        id="options-scope-select"
        className="select"
        value={shownId}
        onChange={(event) => onShow(event.target.value)}
      >
        {settings.servers.map((server) => (
          <option key={server.id} value={server.id}>
            {serverName(server)}
          </option>
        ))}
      </select>
      {shown ? (
        <span className="muted small">
          {t('options.server.editing', { name: serverName(shown) })}
        </span>
      ) : null}
    </div>
  );
}

/** Everything under one server's scope: its sections speak to it and read its settings. */
function SettingsBody({
  settings,
  shownId,
  onShow,
  keys,
  onCredentials,
  lastTests,
  onTested,
  section,
}: SettingsViewProps) {
  // The settings as the shown server sees them; with no server yet, the record as it is.
  const scoped = scopeSettings(settings, shownId) ?? settings;
  const shown = serverById(settings, shownId);
  const several = settings.servers.length > 1;
  const { hosted } = useHostedService(scoped);
  // A link to a section (from the side panel, or the contents) brings it into view and puts
  // keyboard focus on its heading, so the next Tab lands in that section.
  useEffect(() => {
    if (!section) return;
    const heading = document.getElementById(`${section}-title`);
    const target = heading ?? document.getElementById(section);
    target?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [section]);

  const shownSections = sections.filter(
    (item) =>
      !('only' in item) ||
      (item.only === 'hosted' ? hosted : several || settings.serverRules.length > 0),
  );

  return (
    <div className="options-settings">
      <nav className="options-contents" aria-label={t('options.nav.contents')}>
        <ul>
          {shownSections.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} aria-current={section === item.id ? 'location' : undefined}>
                {t(item.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="options-view">
        <ServersSection
          settings={settings}
          shownId={shownId}
          onShow={onShow}
          keys={keys}
          lastTests={lastTests}
          onTested={onTested}
        />
        {several ? <ScopePicker settings={settings} shownId={shownId} onShow={onShow} /> : null}
        {/* Keyed by server: what was typed for one server never shows under another. */}
        <div key={shownId} className="options-view">
          <ServerSection
            settings={scoped}
            serverId={shownId}
            name={shown ? serverName(shown) : ''}
            credentials={keys[shownId] ?? null}
            onCredentials={(view) => onCredentials(view, shownId)}
            onTested={(detection) => onTested(shownId, detection)}
          />
          {hosted ? <OrganizationSection settings={scoped} /> : null}
          <ProviderTokensSection settings={scoped} />
          <SecretsSection settings={scoped} />
          <AgentSection settings={scoped} />
          <McpSection settings={scoped} />
        </div>
        <DefaultsSection
          settings={settings}
          server={shown ? { settings: scoped, id: shownId, name: serverName(shown) } : undefined}
        />
        {several || settings.serverRules.length ? <RulesSection settings={settings} /> : null}
        <HostsSection settings={settings} />
        <CodeHostsSection settings={settings} />
        <NotificationsSection settings={settings} />
        <TransferSection settings={settings} />
      </div>
    </div>
  );
}

export function SettingsView(props: SettingsViewProps) {
  return (
    <ServerScope serverId={props.shownId}>
      <SettingsBody {...props} />
    </ServerScope>
  );
}
