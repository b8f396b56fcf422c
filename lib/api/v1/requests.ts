// V1 request bodies (docs/contract/v1-app-server.md, docs/contract/agent-server.md). Exact
// (`strictObject`), so that what Handoff sends is only what it means to send: the SDK's content
// items forbid extra fields (422), while the app server's start request ignores unknown ones, so a
// misspelt field there would be dropped without a word. Content items are sent the SDK way (`{"type":"image","image_urls":[…]}`), not as the web UI's TypeScript
// type has it (`image_url`), which the server would reject. Kept apart from the response models so
// that the worker does not bundle any response schema (its whole bundle must stay under 64 KB
// gzipped).
import * as z from 'zod/mini';
import '../zod-english';
import {
  AgentTypeRequestSchema,
  ConversationTriggerRequestSchema,
  messageRoleValues,
  ProviderTypeRequestSchema,
  V1TaskTypeRequestSchema,
} from '../enums';

export {
  ConfirmationResponseRequestSchema,
  ImageContentRequestSchema,
  type MessageContentRequest,
  MessageContentRequestSchema,
  TextContentRequestSchema,
} from './content';

import { MessageContentRequestSchema } from './content';

/**
 * `SendMessageRequest` (agent server `POST …/events`, and `initial_message` of a start
 * request). `run` defaults to false upstream: the client's sendMessage sets it to true.
 */
export const SendMessageRequestSchema = z.strictObject({
  role: z.optional(z.enum(messageRoleValues)),
  content: z.array(MessageContentRequestSchema),
  run: z.optional(z.boolean()),
});
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

/** 2026 `POST /api/v1/app-conversations/{id}/send-message`. */
export const AppSendMessageRequestSchema = z.strictObject({
  role: z.optional(z.literal('user')),
  content: z.array(MessageContentRequestSchema).check(z.minLength(1)),
  run: z.optional(z.boolean()),
});

/**
 * `suggested_task` of a 1.x start request (docs/contract/v1-app-server.md#start-request): the
 * server writes the first message from it and sets `trigger` to `suggested_task`.
 */
export const V1SuggestedTaskRequestSchema = z.strictObject({
  git_provider: ProviderTypeRequestSchema,
  task_type: V1TaskTypeRequestSchema,
  repo: z.string().check(z.minLength(1)),
  issue_number: z.number().check(z.int()),
  title: z.string(),
});
export type V1SuggestedTaskRequest = z.input<typeof V1SuggestedTaskRequestSchema>;

/** `PluginSpec`: a plugin loaded into the conversation (its skills and MCP servers). */
export const PluginSpecRequestSchema = z.strictObject({
  /** `github:owner/repo`, any git URL, or a path on the server. */
  source: z.string().check(z.minLength(1)),
  /** Branch, tag or commit (git sources only). */
  ref: z.nullish(z.string()),
  /** Folder of the plugin inside a monorepo. */
  repo_path: z.nullish(z.string()),
  parameters: z.nullish(z.record(z.string(), z.unknown())),
});

/**
 * Body of `POST /api/v1/app-conversations` and `/stream-start`
 * (docs/contract/v1-app-server.md#start-request); all optional. The server ignores fields it does
 * not know, so this stays exact: a misspelt field fails here instead of being dropped there.
 *
 * `initial_message` and `suggested_task` exclude each other: the server builds the first message
 * from the task and raises on a second one, which reaches the client as a bare 500. Send the
 * task alone (see `startRequestProblem`).
 */
