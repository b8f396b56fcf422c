// V1 resources (docs/contract/v1-app-server.md app server, docs/contract/agent-server.md agent
// server) as the servers answer them: lenient, like V0. Content items follow the SDK model
// (`{"type":"image","image_urls":[…]}`), not the web UI's TypeScript type (`image_url`). The
// request bodies live in ./requests.
import * as z from 'zod/mini';
import '../zod-english';
import {
  AppConversationStartTaskStatusSchema,
  AppModeSchema,
  ConversationExecutionStatusSchema,
  ConversationTriggerSchema,
  DeploymentModeSchema,
  ProviderTypeSchema,
  SandboxStatusSchema,
} from '../enums';
import { BranchSchema, RepositorySchema, SuggestedTaskSchema } from '../v0/models';

// --- Message content --------------------------------------------------------------------------

/**
 * A content item as received. One loose shape rather than a union, so a newer item type is
 * kept; check `type` (`text` → `text`, `image` → `image_urls`).
 */
export const ContentItemSchema = z.looseObject({
  type: z.nullish(z.string()),
  text: z.nullish(z.string()),
  image_urls: z.nullish(z.array(z.string())),
  cache_prompt: z.nullish(z.boolean()),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/** The text of a content list (images skipped), e.g. an ActionEvent's `thought`. */
export function joinTextContent(items: readonly ContentItem[] | null | undefined): string {
  return (items ?? [])
    .filter((item) => (item.type ?? 'text') === 'text' && typeof item.text === 'string')
    .map((item) => item.text)
    .join('');
}

export const AppSendMessageResponseSchema = z.looseObject({
  success: z.boolean(),
  sandbox_status: z.nullish(SandboxStatusSchema),
  message: z.nullish(z.string()),
});

// --- App conversations (docs/contract/v1-app-server.md#appconversation) --------------------------

export const TokenUsageSchema = z.looseObject({
  model: z.nullish(z.string()),
  prompt_tokens: z.nullish(z.number()),
  completion_tokens: z.nullish(z.number()),
  cache_read_tokens: z.nullish(z.number()),
  cache_write_tokens: z.nullish(z.number()),
  reasoning_tokens: z.nullish(z.number()),
  context_window: z.nullish(z.number()),
  per_turn_token: z.nullish(z.number()),
  response_id: z.nullish(z.string()),
});

export const MetricsSnapshotSchema = z.looseObject({
  model_name: z.nullish(z.string()),
  accumulated_cost: z.nullish(z.number()),
  max_budget_per_task: z.nullish(z.number()),
  accumulated_token_usage: z.nullish(TokenUsageSchema),
});

export const AppConversationSchema = z.looseObject({
  /** 32-char hex without dashes. */
  id: z.string(),
  created_by_user_id: z.nullish(z.string()),
  sandbox_id: z.nullish(z.string()),
  selected_repository: z.nullish(z.string()),
  selected_branch: z.nullish(z.string()),
  git_provider: z.nullish(ProviderTypeSchema),
  title: z.nullish(z.string()),
  trigger: z.nullish(ConversationTriggerSchema),
  pr_number: z.nullish(z.array(z.number())),
  llm_model: z.nullish(z.string()),
  metrics: z.nullish(MetricsSnapshotSchema),
  parent_conversation_id: z.nullish(z.string()),
  sub_conversation_ids: z.nullish(z.array(z.string())),
  created_at: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
  /** Upstream default `MISSING`. */
  sandbox_status: z.nullish(SandboxStatusSchema),
  /** Null unless the sandbox is RUNNING. */
  execution_status: z.nullish(ConversationExecutionStatusSchema),
  /** `<agent server>/api/conversations/<id hex>`: the base of the agent-server calls. */
  conversation_url: z.nullish(z.string()),
  /** Key for the agent server (`X-Session-API-Key`). */
  session_api_key: z.nullish(z.string()),
  agent_kind: z.nullish(z.string()),
  public: z.nullish(z.boolean()),
  tags: z.nullish(z.record(z.string(), z.string())),
});
export type AppConversation = z.infer<typeof AppConversationSchema>;

export const AppConversationPageSchema = z.looseObject({
  items: z.array(AppConversationSchema),
  next_page_id: z.nullish(z.string()),
});
export type AppConversationPage = z.infer<typeof AppConversationPageSchema>;

export const AppConversationStartTaskSchema = z.looseObject({
  id: z.string(),
  created_by_user_id: z.nullish(z.string()),
  /** Upstream default `WORKING`; `READY` and `ERROR` are terminal. */
  status: z.nullish(AppConversationStartTaskStatusSchema),
  /** The reason on `ERROR`, progress text otherwise. */
  detail: z.nullish(z.string()),
  /** Set at `READY`. */
  app_conversation_id: z.nullish(z.string()),
  sandbox_id: z.nullish(z.string()),
  agent_server_url: z.nullish(z.string()),
  request: z.nullish(z.looseObject({})),
  created_at: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
});
export type AppConversationStartTask = z.infer<typeof AppConversationStartTaskSchema>;

export const AppConversationStartTaskPageSchema = z.looseObject({
  items: z.array(AppConversationStartTaskSchema),
  next_page_id: z.nullish(z.string()),
});

/** 2026 skills of a conversation (the V1 name of microagents). */
export const SkillSchema = z.looseObject({
  name: z.string(),
  type: z.nullish(z.string()),
  content: z.nullish(z.string()),
  triggers: z.nullish(z.array(z.string())),
  source: z.nullish(z.string()),
});
export type Skill = z.infer<typeof SkillSchema>;
/** Accepts a bare list or `{skills: […]}`; the OpenAPI document leaves the shape open. */
const SkillListAnswerSchema = z.union([
  z.array(SkillSchema),
  z.looseObject({ skills: z.array(SkillSchema) }),
]);
export const SkillListSchema = z.pipe(
  SkillListAnswerSchema,
  z.transform((value: z.output<typeof SkillListAnswerSchema>) =>
    Array.isArray(value) ? value : value.skills,
  ),
);

// --- Sandboxes (docs/contract/v1-app-server.md#sandboxes, docs/contract/v1-app-server.md#sandbox-specs)

export const ExposedUrlSchema = z.looseObject({
  /** `AGENT_SERVER`, `VSCODE`, `WORKER_1`, `WORKER_2`. */
  name: z.string(),
  url: z.string(),
  port: z.nullish(z.number()),
});

export const SandboxInfoSchema = z.looseObject({
  id: z.string(),
  created_by_user_id: z.nullish(z.string()),
  sandbox_spec_id: z.nullish(z.string()),
  status: SandboxStatusSchema,
  /** Null while STARTING/PAUSED or without full access. */
  session_api_key: z.nullish(z.string()),
  exposed_urls: z.nullish(z.array(ExposedUrlSchema)),
  created_at: z.nullish(z.string()),
  status_detail: z.nullish(z.string()),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

export const SandboxPageSchema = z.looseObject({
  items: z.array(SandboxInfoSchema),
  next_page_id: z.nullish(z.string()),
});

export const SandboxSpecInfoSchema = z.looseObject({
  id: z.string(),
  command: z.nullish(z.array(z.string())),
  created_at: z.nullish(z.string()),
  initial_env: z.nullish(z.record(z.string(), z.string())),
  working_dir: z.nullish(z.string()),
});
export type SandboxSpecInfo = z.infer<typeof SandboxSpecInfoSchema>;

export const SandboxSpecInfoPageSchema = z.looseObject({
  items: z.array(SandboxSpecInfoSchema),
  next_page_id: z.nullish(z.string()),
});

/** `{success: true}` answers (pause, resume, delete…). */
export const SuccessSchema = z.looseObject({ success: z.nullish(z.boolean()) });

// --- Agent server (docs/contract/agent-server.md) ------------------------------------------------

/** `Metrics` of `stats.usage_to_metrics` values. */
export const MetricsSchema = z.looseObject({
  model_name: z.nullish(z.string()),
  accumulated_cost: z.nullish(z.number()),
  max_budget_per_task: z.nullish(z.number()),
  accumulated_token_usage: z.nullish(TokenUsageSchema),
  costs: z.nullish(z.array(z.unknown())),
  response_latencies: z.nullish(z.array(z.unknown())),
  token_usages: z.nullish(z.array(z.unknown())),
});

export const ConversationStatsSchema = z.looseObject({
  usage_to_metrics: z.nullish(z.record(z.string(), MetricsSchema)),
});
export type ConversationStats = z.infer<typeof ConversationStatsSchema>;

/**
 * The whole conversation state: the `value` of a `full_state` update and the body of the agent
 * server's `GET /api/conversations/{id}`. Secrets arrive masked (`"**********"`).
 */
export const ConversationStateSchema = z.looseObject({
  id: z.nullish(z.string()),
  agent: z.nullish(
    z.looseObject({
      kind: z.nullish(z.string()),
      llm: z.nullish(z.looseObject({ model: z.nullish(z.string()) })),
      tools: z.nullish(z.array(z.unknown())),
    }),
  ),
  workspace: z.nullish(z.looseObject({ kind: z.nullish(z.string()) })),
  persistence_dir: z.nullish(z.string()),
  max_iterations: z.nullish(z.number()),
  stuck_detection: z.nullish(z.boolean()),
  execution_status: z.nullish(ConversationExecutionStatusSchema),
  confirmation_policy: z.nullish(z.looseObject({ kind: z.nullish(z.string()) })),
  security_analyzer: z.nullish(z.looseObject({ kind: z.nullish(z.string()) })),
  activated_knowledge_skills: z.nullish(z.array(z.string())),
  blocked_actions: z.nullish(z.record(z.string(), z.unknown())),
  blocked_messages: z.nullish(z.record(z.string(), z.unknown())),
  stats: z.nullish(ConversationStatsSchema),
  secret_registry: z.nullish(z.looseObject({})),
  agent_state: z.nullish(z.record(z.string(), z.unknown())),
  /** Agent-server ConversationInfo adds these. */
  title: z.nullish(z.string()),
  metrics: z.nullish(MetricsSnapshotSchema),
  created_at: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
});
export type ConversationState = z.infer<typeof ConversationStateSchema>;

// --- Pages -----------------------------------------------------------------------------------

/** `{items, next_page_id}`, the shape of every V1 search. */
export function pageOf<T extends z.core.$ZodType>(item: T) {
  return z.looseObject({ items: z.array(item), next_page_id: z.nullish(z.string()) });
}

// --- Server configuration (docs/contract/v1-app-server.md#server-configuration) --------------

export const WebClientFeatureFlagsSchema = z.looseObject({
  enable_billing: z.nullish(z.boolean()),
  hide_llm_settings: z.nullish(z.boolean()),
  enable_jira: z.nullish(z.boolean()),
  enable_jira_dc: z.nullish(z.boolean()),
  enable_linear: z.nullish(z.boolean()),
  hide_users_page: z.nullish(z.boolean()),
  hide_billing_page: z.nullish(z.boolean()),
  hide_integrations_page: z.nullish(z.boolean()),
  allow_user_llm_configuration: z.nullish(z.boolean()),
  enable_acp: z.nullish(z.boolean()),
  /** `cloud` or `self_hosted`, or null when the server was not told. */
  deployment_mode: z.nullish(DeploymentModeSchema),
  enable_onboarding: z.nullish(z.boolean()),
  enable_automations: z.nullish(z.boolean()),
});

/** `GET /api/v1/web-client/config` (1.2+). `app_mode` is the one field every version sends. */
export const WebClientConfigSchema = z.looseObject({
  /** `oss` self-hosted, `saas` hosted. */
  app_mode: AppModeSchema,
  posthog_client_key: z.nullish(z.string()),
  feature_flags: z.nullish(WebClientFeatureFlagsSchema),
  /** Providers the server can sign in with (hosted: its OAuth apps). */
  providers_configured: z.nullish(z.array(ProviderTypeSchema)),
  /** The default host of each provider, e.g. `{github: "github.com"}`. */
  provider_default_hosts: z.nullish(z.record(z.string(), z.string())),
  maintenance_start_time: z.nullish(z.string()),
  auth_url: z.nullish(z.string()),
  faulty_models: z.nullish(z.array(z.string())),
  error_message: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
  github_app_slug: z.nullish(z.string()),
  gitlab_enabled: z.nullish(z.boolean()),
});
export type WebClientConfig = z.infer<typeof WebClientConfigSchema>;

/** `GET /api/v1/config/models/search` item. */
export const LlmModelSchema = z.looseObject({
  name: z.string(),
  provider: z.nullish(z.string()),
  verified: z.nullish(z.boolean()),
  /** Served but not to be offered; a saved setting naming it still works. */
  hidden: z.nullish(z.boolean()),
  /** For a hidden model: the visible model it stands for. */
  canonical: z.nullish(z.string()),
});
export type LlmModel = z.infer<typeof LlmModelSchema>;
export const LlmModelPageSchema = pageOf(LlmModelSchema);

/** `GET /api/v1/skills/search` item: the server's own skills, not a repository's. */
export const ServerSkillSchema = z.looseObject({
  name: z.string(),
  /** `knowledge`, `repo` or `task`. */
  type: z.nullish(z.string()),
  /** `global` (shipped with the server) or `user` (the server user's own folder). */
  source: z.nullish(z.string()),
  triggers: z.nullish(z.array(z.string())),
});
export type ServerSkill = z.infer<typeof ServerSkillSchema>;
export const ServerSkillPageSchema = pageOf(ServerSkillSchema);

// --- Git (docs/contract/v1-app-server.md#git-search): the V0 item models, paged ----------------

/** Installation, workspace or organisation ids (GitHub's are numbers in some versions). */
export const GitInstallationPageSchema = pageOf(
  z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
);
export const GitRepositoryPageSchema = pageOf(RepositorySchema);
export const GitBranchPageSchema = pageOf(BranchSchema);
export const SuggestedTaskPageSchema = pageOf(SuggestedTaskSchema);

// --- Settings and secrets (docs/contract/v1-app-server.md#settings) ---------------------------

/** One MCP server as read back: secrets in `env`, `headers` and `auth` come masked. */
export const McpServerSchema = z.looseObject({
  url: z.nullish(z.string()),
  transport: z.nullish(z.string()),
  command: z.nullish(z.string()),
  args: z.nullish(z.array(z.string())),
  env: z.nullish(z.record(z.string(), z.nullish(z.string()))),
  headers: z.nullish(z.record(z.string(), z.nullish(z.string()))),
  timeout: z.nullish(z.number()),
  enabled: z.nullish(z.boolean()),
});
export type McpServer = z.infer<typeof McpServerSchema>;

export const AgentSettingsSchema = z.looseObject({
  agent_kind: z.nullish(z.string()),
  agent: z.nullish(z.string()),
  llm: z.nullish(
    z.looseObject({
      model: z.nullish(z.string()),
      /** Always null when read: whether one is stored is `llm_api_key_set`. */
      api_key: z.nullish(z.string()),
      base_url: z.nullish(z.string()),
    }),
  ),
  /** `{name: server}`. */
  mcp_config: z.nullish(z.record(z.string(), McpServerSchema)),
});

export const ConversationSettingsSchema = z.looseObject({
  max_iterations: z.nullish(z.number()),
  confirmation_mode: z.nullish(z.boolean()),
  /** `llm` or `none`. */
  security_analyzer: z.nullish(z.string()),
});

/**
 * `GET /api/v1/settings` (1.7+): product fields at the top, the agent's and the conversation's
 * settings nested. Servers that still send the flat V0 fields (`llm_model`, `confirmation_mode`,
 * …) have them kept and typed too; `appSettingsModel` and `appSettingsConfirmationMode` read
 * either form.
 */
export const AppSettingsSchema = z.looseObject({
  agent_settings: z.nullish(AgentSettingsSchema),
  conversation_settings: z.nullish(ConversationSettingsSchema),
  /** `{provider: host or null}` for each provider with a stored token. */
  provider_tokens_set: z.nullish(z.record(z.string(), z.nullish(z.string()))),
  llm_api_key_set: z.nullish(z.boolean()),
  search_api_key_set: z.nullish(z.boolean()),
  language: z.nullish(z.string()),
  git_user_name: z.nullish(z.string()),
  git_user_email: z.nullish(z.string()),
  disabled_skills: z.nullish(z.array(z.string())),
  max_budget_per_task: z.nullish(z.number()),
  // The flat fields of V0 settings, should a server send them alongside.
  llm_model: z.nullish(z.string()),
  llm_base_url: z.nullish(z.string()),
  confirmation_mode: z.nullish(z.boolean()),
  max_iterations: z.nullish(z.number()),
  security_analyzer: z.nullish(z.string()),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** The LLM model of V1 settings, nested or flat. */
export function appSettingsModel(settings: AppSettings): string | null {
  return settings.agent_settings?.llm?.model ?? settings.llm_model ?? null;
}

/** Whether V1 settings ask for confirmation before risky actions, nested or flat. */
export function appSettingsConfirmationMode(settings: AppSettings): boolean {
  return settings.conversation_settings?.confirmation_mode ?? settings.confirmation_mode ?? false;
}

/** `{message}` answers of the settings and secrets routes (`EditResponse`). */
export const EditResponseSchema = z.looseObject({ message: z.nullish(z.string()) });

/** A custom secret as listed: name and description, never the value. */
export const SecretInfoSchema = z.looseObject({
  name: z.string(),
  description: z.nullish(z.string()),
});
export type SecretInfo = z.infer<typeof SecretInfoSchema>;
export const SecretPageSchema = pageOf(SecretInfoSchema);

// --- Pending messages (docs/contract/v1-app-server.md#pending-messages) ------------------------

export const PendingMessageResponseSchema = z.looseObject({
  id: z.string(),
  queued: z.nullish(z.boolean()),
  /** 1-based place in the queue. */
  position: z.nullish(z.number()),
});
export type PendingMessageResponse = z.infer<typeof PendingMessageResponseSchema>;

// --- Hosted organisations (docs/contract/v1-app-server.md#hosted-organisations) ---------------

export const OrganizationSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  contact_name: z.nullish(z.string()),
  contact_email: z.nullish(z.string()),
  /** The user's own organisation (its id is the user's). */
  is_personal: z.nullish(z.boolean()),
  credits: z.nullish(z.number()),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationPageSchema = z.looseObject({
  items: z.array(OrganizationSchema),
  next_page_id: z.nullish(z.string()),
  /** Where requests act without `X-Org-Id`. */
  current_org_id: z.nullish(z.string()),
});

// --- Hosted API keys (docs/contract/device-signin.md#the-key-it-gives) ------------------------

/** `GET /api/keys/current`: the key a request was made with. */
export const CurrentApiKeySchema = z.looseObject({
  id: z.number().check(z.int()),
  name: z.nullish(z.string()),
  /** The organisation the request acts in. */
  org_id: z.nullish(z.string()),
  /** The organisation the key is bound to; null: none (older servers leave the field out). */
  bound_org_id: z.nullish(z.string()),
  user_id: z.nullish(z.string()),
  auth_type: z.nullish(z.string()),
});
export type CurrentApiKey = z.infer<typeof CurrentApiKeySchema>;

// --- Server info (docs/contract/http.md#health-probes) -----------------------------------------

/**
 * `GET /server_info`: an agent server says what it is (`title`, `version`, `capabilities`); an
 * app server answers figures about its machine (`resources`; newer ones also `app_version`).
 */
export const ServerInfoResponseSchema = z.looseObject({
  uptime: z.nullish(z.number()),
  idle_time: z.nullish(z.number()),
  /** "OpenHands Agent Server" on an agent server. */
  title: z.nullish(z.string()),
  /** The agent server's version. */
  version: z.nullish(z.string()),
  sdk_version: z.nullish(z.string()),
  /** An app server's version (newest app servers). */
  app_version: z.nullish(z.string()),
  /** e.g. `credential_binding_v1`. */
  capabilities: z.nullish(z.array(z.string())),
  usable_tools: z.nullish(z.array(z.string())),
  resources: z.nullish(z.looseObject({})),
});
export type ServerInfoResponse = z.infer<typeof ServerInfoResponseSchema>;
