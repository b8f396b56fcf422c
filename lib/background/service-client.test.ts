import { beforeEach, describe, expect, it } from 'vitest';
import { saveServer } from '@/lib/settings/editor';
import { loadSettings, saveSettings } from '@/lib/settings/store';
import { freshProfile } from '@/lib/settings/test-support';
import { invalidateServiceClient, serviceConnection } from './service-client';

describe('a connection per server', () => {
  beforeEach(async () => {
    freshProfile();
    invalidateServiceClient();
    await saveServer({ serverUrl: 'http://work.test:3000', apiKey: 'sk-work' });
    await saveSettings({
      servers: [
        ...(await loadSettings()).servers,
        { id: 's-home', name: 'Home', serverUrl: 'http://home.test:8000' } as never,
      ],
    });
    await saveServer({ serverId: 's-home', serverUrl: 'http://home.test:8000', apiKey: 'sk-home' });
  });

  it('gives each server its own address and only its own key', async () => {
    const work = await serviceConnection();
    const home = await serviceConnection('s-home');
    expect(work.serverId).toBe('default');
    expect(work.apiKey).toBe('sk-work');
    expect(work.resolveUrl('/api/x').origin).toBe('http://work.test:3000');
    expect(home.serverId).toBe('s-home');
    expect(home.apiKey).toBe('sk-home');
    expect(home.resolveUrl('/api/x').origin).toBe('http://home.test:8000');
  });

  it('refuses a server that has been removed, in words, instead of using another', async () => {
    await expect(serviceConnection('s-gone')).rejects.toThrow(/removed from Handoff/);
  });
});
