// V1 resources (§7 app server, §8 agent server). Same rule as V0: responses lenient, requests
// exact. Content items follow the SDK model (`{"type":"image","image_urls":[…]}`), not the web
// UI's TypeScript type (`image_url`), which the server would reject.
import { z } from 'zod';
import {
  AgentTypeRequestSchema,
  AppConversationStartTaskStatusSchema,
  ConversationExecutionStatusSchema,
  ConversationTriggerRequestSchema,
  ConversationTriggerSchema,
  messageRoleValues,
  ProviderTypeRequestSchema,
  ProviderTypeSchema,
  SandboxStatusSchema,
} from '../enums';

// --- Message content --------------------------------------------------------------------------

export const TextContentRequestSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  cache_prompt: z.boolean().optional(),
});
export const ImageContentRequestSchema = z.strictObject({
  type: z.literal('image'),
  /** data: or http(s) URLs. */
  image_urls: z.array(z.string()).min(1),
  cache_prompt: z.boolean().optional(),
});
export const MessageContentRequestSchema = z.discriminatedUnion('type', [
  TextContentRequestSchema,
  ImageContentRequestSchema,
]);
export type MessageContentRequest = z.input<typeof MessageContentRequestSchema>;

/**
 * A content item as received. One loose shape rather than a union, so a newer item type is
 * kept; check `type` (`text` → `text`, `image` → `image_urls`).
 */
