import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { providerTokensOf, useServerSettings } from '@/components/common/use-server-settings';
import { apiKey, useApiQuery } from '@/components/common/worker-queries';
import { Timeline, type TimelineHandle } from '@/components/timeline/Timeline';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/schema';
import { viewOf, visibilityOf } from '@/lib/timeline/describe';
import { eventMatches, isEmptyFilter } from '@/lib/timeline/event-search';
import { CostTracker } from '@/lib/timeline/metrics';
import { eventsOfRow, RowBuilder, type TimelineRow } from '@/lib/timeline/pairing';
import { statusWords } from '@/lib/timeline/status-words';
import { Composer, type OutgoingMessage } from './Composer';
import { ConversationControls, type PendingConfirmation } from './ConversationControls';
import { ConversationHeader } from './ConversationHeader';
import { EventSearchBar, emptySearch, type SearchFields, toFilter } from './EventSearchBar';
import { ExportButton } from './ExportButton';
import type { ServerApis } from './hooks/useServerApis';
import { useThrottledFeed } from './hooks/useThrottledFeed';
import { fromV0, fromV1 } from './model/conversation-list';
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

const POLL_STARTING_MS = 3000;
/** Cheap, and it notices a conversation deleted elsewhere while the panel shows it. */
const POLL_MS = 10_000;

