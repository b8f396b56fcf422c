import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { Generation } from '@/lib/api/generation';
import {
  type Launch,
  PANEL_PORT_NAME,
  type PanelToWorker,
  type WorkerToPanel,
} from '@/lib/messaging/panel-port';
import type { StreamEntry, StreamSnapshot } from '@/lib/messaging/stream-snapshot';

export interface FeedHandlers {
  /** The worker is subscribed and has cached everything so far: read the cache now. */
  onWatching(snapshot: StreamSnapshot): void;
  onEntries(entries: StreamEntry[]): void;
  onSnapshot(snapshot: StreamSnapshot): void;
  onOlderLoaded?(result: { added: number; hasOlder: boolean; error?: string }): void;
}

interface Subscription {
  generation: Generation;
  /** The server it is on; left out: the worker finds it (watched, indexed, else the default). */
  serverId: string | undefined;
  handlers: Set<FeedHandlers>;
}

const RECONNECT_DELAY_MS = 100;

function watchMessage(conversationId: string, subscription: Subscription): PanelToWorker {
  const { generation, serverId } = subscription;
  return { type: 'watch', conversationId, generation, ...(serverId ? { serverId } : {}) };
}

/**
 * The panel's long-lived port to the worker. MV3 stops the worker at will, which disconnects
 * the port: this reconnects at once (waking the worker) and re-subscribes, so a restart costs
 * the panel nothing but a cache re-read.
 */
export class WorkerConnection {
  private port: Runtime.Port | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly launchListeners = new Set<(launch: Launch) => void>();
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  /** Older-history requests not answered yet: a worker stopped meanwhile never answers them. */
  private readonly olderRequested = new Set<string>();
  private closed = false;
  /** Set once the page reports whether it is on screen: said again to a new worker. */
  private sayVisibility: (() => void) | null = null;

  constructor(private readonly windowId: number | null) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    this.port?.disconnect();
    this.port = null;
  }

  /**
   * Tells the worker whether this panel is on screen, now and at every change: while it is, the
   * conversation it shows needs no notification (the person is looking at it).
   */
  reportVisibility(page: Document): void {
    this.sayVisibility = () =>
      this.send({ type: 'visibility', visible: page.visibilityState === 'visible' });
    page.addEventListener('visibilitychange', this.sayVisibility);
    this.sayVisibility();
  }

  onLaunch(listener: (launch: Launch) => void): () => void {
    this.launchListeners.add(listener);
    return () => this.launchListeners.delete(listener);
  }

  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  watch(
    conversationId: string,
    generation: Generation,
    handlers: FeedHandlers,
    serverId?: string,
  ): () => void {
    let subscription = this.subscriptions.get(conversationId);
    if (!subscription) {
      subscription = { generation, serverId, handlers: new Set() };
      this.subscriptions.set(conversationId, subscription);
      this.send(watchMessage(conversationId, subscription));
    }
    subscription.handlers.add(handlers);
    return () => {
      const current = this.subscriptions.get(conversationId);
      current?.handlers.delete(handlers);
      if (current && !current.handlers.size) {
        this.subscriptions.delete(conversationId);
        this.olderRequested.delete(conversationId);
        this.send({ type: 'unwatch', conversationId });
      }
    };
  }

  loadOlder(conversationId: string): void {
    this.olderRequested.add(conversationId);
    this.send({ type: 'load-older', conversationId });
  }

  private connect(): void {
    if (this.closed) return;
    let port: Runtime.Port;
    try {
      port = browser.runtime.connect({ name: PANEL_PORT_NAME });
    } catch {
      // The add-on went away under this page (removed, updated, reloaded): the page goes with
      // it, and there is nothing left to reconnect to. Firefox throws NS_ERROR_NOT_INITIALIZED
      // here, Chrome "Extension context invalidated".
      this.closed = true;
      return;
    }
    this.port = port;
    port.onMessage.addListener((message: unknown) => this.receive(message as WorkerToPanel));
    port.onDisconnect.addListener(() => {
      if (this.port === port) this.port = null;
      for (const listener of this.connectionListeners) listener(false);
      try {
        setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
      } catch {
        // The port closed because the add-on is going away with this page (removed, updated,
        // reloaded): Firefox then refuses the dying window a timer, with NS_ERROR_NOT_INITIALIZED.
        this.closed = true;
      }
    });
    this.send({ type: 'hello', windowId: this.windowId });
    this.sayVisibility?.();
    // Each on the server it was asked on: a new worker must not guess it from its index.
    for (const [conversationId, subscription] of this.subscriptions) {
      this.send(watchMessage(conversationId, subscription));
    }
    // Asked again of the new worker, or the panel would wait for older history forever.
    for (const conversationId of this.olderRequested) {
      this.send({ type: 'load-older', conversationId });
    }
    for (const listener of this.connectionListeners) listener(true);
  }

  private send(message: PanelToWorker): void {
    try {
      this.port?.postMessage(message);
    } catch {
      // Disconnected this instant; the reconnect re-sends subscriptions.
    }
  }

  private receive(message: WorkerToPanel): void {
    switch (message.type) {
      case 'launch':
        for (const listener of this.launchListeners) listener(message.launch);
        return;
      case 'watching':
        for (const h of this.handlersOf(message.conversationId)) h.onWatching(message.snapshot);
        return;
      case 'entries':
        for (const h of this.handlersOf(message.conversationId)) h.onEntries(message.entries);
        return;
      case 'snapshot':
        for (const h of this.handlersOf(message.snapshot.conversationId))
          h.onSnapshot(message.snapshot);
        return;
      case 'older-loaded':
        this.olderRequested.delete(message.conversationId);
        for (const h of this.handlersOf(message.conversationId)) h.onOlderLoaded?.(message);
        return;
    }
  }

  private handlersOf(conversationId: string): Set<FeedHandlers> {
    return this.subscriptions.get(conversationId)?.handlers ?? new Set();
  }
}
