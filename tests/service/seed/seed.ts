// The data `npm start` shows at once: settings and provider tokens (GitHub and GitLab only, so a
// Bitbucket repository exercises the 401 path), a custom secret, finished V0 conversations built
// from the real upstream trajectories, V1 conversations built from the agent-server frames,
// their sandboxes (one running, one paused) and start tasks. Times are relative to now so the
// server's 10-day listing window keeps them visible.
import { type FixtureEvent, readFixture, v0Trajectories, v1EventsFixture } from '../core/fixtures';
import { randomKey } from '../core/ids';
import type {
  AppConversationRecord,
  ServiceData,
  V0ConversationRecord,
  V0Event,
  V1Event,
} from '../core/state';
import { naiveLocalFromMicros, parseIsoMicros, utcFromMicros } from '../core/time';
import type { ServerKind } from '../options';
import { defaultSandboxSpecId, seedSandboxSpecs } from '../v1/domain';
import { appSettingsFromFlat } from '../v1/settings';

/** Stable ids, so documentation and tests can name the seeded items. */
export const seedIds = {
  v0: {
    todoApp: '4c1f0d2e9a8b4b7c9e6d5a4f3b2c1d0e',
    quickQuestion: '9b2e7f14c3d84a5e8f6a1b0c2d3e4f5a',
    renameFile: 'e1d2c3b4a5964f7e8d9c0b1a2f3e4d5c',
    game2048: '5a6b7c8d9e0f4a1b8c2d3e4f5a6b7c8d',
  },
  v1: {
    parserFix: '7c1f3b2a94de4f0b8a6e2d5b9c0e4f11',
    parserFixDone: '2f8e6d4c1b0a49e7a5c3d1f0e9b8a7c6',
  },
  sandboxes: { running: 'sbxRunningWidgets01', paused: 'sbxPausedWidgets02' },
  tasks: {
    parserFix: 'd0c1b2a3f4e54d6c8b7a9f0e1d2c3b4a',
    parserFixDone: 'a9b8c7d6e5f44a3b9c2d1e0f9a8b7c6d',
  },
} as const;

const HOUR = 3600 * 1_000_000;

/** Rebases fixture timestamps so the last one lands at `endMicros` (offsets kept). */
function rebase<T extends { timestamp?: unknown }>(events: T[], endMicros: number): T[] {
  const stamps = events.map((e) => parseIsoMicros(String(e.timestamp ?? '')) ?? 0);
  const last = Math.max(...stamps);
  return events.map((event, index) => ({
    ...event,
    timestamp: naiveLocalFromMicros(endMicros - (last - (stamps[index] ?? last))),
  }));
}

function v0Conversation(
  id: string,
  fixture: string,
  opts: {
    title: string;
    hoursAgo: number;
    repository?: string;
    branch?: string;
    provider?: string;
    trigger?: string;
    prNumber?: number[];
  },
): V0ConversationRecord {
  const now = Date.now() * 1000;
  const end = now - opts.hoursAgo * HOUR;
  const events = rebase(readFixture<FixtureEvent[]>(fixture), end) as V0Event[];
  const first = events.find((e) => e.action === 'message' && e.source === 'user');
  return {
    conversation_id: id,
    title: opts.title,
    created_at: utcFromMicros(end - HOUR / 4),
    last_updated_at: utcFromMicros(end),
    selected_repository: opts.repository ?? null,
    selected_branch: opts.branch ?? null,
    git_provider: opts.provider ?? null,
    trigger: opts.trigger ?? 'gui',
    pr_number: opts.prNumber ?? [],
    conversation_instructions: null,
    scenario: 'default',
    scenario_started: true,
    initial_user_msg: typeof first?.message === 'string' ? first.message : null,
    image_urls: [],
    agent_state: 'awaiting_user_input',
    events,
  };
}

function v1Events(frames: FixtureEvent[], endMicros: number): V1Event[] {
  return rebase(frames, endMicros) as V1Event[];
}

function appConversation(
  id: string,
  sandboxId: string,
  events: V1Event[],
  opts: { title: string; hoursAgo: number; executionStatus: string },
): AppConversationRecord {
  const now = Date.now() * 1000;
  const end = now - opts.hoursAgo * HOUR;
  const stats = [...events].reverse().find((e) => e.key === 'stats')?.value as
    | { usage_to_metrics?: { agent?: Record<string, unknown> } }
    | undefined;
  const agent = stats?.usage_to_metrics?.agent;
  return {
    id,
    created_by_user_id: null,
    sandbox_id: sandboxId,
    selected_repository: 'octo-org/widgets',
    selected_branch: 'fix/parser-null',
    git_provider: 'github',
    title: opts.title,
    trigger: 'gui',
    pr_number: [],
    llm_model: 'litellm_proxy/claude-sonnet-4-5-20250929',
    metrics: agent
      ? {
          model_name: agent.model_name,
          accumulated_cost: agent.accumulated_cost,
          max_budget_per_task: agent.max_budget_per_task ?? null,
          accumulated_token_usage: agent.accumulated_token_usage,
        }
      : null,
    parent_conversation_id: null,
    sub_conversation_ids: [],
    public: null,
    created_at: utcFromMicros(end - HOUR / 2),
    updated_at: utcFromMicros(end),
    execution_status: opts.executionStatus,
    confirmation_policy: 'NeverConfirm',
    scenario: 'default',
    scenario_started: true,
    initial_text: null,
    agent_title: null,
    events,
  };
}

/**
 * Seeds what the kind serves: 0.62 gets its flat settings and V0 conversations too; the 1.x and
 * hosted app servers have no V0 at all and keep their settings in the nested form.
 */
