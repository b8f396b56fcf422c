// Functions that run inside an extension page, shared by the Chromium (Playwright) and Firefox
// (puppeteer) suites: both send them to the page as source, so each must be self-contained.
// Firefox's MV2 `chrome.*` takes callbacks only, so they use `browser` where it exists.

export interface StoredConnection {
  serverUrl: string;
  apiKey: string | null;
}

/**
 * Stores the server the way the options page saves it: the address with the settings in the
 * extension origin's IndexedDB (lib/settings/trusted-store.ts), the key bound to that server's
 * origin (lib/settings/secrets.ts), then the announcement every settings change makes.
 */
export async function storeConnection({ serverUrl, apiKey }: StoredConnection): Promise<void> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  const open = (name: string, store: string) =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const secrets = await open('handoff-secrets', 'secrets');
  await new Promise<void>((resolve, reject) => {
    const tx = secrets.transaction('secrets', 'readwrite');
    if (apiKey) {
      tx.objectStore('secrets').put({ key: apiKey, origin: new URL(serverUrl).origin }, 'apiKey');
    } else tx.objectStore('secrets').delete('apiKey');
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  secrets.close();
  const state = await open('handoff-state', 'records');
  await new Promise<void>((resolve, reject) => {
    const tx = state.transaction('records', 'readwrite');
    const store = tx.objectStore('records');
    const read = store.get('settings');
    read.onsuccess = () =>
      store.put(
        { ...(read.result ?? {}), serverUrl, credentialsChangedAt: Date.now() },
        'settings',
      );
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  state.close();
  const channel = new BroadcastChannel('handoff-settings');
  channel.postMessage(Date.now());
  channel.close();
  await api.runtime.sendMessage({ type: 'handoff/settings-changed' }).catch(() => {});
}

/** One server as `storeServers` writes it: its id, the person's name, address and key. */
export interface StoredServer {
  id: string;
  name: string;
  serverUrl: string;
  apiKey: string | null;
  /** What a connection test would have found (lib/settings/schema.ts `ServerInfo`), if known. */
  serverInfo?: Record<string, unknown> | null;
  authScheme?: 'session-key' | 'bearer';
}

/**
 * Stores several servers the way the options page saves them (lib/settings/servers.ts,
 * lib/settings/secrets.ts): the list with the default server's fields at the top, each key bound
 * to its own server's origin under that server's name (`apiKey` for the server `default`,
 * `apiKey:<id>` otherwise), the rules, then the announcement every settings change makes.
 */
export async function storeServers({
  servers,
  defaultServerId,
  serverRules,
}: {
  servers: StoredServer[];
  defaultServerId: string;
  serverRules: { pattern: string; serverId: string }[];
}): Promise<void> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  const open = (name: string, store: string) =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const secrets = await open('handoff-secrets', 'secrets');
  await new Promise<void>((resolve, reject) => {
    const tx = secrets.transaction('secrets', 'readwrite');
    for (const server of servers) {
      const name = server.id === 'default' ? 'apiKey' : `apiKey:${server.id}`;
      if (server.apiKey) {
        tx.objectStore('secrets').put(
          { key: server.apiKey, origin: new URL(server.serverUrl).origin },
          name,
        );
      } else tx.objectStore('secrets').delete(name);
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  secrets.close();
  const now = Date.now();
  const entries = servers.map((server) => ({
    id: server.id,
    name: server.name,
    serverUrl: server.serverUrl,
    authScheme: server.authScheme ?? 'session-key',
    apiPreference: 'auto',
    credentialsChangedAt: now,
    serverInfo: server.serverInfo ?? null,
    organizationId: null,
  }));
  const first = entries.find((entry) => entry.id === defaultServerId) ?? entries[0];
  const state = await open('handoff-state', 'records');
  await new Promise<void>((resolve, reject) => {
    const tx = state.transaction('records', 'readwrite');
    const store = tx.objectStore('records');
    const read = store.get('settings');
    read.onsuccess = () => {
      const { id: _id, name: _name, ...fields } = first ?? { id: '', name: '' };
      store.put(
        { ...(read.result ?? {}), ...fields, servers: entries, defaultServerId, serverRules },
        'settings',
      );
    };
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  state.close();
  const channel = new BroadcastChannel('handoff-settings');
  channel.postMessage(Date.now());
  channel.close();
  await api.runtime.sendMessage({ type: 'handoff/settings-changed' }).catch(() => {});
}

/**
 * Everything the extension keeps where it could keep a secret (storage.local, storage.session
 * and its settings records in IndexedDB), as one string.
 */
export async function storedEverything(): Promise<string> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  const records = await new Promise<unknown[]>((resolve, reject) => {
    const request = indexedDB.open('handoff-state', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('records');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const all = db.transaction('records').objectStore('records').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result);
      };
      all.onerror = () => reject(all.error);
    };
  });
  return JSON.stringify([
    await api.storage.local.get(null),
    await api.storage.session.get(null),
    records,
  ]);
}

/** Merges `patch` into the stored settings and announces it, as a save in the options does. */
export async function patchSettings(patch: Record<string, unknown>): Promise<void> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('handoff-state', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('records');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('records', 'readwrite');
    const store = tx.objectStore('records');
    const read = store.get('settings');
    read.onsuccess = () => store.put({ ...(read.result ?? {}), ...patch }, 'settings');
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  const channel = new BroadcastChannel('handoff-settings');
  channel.postMessage(Date.now());
  channel.close();
  await api.runtime.sendMessage({ type: 'handoff/settings-changed' }).catch(() => {});
}
