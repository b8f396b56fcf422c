// V0 REST resources (docs/contract/v0-rest.md) as the server answers them. Lenient: extra fields
// are kept and a missing field is the same as `null`, because servers of different versions add and
// drop fields. The request bodies live in ./requests (exact, for the worker's bundle).
import * as z from 'zod/mini';
import '../zod-english';
import {
  AppModeSchema,
  ConversationStatusSchema,
  ConversationTriggerSchema,
  ConversationVersionSchema,
  GitChangeStatusSchema,
  MicroagentTypeSchema,
  OwnerTypeSchema,
  ProviderTypeSchema,
  RuntimeStatusSchema,
  TaskTypeSchema,
} from '../enums';

// --- Conversations (docs/contract/v0-rest.md#conversationinfo, docs/contract/v0-rest.md#conversation-routes)

export const ConversationInfoSchema = z.looseObject({
  conversation_id: z.string(),
  title: z.nullish(z.string()),
  last_updated_at: z.nullish(z.string()),
  /** Upstream default `STOPPED`. */
  status: z.nullish(ConversationStatusSchema),
  runtime_status: z.nullish(RuntimeStatusSchema),
  selected_repository: z.nullish(z.string()),
  selected_branch: z.nullish(z.string()),
  git_provider: z.nullish(ProviderTypeSchema),
  trigger: z.nullish(ConversationTriggerSchema),
  num_connections: z.nullish(z.number()),
  /**
   * Where this conversation's own API lives (docs/contract/auth.md#per-conversation-url-and-key);
   * relative on standalone servers.
   */
  url: z.nullish(z.string()),
  /** Key for `url`; when null the server key applies. */
  session_api_key: z.nullish(z.string()),
  created_at: z.nullish(z.string()),
  pr_number: z.nullish(z.array(z.number())),
  /** 0.62.0: `V1` conversations are watched through the V1 agent server. */
  conversation_version: z.nullish(ConversationVersionSchema),
  sub_conversation_ids: z.nullish(z.array(z.string())),
});
export type ConversationInfo = z.infer<typeof ConversationInfoSchema>;

