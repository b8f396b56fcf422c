// The stream probe: an extension page subscribes to a conversation over the panel port, as a
// panel does, and keeps what the background sends. Shared by the Chromium and Firefox suites:
// the page functions are sent to the page as source (self-contained, no outer names), the
// others run in Node.
import type { RunningService } from '../service/index';

declare global {
  interface Window {
    __probe?: {
      entries: string[];
      snapshots: unknown[];
      older: { hasOlder: boolean; error?: string }[];
      port: chrome.runtime.Port | null;
      /** The port is connected and the background has answered its watch request. */
      watching: boolean;
    };
  }
}

export interface ProbeSnapshot {
  transport: { phase: string; reason?: string; detail?: string };
  conversation: { error: string | null; status: string | null };
  counters: { reconnects: number; malformed: number; oversized: number; duplicates: number };
  hasOlder: boolean;
  /** Caught up with the server's history since the socket opened. */
  synced: boolean;
}

export interface WatchRequest {
  conversationId: string;
  generation: 'v0' | 'v1';
}

/**
 * In the page: subscribes to a conversation over the panel port and reconnects at once when the
 * background goes away (which closes the port), as the panel does.
 */
export function watchInPage({ conversationId, generation }: WatchRequest): void {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  const probe = {
    entries: [] as string[],
    snapshots: [] as unknown[],
    older: [] as { hasOlder: boolean; error?: string }[],
    port: null as chrome.runtime.Port | null,
    watching: false,
  };
  window.__probe = probe;
  const connect = () => {
    const port = api.runtime.connect({ name: 'handoff-panel' });
    probe.port = port;
    port.onMessage.addListener(
      (message: {
        type: string;
        entries?: { order: string }[];
        snapshot?: unknown;
        hasOlder?: boolean;
        error?: string;
      }) => {
        if (message.type === 'older-loaded') {
          probe.older.push({
            hasOlder: message.hasOlder ?? false,
            ...(message.error ? { error: message.error } : {}),
          });
        }
        if (message.type === 'entries') {
          for (const entry of message.entries ?? []) probe.entries.push(entry.order);
        }
        if (message.type === 'snapshot' || message.type === 'watching') {
          probe.snapshots.push(message.snapshot);
        }
        if (message.type === 'watching' && probe.port === port) probe.watching = true;
      },
    );
    port.onDisconnect.addListener(() => {
      probe.watching = false;
      setTimeout(connect, 100);
    });
    port.postMessage({ type: 'watch', conversationId, generation });
  };
  connect();
}

/**
 * In the page: asks the background for one older page of history. A background that went away
 * meanwhile closes the port, which takes the request with it: wait for the new port and ask
 * again, as a panel does.
 */
export async function requestOlderInPage(
  conversationId: string,
): Promise<{ hasOlder: boolean; error?: string }> {
  const probe = window.__probe;
  if (!probe) throw new Error('watch the conversation first');
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!probe.watching || !probe.port) {
      await pause();
      continue;
    }
    const port = probe.port;
    const answered = probe.older.length;
    try {
      port.postMessage({ type: 'load-older', conversationId });
    } catch {
      continue;
    }
    while (probe.older.length === answered && probe.port === port && Date.now() < deadline) {
      await pause();
    }
    const answer = probe.older[answered];
    if (answer) return answer;
  }
  throw new Error('the background never answered a request for older history');
}

/** In the page: the newest snapshot the background sent for the watched conversation. */
export function latestSnapshotInPage(): ProbeSnapshot | null {
  const snapshots = window.__probe?.snapshots ?? [];
  return (snapshots[snapshots.length - 1] ?? null) as ProbeSnapshot | null;
}

/** In the page: the order keys the extension's cache holds for a conversation. */
export async function cachedOrdersInPage(conversationId: string): Promise<string[]> {
  // Never create the database: that is the extension's to do.
  const db = await new Promise<IDBDatabase | null>((resolve) => {
    const request = indexedDB.open('handoff-events');
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  if (!db) return [];
  if (!db.objectStoreNames.contains('events')) {
    db.close();
    return [];
  }
  const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
    const request = db
      .transaction('events')
      .objectStore('events')
      .getAllKeys(IDBKeyRange.bound([conversationId, ''], [conversationId, '\uffff']));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return keys.map((key) => (key as [string, string])[1]);
}

/**
 * Loads every older page of history, as a panel does when the person scrolls to the top, so the
 * cache can be compared with the whole log. Takes the suite's own ways of running the page
 * functions above (Playwright's or puppeteer's page.evaluate).
 */
export async function loadAllOlderWith(
  latest: () => Promise<ProbeSnapshot | null>,
  requestOlder: () => Promise<{ hasOlder: boolean; error?: string }>,
): Promise<void> {
  const snapshot = await latest();
  if (snapshot && !snapshot.hasOlder) return;
  for (let pages = 0; pages < 500; pages++) {
    const answer = await requestOlder();
    if (answer.error) throw new Error(`loading older history failed: ${answer.error}`);
    if (!answer.hasOlder) return;
  }
  throw new Error('history never ended');
}

/** The service's own log of a conversation, as order keys in log order. */
export async function serviceOrders(
  service: RunningService,
  conversationId: string,
): Promise<string[]> {
  const log = await service.admin.storedEvents(conversationId);
  if (log.version === 'V0') {
    return log.events.map((event) => `0:${String(event.id).padStart(15, '0')}`);
  }
  return log.events.map((event) => String(event.id).replaceAll('-', '').toLowerCase());
}

/** V1 orders end in the event key; compare V1 logs by their ids. */
export function v1Ids(orders: string[]): string[] {
  return orders.map((order) => order.slice(order.lastIndexOf('|') + 1).replace(/^v1:/, ''));
}
