import { describe, expect, it } from 'vitest';
import { splitShellWords } from '@/lib/api/v0/mcp';
import {
  agentMcpChanges,
  emptyMcpForm,
  formFromConfig,
  type McpForm,
  newRow,
  newServerRow,
  quoteShellWord,
  type ServerMcpForm,
  serverFormFromMap,
  serverRowsFromLocal,
  showsMaskedSecret,
  validateMcpForm,
  validateServerMcpForm,
} from './mcp-form';

function form(patch: Partial<McpForm>): McpForm {
  return { ...emptyMcpForm, ...patch };
}

describe('quoteShellWord', () => {
  it.each([
    ['plain'],
    ['--flag=value'],
    ['with space'],
    ["it's"],
    [''],
    ['"double" and $dollar'],
    ['back\\slash'],
  ])('survives the shell-like split: %j', (word) => {
    expect(splitShellWords(quoteShellWord(word))).toEqual([word]);
  });
});

describe('validateMcpForm', () => {
  it('gives null for no servers', () => {
    expect(validateMcpForm(emptyMcpForm)).toEqual({ ok: true, config: null });
  });

  it('builds the service’s shape: args split, env as a map, optional fields left out', () => {
    const result = validateMcpForm(
      form({
        sse_servers: [{ id: 'a', url: ' https://mcp.example.com/sse ', apiKey: '' }],
        stdio_servers: [
          {
            id: 'b',
            name: 'fetch',
            command: 'uvx',
            args: 'mcp-server-fetch --ua "a b"',
            env: 'A=1\n\n  B = two=2 \n',
          },
        ],
        shttp_servers: [{ id: 'c', url: 'wss://tools.example.org', apiKey: 'k', timeout: '' }],
      }),
    );
    expect(result).toEqual({
      ok: true,
      config: {
        sse_servers: [{ url: 'https://mcp.example.com/sse' }],
        stdio_servers: [
          {
            name: 'fetch',
            command: 'uvx',
            args: ['mcp-server-fetch', '--ua', 'a b'],
            env: { A: '1', B: ' two=2' },
          },
        ],
        shttp_servers: [{ url: 'wss://tools.example.org', api_key: 'k' }],
      },
    });
  });

  it('puts each message on its own field', () => {
    const result = validateMcpForm(
      form({
        sse_servers: [{ id: 'a', url: 'mcp.example.com', apiKey: '' }],
        stdio_servers: [{ id: 'b', name: 'bad name', command: '', args: '"unclosed', env: '1X=2' }],
        shttp_servers: [{ id: 'c', url: 'https://x.example', apiKey: '', timeout: '4000' }],
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'sse_servers.0.url': 'URL must include a scheme (http:// or https://)',
        'stdio_servers.0.name':
          'Server name can only contain letters, numbers, hyphens, and underscores',
        'stdio_servers.0.command': 'Command cannot be empty',
        'stdio_servers.0.args': expect.stringMatching(
          /^Invalid argument format: No closing quotation/,
        ),
        'stdio_servers.0.env': expect.stringMatching(/^Invalid environment variable name '1X'/),
        'shttp_servers.0.timeout': 'Timeout cannot exceed 3600 seconds',
      },
    });
  });

  it('refuses a timeout that is not whole seconds before the schema sees it', () => {
    const result = validateMcpForm(
      form({ shttp_servers: [{ id: 'c', url: 'https://x.example', apiKey: '', timeout: '1.5' }] }),
    );
    expect(result).toMatchObject({
      errors: { 'shttp_servers.0.timeout': 'Enter the timeout in whole seconds, from 1 to 3600.' },
    });
  });
});

describe('formFromConfig', () => {
  it('round-trips a valid config through the form', () => {
    const config = {
      sse_servers: [{ url: 'https://a.example/sse', api_key: 'k' }],
      stdio_servers: [{ name: 'n', command: 'npx', args: ['-y', 'pkg', 'a b'], env: { K: 'v' } }],
      shttp_servers: [{ url: 'https://b.example/mcp', timeout: 30 }],
    };
    const result = validateMcpForm(formFromConfig(config));
    expect(result).toEqual({ ok: true, config });
  });

  it('starts empty for nothing or for a config the rules refuse', () => {
    expect(formFromConfig(null)).toEqual(emptyMcpForm);
    expect(formFromConfig({ sse_servers: [{ url: 'nope' }] })).toEqual(emptyMcpForm);
    expect(formFromConfig('garbage')).toEqual(emptyMcpForm);
  });

  it('gives new rows distinct ids', () => {
    expect(newRow('sse_servers').id).not.toBe(newRow('sse_servers').id);
  });
});

