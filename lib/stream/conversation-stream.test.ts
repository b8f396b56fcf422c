import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { CachedEvent, StreamCursor } from './cache';
import {
  ConversationStream,
  type ConversationStreamDeps,
  type EventStore,
} from './conversation-stream';
import { eventFacts } from './event-facts';
import { v0OrderKey } from './order';
import type { StreamTransport } from './transport';

const ID = 'c0ffee';

const event = (id: number) => ({
  id,
  timestamp: '2025-01-20T10:00:00',
  source: 'agent',
  observation: 'run',
  content: `line ${id}`,
  extras: { command: 'ls' },
});

/** An IndexedDB stand-in that keeps what the stream writes, as the cache does. */
class MemoryStore implements EventStore {
  events = new Map<string, CachedEvent>();
  cursor: StreamCursor | undefined;
  /** Makes reads slow, as a busy IndexedDB is right after a worker starts. */
  readDelayMs = 0;
  async cacheEvents(events: readonly CachedEvent[], cursor?: StreamCursor) {
    for (const cached of events) this.events.set(cached.order, cached);
    if (cursor) this.cursor = cursor;
  }
  async readCursor() {
    await new Promise((resolve) => setTimeout(resolve, this.readDelayMs));
    return this.cursor;
  }
  async readCachedOrders() {
    return [...this.events.keys()].sort();
  }
  hold(ids: number[]) {
    for (const id of ids) {
      this.events.set(v0OrderKey(id), {
        conversationId: ID,
        order: v0OrderKey(id),
        key: `0:${id}`,
        raw: event(id),
      });
    }
  }
}

/** What every stream here is built with; each test names what it needs besides. */
function depsWith(
  overrides: Partial<ConversationStreamDeps> & Pick<ConversationStreamDeps, 'caller'>,
): ConversationStreamDeps {
  return {
    serverUrl: 'http://127.0.0.1:3000',
    socketFallbackKey: null,
    facts: eventFacts,
    store: new MemoryStore(),
    createV0Transport: () => ({}) as StreamTransport,
    createV1Transport: () => ({}) as StreamTransport,
    resolveUrl: (reference) => new URL(reference, 'http://127.0.0.1:3000'),
    agentServerBase: (url) => url.replace(/\/api\/conversations\/.*$/, ''),
    onEntries() {},
    onSnapshot() {},
    pollMs: { starting: 60_000, idle: 60_000 },
    ...overrides,
  };
}

/** A stopped conversation whose log the service serves page by page, as V0's events route. */
function streamOver(store: MemoryStore, log: number) {
  const all = Array.from({ length: log }, (_, id) => event(id));
  const deps = depsWith({
    store,
    caller: {
      async call(name, params) {
        if (name === 'v0.getConversation') return { conversation_id: ID, status: 'STOPPED' };
        const query = params as {
          start_id?: number;
          end_id?: number;
          reverse?: boolean;
          limit: number;
        };
        let list = all.filter(
          (e) =>
            e.id >= (query.start_id ?? 0) && (query.end_id === undefined || e.id <= query.end_id),
        );
        if (query.reverse) list = list.reverse();
        return { events: list.slice(0, query.limit), has_more: list.length > query.limit };
      },
    },
  });
  return new ConversationStream(ID, 'v0', deps);
}

