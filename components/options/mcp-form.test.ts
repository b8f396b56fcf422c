import { describe, expect, it } from 'vitest';
import { splitShellWords } from '@/lib/api/v0/mcp';
import {
  emptyMcpForm,
  formFromConfig,
  type McpForm,
  newRow,
  quoteShellWord,
  validateMcpForm,
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
