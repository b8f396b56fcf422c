import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { ConversationStream } from '@/lib/stream/conversation-stream';
import { answerQuestion, controlConversation, sendMessage } from './conversation-commands';
import type { StreamHub } from './stream-hub';

const calls: { name: string; params: unknown }[] = [];
/** What the server answers a call by name, whenever it is made. */
const failures = new Map<string, Error>();
/** What the next calls answer, in turn (then `{}`): an error is thrown. */
const answers: unknown[] = [];
vi.mock('./service-client', () => ({
  serviceConnection: async () => ({
    client: {
      call: async (name: string, params: unknown) => {
        calls.push({ name, params });
        const failure = failures.get(name);
        if (failure) throw failure;
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next ?? {};
      },
    },
  }),
}));

const AGENT = 'http://agent.test/api/conversations/c1';

beforeEach(() => {
  calls.length = 0;
  failures.clear();
  answers.length = 0;
});

/** A hub whose watched conversation is this stand-in for its worker stream. */
function hubOf(stream: object): StreamHub {
  return { watch: async () => stream as unknown as ConversationStream } as unknown as StreamHub;
}

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
  return { stream, hub: hubOf(stream) };
}

describe('controlling a V1 conversation', () => {
  it('reads the record again when the stream’s copy has no agent address yet, instead of calling the sandbox not running', async () => {
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
    return hubOf(stream);
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
  });

  it('still fails for any other refusal', async () => {
    failures.set('agent.sendMessage', new ApiError('rate-limited', 'Too many requests', {}));
    await expect(sendMessage(runningStream(), params)).rejects.toThrow('Too many requests');
  });
});

/** A watched, running V1 conversation whose worker stream knows this question to be open. */
function streamAsking(open: string | null, answered = false) {
  const stream = {
    generation: 'v1',
    v1Info: () => ({ conversation_url: AGENT, session_api_key: 'sk' }),
    refresh: vi.fn(async () => {}),
    snapshot: () => ({
      conversation: {
        question: open ? { requestId: open, text: 'Which sign-in?', answered } : null,
      },
    }),
  };
  return { stream, hub: hubOf(stream) };
}

const jwt = { option_id: 'jwt', label: 'JWT bearer tokens' };

/** The panel's answer to question req-1 of conversation c1 (an acceptance with no choices). */
function answer(hub: StreamHub, request: Partial<Parameters<typeof answerQuestion>[1]> = {}) {
  return answerQuestion(hub, {
    conversationId: 'c1',
    generation: 'v1',
    requestId: 'req-1',
    action: 'accept',
    answers: {},
    ...request,
  });
}

describe('answering the agent’s question', () => {
  it('sends the choices as lists by question id to the conversation’s agent server', async () => {
    const { stream, hub } = streamAsking('req-1');
    await answer(hub, { answers: { auth: [jwt] } });
    expect(calls).toEqual([
      {
        name: 'agent.respondToAskUser',
        params: {
          conversation: { conversation_url: AGENT, session_api_key: 'sk' },
          request_id: 'req-1',
          action: 'accept',
          answers: { auth: [jwt] },
        },
      },
    ]);
    expect(stream.refresh).toHaveBeenCalled();
  });

  it('sends no choices with a decline, whatever the page sent', async () => {
    const { hub } = streamAsking('req-1');
    await answer(hub, { action: 'decline', answers: { auth: [jwt] } });
    expect(calls[0]?.params).toMatchObject({ action: 'decline', answers: {} });
  });

  it('sends one object per question once more when the first 1.54 form refuses the lists', async () => {
    answers.push(new ApiError('validation', 'Some fields need attention.', { status: 422 }));
    const { hub } = streamAsking('req-1');
    await answer(hub, { answers: { auth: [jwt] } });
    expect(calls.map((call) => (call.params as { answers: unknown }).answers)).toEqual([
      { auth: [jwt] },
      { auth: jwt },
    ]);
  });

  it('does not try another form for several choices, nor for any other refusal', async () => {
    const refused = [
      {
        error: new ApiError('validation', 'Some fields need attention.', { status: 422 }),
        answers: { auth: [jwt, { option_id: 'session', label: 'Sessions' }] },
      },
      {
        error: new ApiError('conflict', 'Conflict', {
          status: 409,
          serverMessage: 'No pending ask_user request for this conversation.',
        }),
        answers: { auth: [jwt] },
      },
    ];
    for (const { error, answers: picked } of refused) {
      calls.length = 0;
      answers.push(error);
      const { hub } = streamAsking('req-1');
      await expect(answer(hub, { answers: picked })).rejects.toBe(error);
      expect(calls).toHaveLength(1);
    }
  });

  it('refuses, without sending, an answer to a question other than the open one', async () => {
    const { hub } = streamAsking('req-2');
    await expect(answer(hub, { action: 'cancel' })).rejects.toMatchObject({
      kind: 'conflict',
      msgId: 'HANDOFF$QUESTION_CLOSED',
    });
    expect(calls).toEqual([]);
  });

  it('refuses, without sending, a second answer to a question its stream saw answered', async () => {
    const { hub } = streamAsking('req-1', true);
    await expect(answer(hub, { action: 'decline' })).rejects.toMatchObject({
      kind: 'conflict',
      msgId: 'HANDOFF$QUESTION_CLOSED',
    });
    expect(calls).toEqual([]);
  });

  it('leaves the server to judge when the worker knows of no open question', async () => {
    const { hub } = streamAsking(null);
    await answer(hub, { action: 'cancel' });
    expect(calls.map((call) => call.name)).toEqual(['agent.respondToAskUser']);
  });

  it('refuses a classic (V0) conversation: its agents ask nothing', async () => {
    const { hub } = streamAsking('req-1');
    await expect(answer(hub, { generation: 'v0', action: 'cancel' })).rejects.toMatchObject({
      kind: 'bad-request',
    });
  });
});
