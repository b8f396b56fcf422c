// Handoff used to keep settings, the watch list and drafts in storage.local, where content
// scripts can write. They move to the trusted store once, checked like any other record on the
// way, and are then removed from storage.local. What was there cannot be told apart from what a
// compromised content script put there before the update; docs/security.md#storage says so.
import { browser } from 'wxt/browser';
import { sanitiseSettings } from './sanitise';
import { SERVER_ID } from './schema';
import { readStoredKey, writeApiKey } from './secrets';
import {
  draftRecord,
  MIGRATED_RECORD,
  readRecord,
  SETTINGS_RECORD,
  WATCHED_RECORD,
  writeRecord,
} from './trusted-store';

const LEGACY_SETTINGS = 'handoff:settings';
const LEGACY_WATCHED = 'handoff:watched';
const LEGACY_DRAFT_PREFIX = 'handoff:panel-draft:';
const MAX_WATCHED = 30;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The watch list as the stream hub keeps it, without anything that does not fit. */
export function sanitiseWatched(
  value: unknown,
): Record<string, { generation: 'v0' | 'v1'; since: number; server?: string }> {
  const result: Record<string, { generation: 'v0' | 'v1'; since: number; server?: string }> = {};
  if (!isRecord(value)) return result;
  for (const [id, entry] of Object.entries(value)) {
    if (Object.keys(result).length >= MAX_WATCHED) break;
    if (!/^[\w-]{1,100}$/.test(id) || !isRecord(entry)) continue;
    const { generation, since, server } = entry;
    if ((generation === 'v0' || generation === 'v1') && typeof since === 'number') {
      // The server it is on; none: the default server (watched before there were several).
      result[id] =
        typeof server === 'string' && SERVER_ID.test(server)
          ? { generation, since, server }
          : { generation, since };
    }
  }
  return result;
}

async function migrate(): Promise<void> {
  if (await readRecord(MIGRATED_RECORD)) return;
  const legacy = (await browser.storage.local.get(null)) as Record<string, unknown>;
  const settings = sanitiseSettings(legacy[LEGACY_SETTINGS]);
  if (legacy[LEGACY_SETTINGS] !== undefined && (await readRecord(SETTINGS_RECORD)) === undefined) {
    await writeRecord(SETTINGS_RECORD, settings);
  }
  // A key saved before keys were bound belongs to the server the settings named then.
  const key = await readStoredKey();
  if (key && key.origin === null && settings.serverUrl) {
    await writeApiKey(key.key, settings.serverUrl);
  }
  if (legacy[LEGACY_WATCHED] !== undefined && (await readRecord(WATCHED_RECORD)) === undefined) {
    await writeRecord(WATCHED_RECORD, sanitiseWatched(legacy[LEGACY_WATCHED]));
  }
  const drafts = Object.keys(legacy).filter((name) => name.startsWith(LEGACY_DRAFT_PREFIX));
  for (const name of drafts) {
    const draft = legacy[name];
    if (!isRecord(draft) || typeof draft.text !== 'string') continue;
    const images = Array.isArray(draft.images)
      ? draft.images.filter((image): image is string => typeof image === 'string')
      : [];
    await writeRecord(draftRecord(name.slice(LEGACY_DRAFT_PREFIX.length)), {
      text: draft.text,
      images,
    });
  }
  await browser.storage.local.remove([LEGACY_SETTINGS, LEGACY_WATCHED, ...drafts]);
  await writeRecord(MIGRATED_RECORD, Date.now());
}

let migrating: Promise<void> | null = null;

/**
 * Moves what an older Handoff left in storage.local, once per profile. Every reader of the
 * trusted store awaits it first; the worker and a page starting together take turns.
 */
export function migrateLegacyStorage(): Promise<void> {
  migrating ??= (async () => {
    if (await readRecord(MIGRATED_RECORD)) return;
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (locks) await locks.request('handoff-storage-migration', migrate);
    else await migrate();
  })().catch((error: unknown) => {
    // Tried again on the next read; until then, the defaults stand in.
    migrating = null;
    console.warn('[handoff] could not move settings out of storage.local', error);
  });
  return migrating;
}

/** Tests start from a fresh profile each time. */
export function forgetMigration(): void {
  migrating = null;
}
