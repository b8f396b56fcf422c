import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readApiKey, writeApiKey } from './secrets';
import { loadSettings, saveSettings } from './store';

describe('settings store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives defaults on a fresh install', async () => {
    const settings = await loadSettings();
    expect(settings.serverUrl).toBeNull();
    expect(settings.notifications).toEqual({ awaitingInput: true, finished: true, errors: true });
  });

  it('keeps what was saved and merges later patches', async () => {
    await saveSettings({ serverUrl: 'http://localhost:3000' });
    await saveSettings({ clickBehaviour: 'start' });
    const settings = await loadSettings();
    expect(settings.serverUrl).toBe('http://localhost:3000');
    expect(settings.clickBehaviour).toBe('start');
  });

  it('falls back to defaults when storage holds garbage', async () => {
    await fakeBrowser.storage.local.set({ 'handoff:settings': { serverUrl: 42 } });
    expect((await loadSettings()).serverUrl).toBeNull();
  });

  it('never writes the API key into storage.local', async () => {
    await saveSettings({ serverUrl: 'http://localhost:3000' });
    await writeApiKey('sk-secret');
    expect(await readApiKey()).toBe('sk-secret');
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain('sk-secret');
    await writeApiKey(null);
    expect(await readApiKey()).toBeNull();
  });
});
