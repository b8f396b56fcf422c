// The "now" line: what the conversation is doing at this moment, in one sentence a person reads at
// a glance, and whether they are needed. It is decided from the same facts as the status pill
// (docs/ui/status-words.md), in this order: the conversation is gone; the connection to it is
// down (then nothing else can be trusted); the conversation or its runtime failed, stopped or is
// starting; then the agent's own state, with the step under way taken from the timeline.
import { agentStateOfExecution } from '@/lib/api/agent-state';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { TransportState } from '@/lib/messaging/stream-snapshot';
import { viewOf, visibilityOf } from './describe';
import type { TimelineRow } from './pairing';
import { describeProblem, type Problem, type ProblemInput, problemInputOfError } from './problems';
import type { OpenQuestion } from './question';
import {
  conversationStatusWords,
  isReconnecting,
  isRuntimeError,
  runtimeStatusWords,
  sandboxStatusWords,
  type Tone,
} from './status-words';

export type NowKind =
  | 'working'
  | 'confirm'
  /** The agent asked a question and waits for the answer (agent servers 1.54+). */
  | 'question'
  | 'reply'
  | 'finished'
  | 'paused'
  | 'stopped'
  | 'starting'
  | 'error'
  | 'offline'
  | 'reconnecting'
  | 'connecting'
  | 'deleted'
  | 'unknown';

export interface NowState {
  kind: NowKind;
  tone: Tone;
  /** The loud part ("Needs you", "Finished", "Error"); null when the step speaks for itself. */
  headline: string | null;
  /** The step in words ("Running"), or what the headline is about. */
  words: string | null;
  /** The command or path the step is about, shown in monospace. */
  code: string | null;
  codeIsPath: boolean;
  /** Server time the step or state began, for its elapsed time. */
  since: string | null;
  /** Client time of the next reconnect, for "Reconnecting in 12 s". */
  retryAt: number | null;
  /** What went wrong, when something did, in plain words with a next step. */
  problem: Problem | null;
  /** Something is under way: a spinner turns. */
  busy: boolean;
  /** The server cannot take requests now: controls that need it are off. */
  offline: boolean;
}

export interface PendingAction {
  /** Row key of the action waiting: answers are remembered per action. */
  key: string;
  /** The command or what the action does. */
  code: string;
  codeIsPath: boolean;
  /** The verb for it ("Running"). */
  title: string;
  risk: string | null;
}

export interface NowInput {
  generation: Generation;
  status?: string | null;
  runtimeStatus?: string | null;
  agentState?: string | null;
  executionStatus?: string | null;
  sandboxStatus?: string | null;
  /** The last error the stream saw, in the server's words. */
  error?: string | null;
  transport?: TransportState | null;
  /** The browser has no network, or Handoff's background is unreachable. */
  offline?: boolean;
  deleted?: boolean;
  stopping?: boolean;
  rows: readonly TimelineRow[];
  pending: PendingAction | null;
  /** The agent's open question: what `waiting_for_confirmation` waits for then. */
  question?: OpenQuestion | null;
  /** Reading the conversation's record failed (an ApiError or its plain form). */
  recordError?: unknown;
}

/** How far back the timeline is read for the step under way or the last error. */
const LOOK_BACK = 300;

function base(kind: NowKind, tone: Tone): NowState {
  return {
    kind,
    tone,
    headline: null,
    words: null,
    code: null,
    codeIsPath: false,
    since: null,
    retryAt: null,
    problem: null,
    busy: false,
    offline: false,
  };
}

function rowTime(row: TimelineRow): string | null {
  return row.answer?.event.timestamp ?? row.primary.event.timestamp ?? null;
}

/**
 * The server time of the agent's last visible step: actions, results and messages count; state
 * changes, token counts and other bookkeeping do not, so a conversation idle for an hour does not
 * look busy because its stream re-sent a state frame.
 */
export function lastActivityAt(rows: readonly TimelineRow[]): string | null {
  for (let index = rows.length - 1; index >= Math.max(0, rows.length - LOOK_BACK); index--) {
    const row = rows[index] as TimelineRow;
    if (visibilityOf(row.primary.event) !== 'shown') continue;
    const time = rowTime(row);
    if (time) return time;
  }
  return null;
}