describe('ConversationStream', () => {
  let stream: ConversationStream | undefined;
  afterEach(() => stream?.stop());

  it('writes no cursor before it has read the stored one, so a panel watching early cannot erase it', async () => {
    const store = new MemoryStore();
    store.hold([0, 1, 2]);
    store.cursor = {
      conversationId: ID,
      generation: 'v0',
      contiguousId: 2,
      highestId: 2,
      updatedAt: 1,
    };
    store.readDelayMs = 30;
    stream = streamOver(store, 3);
    const started = stream.start();
    // A panel subscribes while the worker is still reading: the hub flushes for it.
    await stream.flush();
    expect(store.cursor?.contiguousId).toBe(2);
    await started;
    expect(store.cursor?.contiguousId).toBe(2);
  });

  it('without a cursor, reads older history down from the newest page, leaving no hole above what the cache holds', async () => {
    const store = new MemoryStore();
    // An old part of the log is cached, but its cursor is gone.
    store.hold([0, 1, 2, 3, 4]);
    stream = streamOver(store, 350);
    await stream.start();
    while (stream.snapshot().hasOlder) await stream.loadOlder();
    await stream.flush();
    expect([...store.events.keys()].sort()).toEqual(
      Array.from({ length: 350 }, (_, id) => v0OrderKey(id)),
    );
  });

  it('says why a V1 history could not be read, instead of passing an empty one off as the answer', async () => {
    const store = new MemoryStore();
    let failing = true;
    const deps = depsWith({
      store,
      caller: {
        async call(name) {
          if (name === 'v1.getAppConversations') {
            return [{ id: ID, sandbox_status: 'PAUSED', conversation_url: null }];
          }
          if (failing) throw new Error('The server answered 500.');
          return {
            items: [
              {
                id: 'e1',
                kind: 'MessageEvent',
                timestamp: '2026-01-01T10:00:00',
                source: 'user',
                llm_message: { role: 'user', content: [] },
              },
            ],
            next_page_id: null,
          };
        },
      },
    });
    stream = new ConversationStream(ID, 'v1', deps);
    await stream.start();
    expect(stream.snapshot()).toMatchObject({
      synced: false,
      historyError: 'The server answered 500.',
      conversation: { error: null },
    });
    failing = false;
    await stream.refresh();
    expect(stream.snapshot()).toMatchObject({ synced: true, historyError: null });
    expect(stream.snapshot().counters.received).toBe(1);
  });

  it('activates a credential binding once when the agent server asks, resuming the sandbox where the server has no such route, and never loops', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    let transports = 0;
    const deps = depsWith({
      store,
      caller: {
        async call(name) {
          calls.push(name);
          if (name === 'v1.getAppConversations') {
            return [
              {
                id: ID,
                sandbox_id: 'sb1',
                sandbox_status: 'RUNNING',
                conversation_url: 'http://agent.test/api/conversations/c0ffee',
                session_api_key: 'sk',
              },
            ];
          }
          if (name === 'v1.activateCredentialBinding') {
            throw new ApiError('not-found', 'Not Found', {
              status: 404,
              serverMessage: 'Not Found',
            });
          }
          return {};
        },
      },
      createV1Transport: (options) => {
        transports++;
        // Every socket is refused until the binding is activated: here, never.
        const failed = { phase: 'failed', reason: 'credential-binding' } as const;
        return {
          state: failed,
          start: () => queueMicrotask(() => options.callbacks.onState(failed)),
          stop() {},
          send() {},
        };
      },
    });
    stream = new ConversationStream(ID, 'v1', deps);
    await stream.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((name) => name === 'v1.activateCredentialBinding')).toHaveLength(1);
    expect(calls).toContain('v1.resumeSandbox');
    // Refused again after activating: said in words, and not tried a third time.
    expect(transports).toBe(2);
    expect(stream.snapshot().conversation.error).toMatch(/sign in again/);
  });
});

