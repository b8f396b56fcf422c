import { useCallback, useEffect, useRef, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import type { AppConversationStartTask, ConversationInfo } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { StartOrigin } from '@/lib/messaging/rpc';
import { callApi, rpc } from '@/lib/messaging/worker-client';
import { runtimeStatusWords, startTaskWords } from '@/lib/timeline/status-words';
import {
  type NewConversationDraft,
  type StartCapabilities,
  toAppConversationStartRequest,
  toInitSessionRequest,
} from '../model/new-conversation';
import { markStartedHere } from '../model/started-here';

/** One step of a start as the server reported it, and when the panel first saw it. */
export interface StartStep {
  /** The server's value (a start-task status, a runtime status): steps are told apart by it. */
  key: string;
  label: string;
  at: number;
}

export type StartState =
  | { phase: 'idle' }
  | { phase: 'creating'; startedAt: number }
  /** The server is preparing the conversation; `steps` are the states it went through so far. */
  | {
      phase: 'starting';
      startedAt: number;
      steps: StartStep[];
      detail: string | null;
      /** V1: where messages typed meanwhile are queued (`task-<id>` until the conversation exists). */
      queueId: string | null;
    }
  | { phase: 'failed'; error: unknown }
  /** V1: the start task ended in ERROR; `detail` says why (also after a cancel the person asked). */
  | { phase: 'task-failed'; detail: string | null; cancelled?: boolean };

/** A cancel the person asked for: sent, refused as too late (the clone was over), or not sent. */
export type CancelAsk = 'asked' | 'too-late' | 'failed';

/** V1 start tasks are polled this often (the web UI waits 3 s; a panel can afford more). */
const POLL_MS = 1500;
/** A start the worker runs itself is asked this often: the answer costs the server nothing. */
const WORKER_POLL_MS = 200;
/** V0 runtimes are asked this often how far their start got. */
const V0_POLL_MS = 1000;
/** A start task that neither succeeds nor fails within this long is reported as stuck. */
const GIVE_UP_MS = 10 * 60_000;
/** A V0 runtime still not ready after this long: the conversation opens anyway and says why. */
const V0_WAIT_MS = 90_000;

/** Runtime statuses after which the V0 conversation is ready to watch. */
const v0Ready = new Set([
  'STATUS$READY',
  'STATUS$RUNTIME_STARTED',
  'STATUS$CONNECTED',
  'STATUS$CONNECTED_TO_SERVER',
]);

/**
 * Where the server queues messages for a conversation still starting: under its start task,
 * `task-<32 hex>`. At READY the server moves them to the conversation and hands them to the agent.
 */
export function pendingQueueId(taskId: string): string {
  return `task-${taskId.replaceAll('-', '').toLowerCase()}`;
}

function withStep(steps: StartStep[], key: string, label: string): StartStep[] {
  return steps.at(-1)?.key === key ? steps : [...steps, { key, label, at: Date.now() }];
}

/**
 * Creates a conversation the way its interface wants, and follows its start: V1 answers with a
 * start task that is polled until READY (then the conversation's id is known) or ERROR; V0
 * answers with the id at once, and its runtime's status is followed until it is ready. Every
 * state the server reports becomes a step the form shows with its time.
 */
export function useStartConversation(
  onStarted: (conversationId: string, generation: Generation, serverId?: string) => void,
) {
  // Every call of a start goes to the form's server, and the conversation opens on it.
  const serverId = useServerScope();
  const [state, setState] = useState<StartState>({ phase: 'idle' });
  /** Where the person's cancel of the start under way stands, for the progress to say. */
  const [cancelAsk, setCancelAsk] = useState<CancelAsk | null>(null);
  /** A cancel sent and not refused: the poll reads it to word the start's end as a cancel. */
  const asked = useRef(false);
  /** The start task the worker runs, while there is one that may be cancelled. */
  const [cancellable, setCancellable] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(
    async (
      draft: NewConversationDraft,
      capabilities?: StartCapabilities,
      origin: StartOrigin | null = null,
    ) => {
      // The worker's index ties the conversation to the page it came from; it is only told.
      const tell = (conversationId: string, generation: Generation) =>
        rpc('conversations.started', {
          conversationId,
          generation,
          origin,
          ...(serverId ? { serverId } : {}),
        }).catch(() => {});
      const startedAt = Date.now();
      asked.current = false;
      setCancelAsk(null);
      setCancellable(null);
      setState({ phase: 'creating', startedAt });
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      try {
        if (draft.generation === 'v0') {
          const answer = await callApi(
            'v0.createConversation',
            toInitSessionRequest(draft),
            serverId,
          );
          if (answer.status !== 'ok' || !answer.conversation_id) {
            throw new Error(answer.message || t('panel.new.notCreated'));
          }
          const id = answer.conversation_id;
          await markStartedHere(id);
          await tell(id, 'v0');
          let steps: StartStep[] = [
            { key: 'created', label: t('panel.new.stepCreated'), at: Date.now() },
          ];
          while (alive.current && Date.now() - startedAt < V0_WAIT_MS) {
            setState({ phase: 'starting', startedAt, steps, detail: null, queueId: null });
            let info: ConversationInfo | null = null;
            try {
              info = await callApi('v0.getConversation', { conversation_id: id }, serverId);
            } catch {
              // The conversation view reads it again and says what is wrong.
              break;
            }
            const runtime = info?.runtime_status ?? null;
            if (runtime) steps = withStep(steps, runtime, runtimeStatusWords(runtime));
            const status = info?.status ?? null;
            if (
              !info ||
              status === 'ERROR' ||
              status === 'STOPPED' ||
              (status === 'RUNNING' && (!runtime || v0Ready.has(runtime))) ||
              runtime?.includes('ERROR')
            ) {
              break;
            }
            await pause(V0_POLL_MS);
          }
          if (alive.current) {
            setState({ phase: 'idle' });
            onStarted(id, 'v0', serverId);
          }
          return;
        }
        let task: AppConversationStartTask = await callApi(
          'v1.startAppConversation',
          toAppConversationStartRequest(draft, capabilities),
          serverId,
        );
        let steps: StartStep[] = [];
        while (alive.current) {
          const status = task.status ?? 'WORKING';
          if (status === 'READY' && task.app_conversation_id) {
            await markStartedHere(task.app_conversation_id);
            await tell(task.app_conversation_id, 'v1');
            setState({ phase: 'idle' });
            onStarted(task.app_conversation_id, 'v1', serverId);
            return;
          }
          // Only the worker's own starts can be cancelled, and only while they clone.
          setCancellable(
            capabilities?.progressFromWorker && status === 'PREPARING_REPOSITORY' ? task.id : null,
          );
          if (status === 'ERROR') {
            setState({
              phase: 'task-failed',
              detail: task.detail ?? null,
              cancelled: asked.current,
            });
            return;
          }
          if (Date.now() - startedAt > GIVE_UP_MS) {
            setState({ phase: 'task-failed', detail: task.detail ?? null });
            return;
          }
          steps = withStep(steps, status, startTaskWords(status, null));
          setState({
            phase: 'starting',
            startedAt,
            steps,
            detail: task.detail ?? null,
            queueId: pendingQueueId(task.id),
          });
          await pause(capabilities?.progressFromWorker ? WORKER_POLL_MS : POLL_MS);
          const [latest] = await callApi('v1.getStartTasks', { ids: [task.id] }, serverId);
          if (latest) task = latest;
        }
      } catch (error) {
        setCancellable(null);
        if (alive.current) setState({ phase: 'failed', error });
      }
    },
    [onStarted, serverId],
  );

  const cancel = useCallback(async () => {
    if (!cancellable) return;
    asked.current = true;
    setCancelAsk('asked');
    try {
      const { cancelled } = await rpc('start.cancel', { taskId: cancellable });
      if (!cancelled) asked.current = false;
      if (alive.current) setCancelAsk(cancelled ? 'asked' : 'too-late');
    } catch {
      asked.current = false;
      if (alive.current) setCancelAsk('failed');
    }
  }, [cancellable]);

  return {
    state,
    start,
    reset: () => setState({ phase: 'idle' }),
    /** Set while the start may be cancelled (the worker's own start, cloning). */
    cancel: cancellable ? cancel : null,
    cancelAsk,
  };
}