/** The facts of the newest error in the timeline (V0 error observations, V1 error events). */
export function latestErrorFacts(rows: readonly TimelineRow[]): ProblemInput | null {
  for (let index = rows.length - 1; index >= Math.max(0, rows.length - LOOK_BACK); index--) {
    const event = (rows[index] as TimelineRow).primary.event;
    // The agent's own account of why it stopped: the reason of its switch to `error`.
    if (event.type === 'v0.observation' && event.observation === 'agent_state_changed') {
      const extras = (event.extras ?? {}) as Record<string, unknown>;
      if (extras.agent_state === 'error' && typeof extras.reason === 'string' && extras.reason) {
        return { text: extras.reason };
      }
      continue;
    }
    if (event.type === 'v0.observation' && event.observation === 'error') {
      const extras = (event.extras ?? {}) as Record<string, unknown>;
      return {
        errorId: typeof extras.error_id === 'string' ? extras.error_id : null,
        text: event.content || null,
      };
    }
    if (event.type === 'v1.conversation-error' || event.type === 'v1.server-error') {
      const raw = event.raw as Record<string, unknown>;
      return {
        code: typeof raw.code === 'string' ? raw.code : null,
        text: typeof raw.detail === 'string' ? raw.detail : null,
      };
    }
  }
  return null;
}

/** The step under way: the newest shown row, when it is an action still waiting for its result. */
function stepUnderWay(rows: readonly TimelineRow[]): TimelineRow | null {
  for (let index = rows.length - 1; index >= Math.max(0, rows.length - LOOK_BACK); index--) {
    const row = rows[index] as TimelineRow;
    if (visibilityOf(row.primary.event) !== 'shown') continue;
    return row.pending ? row : null;
  }
  return null;
}

function problemState(kind: 'error' | 'offline', problem: Problem, offline: boolean): NowState {
  return {
    ...base(kind, 'red'),
    headline: kind === 'error' ? t('panel.now.error') : t('panel.now.offline'),
    words: problem.title,
    problem,
    offline,
  };
}

