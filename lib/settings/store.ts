import { browser } from 'wxt/browser';
import { migrateLegacyStorage } from './migration';
import { sanitiseSettings } from './sanitise';
import { type Settings, SettingsSchema } from './schema';
import { patched } from './servers';
import {
  readRecord,
  readStoredSettings,
  SETTINGS_RECORD,
  type StoredSettings,
  updateRecord,
} from './trusted-store';

/** Extension pages and the worker share this origin's channel; pages of websites cannot post to it. */
export const SETTINGS_CHANNEL = 'handoff-settings';
/** Sent to the worker after a change: a message wakes a stopped worker, a channel does not. */
export const SETTINGS_CHANGED_MESSAGE = 'handoff/settings-changed';

/**
 * Reads settings, repairing anything malformed rather than failing the caller. `stored` is the
 * same read begun earlier (the side panel starts it before its code loads); it is read afresh
 * when that failed. Once storage.local has been migrated, one connection reads everything.
 */
export async function loadSettings(stored?: Promise<StoredSettings | null>): Promise<Settings> {
  const read = (await stored?.catch(() => null)) ?? (await readStoredSettings());
  if (read.migrated) return sanitiseSettings(read.settings);
  await migrateLegacyStorage();
  return sanitiseSettings(await readRecord(SETTINGS_RECORD));
}

/** Tells every other extension context that settings changed; they read them afresh. */
export function announceSettingsChange(): void {
  const channel = new BroadcastChannel(SETTINGS_CHANNEL);
  channel.postMessage(Date.now());
  channel.close();
  void Promise.resolve()
    .then(() => browser.runtime.sendMessage({ type: SETTINGS_CHANGED_MESSAGE }))
    .catch(() => {
      // No worker listening this instant: it reads settings afresh when it starts.
    });
}

/**
 * Changes settings in one transaction. Server fields (`serverUrl`, `serverInfo`, …) go to the
 * server `serverId` names, or to the default one (./servers.ts).
 */
export async function saveSettings(patch: Partial<Settings>, serverId?: string): Promise<Settings> {
  await migrateLegacyStorage();
  const next = await updateRecord(SETTINGS_RECORD, (current) =>
    SettingsSchema.parse(sanitiseSettings(patched(sanitiseSettings(current), patch, serverId))),
  );
  announceSettingsChange();
  return sanitiseSettings(next);
}

/** Calls back with fresh settings whenever any extension context changes them. */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const channel = new BroadcastChannel(SETTINGS_CHANNEL);
  let latest = 0;
  channel.onmessage = () => {
    const ticket = ++latest;
    void loadSettings().then((settings) => {
      // Two changes in a row: only the read that started last may win.
      if (ticket === latest) callback(settings);
    });
  };
  return () => channel.close();
}
