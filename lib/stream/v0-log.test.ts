import { afterEach, describe, expect, it, vi } from 'vitest';
import { V0Log, type V0LogHost } from './v0-log';

/** A host whose conversation's stored log holds ids 0..size-1, served like V0's events route. */
function hostOver(size: number, overrides: Partial<V0LogHost> = {}) {
  const ingested: number[] = [];
  const calls: Record<string, unknown>[] = [];
  const host: V0LogHost = {
    conversationId: 'c1',
    caller: {
      async call(_name, params) {
        const query = params as {
          start_id?: number;
          end_id?: number;
          reverse?: boolean;
          limit: number;
        };
        calls.push(query);
        let ids = Array.from({ length: size }, (_, id) => id).filter(
          (id) => id >= (query.start_id ?? 0) && (query.end_id === undefined || id <= query.end_id),
        );
        if (query.reverse) ids = ids.reverse();
        return {
          events: ids.slice(0, query.limit).map((id) => ({ id })),
          has_more: ids.length > query.limit,
        };
      },
    },
    record: () => null,
    ingestHistory: (events) => ingested.push(...events.map((e) => e.id as number)),
    active: () => true,
    synced: () => true,
    afterFill: () => {},
    ...overrides,
  };
  return { host, ingested, calls };
}

afterEach(() => vi.useRealTimers());

describe('the V0 log cursor', () => {
  it('keeps only the part known without holes across a restart', () => {
    const log = new V0Log(hostOver(0, { synced: () => false }).host);
    for (const id of [0, 1, 2, 5, 6]) log.noteId(id);
    expect(log.latestEventId()).toBe(6);
    expect(log.cursorFields()).toEqual({ contiguousId: 2, highestId: 2 });
    log.noteId(3);
    log.noteId(4);
    expect(log.cursorFields()).toEqual({ contiguousId: 6, highestId: 6 });
  });

  it('reads a hole from REST a moment after a later id shows it', async () => {
    vi.useFakeTimers();
    const filled = vi.fn();
    const { host, ingested } = hostOver(10, { afterFill: filled });
    const log = new V0Log(host);
    log.noteId(0);
    log.noteId(4);
    expect(ingested).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(ingested).toEqual([1, 2, 3, 4]);
    expect(log.cursorFields()).toMatchObject({ contiguousId: 4 });
    expect(filled).toHaveBeenCalled();
  });

  it('pages older history down from the oldest id held, and knows where the log starts', async () => {
    const { host, calls } = hostOver(300);
    const log = new V0Log(host);
    log.noteOldest(150);
    const page = await log.readOlder();
    expect(calls.at(-1)).toMatchObject({ reverse: true, end_id: 149, limit: 100 });
    expect(page.more).toBe(true);
    log.noteOldest(0);
    expect((await log.readOlder()).more).toBe(false);
  });

  it('resumes a stopped conversation from its cursor, reading only what came after it', async () => {
    const { host, ingested } = hostOver(250);
    const log = new V0Log(host);
    log.restore({ conversationId: 'c1', generation: 'v0', contiguousId: 199, updatedAt: 0 });
    expect(log.resuming()).toBe(true);
    await log.readAfterCursor();
    expect(ingested).toEqual(Array.from({ length: 50 }, (_, i) => 200 + i));
  });
});
