import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { IndexSnapshot } from '@/lib/messaging/conversation-index';
import {
  ConversationIndex,
  type IndexDeps,
  indexTiming,
  itemFromTitle,
  MAX_ENTRIES,
  type StoredIndex,
} from './conversation-index';
import { listedV1 as v1 } from './index-test-support';

const SERVER = 'http://127.0.0.1:3000';

/** A server that serves V1 only, and a store in memory. */
function setup(pages: () => unknown = () => ({ items: [v1('a1')], next_page_id: null })) {
  let stored: unknown = null;
  let now = Date.parse('2026-05-01T10:10:00Z');
  const changes: IndexSnapshot[] = [];
  const listPage = vi.fn(async (generation: string, _page: string | null, _limit: number) => {
    if (generation === 'v0') throw new ApiError('not-found', 'Not Found', { status: 404 });
    return pages();
  });
  const deps: IndexDeps = {
    listPage,
    server: async () => ({ url: SERVER, known: { v0: false, v1: true } }),
    load: async () => stored,
    save: async (record: StoredIndex) => {
      stored = structuredClone(record);
    },
    streamsActive: () => false,
    onChange: (_previous, next) => changes.push(next),
    wakeIn: () => {},
    now: () => now,
    random: () => 0.5,
  };
  return {
    index: new ConversationIndex(deps),
    deps,
    listPage,
    changes,
    stored: () => stored,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('ConversationIndex', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('reads the list once however many ask at the same moment', async () => {
    const { index, listPage } = setup();
    await Promise.all([index.tick(), index.tick(), index.pageState('x'), index.tick()]);
    expect(listPage).toHaveBeenCalledTimes(1);
    const snapshot = await index.snapshot();
    expect(snapshot.entries.map((entry) => entry.id)).toEqual(['a1']);
    expect(snapshot.entries[0]?.state).toBe('working');
  });

  it('answers a page from the index without asking the server again before the interval', async () => {
    const { index, listPage, advance } = setup(() => ({
      items: [v1('a1', { title: 'Fix issue #12' })],
      next_page_id: null,
    }));
    await index.tick();
    const state = await index.pageState('github:octo/widgets::12');
    expect(state).toMatchObject({ state: 'working', count: 1 });
    expect(state?.label).toBe('Agent working · 10 min');
    advance(indexTiming.activeMs - 1);
    await index.tick();
    expect(listPage).toHaveBeenCalledTimes(1);
    advance(1);
    await index.tick();
    expect(listPage).toHaveBeenCalledTimes(2);
  });

  it('keeps the cached conversations when the server fails, and waits longer after each failure', async () => {
    let fail: Error | null = null;
    const { index, listPage, advance } = setup(() => {
      if (fail) throw fail;
      return { items: [v1('a1')], next_page_id: null };
    });
    await index.tick();
    fail = new ApiError('rate-limited', 'Too many requests', { status: 429, retryAfter: 600 });
    advance(indexTiming.activeMs);
    await index.tick();
    const snapshot = await index.snapshot();
    expect(snapshot.failure?.kind).toBe('rate-limited');
    expect(snapshot.entries.map((entry) => entry.id)).toEqual(['a1']);
    // Retry-After says ten minutes: the next interval does not ask.
    advance(indexTiming.activeMs * 2);
    await index.tick();
    expect(listPage).toHaveBeenCalledTimes(2);
    fail = null;
    advance(600_000);
    await index.tick();
    expect(listPage).toHaveBeenCalledTimes(3);
    expect((await index.snapshot()).failure).toBeNull();
  });

  it('reads an HTML page in place of the list as a failure, not as an empty list', async () => {
    const { index } = setup(() => '<!doctype html><title>OpenHands</title>');
    await index.tick();
    const snapshot = await index.snapshot();
    expect(snapshot.failure?.kind).toBe('bad-response');
    expect(snapshot.refreshedAt).toBeNull();
  });

  it('pages through thousands of conversations one older page per pass and stays bounded', async () => {
    let served = 0;
    const { index, listPage, advance } = setup();
    listPage.mockImplementation(async (generation: string, page: string | null) => {
      if (generation === 'v0') throw new ApiError('not-found', 'Not Found', { status: 404 });
      const start = page ? Number(page) : 0;
      served++;
      const items = Array.from({ length: 100 }, (_, i) =>
        v1(`c${start + i}`, {
          created_at: new Date(
            Date.parse('2026-05-01T00:00:00Z') - (start + i) * 60_000,
          ).toISOString(),
        }),
      );
      return { items, next_page_id: String(start + 100) };
    });
    for (let pass = 0; pass < 8; pass++) {
      await index.tick();
      advance(indexTiming.activeMs);
    }
    const snapshot = await index.snapshot();
    expect(snapshot.entries).toHaveLength(MAX_ENTRIES);
    expect(snapshot.complete).toBe(false);
    // Once full, a pass is one request: the newest page.
    const before = served;
    await index.tick();
    expect(served - before).toBe(1);
  });

  it('ties a conversation Handoff started to its page, and says so at once', async () => {
    const { index, changes } = setup(() => ({ items: [], next_page_id: null }));
    await index.tick();
    await index.recordStart('b2', 'v1', {
      provider: 'github',
      repository: 'octo/widgets',
      kind: 'pull',
      number: 34,
      baseUrl: 'https://github.com',
    });
    expect(await index.pageState('github:octo/widgets::34')).toMatchObject({ state: 'working' });
    expect(changes.at(-1)?.entries[0]?.item).toEqual({ kind: 'pull', number: 34, from: 'start' });
  });

  it('forgets another server’s conversations', async () => {
    const first = setup();
    await first.index.tick();
    const stored = first.stored() as StoredIndex;
    const other = setup();
    other.deps.load = async () => ({ ...stored, server: 'https://elsewhere.example' });
    expect((await other.index.snapshot()).entries).toEqual([]);
  });
});

describe('reading a title', () => {
  it('finds the issue or pull request a title names', () => {
    expect(itemFromTitle('Fix issue #12 ("Parser")')).toEqual({
      kind: 'issue',
      number: 12,
      from: 'title',
    });
    expect(itemFromTitle('PR #34: tidy')).toMatchObject({ kind: 'pull', number: 34 });
    expect(itemFromTitle('Review merge request !5')).toMatchObject({ kind: 'pull', number: 5 });
    expect(itemFromTitle('<b>#7</b> in bold')).toBeNull();
    expect(itemFromTitle('Upgrade to v2')).toBeNull();
    expect(itemFromTitle(null)).toBeNull();
  });
});