describe('the servers a 1.7+ server keeps (agent_settings.mcp_config)', () => {
  const serverForm = (patch: Partial<ServerMcpForm>): ServerMcpForm => ({
    sse_servers: [],
    stdio_servers: [],
    shttp_servers: [],
    ...patch,
  });

  it('sends back every field of an entry it does not edit, masked secrets as they came', () => {
    const map = {
      docs: {
        url: 'https://mcp.example.com/sse',
        transport: 'sse',
        headers: { Authorization: '**********' },
        description: 'Team docs',
        enabled: false,
        cwd: null,
      },
      fetch: {
        command: 'uvx',
        args: ['mcp-server-fetch', 'a b'],
        env: { TOKEN: '**********' },
        cwd: '/srv',
        transport: null,
      },
      tools: {
        url: 'https://tools.example.org/mcp',
        timeout: 30,
        auth: { strategy: 'bearer', token: '**********' },
        keep_alive: true,
      },
    };
    const form = serverFormFromMap(map);
    expect(form.sse_servers.map((row) => row.name)).toEqual(['docs']);
    expect(form.stdio_servers[0]).toMatchObject({
      name: 'fetch',
      args: "mcp-server-fetch 'a b'",
      env: 'TOKEN=**********',
    });
    // No transport: a remote server whose transport is left to be inferred.
    expect(form.shttp_servers[0]).toMatchObject({ name: 'tools', timeout: '30', headers: '' });
    expect(showsMaskedSecret(form)).toBe(true);
    expect(validateServerMcpForm(form)).toEqual({
      ok: true,
      servers: {
        docs: {
          url: 'https://mcp.example.com/sse',
          transport: 'sse',
          headers: { Authorization: '**********' },
          description: 'Team docs',
          enabled: false,
        },
        fetch: {
          command: 'uvx',
          args: ['mcp-server-fetch', 'a b'],
          env: { TOKEN: '**********' },
          cwd: '/srv',
        },
        tools: {
          url: 'https://tools.example.org/mcp',
          timeout: 30,
          auth: { strategy: 'bearer', token: '**********' },
          keep_alive: true,
        },
      },
    });
  });

  it('names the transport of a server added here and leaves empty fields out', () => {
    const result = validateServerMcpForm(
      serverForm({
        sse_servers: [
          {
            ...newServerRow('sse_servers'),
            name: 'docs',
            url: 'https://mcp.example.com/sse',
            headers: 'Authorization: Bearer abc\n\nX-Team:  blue ',
          },
        ],
        stdio_servers: [{ ...newServerRow('stdio_servers'), name: 'fetch', command: 'uvx' }],
        shttp_servers: [
          { ...newServerRow('shttp_servers'), name: 'tools', url: 'https://t.example/mcp' },
        ],
      }),
    );
    expect(result).toEqual({
      ok: true,
      servers: {
        docs: {
          transport: 'sse',
          url: 'https://mcp.example.com/sse',
          headers: { Authorization: 'Bearer abc', 'X-Team': 'blue' },
        },
        fetch: { transport: 'stdio', command: 'uvx' },
        tools: { transport: 'http', url: 'https://t.example/mcp' },
      },
    });
  });

  it('wants a name on every server, each its own, and headers as Name: value lines', () => {
    const result = validateServerMcpForm(
      serverForm({
        sse_servers: [
          { ...newServerRow('sse_servers'), name: '', url: 'mcp.example.com' },
          {
            ...newServerRow('sse_servers'),
            name: 'docs',
            url: 'https://a.example',
            headers: 'no colon',
          },
        ],
        stdio_servers: [{ ...newServerRow('stdio_servers'), name: 'docs', command: 'npx -y x' }],
        shttp_servers: [
          {
            ...newServerRow('shttp_servers'),
            name: 'bad name',
            url: 'https://a.example',
            timeout: '0',
          },
        ],
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'sse_servers.0.name': 'Server name cannot be empty',
        'sse_servers.0.url': 'URL must include a scheme (http:// or https://)',
        'sse_servers.1.headers': 'Line 1 ("no colon") needs the form Name: value.',
        'stdio_servers.0.name':
          'Another MCP server is named docs already: each needs its own name.',
        'stdio_servers.0.command':
          'Command should be a single executable without spaces (use arguments field for parameters)',
        'shttp_servers.0.name':
          'Server name can only contain letters, numbers, hyphens, and underscores',
        'shttp_servers.0.url': 'Duplicate MCP server URLs are not allowed (https://a.example)',
        'shttp_servers.0.timeout': 'Timeout must be positive',
      },
    });
  });

  it('turns servers kept in this browser into named rows, an API key into a Bearer header', () => {
    const rows = serverRowsFromLocal(
      {
        sse_servers: [{ url: 'https://mcp.example.com/sse', api_key: 'k1' }],
        stdio_servers: [{ name: 'fetch', command: 'uvx', args: ['mcp-server-fetch'] }],
        shttp_servers: [{ url: 'https://mcp.example.com/mcp', timeout: 20 }],
      },
      ['mcp-example-com'],
    );
    expect(validateServerMcpForm(rows)).toEqual({
      ok: true,
      servers: {
        'mcp-example-com-2': {
          transport: 'sse',
          url: 'https://mcp.example.com/sse',
          headers: { Authorization: 'Bearer k1' },
        },
        fetch: { transport: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] },
        'mcp-example-com-3': { transport: 'http', url: 'https://mcp.example.com/mcp', timeout: 20 },
      },
    });
  });
});

