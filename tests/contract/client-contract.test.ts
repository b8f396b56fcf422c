// Every request the client can build, checked against the upstream OpenAPI documents: the route and
// method exist, query names are declared and their values fit, path params fill the template, and
// JSON bodies validate. Routes the documents do not have are checked against
// docs/contract/README.md#openapi-documents-and-their-gaps instead, each with its reason. Samples
// that name a reference server are then sent to that kind of the reference service (tests/service),
// whose real answer must pass the endpoint's response schema. Finally, the client's method table is
// compared with every endpoint docs/contract/routes.md names.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ApiError,
  apiEndpoints,
  createApiClient,
  type EndpointName,
  type EndpointParams,
  type EndpointResult,
  endpointNames,
  isApiError,
  isCredentialBindingRequired,
} from '@/lib/api';
import {
  fakeFetch,
  jsonResponse,
  type RecordedRequest,
  textResponse,
} from '@/lib/api/testing/fake-fetch';
import {
  type ContractException,
  contractProblems,
  type DocumentName,
  matchTemplate,
} from '../support/openapi';
import {
  type ReferenceKind,
  type ReferenceServer,
  referenceServers,
} from '../support/reference-services';
import { readShared, v0Trajectory, v1Frames } from '../support/upstream-fixtures';
import {
  agentSettingsIndexedRoutes,
  agentSettingsSamples,
  agentSettingsServiceApiOnly,
} from './agent-settings-samples';

const SERVER = 'http://localhost:3000';
const V0_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const V1_UUID = '7c1f3b2a-94de-4f0b-8a6e-2d5b9c0e4f11';
const V1_HEX = V1_UUID.replace(/-/g, '');

/** A V0 conversation on a nested runtime in path mode: another origin, a path prefix. */
const runtimeConversation = {
  conversation_id: V0_ID,
  url: `https://runtime.example.test/rt-42/api/conversations/${V0_ID}`,
  session_api_key: 'runtime-session-key',
};
/** A V1 conversation whose agent server sits behind a path prefix. */
const agentConversation = {
  conversation_url: `https://sandbox.example.test/agent-7/api/conversations/${V1_HEX}`,
  session_api_key: 'sandbox-session-key',
};

const frames = v1Frames();
const conversationInfo = {
  conversation_id: V0_ID,
  title: 'Fix the parser',
  status: 'RUNNING',
  runtime_status: 'STATUS$READY',
  url: null,
  session_api_key: null,
  created_at: '2025-11-20T10:00:00',
  last_updated_at: '2025-11-20T10:05:00',
  conversation_version: 'V0',
};
const conversationResponse = {
  status: 'ok',
  conversation_id: V0_ID,
  message: null,
  conversation_status: 'STARTING',
};
const appConversation = {
  id: V1_HEX,
  sandbox_id: 'sandbox-1',
  sandbox_status: 'RUNNING',
  execution_status: 'idle',
  conversation_url: agentConversation.conversation_url,
  session_api_key: agentConversation.session_api_key,
  title: 'Fix the parser',
  created_at: '2026-03-02T10:15:00',
  updated_at: '2026-03-02T10:16:00',
};
const startTask = {
  id: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  created_by_user_id: null,
  status: 'WORKING',
  request: {},
};
const sandbox = {
  id: 'sandbox-1',
  created_by_user_id: null,
  sandbox_spec_id: 'ghcr.io/openhands/agent-server:1.3.0',
  status: 'RUNNING',
  session_api_key: 'sandbox-session-key',
  exposed_urls: [{ name: 'AGENT_SERVER', url: 'http://localhost:8000', port: 8000 }],
};
const sandboxSpec = { id: 'spec-1', command: null, initial_env: {}, working_dir: '/workspace' };
const mcpConfig = {
  sse_servers: ['https://mcp.example.test/sse'],
  stdio_servers: [
    { name: 'fetch', command: 'uvx', args: 'mcp-server-fetch --ignore-robots-txt', env: 'LOG=1' },
  ],
  shttp_servers: [{ url: 'https://mcp.example.test/mcp', api_key: null, timeout: 30 }],
};
const textMessage = [{ type: 'text' as const, text: 'Please also add a test.' }];
const repository = {
  id: '1296269',
  full_name: 'octo-org/widgets',
  git_provider: 'github',
  is_public: true,
  stargazers_count: 1284,
  link_header: null,
  pushed_at: '2026-07-19T16:02:11Z',
  owner_type: 'organization',
  main_branch: 'main',
};
const suggestedTask = {
  git_provider: 'github' as const,
  task_type: 'FAILING_CHECKS' as const,
  repo: 'octo-org/widgets',
  issue_number: 482,
  title: 'Fix the parser when a line has no "="',
};
/** A 1.x settings answer as upstream's GETSettingsModel writes it (secrets blanked). */
const appSettings = {
  language: 'en',
  agent_settings: {
    schema_version: 5,
    agent_kind: 'openhands',
    agent: 'CodeActAgent',
    llm: { model: 'anthropic/claude-sonnet-4-5-20250929', api_key: null, base_url: null },
    mcp_config: {
      fetch: { command: 'uvx', args: ['mcp-server-fetch'], env: { LOG: '**********' } },
      docs: { url: 'https://mcp.example.test/mcp', transport: 'http' },
    },
    condenser: { enabled: true, condenser_kind: 'llm_summarizing', max_size: 240 },
  },
  conversation_settings: {
    schema_version: 1,
    max_iterations: 500,
    confirmation_mode: false,
    security_analyzer: 'llm',
  },
  provider_tokens_set: { github: 'github.com', gitlab: null },
  llm_api_key_set: true,
  search_api_key_set: false,
  git_user_name: 'openhands',
  disabled_skills: null,
};
/** The seeded V1 conversation's agent server, as its app server hands it out. */
async function liveConversation({ client, service }: ReferenceServer) {
  const [conversation] = await client.v1.getAppConversations({
    ids: [service.seedIds.v1.parserFix],
  });
  return {
    conversation: {
      conversation_url: conversation?.conversation_url ?? '',
      session_api_key: conversation?.session_api_key ?? null,
    },
  };
}

/** The same call sent to a reference server of one kind, which answers it for real. */
interface ServiceCheck<N extends EndpointName> {
  on: ReferenceKind;
  /** Params that fit that server's seeded data, after any setup; default: the sample's own. */
  params?: (server: ReferenceServer) => EndpointParams<N> | Promise<EndpointParams<N>>;
  /** What the answer, already validated by the endpoint's schema, must also show. */
  expect?: (result: EndpointResult<N>) => void;
  /** The server must refuse the call instead (a route this kind does not have, …). */
  fails?: (error: ApiError) => void;
  /** Undoes the setup, whatever the outcome. */
  after?: (server: ReferenceServer) => Promise<unknown>;
}

interface Sample<N extends EndpointName> {
  params: EndpointParams<N>;
  /** What the fake server answers (a Response for non-JSON answers). */
  answer: unknown;
  /** Path placeholder values the request must carry. */
  path?: Record<string, string>;
  service?: ServiceCheck<N> | ServiceCheck<N>[];
}
type Samples = { [N in EndpointName]: Sample<N> | Sample<N>[] };

