// A stream snapshot for unit tests: live, caught up, nothing counted, and a conversation that
// knows nothing yet unless the test says what it knows.
import type { Generation } from '@/lib/api/generation';
import type { StreamSnapshot } from './stream-snapshot';

export function testSnapshot(
  generation: Generation,
  conversation: Partial<StreamSnapshot['conversation']>,
): StreamSnapshot {
  return {
    conversationId: 'c1',
    generation,
    transport: { phase: 'live' },
    synced: true,
    historyError: null,
    conversation: {
      title: null,
      status: 'RUNNING',
      runtimeStatus: null,
      agentState: null,
      sandboxStatus: null,
      executionStatus: null,
      error: null,
      notFound: false,
      question: null,
      ...conversation,
    },
    counters: { received: 0, duplicates: 0, malformed: 0, oversized: 0, reconnects: 0 },
    hasOlder: false,
    lastEventAt: null,
    stateFromLive: true,
  };
}
