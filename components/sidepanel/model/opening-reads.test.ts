import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { writeRecord } from '@/lib/settings/trusted-store';
import { cacheEvents } from '@/lib/stream/cache';
import { v0OrderKey } from '@/lib/stream/order';
import { FIRST_PAINT_EVENTS, startOpeningReads, takeOpeningReads } from './opening-reads';

async function cacheConversation(conversationId: string, count: number) {
  await cacheEvents(
    Array.from({ length: count }, (_, index) => ({
      conversationId,
      order: v0OrderKey(index + 1),
      key: String(index + 1),
      raw: { id: index + 1 },
    })),
    { conversationId, generation: 'v0', updatedAt: 1 },
  );
}

describe('opening reads', () => {
  it('hands the page the reads the early script began, once', async () => {
    const early = startOpeningReads('?conversation=c1');
    expect(takeOpeningReads('?conversation=c1')).toBe(early);
    // Taken: a second panel module (a test, a reload of the module) reads for itself.
    const again = takeOpeningReads('?conversation=c1');
    expect(again).not.toBe(early);
    takeOpeningReads('?conversation=c1');
  });

  it('reads for itself when the early script read for another address', () => {
    const early = startOpeningReads('?conversation=other');
    const reads = takeOpeningReads('?conversation=c2');
    expect(reads).not.toBe(early);
    expect(reads.conversationId).toBe('c2');
  });

  it('reads what the first render needs: the newest events, the cursor and the stored settings', async () => {
    await cacheConversation('c3', FIRST_PAINT_EVENTS + 50);
    await writeRecord('migrated-from-storage-local', 1);
    await writeRecord('settings', { serverUrl: 'http://localhost:3000' });
    startOpeningReads('?conversation=c3&for-window=7');
    const reads = takeOpeningReads('?conversation=c3&for-window=7');
    expect(await reads.windowId).toBe(7);
    expect((await reads.cursor)?.generation).toBe('v0');
    expect(await reads.settings).toEqual({
      migrated: true,
      settings: { serverUrl: 'http://localhost:3000' },
    });
    const recent = await reads.recent;
    expect(recent).toHaveLength(FIRST_PAINT_EVENTS);
    expect(recent?.at(-1)?.order).toBe(v0OrderKey(FIRST_PAINT_EVENTS + 50));
  });

  it('reads nothing of the cache for a panel opened without a conversation', async () => {
    const reads = takeOpeningReads('');
    expect(reads.conversationId).toBeNull();
    expect(await reads.cursor).toBeNull();
    expect(await reads.recent).toBeNull();
  });
});