/** One realistic call per endpoint (two where a variant matters). */
const samples: Samples = {
  ...agentSettingsSamples,
  'server.alive': { params: {}, answer: { status: 'ok' } },
  'server.health': { params: {}, answer: 'OK' },

  'v0.createConversation': {
    params: {
      repository: 'octo-org/widgets',
      git_provider: 'github',
      selected_branch: 'fix/parser-null',
      initial_user_msg: 'Make test_parse_skips_comments pass.',
      conversation_instructions: 'Open a draft PR when done.',
      image_urls: [],
      suggested_task: {
        git_provider: 'github',
        task_type: 'FAILING_CHECKS',
        repo: 'octo-org/widgets',
        issue_number: 12,
        title: 'CI is red',
      },
      create_microagent: { repo: 'octo-org/widgets', git_provider: 'github', title: null },
      mcp_config: mcpConfig,
    },
    answer: conversationResponse,
  },
  'v0.listConversations': {
    params: {
      limit: 20,
      page_id: 'eyJ2MCI6IG51bGx9',
      selected_repository: 'octo-org/widgets',
      conversation_trigger: 'gui',
      include_sub_conversations: false,
    },
    answer: { results: [conversationInfo], next_page_id: null },
  },
  'v0.getConversation': {
    params: { conversation_id: V0_ID },
    answer: conversationInfo,
    path: { conversation_id: V0_ID },
  },
  'v0.deleteConversation': { params: { conversation_id: V0_ID }, answer: true },
  'v0.updateConversation': {
    params: { conversation_id: V0_ID, title: 'Parser fix' },
    answer: true,
    path: { conversation_id: V0_ID },
  },
  'v0.startConversation': [
    { params: { conversation_id: V0_ID, providers_set: ['github'] }, answer: conversationResponse },
    { params: { conversation_id: V0_ID }, answer: conversationResponse },
  ],
  'v0.stopConversation': { params: { conversation_id: V0_ID }, answer: conversationResponse },
  'v0.getEvents': {
    params: {
      conversation: runtimeConversation,
      reverse: true,
      end_id: 99,
      start_id: 0,
      limit: 100,
    },
    answer: { events: v0Trajectory('v0_traj_basic_interactions.json'), has_more: false },
    path: { conversation_id: V0_ID },
  },
  'v0.sendEvent': [
    {
      params: {
        conversation: runtimeConversation,
        event: {
          action: 'message',
          args: { content: 'continue', timestamp: '2025-11-20T10:06:00' },
        },
      },
      answer: { success: true },
    },
    {
      params: {
        conversation: runtimeConversation,
        event: { action: 'change_agent_state', args: { agent_state: 'stopped' } },
      },
      answer: { success: true },
    },
  ],
  'v0.sendMessage': {
    params: { conversation: runtimeConversation, message: 'continue' },
    answer: { success: true },
  },
  'v0.getRuntimeConfig': {
    params: { conversation: runtimeConversation },
    answer: { runtime_id: 'rt-42', session_id: V0_ID },
  },
  'v0.getVscodeUrl': {
    params: { conversation: runtimeConversation },
    answer: { vscode_url: 'http://localhost:4141/?tkn=x' },
  },
  'v0.getWebHosts': {
    params: { conversation: runtimeConversation },
    answer: { hosts: { 'http://localhost:50001': 50001 } },
  },
  'v0.getConversationMicroagents': {
    params: { conversation: runtimeConversation },
    answer: {
      microagents: [
        {
          name: 'testing',
          type: 'knowledge',
          content: 'Run pytest.',
          triggers: ['test'],
          inputs: [],
          tools: [],
        },
      ],
    },
  },
  'v0.listFiles': {
    params: { conversation: runtimeConversation, path: 'widgets' },
    answer: ['widgets/parser.py'],
  },
  'v0.selectFile': {
    params: { conversation: runtimeConversation, file: 'widgets/parser.py' },
    answer: { code: 'def parse(text): ...' },
  },
  'v0.getGitChanges': {
    params: { conversation: runtimeConversation },
    answer: [{ status: 'M', path: 'widgets/parser.py' }],
  },
  'v0.getGitDiff': {
    params: { conversation: runtimeConversation, path: 'widgets/parser.py' },
    answer: { modified: 'b', original: 'a' },
  },
  'v0.getTrajectory': {
    params: { conversation: runtimeConversation },
    answer: { trajectory: v0Trajectory('v0_traj_wrong_initial_state.json') },
  },
  'v0.rememberPrompt': {
    params: { conversation: runtimeConversation, event_id: 7 },
    answer: { status: 'success', prompt: 'Remember to run pytest.' },
  },
  'v0.getModels': { params: {}, answer: ['anthropic/claude-sonnet-4-5'] },
  'v0.getAgents': { params: {}, answer: ['CodeActAgent'] },
  'v0.getSecurityAnalyzers': { params: {}, answer: ['llm', 'invariant'] },
  'v0.getConfig': {
    params: {},
    answer: {
      APP_MODE: 'oss',
      GITHUB_CLIENT_ID: '',
      POSTHOG_CLIENT_KEY: 'phc_x',
      FEATURE_FLAGS: { ENABLE_BILLING: false, HIDE_LLM_SETTINGS: false },
    },
  },
  'v0.getSettings': {
    params: {},
    answer: {
      llm_model: 'anthropic/claude-sonnet-4-5',
      llm_api_key: null,
      llm_api_key_set: true,
      provider_tokens_set: { github: null },
      confirmation_mode: false,
    },
  },
  'v0.saveSettings': {
    params: {
      llm_model: 'anthropic/claude-sonnet-4-5',
      llm_api_key: 'sk-test',
      confirmation_mode: true,
      max_iterations: 100,
      mcp_config: mcpConfig,
    },
    answer: { message: 'Settings stored' },
  },
  'v0.addGitProviders': {
    params: {
      provider_tokens: { github: { token: 'ghp_test', user_id: null, host: 'github.com' } },
      mcp_config: null,
    },
    answer: { message: 'Git providers stored' },
  },
  'v0.unsetProviderTokens': { params: {}, answer: { message: 'Unset Git provider tokens' } },
  'v0.listSecrets': {
    params: {},
    answer: { custom_secrets: [{ name: 'NPM_TOKEN', description: null }] },
  },
  'v0.createSecret': {
    params: { name: 'NPM_TOKEN', value: 'npm_x', description: 'publishing' },
    answer: { message: 'Secret created successfully' },
  },
  'v0.updateSecret': {
    params: { secret_id: 'NPM_TOKEN', name: 'NPM_TOKEN', description: 'read-only' },
    answer: { message: 'Secret updated successfully' },
    path: { secret_id: 'NPM_TOKEN' },
  },
  'v0.deleteSecret': {
    params: { secret_id: 'NPM_TOKEN' },
    answer: { message: 'Secret deleted successfully' },
  },
  'v0.getInstallations': { params: { provider: 'github' }, answer: ['4711'] },
  'v0.listRepositories': {
    params: { sort: 'pushed', selected_provider: 'github', page: 2, per_page: 30 },
    answer: [{ id: '1', full_name: 'octo-org/widgets', git_provider: 'github', is_public: true }],
  },
  'v0.getUserInfo': { params: {}, answer: { id: 1, login: 'octocat', avatar_url: '' } },
  'v0.searchRepositories': {
    params: {
      query: 'widgets',
      per_page: 5,
      sort: 'stars',
      order: 'desc',
      selected_provider: 'github',
    },
    answer: [{ id: 1, full_name: 'octo-org/widgets', git_provider: 'github', is_public: true }],
  },
  'v0.searchBranches': {
    params: {
      repository: 'octo-org/widgets',
      query: 'fix',
      per_page: 30,
      selected_provider: 'github',
    },
    answer: [{ name: 'fix/parser-null', commit_sha: 'abc', protected: false }],
  },
  'v0.getSuggestedTasks': {
    params: {},
    answer: [
      {
        git_provider: 'github',
        task_type: 'OPEN_PR',
        repo: 'octo-org/widgets',
        issue_number: 3,
        title: 'Parser fix',
      },
    ],
  },
  'v0.getBranches': {
    params: { repository: 'octo-org/widgets', page: 1, per_page: 30 },
    answer: { branches: [], has_next_page: false, current_page: 1, per_page: 30, total_count: 0 },
  },
  'v0.listRepositoryMicroagents': {
    params: { repository_name: 'gitlab.example.com/group/sub/project' },
    answer: [{ name: 'testing', path: '.openhands/microagents/testing.md', created_at: 'now' }],
    path: { repository_name: 'gitlab.example.com/group/sub/project' },
  },
  'v0.getRepositoryMicroagentContent': {
    params: {
      repository_name: 'octo-org/widgets',
      file_path: '.openhands/microagents/testing.md',
    },
    answer: { content: 'Run pytest.', path: '.openhands/microagents/testing.md', triggers: [] },
    path: { repository_name: 'octo-org/widgets' },
  },

  'v1.searchAppConversations': {
    params: {
      title__contains: 'parser',
      created_at__gte: '2026-03-01T00:00:00',
      updated_at__lt: '2026-04-01T00:00:00',
      sandbox_id__eq: 'sandbox-1',
      include_sub_conversations: false,
      limit: 20,
      page_id: 'next',
    },
    answer: { items: [appConversation], next_page_id: null },
  },
  'v1.countAppConversations': { params: { title__contains: 'parser' }, answer: 3 },
  'v1.getAppConversations': { params: { ids: [V1_HEX, V0_ID] }, answer: [appConversation, null] },
  'v1.startAppConversation': [
    {
      params: {
        selected_repository: 'octo-org/widgets',
        selected_branch: 'fix/parser-null',
        git_provider: 'github',
        title: 'Parser fix',
        conversation_id: V1_UUID,
        agent_type: 'default',
        initial_message: {
          role: 'user',
          content: [
            { type: 'text', text: 'Fix the failing parser test.' },
            { type: 'image', image_urls: ['data:image/png;base64,iVBORw0KGgo='] },
          ],
        },
      },
      answer: startTask,
    },
    {
      // 1.x: the server writes the first message from the task (no initial_message with it).
      params: {
        suggested_task: suggestedTask,
        selected_branch: 'fix/parser-null',
        agent_profile_id: 'profile-reviewer',
        public: false,
        plugins: [{ source: 'github:octo-org/openhands-plugins', repo_path: 'plugins/lint' }],
        secrets: { NPM_TOKEN: 'npm_x' },
      },
      answer: startTask,
      service: {
        on: 'v1',
        // Profiles and plugins would need the service to know them; the task is what matters.
        params: () => ({ suggested_task: suggestedTask, public: false, secrets: { X: 'y' } }),
      },
    },
  ],
  'v1.streamStartAppConversation': {
    params: {
      selected_repository: 'octo-org/widgets',
      initial_message: { content: [{ type: 'text', text: 'Go.' }] },
    },
    answer: textResponse(
      `[${JSON.stringify(startTask)},\n${JSON.stringify({ ...startTask, status: 'READY', app_conversation_id: V1_HEX })}]`,
      'application/json',
    ),
  },
  'v1.searchStartTasks': {
    params: { conversation_id__eq: V1_HEX, sort_order: 'CREATED_AT_DESC', limit: 5 },
    answer: { items: [startTask], next_page_id: null },
  },
  'v1.countStartTasks': { params: { created_at__gte: '2026-03-01T00:00:00' }, answer: 1 },
  'v1.getStartTasks': { params: { ids: [startTask.id] }, answer: [startTask] },
  'v1.updateAppConversation': {
    params: { conversation_id: V1_HEX, title: 'Parser fix (2)' },
    answer: appConversation,
    path: { conversation_id: V1_HEX },
  },
  'v1.deleteAppConversation': { params: { conversation_id: V1_HEX }, answer: { success: true } },
  'v1.sendMessage': {
    params: { conversation_id: V1_UUID, content: textMessage },
    answer: { success: true, sandbox_status: 'RUNNING', message: null },
  },
  'v1.getSkills': {
    params: { conversation_id: V1_UUID },
    answer: [{ name: 'testing', type: 'knowledge', triggers: ['test'] }],
  },
  'v1.searchSandboxes': { params: { limit: 10 }, answer: { items: [sandbox], next_page_id: null } },
  'v1.getSandboxes': { params: { id: ['sandbox-1', 'sandbox-2'] }, answer: [sandbox, null] },
  'v1.createSandbox': { params: { sandbox_spec_id: 'spec-1' }, answer: sandbox },
  'v1.pauseSandbox': {
    params: { sandbox_id: 'sandbox-1' },
    answer: { success: true },
    path: { sandbox_id: 'sandbox-1' },
  },
  'v1.resumeSandbox': { params: { sandbox_id: 'sandbox-1' }, answer: { success: true } },
  'v1.deleteSandbox': {
    params: { sandbox_id: 'sandbox-1' },
    answer: { success: true },
    path: { id: 'sandbox-1' },
  },
  'v1.searchSandboxSpecs': { params: { limit: 5 }, answer: { items: [sandboxSpec] } },
  'v1.getSandboxSpecs': { params: { id: ['spec-1'] }, answer: [sandboxSpec] },
  'v1.searchEvents': {
    params: {
      conversation_id__eq: V1_HEX,
      kind__eq: 'MessageEvent',
      timestamp__gte: '2026-03-02T10:00:00',
      sort_order: 'TIMESTAMP',
      limit: 100,
    },
    answer: { items: frames.slice(0, 5), next_page_id: 'p2' },
  },
  'v1.countEvents': { params: { conversation_id__eq: V1_HEX }, answer: 29 },
  'v1.getEvents': { params: { id: [frames[2]?.id as string] }, answer: [frames[2], null] },
  'v1.searchConversationEvents': {
    params: { conversation_id: V1_HEX, kind__eq: 'ActionEvent', sort_order: 'TIMESTAMP_DESC' },
    answer: { items: frames.slice(4, 6), next_page_id: null },
    path: { conversation_id: V1_HEX },
  },
  'v1.countConversationEvents': {
    params: { conversation_id: V1_HEX, timestamp__lt: '2026-03-03T00:00:00' },
    answer: 29,
  },
  'v1.getConversationEvents': {
    params: { conversation_id: V1_HEX, id: [frames[4]?.id as string] },
    answer: [frames[4]],
  },
  'v1.queuePendingMessage': {
    // Before the conversation exists, messages queue on its start task.
    params: { conversation_id: `task-${startTask.id}`, content: textMessage },
    answer: { id: 'b7e2c1d0a9f84e3d8c7b6a5f4e3d2c1b', queued: true, position: 1 },
    path: { conversation_id: `task-${startTask.id}` },
    service: { on: 'v1', expect: (queued) => expect(queued.position).toBe(1) },
  },
  'v1.activateCredentialBinding': {
    params: { sandbox_id: 'sandbox-1', conversation_id: V1_HEX },
    answer: { success: true },
    path: { sandbox_id: 'sandbox-1', conversation_id: V1_HEX },
    // 1.11, which the service plays, predates the route: the caller resumes the sandbox instead.
    service: { on: 'v1', fails: (error) => expect([404, 405]).toContain(error.status) },
  },
  'v1.getWebClientConfig': {
    params: {},
    answer: {
      app_mode: 'oss',
      posthog_client_key: null,
      feature_flags: { enable_billing: false, deployment_mode: 'self_hosted', enable_acp: true },
      providers_configured: [],
      maintenance_start_time: null,
      auth_url: null,
      recaptcha_site_key: null,
      faulty_models: [],
      error_message: null,
      updated_at: '2026-07-25T09:00:00Z',
      github_app_slug: null,
      provider_default_hosts: { github: 'github.com', gitlab: 'gitlab.com' },
      kind: 'WebClientConfig',
    },
    service: [
      {
        on: 'v1',
        expect: (config) => {
          expect(config.app_mode).toBe('oss');
          expect(config.provider_default_hosts?.github).toBe('github.com');
        },
      },
      {
        on: 'hosted',
        expect: (config) => {
          expect(config.app_mode).toBe('saas');
          expect(config.feature_flags?.deployment_mode).toBe('cloud');
        },
      },
      // How an agent server reached directly tells itself apart: no app server routes at all.
      {
        on: 'agent',
        fails: (error) => expect(['not-found', 'bad-response']).toContain(error.kind),
      },
    ],
  },
  'v1.searchGitInstallations': {
    params: { provider: 'github', limit: 20, page_id: 'MjA' },
    answer: { items: ['4711', 4712], next_page_id: null },
    service: { on: 'v1', params: () => ({ provider: 'github' }) },
  },
  'v1.searchGitRepositories': [
    {
      params: { provider: 'github', query: 'widgets', sort_order: 'updated-desc', limit: 5 },
      answer: { items: [repository], next_page_id: null },
      service: {
        on: 'v1',
        expect: (page) =>
          expect(page.items.map((repo) => repo.full_name)).toContain('octo-org/widgets'),
      },
    },
    {
      params: { provider: 'github', installation_id: '4711', page_id: 'Mg', limit: 30 },
      answer: { items: [repository], next_page_id: 'Mw' },
      service: { on: 'v1', params: () => ({ provider: 'github', limit: 2 }) },
    },
  ],
  'v1.searchGitBranches': [
    {
      params: { provider: 'github', repository: 'octo-org/widgets', query: 'fix' },
      answer: {
        items: [{ name: 'fix/parser-null', commit_sha: 'a1b2c3d', protected: false }],
        next_page_id: null,
      },
      service: {
        on: 'v1',
        expect: (page) => expect(page.items.map((b) => b.name)).toContain('fix/parser-null'),
      },
    },
    {
      // No query: every branch, page by page.
      params: { provider: 'gitlab', repository: 'acme/platform/backend/api', limit: 2 },
      answer: {
        items: [
          { name: 'main', commit_sha: 'e4f5a6b', protected: true, last_push_date: null },
          { name: 'feature/auth/oidc', commit_sha: 'c7d8e9f', protected: false },
        ],
        next_page_id: 'Mg',
      },
      service: {
        on: 'v1',
        params: () => ({ provider: 'github', repository: 'octo-org/widgets', limit: 2 }),
        expect: (page) => expect(page.next_page_id).toBeTruthy(),
      },
    },
  ],
  'v1.searchSuggestedTasks': {
    params: { limit: 10 },
    answer: { items: [suggestedTask], next_page_id: null },
    service: { on: 'v1', expect: (page) => expect(page.items.length).toBeGreaterThan(0) },
  },
  'v1.getSettings': [
    {
      params: {},
      answer: appSettings,
      service: {
        on: 'v1',
        expect: (settings) => expect(settings?.agent_settings?.llm?.model).toBeTruthy(),
      },
    },
    {
      // A fresh install has no settings yet.
      params: {},
      answer: jsonResponse({ error: 'Settings not found' }, { status: 404 }),
      service: { on: 'v1-fresh', expect: (settings) => expect(settings).toBeNull() },
    },
  ],
  'v1.saveSettings': {
    params: {
      agent_settings_diff: {
        llm: { model: 'anthropic/claude-sonnet-4-5-20250929' },
        // The whole map: servers left out are removed.
        mcp_config: {
          fetch: { command: 'uvx', args: ['mcp-server-fetch'] },
          docs: { url: 'https://mcp.example.test/mcp', transport: 'http' },
        },
      },
      conversation_settings_diff: { confirmation_mode: true, max_iterations: 200 },
      git_user_name: 'octocat',
    },
    answer: { message: 'Settings stored' },
    service: { on: 'v1' },
  },
  'v1.setGitProviders': {
    params: { provider_tokens: { github: { token: 'ghp_test', host: 'github.com' } } },
    answer: { message: 'Git providers stored' },
    service: {
      on: 'v1',
      // What a form that only edits one host sends: every stored provider, tokens kept ("").
      params: async ({ client }) => {
        const stored = (await client.v1.getSettings())?.provider_tokens_set ?? {};
        return {
          provider_tokens: Object.fromEntries(
            Object.entries(stored).map(([provider, host]) => [provider, { token: '', host }]),
          ),
        };
      },
    },
  },
  'v1.clearGitProviders': {
    params: {},
    answer: { message: 'Unset Git provider tokens' },
    service: { on: 'v1-fresh' },
  },
  'v1.searchSecrets': {
    params: { name__contains: 'npm', limit: 10 },
    answer: { items: [{ name: 'NPM_TOKEN', description: 'publishing' }], next_page_id: null },
    service: {
      on: 'v1',
      expect: (page) => expect(page.items.map((secret) => secret.name)).toContain('NPM_TOKEN'),
    },
  },
  'v1.createSecret': {
    params: { name: 'NPM_TOKEN', value: 'npm_x', description: 'publishing' },
    answer: { message: 'Secret created successfully' },
    service: { on: 'v1' },
  },
  'v1.updateSecret': {
    params: { secret_id: 'NPM_TOKEN', name: 'NPM_TOKEN', description: 'read-only' },
    answer: { message: 'Secret updated successfully' },
    path: { secret_id: 'NPM_TOKEN' },
    service: { on: 'v1' },
  },
  'v1.deleteSecret': {
    params: { secret_id: 'OLD_TOKEN' },
    answer: { message: 'Secret deleted successfully' },
    path: { secret_id: 'OLD_TOKEN' },
    service: {
      on: 'v1',
      params: async ({ client }) => {
        await client.v1.createSecret({ name: 'OLD_TOKEN', value: 'x' });
        return { secret_id: 'OLD_TOKEN' };
      },
    },
  },
  'v1.searchServerSkills': {
    params: { limit: 20 },
    answer: {
      items: [{ name: 'github', type: 'knowledge', source: 'global', triggers: ['github'] }],
      next_page_id: null,
    },
    service: { on: 'v1', expect: (page) => expect(page.items.length).toBeGreaterThan(0) },
  },
  'v1.searchModels': {
    params: { query: 'claude', verified__eq: true, provider__eq: 'anthropic', limit: 20 },
    answer: {
      items: [
        { provider: 'anthropic', name: 'claude-sonnet-4-5-20250929', verified: true },
        { provider: 'anthropic', name: 'claude-legacy', hidden: true, canonical: 'claude-3' },
      ],
      next_page_id: null,
    },
    service: {
      on: 'v1',
      params: () => ({ query: 'claude', limit: 5 }),
      expect: (page) => expect(page.items.length).toBeGreaterThan(0),
    },
  },
  'v1.getCurrentApiKey': {
    params: {},
    answer: {
      id: 42,
      name: 'Device Link Access Key (K7QX4M2P)',
      org_id: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f',
      bound_org_id: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f',
      user_id: '5f0c2d8e-3b1a-4c6d-9e7f-1a2b3c4d5e6f',
      auth_type: 'bearer',
    },
    service: {
      on: 'hosted',
      expect: (key) => {
        expect(key.auth_type).toBe('bearer');
        expect(key.bound_org_id).toBeNull();
      },
    },
  },
  'v1.deleteApiKey': {
    params: { key_id: 42 },
    answer: { message: 'API key deleted successfully' },
    path: { key_id: '42' },
    // Deleting the key the other checks use would refuse them all: an unknown id instead.
    service: {
      on: 'hosted',
      params: () => ({ key_id: 4242 }),
      fails: (error) => expect(error.status).toBe(404),
    },
  },
  'v1.listOrganizations': {
    params: { limit: 10 },
    answer: {
      items: [
        {
          id: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f',
          name: 'Acme Engineering',
          contact_name: 'Ada',
          contact_email: 'ada@example.com',
          is_personal: false,
          credits: 12.5,
        },
      ],
      next_page_id: null,
      current_org_id: '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f',
    },
    service: {
      on: 'hosted',
      expect: (page) => {
        expect(page.items.length).toBeGreaterThan(0);
        expect(page.current_org_id).toBeTruthy();
      },
    },
  },

  'agent.searchEvents': {
    params: {
      conversation: agentConversation,
      kind: 'ActionEvent',
      source: 'agent',
      body: 'pytest',
      sort_order: 'TIMESTAMP',
      timestamp__gte: '2026-03-02T10:15:00',
      limit: 100,
      page_id: 'p1',
    },
    answer: { items: frames.slice(4, 8), next_page_id: null },
    path: { conversation_id: V1_HEX },
  },
  'agent.countEvents': { params: { conversation: agentConversation, source: 'user' }, answer: 4 },
  'agent.getEvent': {
    params: { conversation: agentConversation, event_id: frames[5]?.id as string },
    answer: frames[5],
    path: { conversation_id: V1_HEX, event_id: frames[5]?.id as string },
  },
  'agent.sendMessage': {
    params: { conversation: agentConversation, content: textMessage },
    answer: { success: true },
  },
  'agent.pause': { params: { conversation: agentConversation }, answer: { success: true } },
  'agent.run': {
    params: { conversation: agentConversation },
    answer: { success: true },
    service: [
      { on: 'v1', params: liveConversation },
      {
        // After a sandbox restart a managed sign-in must be activated again: not "already running".
        on: 'v1',
        params: async (server) => {
          await server.service.admin.requireCredentialBinding(server.service.seedIds.v1.parserFix);
          return liveConversation(server);
        },
        fails: (error) => expect(isCredentialBindingRequired(error)).toBe(true),
        after: (server) =>
          server.service.admin.requireCredentialBinding(server.service.seedIds.v1.parserFix, false),
      },
    ],
  },
  'agent.respondToConfirmation': [
    { params: { conversation: agentConversation, accept: true }, answer: { success: true } },
    {
      params: { conversation: agentConversation, accept: false, reason: 'Not on main.' },
      answer: { success: true },
    },
  ],
  'agent.respondToAskUser': [
    {
      params: {
        conversation: agentConversation,
        request_id: '3b0c6a63-0c6e-4b3f-9a52-9f1d0e7c2a10',
        action: 'accept',
        answers: { auth: [{ option_id: 'jwt', label: 'JWT bearer tokens' }] },
      },
      answer: { success: true },
      // The reference servers' sandboxes play a current agent server: with no question open,
      // its answer route refuses (tests/service/agent-server-ask-user.test.ts answers one).
      service: {
        on: 'v1',
        params: async (server) => ({
          ...(await liveConversation(server)),
          request_id: '3b0c6a63-0c6e-4b3f-9a52-9f1d0e7c2a10',
          action: 'cancel',
        }),
        fails: (error) => {
          expect(error.status).toBe(409);
          expect(error.serverMessage).toBe('No pending ask_user request for this conversation.');
        },
      },
    },
    {
      params: {
        conversation: agentConversation,
        request_id: '3b0c6a63-0c6e-4b3f-9a52-9f1d0e7c2a10',
        action: 'decline',
        answers: {},
      },
      answer: { success: true },
    },
  ],
  'agent.getConversation': {
    params: { conversation: agentConversation },
    answer: JSON.parse(readShared('fixtures/upstream/v1_sdk_conversation_base_state.json')),
  },
  'agent.interrupt': {
    params: { conversation: agentConversation },
    answer: { success: true },
    service: { on: 'v1', params: liveConversation },
  },
  'agent.getServerInfo': {
    params: {},
    answer: {
      uptime: 5120,
      idle_time: 12,
      title: 'OpenHands Agent Server',
      version: '1.43.0',
      capabilities: ['credential_binding_v1'],
      docs: '/docs',
      redoc: '/redoc',
    },
    service: [
      {
        on: 'agent',
        expect: (info) => {
          expect(info.title).toBe('OpenHands Agent Server');
          expect(info.version).toBeTruthy();
        },
      },
      // An app server answers machine figures and no title.
      { on: 'v1', expect: (info) => expect(info.title ?? null).toBeNull() },
    ],
  },
  'agent.getConversationServer': {
    params: { conversation: agentConversation },
    answer: {
      uptime: 5120,
      idle_time: 12,
      title: 'OpenHands Agent Server',
      version: '1.22.0',
      docs: '/docs',
      redoc: '/redoc',
    },
  },
};

