import { useEffect } from 'react';
import { useHostedService } from '@/components/common/use-server-settings';
import { t } from '@/lib/i18n/options';
import type { CredentialsView } from '@/lib/settings/editor';
import type { Settings } from '@/lib/settings/schema';
import { AgentSection } from './AgentSection';
import { CodeHostsSection } from './CodeHostsSection';
import { DefaultsSection } from './DefaultsSection';
import { HostsSection } from './HostsSection';
import { McpSection } from './McpSection';
import { NotificationsSection } from './NotificationsSection';
import { OrganizationSection } from './OrganizationSection';
import { ProviderTokensSection } from './ProviderTokensSection';
import { SecretsSection } from './SecretsSection';
import { ServerSection } from './ServerSection';
import { TransferSection } from './TransferSection';

const sections = [
  { id: 'server', label: 'options.nav.server' },
  { id: 'organization', label: 'options.nav.organization', hostedOnly: true },
  { id: 'git-providers', label: 'options.nav.tokens' },
  { id: 'secrets', label: 'options.nav.secrets' },
  { id: 'agent', label: 'options.nav.agent' },
  { id: 'mcp', label: 'options.nav.mcp' },
  { id: 'defaults', label: 'options.nav.defaults' },
  { id: 'hosts', label: 'options.nav.hosts' },
  { id: 'code-hosts', label: 'options.nav.codeHosts' },
  { id: 'notifications', label: 'options.nav.notifications' },
  { id: 'transfer', label: 'options.nav.transfer' },
] as const;

interface SettingsViewProps {
  settings: Settings;
  credentials: CredentialsView | null;
  onCredentials: (view: CredentialsView) => void;
  section: string | null;
}

export function SettingsView({ settings, credentials, onCredentials, section }: SettingsViewProps) {
  const { hosted } = useHostedService(settings);
  // A link to a section (from the side panel, or the contents) brings it into view and puts
  // keyboard focus on its heading, so the next Tab lands in that section.
  useEffect(() => {
    if (!section) return;
    const heading = document.getElementById(`${section}-title`);
    const target = heading ?? document.getElementById(section);
    target?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [section]);

  return (
    <div className="options-settings">
      <nav className="options-contents" aria-label={t('options.nav.contents')}>
        <ul>
          {sections
            .filter((item) => hosted || !('hostedOnly' in item))
            .map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} aria-current={section === item.id ? 'location' : undefined}>
                  {t(item.label)}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <div className="options-view">
        <ServerSection
          settings={settings}
          credentials={credentials}
          onCredentials={onCredentials}
        />
        {hosted ? <OrganizationSection settings={settings} /> : null}
        <ProviderTokensSection settings={settings} />
        <SecretsSection settings={settings} />
        <AgentSection settings={settings} />
        <McpSection settings={settings} />
        <DefaultsSection settings={settings} />
        <HostsSection settings={settings} />
        <CodeHostsSection settings={settings} />
        <NotificationsSection settings={settings} />
        <TransferSection settings={settings} />
      </div>
    </div>
  );
}