describe('an agent server takes only the changes (agentMcpChanges)', () => {
  // What an agent server answers: every field, null when unset, secrets redacted.
  const stored = {
    docs: {
      url: 'https://mcp.example.test/sse',
      transport: 'sse',
      command: null,
      args: null,
      headers: { Authorization: '**********', 'X-Team': 'web' },
      auth: null,
      timeout: null,
      enabled: true,
    },
    fetch: {
      url: null,
      transport: 'stdio',
      command: 'uvx',
      args: ['mcp-server-fetch'],
      env: { TOKEN: '**********' },
      enabled: true,
    },
  };
  const checked = (edit: (form: ServerMcpForm) => void) => {
    const form = serverFormFromMap(stored);
    edit(form);
    const result = validateServerMcpForm(form);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return agentMcpChanges(stored, result.servers);
  };

  it('sends nothing when nothing changed, redacted values included', () => {
    expect(checked(() => {})).toEqual([]);
  });

  it('patches the changed field only, and leaves a redacted header out so it stays stored', () => {
    const changes = checked((form) => {
      const row = form.sse_servers[0] as ServerMcpForm['sse_servers'][number];
      row.url = 'https://mcp.example.test/v2/sse';
      row.headers = 'Authorization: **********\nX-Team: platform\nX-New: 1';
    });
    expect(changes).toEqual([
      {
        kind: 'update',
        name: 'docs',
        patch: {
          url: 'https://mcp.example.test/v2/sse',
          headers: { 'X-Team': 'platform', 'X-New': '1' },
        },
      },
    ]);
  });

  it('removes a header or variable taken out by name, and a new value replaces a redacted one', () => {
    const changes = checked((form) => {
      (form.sse_servers[0] as ServerMcpForm['sse_servers'][number]).headers =
        'Authorization: Bearer new';
      (form.stdio_servers[0] as ServerMcpForm['stdio_servers'][number]).env = '';
    });
    expect(changes).toEqual([
      {
        kind: 'update',
        name: 'docs',
        patch: { headers: { Authorization: 'Bearer new', 'X-Team': null } },
      },
      { kind: 'update', name: 'fetch', patch: { env: null } },
    ]);
  });

  it('removes a server taken out, and adds a new one without values it could only show redacted', () => {
    const changes = checked((form) => {
      const docs = form.sse_servers[0] as ServerMcpForm['sse_servers'][number];
      // Renamed: the old name goes, the new one comes, its redacted header cannot be carried.
      docs.name = 'handbook';
      form.stdio_servers = [];
    });
    expect(changes).toEqual([
      { kind: 'delete', name: 'docs' },
      { kind: 'delete', name: 'fetch' },
      {
        kind: 'create',
        name: 'handbook',
        server: {
          transport: 'sse',
          enabled: true,
          url: 'https://mcp.example.test/sse',
          headers: { 'X-Team': 'web' },
        },
      },
    ]);
  });

  it('treats a server list it could not read as empty', () => {
    expect(agentMcpChanges(null, { x: { command: 'uvx' } })).toEqual([
      { kind: 'create', name: 'x', server: { command: 'uvx' } },
    ]);
  });
});