describe('a V1 conversation record read while the live stream moves on', () => {
  it('keeps the status the stream delivered, rather than putting back the older one the record carried', async () => {
    const record = (status: string) => [
      {
        id: ID,
        sandbox_id: 'sb1',
        sandbox_status: 'RUNNING',
        execution_status: status,
        conversation_url: 'http://agent.test/api/conversations/c0ffee',
        session_api_key: 'sk',
      },
    ];
    // Filled in by the callbacks below: the late record's answer and the live socket.
    const held: {
      answerRecord?: (value: unknown) => void;
      socket?: { onEvents(events: Record<string, unknown>[]): void };
    } = {};
    let reads = 0;
    const stream = new ConversationStream(
      ID,
      'v1',
      depsWith({
        caller: {
          async call(name) {
            if (name === 'v1.getAppConversations') {
              reads++;
              // The second read is answered late, with what was true when it was asked.
              if (reads === 2) return new Promise((resolve) => (held.answerRecord = resolve));
              return record('running');
            }
            return { items: [], next_page_id: null };
          },
        },
        createV1Transport: (options) => {
          held.socket = options.callbacks;
          return {
            state: { phase: 'live' } as never,
            start: () => options.callbacks.onState({ phase: 'live' } as never),
            stop() {},
            send() {},
          };
        },
      }),
    );
    try {
      await stream.start();
      expect(stream.snapshot().conversation.executionStatus).toBe('running');
      const refreshing = stream.refresh();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(held.answerRecord).toBeDefined();
      held.socket?.onEvents([
        {
          id: 'state-1',
          timestamp: '2026-11-24T10:00:00',
          source: 'environment',
          kind: 'ConversationStateUpdateEvent',
          key: 'execution_status',
          value: 'paused',
        },
      ]);
      expect(stream.snapshot().conversation.executionStatus).toBe('paused');
      held.answerRecord?.(record('running'));
      await refreshing;
      expect(stream.snapshot().conversation.executionStatus).toBe('paused');
      // A record read after the change is believed again.
      await stream.refresh();
      expect(stream.snapshot().conversation.executionStatus).toBe('running');
    } finally {
      stream.stop();
    }
  });
});

describe('a V1 conversation whose container cannot start', () => {
  it('gives up after the socket’s bounded tries, and tries again when the person opens it again', async () => {
    let transports = 0;
    const stream = new ConversationStream(
      ID,
      'v1',
      depsWith({
        caller: {
          async call(name) {
            if (name === 'v1.getAppConversations') {
              return [
                {
                  id: ID,
                  sandbox_status: 'RUNNING',
                  conversation_url: 'http://agent.test/api/conversations/c0ffee',
                  session_api_key: 'sk',
                },
              ];
            }
            return { items: [], next_page_id: null };
          },
        },
        createV1Transport: (options) => {
          transports++;
          const failed = { phase: 'failed', reason: 'runtime-failed' } as const;
          return {
            state: failed,
            start: () => options.callbacks.onState(failed),
            stop() {},
            send() {},
          };
        },
      }),
    );
    try {
      await stream.start();
      expect(stream.snapshot().transport).toMatchObject({ reason: 'runtime-failed' });
      await new Promise((resolve) => setTimeout(resolve, 30));
      // Nothing retries by itself once the socket gave up.
      expect(transports).toBe(1);
      stream.retryGivenUp();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(transports).toBe(2);
    } finally {
      stream.stop();
    }
  });
});

