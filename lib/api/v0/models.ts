// V0 REST resources (§4). Response schemas are lenient: extra fields are kept and a missing
// field is the same as `null`, because servers of different versions add and drop fields.
// Request schemas are exact (`strictObject`): the client must never send a field the server
// does not know, since several V0 models forbid extras and answer them with 422.
import { z } from 'zod';
import {
  AppModeSchema,
  ConversationStatusSchema,
  ConversationTriggerSchema,
  ConversationVersionSchema,
  GitChangeStatusSchema,
  MicroagentTypeSchema,
  OwnerTypeSchema,
  ProviderTypeRequestSchema,
  ProviderTypeSchema,
  RuntimeStatusSchema,
  requestableAgentStateValues,
  TaskTypeRequestSchema,
  TaskTypeSchema,
} from '../enums';
import { MCPConfigRequestSchema, MCPConfigSchema } from './mcp';

// --- Conversations (§4.1, §4.2) -------------------------------------------------------------

export const ConversationInfoSchema = z.looseObject({
  conversation_id: z.string(),
  title: z.string().nullish(),
  last_updated_at: z.string().nullish(),
  /** Upstream default `STOPPED`. */
  status: ConversationStatusSchema.nullish(),
  runtime_status: RuntimeStatusSchema.nullish(),
  selected_repository: z.string().nullish(),
  selected_branch: z.string().nullish(),
  git_provider: ProviderTypeSchema.nullish(),
  trigger: ConversationTriggerSchema.nullish(),
  num_connections: z.number().nullish(),
  /** Where this conversation's own API lives (§3.2); relative on standalone servers. */
  url: z.string().nullish(),
  /** Key for `url`; when null the server key applies. */
  session_api_key: z.string().nullish(),
  created_at: z.string().nullish(),
  pr_number: z.array(z.number()).nullish(),
  /** 0.62.0: `V1` conversations are watched through the V1 agent server. */
  conversation_version: ConversationVersionSchema.nullish(),
  sub_conversation_ids: z.array(z.string()).nullish(),
});
export type ConversationInfo = z.infer<typeof ConversationInfoSchema>;

/** Answer of create/start/stop. */
export const ConversationResponseSchema = z.looseObject({
  /** `ok` or `error`. */
  status: z.string(),
  conversation_id: z.string().nullish(),
  message: z.string().nullish(),
  conversation_status: ConversationStatusSchema.nullish(),
});
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** `GET /api/conversations`; paging is best-effort, de-duplicate by `conversation_id`. */
export const ConversationInfoResultSetSchema = z.looseObject({
  results: z.array(ConversationInfoSchema),
  next_page_id: z.string().nullish(),
});
export type ConversationInfoResultSet = z.infer<typeof ConversationInfoResultSetSchema>;

export const SuggestedTaskSchema = z.looseObject({
  git_provider: ProviderTypeSchema,
  task_type: TaskTypeSchema,
  repo: z.string(),
  issue_number: z.number(),
  title: z.string(),
});
export type SuggestedTask = z.infer<typeof SuggestedTaskSchema>;

export const SuggestedTaskRequestSchema = z.strictObject({
  git_provider: ProviderTypeRequestSchema,
  task_type: TaskTypeRequestSchema,
  repo: z.string(),
  issue_number: z.number().int(),
  title: z.string(),
});

export const CreateMicroagentRequestSchema = z.strictObject({
  repo: z.string(),
  git_provider: ProviderTypeRequestSchema.nullish(),
  title: z.string().nullish(),
});

/** Body of `POST /api/conversations` (§4.3). Every field optional; unknown fields → 422. */
export const InitSessionRequestSchema = z.strictObject({
  /** `owner/repo` (GitLab: full path), verified against the provider. */
  repository: z.string().nullish(),
  git_provider: ProviderTypeRequestSchema.nullish(),
  selected_branch: z.string().nullish(),
  initial_user_msg: z.string().nullish(),
  /** data: or http(s) URLs. */
  image_urls: z.array(z.string()).nullish(),
  replay_json: z.string().nullish(),
  suggested_task: SuggestedTaskRequestSchema.nullish(),
  create_microagent: CreateMicroagentRequestSchema.nullish(),
  /** Extra instructions kept out of the visible chat. */
  conversation_instructions: z.string().nullish(),
  mcp_config: MCPConfigRequestSchema.nullish(),
  /** Only accepted by servers running with ALLOW_SET_CONVERSATION_ID=1 (nested runtimes). */
  conversation_id: z.string().optional(),
});
export type InitSessionRequest = z.input<typeof InitSessionRequestSchema>;

/** Body of `POST /api/conversations/{id}/start`. */
export const ProvidersSetModelSchema = z.strictObject({
  providers_set: z.array(ProviderTypeRequestSchema).nullish(),
});

/** Body of `PATCH /api/conversations/{id}`. */
export const UpdateConversationRequestSchema = z.strictObject({
  title: z.string().min(1).max(200),
});

// --- Per-conversation routes (§4.4) ---------------------------------------------------------

/**
 * The V0 event search filter. FastAPI reads it from a JSON body on a GET, which `fetch` cannot
 * send (§4.5): the client never sends it and filters on the client; the schema documents it.
 */
