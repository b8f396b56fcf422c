import { openDB } from 'idb';
import { FIRST_SERVER_ID } from './servers';

// The API key lives in the extension origin's IndexedDB, which content scripts (running in the
// page's origin) cannot open. It is stored with the origin of the server it was saved for and
// handed out only for that origin: a server address changed by any path (the options, an
// import, a tampered record) finds no key until the person confirms it (docs/security.md).
const DB_NAME = 'handoff-secrets';
const STORE = 'secrets';

/**
 * Each server's key under its own name; the first server's keeps the name a single-server
 * Handoff gave it, so an update finds it where it was (./servers.ts).
 */
function keyName(serverId: string): string {
  return serverId === FIRST_SERVER_ID ? 'apiKey' : `apiKey:${serverId}`;
}

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

/** A server's stored key and the origin it belongs to, for the options page to describe. */
export async function readStoredKey(serverId = FIRST_SERVER_ID): Promise<StoredKey | null> {
  const database = await db();
  try {
    return asStoredKey(await database.get(STORE, keyName(serverId)));
  } finally {
    database.close();
  }
}

/** The key to send to `serverUrl`: only the one the server saved for that origin. */
export async function readApiKeyFor(
  serverUrl: string | null | undefined,
  serverId = FIRST_SERVER_ID,
): Promise<string | null> {
  const origin = serverOrigin(serverUrl);
  const stored = await readStoredKey(serverId);
  return stored && origin && stored.origin === origin ? stored.key : null;
}

/** Stores `key` for the server at `serverUrl`, or removes the key when `key` is null. */
export async function writeApiKey(
  key: string | null,
  serverUrl: string | null,
  serverId = FIRST_SERVER_ID,
): Promise<void> {
  const database = await db();
  try {
    const name = keyName(serverId);
    if (key) await database.put(STORE, { key, origin: serverOrigin(serverUrl) }, name);
    else await database.delete(STORE, name);
  } finally {
    database.close();
  }
}

/** The person confirmed: the stored key may go to the server at `serverUrl` from now on. */
export async function bindApiKey(serverUrl: string, serverId = FIRST_SERVER_ID): Promise<void> {
  const stored = await readStoredKey(serverId);
  if (stored) await writeApiKey(stored.key, serverUrl, serverId);
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
