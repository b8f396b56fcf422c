import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '@/lib/settings/schema';
import { exportFileName, exportSettings, parseSettingsFile } from './settings-transfer';

const settings: Settings = {
  ...defaultSettings,
  serverUrl: 'http://localhost:3000',
  authScheme: 'bearer',
  selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
  notifications: { awaitingInput: true, finished: false, errors: true, onlyWhenAway: true },
  defaultInstructions: 'Be brief.',
  clickBehaviour: 'start',
  defaultMcpConfig: { sse_servers: [{ url: 'https://mcp.example.com' }] },
  credentialsChangedAt: 1234,
  cloneFolders: { 'http://localhost:3000': '~/work' },
  serverInfo: {
    v0: true,
    v1: true,
    mode: 'oss',
    kind: 'legacy',
    version: null,
    checkedAt: '2026-01-01T00:00:00Z',
  },
};

function file(content: Record<string, unknown>): string {
  return JSON.stringify({ format: 'handoff-settings', version: 1, settings: content });
}

describe('exportSettings', () => {
  it('writes the preferences and leaves bookkeeping out', () => {
    const data = JSON.parse(exportSettings(settings, new Date('2026-02-03T04:05:06Z')));
    expect(data.format).toBe('handoff-settings');
    expect(data.exportedAt).toBe('2026-02-03T04:05:06.000Z');
    expect(data.settings).not.toHaveProperty('credentialsChangedAt');
    expect(data.settings).not.toHaveProperty('serverInfo');
    expect(data.settings.defaultInstructions).toBe('Be brief.');
  });

  it('leaves MCP servers’ keys out', () => {
    const data = JSON.parse(
      exportSettings({
        ...settings,
        defaultMcpConfig: { sse_servers: [{ url: 'https://mcp.example.com', api_key: 'mcp-key' }] },
      }),
    );
    expect(data.settings.defaultMcpConfig).toEqual({
      sse_servers: [{ url: 'https://mcp.example.com' }],
    });
  });

  it('names the file by date', () => {
    expect(exportFileName(new Date('2026-02-03T04:05:06Z'))).toBe(
      'handoff-settings-2026-02-03.json',
    );
  });
});

describe('parseSettingsFile', () => {
  it('reads back what it wrote', () => {
    const parsed = parseSettingsFile(exportSettings(settings));
    expect(parsed).toEqual({
      ok: true,
      settings: {
        serverUrl: 'http://localhost:3000',
        authScheme: 'bearer',
        apiPreference: 'auto',
        selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
        notifications: { awaitingInput: true, finished: false, errors: true, onlyWhenAway: true },
        defaultInstructions: 'Be brief.',
        clickBehaviour: 'start',
        defaultMcpConfig: { sse_servers: [{ url: 'https://mcp.example.com' }] },
        cloneFolders: { 'http://localhost:3000': '~/work' },
      },
    });
  });

  it('checks clone folders as the options page does, naming the server whose folder is wrong', () => {
    expect(
      parseSettingsFile(file({ cloneFolders: { 'http://localhost:8000': '  /srv/work/ ' } })),
    ).toEqual({ ok: true, settings: { cloneFolders: { 'http://localhost:8000': '/srv/work' } } });
    const relative = parseSettingsFile(file({ cloneFolders: { 'http://localhost:8000': 'work' } }));
    expect(relative).toEqual({
      ok: false,
      error: expect.stringContaining(
        '"cloneFolders.http://localhost:8000" is not valid: Start with /',
      ),
    });
    const notText = parseSettingsFile(file({ cloneFolders: { 'http://localhost:8000': 42 } }));
    expect(notText).toEqual({
      ok: false,
      error: expect.stringContaining('pair each server’s address with a folder'),
    });
    const withPath = parseSettingsFile(
      file({ cloneFolders: { 'http://localhost:8000/prefix': '~/work' } }),
    );
    expect(withPath).toEqual({
      ok: false,
      error: expect.stringContaining('nothing after the host and port'),
    });
    expect(parseSettingsFile(file({ cloneFolders: ['~/work'] }))).toMatchObject({ ok: false });
  });

  it('takes only the fields a file has (the rest keep their values)', () => {
    expect(parseSettingsFile(file({ clickBehaviour: 'form' }))).toEqual({
      ok: true,
      settings: { clickBehaviour: 'form' },
    });
  });

  it('normalises addresses as the editor does', () => {
    expect(
      parseSettingsFile(
        file({
          serverUrl: 'localhost:3000/',
          selfHostedHosts: [
            { origin: 'https://git.example.com/', provider: 'gitlab' },
            { origin: 'https://git.example.com', provider: 'gitlab' },
          ],
        }),
      ),
    ).toEqual({
      ok: true,
      settings: {
        serverUrl: 'https://localhost:3000',
        selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
      },
    });
  });

  it.each([
    ['{', /^it is not JSON/],
    ['[]', /not a Handoff settings file/],
    [
      JSON.stringify({ format: 'handoff-settings', version: 2, settings: {} }),
      /newer Handoff \(file version 2\)/,
    ],
    [JSON.stringify({ format: 'handoff-settings', version: 1 }), /no "settings" object/],
    [file({ apiKey: 'k', token: 't' }), /fields Handoff does not import \(apiKey, token\)/],
    [file({ credentialsChangedAt: 5 }), /credentialsChangedAt/],
    [file({ notifications: { finished: 'yes' } }), /^"notifications\.finished" is not valid/],
    [file({ serverUrl: 'ftp://x.example' }), /^"serverUrl" is not valid: Use an http/],
    [
      file({ selfHostedHosts: [{ origin: 'https://x.example/a', provider: 'gitlab' }] }),
      /selfHostedHosts\.0\.origin/,
    ],
    [
      file({ selfHostedHosts: [{ origin: 'https://x.example', provider: 'gitea' }] }),
      /selfHostedHosts\.0\.provider/,
    ],
    [
      file({ defaultMcpConfig: { stdio_servers: [{ name: '', command: 'x' }] } }),
      /defaultMcpConfig\.stdio_servers\.0\.name" is not valid: Server name cannot be empty/,
    ],
  ])('refuses %s', (text, message) => {
    const result = parseSettingsFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