/** Whether focus is somewhere typing happens (so single-key shortcuts stay out of the way). */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return (
    !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
  );
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
  const queryClient = useQueryClient();
  const { feed, state } = useThrottledFeed(conversationId, generation);
  const snapshot = state.snapshot;
  const facts = snapshot?.conversation ?? null;
  const starting = facts?.status === 'STARTING';

  // The conversation's record: its repository, branch, trigger, times and pull requests.
  const v0Record = useApiQuery(
    'v0.getConversation',
    { conversation_id: conversationId },
    {
      // After the first rows: the first paint does not share the main thread with it.
      enabled: state.loaded && generation === 'v0' && apis.v0 !== false,
      refetchInterval: starting ? POLL_STARTING_MS : POLL_MS,
    },
  );
  const v1Record = useApiQuery(
    'v1.getAppConversations',
    { ids: [conversationId] },
    {
      enabled: state.loaded && generation === 'v1' && apis.v1 !== false,
      refetchInterval: starting ? POLL_STARTING_MS : POLL_MS,
    },
  );
  const recordQuery = generation === 'v0' ? v0Record : v1Record;
  const record = generation === 'v0' ? (v0Record.data ?? null) : (v1Record.data?.[0] ?? null);
  const summary = useMemo(() => {
    if (generation === 'v0') return v0Record.data ? fromV0(v0Record.data) : null;
    const app = v1Record.data?.[0];
    return app ? fromV1(app) : null;
  }, [generation, v0Record.data, v1Record.data]);
  const serverSettings = useServerSettings({
    enabled: state.loaded && apis.v0 !== false,
    staleTime: 5 * 60_000,
  });
  const providerHosts = useMemo(() => providerTokensOf(serverSettings.data), [serverSettings.data]);

  const title = facts?.title ?? summary?.title ?? null;
  useEffect(() => {
    if (title) onTitle(title);
  }, [title, onTitle]);

  // Rows: rebuilt when the feed changes; unchanged rows keep their identity (memoised rows).
  const builder = useRef(new RowBuilder());
  const costTracker = useRef(new CostTracker());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the feed's items change in place; its version says when.
  const rows = useMemo(() => builder.current.build(state.items), [state.version]);

  const [showSystem, setShowSystem] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [fields, setFields] = useState<SearchFields>(emptySearch);
  const deferredFields = useDeferredValue(fields);
  const filter = useMemo(() => toFilter(deferredFields), [deferredFields]);
  const searchActive = searchOpen && !isEmptyFilter(filter);
  const matches = useMemo(() => {
    if (!searchActive) return null;
    const keys = new Set<string>();
    for (const row of rows) {
      if (eventsOfRow(row).some((event) => eventMatches(event, filter))) keys.add(row.key);
    }
    return keys;
  }, [rows, filter, searchActive]);
  const visibleRows = useMemo(() => {
    if (matches && deferredFields.onlyMatches) return rows.filter((row) => matches.has(row.key));
    if (showSystem || matches) return rows;
    return rows.filter((row) => visibilityOf(row.primary.event) === 'shown');
  }, [rows, matches, deferredFields.onlyMatches, showSystem]);

  // The search covers the whole stream: older history is paged in while it runs.
  const searchingOlder = searchActive && !!snapshot?.hasOlder && !state.olderError;
  useEffect(() => {
    if (searchingOlder && !state.loadingOlder) feed.loadOlder();
  }, [searchingOlder, state.loadingOlder, feed]);

  const timeline = useRef<TimelineHandle | null>(null);
  const searchInput = useRef<HTMLInputElement | null>(null);
  const [matchCursor, setMatchCursor] = useState(-1);
  const matchKeys = useMemo(
    () => (matches ? visibleRows.filter((row) => matches.has(row.key)).map((row) => row.key) : []),
    [matches, visibleRows],
  );
  const goToMatch = (step: 1 | -1) => {
    if (!matchKeys.length) return;
    const next =
      matchCursor < 0
        ? step === 1
          ? 0
          : matchKeys.length - 1
        : (matchCursor + step + matchKeys.length) % matchKeys.length;
    setMatchCursor(next);
    timeline.current?.jumpTo(matchKeys[next] as string);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === '/' &&
        !typingIn(event.target) &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey
      ) {
        event.preventDefault();
        setSearchOpen(true);
        requestAnimationFrame(() => searchInput.current?.focus());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The action waiting for the person's confirmation, if any.
  const awaiting =
    generation === 'v1'
      ? facts?.executionStatus === 'waiting_for_confirmation'
      : facts?.agentState === 'awaiting_user_confirmation';
  const pending: PendingConfirmation | null = useMemo(() => {
    if (!awaiting) return null;
    for (let index = rows.length - 1; index >= 0; index--) {
      const row = rows[index] as TimelineRow;
      if (!row.pending) continue;
      const view = viewOf(row);
      return {
        key: row.key,
        title: [view.title, view.code].filter(Boolean).join(' '),
        risk: view.risk,
      };
    }
    return null;
  }, [awaiting, rows]);

  // Deleted elsewhere: the worker's stream says so, or the record comes back empty.
  const recordGone =
    generation === 'v0'
      ? v0Record.isSuccess && v0Record.data === null
      : v1Record.isSuccess && v1Record.data?.[0] === null;
  const [stopping, setStopping] = useState(false);
  const status = statusWords({
    generation,
    status: facts?.status ?? summary?.status,
    runtimeStatus: facts?.runtimeStatus ?? summary?.runtimeStatus,
    agentState: facts?.agentState,
    executionStatus: facts?.executionStatus ?? summary?.executionStatus,
    sandboxStatus: facts?.sandboxStatus ?? summary?.sandboxStatus,
    transport: snapshot?.transport,
    stopping,
    error: facts?.error,
    notFound: facts?.notFound || recordGone,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the feed's items change in place; its version says when.
  const cost = useMemo(() => costTracker.current.read(state.items), [state.version]);
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  useEchoes(rows, outgoing, setOutgoing);

  const deleted = !!facts?.notFound || recordGone;
  const unreachable = recordQuery.isError && !deleted ? recordQuery.error : null;
  const providers = summary?.provider ? [summary.provider] : null;

  const onRenamed = useCallback(
    (next: string) => {
      onTitle(next);
      void queryClient.invalidateQueries({ queryKey: apiKey('v0.getConversation') });
      void queryClient.invalidateQueries({ queryKey: apiKey('v1.getAppConversations') });
    },
    [onTitle, queryClient],
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
              status={facts?.status ?? summary?.status ?? null}
              agentState={facts?.agentState ?? null}
              executionStatus={facts?.executionStatus ?? summary?.executionStatus ?? null}
              sandboxStatus={facts?.sandboxStatus ?? summary?.sandboxStatus ?? null}
              providers={providers}
              pending={pending}
              disabled={deleted}
              onStopping={setStopping}
            >
              <button
                type="button"
                className="btn btn-small"
                aria-pressed={searchOpen}
                aria-keyshortcuts="/"
                aria-label={t('panel.search.open')}
                title={t('panel.search.openHint')}
                onClick={() => setSearchOpen((open) => !open)}
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
                  status: facts?.status ?? summary?.status ?? null,
                  serverUrl: settings.serverUrl,
                  record,
                }}
              />
            </ConversationControls>
          </>
        }
      />
      {searchOpen ? (
        <EventSearchBar
          ref={searchInput}
          generation={generation}
          fields={fields}
          onChange={(next) => {
            setFields(next);
            setMatchCursor(-1);
          }}
          matchCount={matches?.size ?? 0}
          searched={state.items.length}
          searchingOlder={searchingOlder}
          active={searchActive}
          onPrevious={() => goToMatch(-1)}
          onNext={() => goToMatch(1)}
          onClose={() => {
            setSearchOpen(false);
            setFields(emptySearch);
          }}
        />
      ) : null}
      <Timeline
        ref={timeline}
        rows={visibleRows}
        loaded={state.loaded}
        hasOlder={!!snapshot?.hasOlder}
        loadingOlder={state.loadingOlder}
        olderError={state.olderError}
        onLoadOlder={() => feed.loadOlder()}
        matches={matches}
        query={searchActive ? deferredFields.query : null}
        emptyText={searchActive ? t('panel.search.none') : t('panel.timeline.empty')}
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
