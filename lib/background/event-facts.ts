import { readEventEnvelope } from '@/lib/api/envelope';
import type { EventFacts } from '@/lib/stream/facts';

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
  // The state pushed on subscribe is generated for that subscriber, not stored (upstream
  // agent server: EventService.subscribe_to_events), so keeping it would make the cache
  // differ from the server's log after every reconnect.
  if (envelope.stateField === 'full_state' || unstoredKinds.has(envelope.typeName ?? '')) {
    facts.ephemeral = true;
  }
  return facts;
}
