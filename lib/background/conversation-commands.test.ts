import { describe, expect, it, vi } from 'vitest';
import type { ConversationStream } from '@/lib/stream/conversation-stream';
import { controlConversation } from './conversation-commands';
import type { StreamHub } from './stream-hub';

const calls: { name: string; params: unknown }[] = [];
vi.mock('./service-client', () => ({
  serviceConnection: async () => ({
    client: {
      call: async (name: string, params: unknown) => {
        calls.push({ name, params });
        return {};
      },
    },
  }),
}));

const AGENT = 'http://agent.test/api/conversations/c1';

/** A watched stream whose record was read while the sandbox was starting (no agent address). */
function streamReadWhileStarting() {
  let info: { conversation_url: string | null; session_api_key: string | null } = {
    conversation_url: null,
    session_api_key: null,
  };
  const stream = {
    generation: 'v1',
    v1Info: () => info,
    refresh: vi.fn(async () => {
      info = { conversation_url: AGENT, session_api_key: 'sk' };
    }),
  };
  const hub = { watch: async () => stream as unknown as ConversationStream };
  return { stream, hub: hub as unknown as StreamHub };
}

describe('controlling a V1 conversation', () => {
  it('reads the record again when the stream’s copy has no agent address yet, instead of calling the sandbox not running', async () => {
    calls.length = 0;
    const { stream, hub } = streamReadWhileStarting();
    await controlConversation(hub, { conversationId: 'c1', generation: 'v1', action: 'pause' });
    expect(stream.refresh).toHaveBeenCalled();
    expect(calls.find((call) => call.name === 'agent.pause')?.params).toEqual({
      conversation: { conversation_url: AGENT, session_api_key: 'sk' },
    });
  });

  it('still says the sandbox is not running when the record read again has no address either', async () => {
    const { stream, hub } = streamReadWhileStarting();
    stream.refresh.mockImplementation(async () => {});
    await expect(
      controlConversation(hub, { conversationId: 'c1', generation: 'v1', action: 'pause' }),
    ).rejects.toThrow(/sandbox is not running/);
  });
});
