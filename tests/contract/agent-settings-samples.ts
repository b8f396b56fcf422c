// Contract samples of a bare agent server's settings routes (lib/api/endpoints/agent-settings.ts),
// kept apart from client-contract.test.ts, which spreads them into its tables. The Feb 2026
// agent-server document predates these routes, so the requests are checked against the keys
// listed here and the answers against the reference service's agent kind, which plays
// settings_router.py. Each service check undoes what it changed: the agent kind is shared by
// every sample of the file.
import type { ApiError, EndpointName, EndpointParams, EndpointResult } from '@/lib/api';
import type { ReferenceKind, ReferenceServer } from '../support/reference-services';

type AgentSettingsEndpoint = Extract<
  EndpointName,
  | 'agent.getSettings'
  | 'agent.updateSettings'
  | 'agent.listSecrets'
  | 'agent.saveSecret'
  | 'agent.deleteSecret'
  | 'agent.createMcpServer'
  | 'agent.updateMcpServer'
  | 'agent.deleteMcpServer'
  | 'agent.folderSkills'
  | 'agent.pathCheck'
  | 'agent.searchRepositories'
>;

/** The shape of client-contract.test.ts's samples, for these endpoints. */
interface ServiceCheck<N extends EndpointName> {
  on: ReferenceKind;
  params?: (server: ReferenceServer) => EndpointParams<N> | Promise<EndpointParams<N>>;
  expect?: (result: EndpointResult<N>) => void;
  fails?: (error: ApiError) => void;
  after?: (server: ReferenceServer) => Promise<unknown>;
}
interface Sample<N extends EndpointName> {
  params: EndpointParams<N>;
  answer: unknown;
  path?: Record<string, string>;
  service?: ServiceCheck<N> | ServiceCheck<N>[];
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Upstream's `SettingsResponse` as the agent server answers it, redacted. */
const settings = {
  agent_settings: {
    schema_version: 5,
    agent_kind: 'openhands',
    llm: { model: 'anthropic/claude-sonnet-4-5-20250929', api_key: '**********', base_url: null },
    mcp_config: {
      docs: {
        url: 'https://mcp.example.test/sse',
        transport: 'sse',
        command: null,
        headers: { Authorization: '**********' },
        enabled: true,
      },
    },
  },
  conversation_settings: { schema_version: 1, max_iterations: 500, confirmation_mode: false },
  llm_api_key_is_set: true,
  active_profile: 'default',
  active_agent_profile_id: null,
  misc_settings: {},
};

const removeMcp = (name: string) => (server: ReferenceServer) =>
  server.client
    .call('agent.updateSettings', { agent_settings_diff: { mcp_config: { [name]: null } } })
    .catch(() => undefined);

/** A folder the reference service's agent kind has: a clone made for the skills samples. */
async function clonedFolder(server: ReferenceServer): Promise<string> {
  const folder = '/home/openhands/contract/widgets';
  await fetch(`${server.service.url}/api/bash/execute_bash_command`, {
    method: 'POST',
    headers: { 'X-Session-API-Key': 'reference-agent-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      command: `test -d ${folder} || git clone https://github.com/octo-org/widgets.git ${folder}`,
      timeout: 60,
    }),
  });
  return folder;
}

