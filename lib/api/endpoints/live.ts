// The endpoints a live conversation needs (read it, page its events, start, stop, send, pause,
// interrupt, resume, confirm, queue a message while it starts, re-activate its sign-in), the
// server's client config and the four "Test connection" probes, with the helpers they share.
// They live apart from the other endpoints because the background worker sends them itself and
// imports this module alone: every other schema stays out of its bundle, whose whole size
// must stay under 40 KB gzipped. ./v0 and ./v1 put them in their tables with the rest.
import * as z from 'zod/mini';
import {
  AgentConversationRefSchema,
  ConversationIdSchema,
  defineRequest,
  PageLimitSchema,
  PathIdSchema,
  V0ConversationRefSchema,
} from '../endpoint';
import {
  ConversationTriggerRequestSchema,
  EventSortOrderRequestSchema,
  eventSourceValues,
  ProviderTypeRequestSchema,
} from '../enums';
import { isCredentialBindingRequired } from '../errors';
import {
  AskUserResponseRequestSchema,
  ConfirmationResponseRequestSchema,
  MessageContentRequestSchema,
} from '../v1/content';

// --- V0 (docs/contract/v0-rest.md) and health (docs/contract/http.md#health-probes) ---

export const noParams = z.strictObject({});

export const byConversationId = z.strictObject({ conversation_id: ConversationIdSchema });

/** Per-v0Conversation routes take the conversation (a ConversationInfo will do). */
export const v0Conversation = V0ConversationRefSchema;

export const onConversation = <S extends z.core.$ZodShape>(shape: S) =>
  z.strictObject({ conversation: v0Conversation, ...shape });

export const pathOf = (params: { conversation_id: string }) => ({
  conversation_id: params.conversation_id,
});

/** Request parts that send a per-conversation route to the conversation's own base. */
export const onRuntime = (ref: z.output<typeof v0Conversation>) => ({
  path: { conversation_id: ref.conversation_id },
  runtime: ref,
});

export const runtimeOf = (params: { conversation: z.output<typeof v0Conversation> }) =>
  onRuntime(params.conversation);

/** Liveness probe, no auth: `{"status":"ok"}` on an OpenHands-family server. */
export const serverAlive = defineRequest({
  group: 'server',
  method: 'GET',
  path: '/alive',
  target: 'server',
  params: noParams,
  request: () => ({}),
  anonymous: true,
});

/** One v0Conversation, or null when it does not exist (the server answers 200 null). */
export const v0GetConversation = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}',
  target: 'server',
  params: byConversationId,
  request: (params) => ({ path: pathOf(params) }),
});

/** Start (or attach to) the agent loop. Always sends a JSON body: none → 422. */
export const v0StartConversation = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/start',
  target: 'server',
  params: z.strictObject({
    conversation_id: ConversationIdSchema,
    providers_set: z.nullish(z.array(ProviderTypeRequestSchema)),
  }),
  request: ({ conversation_id, providers_set }) => ({
    path: { conversation_id },
    body: providers_set === undefined ? {} : { providers_set },
  }),
});

/** Stop the runtime; `conversation_status` is the status before stopping. */
export const v0StopConversation = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/stop',
  target: 'server',
  params: byConversationId,
  request: (params) => ({ path: pathOf(params) }),
});

/**
 * Stored events by id range (ends inclusive). Newest first: reverse=true, then end_id=oldest−1.
 * No server-side filter (docs/contract/v0-rest.md#reading-stored-events).
 */
export const v0GetEvents = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/events',
  target: 'runtime',
  params: onConversation({
    start_id: z.optional(z.number().check(z.int(), z.gte(0))),
    end_id: z.optional(z.number().check(z.int(), z.gte(0))),
    reverse: z.optional(z.boolean()),
    /** The server answers 400 above 100. */
    limit: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100))),
  }),
  request: ({ conversation: ref, ...query }) => ({ ...onRuntime(ref), query }),
});