/** Answer of create/start/stop. */
export const ConversationResponseSchema = z.looseObject({
  /** `ok` or `error`. */
  status: z.string(),
  conversation_id: z.nullish(z.string()),
  message: z.nullish(z.string()),
  conversation_status: z.nullish(ConversationStatusSchema),
});
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** `GET /api/conversations`; paging is best-effort, de-duplicate by `conversation_id`. */
export const ConversationInfoResultSetSchema = z.looseObject({
  results: z.array(ConversationInfoSchema),
  next_page_id: z.nullish(z.string()),
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

// --- Per-conversation routes (docs/contract/v0-rest.md#per-conversation-routes) ------------------

export const ConversationRuntimeConfigSchema = z.looseObject({
  runtime_id: z.nullish(z.string()),
  session_id: z.nullish(z.string()),
});

export const VscodeUrlSchema = z.looseObject({ vscode_url: z.nullish(z.string()) });

export const WebHostsSchema = z.looseObject({
  /** `{<url>: <port>}`. */
  hosts: z.nullish(z.record(z.string(), z.number())),
});

export const ConversationMicroagentSchema = z.looseObject({
  name: z.string(),
  type: z.nullish(MicroagentTypeSchema),
  content: z.nullish(z.string()),
  triggers: z.nullish(z.array(z.string())),
  inputs: z.nullish(
    z.array(z.looseObject({ name: z.string(), description: z.nullish(z.string()) })),
  ),
  tools: z.nullish(z.array(z.string())),
});
export const ConversationMicroagentsSchema = z.looseObject({
  microagents: z.array(ConversationMicroagentSchema),
});

export const FileListSchema = z.array(z.string());
export const SelectedFileSchema = z.looseObject({ code: z.string() });

export const GitChangeSchema = z.looseObject({ status: GitChangeStatusSchema, path: z.string() });
export const GitChangesSchema = z.array(GitChangeSchema);
export const GitDiffSchema = z.looseObject({
  modified: z.nullish(z.string()),
  original: z.nullish(z.string()),
});

export const RememberPromptSchema = z.looseObject({
  status: z.nullish(z.string()),
  prompt: z.nullish(z.string()),
});

// --- Options, settings, secrets (docs/contract/v0-rest.md#options-settings-and-secrets, docs/contract/v0-rest.md#provider-tokens-and-mcp-servers)

export const StringListSchema = z.array(z.string());

/** `GET /api/options/config`; `APP_MODE` tells self-hosted (`oss`) from hosted (`saas`). */
export const OptionsConfigSchema = z.looseObject({
  APP_MODE: z.nullish(AppModeSchema),
  GITHUB_CLIENT_ID: z.nullish(z.string()),
  POSTHOG_CLIENT_KEY: z.nullish(z.string()),
  FEATURE_FLAGS: z.nullish(
    z.looseObject({
      ENABLE_BILLING: z.nullish(z.boolean()),
      HIDE_LLM_SETTINGS: z.nullish(z.boolean()),
      ENABLE_JIRA: z.nullish(z.boolean()),
      ENABLE_JIRA_DC: z.nullish(z.boolean()),
      ENABLE_LINEAR: z.nullish(z.boolean()),
    }),
  ),
  APP_SLUG: z.nullish(z.string()),
  PROVIDERS_CONFIGURED: z.nullish(z.array(ProviderTypeSchema)),
  MAINTENANCE: z.nullish(z.looseObject({ startTime: z.nullish(z.string()) })),
  AUTH_URL: z.nullish(z.string()),
});
export type OptionsConfig = z.infer<typeof OptionsConfigSchema>;

/** MCPConfig as read back from settings: lenient, any extra field kept. */
export const MCPConfigSchema = z.looseObject({
  sse_servers: z.nullish(
    z.array(z.looseObject({ url: z.string(), api_key: z.nullish(z.string()) })),
  ),
  stdio_servers: z.nullish(
    z.array(
      z.looseObject({
        name: z.string(),
        command: z.string(),
        args: z.nullish(z.array(z.string())),
        env: z.nullish(z.record(z.string(), z.string())),
      }),
    ),
  ),
  shttp_servers: z.nullish(
    z.array(
      z.looseObject({
        url: z.string(),
        api_key: z.nullish(z.string()),
        timeout: z.nullish(z.number()),
      }),
    ),
  ),
});

/** `GET /api/settings`: secrets are never returned, only whether they are set. */
export const SettingsSchema = z.looseObject({
  language: z.nullish(z.string()),
  agent: z.nullish(z.string()),
  max_iterations: z.nullish(z.number()),
  security_analyzer: z.nullish(z.string()),
  confirmation_mode: z.nullish(z.boolean()),
  llm_model: z.nullish(z.string()),
  llm_base_url: z.nullish(z.string()),
  remote_runtime_resource_factor: z.nullish(z.number()),
  enable_default_condenser: z.nullish(z.boolean()),
  enable_sound_notifications: z.nullish(z.boolean()),
  enable_proactive_conversation_starters: z.nullish(z.boolean()),
  enable_solvability_analysis: z.nullish(z.boolean()),
  user_consents_to_analytics: z.nullish(z.boolean()),
  sandbox_base_container_image: z.nullish(z.string()),
  sandbox_runtime_container_image: z.nullish(z.string()),
  mcp_config: z.nullish(MCPConfigSchema),
  max_budget_per_task: z.nullish(z.number()),
  condenser_max_size: z.nullish(z.number()),
  email: z.nullish(z.string()),
  email_verified: z.nullish(z.boolean()),
  git_user_name: z.nullish(z.string()),
  git_user_email: z.nullish(z.string()),
  /** `{<provider>: <host or null>}` for every provider with a stored token. */
  provider_tokens_set: z.nullish(z.record(z.string(), z.nullable(z.string()))),
  llm_api_key_set: z.nullish(z.boolean()),
  search_api_key_set: z.nullish(z.boolean()),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const MessageResponseSchema = z.looseObject({ message: z.nullish(z.string()) });
export const SuccessResponseSchema = z.looseObject({ success: z.nullish(z.boolean()) });

export const CustomSecretsSchema = z.looseObject({
  custom_secrets: z.array(z.looseObject({ name: z.string(), description: z.nullish(z.string()) })),
});
/** A FastAPI 422 body (docs/contract/http.md#error-bodies). */
export const ValidationErrorBodySchema = z.looseObject({
  detail: z.array(
    z.looseObject({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
      input: z.optional(z.unknown()),
      ctx: z.optional(z.unknown()),
    }),
  ),
});

// --- Git provider routes (docs/contract/v0-rest.md#git-provider-routes) --------------------------

export const RepositorySchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  full_name: z.string(),
  git_provider: z.nullish(ProviderTypeSchema),
  is_public: z.nullish(z.boolean()),
  stargazers_count: z.nullish(z.number()),
  /** RFC 5988 Link header of the provider's page; only on the first item. */
  link_header: z.nullish(z.string()),
  pushed_at: z.nullish(z.string()),
  owner_type: z.nullish(OwnerTypeSchema),
  main_branch: z.nullish(z.string()),
});
export type Repository = z.infer<typeof RepositorySchema>;

export const BranchSchema = z.looseObject({
  name: z.string(),
  commit_sha: z.nullish(z.string()),
  protected: z.nullish(z.boolean()),
  last_push_date: z.nullish(z.string()),
});
export type Branch = z.infer<typeof BranchSchema>;

export const PaginatedBranchesSchema = z.looseObject({
  branches: z.array(BranchSchema),
  has_next_page: z.nullish(z.boolean()),
  current_page: z.nullish(z.number()),
  per_page: z.nullish(z.number()),
  total_count: z.nullish(z.number()),
});
export type PaginatedBranches = z.infer<typeof PaginatedBranchesSchema>;

export const GitUserSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  login: z.string(),
  avatar_url: z.nullish(z.string()),
  company: z.nullish(z.string()),
  name: z.nullish(z.string()),
  email: z.nullish(z.string()),
});

/** `GET /api/user/repository/{repo}/microagents` item: metadata only. */
export const MicroagentListItemSchema = z.looseObject({
  name: z.string(),
  path: z.string(),
  /** The time of the request, not of the file. */
  created_at: z.nullish(z.string()),
});
export type MicroagentListItem = z.infer<typeof MicroagentListItemSchema>;

/** `…/microagents/content`: body without front-matter; triggers from the front-matter. */
export const MicroagentContentSchema = z.looseObject({
  content: z.string(),
  path: z.nullish(z.string()),
  triggers: z.nullish(z.array(z.string())),
  git_provider: z.nullish(z.string()),
});
export type MicroagentContent = z.infer<typeof MicroagentContentSchema>;
