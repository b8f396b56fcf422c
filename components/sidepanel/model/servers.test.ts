import { describe, expect, it } from 'vitest';
import { sanitiseSettings } from '@/lib/settings/sanitise';
import { type Settings, SettingsSchema } from '@/lib/settings/schema';
import {
  downServerStep,
  hasSeveralServers,
  panelServers,
  serverNameOf,
  startServerOf,
} from './servers';

function settingsWith(rules: Settings['serverRules']): Settings {
  return sanitiseSettings(
    SettingsSchema.parse({
      servers: [
        { id: 'work', name: 'Work', serverUrl: 'https://app.all-hands.dev' },
        { id: 'home', name: '', serverUrl: 'http://127.0.0.1:8000' },
        { id: 'lab', name: 'Lab', serverUrl: 'http://127.0.0.1:3000' },
      ],
      defaultServerId: 'work',
      serverRules: rules,
    }),
  );
}

describe('the panel’s servers', () => {
  it('names each server as the person did, or by its address', () => {
    const settings = settingsWith([]);
    expect(panelServers(settings)).toEqual([
      { id: 'work', name: 'Work' },
      { id: 'home', name: '127.0.0.1:8000' },
      { id: 'lab', name: 'Lab' },
    ]);
    expect(serverNameOf(settings, 'lab')).toBe('Lab');
    expect(serverNameOf(settings, 'gone')).toBeNull();
    expect(hasSeveralServers(settings)).toBe(true);
    expect(
      hasSeveralServers(
        sanitiseSettings(SettingsSchema.parse({ serverUrl: 'http://127.0.0.1:3000' })),
      ),
    ).toBe(false);
  });

  it('starts without a page on the default server', () => {
    expect(startServerOf(settingsWith([{ pattern: 'github.com', serverId: 'lab' }]), null)).toEqual(
      { serverId: 'work', why: 'default', pattern: null, conflicting: [] },
    );
  });

  it('starts from a page on the server the most precise rule names, and says which rule', () => {
    const settings = settingsWith([
      { pattern: 'github.com', serverId: 'lab' },
      { pattern: 'github.com/acme', serverId: 'home' },
    ]);
    expect(startServerOf(settings, { host: 'github.com', repository: 'acme/app' })).toEqual({
      serverId: 'home',
      why: 'rule',
      pattern: 'github.com/acme',
      conflicting: [],
    });
    expect(startServerOf(settings, { host: 'gitlab.com', repository: 'acme/app' }).why).toBe(
      'default',
    );
  });

  it('two rules that disagree start on the default server and name both servers', () => {
    const settings = settingsWith([
      { pattern: 'github.com/acme', serverId: 'home' },
      { pattern: 'github.com/acme', serverId: 'lab' },
    ]);
    expect(startServerOf(settings, { host: 'github.com', repository: 'acme/app' })).toEqual({
      serverId: 'work',
      why: 'conflict',
      pattern: 'github.com/acme',
      conflicting: ['127.0.0.1:8000', 'Lab'],
    });
  });

  it('says what to do about a server that cannot be read, by how it failed', () => {
    expect(downServerStep('network')).toBe('panel.servers.stepRunning');
    expect(downServerStep('server')).toBe('panel.servers.stepRunning');
    expect(downServerStep('unauthorized')).toBe('panel.servers.stepKey');
    expect(downServerStep('bad-response')).toBe('panel.servers.stepAddress');
  });
});
