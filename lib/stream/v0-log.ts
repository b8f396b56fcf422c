// A V0 conversation's log as the worker holds it. V0 event ids are consecutive integers, so the
// worker can know the log has no holes: everything up to `contiguousId` is held (received, or
// read over REST), ids above it that arrived wait in `above`. The socket never sends some
// stored events (null observations, environment events): their ids show up as holes, which
// are read from REST after a short delay, and once more when the stream goes quiet.
import type { StreamCursor } from './cache';
import { eventsOf, HISTORY_PAGE, type HistoryPage, type RawCaller } from './history';
import { isRecord } from './transport';

/** The fields of a V0 conversation record the stream uses. */
export interface V0Info {
  conversation_id: string;
  status?: string | null;
  runtime_status?: string | null;
  title?: string | null;
  url?: string | null;
  session_api_key?: string | null;
  conversation_version?: string | null;
}

/** What the log needs from the stream that owns it. */
export interface V0LogHost {
  readonly conversationId: string;
  readonly caller: RawCaller;
  /** The conversation's record, for its runtime address and key; null before it was read. */
  record(): V0Info | null;
  /** Hands events read from REST to the stream (de-duplicated there). */
  ingestHistory(events: Record<string, unknown>[]): void;
  /** False once the stream stopped: no more reads. */
  active(): boolean;
  /** True once the first catch-up finished: holes found before then are not holes yet. */
  synced(): boolean;
  /** After a fill: the stream writes what it read to the cache. */
  afterFill(): void;
}

const GAP_FILL_DELAY_MS = 400;
/** Quiet time after which the log is read forward once for events the socket never sends. */
const QUIET_CHECK_MS = 1500;

export class V0Log {
  private contiguousId = -1;
  private highestId = -1;
  private oldestId: number | null = null;
  private readonly above = new Set<number>();
  private gapTimer: ReturnType<typeof setTimeout> | undefined;
  private quietTimer: ReturnType<typeof setTimeout> | undefined;
  private filling = false;

  constructor(private readonly host: V0LogHost) {}

  /** The highest id received: the socket resumes after it. */
  latestEventId(): number {
    return this.highestId;
  }

  /** A cursor was restored: the stream resumes instead of reading the newest page. */
  resuming(): boolean {
    return this.highestId >= 0 || this.contiguousId >= 0;
  }

  restore(cursor: StreamCursor): void {
    if (cursor.contiguousId !== undefined) this.contiguousId = cursor.contiguousId;
    if (cursor.highestId !== undefined) this.highestId = cursor.highestId;
    if (cursor.oldestId !== undefined) this.oldestId = cursor.oldestId;
  }

  /** Only what is known without holes survives a restart; the rest is read again. */
  cursorFields(): Pick<StreamCursor, 'contiguousId' | 'highestId' | 'oldestId'> {
    return {
      contiguousId: this.contiguousId,
      highestId: this.contiguousId,
      ...(this.oldestId !== null ? { oldestId: this.oldestId } : {}),
    };
  }

  /** An event with this id arrived (live or from history). */
  noteId(id: number): void {
    this.highestId = Math.max(this.highestId, id);
    if (id <= this.contiguousId) return;
    this.above.add(id);
    this.advance();
    if (this.host.synced() && this.contiguousId < this.highestId) this.scheduleGapFill();
  }

  /** Where older history continues from: also fed by events already held, so it never sticks. */
  noteOldest(id: number): void {
    this.oldestId = this.oldestId === null ? id : Math.min(this.oldestId, id);
  }

  /**
   * The first read without a cursor: the newest page. Whatever the cache holds may end anywhere
   * below it, so older history continues from this page, reading again what the cache has
   * rather than leaving a hole between the two.
   */
  async readNewest(): Promise<HistoryPage> {
    const page = await this.fetch({ reverse: true, limit: HISTORY_PAGE });
    this.oldestId = null;
    this.host.ingestHistory(page.events);
    // Everything from the newest id down to the oldest of this page is known.
    this.contiguousId = Math.max(this.contiguousId, this.highestId);
    this.advance();
    return page;
  }

  /** Resuming a conversation that is not running: read everything after the cursor. */
  readAfterCursor(): Promise<void> {
    return this.fillFrom(this.contiguousId + 1, null);
  }

  /** The page of history just before the oldest event held. */
  async readOlder(): Promise<HistoryPage> {
    const page = await this.fetch({
      reverse: true,
      limit: HISTORY_PAGE,
      ...(this.oldestId !== null ? { end_id: Math.max(0, this.oldestId - 1) } : {}),
    });
    if (this.oldestId === 0) page.more = false;
    return page;
  }

  /**
   * Holes are found when a later id arrives; a log that ends with events the socket never
   * sends has no later id. When the stream goes quiet, read forward once from the cursor.
   */
  scheduleQuietCheck(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      if (!this.host.active() || !this.host.synced() || this.filling) return;
      this.filling = true;
      void this.fillFrom(this.contiguousId + 1, null)
        .catch(() => {
          // The next live event schedules another check.
        })
        .finally(() => {
          this.filling = false;
          this.host.afterFill();
        });
    }, QUIET_CHECK_MS);
  }

  stop(): void {
    clearTimeout(this.gapTimer);
    clearTimeout(this.quietTimer);
    this.gapTimer = undefined;
  }

  private async fetch(query: Record<string, unknown>): Promise<HistoryPage> {
    const info = this.host.record() ?? { conversation_id: this.host.conversationId };
    const result = await this.host.caller.call('v0.getEvents', {
      conversation: {
        conversation_id: info.conversation_id,
        url: info.url ?? null,
        session_api_key: info.session_api_key ?? null,
      },
      ...query,
    });
    return {
      events: eventsOf(result, 'events'),
      more: isRecord(result) && result.has_more === true,
    };
  }

  /** Reads the log forward from `startId` (up to `endId`), marking the range as known. */
  private async fillFrom(startId: number, endId: number | null): Promise<void> {
    let next = startId;
    for (;;) {
      const page = await this.fetch({
        start_id: next,
        limit: HISTORY_PAGE,
        ...(endId !== null ? { end_id: endId } : {}),
      });
      this.host.ingestHistory(page.events);
      const ids = page.events.map((e) => e.id).filter((id): id is number => typeof id === 'number');
      const last = ids.length ? Math.max(...ids) : null;
      if (!page.more) {
        this.contiguousId = Math.max(this.contiguousId, endId ?? last ?? this.contiguousId);
        this.advance();
        return;
      }
      if (last === null) return;
      this.contiguousId = Math.max(this.contiguousId, last);
      this.advance();
      next = last + 1;
    }
  }

  private scheduleGapFill(): void {
    if (this.gapTimer || this.filling) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      void this.fillGaps();
    }, GAP_FILL_DELAY_MS);
  }

  private async fillGaps(): Promise<void> {
    if (!this.host.active() || this.filling || this.contiguousId >= this.highestId) return;
    this.filling = true;
    try {
      await this.fillFrom(this.contiguousId + 1, this.highestId);
    } catch {
      // The next event or reconnect schedules another attempt.
    } finally {
      this.filling = false;
    }
    if (this.contiguousId < this.highestId) this.scheduleGapFill();
    this.host.afterFill();
  }

  private advance(): void {
    for (const id of this.above) if (id <= this.contiguousId) this.above.delete(id);
    while (this.above.delete(this.contiguousId + 1)) this.contiguousId++;
  }
}
