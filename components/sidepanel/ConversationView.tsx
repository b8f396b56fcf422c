import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useProviderTokens } from '@/components/common/use-server-settings';
import { Timeline, type TimelineHandle } from '@/components/timeline/Timeline';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/schema';
import { Composer, type OutgoingMessage } from './Composer';
import { ConversationControls } from './ConversationControls';
import { ConversationHeader } from './ConversationHeader';
import { EventSearchBar } from './EventSearchBar';
import { ExportButton } from './ExportButton';
import { useConversationRecord } from './hooks/useConversationRecord';
import { useConversationStatus } from './hooks/useConversationStatus';
import { useEventSearch } from './hooks/useEventSearch';
import type { ServerApis } from './hooks/useServerApis';
import { useThrottledFeed } from './hooks/useThrottledFeed';
import { useTimelineRows } from './hooks/useTimelineRows';
import { OutgoingMessages, useEchoes } from './OutgoingMessages';
import { StreamStatus } from './StreamStatus';

interface ConversationViewProps {
  conversationId: string;
  generation: Generation;
  settings: Settings;
  apis: ServerApis;
  onTitle: (title: string) => void;
  onBack: () => void;
}

/** One conversation: what it is, how it is doing, what happened, and the means to steer it. */
export function ConversationView({
  conversationId,
  generation,
  settings,
  apis,
  onTitle,
  onBack,
}: ConversationViewProps) {
  const { feed, state } = useThrottledFeed(conversationId, generation);
  const snapshot = state.snapshot;
  const facts = snapshot?.conversation ?? null;
  // After the first rows: the first paint does not share the main thread with these reads.
  const recordInfo = useConversationRecord(conversationId, generation, {
    enabled: state.loaded,
    starting: facts?.status === 'STARTING',
    apis,
  });
  const { query: recordQuery, record, summary } = recordInfo;
  const providerHosts = useProviderTokens({
    enabled: state.loaded && apis.v0 !== false,
    staleTime: 5 * 60_000,
  });

  const title = facts?.title ?? summary?.title ?? null;
  useEffect(() => {
    if (title) onTitle(title);
  }, [title, onTitle]);

  const { rows, cost } = useTimelineRows(state);
  const [showSystem, setShowSystem] = useState(false);
  const timeline = useRef<TimelineHandle | null>(null);
  const loadOlder = useCallback(() => feed.loadOlder(), [feed]);
  const search = useEventSearch({
    rows,
    showSystem,
    canLoadOlder: !!snapshot?.hasOlder && !state.olderError,
    loadingOlder: state.loadingOlder,
    olderPages: state.olderPages,
    loadOlder,
    jumpTo: (key) => timeline.current?.jumpTo(key),
  });
  const {
    status,
    pending,
    deleted,
    setStopping,
    state: conversationState,
  } = useConversationStatus({ generation, snapshot, summary, rows, recordGone: recordInfo.gone });

  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  useEchoes(rows, outgoing, setOutgoing);

  const unreachable = recordQuery.isError && !deleted ? recordQuery.error : null;
  const providers = summary?.provider ? [summary.provider] : null;
  const onRenamed = useCallback(
    (next: string) => {
      onTitle(next);
      recordInfo.invalidate();
    },
    [onTitle, recordInfo.invalidate],
  );

  return (
    <div
      className="conversation"
      data-conversation-id={conversationId}
      data-generation={generation}
    >
      <ConversationHeader
        conversationId={conversationId}
        generation={generation}
        summary={summary}
        title={title}
        status={status}
        serverUrl={settings.serverUrl ?? ''}
        providerHosts={providerHosts}
        v0Available={apis.v0 !== false}
        cost={cost}
        onRenamed={onRenamed}
        stream={<StreamStatus snapshot={snapshot} />}
        actions={
          <>
            {deleted ? (
              <div className="notice notice-error" role="alert">
                {t('panel.conversation.deleted')}{' '}
                <button type="button" className="link-button" onClick={onBack}>
                  {t('panel.shell.back')}
                </button>
              </div>
            ) : null}
            {unreachable ? (
              <ErrorNotice error={unreachable} onRetry={() => void recordQuery.refetch()} />
            ) : null}
            <ConversationControls
              conversationId={conversationId}
              generation={generation}
              {...conversationState}
              providers={providers}
              pending={pending}
              disabled={deleted}
              onStopping={setStopping}
            >
              <button
                type="button"
                className="btn btn-small"
                aria-pressed={search.open}
                aria-keyshortcuts="/"
                aria-label={t('panel.search.open')}
                title={t('panel.search.openHint')}
                onClick={search.toggle}
              >
                {t('panel.search.openShort')}
              </button>
              <label className="small row" title={t('panel.timeline.showSystem')}>
                <input
                  type="checkbox"
                  checked={showSystem}
                  aria-label={t('panel.timeline.showSystem')}
                  onChange={(event) => setShowSystem(event.target.checked)}
                />
                {t('panel.timeline.showSystemShort')}
              </label>
              <ExportButton
                feed={feed}
                metadata={{
                  id: conversationId,
                  generation,
                  title,
                  repository: summary?.repository ?? null,
                  branch: summary?.branch ?? null,
                  provider: summary?.provider ?? null,
                  status: conversationState.status,
                  serverUrl: settings.serverUrl,
                  record,
                }}
              />
            </ConversationControls>
          </>
        }
      />
      {search.open ? (
        <EventSearchBar
          ref={search.input}
          generation={generation}
          fields={search.fields}
          onChange={search.setFields}
          matchCount={search.matches?.size ?? 0}
          searched={state.items.length}
          searchingOlder={search.searchingOlder}
          active={search.active}
          onPrevious={() => search.goToMatch(-1)}
          onNext={() => search.goToMatch(1)}
          onClose={search.close}
        />
      ) : null}
      <Timeline
        ref={timeline}
        rows={search.visibleRows}
        loaded={state.loaded}
        hasOlder={!!snapshot?.hasOlder}
        loadingOlder={state.loadingOlder}
        olderPages={state.olderPages}
        olderError={state.olderError}
        onLoadOlder={loadOlder}
        matches={search.matches}
        query={search.appliedQuery}
        emptyText={
          search.active
            ? t('panel.search.none')
            : snapshot?.historyError
              ? t('panel.timeline.historyFailed', { error: snapshot.historyError })
              : t('panel.timeline.empty')
        }
        footer={<OutgoingMessages messages={outgoing} />}
      />
      <Composer
        conversationId={conversationId}
        generation={generation}
        live={snapshot?.transport.phase === 'live'}
        disabled={deleted}
        onOutgoing={(message) => setOutgoing((list) => [...list, message])}
        onSettled={(id, outcome) =>
          setOutgoing((list) =>
            outcome === 'failed'
              ? list.filter((message) => message.id !== id)
              : list.map((message) =>
                  message.id === id ? { ...message, state: 'sent' } : message,
                ),
          )
        }
      />
    </div>
  );
}
