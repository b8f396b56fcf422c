import { conversationStatusOfSandbox } from '@/lib/api/agent-state';
import type { Generation } from '@/lib/api/generation';
import type {
  ConversationFacts,
  StreamCounters,
  StreamEntry,
  StreamSnapshot,
  TransportState,
} from '@/lib/messaging/stream-snapshot';
import { backoffDelay } from './backoff';
import type { CachedEvent, StreamCursor } from './cache';
import type { EventFacts, FactsReader } from './facts';
import { dedupeKeyOfOrder, v0OrderKey, v1OrderKey } from './order';
import { isRecord, type StreamTransport, type TransportCallbacks } from './transport';

/** Calls a service endpoint by name and returns its JSON (the worker's raw client). */
export interface RawCaller {
  call(name: string, params: unknown): Promise<unknown>;
}

export interface V0TransportOptions {
  origin: string;
  path: string;
  conversationId: string;
  sessionApiKey: string | null;
  latestEventId: () => number;
  callbacks: TransportCallbacks;
  beforeReconnect: () => Promise<boolean>;
}

export interface V1TransportOptions {
  agentServerUrl: string;
  conversationId: string;
  sessionApiKey: string | null;
  lastTimestamp: () => string | null;
  callbacks: TransportCallbacks;
  beforeReconnect: () => Promise<boolean>;
}

export interface EventStore {
  cacheEvents(events: readonly CachedEvent[], cursor?: StreamCursor): Promise<void>;
  readCursor(conversationId: string): Promise<StreamCursor | undefined>;
  readCachedOrders(conversationId: string): Promise<string[]>;
}

export interface ConversationStreamDeps {
  caller: RawCaller;
  serverUrl: string;
  /** The server key, used for a V0 runtime socket when the conversation has no key of its own. */
  socketFallbackKey: string | null;
  facts: FactsReader;
  store: EventStore;
  createV0Transport(options: V0TransportOptions): StreamTransport;
  createV1Transport(options: V1TransportOptions): StreamTransport;
  resolveUrl(reference: string): URL;
  agentServerBase(conversationUrl: string): string;
  onEntries(conversationId: string, entries: StreamEntry[]): void;
  onSnapshot(snapshot: StreamSnapshot): void;
  /** Polling interval while a conversation is not running (3 s while starting). */
  pollMs?: { starting: number; idle: number };
}

export const OVERSIZED_EVENT_BYTES = 1024 * 1024;
const HISTORY_PAGE = 100;
const FLUSH_MS = 150;
/** Snapshots that only follow new events (state, last-event time) go out at most this often. */
const EVENT_SNAPSHOT_MS = 250;
const GAP_FILL_DELAY_MS = 400;
/** Quiet time after which the V0 log is read forward once for events the socket never sends. */
const QUIET_CHECK_MS = 1500;

interface V0Info {
  conversation_id: string;
  status?: string | null;
  runtime_status?: string | null;
  title?: string | null;
  url?: string | null;
  session_api_key?: string | null;
  conversation_version?: string | null;
}

interface V1Info {
  id: string;
  title?: string | null;
  sandbox_id?: string | null;
  sandbox_status?: string | null;
  execution_status?: string | null;
  conversation_url?: string | null;
  session_api_key?: string | null;
}

interface PageOfEvents {
  events: Record<string, unknown>[];
  more: boolean;
}

