// Conversation state in plain English (docs/ui/status-words.md#status-pill-priority,
// docs/ui/status-words.md#runtime-status-and-error-texts): one label and one colour for the status
// pill, decided in the web UI's priority order, with two deliberate differences: a finished agent
// says "Finished" (the web UI says "Waiting for task"), and a stopped conversation is grey rather
// than red, because stopping is not a failure.

import { agentStateOfExecution } from '@/lib/api/agent-state';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import { humanise, wordsFor } from '@/lib/i18n/words';
import type { TransportState } from '@/lib/messaging/stream-snapshot';

export { agentStateOfExecution };

export type Tone = 'red' | 'yellow' | 'orange' | 'blue' | 'green' | 'grey';

export interface StatusWords {
  label: string;
  tone: Tone;
  /** A longer explanation (tooltip, second line), when there is one. */
  detail: string | null;
}

/**
 * Words for a V0 agent state (docs/ui/status-words.md#status-pill-priority,
 * docs/contract/events.md#v0-agent-states); unknown states are humanised.
 */
export function agentStateWords(state: string): string {
  return wordsFor('panel.agentState.', state) ?? humanise(state);
}

/** Words for a V1 execution status (docs/contract/v1-app-server.md#execution-status). */
export function executionStatusWords(status: string): string {
  return wordsFor('panel.executionStatus.', status) ?? humanise(status);
}

/**
 * Words for a runtime status (docs/contract/v0-rest.md#runtime-status,
 * docs/ui/status-words.md#runtime-status-and-error-texts), e.g. `STATUS$STARTING_RUNTIME`.
 */
export function runtimeStatusWords(status: string): string {
  return wordsFor('panel.runtimeStatus.', status) ?? humanise(status);
}

/** Words for a conversation status (docs/contract/v0-rest.md#conversation-status). */
export function conversationStatusWords(status: string): string {
  return wordsFor('panel.conversationStatus.', status) ?? humanise(status);
}

/** Words for a V1 sandbox status (docs/contract/v1-app-server.md#sandbox-status). */
export function sandboxStatusWords(status: string): string {
  return wordsFor('panel.sandboxStatus.', status) ?? humanise(status);
}

/**
 * Words for a V1 start-task status (docs/ui/status-words.md#start-task-words, our table rather than
 * every word capitalised).
 */
export function startTaskWords(status: string | null | undefined, detail?: string | null): string {
  if (status === 'ERROR')
    return detail ? t('panel.startTask.errorWith', { detail }) : t('panel.startTask.ERROR');
  return (
    (status && wordsFor('panel.startTask.', status)) ??
    (status ? humanise(status) : t('panel.startTask.WORKING'))
  );
}

/**
 * The text of a known `AGENT_ERROR$…` / `STATUS$…` id, e.g. a V0 error observation's `error_id`.
 */
export function errorIdWords(id: string | null | undefined): string | null {
  if (!id) return null;
  return (
    wordsFor('panel.errorId.', id) ??
    (id.startsWith('STATUS$') ? wordsFor('panel.runtimeStatus.', id) : null)
  );
}

/**
 * Agent states in which the runtime status no longer matters
 * (docs/ui/status-words.md#status-pill-priority).
 */
const readyStates = new Set([
  'awaiting_user_input',
  'running',
  'finished',
  'paused',
  'awaiting_user_confirmation',
  'user_confirmed',
  'user_rejected',
]);

const runtimeFine = new Set([
  'STATUS$READY',
  'STATUS$RUNTIME_STARTED',
  'STATUS$CONNECTED',
  'STATUS$CONNECTED_TO_SERVER',
]);

export function isRuntimeError(status: string): boolean {
  return status.includes('ERROR') || status === 'CHAT_INTERFACE$AGENT_RATE_LIMITED_STOPPED_MESSAGE';
}

function toneOfAgentState(state: string): Tone {
  switch (state) {
    case 'error':
    case 'stopped':
      return 'red';
    case 'loading':
    case 'init':
    case 'paused':
    case 'rejected':
    case 'rate_limited':
    case 'deleting':
      return 'yellow';
    case 'awaiting_user_confirmation':
      return 'orange';
    case 'awaiting_user_input':
      return 'blue';
    default:
      return 'green';
  }
}

/**
 * The stream was lost and is being got back: waiting for the next attempt, or in one. What the
 * agent last said is as old as the loss, so the connection is what a person is told.
 */
export function isReconnecting(transport: TransportState | null | undefined): boolean {
  return (
    transport?.phase === 'retrying' || (transport?.phase === 'connecting' && transport.attempt > 0)
  );
}

export interface StatusInput {
  generation: Generation;
  status?: string | null;
  runtimeStatus?: string | null;
  agentState?: string | null;
  executionStatus?: string | null;
  sandboxStatus?: string | null;
  transport?: TransportState | null;
  /** A stop was asked for and the conversation has not stopped yet. */
  stopping?: boolean;
  /** A V1 start task still in progress or failed. */
  startTask?: { status?: string | null; detail?: string | null } | null;
  error?: string | null;
  notFound?: boolean;
}

