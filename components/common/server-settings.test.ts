import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { Settings as V0Settings } from '@/lib/api/v0/models';
import type { AppSettings } from '@/lib/api/v1/models';
import {
  fromAgentServerSettings,
  fromV0Settings,
  fromV1Settings,
  knownSettingsGeneration,
  providerTokensFromSecrets,
  providerTokensOf,
  readByGeneration,
  refuseAgentServerShape,
  secretNameProblem,
  webAppSettingsUrl,
} from './server-settings';

const missingRoute = () =>
  new ApiError('not-found', 'Not found', {
    status: 404,
    serverMessage: 'Not Found',
    bodyType: 'json',
  });
const webPage = () => new ApiError('bad-response', 'A web page', { status: 200, bodyType: 'html' });
const refusedKey = () => new ApiError('unauthorized', 'Refused', { status: 401 });

describe('one shape for both generations', () => {
  it('reads nested 1.7+ settings', () => {
    const settings: AppSettings = {
      agent_settings: {
        llm: { model: 'anthropic/claude-sonnet-4-5' },
        mcp_config: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } },
      },
      conversation_settings: { confirmation_mode: true },
      provider_tokens_set: { github: 'github.com', gitlab: null },
      llm_api_key_set: true,
    };
    expect(fromV1Settings(settings)).toEqual({
      generation: 'v1',
      stored: true,
      providerTokens: { github: 'github.com', gitlab: null },
      mcpServers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } },
      model: 'anthropic/claude-sonnet-4-5',
      llmKeySet: true,
      confirmationMode: true,
    });
  });

  it('reads the flat fields a server may still send, and calls a blank model none', () => {
    const flat = fromV1Settings({ llm_model: 'openai/gpt-5', confirmation_mode: true });
    expect(flat).toMatchObject({ model: 'openai/gpt-5', confirmationMode: true, mcpServers: {} });
    expect(fromV1Settings({ agent_settings: { llm: { model: '  ' } } }).model).toBeNull();
  });

  it('reads legacy settings, whose MCP servers Handoff keeps itself', () => {
    const settings: V0Settings = {
      llm_model: 'openai/gpt-5',
      provider_tokens_set: { bitbucket: 'bitbucket.example.com' },
      llm_api_key_set: false,
      confirmation_mode: false,
    };
    expect(fromV0Settings(settings)).toEqual({
      generation: 'v0',
      stored: true,
      providerTokens: { bitbucket: 'bitbucket.example.com' },
      mcpServers: null,
      model: 'openai/gpt-5',
      llmKeySet: false,
      confirmationMode: false,
    });
  });

  it('says a fresh install has stored nothing, rather than that it holds no tokens', () => {
    expect(fromV1Settings(null)).toMatchObject({ generation: 'v1', stored: false });
    expect(fromV0Settings(null)).toMatchObject({ generation: 'v0', stored: false });
    expect(providerTokensOf(fromV1Settings(null))).toEqual({});
    expect(providerTokensOf(undefined)).toEqual({});
  });
});

describe('an agent server reached directly', () => {
  // `GET /api/settings` of an agent server: nested, its secrets redacted.
  const settings = {
    agent_settings: {
      agent_kind: 'openhands',
      llm: { model: 'anthropic/claude-sonnet-4-5-20250929', api_key: '**********' },
      mcp_config: { docs: { url: 'https://mcp.example.test/sse', transport: 'sse' } },
    },
    conversation_settings: { confirmation_mode: true, max_iterations: 500 },
    llm_api_key_is_set: true,
    active_profile: 'default',
  };

  it('is the kind the connection test found, never a guess', () => {
    expect(knownSettingsGeneration('agent')).toBe('agent');
    for (const kind of ['v1', 'legacy', 'hosted', null, undefined] as const) {
      expect(knownSettingsGeneration(kind)).toBeNull();
    }
  });

  it('reads its settings into the common shape, its provider tokens from its secrets', () => {
    expect(
      fromAgentServerSettings(settings, ['NPM_TOKEN', 'github_token', 'gitlab_token']),
    ).toEqual({
      generation: 'agent',
      stored: true,
      providerTokens: { github: null, gitlab: null },
      mcpServers: { docs: { url: 'https://mcp.example.test/sse', transport: 'sse' } },
      model: 'anthropic/claude-sonnet-4-5-20250929',
      llmKeySet: true,
      confirmationMode: true,
    });
  });

  it('shows no model for an agent without one, and no tokens when its secrets could not be read', () => {
    const acp = fromAgentServerSettings(
      { agent_settings: { agent_kind: 'acp' }, llm_api_key_is_set: false },
      null,
    );
    expect(acp).toMatchObject({
      model: null,
      llmKeySet: false,
      providerTokens: {},
      mcpServers: {},
    });
    expect(acp.confirmationMode).toBe(false);
  });

  it('names only the secrets the clone helper reads as provider tokens', () => {
    expect(providerTokensFromSecrets(['bitbucket_token', 'GITHUB_TOKEN', 'github'])).toEqual({
      bitbucket: null,
    });
  });

  it('refuses its settings when they come back where a legacy server’s were expected', () => {
    expect(() => refuseAgentServerShape(settings)).toThrow(/Test the connection under Server/);
    const legacy = { llm_model: 'openai/gpt-5', llm_api_key_set: true };
    expect(refuseAgentServerShape(legacy)).toBe(legacy);
  });
});