/** Which upstream document describes each group. */
const documentOf = {
  server: 'v0',
  v0: 'v0',
  v1: 'cloud',
  agent: 'agent',
} as const satisfies Record<string, DocumentName>;

/**
 * Endpoints another document describes than their group's: `/server_info` is only in the
 * agent-server document with its fields (the 0.53.0 one lacks it, the hosted one leaves it open).
 */
const documentOverride: Partial<Record<EndpointName, DocumentName>> = {
  'agent.getServerInfo': 'agent',
  'agent.getConversationServer': 'agent',
};

function documentFor(name: EndpointName): DocumentName {
  return documentOverride[name] ?? documentOf[apiEndpoints[name].group];
}

/**
 * Routes the upstream documents do not contain, checked against
 * docs/contract/README.md#openapi-documents-and-their-gaps instead. The V0 document is 0.53.0
 * (older than the 0.62.0 server the contract describes) and the Cloud document is from 2026 (after
 * 0.62.0's app-server event routes moved).
 */
const checkedAgainstServiceApiOnly: Partial<
  Record<EndpointName, { query?: readonly string[]; body?: readonly string[]; reason: string }>
> = {
  ...agentSettingsServiceApiOnly,
  'v0.sendMessage': {
    body: ['message'],
    reason:
      'docs/contract/v0-rest.md#per-conversation-routes POST …/message: in 0.62.0, absent from the 0.53.0 document',
  },
  'v0.getVscodeUrl': {
    reason:
      'docs/contract/v0-rest.md#per-conversation-routes GET …/vscode-url: absent from the 0.53.0 document',
  },
  'v0.getWebHosts': {
    reason:
      'docs/contract/v0-rest.md#per-conversation-routes GET …/web-hosts: absent from the 0.53.0 document',
  },
  'v0.searchBranches': {
    query: ['repository', 'query', 'per_page', 'selected_provider'],
    reason:
      'docs/contract/v0-rest.md#git-provider-routes GET /api/user/search/branches: added after 0.53.0',
  },
  'v1.searchEvents': {
    query: [
      'conversation_id__eq',
      'kind__eq',
      'timestamp__gte',
      'timestamp__lt',
      'sort_order',
      'page_id',
      'limit',
    ],
    reason:
      'docs/contract/v1-app-server.md#event-history: 0.62.0 only; the 2026 Cloud document moved it to /api/v1/conversation/{id}/…',
  },
  'v1.countEvents': {
    query: ['conversation_id__eq', 'kind__eq', 'timestamp__gte', 'timestamp__lt'],
    reason: 'docs/contract/v1-app-server.md#event-history: 0.62.0 only (moved in 2026)',
  },
  'v1.getEvents': {
    query: ['id'],
    reason: 'docs/contract/v1-app-server.md#event-history: 0.62.0 only (moved in 2026)',
  },
  'v1.activateCredentialBinding': {
    body: [],
    reason:
      'docs/contract/v1-app-server.md#credential-bindings: newer than the 2026 hosted document',
  },
  'agent.interrupt': {
    reason:
      'docs/contract/agent-server.md#rest-routes POST …/interrupt: v1.23.0, newer than the Feb 2026 document',
  },
  'agent.respondToAskUser': {
    body: ['request_id', 'action', 'answers'],
    reason:
      'docs/contract/agent-server.md#questions-from-the-agent POST …/events/respond_to_ask_user: v1.54.0, newer than the Feb 2026 document',
  },
};