export const EventFilterSchema = z.strictObject({
  query: z.string().nullish(),
  include_types: z.array(z.string()).nullish(),
  exclude_types: z.array(z.string()).nullish(),
  source: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  exclude_hidden: z.boolean().optional(),
});
export type EventFilter = z.infer<typeof EventFilterSchema>;

/** What a client sends as an event (`POST …/events` and the socket's `oh_user_action`, §5.5). */
export const V0UserActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('message'),
    args: z.strictObject({
      content: z.string(),
      image_urls: z.array(z.string()).default([]),
      file_urls: z.array(z.string()).default([]),
      /** ISO time; becomes the stored event's timestamp. */
      timestamp: z.string().optional(),
    }),
  }),
  z.strictObject({
    action: z.literal('change_agent_state'),
    args: z.strictObject({ agent_state: z.enum(requestableAgentStateValues) }),
  }),
]);
export type V0UserAction = z.input<typeof V0UserActionSchema>;

export const ConversationRuntimeConfigSchema = z.looseObject({
  runtime_id: z.string().nullish(),
  session_id: z.string().nullish(),
});

export const VscodeUrlSchema = z.looseObject({ vscode_url: z.string().nullish() });

export const WebHostsSchema = z.looseObject({
  /** `{<url>: <port>}`. */
  hosts: z.record(z.string(), z.number()).nullish(),
});

export const ConversationMicroagentSchema = z.looseObject({
  name: z.string(),
  type: MicroagentTypeSchema.nullish(),
  content: z.string().nullish(),
  triggers: z.array(z.string()).nullish(),
  inputs: z.array(z.looseObject({ name: z.string(), description: z.string().nullish() })).nullish(),
  tools: z.array(z.string()).nullish(),
});
export const ConversationMicroagentsSchema = z.looseObject({
  microagents: z.array(ConversationMicroagentSchema),
});

export const FileListSchema = z.array(z.string());
export const SelectedFileSchema = z.looseObject({ code: z.string() });

export const GitChangeSchema = z.looseObject({ status: GitChangeStatusSchema, path: z.string() });
export const GitChangesSchema = z.array(GitChangeSchema);
export const GitDiffSchema = z.looseObject({
  modified: z.string().nullish(),
  original: z.string().nullish(),
});

export const RememberPromptSchema = z.looseObject({
  status: z.string().nullish(),
  prompt: z.string().nullish(),
});

// --- Options, settings, secrets (§4.6, §4.7) ------------------------------------------------

export const StringListSchema = z.array(z.string());

/** `GET /api/options/config`; `APP_MODE` tells self-hosted (`oss`) from hosted (`saas`). */
export const OptionsConfigSchema = z.looseObject({
  APP_MODE: AppModeSchema.nullish(),
  GITHUB_CLIENT_ID: z.string().nullish(),
  POSTHOG_CLIENT_KEY: z.string().nullish(),
  FEATURE_FLAGS: z
    .looseObject({
      ENABLE_BILLING: z.boolean().nullish(),
      HIDE_LLM_SETTINGS: z.boolean().nullish(),
      ENABLE_JIRA: z.boolean().nullish(),
      ENABLE_JIRA_DC: z.boolean().nullish(),
      ENABLE_LINEAR: z.boolean().nullish(),
    })
    .nullish(),
  APP_SLUG: z.string().nullish(),
  PROVIDERS_CONFIGURED: z.array(ProviderTypeSchema).nullish(),
  MAINTENANCE: z.looseObject({ startTime: z.string().nullish() }).nullish(),
  AUTH_URL: z.string().nullish(),
});
export type OptionsConfig = z.infer<typeof OptionsConfigSchema>;