/**
 * The status pill: the first rule that applies wins, as in the web UI
 * (docs/ui/status-words.md#status-pill-priority), with a label for every value the contract names
 * and a readable fallback for the rest.
 */
export function statusWords(input: StatusInput): StatusWords {
  if (input.notFound)
    return { label: t('panel.status.notFound'), tone: 'red', detail: input.error ?? null };
  const task = input.startTask;
  if (task?.status === 'ERROR') {
    return { label: t('panel.startTask.ERROR'), tone: 'red', detail: task.detail ?? null };
  }
  if (task && task.status !== 'READY') {
    return {
      label: startTaskWords(task.status, null),
      tone: 'yellow',
      detail: task.detail ?? null,
    };
  }
  if (input.stopping) return { label: t('panel.status.stopping'), tone: 'yellow', detail: null };

  const agent =
    input.generation === 'v1'
      ? agentStateOfExecution(input.executionStatus)
      : (input.agentState ?? null);
  const status = input.status ?? null;
  const runtime = input.runtimeStatus ?? null;

  if (status === 'ERROR') {
    return { label: conversationStatusWords('ERROR'), tone: 'red', detail: input.error ?? null };
  }
  if (status === 'ARCHIVED') {
    return { label: conversationStatusWords('ARCHIVED'), tone: 'grey', detail: null };
  }
  if (status === 'STOPPED' || runtime === 'STATUS$STOPPED') {
    const detail = agent === 'finished' ? t('panel.status.stoppedAfterFinishing') : null;
    return { label: conversationStatusWords('STOPPED'), tone: 'grey', detail };
  }
  if (input.generation === 'v1' && input.sandboxStatus && input.sandboxStatus !== 'RUNNING') {
    const tone: Tone =
      input.sandboxStatus === 'STARTING'
        ? 'yellow'
        : input.sandboxStatus === 'ERROR'
          ? 'red'
          : 'grey';
    return { label: sandboxStatusWords(input.sandboxStatus), tone, detail: null };
  }
  if (runtime && !runtimeFine.has(runtime) && !(agent && readyStates.has(agent))) {
    return {
      label: runtimeStatusWords(runtime),
      tone: isRuntimeError(runtime) ? 'red' : 'yellow',
      detail: isRuntimeError(runtime) ? (input.error ?? null) : null,
    };
  }
  // A lost stream wins over the agent's last known state: that state may be minutes old, and
  // "Waiting for your confirmation" with the server gone would send the person to a dead button.
  const transport = input.transport;
  if (transport?.phase === 'failed') {
    return {
      label: t('panel.status.offline'),
      tone: 'red',
      detail: streamWords(transport, Date.now()),
    };
  }
  if (isReconnecting(transport)) {
    return {
      label: t('panel.status.reconnecting'),
      tone: 'yellow',
      detail: streamWords(transport, Date.now()),
    };
  }
  if (!agent && transport?.phase === 'connecting') {
    return { label: t('panel.status.connecting'), tone: 'yellow', detail: null };
  }
  if (agent) {
    const label =
      input.generation === 'v1' && input.executionStatus
        ? executionStatusWords(input.executionStatus)
        : agentStateWords(agent);
    const detail = agent === 'error' ? (input.error ?? null) : null;
    return { label, tone: toneOfAgentState(agent), detail };
  }
  if (status === 'STARTING')
    return { label: conversationStatusWords('STARTING'), tone: 'yellow', detail: null };
  if (status === 'RUNNING')
    return { label: conversationStatusWords('RUNNING'), tone: 'green', detail: null };
  if (status) return { label: conversationStatusWords(status), tone: 'grey', detail: null };
  return { label: t('panel.status.unknown'), tone: 'grey', detail: null };
}

/** The live stream in words: "Live", "Reconnecting in 4 s (the server did not answer)", … */
export function streamWords(transport: TransportState | null | undefined, now: number): string {
  if (!transport) return t('panel.stream.unknown');
  switch (transport.phase) {
    case 'idle':
      return t('panel.stream.idle');
    case 'connecting':
      return transport.attempt > 1
        ? t('panel.stream.connectingAttempt', { attempt: transport.attempt })
        : t('panel.stream.connecting');
    case 'live':
      return t('panel.stream.live');
    case 'retrying': {
      const seconds = Math.max(0, Math.ceil((transport.retryAt - now) / 1000));
      return t('panel.stream.retrying', {
        seconds,
        reason: failureWords(transport.reason, transport.detail),
      });
    }
    case 'failed':
      return t('panel.stream.failed', { reason: failureWords(transport.reason, transport.detail) });
    case 'stopped':
      return t('panel.stream.stopped');
  }
}

export function failureWords(reason: string, detail?: string): string {
  const words = wordsFor('panel.streamFailure.', reason) ?? humanise(reason);
  return detail && reason === 'refused' ? `${words}: ${detail}` : words;
}
