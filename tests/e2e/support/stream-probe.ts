import type { Page } from '@playwright/test';
import type { RunningService } from '../../service/index';

declare global {
  interface Window {
    __probe?: { entries: string[]; snapshots: unknown[]; port: chrome.runtime.Port };
  }
}

/** Subscribes an extension page to a conversation over the panel port, as a panel does. */
export async function watchOverPort(
  page: Page,
  conversationId: string,
  generation: 'v0' | 'v1',
): Promise<void> {
  await page.evaluate(
    ({ conversationId, generation }) => {
      const port = chrome.runtime.connect({ name: 'handoff-panel' });
      const probe = { entries: [] as string[], snapshots: [] as unknown[], port };
      window.__probe = probe;
      port.onMessage.addListener(
        (message: { type: string; entries?: { order: string }[]; snapshot?: unknown }) => {
          if (message.type === 'entries')
            for (const e of message.entries ?? []) probe.entries.push(e.order);
          if (message.type === 'snapshot' || message.type === 'watching')
            probe.snapshots.push(message.snapshot);
        },
      );
      port.postMessage({ type: 'watch', conversationId, generation });
    },
    { conversationId, generation },
  );
}

/** The order keys the extension's cache holds for a conversation (what the panel shows). */
export function cachedOrders(page: Page, conversationId: string): Promise<string[]> {
  return page.evaluate(async (conversationId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('handoff-events');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!db.objectStoreNames.contains('events')) return [];
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
  }, conversationId);
}

/** The service's own log of a conversation, as order keys in log order. */
export async function serviceOrders(
  service: RunningService,
  conversationId: string,
): Promise<string[]> {
  const log = await service.admin.storedEvents(conversationId);
  if (log.version === 'V0')
    return log.events.map((event) => `0:${String(event.id).padStart(15, '0')}`);
  return log.events.map((event) => String(event.id).replaceAll('-', '').toLowerCase());
}

/** V1 orders end in the event key; compare V1 logs by their ids. */
export function v1Ids(orders: string[]): string[] {
  return orders.map((order) => order.slice(order.lastIndexOf('|') + 1).replace(/^v1:/, ''));
}
