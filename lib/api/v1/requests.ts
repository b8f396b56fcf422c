// V1 request bodies (docs/contract/v1-app-server.md, docs/contract/agent-server.md). Exact
// (`strictObject`), so that what Handoff sends is only what it means to send: the SDK's content
// items forbid extra fields (422), while the app server's start request ignores unknown ones, so a
// misspelt field there would be dropped without a word. Content items are sent the SDK way (`{"type":"image","image_urls":[…]}`), not as the web UI's TypeScript
// type has it (`image_url`), which the server would reject. Kept apart from the response models so
// that the worker does not bundle any response schema (its whole bundle must stay under 40 KB
// gzipped).
import * as z from 'zod/mini';
import '../zod-english';
import {
  AgentTypeRequestSchema,
  ConversationTriggerRequestSchema,
  messageRoleValues,
  ProviderTypeRequestSchema,
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
 * Body of `POST /api/v1/app-conversations` and `/stream-start`
 * (docs/contract/v1-app-server.md#start-request); all optional.
 */
export const AppConversationStartRequestSchema = z.strictObject({
  /** Reuse an existing sandbox. */
  sandbox_id: z.nullish(z.string()),
  conversation_id: z.nullish(z.uuid()),
  initial_message: z.nullish(SendMessageRequestSchema),
  system_message_suffix: z.nullish(z.string()),
  llm_model: z.nullish(z.string()),
  selected_repository: z.nullish(z.string()),
  selected_branch: z.nullish(z.string()),
  git_provider: z.nullish(ProviderTypeRequestSchema),
  title: z.nullish(z.string()),
  trigger: z.nullish(ConversationTriggerRequestSchema),
  pr_number: z.optional(z.array(z.number().check(z.int()))),
  parent_conversation_id: z.nullish(z.uuid()),
  agent_type: z.optional(AgentTypeRequestSchema),
});
export type AppConversationStartRequest = z.input<typeof AppConversationStartRequestSchema>;

/** 2026 `PATCH /api/v1/app-conversations/{id}`. */
export const AppConversationUpdateRequestSchema = z.strictObject({
  title: z.nullish(z.string()),
  public: z.nullish(z.boolean()),
  selected_repository: z.nullish(z.string()),
  selected_branch: z.nullish(z.string()),
  git_provider: z.nullish(ProviderTypeRequestSchema),
});
