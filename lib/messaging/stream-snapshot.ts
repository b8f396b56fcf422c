// What the worker tells panels about a watched conversation: its events as they arrive and a
// snapshot of the stream (transport, counters, the conversation's state). The panels' whole
// view of a stream; the worker's own bookkeeping stays in lib/stream.
import type { ActionFacts } from '@/lib/api/envelope';
import type { Generation } from '@/lib/api/generation';

/** One event as it travels: its order key (the cache's sort key) and the server's raw object. */
export interface StreamEntry {
  order: string;
  raw: Record<string, unknown>;
}

/** Why a stream is not live, in terms the panel can put into words. */
export type StreamFailure =
  | 'unauthorized'
  | 'not-found'
  | 'refused'
  | 'no-answer'
  | 'unreachable'
  | 'too-many-connections'
  /** The sandbox restarted and the agent's login must be activated again. */
  | 'credential-binding'
  /** Docker runtime mode: the conversation's container could not start. */
  | 'runtime-failed';

export type TransportState =
  | { phase: 'idle' }
  | { phase: 'connecting'; attempt: number }
  | { phase: 'live' }
  /** Lost or refused for a reason that may pass: a retry is scheduled. */
  | { phase: 'retrying'; attempt: number; retryAt: number; reason: StreamFailure; detail?: string }
  /** Will not get better by retrying (bad key, unknown conversation): needs the person. */
  | { phase: 'failed'; reason: StreamFailure; detail?: string }
  | { phase: 'stopped' };

export interface ConversationFacts {
  title: string | null;
  /** V0 ConversationStatus (V1 conversations: derived from the sandbox status). */
  status: string | null;
  runtimeStatus: string | null;
  agentState: string | null;
  sandboxStatus: string | null;
  executionStatus: string | null;
  /** The last error worth showing, in the server's words. */
  error: string | null;
  notFound: boolean;
  /**
   * The agent's question (V1, agent servers 1.54+): open, so what a `waiting_for_confirmation`
   * conversation waits for is an answer, not a confirmation; or `answered`, the status not yet
   * moved on from that wait (the agent is about to resume). `text` is its first question, cut
   * short.
   */
  question: {
    requestId: string;
    text: string | null;
    answered?: boolean;
    /**
     * Set only for a request of exactly one question with one or two choices (labels of at most
     * 200 characters): what a notification can offer as buttons.
     */
    choices?: { questionId: string; options: { id: string; label: string }[] };
  } | null;
  /**
   * The newest action the agent has not yet had answered, when it waits for the person's
   * go-ahead (what a confirmation is about); null otherwise. Its words are cut short.
   */
  action: PendingAction | null;
}

/**
 * What an agent wants to do, as a notification names it: the action event's facts
 * (lib/api/envelope.ts) and its key. Plain text, never markup.
 */
export type PendingAction = Omit<ActionFacts, 'awaiting'> & {
  /** The event's de-duplication key: the very action a notification showed. */
  key: string;
};

/** A conversation the stream knows nothing of yet: where a stream starts, and tests with it. */
export function unknownConversation(): ConversationFacts {
  return {
    title: null,
    status: null,
    runtimeStatus: null,
    agentState: null,
    sandboxStatus: null,
    executionStatus: null,
    error: null,
    notFound: false,
    question: null,
    action: null,
  };
}

export interface StreamCounters {
  received: number;
  duplicates: number;
  malformed: number;
  /** Frames over the oversized-event limit: kept, and counted so the panel can say so. */
  oversized: number;
  reconnects: number;
}

export function zeroCounters(): StreamCounters {
  return { received: 0, duplicates: 0, malformed: 0, oversized: 0, reconnects: 0 };
}

export interface StreamSnapshot {
  conversationId: string;
  generation: Generation;
  transport: TransportState;
  /** False until the first catch-up finished: state changes before then are history. */
  synced: boolean;
  /**
   * Why the first catch-up failed, in the server's or the network's words (it is tried again);
   * null once it succeeded. An empty history with this set is not an empty conversation.
   */
  historyError: string | null;
  conversation: ConversationFacts;
  counters: StreamCounters;
  hasOlder: boolean;
  /** Receive time (client clock) of the newest event. */
  lastEventAt: number | null;
  /** The current state was set by a frame of the live stream, not read from history. */
  stateFromLive: boolean;
}
