import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { ConversationStream } from '@/lib/stream/conversation-stream';
import { controlConversation, sendMessage } from './conversation-commands';
import type { StreamHub } from './stream-hub';

const calls: { name: string; params: unknown }[] = [];
/** What the server answers a call by name, when not `{}`. */
const failures = new Map<string, Error>();
vi.mock('./service-client', () => ({
  serviceConnection: async () => ({
    client: {
      call: async (name: string, params: unknown) => {
        calls.push({ name, params });
        const failure = failures.get(name);
        if (failure) throw failure;
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

describe('a message to an agent server at its run limit', () => {
  function runningStream() {
    const stream = {
      generation: 'v1',
      v1Info: () => ({
        sandbox_status: 'RUNNING',
        conversation_url: AGENT,
        session_api_key: 'sk',
      }),
      refresh: vi.fn(async () => {}),
    };
    return { watch: async () => stream as unknown as ConversationStream } as unknown as StreamHub;
  }
  const params = { conversationId: 'c1', generation: 'v1' as const, text: 'Go on.', imageUrls: [] };

  it('counts as sent, so the person does not send it twice, and says the run was refused', async () => {
    failures.set(
      'agent.sendMessage',
      new ApiError('rate-limited', 'The server is already running…', {
        status: 429,
        limit: 'run-capacity',
      }),
    );
    await expect(sendMessage(runningStream(), params)).resolves.toEqual({
      sent: true,
      runRefused: true,
    });
    failures.clear();
  });

  it('still fails for any other refusal', async () => {
    failures.set('agent.sendMessage', new ApiError('rate-limited', 'Too many requests', {}));
    await expect(sendMessage(runningStream(), params)).rejects.toThrow('Too many requests');
    failures.clear();
  });
});