/** Server configuration; `APP_MODE` is `oss` (self-hosted) or `saas` (hosted). */
export const v0GetConfig = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/options/config',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Stored settings (secrets only as *_set flags), or null on a fresh install (404). */
export const v0GetSettings = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/settings',
  target: 'server',
  params: noParams,
  request: () => ({}),
  // A JSON 404 means "Settings not found"; an HTML answer means no such route and stays an error.
  recover: (error) =>
    error.kind === 'not-found' && error.status === 404 && error.bodyType === 'json'
      ? null
      : undefined,
});

// --- V1 app server (docs/contract/v1-app-server.md) and agent server (docs/contract/agent-server.md#rest-routes)

export const optionalText = z.nullish(z.string());

/** 0.62.0 asserts on 100 or more ids (500); stay below. */
export const BatchIdsSchema = z.array(PathIdSchema).check(z.minLength(1), z.maxLength(99));

export const appConversationFilters = {
  title__contains: optionalText,
  created_at__gte: optionalText,
  created_at__lt: optionalText,
  updated_at__gte: optionalText,
  updated_at__lt: optionalText,
  /** 2026. */
  sandbox_id__eq: optionalText,
};

export const v062EventFilters = {
  conversation_id__eq: optionalText,
  /** An event class name, e.g. `MessageEvent`. */
  kind__eq: optionalText,
  timestamp__gte: optionalText,
  timestamp__lt: optionalText,
};

export const paging = { page_id: optionalText, limit: z.optional(PageLimitSchema) };

export const agentConversation = AgentConversationRefSchema;

export const agentFilters = {
  /**
   * The event's fully qualified class name
   * (`openhands.sdk.event.llm_convertible.message.MessageEvent`); a bare `MessageEvent` filters
   * nothing on a real agent server.
   */
  kind: optionalText,
  source: z.nullish(z.enum(eventSourceValues)),
  /** Case-insensitive text search. */
  body: optionalText,
  timestamp__gte: optionalText,
  timestamp__lt: optionalText,
};

export const onAgent = (ref: z.output<typeof agentConversation>) => ({
  path: { conversation_id: conversationIdOf(ref.conversation_url) },
  agentServer: ref,
});

/** The `<id>` at the end of `…/api/conversations/<id>` (for the path template only). */
export function conversationIdOf(conversationUrl: string): string {
  const match = /\/api\/conversations\/([^/?#]+)\/*(?:[?#].*)?$/.exec(conversationUrl);
  return match ? decodeURIComponent(match[1] as string) : '';
}

/** A page of V1 conversations. */
export const v1SearchAppConversations = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations/search',
  target: 'server',
  params: z.strictObject({
    ...appConversationFilters,
    ...paging,
    include_sub_conversations: z.optional(z.boolean()),
  }),
  request: (query) => ({ query }),
});

/** A page of conversations, newest first (0.62.0 includes V1 ones). Best-effort paging. */
export const v0ListConversations = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations',
  target: 'server',
  params: z.strictObject({
    page_id: z.nullish(z.string()),
    limit: z.optional(z.number().check(z.int(), z.gte(1))),
    selected_repository: z.nullish(z.string()),
    conversation_trigger: z.nullish(ConversationTriggerRequestSchema),
    include_sub_conversations: z.optional(z.boolean()),
  }),
  request: (query) => ({ query }),
});

/** V1 conversations by id, in request order; null for unknown ids. */
export const v1GetAppConversations = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations',
  target: 'server',
  params: z.strictObject({ ids: BatchIdsSchema }),
  request: ({ ids }) => ({ query: { ids } }),
});

/** Pause a sandbox: the V1 way to stop a conversation’s runtime. */
export const v1PauseSandbox = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/sandboxes/{sandbox_id}/pause',
  target: 'server',
  params: z.strictObject({ sandbox_id: PathIdSchema }),
  request: ({ sandbox_id }) => ({ path: { sandbox_id } }),
});

