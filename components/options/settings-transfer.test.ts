import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '@/lib/settings/schema';
import { exportFileName, exportSettings, parseSettingsFile, planImport } from './settings-transfer';

const settings: Settings = {
  ...defaultSettings,
  serverUrl: 'http://localhost:3000',
  authScheme: 'bearer',
  selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
  notifications: {
    awaitingInput: true,
    finished: false,
    errors: true,
    pullRequests: true,
    onlyWhenAway: true,
  },
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
        notifications: {
          awaitingInput: true,
          finished: false,
          errors: true,
          pullRequests: true,
          onlyWhenAway: true,
        },
        quietMinutes: 10,
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
      JSON.stringify({ format: 'handoff-settings', version: 3, settings: {} }),
      /newer Handoff \(file version 3\)/,
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

const server = (id: string, serverUrl: string, name = '') => ({
  id,
  name,
  serverUrl,
  authScheme: 'session-key' as const,
  apiPreference: 'auto' as const,
  credentialsChangedAt: 5,
  serverInfo: null,
  organizationId: null,
});

const twoServers: Settings = {
  ...settings,
  servers: [
    server('default', 'http://localhost:3000', 'Home'),
    { ...server('s-cloud', 'https://app.all-hands.dev', 'Cloud'), authScheme: 'bearer' },
  ],
  defaultServerId: 'default',
  serverRules: [{ pattern: 'github.com/acme', serverId: 's-cloud' }],
};

function v2(content: Record<string, unknown>): string {
  return JSON.stringify({ format: 'handoff-settings', version: 2, settings: content });
}

describe('several servers in a file', () => {
  it('writes version 1 while one unnamed server and no rule lose nothing, version 2 otherwise', () => {
    const one = { ...settings, servers: [server('default', 'http://localhost:3000')] };
    expect(JSON.parse(exportSettings(one)).version).toBe(1);
    const data = JSON.parse(exportSettings(twoServers));
    expect(data.version).toBe(2);
    expect(data.settings.servers).toEqual([
      {
        id: 'default',
        name: 'Home',
        serverUrl: 'http://localhost:3000',
        authScheme: 'session-key',
        apiPreference: 'auto',
      },
      {
        id: 's-cloud',
        name: 'Cloud',
        serverUrl: 'https://app.all-hands.dev',
        authScheme: 'bearer',
        apiPreference: 'auto',
      },
    ]);
    expect(data.settings.serverRules).toEqual(twoServers.serverRules);
    // The one server's fields are per server now, not at the top.
    expect(data.settings).not.toHaveProperty('serverUrl');
    expect(data.settings.defaultInstructions).toBe('Be brief.');
  });

  it('reads back what it wrote and adds it to a fresh browser, without keys', () => {
    const parsed = parseSettingsFile(exportSettings(twoServers));
    if (!parsed.ok) throw new Error(parsed.error);
    const plan = planImport({ ...settings, servers: [], serverRules: [] }, parsed.settings);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.added).toBe(2);
    expect(plan.patch.servers?.map((entry) => [entry.id, entry.name, entry.serverUrl])).toEqual([
      ['default', 'Home', 'http://localhost:3000'],
      ['s-cloud', 'Cloud', 'https://app.all-hands.dev'],
    ]);
    expect(plan.patch.serverRules).toEqual(twoServers.serverRules);
    expect(plan.patch.defaultServerId).toBe('default');
  });

  it('updates the same server in place and keeps the servers the file does not have', () => {
    const here: Settings = {
      ...twoServers,
      servers: [...twoServers.servers, server('s-lab', 'http://lab.example.com:8000', 'Lab')],
      serverRules: [{ pattern: 'gitlab.example.com', serverId: 's-lab' }],
    };
    const parsed = parseSettingsFile(
      v2({
        servers: [{ id: 's-cloud', name: 'Work', serverUrl: 'https://app.all-hands.dev/' }],
        serverRules: [{ pattern: 'GitHub.com/acme/', serverId: 's-cloud' }],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const plan = planImport(here, parsed.settings);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.added).toBe(0);
    expect(plan.patch.servers?.map((entry) => [entry.id, entry.name])).toEqual([
      ['default', 'Home'],
      ['s-cloud', 'Work'],
      ['s-lab', 'Lab'],
    ]);
    // What Handoff knew of the server stays with it.
    expect(plan.patch.servers?.[1]?.credentialsChangedAt).toBe(5);
    expect(plan.patch.serverRules).toEqual([
      { pattern: 'github.com/acme', serverId: 's-cloud' },
      { pattern: 'gitlab.example.com', serverId: 's-lab' },
    ]);
  });

  it('refuses a server whose address another server here has, naming both', () => {
    const parsed = parseSettingsFile(
      v2({ servers: [{ id: 's-other', name: 'Mine', serverUrl: 'http://localhost:3000/' }] }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(planImport(twoServers, parsed.settings)).toEqual({
      ok: false,
      error:
        'its server “Mine” has the address of your server “Home” (http://localhost:3000). Remove one of them first, or take it out of the file.',
    });
  });

  it('gives a new server a fresh id when its id is another server’s here, rules following it', () => {
    const parsed = parseSettingsFile(
      v2({
        servers: [{ id: 'default', name: 'Lab', serverUrl: 'http://lab.example.com:8000' }],
        defaultServerId: 'default',
        serverRules: [{ pattern: 'gitlab.example.com', serverId: 'default' }],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const plan = planImport(twoServers, parsed.settings);
    if (!plan.ok) throw new Error(plan.error);
    const lab = plan.patch.servers?.find((entry) => entry.name === 'Lab');
    expect(lab?.id).toMatch(/^s-[0-9a-f]{8}$/);
    expect(plan.patch.defaultServerId).toBe(lab?.id);
    expect(plan.patch.serverRules?.[0]).toEqual({
      pattern: 'gitlab.example.com',
      serverId: lab?.id,
    });
    expect(plan.patch.servers?.find((entry) => entry.id === 'default')?.name).toBe('Home');
  });

  it.each([
    [v2({ servers: [{ id: 'a', serverUrl: 'http://x.example', apiKey: 'k' }] }), /\(apiKey\)/],
    [v2({ serverUrl: 'http://x.example', servers: [] }), /\(serverUrl\)/],
    [v2({ servers: [{ id: 'a', serverUrl: 'ftp://x.example' }] }), /"servers\.0\.serverUrl"/],
    [
      v2({
        servers: [
          { id: 'a', serverUrl: 'http://x.example' },
          { id: 'b', serverUrl: 'http://x.example/' },
        ],
      }),
      /two of its servers have the address http:\/\/x\.example/,
    ],
    [
      v2({
        servers: [{ id: 'a', serverUrl: 'http://x.example' }],
        serverRules: [{ pattern: 'github.com/acme', serverId: 'gone' }],
      }),
      /the rule for github\.com\/acme names a server the file does not have/,
    ],
    [
      v2({
        servers: [{ id: 'a', serverUrl: 'http://x.example' }],
        serverRules: [
          { pattern: 'github.com/acme', serverId: 'a' },
          { pattern: 'https://github.com/acme/', serverId: 'a' },
        ],
      }),
      /two of its rules are for github\.com\/acme/,
    ],
    [
      v2({
        servers: [{ id: 'a', serverUrl: 'http://x.example' }],
        serverRules: [{ pattern: 'github .com', serverId: 'a' }],
      }),
      /"serverRules\.0\.pattern" is not valid/,
    ],
  ])('refuses %s', (text, message) => {
    const result = parseSettingsFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
