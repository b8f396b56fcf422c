import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { Generation } from '@/lib/api/generation';
import type { WorkerToPanel } from '@/lib/messaging/panel-port';
import type { StreamEntry, StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { migrateLegacyStorage, sanitiseWatched } from '@/lib/settings/migration';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/settings/store';
import { readRecord, updateRecord, WATCHED_RECORD } from '@/lib/settings/trusted-store';
import { cacheEvents, readCachedOrders, readCursor } from '@/lib/stream/cache';
import { ConversationStream, type ConversationStreamDeps } from '@/lib/stream/conversation-stream';
import type { FactsReader } from '@/lib/stream/event-facts';
import type { RawCaller } from '@/lib/stream/history';
import { V0SocketTransport } from '@/lib/stream/v0-socket';
import { V1SocketTransport } from '@/lib/stream/v1-socket';
import { type Need, needOf, notify } from './attention';
import { showStreamNeeds } from './badge';

const NEEDS_KEY = 'handoff:needs';
const KEEPALIVE_ALARM = 'handoff-keepalive';
/** Under Chrome's 30 s idle limit, with margin: any extension API call resets the timer. */
const KEEPALIVE_MS = 15_000;
const MAX_WATCHED = 30;
/**
 * How long a wait for confirmation may come before the action it is about: after a cold start
 * the state is read first and the action a moment later. Told at once, the notification would
 * name nothing and offer nothing to press, then be replaced.
 */
export const ACTION_GRACE_MS = 1500;

export interface WatchedConversation {
  generation: Generation;
  since: number;
  /** The server it is on; absent: the default one. */
  server?: string;
}

export interface HubEnvironment {
  /** The connection to a conversation's server (the default one when none is named). */
  caller: (serverId: string | undefined) => Promise<{
    caller: RawCaller;
    settings: Settings;
    apiKey: string | null;
    resolveUrl(reference: string): URL;
    agentServerBase(conversationUrl: string): string;
  }>;
  facts: FactsReader;
}

type Port = Runtime.Port;

/**
 * Every live conversation stream of the worker, and who listens to each. Panels subscribe over
 * ports; the watch list survives worker restarts (the trusted store), so a stopped worker resumes
 * each stream from its cursor, and the person keeps getting told when an agent needs them.
 */
export class StreamHub {
  private readonly streams = new Map<string, ConversationStream>();
  /** Streams being created: a restore and a panel's watch racing must not make two. */
  private readonly creating = new Map<string, Promise<ConversationStream>>();
  /** Bumped when the server or key changes: a stream made for the old ones is made again. */
  private settingsEpoch = 0;
  private readonly subscribers = new Map<string, Set<Port>>();
  /** Panels that said they are on screen (and not since that they are not). */
  private readonly onScreenPorts = new WeakSet<Port>();
  private readonly needs = new Map<string, Need>();
  /** What each conversation's notification is about: a newer action or question replaces it. */
  private readonly told = new Map<string, string>();
  /** Conversations to tell about on their first read, even a read of history (watchToTell). */
  private readonly tellOnFirstRead = new Set<string>();
  /** Confirmations waiting (ACTION_GRACE_MS at most) for their action before being told. */
  private readonly awaitingAction = new Map<
    string,
    { timer: ReturnType<typeof setTimeout>; snapshot: StreamSnapshot }
  >();
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private restored: Promise<void> | null = null;

  constructor(private readonly env: HubEnvironment) {}

  /** Rebuilds the streams a stopped worker had, from the persisted watch list. */
  restore(): Promise<void> {
    this.restored ??= (async () => {
      const stored = (await browser.storage.session.get(NEEDS_KEY))[NEEDS_KEY] as
        | Record<string, Need>
        | undefined;
      for (const [id, need] of Object.entries(stored ?? {})) this.needs.set(id, need);
      const watched = await this.readWatched();
      await Promise.all(
        Object.entries(watched).map(([id, entry]) =>
          this.ensureStream(id, entry.generation, entry.server),
        ),
      );
      await this.updateBadge();
    })().catch((error) => {
      console.warn('[handoff] could not restore streams', error);
    });
    return this.restored;
  }

  /** The server a watched conversation is on, when it is watched. */
  async serverOf(conversationId: string): Promise<string | undefined> {
    return (await this.readWatched())[conversationId]?.server;
  }

  /**
   * A conversation only the list knew about started needing the person: its own events are
   * read, so the notification names what it waits on and its buttons answer exactly that.
   */
  async watchToTell(
    conversationId: string,
    generation: Generation,
    serverId?: string,
  ): Promise<void> {
    this.tellOnFirstRead.add(conversationId);
    try {
      await this.watch(conversationId, generation, serverId);
    } catch (error) {
      this.tellOnFirstRead.delete(conversationId);
      throw error;
    }
  }

  /**
   * Starts watching a conversation on its server (and keeps watching it across worker
   * restarts).
   */
  async watch(
    conversationId: string,
    generation: Generation,
    serverId?: string,
  ): Promise<ConversationStream> {
    const watched = await this.readWatched();
    const known = watched[conversationId];
    if (!known || (serverId && known.server !== serverId)) {
      await migrateLegacyStorage();
      await updateRecord(WATCHED_RECORD, (current) => {
        const next = sanitiseWatched(current);
        next[conversationId] = {
          generation,
          since: next[conversationId]?.since ?? Date.now(),
          ...((serverId ?? next[conversationId]?.server)
            ? { server: serverId ?? next[conversationId]?.server }
            : {}),
        };
        const newestFirst = Object.entries(next).sort((a, b) => b[1].since - a[1].since);
        return Object.fromEntries(newestFirst.slice(0, MAX_WATCHED));
      });
      await browser.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
    }
    return this.ensureStream(conversationId, generation, serverId ?? known?.server);
  }

  async unwatch(conversationId: string): Promise<void> {
    await migrateLegacyStorage();
    const watched = await updateRecord(WATCHED_RECORD, (current) => {
      const next = sanitiseWatched(current);
      delete next[conversationId];
      return next;
    });
    if (!Object.keys(watched).length) await browser.alarms.clear(KEEPALIVE_ALARM);
    this.streams.get(conversationId)?.stop();
    this.streams.delete(conversationId);
    this.needs.delete(conversationId);
    await this.persistNeeds();
    await this.updateBadge();
    this.updateKeepalive();
  }

  /** A panel says whether it is on screen: what it shows is what the person is looking at. */
  setOnScreen(port: Port, visible: boolean): void {
    if (visible) this.onScreenPorts.add(port);
    else this.onScreenPorts.delete(port);
  }

  /** Whether a panel on screen shows this conversation. */
  onScreen(conversationId: string): boolean {
    for (const port of this.subscribers.get(conversationId) ?? []) {
      if (this.onScreenPorts.has(port)) return true;
    }
    return false;
  }

  /** Whether any stream is connected or reconnecting: an agent may be at work. */
  anyActive(): boolean {
    return [...this.streams.values()].some((stream) => {
      const phase = stream.snapshot().transport.phase;
      return phase === 'live' || phase === 'connecting' || phase === 'retrying';
    });
  }

  stream(conversationId: string): ConversationStream | undefined {
    return this.streams.get(conversationId);
  }

  /**
   * A panel subscribes: the stream's pending events are written to the cache first, so the
   * panel's own read of the cache plus the entries sent from now on cover everything.
   */
  async subscribe(
    port: Port,
    conversationId: string,
    generation: Generation,
    serverId?: string,
  ): Promise<void> {
    const stream = await this.watch(conversationId, generation, serverId);
    let ports = this.subscribers.get(conversationId);
    if (!ports) {
      ports = new Set();
      this.subscribers.set(conversationId, ports);
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports?.delete(port));
    stream.retryGivenUp();
    await stream.flush();
    this.post(port, { type: 'watching', conversationId, snapshot: stream.snapshot() });
  }

  unsubscribe(port: Port, conversationId: string): void {
    this.subscribers.get(conversationId)?.delete(port);
  }

  /** Loads a page of older history; the panel always gets an answer, even a failure. */
  async loadOlder(port: Port, conversationId: string): Promise<void> {
    // A worker that was just restarted may still be rebuilding its streams.
    await this.restore();
    const stream = this.streams.get(conversationId);
    if (!stream) {
      this.post(port, {
        type: 'older-loaded',
        conversationId,
        added: 0,
        hasOlder: false,
        error: 'Handoff is not watching this conversation.',
      });
      return;
    }
    try {
      const added = await stream.loadOlder();
      await stream.flush();
      this.post(port, {
        type: 'older-loaded',
        conversationId,
        added,
        hasOlder: stream.snapshot().hasOlder,
      });
    } catch (error) {
      this.post(port, {
        type: 'older-loaded',
        conversationId,
        added: 0,
        hasOlder: stream.snapshot().hasOlder,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** Forgets every stream (the server or key changed): they are rebuilt with the new settings. */
  async restartAll(): Promise<void> {
    this.settingsEpoch++;
    for (const stream of this.streams.values()) stream.stop();
    this.streams.clear();
    this.restored = null;
    await this.restore();
  }

  // --- Internals --------------------------------------------------------------------------------

  private async readWatched(): Promise<Record<string, WatchedConversation>> {
    await migrateLegacyStorage();
    return sanitiseWatched(await readRecord(WATCHED_RECORD));
  }

  private ensureStream(
    conversationId: string,
    generation: Generation,
    serverId: string | undefined,
  ): Promise<ConversationStream> {
    const existing = this.streams.get(conversationId);
    if (existing) return Promise.resolve(existing);
    let creating = this.creating.get(conversationId);
    if (!creating) {
      creating = this.createStream(conversationId, generation, serverId).finally(() =>
        this.creating.delete(conversationId),
      );
      this.creating.set(conversationId, creating);
    }
    return creating;
  }

  private async createStream(
    conversationId: string,
    generation: Generation,
    serverId: string | undefined,
  ): Promise<ConversationStream> {
    const epoch = this.settingsEpoch;
    const context = await this.env.caller(serverId);
    if (epoch !== this.settingsEpoch) {
      return this.createStream(conversationId, generation, serverId);
    }
    const deps: ConversationStreamDeps = {
      caller: context.caller,
      serverUrl: context.settings.serverUrl ?? '',
      socketFallbackKey: context.settings.authScheme === 'session-key' ? context.apiKey : null,
      facts: this.env.facts,
      store: { cacheEvents, readCursor, readCachedOrders },
      createV0Transport: (options) => new V0SocketTransport(options),
      createV1Transport: (options) => new V1SocketTransport(options),
      resolveUrl: context.resolveUrl,
      agentServerBase: context.agentServerBase,
      onEntries: (id, entries) => this.relayEntries(id, entries),
      onSnapshot: (snapshot) => this.onSnapshot(snapshot),
    };
    const stream = new ConversationStream(conversationId, generation, deps);
    this.streams.set(conversationId, stream);
    void stream.start().catch((error) => {
      console.warn('[handoff] stream failed to start', conversationId, error);
    });
    return stream;
  }

  private relayEntries(conversationId: string, entries: StreamEntry[]): void {
    const ports = this.subscribers.get(conversationId);
    if (!ports?.size) return;
    for (const port of ports) this.post(port, { type: 'entries', conversationId, entries });
  }

  private onSnapshot(snapshot: StreamSnapshot): void {
    for (const port of this.subscribers.get(snapshot.conversationId) ?? []) {
      this.post(port, { type: 'snapshot', snapshot });
    }
    this.updateKeepalive();
    void this.noticeNeed(snapshot);
  }

  private post(port: Port, message: WorkerToPanel): void {
    try {
      port.postMessage(message);
    } catch {
      // The panel closed between our check and the post; its disconnect listener cleans up.
    }
  }

  /** Tells the person when a conversation starts needing them, once per change. */
  private async noticeNeed(snapshot: StreamSnapshot): Promise<void> {
    if (!snapshot.synced) return;
    const id = snapshot.conversationId;
    const need = needOf(snapshot);
    const previous = this.needs.get(id);
    const { action, question } = snapshot.conversation;
    // The very action or question waited on: a notification names it, and its buttons act on it.
    const about = `${need}|${need === 'confirmation' ? (action?.key ?? '') : need === 'question' ? (question?.requestId ?? '') : ''}`;
    const toldBefore = this.told.get(id);
    this.told.set(id, about);
    const heldBack = this.awaitingAction.has(id);
    // Asked for (watchToTell): the first read is the news, though it comes from history.
    const asked = this.tellOnFirstRead.delete(id);
    if (previous === need) {
      // Still waiting, on something newer: the notification is replaced with what it is now
      // (or told for the first time, when it was held back for its action).
      if (!asked && (toldBefore === undefined || toldBefore === about)) return;
      if (!asked && !snapshot.stateFromLive && !heldBack) return;
    } else {
      this.needs.set(id, need);
      await this.persistNeeds();
      await this.updateBadge();
      // A state read from history is where the conversation already was, not news; one that
      // arrived over the live stream (also replayed after a reconnect) is.
      if (previous === undefined && !snapshot.stateFromLive && !asked) {
        this.stopAwaitingAction(id);
        return;
      }
    }
    this.stopAwaitingAction(id);
    if (need === 'confirmation' && !action) {
      const timer = setTimeout(() => void this.tellHeldBack(id), ACTION_GRACE_MS);
      this.awaitingAction.set(id, { timer, snapshot });
      return;
    }
    await this.tell(id, need, snapshot);
  }

  /** The action never came in time: tell what is known, rather than nothing. */
  private async tellHeldBack(conversationId: string): Promise<void> {
    const held = this.awaitingAction.get(conversationId);
    this.awaitingAction.delete(conversationId);
    if (!held || this.needs.get(conversationId) !== 'confirmation') return;
    await this.tell(
      conversationId,
      'confirmation',
      this.streams.get(conversationId)?.snapshot() ?? held.snapshot,
    );
  }

  private stopAwaitingAction(conversationId: string): void {
    clearTimeout(this.awaitingAction.get(conversationId)?.timer);
    this.awaitingAction.delete(conversationId);
  }

  private async tell(conversationId: string, need: Need, snapshot: StreamSnapshot): Promise<void> {
    const settings = await loadSettings();
    // The person is looking at it: the panel shows the change, a notification would repeat it.
    if (settings.notifications.onlyWhenAway && this.onScreen(conversationId)) return;
    await notify(
      conversationId,
      need,
      snapshot.conversation,
      settings,
      await this.serverOf(conversationId),
    );
  }

  private async persistNeeds(): Promise<void> {
    await browser.storage.session.set({ [NEEDS_KEY]: Object.fromEntries(this.needs) });
  }

  private async updateBadge(): Promise<void> {
    await showStreamNeeds(this.needs);
  }

  /** While a stream is connected or reconnecting, keep the worker from being stopped as idle. */
  private updateKeepalive(): void {
    const active = this.anyActive();
    if (active && !this.keepalive) {
      this.keepalive = setInterval(() => void browser.runtime.getPlatformInfo(), KEEPALIVE_MS);
    } else if (!active && this.keepalive) {
      clearInterval(this.keepalive);
      this.keepalive = undefined;
    }
  }
}
