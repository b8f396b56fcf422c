// Catching a running V1 conversation up after its socket (re)connects, without skipping an event.
//
// The agent server stamps an event when it is created but stores it when it gets the
// conversation's lock: the per-LLM-call `stats` update is created when the model answers and
// stored only after the step that asked (its action and observation, stamped later) lets go of the
// lock, which can be minutes later. The log is append-only, and the socket sends newly stored
// events in the order they are stored; but its replay (`resend_mode=since`) cuts by timestamp, so
// "since the newest timestamp held" skips such a late event, and no time margin is provably wide
// enough. So the socket asks for no replay, and what was missed is read from the event search
// (docs/contract/agent-server.md#replaying-and-resuming):
//
// - Agent servers from 1.22.1 walk the log in stored order (`page_id` is an event id, inclusive).
//   An anchor — an event id such that every event stored up to it is held — is kept and persisted;
//   after the socket's first frame proves it is subscribed, the log is read forward from the anchor
//   to its end, and from then on each stored event arriving live moves the anchor.
// - Older ones sort the search by timestamp, so an anchor proves nothing there. They are read from
//   the newest timestamp held, then the server's count of events at or after the oldest timestamp
//   held is compared with what is held; a difference is read again from a cut that covers it.
import { backoffDelay } from './backoff';
import type { RawCaller } from './history';
import { eventsOf, HISTORY_PAGE } from './history';
import { isRecord } from './transport';
import type { V1Info } from './v1-history';

/**
 * The first agent-server release whose event search walks the log in the order it was stored
 * (upstream 986dacace, "make event search O(limit) instead of O(total)"); before, it sorted every
 * event by timestamp.
 */
export const STORED_ORDER_SEARCH = '1.22.1';

export type SearchOrder = 'stored' | 'sorted';

/** Kinds a socket may carry that are never stored: an anchor on them would name no event. */
const unstoredLiveKinds = new Set(['ServerErrorEvent']);

/** How each agent server (by base address) walks its log, once read in this worker's lifetime. */
const searchOrders = new Map<string, SearchOrder>();

export function searchOrderOfVersion(version: unknown): SearchOrder | null {
  if (typeof version !== 'string') return null;
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return null;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  const [fromMajor, fromMinor, fromPatch] = STORED_ORDER_SEARCH.split('.').map(Number) as [
    number,
    number,
    number,
  ];
  const later =
    major !== fromMajor
      ? major > fromMajor
      : minor !== fromMinor
        ? minor > fromMinor
        : patch >= fromPatch;
  return later ? 'stored' : 'sorted';
}

export interface ResumeHost {
  caller: RawCaller;
  /** The conversation's record as last read. */
  record(): V1Info | null;
  /** The agent server's base address for a conversation address (the key of `searchOrders`). */
  agentServerBase(conversationUrl: string): string;
  /** Takes events read from the search (de-duplicated by the stream). */
  ingest(events: Record<string, unknown>[]): void;
  /** Reads the newest page of history (first open): the stream keeps where older pages go on. */
  readNewest(): Promise<Record<string, unknown>[]>;
  /** A catch-up failed: the stream says so; the next connection tries again. */
  failed(error: unknown): void;
}