describe('the agent’s question, as the worker’s stream keeps it', () => {
  const asked = (id: string, requestId: string, at: string) => ({
    id,
    timestamp: at,
    source: 'agent',
    kind: 'AskUserRequestEvent',
    request_id: requestId,
    questions: [{ id: 'auth', question: 'Which sign-in?', options: [] }],
  });
  const answered = (id: string, requestId: string, at: string) => ({
    id,
    timestamp: at,
    source: 'user',
    kind: 'AskUserResponseEvent',
    request_id: requestId,
    action: 'decline',
    answers: {},
  });
  const running = [
    {
      id: ID,
      sandbox_id: 'sb1',
      sandbox_status: 'RUNNING',
      execution_status: 'waiting_for_confirmation',
      conversation_url: 'http://agent.test/api/conversations/c0ffee',
      session_api_key: 'sk',
    },
  ];

  /** A running conversation with a live socket the test feeds. */
  function live(store: MemoryStore) {
    const held: { socket?: { onEvents(events: Record<string, unknown>[]): void } } = {};
    const stream = new ConversationStream(
      ID,
      'v1',
      depsWith({
        store,
        caller: {
          async call(name) {
            return name === 'v1.getAppConversations' ? running : { items: [] };
          },
        },
        createV1Transport: (options) => {
          held.socket = options.callbacks;
          return {
            state: { phase: 'live' } as never,
            start: () => options.callbacks.onState({ phase: 'live' } as never),
            stop() {},
            send() {},
          };
        },
      }),
    );
    return { stream, feed: (events: Record<string, unknown>[]) => held.socket?.onEvents(events) };
  }

  const status = (id: string, value: string, at: string) => ({
    id,
    timestamp: at,
    source: 'environment',
    kind: 'ConversationStateUpdateEvent',
    key: 'execution_status',
    value,
  });

  it('opens with the request and closes with the answer naming it, not another', async () => {
    const { stream, feed } = live(new MemoryStore());
    try {
      await stream.start();
      feed([asked('e1', 'req-1', '2026-10-02T10:00:01')]);
      expect(stream.snapshot().conversation.question).toEqual({
        requestId: 'req-1',
        text: 'Which sign-in?',
      });
      feed([answered('e2', 'req-0', '2026-10-02T10:00:02')]);
      expect(stream.snapshot().conversation.question?.requestId).toBe('req-1');
      // Answered: the server's wait stands until the agent resumes, and asks nothing more.
      feed([answered('e3', 'req-1', '2026-10-02T10:00:03')]);
      expect(stream.snapshot().conversation).toMatchObject({
        executionStatus: 'waiting_for_confirmation',
        question: { requestId: 'req-1', answered: true },
      });
      // The state published on the answer is still that wait: nothing changes.
      feed([
        {
          id: 'full',
          timestamp: '2026-10-02T10:00:03',
          source: 'environment',
          kind: 'ConversationStateUpdateEvent',
          key: 'full_state',
          value: { execution_status: 'waiting_for_confirmation' },
        },
      ]);
      expect(stream.snapshot().conversation.question?.answered).toBe(true);
      feed([status('e4', 'running', '2026-10-02T10:00:04')]);
      expect(stream.snapshot().conversation.question).toBeNull();
    } finally {
      stream.stop();
    }
  });

  it('reads history newest first without reopening a question its answer closed', async () => {
    const stream = new ConversationStream(
      ID,
      'v1',
      depsWith({
        caller: {
          async call(name) {
            if (name === 'v1.getAppConversations') {
              return [{ ...running[0], sandbox_status: 'PAUSED', conversation_url: null }];
            }
            // The page as the app server sends it, newest first.
            return {
              items: [
                status('e3', 'finished', '2026-10-02T10:00:03'),
                answered('e2', 'req-1', '2026-10-02T10:00:02'),
                asked('e1', 'req-1', '2026-10-02T10:00:01'),
              ],
              next_page_id: null,
            };
          },
        },
      }),
    );
    try {
      await stream.start();
      expect(stream.snapshot().counters.received).toBe(3);
      expect(stream.snapshot().conversation.question).toBeNull();
    } finally {
      stream.stop();
    }
  });

  it('keeps an open question in its cursor, so a restarted worker still knows what the agent waits for', async () => {
    const store = new MemoryStore();
    const first = live(store);
    await first.stream.start();
    first.feed([asked('e1', 'req-1', '2026-10-02T10:00:01')]);
    await first.stream.flush();
    first.stream.stop();
    expect(store.cursor?.question).toMatchObject({ requestId: 'req-1' });

    // The socket resumes after the cursor: the request is not sent again.
    const second = live(store);
    try {
      await second.stream.start();
      expect(second.stream.snapshot().conversation.question?.requestId).toBe('req-1');
      second.feed([
        answered('e2', 'req-1', '2026-10-02T10:00:02'),
        status('e3', 'running', '2026-10-02T10:00:03'),
      ]);
      expect(second.stream.snapshot().conversation.question).toBeNull();
      await second.stream.flush();
      expect(store.cursor?.question).toMatchObject({ requestId: null });
    } finally {
      second.stream.stop();
    }
  });
});

