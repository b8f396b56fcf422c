import { type ActionFacts, type AskUserFacts, readEventEnvelope } from '@/lib/api/envelope';
import type { Generation } from '@/lib/api/generation';

/**
 * What the worker needs to know about one frame, read without zod (the worker's bundle
 * budget rules out the full event schemas; the side panel parses events fully).
 */
export interface EventFacts {
  generation: Generation;
  /** Same de-duplication key as lib/api's parseEvent; null for V0 status payloads. */
  key: string | null;
  id: number | string | null;
  timestamp: string | null;
  /** V0 action/observation name or V1 kind. */
  typeName: string | null;
  /** V0: agent_state_changed (stored or the id-less closing notice). */
  agentState?: string;
  /** V0 status_update payloads: runtime progress or a runtime error. */
  runtimeStatus?: { level: string; id: string | null; message: string | null };
  /** V0 {error: true} payloads and V1 conversation-level errors. */
  error?: string;
  /** V0 title-changed payload. */
  title?: string;
  /** V1 execution_status from a state update (full_state or execution_status). */
  executionStatus?: string;
  /**
   * V1: the agent asks the person (`answered: false`, with the first question's text) or a
   * question is answered (`answered: true`); agent servers 1.54+.
   */
  askUser?: AskUserFacts;
  /** An action that may wait for the person's go-ahead (see lib/api/envelope.ts). */
  action?: ActionFacts;
  /** The key of the action this event answers. */
  answers?: string;
  /**
   * Sent to subscribers but never stored by the server (the state pushed on subscribe,
   * streaming deltas): applied as state, never cached, so the cache equals the server's log.
   */
  ephemeral?: boolean;
}

export type FactsReader = (raw: Record<string, unknown>) => EventFacts | null;

/** V1 kinds the server pushes to subscribers without storing them. */
const unstoredKinds = new Set(['StreamingDeltaEvent']);

/** The stream's view of a frame, from lib/api's zod-free envelope reader. */
export function eventFacts(raw: Record<string, unknown>): EventFacts | null {
  const envelope = readEventEnvelope(raw);
  if (!envelope.generation) return null;
  const facts: EventFacts = {
    generation: envelope.generation,
    key: envelope.key,
    id: envelope.id,
    timestamp: envelope.timestamp,
    typeName: envelope.typeName,
  };
  if (envelope.agentState) facts.agentState = envelope.agentState;
  if (envelope.runtimeStatus) {
    facts.runtimeStatus = {
      level: envelope.runtimeStatus.level,
      id: envelope.runtimeStatus.statusId,
      message: envelope.runtimeStatus.message,
    };
  }
  if (envelope.titleChange) facts.title = envelope.titleChange.title;
  if (envelope.errorNotice)
    facts.error = envelope.errorNotice.message ?? 'The server reported an error.';
  if (envelope.conversationError) {
    facts.error =
      envelope.conversationError.detail ??
      envelope.conversationError.code ??
      'The conversation failed.';
    facts.executionStatus = 'error';
  }
  if (envelope.executionStatus) facts.executionStatus = envelope.executionStatus;
  if (envelope.askUser) facts.askUser = envelope.askUser;
  if (envelope.action) facts.action = envelope.action;
  if (envelope.answers) facts.answers = envelope.answers;
  // The state pushed on subscribe is generated for that subscriber, not stored (upstream
  // agent server: EventService.subscribe_to_events), so keeping it would make the cache
  // differ from the server's log after every reconnect.
  if (envelope.stateField === 'full_state' || unstoredKinds.has(envelope.typeName ?? '')) {
    facts.ephemeral = true;
  }
  return facts;
}
