import { knownSettingsGeneration, webAppSettingsUrl } from '@/components/common/server-settings';
import { useServerSettings } from '@/components/common/use-server-settings';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { CloneFolderField } from './CloneFolderField';
import { SettingsErrorNotice } from './SettingsErrorNotice';

/**
 * What the server's agents use for new conversations: the model, whether a model key is stored,
 * and whether risky actions wait for the person. Read-only: these belong to the server, and its
 * own settings page changes them, so the section links there. An agent server on its own has no
 * settings page: the section says where they are changed instead.
 */
export function AgentSection({ settings }: { settings: Settings }) {
  const stored = useServerSettings({ enabled: Boolean(settings.serverUrl) });
  const data = stored.data;
  const agent = knownSettingsGeneration(settings.serverInfo?.kind) === 'agent';
  return (
    <section id="agent" className="options-section" aria-labelledby="agent-title">
      <h2 id="agent-title" tabIndex={-1}>
        {t('options.agent.title')}
      </h2>
      <p className="muted">{agent ? t('options.agent.introAgent') : t('options.agent.intro')}</p>
      {!settings.serverUrl ? (
        <p className="muted">{t('options.agent.noServer')}</p>
      ) : stored.isPending ? (
        <p className="muted" role="status">
          {t('options.agent.loading')}
        </p>
      ) : stored.isError ? (
        <SettingsErrorNotice
          error={stored.error}
          topic="settings"
          onRetry={() => void stored.refetch()}
        />
      ) : !data?.stored ? (
        <p className="notice notice-warning">{t('options.agent.fresh')}</p>
      ) : (
        <dl className="connection-lines">
          <div className="connection-line">
            <dt>{t('options.agent.model')}</dt>
            <dd>{data.model ? <code>{data.model}</code> : t('options.agent.noModel')}</dd>
          </div>
          <div className="connection-line">
            <dt>{t('options.agent.llmKey')}</dt>
            <dd>{data.llmKeySet ? t('options.agent.llmKeySet') : t('options.agent.llmKeyNone')}</dd>
          </div>
          <div className="connection-line">
            <dt>{t('options.agent.confirmation')}</dt>
            <dd>
              {data.confirmationMode
                ? t('options.agent.confirmationOn')
                : t('options.agent.confirmationOff')}
            </dd>
          </div>
        </dl>
      )}
      {/* Set here whatever the server's settings say: it is Handoff's own, kept in this browser. */}
      {settings.serverUrl && agent ? (
        <CloneFolderField
          key={settings.serverUrl}
          settings={settings}
          serverUrl={settings.serverUrl}
        />
      ) : null}
      {settings.serverUrl && !agent ? (
        <p>
          <a
            href={webAppSettingsUrl(settings.serverUrl, 'llm')}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('options.agent.change')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