/** Resume a paused sandbox; poll until RUNNING with a session_api_key. */
export const v1ResumeSandbox = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/sandboxes/{sandbox_id}/resume',
  target: 'server',
  params: z.strictObject({ sandbox_id: PathIdSchema }),
  request: ({ sandbox_id }) => ({ path: { sandbox_id } }),
});

/** 0.62.0: a page of stored V1 events (filter by conversation_id__eq). */
export const v1SearchEvents = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/events/search',
  target: 'server',
  params: z.strictObject({
    ...v062EventFilters,
    sort_order: z.optional(EventSortOrderRequestSchema),
    ...paging,
  }),
  request: (query) => ({ query }),
});

/** The 1.x app server's filters of one conversation's events (the path names it). */
export const conversationEventFilters = {
  kind__eq: optionalText,
  timestamp__gte: optionalText,
  timestamp__lt: optionalText,
};

/** 1.2+: a page of one conversation’s stored events (its history while the sandbox sleeps). */
export const v1SearchConversationEvents = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/conversation/{conversation_id}/events/search',
  target: 'server',
  params: z.strictObject({
    conversation_id: PathIdSchema,
    ...conversationEventFilters,
    sort_order: z.optional(EventSortOrderRequestSchema),
    ...paging,
  }),
  request: ({ conversation_id, ...query }) => ({ path: { conversation_id }, query }),
});

/**
 * `GET /server_info` of the configured address, no key. An agent server names itself (`title`
 * "OpenHands Agent Server", `version`); an app server answers machine figures instead (newer ones
 * with `app_version`). Grouped with the health probes: it is the server's, not a conversation's.
 */
export const agentGetServerInfo = defineRequest({
  group: 'server',
  method: 'GET',
  path: '/server_info',
  target: 'server',
  params: noParams,
  request: () => ({}),
  anonymous: true,
});

/**
 * 1.2+: the web client's configuration (`app_mode`, feature flags, configured providers), the one
 * `/api/v1` route that takes no key: sent without it, so it also tells a V1 app server apart
 * before the key is known.
 */
export const v1GetWebClientConfig = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/web-client/config',
  target: 'server',
  params: noParams,
  request: () => ({}),
  anonymous: true,
});

/**
 * 1.6+: queue a message for a conversation that is still starting; the server hands it to the
 * agent once the start task is READY. Before the conversation exists its id is
 * `task-<start task id>`. 429 with ten queued.
 */
export const v1QueuePendingMessage = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/conversations/{conversation_id}/pending-messages',
  target: 'server',
  params: z.strictObject({
    /** The app conversation id, or `task-<32 hex>` while only the start task exists. */
    conversation_id: PathIdSchema,
    role: z.optional(z.literal('user')),
    content: z.array(MessageContentRequestSchema).check(z.minLength(1)),
  }),
  request: ({ conversation_id, role, content }) => ({
    path: { conversation_id },
    body: { role: role ?? 'user', content },
  }),
});

/**
 * Newest app servers only (404 or 405 elsewhere: resume the sandbox instead): lets the agent
 * server load a conversation that answers 409 `credential_binding_activation_required` again.
 */
export const v1ActivateCredentialBinding = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/sandboxes/{sandbox_id}/credential-bindings/{conversation_id}/activate',
  target: 'server',
  params: z.strictObject({ sandbox_id: PathIdSchema, conversation_id: PathIdSchema }),
  // Upstream's handler declares no body and ignores one; the call is documented with `{}`
  // (docs/contract/v1-app-server.md#credential-bindings), so that is what goes.
  request: ({ sandbox_id, conversation_id }) => ({
    path: { sandbox_id, conversation_id },
    body: {},
  }),
});

