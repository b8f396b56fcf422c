import { beforeEach, describe, expect, it } from 'vitest';
import { saveServer, testConnection } from './editor';
import { readApiKeyFor, readStoredKey } from './secrets';
import { scopeSettings } from './servers';
import { loadSettings, saveSettings } from './store';
import { freshProfile } from './test-support';
import { SETTINGS_RECORD, writeRecord } from './trusted-store';

describe('several servers in one settings record', () => {
  beforeEach(freshProfile);

  it('reads what a single-server Handoff stored as its one, default server, key included', async () => {
    const checkedAt = new Date(0).toISOString();
    await writeRecord(SETTINGS_RECORD, {
      serverUrl: 'https://openhands.example.com/',
      authScheme: 'bearer',
      organizationId: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f',
      serverInfo: { v0: false, v1: true, mode: null, kind: 'v1', version: '1.9', checkedAt },
      defaultInstructions: 'Be brief.',
    });
    // The key as the single-server Handoff saved it.
    const { writeApiKey } = await import('./secrets');
    await writeApiKey('sk-old', 'https://openhands.example.com');
    const settings = await loadSettings();
    expect(settings.servers).toEqual([
      expect.objectContaining({
        id: 'default',
        serverUrl: 'https://openhands.example.com',
        authScheme: 'bearer',
        organizationId: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f',
        serverInfo: expect.objectContaining({ kind: 'v1', version: '1.9' }),
      }),
    ]);
    expect(settings.defaultServerId).toBe('default');
    expect(settings.serverUrl).toBe('https://openhands.example.com');
    expect(settings.defaultInstructions).toBe('Be brief.');
    expect(await readApiKeyFor(settings.serverUrl, 'default')).toBe('sk-old');
  });

  it('writes server fields to the server named, and the top level follows the default one', async () => {
    await saveSettings({ serverUrl: 'http://localhost:3000' });
    await saveSettings({
      servers: [
        ...(await loadSettings()).servers,
        { id: 's-2', name: 'Home', serverUrl: 'http://localhost:8000' } as never,
      ],
    });
    await saveSettings({ organizationId: null, apiPreference: 'v0' }, 's-2');
    let settings = await loadSettings();
    expect(settings.serverUrl).toBe('http://localhost:3000');
    expect(settings.apiPreference).toBe('auto');
    expect(scopeSettings(settings, 's-2')?.apiPreference).toBe('v0');
    expect(scopeSettings(settings, 's-2')?.serverUrl).toBe('http://localhost:8000');

    await saveSettings({ defaultServerId: 's-2' });
    settings = await loadSettings();
    expect(settings.serverUrl).toBe('http://localhost:8000');
    expect(settings.apiPreference).toBe('v0');
    // A patch without a server goes to the default one, now the second.
    await saveSettings({ apiPreference: 'v1' });
    settings = await loadSettings();
    expect(scopeSettings(settings, 's-2')?.apiPreference).toBe('v1');
    expect(scopeSettings(settings, 'default')?.apiPreference).toBe('auto');
  });

  it('drops a second server of the same address and servers with unusable addresses', async () => {
    await writeRecord(SETTINGS_RECORD, {
      servers: [
        { id: 'a', name: 'Work', serverUrl: 'http://localhost:3000' },
        { id: 'b', name: 'Again', serverUrl: 'http://localhost:3000/' },
        { id: 'c', name: 'Bad', serverUrl: 'javascript:alert(1)' },
        { id: 'd', name: 'Home', serverUrl: 'http://localhost:8000' },
      ],
      serverRules: [
        { pattern: 'github.com/acme', serverId: 'd' },
        { pattern: 'gitlab.com', serverId: 'b' },
      ],
    });
    const settings = await loadSettings();
    expect(settings.servers.map((server) => server.id)).toEqual(['a', 'd']);
    expect(settings.serverRules).toEqual([{ pattern: 'github.com/acme', serverId: 'd' }]);
    expect(settings.defaultServerId).toBe('a');
  });

  it('keeps each key with its server: a key saved for one is never read for another', async () => {
    await saveServer({ serverUrl: 'http://localhost:3000', apiKey: 'sk-work' });
    await saveSettings({
      servers: [
        ...(await loadSettings()).servers,
        { id: 's-2', name: '', serverUrl: 'http://localhost:8000' } as never,
      ],
    });
    await saveServer({ serverId: 's-2', serverUrl: 'http://localhost:8000', apiKey: 'sk-home' });
    expect(await readApiKeyFor('http://localhost:3000', 'default')).toBe('sk-work');
    expect(await readApiKeyFor('http://localhost:8000', 's-2')).toBe('sk-home');
    expect(await readApiKeyFor('http://localhost:8000', 'default')).toBeNull();
    expect(await readApiKeyFor('http://localhost:3000', 's-2')).toBeNull();
    expect(await readStoredKey('s-2')).toEqual({ key: 'sk-home', origin: 'http://localhost:8000' });
  });

  it('refuses a second server at an address another server has, naming it', async () => {
    await saveServer({ serverUrl: 'http://localhost:3000', apiKey: 'sk-work' });
    await saveSettings({
      servers: [
        ...(await loadSettings()).servers.map((server) => ({ ...server, name: 'Work' })),
        { id: 's-2', name: '', serverUrl: 'http://localhost:8000' } as never,
      ],
    });
    await expect(
      saveServer({ serverId: 's-2', serverUrl: 'http://localhost:3000/' }),
    ).rejects.toThrow(/“Work” already has this address/);
    expect(scopeSettings(await loadSettings(), 's-2')?.serverUrl).toBe('http://localhost:8000');
  });

  it('a connection test of one server stores what it found on that server only', async () => {
    await saveServer({ serverUrl: 'http://127.0.0.1:9' });
    await saveSettings({
      servers: [
        ...(await loadSettings()).servers,
        { id: 's-2', name: '', serverUrl: 'http://127.0.0.1:10' } as never,
      ],
    });
    const result = await testConnection({ serverId: 's-2' });
    expect(result.reachable).toBe(false);
    const settings = await loadSettings();
    expect(scopeSettings(settings, 's-2')?.serverInfo).toBeNull();
    expect(settings.serverInfo).toBeNull();
  });

  it('removing the last server leaves none, and nothing comes back from the top-level copy', async () => {
    await saveServer({ serverUrl: 'http://localhost:3000' });
    await saveSettings({ serverUrl: null });
    const settings = await loadSettings();
    expect(settings.servers).toEqual([]);
    expect(settings.serverUrl).toBeNull();
    expect(settings.defaultServerId).toBeNull();
  });

  it('keeps how new conversations start when chosen before any server, for the first one', async () => {
    await saveSettings({ apiPreference: 'v0' });
    expect((await loadSettings()).apiPreference).toBe('v0');
    await saveServer({ serverUrl: 'http://localhost:3000' });
    const settings = await loadSettings();
    expect(settings.servers[0]?.apiPreference).toBe('v0');
    // A second server starts from the automatic choice, not the first one's.
    await saveServer({ serverId: 's-second', serverUrl: 'http://localhost:8000' });
    expect(scopeSettings(await loadSettings(), 's-second')?.apiPreference).toBe('auto');
  });
});