/** `GET /api/settings`: secrets are never returned, only whether they are set. */
export const SettingsSchema = z.looseObject({
  language: z.string().nullish(),
  agent: z.string().nullish(),
  max_iterations: z.number().nullish(),
  security_analyzer: z.string().nullish(),
  confirmation_mode: z.boolean().nullish(),
  llm_model: z.string().nullish(),
  llm_base_url: z.string().nullish(),
  remote_runtime_resource_factor: z.number().nullish(),
  enable_default_condenser: z.boolean().nullish(),
  enable_sound_notifications: z.boolean().nullish(),
  enable_proactive_conversation_starters: z.boolean().nullish(),
  enable_solvability_analysis: z.boolean().nullish(),
  user_consents_to_analytics: z.boolean().nullish(),
  sandbox_base_container_image: z.string().nullish(),
  sandbox_runtime_container_image: z.string().nullish(),
  mcp_config: MCPConfigSchema.nullish(),
  max_budget_per_task: z.number().nullish(),
  condenser_max_size: z.number().nullish(),
  email: z.string().nullish(),
  email_verified: z.boolean().nullish(),
  git_user_name: z.string().nullish(),
  git_user_email: z.string().nullish(),
  /** `{<provider>: <host or null>}` for every provider with a stored token. */
  provider_tokens_set: z.record(z.string(), z.string().nullable()).nullish(),
  llm_api_key_set: z.boolean().nullish(),
  search_api_key_set: z.boolean().nullish(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * Body of `POST /api/settings`: partial; `null` for `llm_api_key`, `llm_model`,
 * `llm_base_url` or `search_api_key` keeps the stored value.
 */
export const SettingsUpdateRequestSchema = z.strictObject({
  language: z.string().nullish(),
  agent: z.string().nullish(),
  max_iterations: z.number().int().nullish(),
  security_analyzer: z.string().nullish(),
  confirmation_mode: z.boolean().nullish(),
  llm_model: z.string().nullish(),
  llm_api_key: z.string().nullish(),
  llm_base_url: z.string().nullish(),
  remote_runtime_resource_factor: z.number().int().nullish(),
  enable_default_condenser: z.boolean().optional(),
  enable_sound_notifications: z.boolean().optional(),
  enable_proactive_conversation_starters: z.boolean().optional(),
  enable_solvability_analysis: z.boolean().optional(),
  user_consents_to_analytics: z.boolean().nullish(),
  sandbox_base_container_image: z.string().nullish(),
  sandbox_runtime_container_image: z.string().nullish(),
  mcp_config: MCPConfigRequestSchema.nullish(),
  search_api_key: z.string().nullish(),
  sandbox_api_key: z.string().nullish(),
  max_budget_per_task: z.number().nullish(),
  condenser_max_size: z.number().int().nullish(),
  email: z.string().nullish(),
  email_verified: z.boolean().nullish(),
  git_user_name: z.string().nullish(),
  git_user_email: z.string().nullish(),
});
export type SettingsUpdateRequest = z.input<typeof SettingsUpdateRequestSchema>;

/** §4.7; `host` is the provider host for self-hosted instances. */
export const ProviderTokenRequestSchema = z.strictObject({
  token: z.string().nullish(),
  user_id: z.string().nullish(),
  host: z.string().nullish(),
});

/**
 * Body of `POST /api/add-git-providers`. The map replaces the stored one; an empty token for a
 * stored provider keeps its token and only updates `host`.
 */
export const POSTProviderModelSchema = z.strictObject({
  provider_tokens: z.partialRecord(ProviderTypeRequestSchema, ProviderTokenRequestSchema),
  mcp_config: MCPConfigRequestSchema.nullish(),
});
export type POSTProviderModel = z.input<typeof POSTProviderModelSchema>;

export const MessageResponseSchema = z.looseObject({ message: z.string().nullish() });
export const SuccessResponseSchema = z.looseObject({ success: z.boolean().nullish() });

export const CustomSecretsSchema = z.looseObject({
  custom_secrets: z.array(z.looseObject({ name: z.string(), description: z.string().nullish() })),
});
export const CustomSecretCreateRequestSchema = z.strictObject({
  name: z.string().min(1),
  value: z.string(),
  description: z.string().nullish(),
});
export const CustomSecretUpdateRequestSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().nullish(),
});

/** A FastAPI 422 body (§2). */
export const ValidationErrorBodySchema = z.looseObject({
  detail: z.array(
    z.looseObject({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
      input: z.unknown().optional(),
      ctx: z.unknown().optional(),
    }),
  ),
});

// --- Git provider routes (§4.8) --------------------------------------------------------------

export const RepositorySchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  full_name: z.string(),
  git_provider: ProviderTypeSchema.nullish(),
  is_public: z.boolean().nullish(),
  stargazers_count: z.number().nullish(),
  /** RFC 5988 Link header of the provider's page; only on the first item. */
  link_header: z.string().nullish(),
  pushed_at: z.string().nullish(),
  owner_type: OwnerTypeSchema.nullish(),
  main_branch: z.string().nullish(),
});
export type Repository = z.infer<typeof RepositorySchema>;

export const BranchSchema = z.looseObject({
  name: z.string(),
  commit_sha: z.string().nullish(),
  protected: z.boolean().nullish(),
  last_push_date: z.string().nullish(),
});
export type Branch = z.infer<typeof BranchSchema>;

export const PaginatedBranchesSchema = z.looseObject({
  branches: z.array(BranchSchema),
  has_next_page: z.boolean().nullish(),
  current_page: z.number().nullish(),
  per_page: z.number().nullish(),
  total_count: z.number().nullish(),
});
export type PaginatedBranches = z.infer<typeof PaginatedBranchesSchema>;

export const GitUserSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  login: z.string(),
  avatar_url: z.string().nullish(),
  company: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

/** `GET /api/user/repository/{repo}/microagents` item: metadata only. */
export const MicroagentListItemSchema = z.looseObject({
  name: z.string(),
  path: z.string(),
  /** The time of the request, not of the file. */
  created_at: z.string().nullish(),
});
export type MicroagentListItem = z.infer<typeof MicroagentListItemSchema>;

/** `…/microagents/content`: body without front-matter; triggers from the front-matter. */
export const MicroagentContentSchema = z.looseObject({
  content: z.string(),
  path: z.string().nullish(),
  triggers: z.array(z.string()).nullish(),
  git_provider: z.string().nullish(),
});
export type MicroagentContent = z.infer<typeof MicroagentContentSchema>;