function eventsOf(value: unknown, field: 'events' | 'items'): Record<string, unknown>[] {
  const list = isRecord(value) ? value[field] : undefined;
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** Words from the network shown in a banner: a runaway payload must not become a 2 MB banner. */
const MAX_ERROR_CHARS = 2000;

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function approximateSize(raw: Record<string, unknown>): number {
  try {
    return JSON.stringify(raw).length;
  } catch {
    return 0;
  }
}

/**
 * One watched conversation: its history catch-up, its live transport, its cursor and cache.
 * Every event reaches `onEntries` exactly once per worker lifetime (de-duplicated by key, the
 * cache rebuilt into the seen-set on start), and the V0 log has no holes: ids the socket never
 * sends (null observations, environment events) are filled from REST, so the cache equals the
 * server's stored log.
 */
export class ConversationStream {
  private transport: StreamTransport | null = null;
  private transportState: TransportState = { phase: 'idle' };
  private readonly seen = new Set<string>();
  private pending: CachedEvent[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private snapshotTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private gapTimer: ReturnType<typeof setTimeout> | undefined;
  private quietTimer: ReturnType<typeof setTimeout> | undefined;
  private gapFilling = false;
  private stopped = false;
  /** Settles once start() has read the cursor and the cache: no cursor is written before. */
  private restored: Promise<void> | null = null;
  private synced = false;
  private hasOlder = false;
  /** Consecutive failed refreshes: a failing server is asked again soon, then less often. */
  private failedRefreshes = 0;
  private lastEventAt: number | null = null;
  /** Order of the newest event whose state facts were applied: older history never overrides. */
  private stateOrder = '';
  private stateFromLive = false;
  // V0 cursor: every id ≤ contiguousId is known; ids above it that arrived are in `above`.
  private contiguousId = -1;
  private highestId = -1;
  private oldestId: number | null = null;
  private readonly above = new Set<number>();
  // V1 cursor.
  private newestTimestamp: string | null = null;
  private oldestTimestamp: string | null = null;
  private v0: V0Info | null = null;
  private v1: V1Info | null = null;
  private readonly counters: StreamCounters = {
    received: 0,
    duplicates: 0,
    malformed: 0,
    oversized: 0,
    reconnects: 0,
  };
  private readonly conversation: ConversationFacts = {
    title: null,
    status: null,
    runtimeStatus: null,
    agentState: null,
    sandboxStatus: null,
    executionStatus: null,
    error: null,
    notFound: false,
  };

  constructor(
    readonly conversationId: string,
    readonly generation: Generation,
    private readonly deps: ConversationStreamDeps,
  ) {}

  snapshot(): StreamSnapshot {
    return {
      conversationId: this.conversationId,
      generation: this.generation,
      transport: this.transportState,
      synced: this.synced,
      conversation: { ...this.conversation },
      counters: { ...this.counters },
      hasOlder: this.hasOlder,
      lastEventAt: this.lastEventAt,
      stateFromLive: this.stateFromLive,
    };
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.restored = this.restore();
    await this.restored;
    await this.refresh();
  }

  private async restore(): Promise<void> {
    const [cursor, orders] = await Promise.all([
      this.deps.store.readCursor(this.conversationId),
      this.deps.store.readCachedOrders(this.conversationId),
    ]);
    for (const order of orders) {
      const key = dedupeKeyOfOrder(order);
      if (key) this.seen.add(key);
    }
    if (cursor) this.restoreCursor(cursor);
    // The cache itself says where older history continues from (orders come sorted).
    const oldest = orders[0];
    if (oldest) this.noteOldest(oldest);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.gapTimer);
    clearTimeout(this.quietTimer);
    clearTimeout(this.snapshotTimer);
    this.transport?.stop();
    this.transport = null;
    void this.flush();
  }

  /** Sends a user action: over the V0 socket (queued until live), or V1 REST. */
  async sendV0Action(action: Record<string, unknown>): Promise<void> {
    if (!this.transport) {
      // A stopped V0 conversation must be started before its socket accepts anything.
      await this.refresh();
    }
    if (!this.transport) throw new Error('The conversation is not running. Start it first.');
    this.transport.send(action);
  }

  v0Info(): V0Info | null {
    return this.v0;
  }

  v1Info(): V1Info | null {
    return this.v1;
  }

  /** Re-reads the conversation and (re)starts or stops the live transport accordingly. */
  async refresh(): Promise<void> {
    clearTimeout(this.pollTimer);
    if (this.stopped) return;
    try {
      const running = this.generation === 'v0' ? await this.refreshV0() : await this.refreshV1();
      if (!this.synced) {
        await this.initialHistory(running);
        this.synced = true;
      }
      if (running) this.ensureTransport();
      else this.stopTransport();
      this.failedRefreshes = 0;
    } catch (error) {
      this.conversation.error = error instanceof Error ? error.message : String(error);
      this.failedRefreshes++;
    }
    this.emitSnapshot();
    if (!this.stopped && !this.conversation.notFound && !this.transport) this.schedulePoll();
  }

  /** Fetches the page of history just before the oldest event held. */
  async loadOlder(): Promise<number> {
    if (!this.hasOlder) return 0;
    const page =
      this.generation === 'v0'
        ? await this.fetchV0({
            reverse: true,
            limit: HISTORY_PAGE,
            ...(this.oldestId !== null ? { end_id: Math.max(0, this.oldestId - 1) } : {}),
          })
        : await this.fetchV1Page(this.oldestTimestamp);
    if (this.generation === 'v0' && this.oldestId === 0) page.more = false;
    this.hasOlder = page.more;
    const added = this.ingest(page.events, 'history');
    this.emitSnapshot();
    return added;
  }

  // --- Resolving the conversation -------------------------------------------------------------

  private async refreshV0(): Promise<boolean> {
    const info = (await this.deps.caller.call('v0.getConversation', {
      conversation_id: this.conversationId,
    })) as V0Info | null;
    if (!info) {
      this.conversation.notFound = true;
      this.conversation.error = 'This conversation no longer exists on the server.';
      return false;
    }
    this.v0 = info;
    this.conversation.notFound = false;
    this.conversation.title = info.title ?? this.conversation.title;
    this.conversation.status = info.status ?? null;
    this.conversation.runtimeStatus = info.runtime_status ?? this.conversation.runtimeStatus;
    // The web UI's rule: connect only to a running conversation with a live runtime, because
    // connecting to the socket starts the agent loop.
    return (
      info.status === 'RUNNING' && !!info.runtime_status && info.runtime_status !== 'STATUS$STOPPED'
    );
  }

  private async refreshV1(): Promise<boolean> {
    const list = (await this.deps.caller.call('v1.getAppConversations', {
      ids: [this.conversationId],
    })) as (V1Info | null)[];
    const info = Array.isArray(list) ? (list[0] ?? null) : null;
    if (!info) {
      this.conversation.notFound = true;
      this.conversation.error = 'This conversation no longer exists on the server.';
      return false;
    }
    this.v1 = info;
    this.conversation.notFound = false;
    this.conversation.title = info.title ?? this.conversation.title;
    this.conversation.sandboxStatus = info.sandbox_status ?? null;
    this.conversation.status = conversationStatusOfSandbox(info.sandbox_status);
    if (info.execution_status) this.conversation.executionStatus = info.execution_status;
    return info.sandbox_status === 'RUNNING' && !!info.conversation_url;
  }

  private schedulePoll(): void {
    clearTimeout(this.pollTimer);
    const poll = this.deps.pollMs ?? { starting: 3000, idle: 30_000 };
    const delay = this.failedRefreshes
      ? backoffDelay(this.failedRefreshes - 1, { baseMs: 2000, maxMs: poll.idle, jitter: 0.3 })
      : this.conversation.status === 'STARTING'
        ? poll.starting
        : poll.idle;
    this.pollTimer = setTimeout(() => void this.refresh(), delay);
  }

  // --- History ----------------------------------------------------------------------------------

  private async initialHistory(running: boolean): Promise<void> {
    if (this.generation === 'v0') {
      if (this.highestId >= 0 || this.contiguousId >= 0) {
        // Resuming: a running conversation's socket replays everything after the cursor in one
        // go (gap-filling adds what the socket leaves out); a stopped one is read over REST.
        if (!running) await this.fillV0From(this.contiguousId + 1, null);
      } else {
        const page = await this.fetchV0({ reverse: true, limit: HISTORY_PAGE });
        // Without a cursor, whatever the cache holds may end anywhere below this page: older
        // history continues from the page, reading again what the cache has rather than
        // leaving a hole between the two.
        this.oldestId = null;
        this.hasOlder = page.more;
        this.ingest(page.events, 'history');
        // Everything from the newest id down to the oldest of this page is known.
        this.contiguousId = Math.max(this.contiguousId, this.highestId);
        this.advance();
      }
      return;
    }
    // V1 with a running agent server: its socket replays everything (or what is new since
    // the cursor). Otherwise history comes from the app server's event search.
    if (!running && this.seen.size === 0) {
      const page = await this.fetchV1Page(null);
      this.hasOlder = page.more;
      this.ingest(page.events, 'history');
    }
  }

  private async fetchV0(query: Record<string, unknown>): Promise<PageOfEvents> {
    const info = this.v0 ?? { conversation_id: this.conversationId };
    const result = await this.deps.caller.call('v0.getEvents', {
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

  /** A page of V1 events older than `before` (newest first), from the agent server when it runs. */
  private async fetchV1Page(before: string | null): Promise<PageOfEvents> {
    const info = this.v1;
    const filters = {
      sort_order: 'TIMESTAMP_DESC',
      limit: HISTORY_PAGE,
      ...(before ? { timestamp__lt: before } : {}),
    };
    const result =
      info?.sandbox_status === 'RUNNING' && info.conversation_url
        ? await this.deps.caller.call('agent.searchEvents', {
            conversation: {
              conversation_url: info.conversation_url,
              session_api_key: info.session_api_key ?? null,
            },
            ...filters,
          })
        : await this.deps.caller.call('v1.searchEvents', {
            conversation_id__eq: this.conversationId,
            ...filters,
          });
    return {
      events: eventsOf(result, 'items'),
      more: isRecord(result) && typeof result.next_page_id === 'string' && !!result.next_page_id,
    };
  }

  /** Reads the V0 log forward from `startId` (up to `endId`), marking the range as known. */
  private async fillV0From(startId: number, endId: number | null): Promise<void> {
    let next = startId;
    for (;;) {
      const page = await this.fetchV0({
        start_id: next,
        limit: HISTORY_PAGE,
        ...(endId !== null ? { end_id: endId } : {}),
      });
      this.ingest(page.events, 'history');
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
    if (this.gapTimer || this.gapFilling) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      void this.fillGaps();
    }, GAP_FILL_DELAY_MS);
  }

  private async fillGaps(): Promise<void> {
    if (this.stopped || this.gapFilling || this.contiguousId >= this.highestId) return;
    this.gapFilling = true;
    try {
      await this.fillV0From(this.contiguousId + 1, this.highestId);
    } catch {
      // The next event or reconnect schedules another attempt.
    } finally {
      this.gapFilling = false;
    }
    if (this.contiguousId < this.highestId) this.scheduleGapFill();
    this.scheduleFlush();
  }

  /**
   * Holes are found when a later id arrives; a log that ends with events the socket never sends
   * (a null observation, an environment event) has no later id. When the stream goes quiet,
   * read forward once from the contiguous cursor.
   */
  private scheduleQuietCheck(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      if (this.stopped || !this.synced || this.gapFilling) return;
      this.gapFilling = true;
      void this.fillV0From(this.contiguousId + 1, null)
        .catch(() => {
          // The next live event schedules another check.
        })
        .finally(() => {
          this.gapFilling = false;
          this.scheduleFlush();
        });
    }, QUIET_CHECK_MS);
  }

  private advance(): void {
    for (const id of this.above) if (id <= this.contiguousId) this.above.delete(id);
    while (this.above.delete(this.contiguousId + 1)) this.contiguousId++;
  }

  // --- Events -----------------------------------------------------------------------------------

  private ingest(raws: readonly Record<string, unknown>[], origin: 'live' | 'history'): number {
    const fresh: StreamEntry[] = [];
    for (const raw of raws) {
      const facts = this.deps.facts(raw);
      if (!facts) {
        this.counters.malformed++;
        continue;
      }
      if (!facts.key || facts.ephemeral) {
        this.applyPayload(facts);
        continue;
      }
      const order = this.orderOf(facts);
      if (!order) {
        this.counters.malformed++;
        continue;
      }
      this.counters.received++;
      this.noteOldest(order);
      if (this.seen.has(facts.key)) {
        this.counters.duplicates++;
        continue;
      }
      this.seen.add(facts.key);
      if (approximateSize(raw) > OVERSIZED_EVENT_BYTES) this.counters.oversized++;
      this.track(facts);
      // Only events that say something about the state count: history pages come newest
      // first, and a newer event without state must not hide an older state change.
      const carriesState = !!(facts.agentState || facts.executionStatus || facts.error);
      if (carriesState && order > this.stateOrder) {
        this.stateOrder = order;
        this.applyState(facts);
      }
      fresh.push({ order, raw });
      this.pending.push({ conversationId: this.conversationId, order, key: facts.key, raw });
    }
    if (origin === 'live' && this.generation === 'v0') this.scheduleQuietCheck();
    if (fresh.length) {
      if (origin === 'live') this.lastEventAt = Date.now();
      this.deps.onEntries(this.conversationId, fresh);
      this.scheduleFlush();
      // The agent state and the last-event time these events carry reach panels too.
      this.scheduleSnapshot();
    }
    return fresh.length;
  }

  private orderOf(facts: EventFacts): string | null {
    if (facts.generation === 'v0') {
      return typeof facts.id === 'number' && facts.key ? v0OrderKey(facts.id) : null;
    }
    return facts.timestamp && facts.key ? v1OrderKey(facts.timestamp, facts.key) : null;
  }

  /** Where older history continues from: also fed by events already held, so it never sticks. */
  private noteOldest(order: string): void {
    if (order.startsWith('0:')) {
      const id = Number.parseInt(order.slice(2), 10);
      this.oldestId = this.oldestId === null ? id : Math.min(this.oldestId, id);
    } else {
      const timestamp = order.slice(2, order.lastIndexOf('|'));
      if (!this.oldestTimestamp || timestamp < this.oldestTimestamp)
        this.oldestTimestamp = timestamp;
    }
  }

  private track(facts: EventFacts): void {
    if (facts.generation === 'v0' && typeof facts.id === 'number') {
      const id = facts.id;
      this.highestId = Math.max(this.highestId, id);
      if (id > this.contiguousId) {
        this.above.add(id);
        this.advance();
        if (this.synced && this.contiguousId < this.highestId) this.scheduleGapFill();
      }
    } else if (facts.timestamp) {
      if (!this.newestTimestamp || facts.timestamp > this.newestTimestamp) {
        this.newestTimestamp = facts.timestamp;
      }
    }
  }

  /** Applies an event's state facts; true when it carried any. */
  private applyState(facts: EventFacts): boolean {
    if (facts.agentState) {
      this.conversation.agentState = facts.agentState;
      if (facts.agentState !== 'error') this.conversation.error = null;
    }
    if (facts.executionStatus) {
      this.conversation.executionStatus = facts.executionStatus;
      if (facts.executionStatus !== 'error') this.conversation.error = null;
    }
    if (facts.error) this.conversation.error = shorten(facts.error, MAX_ERROR_CHARS);
    return Boolean(facts.agentState || facts.executionStatus || facts.error);
  }

  /** Frames that are not stored events: V0 status payloads, V1 subscribe-time state. */
  private applyPayload(facts: EventFacts): void {
    if (facts.executionStatus || facts.agentState || facts.runtimeStatus?.level === 'error') {
      this.stateFromLive = true;
    }
    if (facts.executionStatus) this.conversation.executionStatus = facts.executionStatus;
    if (facts.runtimeStatus) {
      const { level, id, message } = facts.runtimeStatus;
      if (id) this.conversation.runtimeStatus = id;
      if (level === 'error') {
        this.conversation.agentState = 'error';
        this.conversation.error = shorten(
          message || id || 'The runtime reported an error.',
          MAX_ERROR_CHARS,
        );
      }
    }
    if (facts.title) this.conversation.title = shorten(facts.title, 500);
    if (facts.error) this.conversation.error = shorten(facts.error, MAX_ERROR_CHARS);
    if (facts.agentState) {
      this.conversation.agentState = facts.agentState;
      // The id-less "stopped" notice: the server closed the conversation.
      if (facts.agentState === 'stopped') this.conversation.status = 'STOPPED';
    }
    this.emitSnapshot();
  }

  // --- Transport --------------------------------------------------------------------------------

  private callbacks(): TransportCallbacks {
    return {
      onEvents: (events) => {
        this.ingest(events, 'live');
      },
      onPayload: (payload) => {
        if (approximateSize(payload) > OVERSIZED_EVENT_BYTES) this.counters.oversized++;
        const facts = this.deps.facts(payload);
        if (facts) this.applyPayload(facts);
        else this.counters.malformed++;
      },
      onMalformed: () => {
        this.counters.malformed++;
        this.emitSnapshot();
      },
      onState: (state) => {
        if (state.phase === 'retrying') this.counters.reconnects++;
        this.transportState = state;
        if (state.phase === 'stopped' && !this.stopped) {
          // Stopped by a failed reconnect check: the conversation is no longer running.
          this.transport = null;
          this.schedulePoll();
        }
        if (state.phase === 'failed' && state.reason === 'unauthorized' && !this.stopped) {
          void this.recoverFromRefusedKey();
        }
        this.emitSnapshot();
      },
    };
  }

  /** Re-reads the conversation before a reconnect; failures are shown, not fatal. */
  private async checkBeforeReconnect(): Promise<boolean> {
    try {
      const running = this.generation === 'v0' ? await this.refreshV0() : await this.refreshV1();
      this.emitSnapshot();
      return running;
    } catch (error) {
      // A wrong server key or an unreachable server: say so, and let the stream keep trying
      // (the conversation's own runtime may still accept it).
      this.conversation.error = error instanceof Error ? error.message : String(error);
      this.emitSnapshot();
      return true;
    }
  }

  /**
   * A refused key on the live stream. Runtimes get new keys when they restart, and the
   * conversation record always carries the current one: re-read it and reconnect with it.
   */
  private async recoverFromRefusedKey(): Promise<void> {
    const before = this.generation === 'v0' ? this.v0?.session_api_key : this.v1?.session_api_key;
    try {
      const running = this.generation === 'v0' ? await this.refreshV0() : await this.refreshV1();
      const after = this.generation === 'v0' ? this.v0?.session_api_key : this.v1?.session_api_key;
      if (running && after && after !== before) {
        this.stopTransport();
        this.ensureTransport();
        return;
      }
      this.conversation.error =
        'The conversation’s runtime refused Handoff’s key. Check the API key in Handoff’s options.';
    } catch (error) {
      this.conversation.error = error instanceof Error ? error.message : String(error);
    }
    this.emitSnapshot();
  }

  private ensureTransport(): void {
    if (this.transport) return;
    const beforeReconnect = () => this.checkBeforeReconnect();
    if (this.generation === 'v0' && this.v0) {
      const base = this.deps.resolveUrl(this.v0.url ?? `/api/conversations/${this.conversationId}`);
      const prefix = base.pathname.split('/api/conversations')[0] ?? '';
      this.transport = this.deps.createV0Transport({
        origin: base.origin,
        path: `${prefix.replace(/\/+$/, '')}/socket.io`,
        conversationId: this.conversationId,
        sessionApiKey: this.v0.session_api_key ?? this.deps.socketFallbackKey,
        latestEventId: () => this.highestId,
        callbacks: this.callbacks(),
        beforeReconnect,
      });
    } else if (this.generation === 'v1' && this.v1?.conversation_url) {
      this.transport = this.deps.createV1Transport({
        agentServerUrl: this.deps.agentServerBase(this.v1.conversation_url),
        conversationId: this.conversationId,
        sessionApiKey: this.v1.session_api_key ?? null,
        lastTimestamp: () => this.newestTimestamp,
        callbacks: this.callbacks(),
        beforeReconnect,
      });
    }
    this.transport?.start();
  }

  private stopTransport(): void {
    if (!this.transport) return;
    this.transport.stop();
    this.transport = null;
  }

  // --- Persistence ------------------------------------------------------------------------------

  private restoreCursor(cursor: StreamCursor): void {
    if (cursor.contiguousId !== undefined) this.contiguousId = cursor.contiguousId;
    if (cursor.highestId !== undefined) this.highestId = cursor.highestId;
    if (cursor.oldestId !== undefined) this.oldestId = cursor.oldestId;
    if (cursor.lastTimestamp) this.newestTimestamp = cursor.lastTimestamp;
    if (cursor.oldestTimestamp) this.oldestTimestamp = cursor.oldestTimestamp;
    this.hasOlder = cursor.hasOlder ?? false;
    this.synced = false;
  }

  private cursor(): StreamCursor {
    return {
      conversationId: this.conversationId,
      generation: this.generation,
      ...(this.generation === 'v0'
        ? {
            // Only what is known without holes survives a restart; the rest is re-read.
            contiguousId: this.contiguousId,
            highestId: this.contiguousId,
            ...(this.oldestId !== null ? { oldestId: this.oldestId } : {}),
          }
        : {
            ...(this.newestTimestamp ? { lastTimestamp: this.newestTimestamp } : {}),
            ...(this.oldestTimestamp ? { oldestTimestamp: this.oldestTimestamp } : {}),
          }),
      hasOlder: this.hasOlder,
      updatedAt: Date.now(),
    };
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, FLUSH_MS);
  }

  /** Writes pending events with the cursor that covers them, in one transaction. */
  async flush(): Promise<void> {
    // Before the cursor is read, this stream's own would claim nothing is known and overwrite it.
    if (!this.restored) return;
    await this.restored.catch(() => {});
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length && this.stopped) return;
    await this.deps.store.cacheEvents(batch, this.cursor());
  }

  private scheduleSnapshot(): void {
    if (this.snapshotTimer) return;
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = undefined;
      if (!this.stopped) this.emitSnapshot();
    }, EVENT_SNAPSHOT_MS);
  }

  private emitSnapshot(): void {
    this.deps.onSnapshot(this.snapshot());
  }
}
