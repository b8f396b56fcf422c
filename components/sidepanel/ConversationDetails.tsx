import type { ReactNode } from 'react';
import { Icon } from '@/components/common/icons';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { humanise, providerName } from '@/lib/i18n/words';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { elapsedSince } from '@/lib/timeline/server-clock';
import { streamWords } from '@/lib/timeline/status-words';
import { formatDuration, localDateTime } from '@/lib/timeline/time';
import { type CostFigures, formatCost } from './ConversationHeader';
import { useNow } from './hooks/useNow';
import { FolderSkills, LoadedSkills } from './LoadedSkills';
import type { ConversationSummary } from './model/conversation-list';
import { webAppUrl } from './model/links';

function triggerWords(trigger: string): string {
  const known: Record<string, string> = {
    gui: t('panel.trigger.gui'),
    resolver: t('panel.trigger.resolver'),
    suggested_task: t('panel.trigger.suggested_task'),
    openhands_api: t('panel.trigger.openhands_api'),
    microagent_management: t('panel.trigger.microagent_management'),
    jira_dc: t('panel.trigger.jira_dc'),
  };
  return known[trigger] ?? humanise(trigger);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="details-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Everything known about the conversation, one labelled row per fact. */
export function ConversationDetails({
  conversationId,
  generation,
  summary,
  status,
  cost,
  snapshot,
  startedHere,
  lastActivityAt,
  offset,
  serverUrl,
  folder,
  onClose,
}: {
  conversationId: string;
  generation: Generation;
  summary: ConversationSummary | null;
  status: string;
  cost: CostFigures;
  snapshot: StreamSnapshot | null;
  /** This browser's Handoff started the conversation. */
  startedHere: boolean;
  /** Server time of the agent's last visible step. */
  lastActivityAt: string | null;
  offset: number;
  serverUrl: string;
  /** Agent servers alone: the folder on the server the conversation works in, from its tags. */
  folder: string | null;
  onClose: () => void;
}) {
  const clock = useNow(5000);
  const quietFor = elapsedSince(lastActivityAt, offset, clock);
  const counters = snapshot?.counters;
  const streamExtras = counters
    ? [
        counters.malformed ? t('panel.stream.malformed', { count: counters.malformed }) : null,
        counters.oversized ? t('panel.stream.oversized', { count: counters.oversized }) : null,
        counters.reconnects ? t('panel.stream.reconnects', { count: counters.reconnects }) : null,
      ].filter(Boolean)
    : [];
  return (
    <section className="details" aria-labelledby={`${conversationId}-details`}>
      <div className="details-head">
        <h2 id={`${conversationId}-details`}>{t('panel.header.details')}</h2>
        <button
          type="button"
          className="btn btn-small btn-icon"
          aria-label={t('panel.details.close')}
          title={t('panel.details.close')}
          onClick={onClose}
        >
          <Icon name="x" />
        </button>
      </div>
      <dl className="details-list">
        <Row label={t('panel.details.status')}>{status}</Row>
        <Row label={t('panel.details.repository')}>
          {summary?.repository ?? t('panel.list.noRepository')}
        </Row>
        {summary?.branch ? <Row label={t('panel.details.branch')}>{summary.branch}</Row> : null}
        {summary?.provider ? (
          <Row label={t('panel.details.provider')}>{providerName(summary.provider)}</Row>
        ) : null}
        {startedHere || summary?.trigger ? (
          <Row label={t('panel.details.startedFrom')}>
            {startedHere ? t('panel.details.handoff') : triggerWords(summary?.trigger ?? '')}
          </Row>
        ) : null}
        {summary?.createdAt ? (
          <Row label={t('panel.details.created')}>{localDateTime(summary.createdAt)}</Row>
        ) : null}
        {summary?.updatedAt ? (
          <Row label={t('panel.details.updated')}>{localDateTime(summary.updatedAt)}</Row>
        ) : null}
        {quietFor !== null ? (
          <Row label={t('panel.details.lastActivity')}>
            {t('panel.details.ago', { duration: formatDuration(quietFor) })}
          </Row>
        ) : null}
        {cost.cost !== null ? (
          <Row label={t('panel.details.cost')}>{formatCost(cost.cost)}</Row>
        ) : null}
        {cost.tokens !== null ? (
          <Row label={t('panel.details.tokens')}>{cost.tokens.toLocaleString()}</Row>
        ) : null}
        <Row label={t('panel.details.connection')}>
          <span className="stream-line" data-stream-phase={snapshot?.transport.phase}>
            <span role="status">{streamWords(snapshot?.transport, clock)}</span>
            {streamExtras.length ? ` · ${streamExtras.join(' · ')}` : null}
          </span>
        </Row>
        {generation === 'v0' ? (
          <Row label={t('panel.details.kind')}>{t('panel.header.v0')}</Row>
        ) : null}
        <Row label={t('panel.details.id')}>
          <code>{conversationId}</code>
        </Row>
      </dl>
      {generation === 'v1' ? (
        <LoadedSkills
          conversationId={conversationId}
          sandboxStatus={summary?.sandboxStatus ?? null}
        />
      ) : null}
      {folder ? <FolderSkills folder={folder} /> : null}
      <a href={webAppUrl(serverUrl, conversationId)} target="_blank" rel="noopener noreferrer">
        {t('panel.header.openWebApp')}
      </a>
    </section>
  );
}
