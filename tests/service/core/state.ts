// Everything the service remembers, in one JSON-serialisable object, plus its persistence to a
// data file. Running things (agent loops, listeners, sockets) live elsewhere and are rebuilt from
// this on start; what was running when the file was written comes back stopped or paused, as
// after a real server restart.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DockerRuntimeRecord } from '../agent-server/docker-runtime';
import type { DeviceSignInRecord } from '../routes/hosted-device';
import type { QuotaRecord } from '../routes/hosted-start';
import { randomKey } from './ids';

export interface ProviderTokenRecord {
  token: string | null;
  user_id: string | null;
  host: string | null;
}

export interface CustomSecretRecord {
  secret: string;
  description: string;
}

export interface SecretsRecord {
  provider_tokens: Record<string, ProviderTokenRecord>;
  custom_secrets: Record<string, CustomSecretRecord>;
}

/** The upstream `Settings` model as stored (secrets in clear, like the file settings store). */
export type SettingsRecord = Record<string, unknown>;

/** The 1.x app server's nested `Settings` (see v1/settings.ts), secrets in clear. */
export type AppSettingsRecord = Record<string, unknown> & {
  agent_settings: Record<string, unknown>;
  conversation_settings: Record<string, unknown>;
};

/** A message queued for a conversation that is not ready yet (1.x pending messages). */
export interface PendingMessageRecord {
  id: string;
  /** As the client sent it: `task-<start task id>` or the conversation id. */
  conversation_id: string;
  role: string;
  content: Record<string, unknown>[];
  created_at: string;
}

/** A stored V0 event (`event_to_dict` output) with its integer id. */
export type V0Event = Record<string, unknown> & { id: number };

export interface V0ConversationRecord {
  conversation_id: string;
  title: string | null;
  created_at: string;
  last_updated_at: string;
  selected_repository: string | null;
  selected_branch: string | null;
  git_provider: string | null;
  trigger: string | null;
  pr_number: number[];
  conversation_instructions: string | null;
  /** The scenario its scripted agent plays (see agent/scenarios.ts). */
  scenario: string;
  /** Whether the initial message and scenario were already played (false: play on first start). */
  scenario_started: boolean;
  initial_user_msg: string | null;
  image_urls: string[];
  /** A trajectory to replay instead of the scenario (InitSessionRequest.replay_json). */
  replay_json?: string | null;
  /** Last known agent state, so a restarted loop resumes sensibly. */
  agent_state: string;
  events: V0Event[];
}

/** A stored V1 event as the agent server serialises it. */
export type V1Event = Record<string, unknown> & { id: string; timestamp: string; kind: string };

export type SandboxStatus = 'STARTING' | 'RUNNING' | 'PAUSED' | 'ERROR' | 'MISSING';

export interface SandboxRecord {
  id: string;
  created_by_user_id: string | null;
  sandbox_spec_id: string;
  status: SandboxStatus;
  /** Always kept; exposed only while RUNNING (null while STARTING/PAUSED, as upstream). */
  session_api_key: string;
  created_at: string;
  /** The agent-server port while running (kept so a resume or restart rebinds the same one). */
  agent_port: number | null;
  status_detail: string | null;
}

export interface SandboxSpecRecord {
  id: string;
  command: string[] | null;
  created_at: string;
  initial_env: Record<string, string>;
  working_dir: string;
}

export interface AppConversationRecord {
  id: string;
  created_by_user_id: string | null;
  sandbox_id: string;
  selected_repository: string | null;
  selected_branch: string | null;
  git_provider: string | null;
  title: string | null;
  trigger: string | null;
  pr_number: number[];
  llm_model: string | null;
  metrics: Record<string, unknown> | null;
  parent_conversation_id: string | null;
  sub_conversation_ids: string[];
  public: boolean | null;
  created_at: string;
  updated_at: string;
  execution_status: string;
  confirmation_policy: string;
  scenario: string;
  scenario_started: boolean;
  initial_text: string | null;
  /** Titles set through the agent server (PATCH there) are kept apart, like upstream. */
  agent_title: string | null;
  events: V1Event[];
  /** What the agent server holds beyond the app server's record (absent: its defaults). */
  agent_side?: AgentSideRecord;
}

/** The agent server's own view of a conversation (its `StoredConversation` and agent). */
export interface AgentSideRecord {
  working_dir: string;
  tags: Record<string, string>;
  max_iterations: number;
  stuck_detection: boolean;
  llm: { model: string; base_url: string | null; api_key: string | null; usage_id: string };
  /** Tool names; empty for an agent built from settings without tools before 1.31.2. */
  tools: string[];
  /** Secret sources by name, as sent (`LookupSecret` / `StaticSecret`). */
  secrets: Record<string, Record<string, unknown>>;
  autotitle: boolean;
  launched_agent_profile: Record<string, unknown> | null;
  parent_conversation_id: string | null;
  /** Needs `credential_binding_activation_required` answered first (admin helper). */
  credential_binding_pending: boolean;
  /**
   * The rest of the agent as the start made it (agent-server/agent-model.ts): its context and
   * skill switches, condenser, critic. Absent in records from before it was kept.
   */
  agent_shape?: AgentShapeRecord;
  /** Project skills resolved on the first message or run (`load_project_skills`); null: not yet. */
  project_skills?: Record<string, unknown>[] | null;
}

