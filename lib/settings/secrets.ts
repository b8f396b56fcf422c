import { openDB } from 'idb';

// The API key lives in the extension origin's IndexedDB. Content scripts run in the page's
// origin and cannot open it, unlike storage.local, which every part of an extension can read.
const DB_NAME = 'handoff-secrets';
const STORE = 'secrets';
const API_KEY = 'apiKey';

function db() {
  return openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
}

export async function readApiKey(): Promise<string | null> {
  const value = await (await db()).get(STORE, API_KEY);
  return typeof value === 'string' && value ? value : null;
}

export async function writeApiKey(key: string | null): Promise<void> {
  const database = await db();
  if (key) await database.put(STORE, key, API_KEY);
  else await database.delete(STORE, API_KEY);
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