/** Routes that exist upstream but gained query parameters after the document was written. */
const newerQueryParameters: Partial<Record<EndpointName, ContractException>> = {
  'v0.listConversations': {
    extraQuery: ['include_sub_conversations'],
    reason:
      'docs/contract/README.md#openapi-documents-and-their-gaps: 0.62.0 adds include_sub_conversations; the 0.53.0 document predates it',
  },
  'v0.getBranches': {
    extraQuery: ['page', 'per_page'],
    reason:
      'docs/contract/README.md#openapi-documents-and-their-gaps: 0.62.0 pages branches; the 0.53.0 document only has `repository`',
  },
};

function samplesOf(name: EndpointName): Sample<EndpointName>[] {
  const entry = samples[name] as Sample<EndpointName> | Sample<EndpointName>[];
  return Array.isArray(entry) ? entry : [entry];
}

/** Calls one endpoint against a fake server and returns the request it sent. */
async function capture(name: EndpointName, sample: Sample<EndpointName>) {
  const { fetch, requests } = fakeFetch(() =>
    sample.answer instanceof Response ? sample.answer.clone() : jsonResponse(sample.answer),
  );
  const client = createApiClient({ baseUrl: SERVER, apiKey: 'server-key', fetch });
  const result = await client.call(name, sample.params);
  expect(requests).toHaveLength(1);
  return { request: requests[0] as RecordedRequest, result };
}

