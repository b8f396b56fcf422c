import { type IDBPDatabase, openDB } from 'idb';
import type { Generation } from '@/lib/api/generation';
import type { ConversationFacts, PendingAction } from '@/lib/messaging/stream-snapshot';

export interface CachedEvent {
  conversationId: string;
  order: string;
  key: string;
  raw: unknown;
}

/**
 * V1: where the next page of older history is read. Each server names its own page ids, valid
 * only under the filter (`before`) they were made for.
 */
export interface OlderHistoryPage {
  source: 'agent' | 'conversation' | 'v062';
  /** The `timestamp__lt` the pages are filtered by, or null for the whole log. */
  before: string | null;
  pageId: string;
}

/** Where a stream resumes after the worker was stopped. */
export interface StreamCursor {
  conversationId: string;
  generation: Generation;
  /** V0: every id up to this one is known (received, or confirmed absent through REST). */
  contiguousId?: number;
  /** V0: the highest id received. */
  highestId?: number;
  /** V0: the oldest id held, where older history pages continue from. */
  oldestId?: number;
  /** V1: timestamp of the newest event received (naive server time, as sent). */
  lastTimestamp?: string;
  /**
   * V1: an event id such that every event the agent server stored up to it (in its log's order)
   * is held; the next connection reads the log on from there. Absent in cursors written before
   * anchors existed: those read the log from its start once, de-duplicating.
   */
  anchor?: string;
  /** V1: timestamp of the oldest event held. */
  oldestTimestamp?: string;
  /** V1: the next page of older history. */
  olderPage?: OlderHistoryPage;
  /** Whether the server holds events older than the oldest one cached. */
  hasOlder?: boolean;
  /**
   * What the cached events say of the agent's questions: the one still open, or just answered and
   * not yet followed by a new status (request id and first question; null when none is), as of the
   * newest question event seen (its order key). A resumed stream does not see those events again.
   */
  question?: {
    requestId: string | null;
    text: string | null;
    answered?: boolean;
    choices?: NonNullable<ConversationFacts['question']>['choices'];
    order: string;
  };
  /**
   * The action waiting for the person's go-ahead (null: none), as of the newest action event
   * seen (its order key); like the question, a resumed stream does not see that event again.
   */
  action?: { pending: PendingAction | null; order: string };
  updatedAt: number;
}

const DB_NAME = 'handoff-events';
/** Enough for the 10,000-event conversations people open from cache, with headroom. */
export const MAX_CACHED_EVENTS = 25_000;

interface Schema {
  events: { key: [string, string]; value: CachedEvent };
  cursors: { key: string; value: StreamCursor };
}

let opening: Promise<IDBPDatabase<Schema>> | null = null;

function db(): Promise<IDBPDatabase<Schema>> {
  // Version 2 creates whatever store is missing, so a database some other code opened first
  // (and left empty) is repaired rather than failing every write from then on.
  opening ??= openDB<Schema>(DB_NAME, 2, {
    upgrade(database) {
      if (!database.objectStoreNames.contains('events')) {
        database.createObjectStore('events', { keyPath: ['conversationId', 'order'] });
      }
      if (!database.objectStoreNames.contains('cursors')) {
        database.createObjectStore('cursors', { keyPath: 'conversationId' });
      }
    },
  });
  return opening;
}

function range(conversationId: string): IDBKeyRange {
  return IDBKeyRange.bound([conversationId, ''], [conversationId, '\uffff']);
}

/** Stores a batch of events and the cursor that includes them, atomically. */
export async function cacheEvents(
  events: readonly CachedEvent[],
  cursor?: StreamCursor,
): Promise<void> {
  const database = await db();
  const tx = database.transaction(['events', 'cursors'], 'readwrite');
  const store = tx.objectStore('events');
  for (const event of events) void store.put(event);
  if (cursor) void tx.objectStore('cursors').put(cursor);
  await tx.done;
}

export async function readCursor(conversationId: string): Promise<StreamCursor | undefined> {
  return (await db()).get('cursors', conversationId);
}

/**
 * The newest `limit` events of a conversation, oldest first. Two requests whatever the size: a
 * key cursor jumps to the `limit`-th newest key, and one getAll reads from there. (A value
 * cursor costs a round trip per event: a 10,000-event conversation took seconds to read, and
 * the side panel's first rows waited on it.)
 */
export async function readRecentEvents(
  conversationId: string,
  limit = MAX_CACHED_EVENTS,
): Promise<CachedEvent[]> {
  if (limit <= 0) return [];
  const database = await db();
  const store = database.transaction('events').store;
  let from = await store.openKeyCursor(range(conversationId), 'prev');
  if (from && limit > 1) from = await from.advance(limit - 1);
  const lower = from ? (from.key as [string, string]) : [conversationId, ''];
  return store.getAll(IDBKeyRange.bound(lower, [conversationId, '\uffff']));
}

/** Drops the oldest events beyond the cap, so one chatty conversation cannot fill the disk. */
export async function trimConversation(
  conversationId: string,
  keep = MAX_CACHED_EVENTS,
): Promise<number> {
  const database = await db();
  const tx = database.transaction('events', 'readwrite');
  const count = await tx.store.count(range(conversationId));
  let excess = count - keep;
  let removed = 0;
  let cursor = excess > 0 ? await tx.store.openCursor(range(conversationId)) : null;
  while (cursor && excess > 0) {
    await cursor.delete();
    removed++;
    excess--;
    cursor = await cursor.continue();
  }
  await tx.done;
  return removed;
}

export async function forgetConversation(conversationId: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(['events', 'cursors'], 'readwrite');
  await tx.objectStore('events').delete(range(conversationId));
  await tx.objectStore('cursors').delete(conversationId);
  await tx.done;
}

/** The order keys cached for a conversation: enough to rebuild de-duplication after a restart. */
export async function readCachedOrders(conversationId: string): Promise<string[]> {
  const keys = await (await db()).getAllKeys('events', range(conversationId));
  return keys.map((key) => (key as [string, string])[1]);
}
