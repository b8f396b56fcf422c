import { openDB } from 'idb';

// The API key lives in the extension origin's IndexedDB, which content scripts (running in the
// page's origin) cannot open. It is stored with the origin of the server it was saved for and
// handed out only for that origin: a server address changed by any path (the options, an
// import, a tampered record) finds no key until the person confirms it (docs/security.md).
const DB_NAME = 'handoff-secrets';
const STORE = 'secrets';
const API_KEY = 'apiKey';

export interface StoredKey {
  key: string;
  /** The server origin the person saved the key for; null: for none (an unbound old key). */
  origin: string | null;
}

function db() {
  return openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
}

/** The origin of a server address, or null for anything that is not one. */
export function serverOrigin(serverUrl: string | null | undefined): string | null {
  if (!serverUrl) return null;
  try {
    const url = new URL(serverUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function asStoredKey(value: unknown): StoredKey | null {
  // Before keys were bound, the record was the bare string; it counts as bound to nothing.
  if (typeof value === 'string') return value ? { key: value, origin: null } : null;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.key !== 'string' || !record.key) return null;
  return { key: record.key, origin: typeof record.origin === 'string' ? record.origin : null };
}

/** The stored key and the origin it belongs to, for the options page to describe. */
export async function readStoredKey(): Promise<StoredKey | null> {
  const database = await db();
  try {
    return asStoredKey(await database.get(STORE, API_KEY));
  } finally {
    database.close();
  }
}

/** The key to send to `serverUrl`: only the one saved for that server's origin. */
export async function readApiKeyFor(serverUrl: string | null | undefined): Promise<string | null> {
  const origin = serverOrigin(serverUrl);
  const stored = await readStoredKey();
  return stored && origin && stored.origin === origin ? stored.key : null;
}

/** Stores `key` for the server at `serverUrl`, or removes the key when `key` is null. */
export async function writeApiKey(key: string | null, serverUrl: string | null): Promise<void> {
  const database = await db();
  try {
    if (key) await database.put(STORE, { key, origin: serverOrigin(serverUrl) }, API_KEY);
    else await database.delete(STORE, API_KEY);
  } finally {
    database.close();
  }
}

/** The person confirmed: the stored key may go to the server at `serverUrl` from now on. */
export async function bindApiKey(serverUrl: string): Promise<void> {
  const stored = await readStoredKey();
  if (stored) await writeApiKey(stored.key, serverUrl);
}

// Other secrets live beside the key in the same store, under their own names. Code-host tokens
// are named `codeHostToken:<origin>` (./code-host-tokens.ts).

export async function readSecret(name: string): Promise<string | null> {
  const value = await (await db()).get(STORE, name);
  return typeof value === 'string' && value ? value : null;
}

export async function writeSecret(name: string, value: string | null): Promise<void> {
  const database = await db();
  if (value) await database.put(STORE, value, name);
  else await database.delete(STORE, name);
}

/** The names of the stored secrets that start with `prefix`. */
export async function secretNames(prefix: string): Promise<string[]> {
  const keys = await (await db()).getAllKeys(STORE);
  return keys.filter((key): key is string => typeof key === 'string' && key.startsWith(prefix));
}