/** The request path relative to the API root: runtime and agent-server prefixes removed. */
function apiPath(name: EndpointName, request: RecordedRequest): string {
  const spec = apiEndpoints[name];
  if (spec.target === 'server') {
    expect(request.url.origin).toBe(SERVER);
    return request.url.pathname;
  }
  const expectedBase =
    spec.target === 'runtime'
      ? 'https://runtime.example.test/rt-42'
      : 'https://sandbox.example.test/agent-7';
  expect(`${request.url.origin}${request.url.pathname}`.startsWith(expectedBase)).toBe(true);
  return request.url.pathname.slice(new URL(expectedBase).pathname.length);
}

describe('every client request is one the upstream server accepts', () => {
  for (const name of endpointNames) {
    const spec = apiEndpoints[name];
    describe(name, () => {
      for (const [index, sample] of samplesOf(name).entries()) {
        it(`sample ${index + 1}: ${spec.method} ${spec.path}`, async () => {
          const { request } = await capture(name, sample);
          expect(request.method).toBe(spec.method);
          const path = apiPath(name, request);
          const values = matchTemplate(spec.path, path, spec.slashParams);
          expect(values, `${path} should fit ${spec.path}`).not.toBeNull();
          for (const [key, value] of Object.entries(sample.path ?? {})) {
            expect(values?.[key]).toBe(value);
          }
          if (request.body !== undefined) {
            expect(request.headers.get('content-type')).toBe('application/json');
          }
          const serviceApiOnly = checkedAgainstServiceApiOnly[name];
          if (serviceApiOnly) {
            expect(
              [...request.url.searchParams.keys()].filter(
                (key) => !serviceApiOnly.query?.includes(key),
              ),
            ).toEqual([]);
            if (request.json !== undefined) {
              expect(Object.keys(request.json as object).sort()).toEqual(
                [...(serviceApiOnly.body ?? [])].sort(),
              );
            }
            return;
          }
          const problems = contractProblems(
            documentFor(name),
            spec.path,
            {
              method: request.method,
              path,
              query: request.url.searchParams,
              body: request.json,
              hasBody: request.body !== undefined,
            },
            { slashParams: spec.slashParams, exception: newerQueryParameters[name] },
          );
          expect(problems).toEqual([]);
        });
      }
    });
  }

  it('has a contract sample for every client endpoint and no sample for a missing one', () => {
    expect(Object.keys(samples).sort()).toEqual([...endpointNames].sort());
  });

  it('lists only routes that really are missing from the upstream documents', () => {
    for (const name of Object.keys(checkedAgainstServiceApiOnly) as EndpointName[]) {
      const spec = apiEndpoints[name];
      const problems = contractProblems(documentFor(name), spec.path, {
        method: spec.method,
        path: spec.path,
        query: new URLSearchParams(),
        body: undefined,
        hasBody: false,
      });
      expect(problems[0], name).toMatch(/is not in the/);
    }
  });
});

