import { beforeEach, describe, expect, it } from 'vitest';
import { saveServer } from '@/lib/settings/editor';
import { readStoredKey } from '@/lib/settings/secrets';
import { loadSettings } from '@/lib/settings/store';
import { freshProfile } from '@/lib/settings/test-support';
import { addServer, removeServer, renameServer, saveServerRules } from './registry';

describe('the server registry', () => {
  beforeEach(freshProfile);

  it('refuses a name another server has before storing anything', async () => {
    await saveServer({ serverUrl: 'http://localhost:3000' });
    await renameServer('default', 'Home');
    await expect(
      addServer({ name: 'home', serverUrl: 'https://app.all-hands.dev', apiKey: 'sk-x' }),
    ).rejects.toThrow('Another server is already called “home”. Pick another name.');
    const settings = await loadSettings();
    expect(settings.servers.map((server) => server.serverUrl)).toEqual(['http://localhost:3000']);
  });

  it('refuses an address another server has, in words naming that server', async () => {
    await saveServer({ serverUrl: 'http://localhost:3000' });
    await renameServer('default', 'Home');
    await expect(addServer({ name: 'Again', serverUrl: 'http://localhost:3000/' })).rejects.toThrow(
      'Your server “Home” already has this address.',
    );
  });

  it('removes a server with its key and its rules, and leaves the others', async () => {
    await saveServer({ serverUrl: 'http://localhost:3000', apiKey: 'home-key' });
    const id = await addServer({
      name: 'Cloud',
      serverUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-c',
    });
    await saveServerRules([{ pattern: 'github.com/acme', serverId: id }]);
    await removeServer(id);
    const settings = await loadSettings();
    expect(settings.servers.map((server) => server.id)).toEqual(['default']);
    expect(settings.serverRules).toEqual([]);
    expect(await readStoredKey(id)).toBeNull();
    expect((await readStoredKey('default'))?.key).toBe('home-key');
  });
});
