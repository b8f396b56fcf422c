// Functions that run inside an extension page, shared by the Chromium (Playwright) and Firefox
// (puppeteer) suites: both send them to the page as source, so each must be self-contained.
// Firefox's MV2 `chrome.*` takes callbacks only, so they use `browser` where it exists.

export interface StoredConnection {
  serverUrl: string;
  apiKey: string | null;
}

/**
 * Stores the server the way the options page saves it: the address in storage.local
 * (lib/settings/store.ts), the key in the extension origin's IndexedDB (lib/settings/secrets.ts).
 */
export async function storeConnection({ serverUrl, apiKey }: StoredConnection): Promise<void> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('handoff-secrets', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('secrets');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('secrets', 'readwrite');
    if (apiKey) tx.objectStore('secrets').put(apiKey, 'apiKey');
    else tx.objectStore('secrets').delete('apiKey');
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  const key = 'handoff:settings';
  const stored = (await api.storage.local.get(key))[key] ?? {};
  await api.storage.local.set({
    [key]: { ...stored, serverUrl, credentialsChangedAt: Date.now() },
  });
}

/** Everything the extension keeps in storage.local and storage.session, as one string. */
export async function storedEverything(): Promise<string> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  return JSON.stringify([await api.storage.local.get(null), await api.storage.session.get(null)]);
}
