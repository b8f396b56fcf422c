import { browser } from 'wxt/browser';
import { defaultSettings, type Settings, SettingsSchema } from './schema';

const SETTINGS_KEY = 'handoff:settings';

/** Reads settings, repairing anything malformed rather than failing the caller. */
export async function loadSettings(): Promise<Settings> {
  const stored = (await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY];
  const parsed = SettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultSettings;
}

export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  const next = SettingsSchema.parse({ ...(await loadSettings()), ...patch });
  await browser.storage.local.set({ [SETTINGS_KEY]: next });
  return next;
}

/** Calls back with fresh settings whenever any extension context changes them. */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(SETTINGS_KEY in changes)) return;
    const parsed = SettingsSchema.safeParse(changes[SETTINGS_KEY]?.newValue ?? {});
    callback(parsed.success ? parsed.data : defaultSettings);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