function serviceChecksOf(sample: Sample<EndpointName>): ServiceCheck<EndpointName>[] {
  if (!sample.service) return [];
  return Array.isArray(sample.service) ? sample.service : [sample.service];
}

describe('the reference service answers the samples for real', () => {
  const servers = referenceServers();
  afterAll(() => servers.stopAll());

  for (const name of endpointNames) {
    for (const [index, sample] of samplesOf(name).entries()) {
      const checks = serviceChecksOf(sample);
      for (const [number, check] of checks.entries()) {
        const which = checks.length > 1 ? ` (check ${number + 1})` : '';
        it(`${name} sample ${index + 1} on the ${check.on} kind${which}`, async () => {
          const server = await servers.get(check.on);
          try {
            const params = check.params ? await check.params(server) : sample.params;
            // The full client: the answer is validated against the endpoint's response schema.
            const outcome = await server.client.call(name, params).then(
              (result) => ({ result }),
              (error: unknown) => ({ error }),
            );
            if (check.fails) {
              expect('error' in outcome, `${name} should fail on ${check.on}`).toBe(true);
              const { error } = outcome as { error: unknown };
              expect(isApiError(error)).toBe(true);
              check.fails(error as ApiError);
              return;
            }
            if ('error' in outcome) throw outcome.error;
            check.expect?.(outcome.result);
          } finally {
            await check.after?.(server);
          }
        });
      }
    }
  }
});

describe('requests that encode contract quirks', () => {
  it('deletes a sandbox with the id in the path and as query sandbox_id (docs/contract/v1-app-server.md#sandboxes)', async () => {
    const { request } = await capture(
      'v1.deleteSandbox',
      samplesOf('v1.deleteSandbox')[0] as never,
    );
    expect(request.url.pathname).toBe('/api/v1/sandboxes/sandbox-1');
    expect(request.url.searchParams.get('sandbox_id')).toBe('sandbox-1');
  });

  it('always sends a JSON body to start, {} at minimum (docs/contract/v0-rest.md#conversation-routes: no body → 422)', async () => {
    const [withProviders, bare] = samplesOf('v0.startConversation');
    expect((await capture('v0.startConversation', withProviders as never)).request.json).toEqual({
      providers_set: ['github'],
    });
    expect((await capture('v0.startConversation', bare as never)).request.json).toEqual({});
  });

  it('repeats ids and uses `id` for sandboxes but `ids` for conversations', async () => {
    const sandboxes = await capture('v1.getSandboxes', samplesOf('v1.getSandboxes')[0] as never);
    expect(sandboxes.request.url.searchParams.getAll('id')).toEqual(['sandbox-1', 'sandbox-2']);
    const conversations = await capture(
      'v1.getAppConversations',
      samplesOf('v1.getAppConversations')[0] as never,
    );
    expect(conversations.request.url.searchParams.getAll('ids')).toEqual([V1_HEX, V0_ID]);
  });

  it('keeps the slashes of a repository path unencoded (docs/contract/v0-rest.md#microagent-files)', async () => {
    const { request } = await capture(
      'v0.listRepositoryMicroagents',
      samplesOf('v0.listRepositoryMicroagents')[0] as never,
    );
    expect(request.url.pathname).toBe(
      '/api/user/repository/gitlab.example.com/group/sub/project/microagents',
    );
  });

  it('sends agent-server messages with run: true and SDK image content', async () => {
    const { request } = await capture(
      'agent.sendMessage',
      samplesOf('agent.sendMessage')[0] as never,
    );
    expect(request.json).toEqual({ role: 'user', content: textMessage, run: true });
    const start = await capture(
      'v1.startAppConversation',
      samplesOf('v1.startAppConversation')[0] as never,
    );
    const content = (start.request.json as { initial_message: { content: unknown[] } })
      .initial_message.content;
    expect(content[1]).toEqual({
      type: 'image',
      image_urls: ['data:image/png;base64,iVBORw0KGgo='],
    });
  });

  it('normalises MCP args and env strings before sending (docs/contract/v0-rest.md#provider-tokens-and-mcp-servers)', async () => {
    const { request } = await capture(
      'v0.createConversation',
      samplesOf('v0.createConversation')[0] as never,
    );
    const mcp = (request.json as { mcp_config: Record<string, unknown> }).mcp_config;
    expect(mcp.stdio_servers).toEqual([
      {
        name: 'fetch',
        command: 'uvx',
        args: ['mcp-server-fetch', '--ignore-robots-txt'],
        env: { LOG: '1' },
      },
    ]);
    expect(mcp.sse_servers).toEqual([{ url: 'https://mcp.example.test/sse' }]);
  });
});

