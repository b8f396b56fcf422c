// A stream snapshot for unit tests: live, caught up, nothing counted, and a conversation that
// knows nothing yet unless the test says what it knows.
import type { Generation } from '@/lib/api/generation';
import { type StreamSnapshot, unknownConversation, zeroCounters } from './stream-snapshot';

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
    conversation: { ...unknownConversation(), status: 'RUNNING', ...conversation },
    counters: zeroCounters(),
    hasOlder: false,
    lastEventAt: null,
    stateFromLive: true,
  };
}
