// Reading and writing Handoff's settings and key from an extension page or the worker, the way
// lib/settings stores them: records in the extension origin's IndexedDB (handoff-state), the key
// bound to a server origin (handoff-secrets), and the announcement every change makes. Tests,
// the bench and `npm start` use these to set Handoff up without clicking through the options.
import type { Page, Worker } from '@playwright/test';
import { patchSettings, type StoredServer, storeServers } from '../../shared/extension-state';

export type { StoredServer };

type Target = Page | Worker;

/** Pages and workers evaluate alike; TypeScript cannot call their union's overloads. */
const on = (target: Target) => target as Page;

/** The settings record as stored (before the worker's checks), or {} when none is. */
export function readStoredSettings(target: Target): Promise<Record<string, unknown>> {
  return on(target).evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('handoff-state', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('records');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const value = await new Promise<unknown>((resolve, reject) => {
      const request = db.transaction('records').objectStore('records').get('settings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return (value ?? {}) as Record<string, unknown>;
  });
}

/** Merges `patch` into the stored settings and announces the change, as saveSettings does. */
export async function patchStoredSettings(
  target: Target,
  patch: Record<string, unknown>,
): Promise<void> {
  await on(target).evaluate(patchSettings, patch);
}

/** Stores the key for `serverUrl`'s origin (null removes it), as the options page does. */
export async function storeApiKey(
  target: Target,
  apiKey: string | null,
  serverUrl: string,
): Promise<void> {
  await on(target).evaluate(
    async ({ apiKey, origin }: { apiKey: string | null; origin: string }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('handoff-secrets', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('secrets');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('secrets', 'readwrite');
        if (apiKey) tx.objectStore('secrets').put({ key: apiKey, origin }, 'apiKey');
        else tx.objectStore('secrets').delete('apiKey');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { apiKey, origin: new URL(serverUrl).origin },
  );
}

/** What the options page's connection test stores for each kind of reference service. */
export const TESTED = {
  v1: { v0: false, v1: true, mode: 'oss', kind: 'v1', version: null },
  agent: { v0: false, v1: false, mode: null, kind: 'agent', version: '1.58.2' },
} as const;

/** A server as the person set it up and tested it, for `storeServerList`. */
export function testedServer(
  id: string,
  name: string,
  service: { url: string; apiKey: string | null },
  kind: keyof typeof TESTED,
): StoredServer {
  return {
    id,
    name,
    serverUrl: service.url,
    apiKey: service.apiKey,
    serverInfo: { ...TESTED[kind], checkedAt: new Date().toISOString() },
  };
}

/**
 * Stores several servers, their keys (each bound to its own server's origin) and the rules, as
 * the options page saves them, and announces the change.
 */
export async function storeServerList(
  target: Target,
  config: {
    servers: StoredServer[];
    defaultServerId: string;
    serverRules?: { pattern: string; serverId: string }[];
  },
): Promise<void> {
  await on(target).evaluate(storeServers, { serverRules: [], ...config });
}
