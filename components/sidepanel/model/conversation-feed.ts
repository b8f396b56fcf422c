import { type ApiEvent, parseEvent } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import type { StreamEntry, StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import type { WorkerConnection } from '@/lib/messaging/worker-connection';
import { type CachedEvent, readRecentEvents } from '@/lib/stream/cache';
import { EventLog } from '@/lib/stream/event-log';
import { FIRST_PAINT_EVENTS } from './opening-reads';

/** Events parsed between two yields to the browser when reading a long cached history. */
const PARSE_SLICE = 400;
/** How many of the newest events the first render shows: more than a tall panel's screen holds. */
const FIRST_SCREEN_EVENTS = 80;

/** Newest cached events read before the panel's first render, by conversation (taken once). */
const readAheadEvents = new Map<string, CachedEvent[]>();

/**
 * Keeps a conversation's newest cached events, read while the panel prepares its first render
 * (`recent`, begun by the page's early script, or read now), so that render already holds the
 * first rows. Never rejects: the feed reads again if this failed.
 */
export async function readAhead(
  conversationId: string,
  recent?: Promise<CachedEvent[] | null>,
): Promise<void> {
  try {
    const events = await (recent ?? readRecentEvents(conversationId, FIRST_PAINT_EVENTS));
    if (events) readAheadEvents.set(conversationId, events);
  } catch {
    // The feed's own read reports nothing either; it simply starts empty.
  }
}

const toEntry = (event: CachedEvent): StreamEntry => ({
  order: event.order,
  raw: event.raw as Record<string, unknown>,
});

export interface FeedItem {
  order: string;
  event: ApiEvent;
}

export interface FeedState {
  /** The log itself, in order; changes in place, so memoise on `version`, not identity. */
  items: readonly FeedItem[];
  snapshot: StreamSnapshot | null;
  /** The cache has been read (the newest part at least). */
  loaded: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  /**
   * Older pages answered so far. Views that keep asking for older history follow this count:
   * their throttled copy of the state may never see `loadingOlder` go true and back.
   */
  olderPages: number;
  /** Bumped on every change, for cheap memo keys. */
  version: number;
}

/**
 * One conversation's events as a panel sees them: the cache read straight from IndexedDB (the
 * worker shares it), then live entries from the worker, merged in order and de-duplicated by
 * order key, so every event appears exactly once whatever the timing of the two.
 */
export class ConversationFeed {
  private readonly log = new EventLog<ApiEvent>();
  private state: FeedState = {
    items: [],
    snapshot: null,
    loaded: false,
    loadingOlder: false,
    olderError: null,
    olderPages: 0,
    version: 0,
  };
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private notifyScheduled = false;
  /** The newest events' read, which the whole-cache read waits for (see start). */
  private firstRead: Promise<void> = Promise.resolve();

  constructor(
    readonly conversationId: string,
    readonly generation: Generation,
    private readonly connection: WorkerConnection,
    /** The server it is on (lib/settings/servers.ts); left out: the worker finds it. */
    readonly serverId?: string,
  ) {
    const early = readAheadEvents.get(conversationId);
    if (early) {
      readAheadEvents.delete(conversationId);
      // The first screen needs only the newest events; checking each against the event schemas
      // takes time the first paint would wait for, so the older ones follow right after it.
      const cut = Math.max(0, early.length - FIRST_SCREEN_EVENTS);
      this.add(early.slice(cut).map(toEntry));
      if (cut > 0) this.afterFirstPaint(() => this.add(early.slice(0, cut).map(toEntry)));
      this.state = { ...this.state, loaded: true };
    }
  }

  start(): void {
    if (!this.state.loaded) this.firstRead = this.readCache(FIRST_PAINT_EVENTS);
    this.unsubscribe = this.connection.watch(
      this.conversationId,
      this.generation,
      {
        onWatching: (snapshot) => {
          this.update({ snapshot });
          // Everything the worker held is in the cache now, also after a worker restart. Read
          // after the first rows: the two reads would share IndexedDB and delay the first paint.
          void this.firstRead.then(() => this.readCache());
        },
        onEntries: (entries) => this.add(entries),
        onSnapshot: (snapshot) => this.update({ snapshot }),
        onOlderLoaded: (result) => {
          void this.readCache().then(() =>
            this.update({
              loadingOlder: false,
              olderError: result.error ?? null,
              olderPages: this.state.olderPages + 1,
            }),
          );
        },
      },
      this.serverId,
    );
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  getState = (): FeedState => this.state;

  /** Runs `work` once the next frame has been painted. */
  private afterFirstPaint(work: () => void): void {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(work, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(work, 0));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  loadOlder(): void {
    if (this.state.loadingOlder || !this.state.snapshot?.hasOlder) return;
    this.update({ loadingOlder: true, olderError: null });
    this.connection.loadOlder(this.conversationId);
  }

  /** Every event held, in order (search and export read the whole stream). */
  events(): readonly FeedItem[] {
    return this.state.items;
  }

  private async readCache(limit?: number): Promise<void> {
    const cached = await readRecentEvents(this.conversationId, limit);
    // Parsed in slices, yielding between them: a 10,000-event history parsed in one go would
    // block the panel for a long task right after its first paint.
    for (let start = 0; start < cached.length; start += PARSE_SLICE) {
      if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      this.add(cached.slice(start, start + PARSE_SLICE).map(toEntry));
    }
    if (!this.state.loaded) this.update({ loaded: true });
  }

  private add(entries: readonly StreamEntry[]): void {
    const fresh = entries
      .filter((entry) => !this.log.has(entry.order))
      .map((entry) => {
        let event: ApiEvent;
        try {
          event = parseEvent(entry.raw);
        } catch {
          return null;
        }
        return { key: entry.order, order: entry.order, event };
      })
      .filter((entry) => entry !== null);
    if (!this.log.add(fresh).length) return;
    this.update({ items: this.log.all() });
  }

  private update(patch: Partial<FeedState>): void {
    const firstLoad = patch.loaded === true && !this.state.loaded;
    this.state = { ...this.state, ...patch, version: this.state.version + 1 };
    // The first rows wait for nothing: not even the next frame.
    if (firstLoad) {
      for (const listener of this.listeners) listener();
      return;
    }
    // Live streams can bring hundreds of events a second: one render per frame is enough.
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    const notify = () => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(notify);
    else setTimeout(notify, 16);
  }
}
