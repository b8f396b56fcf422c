/**
 * What the worker needs to know about one frame, read without zod (the worker's bundle
 * budget rules out the full event schemas; the side panel parses events fully).
 */
import type { Generation } from '@/lib/api/generation';
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
   * Sent to subscribers but never stored by the server (the state pushed on subscribe,
   * streaming deltas): applied as state, never cached, so the cache equals the server's log.
   */
  ephemeral?: boolean;
}

export type FactsReader = (raw: Record<string, unknown>) => EventFacts | null;