export const ContentItemSchema = z.looseObject({
  type: z.string().nullish(),
  text: z.string().nullish(),
  image_urls: z.array(z.string()).nullish(),
  cache_prompt: z.boolean().nullish(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/** The text of a content list (images skipped), e.g. an ActionEvent's `thought`. */
export function joinTextContent(items: readonly ContentItem[] | null | undefined): string {
  return (items ?? [])
    .filter((item) => (item.type ?? 'text') === 'text' && typeof item.text === 'string')
    .map((item) => item.text)
    .join('');
}

/**
 * `SendMessageRequest` (agent server `POST …/events`, and `initial_message` of a start
 * request). `run` defaults to false upstream: the client's sendMessage sets it to true.
 */
export const SendMessageRequestSchema = z.strictObject({
  role: z.enum(messageRoleValues).optional(),
  content: z.array(MessageContentRequestSchema),
  run: z.boolean().optional(),
});
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

/** 2026 `POST /api/v1/app-conversations/{id}/send-message`. */
export const AppSendMessageRequestSchema = z.strictObject({
  role: z.literal('user').optional(),
  content: z.array(MessageContentRequestSchema).min(1),
  run: z.boolean().optional(),
});

export const AppSendMessageResponseSchema = z.looseObject({
  success: z.boolean(),
  sandbox_status: SandboxStatusSchema.nullish(),
  message: z.string().nullish(),
});

// --- App conversations (§7.1–§7.3) ----------------------------------------------------------

export const TokenUsageSchema = z.looseObject({
  model: z.string().nullish(),
  prompt_tokens: z.number().nullish(),
  completion_tokens: z.number().nullish(),
  cache_read_tokens: z.number().nullish(),
  cache_write_tokens: z.number().nullish(),
  reasoning_tokens: z.number().nullish(),
  context_window: z.number().nullish(),
  per_turn_token: z.number().nullish(),
  response_id: z.string().nullish(),
});

export const MetricsSnapshotSchema = z.looseObject({
  model_name: z.string().nullish(),
  accumulated_cost: z.number().nullish(),
  max_budget_per_task: z.number().nullish(),
  accumulated_token_usage: TokenUsageSchema.nullish(),
});

export const AppConversationSchema = z.looseObject({
  /** 32-char hex without dashes. */
  id: z.string(),
  created_by_user_id: z.string().nullish(),
  sandbox_id: z.string().nullish(),
  selected_repository: z.string().nullish(),
  selected_branch: z.string().nullish(),
  git_provider: ProviderTypeSchema.nullish(),
  title: z.string().nullish(),
  trigger: ConversationTriggerSchema.nullish(),
  pr_number: z.array(z.number()).nullish(),
  llm_model: z.string().nullish(),
  metrics: MetricsSnapshotSchema.nullish(),
  parent_conversation_id: z.string().nullish(),
  sub_conversation_ids: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  /** Upstream default `MISSING`. */
  sandbox_status: SandboxStatusSchema.nullish(),
  /** Null unless the sandbox is RUNNING. */
  execution_status: ConversationExecutionStatusSchema.nullish(),
  /** `<agent server>/api/conversations/<id hex>`: the base of the agent-server calls. */
  conversation_url: z.string().nullish(),
  /** Key for the agent server (`X-Session-API-Key`). */
  session_api_key: z.string().nullish(),
  agent_kind: z.string().nullish(),
  public: z.boolean().nullish(),
  tags: z.record(z.string(), z.string()).nullish(),
});
export type AppConversation = z.infer<typeof AppConversationSchema>;

export const AppConversationPageSchema = z.looseObject({
  items: z.array(AppConversationSchema),
  next_page_id: z.string().nullish(),
});
export type AppConversationPage = z.infer<typeof AppConversationPageSchema>;

/** Body of `POST /api/v1/app-conversations` and `/stream-start` (§7.1); all optional. */
export const AppConversationStartRequestSchema = z.strictObject({
  /** Reuse an existing sandbox. */
  sandbox_id: z.string().nullish(),
  conversation_id: z.uuid().nullish(),
  initial_message: SendMessageRequestSchema.nullish(),
  system_message_suffix: z.string().nullish(),
  llm_model: z.string().nullish(),
  selected_repository: z.string().nullish(),
  selected_branch: z.string().nullish(),
  git_provider: ProviderTypeRequestSchema.nullish(),
  title: z.string().nullish(),
  trigger: ConversationTriggerRequestSchema.nullish(),
  pr_number: z.array(z.number().int()).optional(),
  parent_conversation_id: z.uuid().nullish(),
  agent_type: AgentTypeRequestSchema.optional(),
});
export type AppConversationStartRequest = z.input<typeof AppConversationStartRequestSchema>;

/** 2026 `PATCH /api/v1/app-conversations/{id}`. */
export const AppConversationUpdateRequestSchema = z.strictObject({
  title: z.string().nullish(),
  public: z.boolean().nullish(),
  selected_repository: z.string().nullish(),
  selected_branch: z.string().nullish(),
  git_provider: ProviderTypeRequestSchema.nullish(),
});

export const AppConversationStartTaskSchema = z.looseObject({
  id: z.string(),
  created_by_user_id: z.string().nullish(),
  /** Upstream default `WORKING`; `READY` and `ERROR` are terminal. */
  status: AppConversationStartTaskStatusSchema.nullish(),
  /** The reason on `ERROR`, progress text otherwise. */
  detail: z.string().nullish(),
  /** Set at `READY`. */
  app_conversation_id: z.string().nullish(),
  sandbox_id: z.string().nullish(),
  agent_server_url: z.string().nullish(),
  request: z.looseObject({}).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type AppConversationStartTask = z.infer<typeof AppConversationStartTaskSchema>;

export const AppConversationStartTaskPageSchema = z.looseObject({
  items: z.array(AppConversationStartTaskSchema),
  next_page_id: z.string().nullish(),
});

/** 2026 skills of a conversation (the V1 name of microagents). */
export const SkillSchema = z.looseObject({
  name: z.string(),
  type: z.string().nullish(),
  content: z.string().nullish(),
  triggers: z.array(z.string()).nullish(),
  source: z.string().nullish(),
});
export type Skill = z.infer<typeof SkillSchema>;
/** Accepts a bare list or `{skills: […]}`; the OpenAPI document leaves the shape open. */
export const SkillListSchema = z
  .union([z.array(SkillSchema), z.looseObject({ skills: z.array(SkillSchema) })])
  .transform((value) => (Array.isArray(value) ? value : value.skills));

// --- Sandboxes (§7.4, §7.5) -----------------------------------------------------------------

export const ExposedUrlSchema = z.looseObject({
  /** `AGENT_SERVER`, `VSCODE`, `WORKER_1`, `WORKER_2`. */
  name: z.string(),
  url: z.string(),
  port: z.number().nullish(),
});

export const SandboxInfoSchema = z.looseObject({
  id: z.string(),
  created_by_user_id: z.string().nullish(),
  sandbox_spec_id: z.string().nullish(),
  status: SandboxStatusSchema,
  /** Null while STARTING/PAUSED or without full access. */
  session_api_key: z.string().nullish(),
  exposed_urls: z.array(ExposedUrlSchema).nullish(),
  created_at: z.string().nullish(),
  status_detail: z.string().nullish(),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

export const SandboxPageSchema = z.looseObject({
  items: z.array(SandboxInfoSchema),
  next_page_id: z.string().nullish(),
});

export const SandboxSpecInfoSchema = z.looseObject({
  id: z.string(),
  command: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
  initial_env: z.record(z.string(), z.string()).nullish(),
  working_dir: z.string().nullish(),
});
export type SandboxSpecInfo = z.infer<typeof SandboxSpecInfoSchema>;

export const SandboxSpecInfoPageSchema = z.looseObject({
  items: z.array(SandboxSpecInfoSchema),
  next_page_id: z.string().nullish(),
});

/** `{success: true}` answers (pause, resume, delete…). */
export const SuccessSchema = z.looseObject({ success: z.boolean().nullish() });

// --- Agent server (§8) ----------------------------------------------------------------------

/** `Metrics` of `stats.usage_to_metrics` values. */
export const MetricsSchema = z.looseObject({
  model_name: z.string().nullish(),
  accumulated_cost: z.number().nullish(),
  max_budget_per_task: z.number().nullish(),
  accumulated_token_usage: TokenUsageSchema.nullish(),
  costs: z.array(z.unknown()).nullish(),
  response_latencies: z.array(z.unknown()).nullish(),
  token_usages: z.array(z.unknown()).nullish(),
});

export const ConversationStatsSchema = z.looseObject({
  usage_to_metrics: z.record(z.string(), MetricsSchema).nullish(),
});
export type ConversationStats = z.infer<typeof ConversationStatsSchema>;

/**
 * The whole conversation state: the `value` of a `full_state` update and the body of the agent
 * server's `GET /api/conversations/{id}`. Secrets arrive masked (`"**********"`).
 */
export const ConversationStateSchema = z.looseObject({
  id: z.string().nullish(),
  agent: z
    .looseObject({
      kind: z.string().nullish(),
      llm: z.looseObject({ model: z.string().nullish() }).nullish(),
      tools: z.array(z.unknown()).nullish(),
    })
    .nullish(),
  workspace: z.looseObject({ kind: z.string().nullish() }).nullish(),
  persistence_dir: z.string().nullish(),
  max_iterations: z.number().nullish(),
  stuck_detection: z.boolean().nullish(),
  execution_status: ConversationExecutionStatusSchema.nullish(),
  confirmation_policy: z.looseObject({ kind: z.string().nullish() }).nullish(),
  security_analyzer: z.looseObject({ kind: z.string().nullish() }).nullish(),
  activated_knowledge_skills: z.array(z.string()).nullish(),
  blocked_actions: z.record(z.string(), z.unknown()).nullish(),
  blocked_messages: z.record(z.string(), z.unknown()).nullish(),
  stats: ConversationStatsSchema.nullish(),
  secret_registry: z.looseObject({}).nullish(),
  agent_state: z.record(z.string(), z.unknown()).nullish(),
  /** Agent-server ConversationInfo adds these. */
  title: z.string().nullish(),
  metrics: MetricsSnapshotSchema.nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ConversationState = z.infer<typeof ConversationStateSchema>;

/** `POST …/events/respond_to_confirmation`: accept runs the action, reject pauses. */
export const ConfirmationResponseRequestSchema = z.strictObject({
  accept: z.boolean(),
  reason: z.string().optional(),
});
