import { SandboxesView } from '@/components/sandboxes/SandboxesView';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';

/** The sandboxes tab in a full tab, for servers that serve V1. */
export function SandboxesPage({ settings }: { settings: Settings }) {
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
        <p className="notice notice-info">
          {agent ? t('options.sandboxes.agent') : t('options.sandboxes.noV1')}{' '}
          <a href="#server">{t('options.sandboxes.toServer')}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="options-view">
      <div className="options-section">
        <SandboxesView />
      </div>
    </div>
  );
}