export function seedData(data: ServiceData, server: ServerKind = 'legacy'): void {
  const now = Date.now() * 1000;
  const flatSettings = {
    language: 'en',
    agent: 'CodeActAgent',
    max_iterations: null,
    security_analyzer: null,
    confirmation_mode: false,
    llm_model: 'anthropic/claude-sonnet-4-5-20250929',
    llm_api_key: 'sk-ant-local-reference-service-not-a-real-key',
    llm_base_url: null,
    remote_runtime_resource_factor: 1,
    enable_default_condenser: true,
    enable_sound_notifications: false,
    enable_proactive_conversation_starters: true,
    enable_solvability_analysis: true,
    user_consents_to_analytics: false,
    sandbox_base_container_image: 'nikolaik/python-nodejs:python3.12-nodejs22',
    sandbox_runtime_container_image: null,
    mcp_config: null,
    search_api_key: null,
    sandbox_api_key: null,
    max_budget_per_task: null,
    condenser_max_size: null,
    email: null,
    email_verified: null,
    git_user_name: 'openhands',
    git_user_email: 'openhands@all-hands.dev',
  };
  if (server === 'legacy') data.settings = flatSettings;
  else data.app_settings = appSettingsFromFlat(flatSettings);
  data.secrets = {
    provider_tokens: {
      github: {
        token: 'ghp_LocalReferenceService0000000000000001',
        user_id: null,
        host: 'github.com',
      },
      gitlab: { token: 'glpat-LocalReferenceSvc0001', user_id: null, host: 'gitlab.com' },
    },
    custom_secrets: {
      NPM_TOKEN: {
        secret: 'npm_localreferenceservice',
        description: 'Publishes @octo-org packages',
      },
    },
  };

  const conversations = [
    v0Conversation(seedIds.v0.todoApp, v0Trajectories.guiMode, {
      title: 'Vue todo app with due dates',
      hoursAgo: 2,
    }),
    v0Conversation(seedIds.v0.quickQuestion, v0Trajectories.interactions, {
      title: "What's 1+1?",
      hoursAgo: 20,
      repository: 'octo-org/docs-site',
      branch: 'main',
      provider: 'github',
    }),
    v0Conversation(seedIds.v0.renameFile, v0Trajectories.wrongInitialState, {
      title: 'Rename game_2048.py',
      hoursAgo: 47,
      repository: 'acme/platform/backend/api',
      branch: 'feature/auth/oidc',
      provider: 'gitlab',
      trigger: 'suggested_task',
      prNumber: [219],
    }),
    v0Conversation(seedIds.v0.game2048, v0Trajectories.basic, {
      title: 'Simple 2048 game',
      hoursAgo: 70,
      repository: 'octo-org/widgets',
      branch: 'main',
      provider: 'github',
      trigger: 'microagent_management',
    }),
  ];
  if (server === 'legacy') {
    for (const conversation of conversations) data.v0[conversation.conversation_id] = conversation;
  }

  const frames = readFixture<FixtureEvent[]>(v1EventsFixture);
  // Frame 0 is the subscribe-time full_state (never stored); 27–28 are a legacy exchange.
  const stored = frames.slice(1, 27);
  const done = frames.slice(1, 17);

  const created = utcFromMicros(now - 5 * HOUR);
  data.sandboxes[seedIds.sandboxes.running] = {
    id: seedIds.sandboxes.running,
    created_by_user_id: null,
    sandbox_spec_id: defaultSandboxSpecId(server),
    status: 'RUNNING',
    session_api_key: randomKey(32),
    created_at: created,
    agent_port: null,
    status_detail: null,
  };
  data.sandboxes[seedIds.sandboxes.paused] = {
    id: seedIds.sandboxes.paused,
    created_by_user_id: null,
    sandbox_spec_id: defaultSandboxSpecId(server),
    status: 'PAUSED',
    session_api_key: randomKey(32),
    created_at: utcFromMicros(now - 30 * HOUR),
    agent_port: null,
    status_detail: null,
  };
  data.sandbox_specs = seedSandboxSpecs(utcFromMicros(now - 40 * HOUR), server);

  const active = appConversation(
    seedIds.v1.parserFix,
    seedIds.sandboxes.running,
    v1Events(stored, now - HOUR),
    { title: 'Fix parser null handling', hoursAgo: 1, executionStatus: 'paused' },
  );
  const finished = appConversation(
    seedIds.v1.parserFixDone,
    seedIds.sandboxes.paused,
    v1Events(done, now - 26 * HOUR),
    { title: 'Parser comments fix (first try)', hoursAgo: 26, executionStatus: 'finished' },
  );
  data.app_conversations[active.id] = active;
  data.app_conversations[finished.id] = finished;

  for (const [taskId, conversation] of [
    [seedIds.tasks.parserFix, active],
    [seedIds.tasks.parserFixDone, finished],
  ] as const) {
    data.start_tasks[taskId] = {
      id: taskId,
      created_by_user_id: null,
      status: 'READY',
      detail: null,
      app_conversation_id: conversation.id,
      sandbox_id: conversation.sandbox_id,
      agent_server_url: null,
      request: {
        sandbox_id: null,
        initial_message: null,
        processors: null,
        llm_model: null,
        selected_repository: conversation.selected_repository,
        selected_branch: conversation.selected_branch,
        git_provider: conversation.git_provider,
        title: null,
        trigger: null,
        pr_number: [],
      },
      created_at: conversation.created_at,
      updated_at: conversation.created_at,
    };
  }
}
