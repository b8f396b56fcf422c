import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { V1History } from './v1-history';

interface Call {
  name: string;
  params: Record<string, unknown>;
}

/** A caller that answers from a script, recording what it was asked. */
function scripted(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  return {
    calls,
    caller: {
      async call(name: string, params: unknown) {
        const call = { name, params: params as Record<string, unknown> };
        calls.push(call);
        return answer(call);
      },
    },
  };
}

const page = (nextPageId: string | null) => ({
  items: [{ kind: 'MessageEvent' }, 'not an event'],
  next_page_id: nextPageId,
});

const running = {
  id: 'c1',
  sandbox_status: 'RUNNING',
  conversation_url: 'http://agent.test/api/conversations/c1',
  session_api_key: 'sk',
};
const paused = { ...running, sandbox_status: 'PAUSED' };

describe('V1 history', () => {
  it('reads the agent server while the sandbox runs, and the app server’s conversation route otherwise', async () => {
    const { caller, calls } = scripted(() => page('100'));
    const history = new V1History('c1', caller);
    expect(await history.readNewest(running)).toEqual({
      events: [{ kind: 'MessageEvent' }],
      more: true,
    });
    expect(calls[0]?.name).toBe('agent.searchEvents');
    await history.readNewest(paused);
    expect(calls[1]).toMatchObject({
      name: 'v1.searchConversationEvents',
      params: { conversation_id: 'c1', sort_order: 'TIMESTAMP_DESC', limit: 100 },
    });
  });

  it('pages older history by the page ids the server names, under the same filter', async () => {
    const ids = ['100', '200', null];
    const { caller, calls } = scripted(() => page(ids.shift() ?? null));
    const history = new V1History('c1', caller);
    expect((await history.readNewest(paused)).more).toBe(true);
    expect((await history.readOlder(paused)).more).toBe(true);
    expect((await history.readOlder(paused)).more).toBe(false);
    expect(calls.map((call) => call.params.page_id)).toEqual([undefined, '100', '200']);
    // A whole second of events fits in no page: timestamps alone would read it again forever.
    expect(calls.every((call) => call.params.timestamp__lt === undefined)).toBe(true);
  });

  it('starts a new run of pages before the oldest event held when another server answers', async () => {
    const { caller, calls } = scripted(() => page('100'));
    const history = new V1History('c1', caller);
    await history.readNewest(paused);
    history.noteOldest('2026-01-01T10:00:02');
    // The sandbox was resumed: the agent server's page ids mean nothing to the app server's.
    await history.readOlder(running);
    expect(calls[1]).toMatchObject({
      name: 'agent.searchEvents',
      params: { timestamp__lt: '2026-01-01T10:00:02' },
    });
    expect(calls[1]?.params.page_id).toBeUndefined();
  });

  it('falls back to 0.62’s search where the server has no per-conversation route', async () => {
    const { caller, calls } = scripted((call) => {
      if (call.name === 'v1.searchConversationEvents') {
        throw new ApiError('not-found', 'missing', { status: 404, serverMessage: 'Not Found' });
      }
      return page(null);
    });
    const history = new V1History('c1', caller);
    await history.readNewest(paused);
    await history.readOlder(paused);
    expect(calls.map((call) => call.name)).toEqual([
      'v1.searchConversationEvents',
      'v1.searchEvents',
      'v1.searchEvents',
    ]);
    expect(calls[1]?.params).toMatchObject({ conversation_id__eq: 'c1' });
  });

  it('passes other failures on, so they are shown instead of an empty history', async () => {
    const refused = new ApiError('unauthorized', 'The server refused the key.', { status: 401 });
    const { caller } = scripted(() => {
      throw refused;
    });
    await expect(new V1History('c1', caller).readNewest(paused)).rejects.toBe(refused);
  });

  it('keeps both ends and the next page in its cursor, and resumes from it', async () => {
    const { caller, calls } = scripted(() => page('300'));
    const history = new V1History('c1', caller);
    history.noteTimestamp('2026-01-01T10:00:05');
    history.noteTimestamp('2026-01-01T10:00:03');
    history.noteOldest('2026-01-01T10:00:02');
    await history.readNewest(paused);
    const cursor = {
      conversationId: 'c1',
      generation: 'v1' as const,
      updatedAt: 0,
      ...history.cursorFields(),
    };
    expect(cursor).toMatchObject({
      lastTimestamp: '2026-01-01T10:00:05',
      oldestTimestamp: '2026-01-01T10:00:02',
      olderPage: { source: 'conversation', before: null, pageId: '300' },
    });
    const restarted = new V1History('c1', caller);
    restarted.restore(cursor);
    await restarted.readOlder(paused);
    expect(calls.at(-1)?.params.page_id).toBe('300');
  });
});
