import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { WorkerConnection } from '@/lib/messaging/worker-connection';
import { cacheEvents } from '@/lib/stream/cache';
import { v0OrderKey } from '@/lib/stream/order';
import { ConversationFeed, readAhead } from './conversation-feed';

/** A worker that never answers: what the panel shows comes from the cache alone. */
const silentWorker = { watch: () => () => {}, loadOlder() {} } as unknown as WorkerConnection;

function message(id: number) {
  return {
    id,
    timestamp: `2025-01-20T10:00:${String(id % 60).padStart(2, '0')}`,
    source: 'agent',
    action: 'message',
    message: `step ${id}`,
    args: { content: `step ${id}` },
  };
}

async function cacheConversation(conversationId: string, count: number) {
  await cacheEvents(
    Array.from({ length: count }, (_, index) => {
      const raw = message(index + 1);
      return { conversationId, order: v0OrderKey(raw.id), key: String(raw.id), raw };
    }),
  );
}

describe('ConversationFeed', () => {
  it('holds the newest cached events from the moment it exists when they were read ahead', async () => {
    await cacheConversation('read-ahead', 500);
    await readAhead('read-ahead');
    const feed = new ConversationFeed('read-ahead', 'v0', silentWorker);
    // A screen's worth at once, the newest; the rest of what was read ahead right after.
    const first = feed.getState();
    expect(first.loaded).toBe(true);
    expect(first.items.length).toBeGreaterThanOrEqual(50);
    expect(first.items.length).toBeLessThan(200);
    expect(first.items.at(-1)?.order).toBe(v0OrderKey(500));
    expect(first.items[0]?.order).toBe(v0OrderKey(500 - first.items.length + 1));
    await vi.waitFor(() => expect(feed.getState().items).toHaveLength(200));
    const all = feed.getState().items;
    expect(all[0]?.order).toBe(v0OrderKey(301));
    expect(all.at(-1)?.order).toBe(v0OrderKey(500));
  });

  it('reads the cache itself when nothing was read ahead, and the read-ahead serves only once', async () => {
    await cacheConversation('read-once', 30);
    await readAhead('read-once');
    new ConversationFeed('read-once', 'v0', silentWorker);
    const second = new ConversationFeed('read-once', 'v0', silentWorker);
    expect(second.getState().loaded).toBe(false);
    const loaded = new Promise<void>((resolve) =>
      second.subscribe(() => {
        if (second.getState().loaded) resolve();
      }),
    );
    second.start();
    await loaded;
    expect(second.getState().items).toHaveLength(30);
    second.stop();
  });
});
