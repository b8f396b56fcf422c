import { conversationStatusOfSandbox } from '@/lib/api/agent-state';
import { ApiError } from '@/lib/api/errors';
import type { Generation } from '@/lib/api/generation';
import {
  type ConversationFacts,
  type StreamCounters,
  type StreamEntry,
  type StreamSnapshot,
  type TransportState,
  unknownConversation,
  zeroCounters,
} from '@/lib/messaging/stream-snapshot';
import { backoffDelay } from './backoff';
import type { CachedEvent, StreamCursor } from './cache';
import type { EventFacts, FactsReader } from './event-facts';
import type { RawCaller } from './history';
import { dedupeKeyOfOrder, timestampOfOrder, v0OrderKey, v1OrderKey } from './order';
import type { StreamTransport, TransportCallbacks } from './transport';
import { type V0Info, V0Log } from './v0-log';
import { V1History, type V1Info } from './v1-history';
import { V1Resume } from './v1-resume';

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
  agentServerUrl: () => string;
  conversationId: string;
  sessionApiKey: () => string | null;
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
const FLUSH_MS = 150;
/** Snapshots that only follow new events (state, last-event time) go out at most this often. */
const EVENT_SNAPSHOT_MS = 250;

/** Words from the network shown in a banner: a runaway payload must not become a 2 MB banner. */
const MAX_ERROR_CHARS = 2000;
/** A notification names the question: its first words are enough. */
const MAX_QUESTION_CHARS = 300;
/** A notification names the command or file: a runaway command is cut, not carried whole. */
const MAX_ACTION_CHARS = 500;
/** A choice offered as a notification button: longer labels are not offered there. */
const MAX_CHOICE_CHARS = 200;
/** Answered actions remembered while history pages (newest first) may still bring the action. */
const MAX_ANSWERED = 500;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  private stopped = false;
  /** Settles once start() has read the cursor and the cache: no cursor is written before. */
  private restored: Promise<void> | null = null;
  private synced = false;
  private historyError: string | null = null;
  /** A credential binding was activated since the stream was last live (see below). */
  private bindingActivated = false;
  private hasOlder = false;
  /** Consecutive failed refreshes: a failing server is asked again soon, then less often. */
  private failedRefreshes = 0;
  private lastEventAt: number | null = null;
  /** Order of the newest event whose state facts were applied: older history never overrides. */
  private stateOrder = '';
  private stateFromLive = false;
  /** Order of the newest question event applied (history pages come newest first). */
  private questionOrder = '';
  /** Order of the newest action event applied (same reason). */
  private actionOrder = '';
  /**
   * Keys of actions whose answer was seen: a history page brings an answer before the action
   * it answers, which must then not open as pending.
   */
  private readonly answered = new Set<string>();
  /**
   * Bumped whenever the execution status is set, from any source. A conversation record read
   * while it changed is older than what the stream already knows (a pause lands on the socket
   * while the record is on its way), so its status is dropped rather than put back.
   */
  private statusRevision = 0;
  private v0: V0Info | null = null;
  private v1: V1Info | null = null;
  /** The V0 log's cursor and hole filling (V0 conversations only). */
  private readonly v0Log: V0Log;
  /** The V1 timestamp cursor and history pages (V1 conversations only). */
  private readonly v1History: V1History;
  /** What a V1 socket missed, read from the event search after each (re)connect. */
  private readonly v1Resume: V1Resume;
  private readonly counters: StreamCounters = zeroCounters();
  private readonly conversation: ConversationFacts = unknownConversation();

  constructor(
    readonly conversationId: string,
    readonly generation: Generation,
    private readonly deps: ConversationStreamDeps,
  ) {
    this.v0Log = new V0Log({
      conversationId,
      caller: deps.caller,
      record: () => this.v0,
      ingestHistory: (events) => this.ingest(events, 'history'),
      active: () => !this.stopped,
      synced: () => this.synced,
      afterFill: () => this.scheduleFlush(),
    });
    this.v1History = new V1History(conversationId, deps.caller);
    this.v1Resume = new V1Resume({
      caller: deps.caller,
      record: () => this.v1,
      agentServerBase: (url) => deps.agentServerBase(url),
      ingest: (events) => {
        if (!this.stopped) this.ingest(events, 'live');
      },
      readNewest: async () => {
        const page = await this.v1History.readNewest(this.v1);
        if (this.stopped) return [];
        this.hasOlder = page.more;
        this.ingest(page.events, 'live');
        return page.events;
      },
      failed: (error) => {
        console.warn('[handoff] catching up the stream failed', conversationId, messageOf(error));
      },
    });
  }

  snapshot(): StreamSnapshot {
    return {
      conversationId: this.conversationId,
      generation: this.generation,
      transport: this.transportState,
      synced: this.synced,
      historyError: this.historyError,
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
      if (!key) continue;
      this.seen.add(key);
      if (order.startsWith('1:')) this.v1Resume.noteHeld(timestampOfOrder(order));
    }
    if (cursor) this.restoreCursor(cursor);
    // The cache itself says where older history continues from (orders come sorted).
    const oldest = orders[0];
    if (oldest) this.noteOldest(oldest);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.snapshotTimer);
    this.v0Log.stop();
    this.v1Resume.lost();
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
  /**
   * Reads the newest page of the server's log now, on top of what the socket brought: a decision
   * taken for the person (a notification's button) must not rest on a frame still on its way.
   * V1 only; V0's conversation record already carries the agent's state.
   */
  async readNewestNow(): Promise<void> {
    if (this.generation !== 'v1' || !this.v1 || this.stopped || !this.synced) return;
    const page = await this.v1History.readNewest(this.v1);
    if (!this.stopped) this.ingest(page.events, 'history');
  }

  async refresh(): Promise<void> {
    clearTimeout(this.pollTimer);
    if (this.stopped) return;
    let historyFailed = false;
    try {
      const running = this.generation === 'v0' ? await this.refreshV0() : await this.refreshV1();
      if (!this.synced) {
        try {
          await this.initialHistory(running);
        } catch (error) {
          historyFailed = true;
          this.historyError = shorten(messageOf(error), MAX_ERROR_CHARS);
          throw error;
        }
        this.synced = true;
        this.historyError = null;
      }
      if (running) this.ensureTransport();
      else this.stopTransport();
      this.failedRefreshes = 0;
    } catch (error) {
      // A history that could not be read is the history's problem, not the conversation's.
      if (!historyFailed) this.conversation.error = messageOf(error);
      this.failedRefreshes++;
    }
    this.emitSnapshot();
    if (!this.stopped && !this.conversation.notFound && !this.transport) this.schedulePoll();
  }

  /**
   * A person opened the conversation again: a stream that gave up because the conversation's
   * container would not start gets another bounded round of tries.
   */
  retryGivenUp(): void {
    const state = this.transportState;
    if (this.stopped || state.phase !== 'failed' || state.reason !== 'runtime-failed') return;
    this.stopTransport();
    void this.refresh();
  }

  /** Fetches the page of history just before the oldest event held. */
  async loadOlder(): Promise<number> {
    if (!this.hasOlder) return 0;
    const page =
      this.generation === 'v0'
        ? await this.v0Log.readOlder()
        : await this.v1History.readOlder(this.v1);
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
    const revisionAsked = this.statusRevision;
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
    if (info.execution_status && this.statusRevision === revisionAsked) {
      this.setExecutionStatus(info.execution_status);
    }
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
      if (this.v0Log.resuming()) {
        // Resuming: a running conversation's socket replays everything after the cursor in one
        // go (hole filling adds what the socket leaves out); a stopped one is read over REST.
        if (!running) await this.v0Log.readAfterCursor();
      } else {
        const page = await this.v0Log.readNewest();
        this.hasOlder = page.more;
      }
      return;
    }
    // V1 with a running agent server: once its socket is open, what it missed is read from the
    // agent server's search (V1Resume). Otherwise history comes from the app server's search.
    if (!running && this.seen.size === 0) {
      const page = await this.v1History.readNewest(this.v1);
      this.hasOlder = page.more;
      this.ingest(page.events, 'history');
    }
  }

  // --- Events -----------------------------------------------------------------------------------

  /**
   * Takes events in. `socket`: frames of the live socket, which arrive in the order the server
   * stored them (a V1 one may move the resume anchor); `live`: new events read otherwise.
   */
  private ingest(
    raws: readonly Record<string, unknown>[],
    source: 'socket' | 'live' | 'history',
  ): number {
    const origin = source === 'history' ? 'history' : 'live';
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
      if (source === 'socket' && facts.generation === 'v1') {
        this.v1Resume.noteLive(facts.id, facts.typeName);
      }
      if (this.seen.has(facts.key)) {
        this.counters.duplicates++;
        continue;
      }
      this.seen.add(facts.key);
      if (facts.generation === 'v1') {
        this.v1Resume.noteHeld(timestampOfOrder(order), source === 'socket');
      }
      if (approximateSize(raw) > OVERSIZED_EVENT_BYTES) this.counters.oversized++;
      this.track(facts);
      if (facts.askUser && order > this.questionOrder) this.applyQuestion(facts.askUser, order);
      if (facts.answers) this.closeAction(facts.answers);
      if (facts.action && order > this.actionOrder)
        this.applyAction(facts.key, facts.action, order);
      // Only events that say something about the state count: history pages come newest
      // first, and a newer event without state must not hide an older state change.
      const carriesState = !!(facts.agentState || facts.executionStatus || facts.error);
      if (carriesState && order > this.stateOrder) {
        this.stateOrder = order;
        this.applyState(facts);
        // The status after an answer: the `waiting_for_confirmation` left over is over.
        if (facts.executionStatus && this.conversation.question?.answered) {
          this.conversation.question = null;
        }
      }
      fresh.push({ order, raw });
      this.pending.push({ conversationId: this.conversationId, order, key: facts.key, raw });
    }
    if (origin === 'live' && this.generation === 'v0') this.v0Log.scheduleQuietCheck();
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
      this.v0Log.noteOldest(Number.parseInt(order.slice(2), 10));
    } else {
      this.v1History.noteOldest(order.slice(2, order.lastIndexOf('|')));
    }
  }

  private track(facts: EventFacts): void {
    if (facts.generation === 'v0' && typeof facts.id === 'number') this.v0Log.noteId(facts.id);
    else if (facts.timestamp) this.v1History.noteTimestamp(facts.timestamp);
  }

  private setExecutionStatus(status: string): void {
    this.conversation.executionStatus = status;
    this.statusRevision++;
  }

  /** Applies an event's state facts; true when it carried any. */
  private applyState(facts: EventFacts): boolean {
    if (facts.agentState) {
      this.conversation.agentState = facts.agentState;
      if (facts.agentState !== 'error') this.conversation.error = null;
    }
    if (facts.executionStatus) {
      this.setExecutionStatus(facts.executionStatus);
      if (facts.executionStatus !== 'error') this.conversation.error = null;
    }
    if (facts.error) this.conversation.error = shorten(facts.error, MAX_ERROR_CHARS);
    return Boolean(facts.agentState || facts.executionStatus || facts.error);
  }

  /**
   * A question opens with its request and closes with the answer naming it. The newest question
   * event wins, whatever order history pages arrive in. An answer leaves the server's
   * `waiting_for_confirmation` standing until the agent resumes (the server publishes the state
   * before it runs again), so the question stays, marked answered, until a newer status: that
   * leftover wait is not a confirmation to ask the person for.
   */
  private applyQuestion(askUser: NonNullable<EventFacts['askUser']>, order: string): void {
    const open = this.conversation.question;
    if (askUser.answered) {
      if (open && open.requestId !== askUser.requestId) return;
      this.conversation.question =
        this.stateOrder > order
          ? null
          : { requestId: askUser.requestId, text: open?.text ?? null, answered: true };
    } else {
      const options = askUser.options ?? [];
      const offerable =
        askUser.questionCount === 1 &&
        !!askUser.questionId &&
        options.length >= 1 &&
        options.length <= 2 &&
        options.every((option) => option.label.length <= MAX_CHOICE_CHARS);
      this.conversation.question = {
        requestId: askUser.requestId,
        text: askUser.question === null ? null : shorten(askUser.question, MAX_QUESTION_CHARS),
        ...(offerable
          ? {
              choices: {
                questionId: askUser.questionId as string,
                options: options.map(({ id, label }) => ({ id, label })),
              },
            }
          : {}),
      };
    }
    this.questionOrder = order;
  }

  /**
   * The newest action is the one a confirmation is about; a newer one replaces it (V0 re-emits
   * the pending action with its verdict), and the answer naming it closes it, in whichever
   * order history pages bring the two.
   */
  private applyAction(key: string, action: NonNullable<EventFacts['action']>, order: string): void {
    this.actionOrder = order;
    if (!action.awaiting || this.answered.has(key)) {
      this.conversation.action = null;
      return;
    }
    const cut = (text: string | null) => (text === null ? null : shorten(text, MAX_ACTION_CHARS));
    this.conversation.action = {
      key,
      kind: action.kind,
      tool: cut(action.tool),
      command: cut(action.command),
      path: cut(action.path),
      operation: cut(action.operation),
      risk: action.risk,
    };
  }

  private closeAction(key: string): void {
    this.answered.add(key);
    if (this.answered.size > MAX_ANSWERED) {
      this.answered.delete(this.answered.values().next().value as string);
    }
    if (this.conversation.action?.key === key) this.conversation.action = null;
  }

  /** Frames that are not stored events: V0 status payloads, V1 subscribe-time state. */
  private applyPayload(facts: EventFacts): void {
    if (facts.executionStatus || facts.agentState || facts.runtimeStatus?.level === 'error') {
      this.stateFromLive = true;
    }
    if (facts.executionStatus) this.setExecutionStatus(facts.executionStatus);
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
        this.ingest(events, 'socket');
      },
      onSubscribed: () => {
        if (this.generation === 'v1') this.v1Resume.subscribed();
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
        if (this.generation === 'v1' && !this.stopped) {
          if (state.phase === 'live') this.v1Resume.opened();
          else this.v1Resume.lost();
        }
        if (state.phase === 'stopped' && !this.stopped) {
          // Stopped by a failed reconnect check: the conversation is no longer running.
          this.transport = null;
          this.schedulePoll();
        }
        if (state.phase === 'live') this.bindingActivated = false;
        if (state.phase === 'failed' && state.reason === 'unauthorized' && !this.stopped) {
          void this.recoverFromRefusedKey();
        }
        if (state.phase === 'failed' && state.reason === 'credential-binding' && !this.stopped) {
          void this.activateCredentialBinding();
        }
        this.emitSnapshot();
      },
    };
  }

  /**
   * The agent server will not stream until the sandbox's credential binding is activated (a
   * sandbox restarted with an ACP login): activate it once, or resume the sandbox where the app
   * server has no such route, then connect again. A second refusal before the stream was live
   * is shown, not retried: the loop would never end.
   */
  private async activateCredentialBinding(): Promise<void> {
    const record = this.v1;
    if (this.bindingActivated || !record?.sandbox_id) {
      this.conversation.error =
        'The conversation’s sandbox needs its login activated again, and activating it did not help. Open the conversation in the server’s own web app to sign in again.';
      this.emitSnapshot();
      return;
    }
    this.bindingActivated = true;
    try {
      try {
        await this.deps.caller.call('v1.activateCredentialBinding', {
          sandbox_id: record.sandbox_id,
          conversation_id: this.conversationId,
        });
      } catch (error) {
        if (!(error instanceof ApiError) || !error.isMissingRoute()) throw error;
        await this.deps.caller.call('v1.resumeSandbox', { sandbox_id: record.sandbox_id });
      }
      this.stopTransport();
      await this.refresh();
    } catch (error) {
      this.conversation.error = messageOf(error);
      this.emitSnapshot();
    }
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

  /**
   * The server's key for a socket, given only on the server's own origin: a runtime or agent
   * server elsewhere gets its own key or none.
   */
  private serverKeyOn(url: URL): string | null {
    return url.origin === this.deps.resolveUrl('/').origin ? this.deps.socketFallbackKey : null;
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
        sessionApiKey: this.v0.session_api_key ?? this.serverKeyOn(base),
        latestEventId: () => this.v0Log.latestEventId(),
        callbacks: this.callbacks(),
        beforeReconnect,
      });
    } else if (this.generation === 'v1' && this.v1?.conversation_url) {
      const record = this.v1;
      // Read at each connect: the record read before a reconnect may name a new address and key.
      const conversationUrl = () => this.v1?.conversation_url ?? record.conversation_url ?? '';
      this.transport = this.deps.createV1Transport({
        agentServerUrl: () => this.deps.agentServerBase(conversationUrl()),
        conversationId: this.conversationId,
        // An agent server on the server's own origin is the server itself (no app server).
        sessionApiKey: () =>
          this.v1?.session_api_key ?? this.serverKeyOn(this.deps.resolveUrl(conversationUrl())),
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
    this.v0Log.restore(cursor);
    this.v1History.restore(cursor);
    this.v1Resume.restore(cursor.anchor);
    this.hasOlder = cursor.hasOlder ?? false;
    if (cursor.question) {
      const { requestId, text, answered, choices, order } = cursor.question;
      this.conversation.question =
        requestId === null
          ? null
          : { requestId, text, ...(answered ? { answered } : {}), ...(choices ? { choices } : {}) };
      this.questionOrder = order;
    }
    if (cursor.action) {
      this.conversation.action = cursor.action.pending;
      this.actionOrder = cursor.action.order;
    }
    this.synced = false;
  }

  private cursor(): StreamCursor {
    return {
      conversationId: this.conversationId,
      generation: this.generation,
      ...(this.generation === 'v0' ? this.v0Log.cursorFields() : this.v1CursorFields()),
      // Socket frames alone are cached before the newest page is read: whether older events
      // exist is not known yet, so a stream restarted from this cursor must offer to read them.
      hasOlder: this.hasOlder || (this.generation === 'v1' && this.v1Resume.newestPending()),
      ...(this.questionOrder
        ? {
            question: {
              requestId: this.conversation.question?.requestId ?? null,
              text: this.conversation.question?.text ?? null,
              answered: this.conversation.question?.answered ?? false,
              ...(this.conversation.question?.choices
                ? { choices: this.conversation.question.choices }
                : {}),
              order: this.questionOrder,
            },
          }
        : {}),
      ...(this.actionOrder
        ? { action: { pending: this.conversation.action, order: this.actionOrder } }
        : {}),
      updatedAt: Date.now(),
    };
  }

  private v1CursorFields(): Partial<StreamCursor> {
    const anchor = this.v1Resume.anchorId();
    return { ...this.v1History.cursorFields(), ...(anchor ? { anchor } : {}) };
  }

  /** V1: the socket is subscribed and what it missed has been read. */
  caughtUp(): boolean {
    return this.v1Resume.caughtUp();
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