export function nowState(input: NowInput): NowState {
  if (input.deleted) {
    return { ...base('deleted', 'red'), headline: t('panel.now.deleted'), offline: true };
  }

  // The connection first: with the stream down, every other fact may be stale.
  const transport = input.transport;
  if (input.offline) {
    return problemState('offline', describeProblem({ apiKind: 'network' }), true);
  }
  if (transport?.phase === 'failed') {
    return problemState(
      'offline',
      describeProblem({ streamFailure: transport.reason, text: transport.detail ?? null }),
      true,
    );
  }
  // Lost and being got back (waiting for the next attempt, or in one): a confirmation shown now
  // could not be sent, so the line stays on the connection.
  if (transport && isReconnecting(transport)) {
    const problem =
      transport.phase === 'retrying'
        ? describeProblem({ streamFailure: transport.reason, text: transport.detail ?? null })
        : null;
    return {
      ...base('reconnecting', 'yellow'),
      headline: t('panel.now.reconnecting'),
      words: problem?.title ?? null,
      retryAt: transport.phase === 'retrying' ? transport.retryAt : null,
      problem,
      busy: true,
      offline: true,
    };
  }
  // No stream to lose (the conversation is not running) but the server does not answer either.
  if (input.recordError && transport?.phase !== 'live') {
    const problem = describeProblem(problemInputOfError(input.recordError));
    if (problem.kind === 'unreachable' || problem.kind === 'wrong-key') {
      return problemState('offline', problem, true);
    }
  }

  const agent =
    input.generation === 'v1'
      ? agentStateOfExecution(input.executionStatus)
      : (input.agentState ?? null);
  const status = input.status ?? null;
  const runtime = input.runtimeStatus ?? null;
  const latestError = (): ProblemInput => ({
    ...(latestErrorFacts(input.rows) ?? {}),
    ...(input.error ? { text: input.error } : {}),
    runtimeStatus: runtime,
    state: input.executionStatus ?? agent,
  });

  if (input.stopping) {
    return { ...base('stopped', 'yellow'), headline: t('panel.status.stopping'), busy: true };
  }
  if (runtime && isRuntimeError(runtime)) {
    return problemState('error', describeProblem(latestError()), false);
  }
  if (status === 'ERROR' || (input.generation === 'v1' && input.sandboxStatus === 'ERROR')) {
    const facts = latestError();
    return problemState(
      'error',
      describeProblem({ ...facts, sandboxStatus: input.sandboxStatus ?? 'ERROR' }),
      false,
    );
  }
  if (status === 'STOPPED' || status === 'ARCHIVED' || runtime === 'STATUS$STOPPED') {
    if (agent === 'finished') return finished(input);
    const label =
      input.generation === 'v1' && input.sandboxStatus
        ? sandboxStatusWords(input.sandboxStatus)
        : conversationStatusWords(status === 'ARCHIVED' ? 'ARCHIVED' : 'STOPPED');
    return { ...base('stopped', 'grey'), headline: label };
  }
  if (input.generation === 'v1' && input.sandboxStatus && input.sandboxStatus !== 'RUNNING') {
    if (input.sandboxStatus === 'STARTING') {
      return {
        ...base('starting', 'yellow'),
        headline: sandboxStatusWords('STARTING'),
        busy: true,
      };
    }
    if (input.sandboxStatus === 'MISSING') {
      return problemState('error', describeProblem({ sandboxStatus: 'MISSING' }), false);
    }
    if (agent === 'finished') return finished(input);
    return { ...base('stopped', 'grey'), headline: sandboxStatusWords(input.sandboxStatus) };
  }
  if (
    runtime &&
    ![
      'STATUS$READY',
      'STATUS$RUNTIME_STARTED',
      'STATUS$CONNECTED',
      'STATUS$CONNECTED_TO_SERVER',
    ].includes(runtime) &&
    !(agent && agent !== 'loading' && agent !== 'init')
  ) {
    return { ...base('starting', 'yellow'), headline: runtimeStatusWords(runtime), busy: true };
  }
  if (!agent && transport?.phase === 'connecting') {
    return { ...base('connecting', 'yellow'), headline: t('panel.now.connecting'), busy: true };
  }

  switch (agent) {
    case 'awaiting_user_confirmation': {
      const question = input.question ?? null;
      if (question) {
        const count = question.questions.length;
        return {
          ...base('question', 'orange'),
          headline: t('panel.now.needsYou'),
          words: count > 1 ? t('panel.now.asksMany', { count }) : t('panel.now.asks'),
          since: question.since,
        };
      }
      const pending = input.pending;
      return {
        ...base('confirm', 'orange'),
        headline: t('panel.now.needsYou'),
        words: pending ? t('panel.now.wantsToRun') : t('panel.now.wantsConfirmation'),
        code: pending?.code ?? null,
        codeIsPath: pending?.codeIsPath ?? false,
        since: pending ? timeOfRow(input.rows, pending.key) : null,
      };
    }
    case 'awaiting_user_input':
      return {
        ...base('reply', 'blue'),
        headline: t('panel.now.needsYou'),
        words: t('panel.now.waitingForReply'),
        since: lastActivityAt(input.rows),
      };
    case 'finished':
      return finished(input);
    case 'paused':
      return { ...base('paused', 'yellow'), headline: t('panel.now.paused') };
    case 'stopped':
      return { ...base('paused', 'yellow'), headline: t('panel.now.agentStopped') };
    case 'rejected':
      return { ...base('finished', 'grey'), headline: t('panel.now.declined') };
    case 'error':
      return problemState('error', describeProblem(latestError()), false);
    case 'rate_limited':
      return {
        ...working(input),
        tone: 'yellow',
        problem: describeProblem({ state: 'rate_limited' }),
      };
    case 'loading':
    case 'init':
      return { ...base('starting', 'yellow'), headline: t('panel.now.startingAgent'), busy: true };
    case null:
      break;
    default:
      // running, user_confirmed, user_rejected, and states newer than this code.
      return working(input);
  }
  if (status === 'STARTING') {
    return {
      ...base('starting', 'yellow'),
      headline: conversationStatusWords('STARTING'),
      busy: true,
    };
  }
  if (status === 'RUNNING') return working(input);
  return { ...base('unknown', 'grey'), headline: t('panel.status.unknown') };
}

function timeOfRow(rows: readonly TimelineRow[], key: string): string | null {
  for (let index = rows.length - 1; index >= Math.max(0, rows.length - LOOK_BACK); index--) {
    const row = rows[index] as TimelineRow;
    if (row.key === key) return row.primary.event.timestamp ?? null;
  }
  return null;
}

function finished(input: NowInput): NowState {
  return {
    ...base('finished', 'green'),
    headline: t('panel.now.finished'),
    since: lastActivityAt(input.rows),
  };
}

function working(input: NowInput): NowState {
  const step = stepUnderWay(input.rows);
  if (step) {
    const view = viewOf(step);
    return {
      ...base('working', 'green'),
      words: view.title,
      code: view.code,
      codeIsPath: view.codeIsPath,
      since: step.primary.event.timestamp ?? null,
      busy: true,
    };
  }
  return {
    ...base('working', 'green'),
    words: t('panel.now.thinking'),
    since: lastActivityAt(input.rows),
    busy: true,
  };
}