/** A page of the conversation’s events (kind/source/body/time filters). */
export const agentSearchEvents = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/events/search',
  target: 'agent-server',
  params: z.strictObject({
    conversation: agentConversation,
    ...agentFilters,
    sort_order: z.optional(EventSortOrderRequestSchema),
    ...paging,
  }),
  request: ({ conversation: ref, ...query }) => ({ ...onAgent(ref), query }),
});

/** How many of the conversation’s events match (a resume checks what it holds against it). */
export const agentCountEvents = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/events/count',
  target: 'agent-server',
  params: z.strictObject({ conversation: agentConversation, ...agentFilters }),
  request: ({ conversation: ref, ...query }) => ({ ...onAgent(ref), query }),
});

/**
 * `GET /server_info` of the agent server a conversation runs on (no key needed; the sandbox's own
 * is sent all the same, to its own server). Its `version` tells how its event search walks the log
 * (docs/contract/agent-server.md#replaying-and-resuming).
 */
export const agentGetConversationServer = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/server_info',
  target: 'agent-server',
  params: z.strictObject({ conversation: agentConversation }),
  request: ({ conversation: ref }) => ({ agentServer: ref }),
});

/** Send a message; `run` defaults to true here (upstream: false, the agent would idle). */
export const agentSendMessage = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/events',
  target: 'agent-server',
  params: z.strictObject({
    conversation: agentConversation,
    content: z.array(MessageContentRequestSchema).check(z.minLength(1)),
    role: z.optional(z.literal('user')),
    run: z.optional(z.boolean()),
  }),
  request: ({ conversation: ref, content, role, run }) => ({
    ...onAgent(ref),
    body: { role: role ?? 'user', content, run: run ?? true },
  }),
});

/** Pause the agent (the V1 "stop"). */
export const agentPause = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/pause',
  target: 'agent-server',
  params: z.strictObject({ conversation: agentConversation }),
  request: ({ conversation: ref }) => onAgent(ref),
});

/**
 * v1.23+: stop at once. Unlike pause, which lets the current LLM call finish, this cancels it;
 * the conversation ends up paused. Older agent servers answer 404: pause instead.
 */
export const agentInterrupt = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/interrupt',
  target: 'agent-server',
  params: z.strictObject({ conversation: agentConversation }),
  request: ({ conversation: ref }) => onAgent(ref),
});

/**
 * Resume the agent. 409 (already running) resolves with already_running: true; the 409 of a
 * conversation waiting for its credential binding stays an error (`isCredentialBindingRequired`).
 */
export const agentRun = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/run',
  target: 'agent-server',
  params: z.strictObject({ conversation: agentConversation }),
  request: ({ conversation: ref }) => onAgent(ref),
  // A 409 means it is already running, which is what the caller wanted, unless the agent server
  // cannot load the conversation until its credential binding is activated: that one must reach
  // the caller. The value passes the response schema as is (see RunResultSchema in ./v1-responses).
  recover: (error) =>
    error.kind === 'conflict' && !isCredentialBindingRequired(error)
      ? { success: true, already_running: true }
      : undefined,
});

/** Accept (runs the pending action) or reject (pauses) in confirmation mode. */
export const agentRespondToConfirmation = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/events/respond_to_confirmation',
  target: 'agent-server',
  params: z.extend(ConfirmationResponseRequestSchema, { conversation: agentConversation }),
  request: ({ conversation: ref, ...body }) => ({ ...onAgent(ref), body }),
});

/**
 * Answers the agent's question (agent servers 1.54+, event_router.py `respond_to_ask_user`).
 * 409 when the answer matches no pending question (answered already, or another one) or names
 * what the question does not offer; older servers have no such route (404 or 405).
 */
export const agentRespondToAskUser = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/events/respond_to_ask_user',
  target: 'agent-server',
  params: z.extend(AskUserResponseRequestSchema, { conversation: agentConversation }),
  request: ({ conversation: ref, ...body }) => ({ ...onAgent(ref), body }),
});