export const AppConversationStartRequestSchema = z
  .strictObject({
    /** Reuse an existing sandbox. */
    sandbox_id: z.nullish(z.string()),
    conversation_id: z.nullish(z.uuid()),
    initial_message: z.nullish(SendMessageRequestSchema),
    system_message_suffix: z.nullish(z.string()),
    llm_model: z.nullish(z.string()),
    /** 1.11: run this conversation from another agent profile than the active one. */
    agent_profile_id: z.nullish(z.string()),
    selected_repository: z.nullish(z.string()),
    selected_branch: z.nullish(z.string()),
    git_provider: z.nullish(ProviderTypeRequestSchema),
    /** 1.4. */
    suggested_task: z.nullish(V1SuggestedTaskRequestSchema),
    title: z.nullish(z.string()),
    trigger: z.nullish(ConversationTriggerRequestSchema),
    pr_number: z.optional(z.array(z.number().check(z.int()))),
    parent_conversation_id: z.nullish(z.uuid()),
    agent_type: z.optional(AgentTypeRequestSchema),
    /** Shared read-only with anyone who has the link (hosted). */
    public: z.nullish(z.boolean()),
    plugins: z.nullish(z.array(PluginSpecRequestSchema)),
    /**
     * 1.7: secrets for this conversation only, `{NAME: value}`; they override stored secrets of
     * the same name.
     */
    secrets: z.nullish(z.record(z.string(), z.string())),
  })
  .check(
    z.refine((request) => startRequestProblem(request) === null, {
      error: 'Send either initial_message or suggested_task, not both',
      path: ['suggested_task'],
    }),
  );
export type AppConversationStartRequest = z.input<typeof AppConversationStartRequestSchema>;

/**
 * Why the server would fail on this start request, or null. Today one rule: a suggested task
 * writes the first message itself, so `initial_message` must be left out (upstream
 * `_apply_suggested_task` raises on both, answered as a 500). Forms can ask before sending.
 */
export function startRequestProblem(request: {
  initial_message?: unknown;
  suggested_task?: unknown;
}): string | null {
  return request.suggested_task != null && request.initial_message != null
    ? 'A suggested task writes its own first message: leave initial_message out.'
    : null;
}

/** 2026 `PATCH /api/v1/app-conversations/{id}`. */
export const AppConversationUpdateRequestSchema = z.strictObject({
  title: z.nullish(z.string()),
  public: z.nullish(z.boolean()),
  selected_repository: z.nullish(z.string()),
  selected_branch: z.nullish(z.string()),
  git_provider: z.nullish(ProviderTypeRequestSchema),
});

// --- Settings, provider tokens and secrets (docs/contract/v1-app-server.md#settings) ---------

/**
 * One MCP server of `agent_settings.mcp_config` (the SDK's `MCPServer`, which forbids extra
 * fields): remote with `url` (`transport` `http`, `streamable-http` or `sse`), or local with
 * `command`. `env` and `headers` values and `auth` secrets come back masked when settings are
 * read; posting a masked value back keeps the stored secret. Every field of the SDK's model is
 * here, so an entry read back from the server (with fields Handoff does not edit) can be sent
 * again as it came.
 */
export const McpServerRequestSchema = z
  .strictObject({
    url: z.optional(z.string().check(z.minLength(1))),
    transport: z.optional(z.enum(['stdio', 'http', 'streamable-http', 'sse'])),
    command: z.optional(z.string().check(z.minLength(1))),
    args: z.optional(z.array(z.string())),
    env: z.optional(z.record(z.string(), z.string())),
    cwd: z.optional(z.string()),
    description: z.optional(z.string()),
    icon: z.optional(z.string()),
    timeout: z.optional(z.number()),
    sse_read_timeout: z.optional(z.number()),
    keep_alive: z.optional(z.boolean()),
    headers: z.optional(z.record(z.string(), z.string())),
    /** `{strategy: 'bearer' | 'api_key' | 'basic' | 'header' | 'oauth2' | 'none', …}`. */
    auth: z.optional(z.looseObject({ strategy: z.string() })),
    enabled: z.optional(z.boolean()),
  })
  .check(
    z.refine((server) => Boolean(server.url) !== Boolean(server.command), {
      error: 'An MCP server has either a url (remote) or a command (local)',
    }),
  );
export type McpServerRequest = z.input<typeof McpServerRequestSchema>;

/**
 * `agent_settings_diff` of `POST /api/v1/settings`: deep-merged into the stored agent settings.
 * Its keys are the SDK's agent settings of the server's own version (listed by
 * `GET /api/v1/settings/agent-schema`), so only the ones Handoff edits are typed and the rest
 * pass through: the server validates them and answers 400 on a bad value.
 *
 * `mcp_config` is the exception to the merge: it replaces the whole map, so send every server
 * to keep, not only the changed one.
 */
