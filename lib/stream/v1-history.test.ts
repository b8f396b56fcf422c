import { describe, expect, it } from 'vitest';
import { V1History } from './v1-history';

function recordingCaller() {
  const calls: { name: string; params: Record<string, unknown> }[] = [];
  return {
    calls,
    caller: {
      async call(name: string, params: unknown) {
        calls.push({ name, params: params as Record<string, unknown> });
        return { items: [{ kind: 'MessageEvent' }, 'not an event'], next_page_id: 'abc' };
      },
    },
  };
}

describe('V1 history', () => {
  it('reads the agent server while the sandbox runs, and the app server otherwise', async () => {
    const { caller, calls } = recordingCaller();
    const history = new V1History('c1', caller);
    const running = {
      id: 'c1',
      sandbox_status: 'RUNNING',
      conversation_url: 'http://agent.test/api/conversations/c1',
      session_api_key: 'sk',
    };
    const page = await history.readNewest(running);
    expect(page).toEqual({ events: [{ kind: 'MessageEvent' }], more: true });
    expect(calls[0]?.name).toBe('agent.searchEvents');
    await history.readNewest({ ...running, sandbox_status: 'PAUSED' });
    expect(calls[1]).toMatchObject({
      name: 'v1.searchEvents',
      params: { conversation_id__eq: 'c1' },
    });
  });

  it('pages older history before the oldest timestamp held, and keeps both ends in its cursor', async () => {
    const { caller, calls } = recordingCaller();
    const history = new V1History('c1', caller);
    history.noteTimestamp('2026-01-01T10:00:05');
    history.noteTimestamp('2026-01-01T10:00:03');
    history.noteOldest('2026-01-01T10:00:02');
    history.noteOldest('2026-01-01T10:00:04');
    await history.readOlder(null);
    expect(calls[0]?.params).toMatchObject({ timestamp__lt: '2026-01-01T10:00:02' });
    expect(history.cursorFields()).toEqual({
      lastTimestamp: '2026-01-01T10:00:05',
      oldestTimestamp: '2026-01-01T10:00:02',
    });
  });
});
