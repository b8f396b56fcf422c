import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { useServerScope } from '@/components/common/server-scope';
import { useProviderTokens } from '@/components/common/use-server-settings';
import { Timeline, type TimelineHandle } from '@/components/timeline/Timeline';
import type { ConversationInfo } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import { type HandBackTask, SUGGESTED_TASK_TYPE } from '@/lib/codehosts/hand-back';
import { t } from '@/lib/i18n';
import type { PullRead } from '@/lib/messaging/rpc';
import type { Settings } from '@/lib/settings/schema';
import { lastActivityAt } from '@/lib/timeline/now';
import type { RunOutcome } from '@/lib/timeline/outcome';
import { describeProblem, type Problem, problemInputOfError } from '@/lib/timeline/problems';
import { answerProblem } from '@/lib/timeline/question';
import { serverOffset } from '@/lib/timeline/server-clock';
import { Composer, type OutgoingMessage } from './Composer';
import { ConversationControls } from './ConversationControls';
import { ConversationHeader } from './ConversationHeader';
import type { HandBackPull } from './HandBackDialog';
import { sendToConversation } from './hooks/send-message';
import { useConversationActions } from './hooks/useConversationActions';
import { useConversationRecord } from './hooks/useConversationRecord';
import { useConversationStatus } from './hooks/useConversationStatus';
import { useEventSearch } from './hooks/useEventSearch';
import { useExport } from './hooks/useExport';
import type { NextWaiting } from './hooks/useNextWaiting';
import { useOnline } from './hooks/useOnline';
import { usePullFacts } from './hooks/usePullFacts';
import { useQuestionAnswer } from './hooks/useQuestionAnswer';
import type { ServerApis } from './hooks/useServerApis';
import { useThrottledFeed } from './hooks/useThrottledFeed';
import { useTimelineRows } from './hooks/useTimelineRows';
import type { MenuItem } from './Menu';
import { contextOfPullRead, pullRequestUrl, webAppUrl } from './model/links';
import type { NewConversationLaunch } from './model/new-conversation';
import { wasStartedHere } from './model/started-here';
import { NowLine } from './NowLine';
import type { RequestLink } from './OutcomeCard';
import { OutgoingMessages, useEchoes } from './OutgoingMessages';
import { PullRequestCard } from './PullRequestCard';
import { QuestionCard } from './QuestionCard';

// Parts shown on request, or once a run ended: they load then, not with the first rows.
const EventSearchBar = lazy(() =>
  import('./EventSearchBar').then((module) => ({ default: module.EventSearchBar })),
);
const ConversationDetails = lazy(() =>
  import('./ConversationDetails').then((module) => ({ default: module.ConversationDetails })),
);
const HandBackDialog = lazy(() =>
  import('./HandBackDialog').then((module) => ({ default: module.HandBackDialog })),
);
const OutcomeCard = lazy(() =>
  import('./OutcomeCard').then((module) => ({ default: module.OutcomeCard })),
);

/**
 * What the launch that opened the conversation asked of it (lib/messaging/panel-port.ts):
 * where the focus goes, and a note to show. `serial` tells one launch from the next.
 */
export interface Arrival {
  serial: number;
  focus?: 'composer' | 'action';
  notice?: 'stale-notification';
  /** A task chosen on the pull request's page: its hand-back opens at once. */
  handBack?: { pull: HandBackPull; task: HandBackTask };
}

interface ConversationViewProps {
  conversationId: string;
  generation: Generation;
  arrival?: Arrival | undefined;
  /** "The next one that needs me", shared with the list and the keyboard command. */
  next?: NextWaiting;
  settings: Settings;
  apis: ServerApis;
  /** With several servers, the name of the one it is on (its settings are that server's). */
  serverName?: string | null;
  onTitle: (title: string) => void;
  onBack: () => void;
  /** Opens the start form for a pull request's task, with the message the person left. */
  onStartForPull?: (launch: Pick<NewConversationLaunch, 'context' | 'handBack'>) => void;
}

/** Handoff's own options at a section (`#server`, `#git-providers`). */
function openOptionsAt(section: string): void {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html#${section}`) });
}

/**
 * Where an agent server alone cloned the conversation's repository: the `folder` tag Handoff
 * writes at the start (lib/api/agent-direct/records.ts), when it reads as a full path.
 */
function cloneFolderOf(settings: Settings, record: unknown): string | null {
  if (settings.serverInfo?.kind !== 'agent') return null;
  const tags = (record as { tags?: unknown } | null)?.tags;
  const folder = tags && typeof tags === 'object' ? (tags as Record<string, unknown>).folder : null;
  return typeof folder === 'string' && /^\/[^\p{C}]+$/u.test(folder) ? folder : null;
}