describe('V1-only servers: requests that encode their quirks (docs/contract/v1-app-server.md)', () => {
  /** The error a call fails with against a fake server answering `answer`. */
  async function failure(name: EndpointName, params: unknown, answer: () => Response) {
    const { fetch, requests } = fakeFetch(answer);
    const client = createApiClient({ baseUrl: SERVER, apiKey: 'server-key', fetch });
    const error = await client.call(name, params as never).then(
      () => null,
      (caught: unknown) => caught as ApiError,
    );
    return { error, requests };
  }

  it('queues on a start task by its task- id, always as the user', async () => {
    const { request } = await capture(
      'v1.queuePendingMessage',
      samplesOf('v1.queuePendingMessage')[0] as never,
    );
    expect(request.url.pathname).toBe(
      `/api/v1/conversations/task-${startTask.id}/pending-messages`,
    );
    expect(request.json).toEqual({ role: 'user', content: textMessage });
  });

  it('sends no key where none is needed (web-client config, server info)', async () => {
    for (const name of ['v1.getWebClientConfig', 'agent.getServerInfo'] as const) {
      const { request } = await capture(name, samplesOf(name)[0] as never);
      expect(request.headers.get('X-Session-API-Key'), name).toBeNull();
      expect(request.headers.get('Authorization'), name).toBeNull();
    }
  });

  it('always sends the branch query, empty to list them all', async () => {
    const listing = samplesOf('v1.searchGitBranches')[1] as Sample<EndpointName>;
    const { request } = await capture('v1.searchGitBranches', listing);
    expect(request.url.searchParams.get('query')).toBe('');
  });

  it('refuses what upstream answers with a 500 or a 400, before sending', async () => {
    const both = await failure(
      'v1.startAppConversation',
      { suggested_task: suggestedTask, initial_message: { content: textMessage } },
      () => jsonResponse(startTask),
    );
    expect(both.error?.kind).toBe('invalid-params');
    expect(both.error?.fieldErrors?.[0]?.field).toBe('suggested_task');
    const unsorted = await failure(
      'v1.searchGitRepositories',
      { provider: 'github', sort_order: 'stars-desc' },
      () => jsonResponse({ items: [] }),
    );
    expect(unsorted.error?.kind).toBe('invalid-params');
    expect([...both.requests, ...unsorted.requests]).toEqual([]);
  });
});

// --- Coverage of the route index ----------------------------------------------------------

/**
 * Every `METHOD /path` of docs/contract/routes.md, keyed by its table (`server`, `keys`, `v0`,
 * `v1`, `agent`) and normalised (`{…}` → `{}`), mapped to the client endpoints that implement
 * it or to the reason a client does not call it.
 */
const indexedRoutes: Record<string, EndpointName[] | { notUsed: string }> = {
  ...agentSettingsIndexedRoutes,
  'server GET /alive': ['server.alive'],
  'server GET /health': ['server.health'],
  'server GET /server_info': ['agent.getServerInfo', 'agent.getConversationServer'],
  'server GET /ready': { notUsed: 'agent-server readiness; /alive answers the same question' },
  'keys POST /api/keys': { notUsed: 'cookie-authenticated key management of the web UI' },
  'keys GET /api/keys': { notUsed: 'cookie-authenticated key management of the web UI' },
  'keys DELETE /api/keys/{}': { notUsed: 'cookie-authenticated key management of the web UI' },
  'keys GET /api/keys/current': { notUsed: 'cookie-authenticated key management of the web UI' },
  'v0 GET /api/options/config': ['v0.getConfig'],
  'v0 POST /api/conversations': ['v0.createConversation'],
  'v0 GET /api/conversations': ['v0.listConversations'],
  'v0 GET /api/conversations/{}': ['v0.getConversation'],
  'v0 DELETE /api/conversations/{}': ['v0.deleteConversation'],
  'v0 PATCH /api/conversations/{}': ['v0.updateConversation'],
  'v0 POST /api/conversations/{}/start': ['v0.startConversation'],
  'v0 POST /api/conversations/{}/stop': ['v0.stopConversation'],
  'v0 GET /api/conversations/{}/remember-prompt': ['v0.rememberPrompt'],
  'v0 GET /api/microagent-management/conversations': {
    notUsed: 'the web UI’s microagent-management screen; the panel lists conversations itself',
  },
  'v0 POST /api/conversations/{}/exp-config': {
    notUsed: 'internal (docs/contract/v0-rest.md#conversation-routes)',
  },
  'v0 GET /api/conversations/{}/events': ['v0.getEvents'],
  'v0 POST /api/conversations/{}/events': ['v0.sendEvent'],
  'v0 POST /api/conversations/{}/message': ['v0.sendMessage'],
  'v0 GET /api/conversations/{}/config': ['v0.getRuntimeConfig'],
  'v0 GET /api/conversations/{}/vscode-url': ['v0.getVscodeUrl'],
  'v0 GET /api/conversations/{}/web-hosts': ['v0.getWebHosts'],
  'v0 GET /api/conversations/{}/microagents': ['v0.getConversationMicroagents'],
  'v0 GET /api/conversations/{}/list-files': ['v0.listFiles'],
  'v0 GET /api/conversations/{}/select-file': ['v0.selectFile'],
  'v0 GET /api/conversations/{}/zip-directory': {
    notUsed: 'binary zip download; the browser downloads it from the web UI',
  },
  'v0 GET /api/conversations/{}/git/changes': ['v0.getGitChanges'],
  'v0 GET /api/conversations/{}/git/diff': ['v0.getGitDiff'],
  'v0 POST /api/conversations/{}/upload-files': {
    notUsed: 'multipart upload of File objects, which cannot cross extension messaging',
  },
  'v0 GET /api/conversations/{}/trajectory': ['v0.getTrajectory'],
  'v0 POST /api/conversations/{}/submit-feedback': { notUsed: 'web UI feedback form' },
  'v0 GET /api/conversations/{}/security/{}': { notUsed: 'security-analyzer proxy of the web UI' },
  'v0 POST /api/conversations/{}/security/{}': { notUsed: 'security-analyzer proxy of the web UI' },
  'v0 PUT /api/conversations/{}/security/{}': { notUsed: 'security-analyzer proxy of the web UI' },
  'v0 DELETE /api/conversations/{}/security/{}': { notUsed: 'security-analyzer proxy' },
  'v0 GET /api/options/models': ['v0.getModels'],
  'v0 GET /api/options/agents': ['v0.getAgents'],
  'v0 GET /api/options/security-analyzers': ['v0.getSecurityAnalyzers'],
  'v0 GET /api/settings': ['v0.getSettings'],
  'v0 POST /api/settings': ['v0.saveSettings'],
  'v0 POST /api/reset-settings': { notUsed: 'always answers 410' },
  'v0 POST /api/add-git-providers': ['v0.addGitProviders'],
  'v0 POST /api/unset-provider-tokens': ['v0.unsetProviderTokens'],
  'v0 GET /api/secrets': ['v0.listSecrets'],
  'v0 POST /api/secrets': ['v0.createSecret'],
  'v0 PUT /api/secrets/{}': ['v0.updateSecret'],
  'v0 DELETE /api/secrets/{}': ['v0.deleteSecret'],
  'v0 GET /api/user/installations': ['v0.getInstallations'],
  'v0 GET /api/user/repositories': ['v0.listRepositories'],
  'v0 GET /api/user/info': ['v0.getUserInfo'],
  'v0 GET /api/user/search/repositories': ['v0.searchRepositories'],
  'v0 GET /api/user/search/branches': ['v0.searchBranches'],
  'v0 GET /api/user/suggested-tasks': ['v0.getSuggestedTasks'],
  'v0 GET /api/user/repository/branches': ['v0.getBranches'],
  'v0 GET /api/user/repository/{}/microagents': ['v0.listRepositoryMicroagents'],
  'v0 GET /api/user/repository/{}/microagents/content': ['v0.getRepositoryMicroagentContent'],
  'v1 GET /api/v1/users/me': {
    notUsed:
      'can expose secrets (docs/contract/auth.md#credentials-by-deployment); settings come from /api/settings',
  },
  'v1 GET /api/v1/app-conversations/{}/skills': ['v1.getSkills'],
  'v1 GET /api/v1/app-conversations/search': ['v1.searchAppConversations'],
  'v1 GET /api/v1/app-conversations/count': ['v1.countAppConversations'],
  'v1 GET /api/v1/app-conversations': ['v1.getAppConversations'],
  'v1 POST /api/v1/app-conversations': ['v1.startAppConversation'],
  'v1 POST /api/v1/app-conversations/stream-start': ['v1.streamStartAppConversation'],
  'v1 GET /api/v1/app-conversations/start-tasks/search': ['v1.searchStartTasks'],
  'v1 GET /api/v1/app-conversations/start-tasks/count': ['v1.countStartTasks'],
  'v1 GET /api/v1/app-conversations/start-tasks': ['v1.getStartTasks'],
  'v1 PATCH /api/v1/app-conversations/{}': ['v1.updateAppConversation'],
  'v1 DELETE /api/v1/app-conversations/{}': ['v1.deleteAppConversation'],
  'v1 POST /api/v1/app-conversations/{}/send-message': ['v1.sendMessage'],
  'v1 GET /api/v1/sandboxes/search': ['v1.searchSandboxes'],
  'v1 GET /api/v1/sandboxes': ['v1.getSandboxes'],
  'v1 POST /api/v1/sandboxes': ['v1.createSandbox'],
  'v1 POST /api/v1/sandboxes/{}/pause': ['v1.pauseSandbox'],
  'v1 POST /api/v1/sandboxes/{}/resume': ['v1.resumeSandbox'],
  'v1 DELETE /api/v1/sandboxes/{}': ['v1.deleteSandbox'],
  'v1 GET /api/v1/sandbox-specs/search': ['v1.searchSandboxSpecs'],
  'v1 GET /api/v1/sandbox-specs': ['v1.getSandboxSpecs'],
  'v1 GET /api/v1/events/search': ['v1.searchEvents'],
  'v1 GET /api/v1/events/count': ['v1.countEvents'],
  'v1 GET /api/v1/events': ['v1.getEvents'],
  'v1 GET /api/v1/conversation/{}/events/search': ['v1.searchConversationEvents'],
  'agent GET /api/conversations/{}/events/search': ['agent.searchEvents'],
  'agent GET /api/conversations/{}/events/count': ['agent.countEvents'],
  'agent GET /api/conversations/{}/events/{}': ['agent.getEvent'],
  'agent GET /api/conversations/{}/events': {
    notUsed:
      'batch get reads a JSON body on a GET, which fetch cannot send (docs/contract/agent-server.md#rest-routes)',
  },
  'agent POST /api/conversations/{}/events': ['agent.sendMessage'],
  'agent POST /api/conversations/{}/events/respond_to_confirmation': [
    'agent.respondToConfirmation',
  ],
  'agent POST /api/conversations/{}/pause': ['agent.pause'],
  'agent POST /api/conversations/{}/run': ['agent.run'],
  'agent GET /api/conversations/{}': ['agent.getConversation'],
  'agent GET /api/conversations/search': {
    notUsed: 'lists an agent server’s conversations; the app server lists them for the user',
  },
  'agent PATCH /api/conversations/{}': { notUsed: 'renaming goes through the app server' },
  'agent DELETE /api/conversations/{}': { notUsed: 'deleting goes through the app server' },
  'agent POST /api/conversations/{}/secrets': {
    notUsed: 'secrets, policies, titles and questions are set up by the app server',
  },
  'agent GET /api/vscode/url': {
    notUsed: 'the app conversation’s sandbox lists VSCODE in exposed_urls',
  },
  'agent POST /api/file/upload/{}': { notUsed: 'file transfer, not part of the panel' },
  'agent GET /api/file/download/{}': { notUsed: 'file transfer, not part of the panel' },
  'agent GET /api/git/changes/{}': { notUsed: 'workspace git view, not part of the panel yet' },
  'agent GET /api/git/diff/{}': { notUsed: 'workspace git view, not part of the panel yet' },
  'v1 GET /api/v1/conversation/{}/events/count': ['v1.countConversationEvents'],
  'v1 GET /api/v1/conversation/{}/events': ['v1.getConversationEvents'],
  'v1 POST /api/v1/conversations/{}/pending-messages': ['v1.queuePendingMessage'],
  'v1 POST /api/v1/sandboxes/{}/credential-bindings/{}/activate': ['v1.activateCredentialBinding'],
  'v1 GET /api/v1/web-client/config': ['v1.getWebClientConfig'],
  'v1 GET /api/v1/config/models/search': ['v1.searchModels'],
  'v1 GET /api/v1/config/providers/search': {
    notUsed: 'the providers are in the model list; a model picker needs nothing more',
  },
  'v1 GET /api/v1/git/installations/search': ['v1.searchGitInstallations'],
  'v1 GET /api/v1/git/repositories/search': ['v1.searchGitRepositories'],
  'v1 GET /api/v1/git/branches/search': ['v1.searchGitBranches'],
  'v1 GET /api/v1/git/suggested-tasks/search': ['v1.searchSuggestedTasks'],
  'v1 GET /api/v1/settings': ['v1.getSettings'],
  'v1 POST /api/v1/settings': ['v1.saveSettings'],
  'v1 POST /api/v1/secrets/git-providers': ['v1.setGitProviders'],
  'v1 DELETE /api/v1/secrets/git-providers': ['v1.clearGitProviders'],
  'v1 GET /api/v1/secrets/search': ['v1.searchSecrets'],
  'v1 POST /api/v1/secrets': ['v1.createSecret'],
  'v1 PUT /api/v1/secrets/{}': ['v1.updateSecret'],
  'v1 DELETE /api/v1/secrets/{}': ['v1.deleteSecret'],
  'v1 GET /api/v1/skills/search': ['v1.searchServerSkills'],
  'hosted GET /api/organizations': ['v1.listOrganizations'],
  'hosted GET /api/keys/current': ['v1.getCurrentApiKey'],
  'hosted DELETE /api/keys/{}': ['v1.deleteApiKey'],
  'hosted POST /oauth/device/authorize': {
    notUsed: 'the device sign-in (lib/api/device-signin.ts) sends it itself, without a key',
  },
  'hosted POST /oauth/device/token': {
    notUsed: 'the device sign-in (lib/api/device-signin.ts) polls it itself with a form body',
  },
  'agent POST /api/conversations/{}/interrupt': ['agent.interrupt'],
  'agent POST /api/conversations/{}/events/respond_to_ask_user': ['agent.respondToAskUser'],
};