export const agentSettingsSamples: { [N in AgentSettingsEndpoint]: Sample<N> | Sample<N>[] } = {
  'agent.getSettings': {
    params: {},
    answer: settings,
    service: {
      on: 'agent',
      expect: (answer) => {
        check(Boolean(answer.agent_settings.llm?.model), 'the model in use');
        check(answer.llm_api_key_is_set === true, 'an LLM key is set');
        check(answer.agent_settings.llm?.api_key === '**********', 'the key comes back redacted');
        check(
          answer.agent_settings.mcp_config?.docs?.headers?.Authorization === '**********',
          'MCP header values come back redacted',
        );
      },
    },
  },
  'agent.updateSettings': {
    // A merge patch: one server added, one header of another removed.
    params: {
      agent_settings_diff: {
        mcp_config: {
          fetch: { command: 'uvx', args: ['mcp-server-fetch'], transport: 'stdio' },
          docs: { headers: { 'X-Old': null } },
        },
      },
    },
    answer: settings,
    service: {
      on: 'agent',
      params: () => ({
        agent_settings_diff: {
          mcp_config: { 'contract-fetch': { command: 'uvx', args: ['mcp-server-fetch'] } },
        },
      }),
      expect: (answer) => {
        check(
          answer.agent_settings.mcp_config?.['contract-fetch']?.command === 'uvx',
          'the patch adds the server',
        );
        check(Boolean(answer.agent_settings.mcp_config?.docs), 'and keeps the others');
      },
      after: removeMcp('contract-fetch'),
    },
  },
  'agent.listSecrets': {
    params: {},
    answer: { secrets: [{ name: 'github_token', description: 'GitHub' }] },
    service: {
      on: 'agent',
      expect: (answer) => {
        const names = answer.secrets.map((secret) => secret.name);
        check(names.includes('github_token') && names.includes('gitlab_token'), 'seeded names');
        check(!JSON.stringify(answer).includes('ghp_'), 'no value in the list');
      },
    },
  },
  'agent.saveSecret': {
    params: { name: 'bitbucket_token', value: 'bb-token', description: 'Clones Bitbucket' },
    answer: { name: 'bitbucket_token', description: 'Clones Bitbucket' },
    service: {
      on: 'agent',
      params: () => ({ name: 'CONTRACT_SECRET', value: 'v', description: 'contract' }),
      expect: (answer) => check(answer.name === 'CONTRACT_SECRET', 'the saved name'),
      after: (server) =>
        server.client.call('agent.deleteSecret', { name: 'CONTRACT_SECRET' }).catch(() => {}),
    },
  },
  'agent.deleteSecret': {
    params: { name: 'bitbucket_token' },
    answer: { deleted: true },
    path: { name: 'bitbucket_token' },
    service: [
      {
        on: 'agent',
        params: async (server) => {
          await server.client.call('agent.saveSecret', { name: 'CONTRACT_GONE', value: 'v' });
          return { name: 'CONTRACT_GONE' };
        },
        expect: (answer) => check(answer.deleted === true, 'deleted'),
      },
      {
        on: 'agent',
        params: () => ({ name: 'NEVER_STORED' }),
        fails: (error) => check(error.kind === 'not-found', 'an unknown name is a 404'),
      },
    ],
  },
  'agent.createMcpServer': {
    params: {
      settings_key: 'search',
      url: 'https://mcp.example.test/mcp',
      transport: 'http',
      headers: { Authorization: 'Bearer token' },
    },
    answer: settings,
    path: { settings_key: 'search' },
    service: [
      {
        on: 'agent',
        params: () => ({ settings_key: 'contract-new', url: 'https://mcp.example.test/mcp' }),
        expect: (answer) =>
          check(
            answer.agent_settings.mcp_config?.['contract-new']?.url ===
              'https://mcp.example.test/mcp',
            'the new server',
          ),
        after: removeMcp('contract-new'),
      },
      {
        // A name that is taken is refused, not merged.
        on: 'agent',
        params: () => ({ settings_key: 'docs', url: 'https://other.example.test/sse' }),
        fails: (error) => check(error.kind === 'conflict', 'a taken name is a 409'),
      },
    ],
  },
  'agent.updateMcpServer': {
    params: { settings_key: 'docs', url: 'https://mcp.example.test/v2/sse', headers: { X: null } },
    answer: settings,
    path: { settings_key: 'docs' },
    service: {
      on: 'agent',
      params: async (server) => {
        await server.client.call('agent.createMcpServer', {
          settings_key: 'contract-patch',
          url: 'https://mcp.example.test/a',
        });
        return { settings_key: 'contract-patch', url: 'https://mcp.example.test/b' };
      },
      expect: (answer) =>
        check(
          answer.agent_settings.mcp_config?.['contract-patch']?.url ===
            'https://mcp.example.test/b',
          'the changed field',
        ),
      after: removeMcp('contract-patch'),
    },
  },
  'agent.deleteMcpServer': {
    params: { settings_key: 'docs' },
    answer: settings,
    path: { settings_key: 'docs' },
    service: {
      on: 'agent',
      params: async (server) => {
        await server.client.call('agent.createMcpServer', {
          settings_key: 'contract-gone',
          command: 'uvx',
        });
        return { settings_key: 'contract-gone' };
      },
      expect: (answer) => {
        check(!answer.agent_settings.mcp_config?.['contract-gone'], 'removed');
        check(Boolean(answer.agent_settings.mcp_config?.docs), 'the others stay');
      },
    },
  },

  'agent.folderSkills': {
    params: { project_dir: '/home/openhands/handoff/widgets-1a2b3c4d' },
    answer: {
      skills: [
        {
          name: 'agents',
          type: 'repo',
          content: 'Run the tests before pushing.',
          triggers: [],
          source: '/home/openhands/handoff/widgets-1a2b3c4d/AGENTS.md',
          description: null,
          is_agentskills_format: false,
          disable_model_invocation: false,
        },
      ],
      sources: { sandbox: 0, registered_marketplaces: 0, sdk_base: 0, org: 0, project: 1 },
    },
    service: [
      {
        on: 'agent',
        params: async (server) => ({ project_dir: await clonedFolder(server) }),
        expect: (answer) => {
          const names = answer.skills.map((skill) => skill.name);
          check(names.includes('release-checklist'), 'the clone’s own skills');
          check(answer.sources?.project === answer.skills.length, 'the folder’s skills alone');
        },
      },
      {
        // The server cannot tell a folder that is not there from one without skills.
        on: 'agent',
        params: () => ({ project_dir: '/home/openhands/no-such-folder' }),
        expect: (answer) => check(answer.skills.length === 0, 'no skills'),
      },
    ],
  },
  'agent.pathCheck': {
    params: { path: '/home/openhands/handoff/widgets-1a2b3c4d' },
    answer: null,
    service: [
      {
        on: 'agent',
        params: async (server) => ({ path: await clonedFolder(server) }),
        fails: (error) =>
          check(error.serverMessage === 'Path is not a file', 'a folder is a 400 of its own'),
      },
      {
        on: 'agent',
        params: () => ({ path: '/home/openhands/no-such-folder' }),
        fails: (error) =>
          check(
            error.kind === 'not-found' && error.serverMessage === 'File not found',
            'a missing path is a 404',
          ),
      },
    ],
  },
  'agent.searchRepositories': {
    params: { provider: 'github', query: 'widg', limit: 100 },
    // git_provider_service.py `GitProviderRepository`, as the route answers it.
    answer: {
      items: [
        {
          id: '901',
          full_name: 'octo-org/widgets',
          git_provider: 'github',
          is_public: true,
          stargazers_count: 12,
          pushed_at: '2026-10-01T09:00:00Z',
          main_branch: 'main',
        },
      ],
      next_page_id: '2',
      missing_token: false,
    },
  },
};

