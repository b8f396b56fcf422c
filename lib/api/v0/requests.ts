// V0 request bodies (docs/contract/v0-rest.md). Exact (`strictObject`): the client must never send
// a field the server does not know, since several V0 models forbid extras and answer them with 422.
// Kept apart from the response models so that the worker, which validates calls with these, does
// not bundle any response schema (its whole bundle must stay under 40 KB gzipped).
import * as z from 'zod/mini';
import '../zod-english';
import {
  ProviderTypeRequestSchema,
  requestableAgentStateValues,
  TaskTypeRequestSchema,
} from '../enums';
import { MCPConfigRequestSchema } from './mcp';

// --- Conversations (docs/contract/v0-rest.md#conversation-routes, docs/contract/v0-rest.md#create-request)

export const SuggestedTaskRequestSchema = z.strictObject({
  git_provider: ProviderTypeRequestSchema,
  task_type: TaskTypeRequestSchema,
  repo: z.string(),
  issue_number: z.number().check(z.int()),
  title: z.string(),
});

export const CreateMicroagentRequestSchema = z.strictObject({
  repo: z.string(),
  git_provider: z.nullish(ProviderTypeRequestSchema),
  title: z.nullish(z.string()),
});

/**
 * Body of `POST /api/conversations` (docs/contract/v0-rest.md#create-request). Every field
 * optional; unknown fields → 422.
 */
export const InitSessionRequestSchema = z.strictObject({
  /** `owner/repo` (GitLab: full path), verified against the provider. */
  repository: z.nullish(z.string()),
  git_provider: z.nullish(ProviderTypeRequestSchema),
  selected_branch: z.nullish(z.string()),
  initial_user_msg: z.nullish(z.string()),
  /** data: or http(s) URLs. */
  image_urls: z.nullish(z.array(z.string())),
  replay_json: z.nullish(z.string()),
  suggested_task: z.nullish(SuggestedTaskRequestSchema),
  create_microagent: z.nullish(CreateMicroagentRequestSchema),
  /** Extra instructions kept out of the visible chat. */
  conversation_instructions: z.nullish(z.string()),
  mcp_config: z.nullish(MCPConfigRequestSchema),
  /** Only accepted by servers running with ALLOW_SET_CONVERSATION_ID=1 (nested runtimes). */
  conversation_id: z.optional(z.string()),
});
export type InitSessionRequest = z.input<typeof InitSessionRequestSchema>;

/** Body of `POST /api/conversations/{id}/start`. */
export const ProvidersSetModelSchema = z.strictObject({
  providers_set: z.nullish(z.array(ProviderTypeRequestSchema)),
});

/** Body of `PATCH /api/conversations/{id}`. */
export const UpdateConversationRequestSchema = z.strictObject({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
});

// --- Per-conversation routes (docs/contract/v0-rest.md#per-conversation-routes) ------------------

/**
 * The V0 event search filter. FastAPI reads it from a JSON body on a GET, which `fetch` cannot send
 * (docs/contract/v0-rest.md#reading-stored-events): the client never sends it and filters on the
 * client; the schema documents it.
 */
export const EventFilterSchema = z.strictObject({
  query: z.nullish(z.string()),
  include_types: z.nullish(z.array(z.string())),
  exclude_types: z.nullish(z.array(z.string())),
  source: z.nullish(z.string()),
  start_date: z.nullish(z.string()),
  end_date: z.nullish(z.string()),
  exclude_hidden: z.optional(z.boolean()),
});
export type EventFilter = z.infer<typeof EventFilterSchema>;

/**
 * What a client sends as an event (`POST …/events` and the socket's `oh_user_action`,
 * docs/contract/v0-socket.md#sending-actions).
 */
export const V0UserActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('message'),
    args: z.strictObject({
      content: z.string(),
      image_urls: z._default(z.array(z.string()), []),
      file_urls: z._default(z.array(z.string()), []),
      /** ISO time; becomes the stored event's timestamp. */
      timestamp: z.optional(z.string()),
    }),
  }),
  z.strictObject({
    action: z.literal('change_agent_state'),
    args: z.strictObject({ agent_state: z.enum(requestableAgentStateValues) }),
  }),
]);
export type V0UserAction = z.input<typeof V0UserActionSchema>;

// --- Settings and secrets (docs/contract/v0-rest.md#provider-tokens-and-mcp-servers) -------------

/**
 * Body of `POST /api/settings`: partial; `null` for `llm_api_key`, `llm_model`,
 * `llm_base_url` or `search_api_key` keeps the stored value.
 */
export const SettingsUpdateRequestSchema = z.strictObject({
  language: z.nullish(z.string()),
  agent: z.nullish(z.string()),
  max_iterations: z.nullish(z.number().check(z.int())),
  security_analyzer: z.nullish(z.string()),
  confirmation_mode: z.nullish(z.boolean()),
  llm_model: z.nullish(z.string()),
  llm_api_key: z.nullish(z.string()),
  llm_base_url: z.nullish(z.string()),
  remote_runtime_resource_factor: z.nullish(z.number().check(z.int())),
  enable_default_condenser: z.optional(z.boolean()),
  enable_sound_notifications: z.optional(z.boolean()),
  enable_proactive_conversation_starters: z.optional(z.boolean()),
  enable_solvability_analysis: z.optional(z.boolean()),
  user_consents_to_analytics: z.nullish(z.boolean()),
  sandbox_base_container_image: z.nullish(z.string()),
  sandbox_runtime_container_image: z.nullish(z.string()),
  mcp_config: z.nullish(MCPConfigRequestSchema),
  search_api_key: z.nullish(z.string()),
  sandbox_api_key: z.nullish(z.string()),
  max_budget_per_task: z.nullish(z.number()),
  condenser_max_size: z.nullish(z.number().check(z.int())),
  email: z.nullish(z.string()),
  email_verified: z.nullish(z.boolean()),
  git_user_name: z.nullish(z.string()),
  git_user_email: z.nullish(z.string()),
});
export type SettingsUpdateRequest = z.input<typeof SettingsUpdateRequestSchema>;

/**
 * docs/contract/v0-rest.md#provider-tokens-and-mcp-servers; `host` is the provider host for
 * self-hosted instances.
 */
export const ProviderTokenRequestSchema = z.strictObject({
  token: z.nullish(z.string()),
  user_id: z.nullish(z.string()),
  host: z.nullish(z.string()),
});

/**
 * Body of `POST /api/add-git-providers`. The map replaces the stored one; an empty token for a
 * stored provider keeps its token and only updates `host`.
 */
export const POSTProviderModelSchema = z.strictObject({
  provider_tokens: z.partialRecord(ProviderTypeRequestSchema, ProviderTokenRequestSchema),
  mcp_config: z.nullish(MCPConfigRequestSchema),
});
export type POSTProviderModel = z.input<typeof POSTProviderModelSchema>;

export const CustomSecretCreateRequestSchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  value: z.string(),
  description: z.nullish(z.string()),
});
export const CustomSecretUpdateRequestSchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  description: z.nullish(z.string()),
});
