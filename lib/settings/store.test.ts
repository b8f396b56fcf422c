import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bindApiKey, readApiKeyFor, readStoredKey, writeApiKey } from './secrets';
import { loadSettings, SETTINGS_CHANNEL, saveSettings, watchSettings } from './store';
import { freshProfile } from './test-support';
import { readRecord } from './trusted-store';

describe('settings store', () => {
  beforeEach(freshProfile);

  it('gives defaults on a fresh install', async () => {
    const settings = await loadSettings();
    expect(settings.serverUrl).toBeNull();
    expect(settings.notifications).toEqual({
      awaitingInput: true,
      finished: true,
      errors: true,
      pullRequests: true,
      onlyWhenAway: true,
    });
  });

  it('keeps what was saved and merges later patches', async () => {
    await saveSettings({ serverUrl: 'http://localhost:3000' });
    await saveSettings({ clickBehaviour: 'start' });
    const settings = await loadSettings();
    expect(settings.serverUrl).toBe('http://localhost:3000');
    expect(settings.clickBehaviour).toBe('start');
  });

  it('keeps nothing in storage.local, which content scripts can reach', async () => {
    await saveSettings({ serverUrl: 'http://localhost:3000', defaultInstructions: 'Be brief.' });
    await writeApiKey('sk-secret', 'http://localhost:3000');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('reads a stored record as data: garbage becomes defaults, bad addresses are dropped', async () => {
    const { writeRecord } = await import('./trusted-store');
    await writeRecord('settings', { serverUrl: 42 });
    expect((await loadSettings()).serverUrl).toBeNull();
    await writeRecord('settings', {
      serverUrl: 'javascript:alert(1)',
      selfHostedHosts: [
        { origin: 'https://*.evil.test', provider: 'github' },
        { origin: 'https://git.example.com/', provider: 'gitlab' },
      ],
    });
    const settings = await loadSettings();
    expect(settings.serverUrl).toBeNull();
    expect(settings.selfHostedHosts).toEqual([
      { origin: 'https://git.example.com', provider: 'gitlab' },
    ]);
  });

  it('takes a read begun earlier once storage.local was migrated, and reads afresh when it failed', async () => {
    await saveSettings({ serverUrl: 'http://localhost:3000' });
    const early = { migrated: true, settings: { serverUrl: 'http://localhost:4000' } };
    expect((await loadSettings(Promise.resolve(early))).serverUrl).toBe('http://localhost:4000');
    // Checked like any read.
    const bad = { migrated: true, settings: { serverUrl: 'javascript:alert(1)' } };
    expect((await loadSettings(Promise.resolve(bad))).serverUrl).toBeNull();
    expect((await loadSettings(Promise.resolve(null))).serverUrl).toBe('http://localhost:3000');
    expect((await loadSettings(Promise.reject(new Error('closed')))).serverUrl).toBe(
      'http://localhost:3000',
    );
  });

  it('migrates first when the read begun earlier found storage.local not migrated yet', async () => {
    await fakeBrowser.storage.local.set({
      'handoff:settings': { serverUrl: 'http://localhost:5000' },
    });
    const settings = await loadSettings(Promise.resolve({ migrated: false, settings: undefined }));
    expect(settings.serverUrl).toBe('http://localhost:5000');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('tells other contexts about a change through the extension-only channel', async () => {
    const seen = vi.fn();
    const stop = watchSettings(seen);
    await saveSettings({ defaultInstructions: 'Be brief.' });
    await vi.waitFor(() =>
      expect(seen).toHaveBeenCalledWith(
        expect.objectContaining({ defaultInstructions: 'Be brief.' }),
      ),
    );
    stop();
    expect(SETTINGS_CHANNEL).toBe('handoff-settings');
  });
});

describe('the key is bound to the server it was saved for', () => {
  beforeEach(freshProfile);

  it('is handed out for that origin only', async () => {
    await writeApiKey('sk-secret', 'http://localhost:3000/openhands');
    expect(await readApiKeyFor('http://localhost:3000')).toBe('sk-secret');
    expect(await readApiKeyFor('http://localhost:3001')).toBeNull();
    expect(await readApiKeyFor('https://evil.test')).toBeNull();
    expect(await readApiKeyFor(null)).toBeNull();
  });

  it('goes to another server only once the person confirmed it', async () => {
    await writeApiKey('sk-secret', 'http://localhost:3000');
    await bindApiKey('https://other.example.com');
    expect(await readApiKeyFor('https://other.example.com')).toBe('sk-secret');
    expect(await readApiKeyFor('http://localhost:3000')).toBeNull();
  });

  it('is removed with null', async () => {
    await writeApiKey('sk-secret', 'http://localhost:3000');
    await writeApiKey(null, 'http://localhost:3000');
    expect(await readStoredKey()).toBeNull();
  });
});

describe('moving out of storage.local', () => {
  beforeEach(freshProfile);

  async function legacyKey(key: string) {
    const { openDB } = await import('idb');
    const database = await openDB('handoff-secrets', 1, {
      upgrade: (db) => db.createObjectStore('secrets'),
    });
    await database.put('secrets', key, 'apiKey');
    database.close();
  }

  it('moves settings, the watch list and drafts once, then removes them there', async () => {
    await fakeBrowser.storage.local.set({
      'handoff:settings': { serverUrl: 'http://localhost:3000', clickBehaviour: 'start' },
      'handoff:watched': { abc: { generation: 'v1', since: 5 }, '../x': { generation: 'v0' } },
      'handoff:panel-draft:abc': { text: 'half a thought', images: ['data:image/png;base64,x', 3] },
    });
    await legacyKey('sk-old');
    const settings = await loadSettings();
    expect(settings).toMatchObject({ serverUrl: 'http://localhost:3000', clickBehaviour: 'start' });
    expect(await readRecord('watched')).toEqual({ abc: { generation: 'v1', since: 5 } });
    expect(await readRecord('draft:abc')).toEqual({
      text: 'half a thought',
      images: ['data:image/png;base64,x'],
    });
    // The old unbound key now belongs to the server the settings named.
    expect(await readApiKeyFor('http://localhost:3000')).toBe('sk-old');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});

    // Later writes to storage.local (a compromised content script) change nothing.
    await fakeBrowser.storage.local.set({ 'handoff:settings': { serverUrl: 'https://evil.test' } });
    const { forgetMigration } = await import('./migration');
    forgetMigration();
    expect((await loadSettings()).serverUrl).toBe('http://localhost:3000');
  });

  it('never hands out an unbound key when there was no server to bind it to', async () => {
    await legacyKey('sk-old');
    await loadSettings();
    expect(await readStoredKey()).toEqual({ key: 'sk-old', origin: null });
    expect(await readApiKeyFor('http://localhost:3000')).toBeNull();
  });
});