const why = (route: string, version: string) =>
  `docs/contract/server-generations.md#agent-server-direct ${route}: settings_router.py v${version}, newer than the Feb 2026 document`;

/** The keys each request may carry; the document has none of these routes. */
export const agentSettingsServiceApiOnly: Partial<
  Record<EndpointName, { query?: readonly string[]; body?: readonly string[]; reason: string }>
> = {
  'agent.getSettings': { reason: why('GET /api/settings', '1.17.0') },
  'agent.updateSettings': {
    body: ['agent_settings_diff'],
    reason: why('PATCH /api/settings', '1.17.0'),
  },
  'agent.listSecrets': { reason: why('GET /api/settings/secrets', '1.20.1') },
  'agent.saveSecret': {
    body: ['name', 'value', 'description'],
    reason: why('PUT /api/settings/secrets', '1.20.1'),
  },
  'agent.deleteSecret': { reason: why('DELETE /api/settings/secrets/{name}', '1.20.1') },
  'agent.createMcpServer': {
    body: ['url', 'transport', 'headers'],
    reason: why('POST /api/settings/mcp/{settings_key}', '1.39.0'),
  },
  'agent.updateMcpServer': {
    body: ['url', 'headers'],
    reason: why('PATCH /api/settings/mcp/{settings_key}', '1.39.0'),
  },
  'agent.deleteMcpServer': { reason: why('DELETE /api/settings/mcp/{settings_key}', '1.39.0') },
  'agent.searchRepositories': {
    query: ['provider', 'query', 'limit', 'page_id'],
    reason:
      'docs/contract/server-generations.md#agent-server-direct GET /api/git/repositories/search: git_router.py 1.44+, newer than the Feb 2026 document',
  },
  'agent.pathCheck': {
    query: ['path'],
    reason:
      'docs/contract/server-generations.md#agent-server-direct GET /api/file/download?path=: file_router.py v1.13.1, newer than the Feb 2026 document (which has the path form)',
  },
};

/** docs/contract/routes.md "Agent server settings" rows → the endpoints, or why none. */
export const agentSettingsIndexedRoutes: Record<string, EndpointName[] | { notUsed: string }> = {
  'agent GET /api/settings': ['agent.getSettings'],
  'agent PATCH /api/settings': ['agent.updateSettings'],
  'agent GET /api/settings/secrets': ['agent.listSecrets'],
  'agent PUT /api/settings/secrets': ['agent.saveSecret'],
  'agent GET /api/settings/secrets/{}': {
    notUsed: 'answers a secret’s value; Handoff never reads a value back',
  },
  'agent DELETE /api/settings/secrets/{}': ['agent.deleteSecret'],
  'agent POST /api/settings/mcp/{}': ['agent.createMcpServer'],
  'agent PATCH /api/settings/mcp/{}': ['agent.updateMcpServer'],
  'agent DELETE /api/settings/mcp/{}': ['agent.deleteMcpServer'],
  'agent POST /api/skills': ['agent.folderSkills'],
  'agent GET /api/file/download': ['agent.pathCheck'],
  'agent GET /api/git/repositories/search': ['agent.searchRepositories'],
};