describe('the action a confirmation is about, as the worker’s stream keeps it', () => {
  const action = (id: string, at: string, command: string, risk = 'LOW') => ({
    id,
    timestamp: at,
    source: 'agent',
    kind: 'ActionEvent',
    tool_name: 'terminal',
    security_risk: risk,
    action: { kind: 'TerminalAction', command },
  });
  const observed = (id: string, actionId: string, at: string) => ({
    id,
    timestamp: at,
    source: 'environment',
    kind: 'ObservationEvent',
    action_id: actionId,
    observation: { kind: 'TerminalObservation', content: [] },
  });
  const rejected = (id: string, actionId: string, at: string) => ({
    id,
    timestamp: at,
    source: 'user',
    kind: 'UserRejectObservation',
    action_id: actionId,
    rejection_reason: 'no',
  });
  const record = {
    id: ID,
    sandbox_id: 'sb1',
    sandbox_status: 'RUNNING',
    execution_status: 'waiting_for_confirmation',
    conversation_url: 'http://agent.test/api/conversations/c0ffee',
    session_api_key: 'sk',
  };

  function live(store: MemoryStore) {
    const held: { socket?: { onEvents(events: Record<string, unknown>[]): void } } = {};
    const stream = new ConversationStream(
      ID,
      'v1',
      depsWith({
        store,
        caller: {
          async call(name) {
            return name === 'v1.getAppConversations' ? [record] : { items: [] };
          },
        },
        createV1Transport: (options) => {
          held.socket = options.callbacks;
          return {
            state: { phase: 'live' } as never,
            start: () => options.callbacks.onState({ phase: 'live' } as never),
            stop() {},
            send() {},
          };
        },
      }),
    );
    return { stream, feed: (events: Record<string, unknown>[]) => held.socket?.onEvents(events) };
  }

  it('names the newest unanswered action, until the observation or rejection naming it', async () => {
    const { stream, feed } = live(new MemoryStore());
    try {
      await stream.start();
      feed([action('a1', '2026-10-02T10:00:01', 'npm test')]);
      expect(stream.snapshot().conversation.action).toEqual({
        key: 'v1:a1',
        kind: 'command',
        tool: 'terminal',
        command: 'npm test',
        path: null,
        operation: null,
        risk: 'LOW',
      });
      // An answer to another action leaves it waiting.
      feed([observed('o0', 'a0', '2026-10-02T10:00:02')]);
      expect(stream.snapshot().conversation.action?.key).toBe('v1:a1');
      feed([action('a2', '2026-10-02T10:00:03', 'rm -rf build', 'HIGH')]);
      expect(stream.snapshot().conversation.action).toMatchObject({
        key: 'v1:a2',
        risk: 'HIGH',
      });
      feed([rejected('r2', 'a2', '2026-10-02T10:00:04')]);
      expect(stream.snapshot().conversation.action).toBeNull();
    } finally {
      stream.stop();
    }
  });

  it('cuts a runaway command rather than carrying it whole', async () => {
    const { stream, feed } = live(new MemoryStore());
    try {
      await stream.start();
      feed([action('a1', '2026-10-02T10:00:01', `echo ${'x'.repeat(100_000)}`)]);
      const command = stream.snapshot().conversation.action?.command ?? '';
      expect(command.length).toBeLessThanOrEqual(501);
      expect(command.endsWith('…')).toBe(true);
    } finally {
      stream.stop();
    }
  });

  it('reads V0 history newest first: the verdict re-emitted and the answer close the wait', async () => {
    const run = (id: number, state: string, command = 'npm run build') => ({
      id,
      timestamp: `2025-01-20T10:00:0${id}`,
      source: 'agent',
      action: 'run',
      args: { command, security_risk: 1, confirmation_state: state },
    });
    const log = (events: Record<string, unknown>[]) =>
      new ConversationStream(
        ID,
        'v0',
        depsWith({
          caller: {
            async call(name, params) {
              if (name === 'v0.getConversation') return { conversation_id: ID, status: 'STOPPED' };
              const newestFirst = [...events].reverse();
              const query = params as { reverse?: boolean };
              return { events: query.reverse ? newestFirst : events, has_more: false };
            },
          },
        }),
      );
    const waiting = log([run(1, 'confirmed', 'ls'), run(2, 'awaiting_confirmation')]);
    const answered = log([
      run(1, 'awaiting_confirmation'),
      run(2, 'confirmed'),
      {
        id: 3,
        timestamp: '2025-01-20T10:00:03',
        source: 'agent',
        observation: 'run',
        cause: 2,
        content: 'ok',
        extras: { command: 'npm run build' },
      },
    ]);
    try {
      await waiting.start();
      await answered.start();
      expect(waiting.snapshot().conversation.action).toMatchObject({
        key: 'v0:2',
        command: 'npm run build',
        risk: 'MEDIUM',
      });
      expect(answered.snapshot().conversation.action).toBeNull();
    } finally {
      waiting.stop();
      answered.stop();
    }
  });

  it('does not reopen an action whose answer came first in a history page', async () => {
    const stream = new ConversationStream(
      ID,
      'v1',
      depsWith({
        caller: {
          async call(name) {
            if (name === 'v1.getAppConversations') {
              return [{ ...record, sandbox_status: 'PAUSED', conversation_url: null }];
            }
            return {
              items: [
                observed('o1', 'a1', '2026-10-02T10:00:02'),
                action('a1', '2026-10-02T10:00:01', 'npm test'),
              ],
              next_page_id: null,
            };
          },
        },
      }),
    );
    try {
      await stream.start();
      expect(stream.snapshot().counters.received).toBe(2);
      expect(stream.snapshot().conversation.action).toBeNull();
    } finally {
      stream.stop();
    }
  });

  it('offers a question’s choices only for one question with at most two', async () => {
    const ask = (id: string, at: string, questions: unknown[]) => ({
      id,
      timestamp: at,
      source: 'agent',
      kind: 'AskUserRequestEvent',
      request_id: `req-${id}`,
      questions,
    });
    const option = (n: number) => ({ id: `o${n}`, label: `Choice ${n}` });
    const { stream, feed } = live(new MemoryStore());
    try {
      await stream.start();
      feed([
        ask('q1', '2026-10-02T10:00:01', [
          { id: 'k', question: 'A or B?', options: [option(1), option(2)] },
        ]),
      ]);
      expect(stream.snapshot().conversation.question?.choices).toEqual({
        questionId: 'k',
        options: [option(1), option(2)],
      });
      feed([
        ask('q2', '2026-10-02T10:00:02', [
          { id: 'k', question: 'Which?', options: [option(1), option(2), option(3)] },
        ]),
      ]);
      expect(stream.snapshot().conversation.question).toEqual({
        requestId: 'req-q2',
        text: 'Which?',
      });
      feed([
        ask('q3', '2026-10-02T10:00:03', [
          { id: 'k', question: 'A?', options: [option(1)] },
          { id: 'l', question: 'B?', options: [option(2)] },
        ]),
      ]);
      expect(stream.snapshot().conversation.question?.choices).toBeUndefined();
    } finally {
      stream.stop();
    }
  });

  it('keeps the waiting action in its cursor, so a restarted worker still knows it', async () => {
    const store = new MemoryStore();
    const first = live(store);
    await first.stream.start();
    first.feed([action('a1', '2026-10-02T10:00:01', 'npm test')]);
    await first.stream.flush();
    first.stream.stop();
    expect(store.cursor?.action?.pending?.key).toBe('v1:a1');

    const second = live(store);
    try {
      await second.stream.start();
      expect(second.stream.snapshot().conversation.action?.command).toBe('npm test');
      second.feed([observed('o1', 'a1', '2026-10-02T10:00:02')]);
      expect(second.stream.snapshot().conversation.action).toBeNull();
      await second.stream.flush();
      expect(store.cursor?.action).toMatchObject({ pending: null });
    } finally {
      second.stream.stop();
    }
  });
});
