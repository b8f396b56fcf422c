import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { browser } from 'wxt/browser';
import { ServerScope, useScopedSettings, useServerScope } from '@/components/common/server-scope';
import { useSettings } from '@/components/common/use-settings';
import { normaliseId } from '@/lib/api/conversation-summary';
import type { Generation } from '@/lib/api/generation';
import { type HandBackTask, SUGGESTED_TASK_TYPE } from '@/lib/codehosts/hand-back';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n';
import type { Launch } from '@/lib/messaging/panel-port';
import { rpc } from '@/lib/messaging/worker-client';
import type { WorkerConnection } from '@/lib/messaging/worker-connection';
import type { Settings } from '@/lib/settings/schema';
import { scopeSettings, serverById } from '@/lib/settings/servers';
import type { Arrival } from './ConversationView';
import { ConversationView } from './ConversationView';
import type { HandBackPull } from './HandBackDialog';
import { type NextWaiting, useNextWaiting } from './hooks/useNextWaiting';
import { type ServerApis, serverApisOf, useScopedApis, useServerApis } from './hooks/useServerApis';
import { claimLaunch } from './model/launch-claim';
import type { LaunchInbox } from './model/launch-inbox';
import { pullOfContext } from './model/links';
import type { NewConversationLaunch } from './model/new-conversation';
import { resolveGeneration } from './model/resolve-conversation';
import { hasSeveralServers, serverNameOf } from './model/servers';
import { ProblemNotice } from './ProblemNotice';
import { type TabItem, Tabs, tabId, tabPanelId } from './Tabs';

// Views a conversation opened by id does not need load on first use, so its first paint does
// not wait for their code.
const ConversationList = lazy(() =>
  import('./ConversationList').then((module) => ({ default: module.ConversationList })),
);
// The first run's setup brings the connection test and the settings editor: only then.
const HandBackDialog = lazy(() =>
  import('./HandBackDialog').then((module) => ({ default: module.HandBackDialog })),
);
const SetupView = lazy(() =>
  import('./SetupView').then((module) => ({ default: module.SetupView })),
);
const NewConversationForm = lazy(() =>
  import('./NewConversationForm').then((module) => ({ default: module.NewConversationForm })),
);
const MicroagentsTab = lazy(() =>
  import('./MicroagentsTab').then((module) => ({ default: module.MicroagentsTab })),
);
const SandboxesView = lazy(() =>
  import('@/components/sandboxes/SandboxesView').then((module) => ({
    default: module.SandboxesView,
  })),
);

type View = 'conversations' | 'conversation' | 'new' | 'microagents' | 'sandboxes';

interface OpenConversation {
  id: string;
  /** Null while the panel finds out which interface it belongs to. */
  generation: Generation | null;
  title?: string | null;
  problem?: unknown;
  missing?: boolean;
  /**
   * The server it is on (lib/settings/servers.ts). Unknown with several servers: the worker's
   * index is asked before anything is read from one.
   */
  serverId?: string | undefined;
  /** What the launch that opened it asked for (a notification's Reply, a stale button). */
  arrival?: Arrival;
}

interface SidePanelAppProps {
  connection: WorkerConnection;
  inbox: LaunchInbox;
  /** Read before the first render, so an open conversation paints in the first frame. */
  initialSettings: Settings;
  /**
   * `sidepanel.html?conversation=<id>[&server=<id>]`, with its interface when the cache already
   * knows it.
   */
  initialConversation: { id: string; generation: Generation | null; serverId?: string } | null;
  /**
   * Opened as a window of its own because the browser refused to open the side panel (Firefox
   * does for a page's click): the panel says why, and how to get the side panel itself.
   */
  ownWindow?: boolean;
}

/** How long the word that starts were held back goes with the one start let through. */
const BURST_WORD_MS = 10_000;

const openOptions = () => void browser.runtime.openOptionsPage();

