import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  cacheEvents,
  forgetConversation,
  readCursor,
  readRecentEvents,
  trimConversation,
} from './cache';
import { v0OrderKey } from './order';

const event = (conversationId: string, id: number) => ({
  conversationId,
  order: v0OrderKey(id),
  key: String(id),
  raw: { id },
});

describe('event cache', () => {
  it('returns a conversation’s events in order, with its cursor, and nothing of others', async () => {
    await cacheEvents([event('a', 2), event('a', 1), event('b', 5)], {
      conversationId: 'a',
      generation: 'v0',
      contiguousId: 2,
      highestId: 2,
      updatedAt: 1,
    });
    await cacheEvents([event('a', 10)]);
    expect((await readRecentEvents('a')).map((e) => e.key)).toEqual(['1', '2', '10']);
    expect((await readCursor('a'))?.contiguousId).toBe(2);
    expect((await readRecentEvents('b')).map((e) => e.key)).toEqual(['5']);
  });

  it('keeps the newest events when trimming and can read only the most recent', async () => {
    await cacheEvents(Array.from({ length: 30 }, (_, i) => event('c', i)));
    expect(await trimConversation('c', 20)).toBe(10);
    const kept = await readRecentEvents('c');
    expect(kept).toHaveLength(20);
    expect(kept[0]?.key).toBe('10');
    expect((await readRecentEvents('c', 3)).map((e) => e.key)).toEqual(['27', '28', '29']);
  });

  it('forgets a conversation completely', async () => {
    await cacheEvents([event('d', 1)], { conversationId: 'd', generation: 'v0', updatedAt: 1 });
    await forgetConversation('d');
    expect(await readRecentEvents('d')).toEqual([]);
    expect(await readCursor('d')).toBeUndefined();
  });
});