describe('readByGeneration', () => {
  it('asks a known agent server only its own routes', async () => {
    const other = vi.fn();
    expect(
      await readByGeneration('agent', { v1: other, v0: other, agent: async () => 'agent' }),
    ).toEqual({ generation: 'agent', value: 'agent' });
    expect(other).not.toHaveBeenCalled();
  });

  it('asks the 1.7+ route first and stays there when it answers', async () => {
    const v0 = vi.fn();
    expect(await readByGeneration(null, { v1: async () => 'new', v0, agent: v0 })).toEqual({
      generation: 'v1',
      value: 'new',
    });
    expect(v0).not.toHaveBeenCalled();
  });

  it('falls back to the legacy route when the server lacks the new one (404 or its web page)', async () => {
    for (const error of [missingRoute(), webPage()]) {
      const answer = await readByGeneration(null, {
        v1: () => Promise.reject(error),
        v0: async () => 'old',
        agent: vi.fn(),
      });
      expect(answer).toEqual({ generation: 'v0', value: 'old' });
    }
  });

  it('asks a known legacy server only its own route', async () => {
    const v1 = vi.fn();
    expect(await readByGeneration('v0', { v1, v0: async () => 'old', agent: v1 })).toEqual({
      generation: 'v0',
      value: 'old',
    });
    expect(v1).not.toHaveBeenCalled();
  });

  it('does not fall back on a refused key, nor once the server is known to be new', async () => {
    const v0 = vi.fn();
    await expect(
      readByGeneration(null, { v1: () => Promise.reject(refusedKey()), v0, agent: v0 }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(
      readByGeneration('v1', { v1: () => Promise.reject(missingRoute()), v0, agent: v0 }),
    ).rejects.toMatchObject({ kind: 'not-found' });
    expect(v0).not.toHaveBeenCalled();
  });

  it('keeps the first answer’s words when neither route exists', async () => {
    const first = webPage();
    await expect(
      readByGeneration(null, {
        v1: () => Promise.reject(first),
        v0: () => Promise.reject(missingRoute()),
        agent: vi.fn(),
      }),
    ).rejects.toBe(first);
  });
});

describe('secretNameProblem', () => {
  it('takes environment-variable names', () => {
    for (const name of ['NPM_TOKEN', '_private', 'a1'])
      expect(secretNameProblem(name, [])).toBeNull();
  });

  it('names each problem', () => {
    expect(secretNameProblem('', [])).toBe('empty');
    expect(secretNameProblem('NPM TOKEN', [])).toBe('spaces');
    expect(secretNameProblem('1PASSWORD', [])).toBe('first');
    expect(secretNameProblem('NPM-TOKEN', [])).toBe('characters');
    expect(secretNameProblem('NPM_TOKEN', ['NPM_TOKEN'])).toBe('taken');
  });

  it('holds an agent server to its own rules: a letter first, 64 characters at most', () => {
    expect(secretNameProblem('_private', [], 'agent')).toBe('first');
    expect(secretNameProblem(`A${'b'.repeat(63)}`, [], 'agent')).toBeNull();
    expect(secretNameProblem(`A${'b'.repeat(64)}`, [], 'agent')).toBe('long');
    expect(secretNameProblem('bitbucket_token', ['github_token'], 'agent')).toBeNull();
  });
});

describe('webAppSettingsUrl', () => {
  it('points at the web app’s own settings pages, keeping a path prefix', () => {
    expect(webAppSettingsUrl('https://app.all-hands.dev', 'integrations')).toBe(
      'https://app.all-hands.dev/settings/integrations',
    );
    expect(webAppSettingsUrl('http://tools.example.com/openhands/', 'llm')).toBe(
      'http://tools.example.com/openhands/settings',
    );
  });
});