const routeTables: Record<string, string> = {
  Server: 'server',
  'Hosted API keys': 'keys',
  'V0 REST': 'v0',
  'V1 app server': 'v1',
  'Hosted service': 'hosted',
  'Agent server': 'agent',
  'Agent server settings': 'agent',
};

function routesInTheIndex(): string[] {
  const routes = new Set<string>();
  let table: string | null = null;
  const index = readFileSync(new URL('../../docs/contract/routes.md', import.meta.url), 'utf8');
  for (const line of index.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      table = routeTables[heading[1] as string] ?? null;
      continue;
    }
    const row = /^\| `(GET|POST|PUT|PATCH|DELETE) ([^`\s]+)[^`]*` /.exec(line);
    if (!row || !table) continue;
    const path = (row[2] as string).replace(/\?.*$/, '').replace(/\{[^}]*\}/g, '{}');
    routes.add(`${table} ${row[1]} ${path}`);
  }
  return [...routes];
}

function normalisedRoute(name: EndpointName): string {
  const spec = apiEndpoints[name];
  return `${spec.method} ${spec.path.replace(/\{[^}]*\}/g, '{}')}`;
}

describe('the client covers every route of the route index', () => {
  const named = routesInTheIndex();

  it('finds the routes of the index', () => {
    // Guards the parser itself: a format change must not silently yield an empty list.
    expect(named.length).toBeGreaterThan(80);
  });

  it('maps every indexed route to client endpoints or to a reason not to call it', () => {
    expect(named.filter((route) => !(route in indexedRoutes))).toEqual([]);
    expect(Object.keys(indexedRoutes).filter((route) => !named.includes(route))).toEqual([]);
  });

  it('implements each mapped route with the same method and path', () => {
    for (const [route, mapping] of Object.entries(indexedRoutes)) {
      if (!Array.isArray(mapping)) continue;
      const routeWithoutTable = route.replace(/^\w+ /, '');
      const first = mapping[0] as EndpointName;
      expect(normalisedRoute(first), route).toBe(routeWithoutTable);
    }
  });

  it('has no client endpoint that the index does not name', () => {
    const mapped = new Set(
      Object.values(indexedRoutes).flatMap((mapping) => (Array.isArray(mapping) ? mapping : [])),
    );
    expect(endpointNames.filter((name) => !mapped.has(name))).toEqual([]);
  });
});
