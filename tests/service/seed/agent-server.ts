// What the `agent` kind's own server holds at first start: settings with an LLM key and one MCP
// server, an LLM profile and an agent profile, the secrets the SDK's clone helper looks for
// (`github_token`, `gitlab_token`; no `bitbucket_token`, so Bitbucket exercises the missing
// token), a clone of octo-org/widgets in the home folder, and two finished conversations built
// from the agent-server frames.
import { localNowWithOffset } from '../agent-server/agent-model';
import { FolderTree } from '../agent-server/folders';
import { emptyAgentServerState, STANDALONE_SCOPE } from '../agent-server/servers';
import { loadProjectSkills } from '../agent-server/skills';
import { type FixtureEvent, readFixture, v1EventsFixture } from '../core/fixtures';
import type { AppConversationRecord, ServiceData, V1Event } from '../core/state';
import { naiveLocalFromMicros, parseIsoMicros, utcFromMicros } from '../core/time';

/** Stable ids of the seeded agent-server data. */
export const agentSeedIds = {
  conversations: {
    parserFix: '3e9a1c5d7b2f4e8a9c6d0b1e2f3a4b5c',
    docsTypo: '8d7c6b5a49384f2e8d1c0b9a8f7e6d5c',
  },
  agentProfile: '5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
} as const;

export const agentSeedPaths = {
  home: '/home/openhands',
  workspace: '/home/openhands/workspace',
  widgets: '/home/openhands/workspace/widgets',
} as const;

const HOUR = 3600 * 1_000_000;

function rebase(events: FixtureEvent[], endMicros: number): V1Event[] {
  const stamps = events.map((e) => parseIsoMicros(String(e.timestamp ?? '')) ?? 0);
  const last = Math.max(...stamps);
  return events.map((event, index) => ({
    ...event,
    timestamp: naiveLocalFromMicros(endMicros - (last - (stamps[index] ?? last))),
  })) as V1Event[];
}

function conversation(
  id: string,
  events: V1Event[],
  opts: {
    title: string;
    endMicros: number;
    status: string;
    tags: Record<string, string>;
    projectSkills: Record<string, unknown>[];
  },
): AppConversationRecord {
  return {
    id,
    created_by_user_id: null,
    sandbox_id: STANDALONE_SCOPE,
    selected_repository: null,
    selected_branch: null,
    git_provider: null,
    title: null,
    trigger: null,
    pr_number: [],
    llm_model: 'anthropic/claude-sonnet-4-5-20250929',
    metrics: null,
    parent_conversation_id: null,
    sub_conversation_ids: [],
    public: null,
    created_at: utcFromMicros(opts.endMicros - HOUR / 2),
    updated_at: utcFromMicros(opts.endMicros),
    execution_status: opts.status,
    confirmation_policy: 'NeverConfirm',
    scenario: 'default',
    scenario_started: true,
    initial_text: null,
    agent_title: opts.title,
    events,
    agent_side: {
      working_dir: agentSeedPaths.widgets,
      tags: opts.tags,
      max_iterations: 500,
      stuck_detection: true,
      llm: {
        model: 'anthropic/claude-sonnet-4-5-20250929',
        base_url: null,
        api_key: 'sk-ant-local-reference-service-not-a-real-key',
        usage_id: 'agent',
      },
      tools: ['terminal', 'file_editor', 'task_tracker'],
      secrets: {
        GITHUB_TOKEN: { kind: 'LookupSecret', url: '/api/settings/secrets/github_token' },
      },
      autotitle: true,
      launched_agent_profile: null,
      parent_conversation_id: null,
      credential_binding_pending: false,
      // Started with agent settings that switch the workspace's skills on; they were read on
      // the first message.
      agent_shape: {
        agent_context: {
          skills: [],
          system_message_suffix: null,
          user_message_suffix: null,
          load_user_skills: false,
          load_public_skills: false,
          load_project_skills: true,
          load_memory: false,
          disabled_skills: [],
          secrets: null,
          current_datetime: localNowWithOffset(),
        },
        condenser: {
          max_size: 240,
          max_tokens: null,
          keep_first: 2,
          minimum_progress: 0.1,
          hard_context_reset_max_retries: 5,
          hard_context_reset_context_scaling: 0.8,
          kind: 'LLMSummarizingCondenser',
        },
        critic: null,
        system_prompt: null,
        filter_tools_regex: null,
        tool_concurrency_limit: 1,
      },
      project_skills: opts.projectSkills,
    },
  };
}

export function seedStandaloneAgentServer(data: ServiceData): void {
  const now = Date.now() * 1000;
  const state = emptyAgentServerState();
  const llm = {
    model: 'anthropic/claude-sonnet-4-5-20250929',
    api_key: 'sk-ant-local-reference-service-not-a-real-key',
    base_url: null,
    usage_id: 'agent',
  };
  state.settings.agent_settings = {
    llm,
    mcp_config: {
      docs: {
        url: 'https://mcp.example.test/sse',
        transport: 'sse',
        headers: { Authorization: 'Bearer mcp-local-reference-token' },
      },
    },
  };
  state.settings.active_profile = 'default';
  state.settings.active_agent_profile_id = agentSeedIds.agentProfile;
  state.llm_profiles.default = { llm };
  state.agent_profiles[agentSeedIds.agentProfile] = {
    id: agentSeedIds.agentProfile,
    name: 'default',
    agent_kind: 'openhands',
    revision: 1,
    llm_profile_ref: 'default',
    mcp_server_refs: ['docs'],
    settings: { llm, tools: null },
  };
  state.secrets = {
    github_token: { value: 'ghp_LocalReferenceService0000000000000001', description: 'GitHub' },
    gitlab_token: { value: 'glpat-LocalReferenceSvc0001', description: 'GitLab' },
    NPM_TOKEN: { value: 'npm_localreferenceservice', description: 'Publishes @octo-org packages' },
  };
  state.folders = {
    [agentSeedPaths.home]: { git: null },
    [agentSeedPaths.workspace]: { git: null },
    [agentSeedPaths.widgets]: {
      git: {
        kind: 'clone',
        repository: 'octo-org/widgets',
        branch: 'fix/parser-null',
        single_branch: false,
        remote_url: 'https://github.com/octo-org/widgets.git',
      },
    },
  };
  data.agent_servers = { ...data.agent_servers, [STANDALONE_SCOPE]: state };
  state.files ??= {};
  const projectSkills = loadProjectSkills(
    new FolderTree(state.folders, state.files),
    agentSeedPaths.widgets,
  ).map((skill) => ({ ...skill }) as unknown as Record<string, unknown>);

  const frames = readFixture<FixtureEvent[]>(v1EventsFixture);
  // Frame 0 is the subscribe-time full_state (never stored); 27–28 are a legacy exchange.
  const done = frames.slice(1, 17);
  const parserFix = conversation(
    agentSeedIds.conversations.parserFix,
    rebase(done, now - 2 * HOUR),
    {
      title: 'Fix the parser when a line has no "="',
      endMicros: now - 2 * HOUR,
      status: 'finished',
      tags: { repo: 'widgets', team: 'parsing' },
      projectSkills,
    },
  );
  const docsTypo = conversation(
    agentSeedIds.conversations.docsTypo,
    rebase(frames.slice(1, 27), now - 30 * HOUR),
    {
      title: 'Docs typo sweep',
      endMicros: now - 30 * HOUR,
      status: 'paused',
      tags: {},
      projectSkills,
    },
  );
  data.agent_conversations = {
    ...data.agent_conversations,
    [parserFix.id]: parserFix,
    [docsTypo.id]: docsTypo,
  };
}
