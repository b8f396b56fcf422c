import { SandboxesView } from '@/components/sandboxes/SandboxesView';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { scopeSettings, serverName } from '@/lib/settings/servers';

interface SandboxesPageProps {
  settings: Settings;
  /** The server whose sandboxes are shown (the page is inside its ServerScope). */
  shownId: string;
  onShow: (serverId: string) => void;
}

/** The sandboxes tab in a full tab, for servers that serve V1; with several servers, one at a time. */
export function SandboxesPage({ settings: all, shownId, onShow }: SandboxesPageProps) {
  const settings = scopeSettings(all, shownId) ?? all;
  const picker =
    all.servers.length > 1 ? (
      <div className="options-scope">
        <label htmlFor="sandboxes-server">{t('options.sandboxes.server')}</label>
        <select
          id="sandboxes-server"
          className="select"
          value={shownId}
          onChange={(event) => onShow(event.target.value)}
        >
          {all.servers.map((server) => (
            <option key={server.id} value={server.id}>
              {serverName(server)}
            </option>
          ))}
        </select>
      </div>
    ) : null;
  if (!settings.serverUrl) {
    return (
      <div className="options-view">
        <p className="notice notice-info">
          {t('options.sandboxes.noServer')} <a href="#server">{t('options.sandboxes.toServer')}</a>
        </p>
      </div>
    );
  }
  if (settings.serverInfo && !settings.serverInfo.v1) {
    const agent = settings.serverInfo.kind === 'agent';
    return (
      <div className="options-view">
        {picker}
        <p className="notice notice-info">
          {agent ? t('options.sandboxes.agent') : t('options.sandboxes.noV1')}{' '}
          <a href="#server">{t('options.sandboxes.toServer')}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="options-view">
      {picker}
      {/* Keyed by server: one server's list and confirmations never show under another. */}
      <div key={shownId} className="options-section">
        <SandboxesView />
      </div>
    </div>
  );
}