/** Index of the first element not less than `value` in sorted `list`. */
function lowerBound(list: readonly string[], value: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class V1Resume {
  /** Every event stored up to this one (in the log's order) is held; null: none proven yet. */
  private anchor: string | null = null;
  /** Bumped by every socket connection and loss, so a catch-up knows whether it is still current. */
  private connection = 0;
  /** The current connection is subscribed and caught up: live frames move the anchor. */
  private synced = false;
  private queue: Promise<void> = Promise.resolve();
  /** Failed proven catch-ups of the current connection, for the delay before the next. */
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Timestamps (as order keys normalise them) of the stored events held, for the count check. */
  private readonly held: string[] = [];
  private heldSorted = true;
  /**
   * Something other than the socket says where the events held begin: they came from the cache,
   * history or the search, or the newest page was read. Live frames alone say nothing of what was
   * stored before the socket subscribed: until then a catch-up reads the newest page first, which
   * also tells whether there is older history.
   */
  private startKnown = false;

  constructor(private readonly host: ResumeHost) {}

  restore(anchor: string | undefined): void {
    if (anchor) this.anchor = anchor;
  }

  anchorId(): string | null {
    return this.anchor;
  }

  /** A stored event is held (from the cache, the search, history pages or the socket). */
  noteHeld(timestamp: string, fromSocket = false): void {
    const last = this.held[this.held.length - 1];
    if (last !== undefined && timestamp < last) this.heldSorted = false;
    this.held.push(timestamp);
    if (!fromSocket) this.startKnown = true;
  }

  /**
   * No page of the log has been read, and nothing held says where it starts: whatever is held came
   * from the socket. Older history may exist, and the next catch-up reads the newest page.
   */
  newestPending(): boolean {
    return !this.anchor && !this.startKnown;
  }

  /** The socket opened: read what was missed at once, so the panel need not wait for the proof. */
  opened(): void {
    this.lost();
    this.schedule(false);
  }

  /** The socket's first frame arrived: read again, and the stream is caught up after that. */
  subscribed(): void {
    this.schedule(true);
  }

  /** The socket closed or is being replaced: live frames no longer prove anything. */
  lost(): void {
    this.connection++;
    this.synced = false;
    this.failures = 0;
    clearTimeout(this.retryTimer);
  }

  /** A stored event arrived live, in the order the server stored it. */
  noteLive(id: unknown, typeName: string | null): void {
    if (!this.synced || typeof id !== 'string' || !id) return;
    if (unstoredLiveKinds.has(typeName ?? '')) return;
    this.anchor = id;
  }

  /** The socket is subscribed and what it missed has been read: nothing is left out now. */
  caughtUp(): boolean {
    return this.synced;
  }

  private schedule(proven: boolean): void {
    const connection = this.connection;
    this.queue = this.queue
      .then(() => this.catchUp(connection, proven))
      .catch((error) => {
        this.host.failed(error);
        // Until the proven pass succeeds the stream is not caught up: while the socket stays,
        // try again (a restarting sandbox, a busy server) rather than wait for a reconnect.
        if (!proven || connection !== this.connection) return;
        const delay = backoffDelay(this.failures++, { baseMs: 2000, maxMs: 30_000, jitter: 0.3 });
        this.retryTimer = setTimeout(() => {
          if (connection === this.connection) this.schedule(true);
        }, delay);
      });
  }

  private async catchUp(connection: number, proven: boolean): Promise<void> {
    // A newer connection reads for itself.
    if (connection !== this.connection) return;
    const record = this.host.record();
    const conversationUrl = record?.conversation_url;
    if (!record || !conversationUrl) return;
    const ref = {
      conversation_url: conversationUrl,
      session_api_key: record.session_api_key ?? null,
    };
    const order = await this.searchOrder(ref);
    // A first open: the newest page, and "load older" for the rest, rather than the whole log.
    // Live frames that came in meanwhile do not make it a resume: they are the log's newest end,
    // and reading on from them alone would leave everything before them unread and unoffered.
    if (this.newestPending()) {
      const newest = await this.host.readNewest();
      this.startKnown = true;
      const first = newest[0];
      if (order === 'stored' && typeof first?.id === 'string') this.anchor = first.id;
      // The first pass only shows something early; the proven one reads on from here.
      if (!proven || order === 'sorted') {
        if (proven && connection === this.connection) this.synced = true;
        return;
      }
    }
    if (order === 'stored') await this.readOn(ref);
    else await this.readSorted(ref, proven);
    if (proven && connection === this.connection) this.synced = true;
  }

  /** How the conversation's agent server walks its log: asked once per server and worker. */
  private async searchOrder(ref: AgentRef): Promise<SearchOrder> {
    const base = this.host.agentServerBase(ref.conversation_url);
    const known = searchOrders.get(base);
    if (known) return known;
    let info: unknown = null;
    try {
      info = await this.host.caller.call('agent.getConversationServer', { conversation: ref });
    } catch {
      // Unknown (a proxy in front, an old server): the count check is right on every server.
    }
    const order = searchOrderOfVersion(isRecord(info) ? info.version : null);
    if (order) searchOrders.set(base, order);
    return order ?? 'sorted';
  }

  /**
   * Reads the log forward from the anchor (inclusive) to its end, moving the anchor page by page:
   * a page read in stored order is everything stored up to its last event. Without an anchor (a
   * cursor from before anchors, or history read while the sandbox slept) it reads from the start.
   */
  private async readOn(ref: AgentRef): Promise<void> {
    let pageId = this.anchor;
    for (;;) {
      const result = await this.host.caller.call('agent.searchEvents', {
        conversation: ref,
        sort_order: 'TIMESTAMP',
        limit: HISTORY_PAGE,
        ...(pageId ? { page_id: pageId } : {}),
      });
      const items = eventsOf(result, 'items');
      this.host.ingest(items);
      const last = items[items.length - 1];
      if (typeof last?.id === 'string') this.anchor = last.id;
      const next = isRecord(result) ? result.next_page_id : null;
      if (typeof next !== 'string' || !next || next === pageId) return;
      pageId = next;
    }
  }

  /**
   * A server that sorts its search by timestamp: what is stamped at or after the newest held, then
   * (once subscribed) a count of what is stamped at or after the oldest held. More there than held
   * means late-stored events were missed: they are read again from a cut that covers them all.
   */
  private async readSorted(ref: AgentRef, proven: boolean): Promise<void> {
    const newest = this.sortedHeld().at(-1);
    if (newest) await this.readFrom(ref, newest);
    if (!proven) return;
    const held = this.sortedHeld();
    const oldest = held[0];
    if (!oldest) return;
    const total = await this.count(ref, oldest);
    const missing = total === null ? null : total - held.length;
    if (missing !== null && missing <= 0) return;
    let from = oldest;
    if (missing !== null) {
      // Late events sit close to the newest: try a cut a page or ten back before the whole.
      for (const back of [HISTORY_PAGE, HISTORY_PAGE * 10]) {
        if (back >= held.length) break;
        const cut = held[held.length - back] as string;
        const above = await this.count(ref, cut);
        if (above !== null && above - (held.length - lowerBound(held, cut)) >= missing) {
          from = cut;
          break;
        }
      }
    }
    await this.readFrom(ref, from);
  }

  /** Every event stamped at or after `timestamp`, page after page. */
  private async readFrom(ref: AgentRef, timestamp: string): Promise<void> {
    let pageId: string | null = null;
    for (;;) {
      const result = await this.host.caller.call('agent.searchEvents', {
        conversation: ref,
        sort_order: 'TIMESTAMP',
        timestamp__gte: timestamp,
        limit: HISTORY_PAGE,
        ...(pageId ? { page_id: pageId } : {}),
      });
      this.host.ingest(eventsOf(result, 'items'));
      const next: unknown = isRecord(result) ? result.next_page_id : null;
      if (typeof next !== 'string' || !next || next === pageId) return;
      pageId = next;
    }
  }

  private async count(ref: AgentRef, timestamp: string): Promise<number | null> {
    const result = await this.host.caller.call('agent.countEvents', {
      conversation: ref,
      timestamp__gte: timestamp,
    });
    return typeof result === 'number' && Number.isFinite(result) ? result : null;
  }

  private sortedHeld(): string[] {
    if (!this.heldSorted) {
      this.held.sort();
      this.heldSorted = true;
    }
    return this.held;
  }
}

interface AgentRef {
  conversation_url: string;
  session_api_key: string | null;
}
