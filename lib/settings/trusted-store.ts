// Everything the worker trusts (settings, the watch list, message drafts) lives in the extension
// origin's IndexedDB. Content scripts run in the page's origin, so they open the page's
// databases, never this one; storage.local, by contrast, is readable and writable from content
// scripts in Firefox, and in Chrome until the worker restricts it (docs/security.md#storage).
// Values read back are still only data: every reader validates what it gets.
import { openDB } from 'idb';

const DB_NAME = 'handoff-state';
const STORE = 'records';

function db() {
  return openDB(DB_NAME, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
    },
  });
}

export async function readRecord(key: string): Promise<unknown> {
  return (await readRecords([key]))[0];
}

/** Several records through one connection and one transaction, in the order asked. */
export async function readRecords(keys: readonly string[]): Promise<unknown[]> {
  const database = await db();
  try {
    const tx = database.transaction(STORE);
    return await Promise.all(keys.map((key) => tx.store.get(key)));
  } finally {
    database.close();
  }
}

export async function writeRecord(key: string, value: unknown): Promise<void> {
  const database = await db();
  try {
    await database.put(STORE, value, key);
  } finally {
    database.close();
  }
}

export async function removeRecord(key: string): Promise<void> {
  const database = await db();
  try {
    await database.delete(STORE, key);
  } finally {
    database.close();
  }
}

/**
 * Runs `update` on one record inside one transaction, so two contexts changing it at once
 * (a panel and the worker, two panels) cannot lose each other's change.
 */
export async function updateRecord<T>(key: string, update: (current: unknown) => T): Promise<T> {
  const database = await db();
  try {
    const tx = database.transaction(STORE, 'readwrite');
    const next = update(await tx.store.get(key));
    await tx.store.put(next, key);
    await tx.done;
    return next;
  } finally {
    database.close();
  }
}

export const SETTINGS_RECORD = 'settings';
/** Set once what an older Handoff kept in storage.local has moved here (lib/settings/migration). */
export const MIGRATED_RECORD = 'migrated-from-storage-local';
export const WATCHED_RECORD = 'watched';
/** The worker's index of the server's conversations (lib/background/conversation-index.ts). */
export const INDEX_RECORD = 'conversation-index';
/** Each server's index; the first server's keeps the name it had before there were several. */
export const indexRecord = (serverId: string) =>
  serverId === 'default' ? INDEX_RECORD : `${INDEX_RECORD}:${serverId}`;
/** One unsent message per conversation (or per new-conversation form). */
export const draftRecord = (scope: string) => `draft:${scope}`;

/** The settings record as stored (not yet checked), and whether storage.local was migrated. */
export interface StoredSettings {
  migrated: boolean;
  settings: unknown;
}

/**
 * What reading the settings needs from this store, in one connection: opening it costs the
 * side panel's first paint a round trip each time. The side panel starts this read before its
 * code has loaded (components/sidepanel/model/opening-reads.ts), hence no schema here.
 */
export async function readStoredSettings(): Promise<StoredSettings> {
  const [migrated, settings] = await readRecords([MIGRATED_RECORD, SETTINGS_RECORD]);
  return { migrated: !!migrated, settings };
}