/** `AgentContext` as the start made it; `skills` holds the explicit and auto-loaded ones. */
export interface AgentContextRecord {
  skills: Record<string, unknown>[];
  system_message_suffix: string | null;
  user_message_suffix: string | null;
  load_user_skills: boolean;
  load_public_skills: boolean;
  load_project_skills: boolean;
  load_memory: boolean;
  disabled_skills: string[];
  secrets: Record<string, unknown> | null;
  current_datetime: string | null;
}

export interface AgentShapeRecord {
  agent_context: AgentContextRecord | null;
  /** A `LLMSummarizingCondenser` dump without its LLM (which is the agent's, renamed). */
  condenser: Record<string, unknown> | null;
  critic: Record<string, unknown> | null;
  system_prompt: string | null;
  filter_tools_regex: string | null;
  tool_concurrency_limit: number;
}

/** A stored bash event (`BashCommand` / `BashOutput`) and upstream's file name for it. */
export interface BashEventRecord {
  /** `<YYYYMMDDHHMMSSffffff>_<kind>[_<command id>]_<id>`: the sort key and the page id. */
  file_name: string;
  event: Record<string, unknown> & { id: string; kind: 'BashCommand' | 'BashOutput' };
}

/** One folder the simulated shell knows: a plain folder, `git init`, or a clone. */
export interface FolderRecord {
  git:
    | null
    | { kind: 'init' }
    | {
        kind: 'clone';
        repository: string;
        branch: string;
        single_branch: boolean;
        remote_url: string;
      };
}

/** The persisted state of one agent server (a sandbox's, or the `agent` kind's own). */
export interface AgentServerRecord {
  settings: {
    agent_settings: Record<string, unknown>;
    conversation_settings: Record<string, unknown>;
    active_profile: string | null;
    active_agent_profile_id: string | null;
    misc_settings: Record<string, unknown>;
  };
  secrets: Record<string, { value: string; description: string | null }>;
  llm_profiles: Record<string, Record<string, unknown>>;
  agent_profiles: Record<string, Record<string, unknown>>;
  /** Folders by absolute path; their parents exist implicitly. */
  folders: Record<string, FolderRecord>;
  /**
   * Files written onto the disk (the upload route, git's credential store) by absolute path, as
   * text; they lie over a clone's own files. Absent in data files from before uploads.
   */
  files?: Record<string, string>;
  bash_events: BashEventRecord[];
}

export interface StartTaskRecord {
  id: string;
  created_by_user_id: string | null;
  status: string;
  detail: string | null;
  app_conversation_id: string | null;
  sandbox_id: string | null;
  agent_server_url: string | null;
  request: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface ServiceData {
  version: 1;
  /** The server secret the nested-runtime keys are derived from (JWT secret upstream). */
  server_secret: string;
  /** 0.62's flat settings (the legacy kind). */
  settings: SettingsRecord | null;
  /** The 1.x app server's nested settings (the v1 and hosted kinds); absent in older files. */
  app_settings?: AppSettingsRecord | null;
  secrets: SecretsRecord;
  /** 1.x pending messages, oldest first; absent in older files. */
  pending_messages?: PendingMessageRecord[];
  v0: Record<string, V0ConversationRecord>;
  app_conversations: Record<string, AppConversationRecord>;
  start_tasks: Record<string, StartTaskRecord>;
  sandboxes: Record<string, SandboxRecord>;
  sandbox_specs: SandboxSpecRecord[];
  /** Conversations started on an agent server directly (no app-server record). */
  agent_conversations?: Record<string, AppConversationRecord>;
  /** Agent-server state by scope (sandbox id, or the `agent` kind's own server). */
  agent_servers?: Record<string, AgentServerRecord>;
  /** The agent kind's conversation containers (Docker runtime mode). */
  docker_runtime?: DockerRuntimeRecord;
  /** The hosted user's daily conversation usage. */
  daily_quota?: QuotaRecord;
  /** The hosted kind's device sign-in codes and the keys they gave. */
  device_sign_in?: DeviceSignInRecord;
}

export function emptyData(): ServiceData {
  return {
    version: 1,
    server_secret: randomKey(24),
    settings: null,
    app_settings: null,
    secrets: { provider_tokens: {}, custom_secrets: {} },
    pending_messages: [],
    v0: {},
    app_conversations: {},
    start_tasks: {},
    sandboxes: {},
    sandbox_specs: [],
  };
}

/** Loads a data file, or null when there is none yet. */
export function loadData(file: string): ServiceData | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as ServiceData;
  if (parsed.version !== 1) throw new Error(`Unsupported data file version in ${file}`);
  return parsed;
}

/** Writes atomically (temp file + rename) so a crash never leaves half a file. */
export function saveData(file: string, data: ServiceData): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(data));
  renameSync(temp, file);
}

/** Debounced persistence: many changes in a burst cost one write. */
export class Persister {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly file: string | null,
    private readonly snapshot: () => ServiceData,
    private readonly delayMs = 1000,
  ) {}

  markDirty(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.delayMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.file) saveData(this.file, this.snapshot());
  }
}