export const AgentSettingsDiffRequestSchema = z.looseObject({
  llm: z.optional(
    z.looseObject({
      model: z.optional(z.string().check(z.minLength(1))),
      api_key: z.nullish(z.string()),
      base_url: z.nullish(z.string()),
    }),
  ),
  mcp_config: z.optional(z.record(z.string(), McpServerRequestSchema)),
});

/** `conversation_settings_diff`: the app server's `ConversationSettings`, deep-merged. */
export const ConversationSettingsDiffRequestSchema = z.strictObject({
  max_iterations: z.optional(z.number().check(z.int(), z.gte(1))),
  confirmation_mode: z.optional(z.boolean()),
  security_analyzer: z.nullish(z.enum(['llm', 'none'])),
});

/**
 * Body of `POST /api/v1/settings` (1.7+). Partial: only what is sent changes. The server drops
 * top-level keys it does not know without a word, hence exact here; and it refuses the nested
 * keys of the answer (`agent_settings`, `conversation_settings`) with 422, so they cannot be
 * sent back as read: changes go in the `*_diff` objects.
 */
export const AppSettingsUpdateRequestSchema = z.strictObject({
  agent_settings_diff: z.optional(AgentSettingsDiffRequestSchema),
  conversation_settings_diff: z.optional(ConversationSettingsDiffRequestSchema),
  language: z.nullish(z.string()),
  enable_sound_notifications: z.optional(z.boolean()),
  enable_proactive_conversation_starters: z.optional(z.boolean()),
  user_consents_to_analytics: z.nullish(z.boolean()),
  sandbox_base_container_image: z.nullish(z.string()),
  sandbox_runtime_container_image: z.nullish(z.string()),
  /** Names of global skills to leave out of new conversations. */
  disabled_skills: z.nullish(z.array(z.string())),
  /** "" clears the stored key; leaving it out keeps it. */
  search_api_key: z.nullish(z.string()),
  max_budget_per_task: z.nullish(z.number()),
  git_user_name: z.nullish(z.string()),
  git_user_email: z.nullish(z.string()),
  git_full_clone: z.optional(z.boolean()),
  remote_runtime_resource_factor: z.nullish(z.number().check(z.int())),
  default_sandbox_spec_id: z.nullish(z.string()),
});
export type AppSettingsUpdateRequest = z.input<typeof AppSettingsUpdateRequestSchema>;

/**
 * Body of `POST /api/v1/secrets/git-providers`. The posted map replaces the stored one: a
 * provider left out is forgotten, and `token: ""` keeps the stored token of a provider while
 * updating its `host`. Each token given is checked with its provider first (401 when refused).
 */
export const GitProvidersRequestSchema = z.strictObject({
  provider_tokens: z.partialRecord(
    ProviderTypeRequestSchema,
    z.strictObject({
      token: z.nullish(z.string()),
      /** The host of a self-hosted provider, e.g. `gitlab.example.com`. */
      host: z.nullish(z.string()),
      user_id: z.nullish(z.string()),
    }),
  ),
});
export type GitProvidersRequest = z.input<typeof GitProvidersRequestSchema>;

/**
 * Upstream `validate_env_var_name`: secrets become environment variables in the sandbox, so a
 * name that is not one fails there with 422.
 */
export const SecretNameSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      'A secret name starts with a letter or an underscore and has only letters, digits and underscores',
    ),
  );

/** Body of `POST /api/v1/secrets`: creates the secret, or overwrites one of that name (201). */
export const SecretCreateRequestSchema = z.strictObject({
  name: SecretNameSchema,
  value: z.string(),
  /** Left out: a replaced secret keeps its description. */
  description: z.nullish(z.string()),
});

/** Body of `PUT /api/v1/secrets/{secret_id}`: rename and describe; the value is kept. */
export const SecretUpdateRequestSchema = z.strictObject({
  name: SecretNameSchema,
  /** Left out or null clears the description. */
  description: z.nullish(z.string()),
});
