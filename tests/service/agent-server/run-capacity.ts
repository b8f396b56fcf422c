// An agent server's run capacity (`max_concurrent_runs`, `OH_MAX_CONCURRENT_RUNS`, default 10;
// gate `runCapacity`, 1.54.0). Upstream (conversation_service.py `RunSlot`, event_service.py
// `ConversationRunLimitExceeded`, answered by api.py's handler with 429 and the detail only, no
// Retry-After; .agents/skills/verify-agent-server feature map F05, F06, F08, F31):
// - a slot is held while a conversation runs; creating a conversation needs a free one too (a
//   create at capacity is 429 before anything is written; a create of an id the server already
//   has is the idempotent 200 and needs none);
// - `POST …/run` at capacity is 429 and the conversation stays as it was (409 "already running"
//   comes first);
// - `POST …/events` with `run: true` stores the message, then answers 429 "Message saved, but …"
//   (a socket frame gets the same as a ServerErrorEvent `ConversationRunLimitExceeded`); to a
//   conversation that is running it is a 200 and no second run;
// - accepting a confirmation at capacity is 429 and the action waits on; rejecting needs none.
// In Docker runtime mode every container is an agent server with capacity of its own.
import { toDashed } from '../core/ids';
import type { AppConversationRecord } from '../core/state';
import { HttpError, json } from '../http/respond';
import type { AgentServerDomain } from '../v1/agent-server-domain';

export const RUN_LIMIT_DETAIL = 'Conversation run limit reached. Retry the request later.';

export function messageSavedDetail(conversationHex: string): string {
  return `Message saved, but the conversation run limit was reached. Retry POST /api/conversations/${toDashed(conversationHex)}/run without resending the message.`;
}

export class RunCapacity {
  /** Slots taken by runs the admin helper pretends are going on, by server scope. */
  private readonly held = new Map<string, number>();

  constructor(private readonly domain: AgentServerDomain) {}

  private get limit(): number {
    return this.domain.servers.options.maxConcurrentRuns;
  }

  applies(): boolean {
    return !this.domain.release.legacy && this.domain.release.has('runCapacity');
  }

  inUse(scope: string): number {
    const running = this.domain
      .conversationsOn(scope)
      .filter((record) => record.sandbox_id === scope && record.execution_status === 'running');
    return running.length + (this.held.get(scope) ?? 0);
  }

  full(scope: string): boolean {
    return this.applies() && this.inUse(scope) >= this.limit;
  }

  /** Takes `slots` slots on `scope` (admin helper; 0 gives them back). */
  hold(scope: string, slots: number): void {
    if (slots > 0) this.held.set(scope, slots);
    else this.held.delete(scope);
  }

  private refuse(detail: string): HttpError {
    return new HttpError(json({ detail }, 429));
  }

  /** `start_conversation`: a new conversation needs a slot; an id the server has does not. */
  beforeCreate(scope: string, conversationHex: string | null): void {
    if (conversationHex !== null && this.domain.find(scope, conversationHex)) return;
    if (this.full(scope)) throw this.refuse(RUN_LIMIT_DETAIL);
  }

  /** `run()`: after the 409 of a running conversation, before anything starts. */
  beforeRun(scope: string, record: AppConversationRecord): void {
    if (record.execution_status === 'running') return;
    if (this.full(scope)) throw this.refuse(RUN_LIMIT_DETAIL);
  }

  /** Accepting a confirmation resumes the run; rejecting it does not. */
  beforeConfirmation(scope: string, record: AppConversationRecord, accept: boolean): void {
    if (accept) this.beforeRun(scope, record);
  }

  /**
   * A message with `run: true`: stored in any case; null when the run may go on, else the words
   * of the refusal (the REST route answers them with 429, the socket as a ServerErrorEvent).
   */
  refusalFor(scope: string, record: AppConversationRecord, run: boolean): string | null {
    if (!run || record.execution_status === 'running' || !this.full(scope)) return null;
    return messageSavedDetail(record.id);
  }

  messageRefused(detail: string): HttpError {
    return this.refuse(detail);
  }
}

const capacities = new WeakMap<AgentServerDomain, RunCapacity>();

export function runCapacityOf(domain: AgentServerDomain): RunCapacity {
  let capacity = capacities.get(domain);
  if (!capacity) {
    capacity = new RunCapacity(domain);
    capacities.set(domain, capacity);
  }
  return capacity;
}