/** The side panel: its sections as tabs, and what the worker asks it to show. */
export function SidePanelApp({
  connection,
  inbox,
  initialSettings,
  initialConversation,
  ownWindow = false,
}: SidePanelAppProps) {
  const settings = useSettings(initialSettings);
  const apis = useServerApis(settings);
  const [view, setView] = useState<View>(initialConversation ? 'conversation' : 'conversations');
  const [conversation, setConversation] = useState<OpenConversation | null>(initialConversation);
  const [newLaunch, setNewLaunch] = useState<NewConversationLaunch>({ serial: 0, context: null });
  /** The start form for a pull request's task, with its drafted message. */
  const startForPull = useCallback(
    ({ context, handBack }: Pick<NewConversationLaunch, 'context' | 'handBack'>) => {
      setNewLaunch((previous) => ({
        serial: previous.serial + 1,
        context,
        ...(handBack ? { handBack } : {}),
      }));
      setView('new');
    },
    [],
  );
  /** A task from a pull request page nobody works on yet: drafted here, started from the form. */
  const [pageHandBack, setPageHandBack] = useState<{
    pull: HandBackPull;
    task: HandBackTask;
    context: PageContext;
  } | null>(null);
  const [microagents, setMicroagents] = useState<{
    context: PageContext | null;
    filePath?: string;
  }>({ context: null });
  const [workerConnected, setWorkerConnected] = useState(true);
  const [v1Seen, setV1Seen] = useState(false);
  const [formVisited, setFormVisited] = useState(false);
  /** What the worker last asked this panel to show (`data-last-launch`, for tests and bug reports). */
  const [lastLaunch, setLastLaunch] = useState<Launch['kind'] | null>(null);
  /** What the worker refused a page, said until the next launch. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** When this panel last began a start-at-once: a burst right after must not reset its form. */
  const autoStartedAt = useRef(Number.NEGATIVE_INFINITY);
  /** When the worker last said it held a start back. */
  const heldBackAt = useRef(Number.NEGATIVE_INFINITY);
  const onV1Available = useCallback(() => setV1Seen(true), []);
  const onTitle = useCallback(
    (title: string) =>
      setConversation((open) => (open && open.title !== title ? { ...open, title } : open)),
    [],
  );
  useEffect(() => {
    if (view === 'new') setFormVisited(true);
  }, [view]);

  useEffect(() => connection.onConnectionChange(setWorkerConnected), [connection]);

  const openConversation = useCallback(
    (
      id: string,
      generation: Generation | null = null,
      title: string | null = null,
      serverId?: string,
      arrival?: Arrival,
    ) => {
      setConversation({ id, generation, title, serverId, ...(arrival ? { arrival } : {}) });
      setView('conversation');
    },
    [],
  );
  const openWaiting = useCallback(
    (id: string, serverId?: string) => openConversation(id, null, null, serverId),
    [openConversation],
  );
  // From the conversation open here (on screen or behind another tab), one further each press.
  const next = useNextWaiting(conversation?.id ?? null, openWaiting);
  /** Each launch's wishes are carried out once, even for the conversation already open. */
  const arrivals = useRef(0);

  const several = hasSeveralServers(settings);
  // With several servers, a conversation opened by id alone (a notification, an address) is
  // placed on the server whose list has it, else the default one, before anything is read.
  const unplaced = conversation && several && !conversation.serverId ? conversation.id : null;
  const defaultServerId = settings?.defaultServerId ?? undefined;
  useEffect(() => {
    if (!unplaced) return;
    let alive = true;
    const id = normaliseId(unplaced);
    rpc('conversations.index', {})
      .then(
        (answer) => answer.entries.find((entry) => normaliseId(entry.id) === id)?.serverId,
        () => undefined,
      )
      .then((serverId) => {
        if (!alive) return;
        setConversation((current) =>
          current?.id === unplaced && !current.serverId
            ? { ...current, serverId: serverId ?? defaultServerId }
            : current,
        );
      });
    return () => {
      alive = false;
    };
  }, [unplaced, defaultServerId]);
  const placed = !unplaced;

  // A conversation opened by id alone: find its interface once the settings are known.
  const pendingId =
    conversation &&
    placed &&
    conversation.generation === null &&
    !conversation.missing &&
    !conversation.problem &&
    (!conversation.serverId || !settings || serverById(settings, conversation.serverId))
      ? conversation.id
      : null;
  const pendingServer = several ? conversation?.serverId : undefined;
  // The interfaces of the server it is on: the panel's own answer for the default server, the
  // stored connection test's for another (unknown: both are tried).
  const pendingApis = useMemo(
    () =>
      !pendingServer || pendingServer === settings?.defaultServerId || !settings
        ? apis
        : serverApisOf(scopeSettings(settings, pendingServer)),
    [pendingServer, settings, apis],
  );
  useEffect(() => {
    if (!pendingId || !settings?.serverUrl) return;
    let alive = true;
    resolveGeneration(pendingId, pendingApis, pendingServer).then(
      (generation) => {
        if (!alive) return;
        setConversation((current) =>
          current?.id !== pendingId
            ? current
            : generation
              ? { ...current, generation }
              : { ...current, missing: true },
        );
      },
      (problem: unknown) => {
        if (alive)
          setConversation((current) =>
            current?.id === pendingId ? { ...current, problem } : current,
          );
      },
    );
    return () => {
      alive = false;
    };
  }, [pendingId, pendingApis, pendingServer, settings?.serverUrl]);

  useEffect(
    () =>
      inbox.listen((launch: Launch) => {
        setLastLaunch(launch.kind);
        setRefusal(null);
        switch (launch.kind) {
          case 'refused':
            setRefusal(t('panel.shell.pageMismatch'));
            return;
          case 'setup':
            // The setup view shows whenever no server is configured; nothing else to do.
            return;
          case 'conversation':
            openConversation(
              launch.conversationId,
              null,
              null,
              launch.serverId,
              launch.focus || launch.notice
                ? {
                    serial: ++arrivals.current,
                    ...(launch.focus ? { focus: launch.focus } : {}),
                    ...(launch.notice ? { notice: launch.notice } : {}),
                  }
                : undefined,
            );
            return;
          case 'microagents':
            setMicroagents({ context: launch.context, filePath: launch.filePath });
            setView('microagents');
            return;
          case 'hand-back': {
            const pull = pullOfContext(launch.context);
            if (!pull) {
              setRefusal(t('panel.shell.pageMismatch'));
              return;
            }
            const handBack = { pull, task: launch.task };
            // The conversation on it takes the message; without one, a new conversation does.
            if (launch.existing) {
              openConversation(
                launch.existing.conversationId,
                null,
                null,
                launch.existing.serverId,
                {
                  serial: ++arrivals.current,
                  handBack,
                },
              );
            } else {
              setPageHandBack({ ...handBack, context: launch.context });
            }
            return;
          }
          case 'new-conversation': {
            const now = Date.now();
            if (launch.notice === 'burst') heldBackAt.current = now;
            // The worker let one start through and held the rest back: while that one is
            // getting under way here, say so instead of replacing its form.
            if (launch.notice === 'burst' && now - autoStartedAt.current < BURST_WORD_MS) {
              setRefusal(t('panel.shell.burst'));
              return;
            }
            // The one start let through, arriving with word of the others held back, or just
            // after them (the worker decides each click on its own, so they can cross).
            const heldBack = launch.autoStart && now - heldBackAt.current < BURST_WORD_MS;
            if (heldBack) setRefusal(t('panel.shell.burst'));
            if (launch.autoStart) autoStartedAt.current = now;
            const show = (autoStart: boolean) => {
              setNewLaunch((previous) => ({
                serial: previous.serial + 1,
                context: launch.context,
                selection: launch.selection,
                autoStart,
                ...(launch.notice && !heldBack ? { notice: launch.notice } : {}),
                ...(launch.existing ? { existing: launch.existing } : {}),
              }));
              setView('new');
            };
            // Starting at once: only the panel that claims the launch starts; others show the form.
            if (launch.autoStart) void claimLaunch(launch).then(show, () => show(false));
            else show(false);
            return;
          }
        }
      }),
    [inbox, openConversation],
  );

  if (!settings) return <p className="panel-scroll muted">{t('common.loading')}</p>;
  const ownWindowNote = ownWindow ? (
    <p className="notice panel-banner" role="note" data-own-window>
      {t('panel.shell.ownWindow')}
    </p>
  ) : null;
  if (!settings.serverUrl) {
    return (
      <main className="panel" data-last-launch={lastLaunch ?? undefined}>
        {ownWindowNote}
        <Suspense fallback={<p className="panel-scroll muted">{t('common.loading')}</p>}>
          <SetupView onOpenOptions={openOptions} />
        </Suspense>
      </main>
    );
  }

  const showSandboxes = !apis.agentDirect && (apis.v1 === true || (apis.v1 === null && v1Seen));
  const tabs: TabItem<View>[] = [{ id: 'conversations', label: t('panel.tabs.conversations') }];
  if (conversation) {
    tabs.push({ id: 'conversation', label: conversation.title || t('panel.tabs.conversation') });
  }
  tabs.push({ id: 'new', label: t('panel.tabs.new') });
  tabs.push({
    id: 'microagents',
    label: t('panel.tabs.microagents'),
    icon: 'bookOpen',
    compact: true,
  });
  if (showSandboxes) {
    tabs.push({ id: 'sandboxes', label: t('panel.tabs.sandboxes'), icon: 'box', compact: true });
  }
  const current = tabs.some((tab) => tab.id === view) ? view : 'conversations';

  return (
    <main className="panel" data-last-launch={lastLaunch ?? undefined}>
      <Tabs label={t('panel.tabs.label')} tabs={tabs} selected={current} onSelect={setView} />
      {ownWindowNote}
      {refusal ? (
        <div className="notice notice-warning panel-banner" role="alert" data-refusal="">
          {refusal}
        </div>
      ) : null}
      {next.none ? (
        <p className="notice notice-info panel-banner" role="status" data-nothing-waits>
          {t('panel.list.nextWaitingNone')}
        </p>
      ) : null}
      {!workerConnected ? (
        <div className="notice notice-warning panel-banner" role="status">
          {t('panel.shell.workerReconnecting')}
        </div>
      ) : null}
      {current === 'conversations' ? (
        <ViewPanel view="conversations">
          <ConversationList
            apis={apis}
            settings={settings}
            onOpen={(summary) =>
              openConversation(summary.id, summary.generation, summary.title, summary.serverId)
            }
            onV1Available={onV1Available}
            onNew={() => setView('new')}
            next={next}
          />
        </ViewPanel>
      ) : null}
      {conversation ? (
        // Kept mounted while other tabs show: the live feed, the search and the scroll position
        // are where the person left them.
        <ViewPanel view="conversation" hidden={current !== 'conversation'}>
          {conversation.serverId &&
          settings.servers.length &&
          !serverById(settings, conversation.serverId) ? (
            // Its server was removed from Handoff (maybe while it was open here): said in words,
            // and nothing is asked of any other server in its place.
            <div className="panel-scroll">
              <p className="notice notice-warning" role="alert" data-server-removed>
                {t('panel.servers.removed')}
              </p>
              <div className="row">
                <button type="button" className="btn" onClick={openOptions}>
                  {t('panel.servers.openOptions')}
                </button>
                <button type="button" className="btn" onClick={() => setView('conversations')}>
                  {t('panel.shell.back')}
                </button>
              </div>
            </div>
          ) : !placed ? (
            <p className="panel-scroll muted" role="status">
              {t('panel.shell.openingConversation')}
            </p>
          ) : conversation.generation ? (
            <ServerScope serverId={several ? conversation.serverId : undefined}>
              <ConversationOnServer
                key={`${conversation.serverId ?? ''}:${conversation.id}`}
                conversationId={conversation.id}
                generation={conversation.generation}
                arrival={conversation.arrival}
                next={next}
                settings={settings}
                defaultApis={apis}
                onTitle={onTitle}
                onBack={() => setView('conversations')}
                onStartForPull={startForPull}
              />
            </ServerScope>
          ) : conversation.missing ? (
            <div className="panel-scroll">
              <p className="notice notice-error" role="alert">
                {t('panel.shell.conversationMissing')}
              </p>
              <button type="button" className="btn" onClick={() => setView('conversations')}>
                {t('panel.shell.back')}
              </button>
            </div>
          ) : conversation.problem ? (
            <div className="panel-scroll">
              <ProblemNotice
                error={conversation.problem}
                onRetry={() =>
                  setConversation({
                    id: conversation.id,
                    generation: null,
                    serverId: conversation.serverId,
                  })
                }
              />
            </div>
          ) : (
            <p className="panel-scroll muted" role="status">
              {t('panel.shell.openingConversation')}
            </p>
          )}
        </ViewPanel>
      ) : null}
      {formVisited || current === 'new' ? (
        // Kept mounted too: what the person typed survives a look at another tab.
        <ViewPanel view="new" hidden={current !== 'new'}>
          <NewConversationForm
            key={newLaunch.serial}
            launch={newLaunch}
            settings={settings}
            apis={apis}
            onOpenConversation={(id, generation, serverId) =>
              openConversation(id, generation, null, serverId)
            }
          />
        </ViewPanel>
      ) : null}
      {current === 'microagents' ? (
        <ViewPanel view="microagents">
          <div className="panel-scroll">
            <MicroagentsTab
              context={microagents.context}
              filePath={microagents.filePath}
              settings={settings}
              onOpenOptions={openOptions}
            />
          </div>
        </ViewPanel>
      ) : null}
      {current === 'sandboxes' ? (
        <ViewPanel view="sandboxes">
          <div className="panel-scroll">
            {/* The default server's sandboxes, and so its conversations. */}
            <SandboxesView
              onOpenConversation={(id) =>
                openConversation(id, 'v1', null, several ? defaultServerId : undefined)
              }
            />
          </div>
        </ViewPanel>
      ) : null}
      {pageHandBack ? (
        <Suspense fallback={null}>
          <HandBackDialog
            pull={pageHandBack.pull}
            task={pageHandBack.task}
            sendLabel={t('panel.handBack.toForm')}
            onSend={async (text) => {
              const { context, task } = pageHandBack;
              // The form shows it all once more, with the repository and branch, before Start.
              startForPull({ context, handBack: { type: SUGGESTED_TASK_TYPE[task], text } });
              return true;
            }}
            onClose={() => setPageHandBack(null)}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

/** A conversation on the server its scope names: that server's settings, interfaces and name. */
function ConversationOnServer({
  settings,
  defaultApis,
  ...view
}: {
  conversationId: string;
  generation: Generation;
  arrival?: Arrival | undefined;
  next: NextWaiting;
  settings: Settings;
  defaultApis: ServerApis;
  onTitle: (title: string) => void;
  onBack: () => void;
  onStartForPull: (launch: Pick<NewConversationLaunch, 'context' | 'handBack'>) => void;
}) {
  const serverId = useServerScope();
  const scoped = useScopedSettings(settings);
  const apis = useScopedApis(settings, defaultApis);
  return (
    <ConversationView
      {...view}
      settings={scoped}
      apis={apis}
      serverName={serverId ? serverNameOf(settings, serverId) : null}
    />
  );
}

function ViewPanel({
  view,
  hidden,
  children,
}: {
  view: View;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className="panel-body"
      role="tabpanel"
      id={tabPanelId(view)}
      aria-labelledby={tabId(view)}
      hidden={hidden}
      data-view={view}
    >
      <Suspense fallback={<p className="panel-scroll muted">{t('common.loading')}</p>}>
        {children}
      </Suspense>
    </section>
  );
}