/** One conversation: what it is, what it is doing now, what happened, and the means to steer it. */
export function ConversationView({
  conversationId,
  generation,
  arrival,
  next,
  settings,
  apis,
  serverName = null,
  onTitle,
  onBack,
  onStartForPull,
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
  const online = useOnline();

  const title = facts?.title ?? summary?.title ?? null;
  useEffect(() => {
    if (title) onTitle(title);
  }, [title, onTitle]);

  const { rows, cost } = useTimelineRows(state);
  const [showSystem, setShowSystem] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const timeline = useRef<TimelineHandle | null>(null);
  const composerInput = useRef<HTMLTextAreaElement | null>(null);
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
  const deletedByRecord = recordInfo.gone;
  const conversation = useConversationStatus({
    generation,
    snapshot,
    summary,
    rows,
    recordGone: deletedByRecord,
    recordError: recordQuery.isError ? recordQuery.error : null,
    offline: !online,
  });
  const {
    status,
    now,
    pending,
    question,
    asked,
    deleted,
    setStopping,
    state: conversationState,
  } = conversation;

  const providers = useMemo(
    () => (summary?.provider ? [summary.provider] : null),
    [summary?.provider],
  );
  const actions = useConversationActions({
    conversationId,
    generation,
    providers,
    pending,
    onStopping: setStopping,
  });

  const answering = useQuestionAnswer({ conversationId, generation });
  // A question shown here that closes without an answer from here was answered elsewhere (or
  // closed by the server): the person is told, instead of their half-made answer just vanishing.
  const [closedElsewhere, setClosedElsewhere] = useState<Problem | null>(null);
  const shownQuestion = useRef<string | null>(null);
  useEffect(() => {
    const shown = shownQuestion.current;
    const current = asked?.requestId ?? null;
    // The answer's own event can arrive before the request sending it resolves.
    const ours =
      answering.answered.has(shown ?? '') ||
      answering.closed.has(shown ?? '') ||
      answering.sending === shown;
    if (shown && shown !== current && !ours) {
      setClosedElsewhere(answerProblem({ kind: 'conflict', msgId: 'HANDOFF$QUESTION_CLOSED' }));
    }
    if (current) setClosedElsewhere(null);
    shownQuestion.current = current;
  }, [asked?.requestId, answering.answered, answering.closed, answering.sending]);

  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const [sendError, setSendError] = useState<unknown>(null);
  const onOutgoing = useCallback(
    (message: OutgoingMessage) => setOutgoing((list) => [...list, message]),
    [],
  );
  const onSettled = useCallback(
    (id: number, outcome: 'sent' | 'failed') =>
      setOutgoing((list) =>
        outcome === 'failed'
          ? list.filter((message) => message.id !== id)
          : list.map((message) => (message.id === id ? { ...message, state: 'sent' } : message)),
      ),
    [],
  );
  const serverId = useServerScope();
  // The agent's pull requests as the worker follows them, and the hand-back open on one.
  const pulls = usePullFacts(conversationId);
  const [handBack, setHandBack] = useState<{ pull: HandBackPull; task: HandBackTask } | null>(null);
  useEffect(() => {
    if (arrival?.handBack) setHandBack(arrival.handBack);
  }, [arrival]);
  useEchoes(rows, outgoing, setOutgoing);

  const onRenamed = useCallback(
    (next: string) => {
      onTitle(next);
      recordInfo.invalidate();
    },
    [onTitle, recordInfo.invalidate],
  );

  // Server event times on the browser's clock, for elapsed times and quiet spells.
  const newestEventAt = state.items[state.items.length - 1]?.event.timestamp ?? null;
  const offset = useMemo(
    () => serverOffset({ recordUpdatedAt: summary?.updatedAt ?? null, newestEventAt }),
    [summary?.updatedAt, newestEventAt],
  );

  const [startedHere, setStartedHere] = useState(false);
  useEffect(() => {
    let alive = true;
    void wasStartedHere(conversationId).then((here) => {
      if (alive) setStartedHere(here);
    });
    return () => {
      alive = false;
    };
  }, [conversationId]);

  const exportMetadata = useCallback(
    () => ({
      id: conversationId,
      generation,
      title,
      repository: summary?.repository ?? null,
      branch: summary?.branch ?? null,
      provider: summary?.provider ?? null,
      status: conversationState.status,
      serverUrl: settings.serverUrl,
      record,
    }),
    [
      conversationId,
      generation,
      title,
      summary,
      conversationState.status,
      settings.serverUrl,
      record,
    ],
  );
  // The outcome once the agent finished or stopped (the card works it out and tells it here, for
  // the export); an export before that works it out from the events.
  const finished = now.kind === 'finished' || now.kind === 'stopped';
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const outcomeRef = useRef(outcome);
  outcomeRef.current = outcome;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const costRef = useRef(cost.cost);
  costRef.current = cost.cost;
  const exportExtra = useCallback(async () => {
    const known = outcomeRef.current;
    if (known) return { outcome: known };
    const { runOutcome } = await import('@/lib/timeline/outcome');
    return { outcome: runOutcome(rowsRef.current, costRef.current) };
  }, []);
  const provider = summary?.provider ?? null;
  const summaryRequests: RequestLink[] = useMemo(
    () =>
      (summary?.prNumbers ?? []).flatMap((number) => {
        const url = pullRequestUrl(provider, summary?.repository ?? null, number, null);
        return url
          ? [
              {
                url,
                label:
                  provider === 'gitlab'
                    ? t('panel.header.mergeRequest', { number })
                    : t('panel.header.pullRequest', { number }),
              },
            ]
          : [];
      }),
    [summary?.prNumbers, summary?.repository, provider],
  );

  const exporter = useExport(feed, exportMetadata, recordInfo.read, exportExtra);

  // The one banner: the state's own problem first (the now line decides), then the person's
  // last failed request, then a record that could not be read while the stream still runs.
  const requestFailure =
    actions.error ?? sendError ?? (recordQuery.isError && !deleted ? recordQuery.error : null);
  const requestProblem = answering.error
    ? answerProblem(answering.error)
    : requestFailure
      ? describeProblem(problemInputOfError(requestFailure))
      : closedElsewhere;
  const dismissRequestProblem = () => {
    actions.clearError();
    answering.clearError();
    setClosedElsewhere(null);
    setSendError(null);
  };

  const serverUrl = settings.serverUrl ?? '';
  const menuItems: MenuItem[] = [
    {
      kind: 'action',
      label: t('panel.search.open'),
      icon: 'search',
      shortcut: '/',
      onSelect: search.toggle,
    },
    {
      kind: 'check',
      label: t('panel.timeline.showSystem'),
      checked: showSystem,
      onChange: setShowSystem,
    },
    {
      kind: 'action',
      label: t('panel.export.button'),
      icon: 'download',
      disabled: exporter.progress !== null,
      onSelect: () => void exporter.run(),
    },
    {
      kind: 'action',
      label: t('panel.header.details'),
      icon: 'info',
      onSelect: () => setShowDetails((open) => !open),
    },
    ...(next
      ? [
          {
            kind: 'action' as const,
            label: t('panel.list.nextWaiting'),
            icon: 'forward' as const,
            ...(next.shortcut ? { shortcut: next.shortcut } : {}),
            onSelect: next.go,
          },
        ]
      : []),
    {
      kind: 'link',
      label: t('panel.header.openWebApp'),
      icon: 'externalLink',
      href: webAppUrl(serverUrl, conversationId),
    },
  ];

  // A stale notification's note stays until the person dismisses it or another launch comes.
  const [staleNote, setStaleNote] = useState(false);
  useEffect(() => {
    setStaleNote(arrival?.notice === 'stale-notification');
  }, [arrival]);

  // The focus a launch asked for, once what it names is on screen: the message box (a
  // notification's Reply), or the action or question waited on (a notification's click where the
  // browser has no buttons). The group itself takes the focus, not its Confirm: a stray Enter
  // answers nothing.
  const root = useRef<HTMLDivElement | null>(null);
  const focusedFor = useRef(0);
  const synced = !!snapshot?.synced;
  // The action or question renders with its own fields: each is a reason to look again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!arrival?.focus || focusedFor.current === arrival.serial) return;
    const composer = composerInput.current;
    if (arrival.focus === 'composer' || now.kind === 'reply') {
      if (!composer || composer.disabled) return;
      focusedFor.current = arrival.serial;
      composer.focus();
      return;
    }
    const target = root.current?.querySelector<HTMLElement>('[data-pending-action]');
    if (target) {
      focusedFor.current = arrival.serial;
      target.scrollIntoView({ block: 'nearest' });
      target.focus();
    } else if (synced && now.kind !== 'confirm' && now.kind !== 'question') {
      // Nothing waits any more: the line says where it is; the focus stays where it was.
      focusedFor.current = arrival.serial;
    }
  }, [arrival, now.kind, synced, pending?.key, question?.requestId]);

  const stepLabels = generation === 'v1' ? { start: t('panel.controls.resumeSandbox') } : undefined;
  const focusComposer = () => composerInput.current?.focus();

  return (
    <div
      ref={root}
      className="conversation"
      data-conversation-id={conversationId}
      data-generation={generation}
      data-transport={snapshot?.transport.phase ?? 'unknown'}
    >
      <ConversationHeader
        conversationId={conversationId}
        summary={summary}
        title={title}
        status={status}
        providerHosts={providerHosts}
        v0Available={apis.v0 !== false}
        serverName={serverName}
        cost={cost}
        onRenamed={onRenamed}
        menuItems={menuItems}
        activity={
          exporter.progress !== null
            ? t('panel.export.reading', { count: exporter.progress })
            : null
        }
        controls={
          <ConversationControls
            generation={generation}
            {...conversationState}
            actions={actions}
            disabled={deleted}
            offline={now.offline}
          />
        }
      />
      {staleNote ? (
        <div className="notice notice-info now-stale" role="status" data-stale-notification>
          <span>{t('panel.now.staleNotification')}</span>
          <button type="button" className="btn btn-small" onClick={() => setStaleNote(false)}>
            {t('panel.problem.dismiss')}
          </button>
        </div>
      ) : null}
      <NowLine
        now={now}
        quietAfterMinutes={settings.quietMinutes}
        offset={offset}
        pending={pending}
        requestProblem={requestProblem}
        onDismissRequestProblem={dismissRequestProblem}
        answering={actions.busy === 'confirm' || actions.busy === 'reject' ? actions.busy : null}
        answered={!!pending && actions.answered === pending.key}
        onConfirm={() => void actions.act('confirm')}
        onReject={() => void actions.act('reject')}
        onReply={focusComposer}
        questionCard={
          question ? (
            <QuestionCard
              key={question.requestId}
              question={question}
              offline={now.offline}
              sending={answering.sending === question.requestId}
              answered={answering.answered.has(question.requestId)}
              closed={answering.closed.has(question.requestId)}
              onAnswer={(action, answers) =>
                void answering.answer(question.requestId, action, answers)
              }
            />
          ) : null
        }
        onStep={{
          'server-settings': () => openOptionsAt('server'),
          'token-settings': () => openOptionsAt('git-providers'),
          start: now.offline ? undefined : () => void actions.act('start'),
          resume: now.offline ? undefined : () => void actions.act('resume'),
          retry: () => void recordQuery.refetch(),
          reply: focusComposer,
        }}
        stepLabels={stepLabels}
        llmSettingsUrl={serverUrl ? `${serverUrl.replace(/\/+$/, '')}/settings` : null}
        onBack={onBack}
      />
      {showDetails ? (
        <Suspense fallback={null}>
          <ConversationDetails
            conversationId={conversationId}
            generation={generation}
            summary={summary}
            status={status.label}
            cost={cost}
            snapshot={snapshot}
            startedHere={startedHere}
            lastActivityAt={lastActivityAt(rows)}
            offset={offset}
            serverUrl={serverUrl}
            folder={cloneFolderOf(settings, record)}
            onClose={() => setShowDetails(false)}
          />
        </Suspense>
      ) : null}
      {search.open ? (
        <Suspense fallback={null}>
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
        </Suspense>
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
      <PullRequestCard
        pulls={pulls}
        onHandBack={(facts, task) => setHandBack({ pull: facts, task })}
      />
      {finished ? (
        <Suspense fallback={null}>
          <OutcomeCard
            rows={rows}
            cost={cost.cost}
            generation={generation}
            liveRecord={
              generation === 'v0' && conversationState.status === 'RUNNING'
                ? (record as ConversationInfo | null)
                : null
            }
            summaryRequests={summaryRequests}
            headline={now.headline ?? ''}
            onOutcome={setOutcome}
          />
        </Suspense>
      ) : null}
      <Composer
        conversationId={conversationId}
        generation={generation}
        inputRef={composerInput}
        live={snapshot?.transport.phase === 'live'}
        disabled={deleted}
        offline={now.offline}
        onError={setSendError}
        onOutgoing={onOutgoing}
        onSettled={onSettled}
      />
      {handBack ? (
        <Suspense fallback={null}>
          <HandBackDialog
            pull={handBack.pull}
            task={handBack.task}
            onSend={(text) =>
              sendToConversation(
                {
                  conversationId,
                  generation,
                  serverId,
                  live: snapshot?.transport.phase === 'live',
                },
                text,
                [],
                { onError: setSendError, onOutgoing, onSettled },
              )
            }
            {...(onStartForPull
              ? {
                  onNewConversation: (text: string, read: PullRead) =>
                    onStartForPull({
                      context: contextOfPullRead(read),
                      handBack: { type: SUGGESTED_TASK_TYPE[handBack.task], text },
                    }),
                }
              : {})}
            onClose={() => setHandBack(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
