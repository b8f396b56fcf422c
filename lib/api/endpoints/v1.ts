// V1 app server (§7) and agent server (§8): the request half of each endpoint. Parameter
// names are the wire names. The answers' schemas are in ./v1-responses; this module imports
// none, so the worker can send every call without bundling them (40 KB gzipped budget).
import * as z from 'zod/mini';
import '../zod-english';
import {
  AgentConversationRefSchema,
  defineRequest,
  PageLimitSchema,
  PathIdSchema,
} from '../endpoint';
import {
  EventSortOrderRequestSchema,
  eventSourceValues,
  StartTaskSortOrderRequestSchema,
} from '../enums';
import {
  AppConversationStartRequestSchema,
  AppConversationUpdateRequestSchema,
  AppSendMessageRequestSchema,
  ConfirmationResponseRequestSchema,
  MessageContentRequestSchema,
} from '../v1/requests';

const optionalText = z.nullish(z.string());

/** 0.62.0 asserts on 100 or more ids (500); stay below. */
const BatchIdsSchema = z.array(PathIdSchema).check(z.minLength(1), z.maxLength(99));

const appConversationFilters = {
  title__contains: optionalText,
  created_at__gte: optionalText,
  created_at__lt: optionalText,
  updated_at__gte: optionalText,
  updated_at__lt: optionalText,
  /** 2026. */
  sandbox_id__eq: optionalText,
};

const v062EventFilters = {
  conversation_id__eq: optionalText,
  /** An event class name, e.g. `MessageEvent`. */
  kind__eq: optionalText,
  timestamp__gte: optionalText,
  timestamp__lt: optionalText,
};

const conversationEventFilters = {
  kind__eq: optionalText,
  timestamp__gte: optionalText,
  timestamp__lt: optionalText,
};

const paging = { page_id: optionalText, limit: z.optional(PageLimitSchema) };

/**
 * `stream-start` answers `[`, then task states separated by `,\n`, then `]` once READY or
 * ERROR. Reads every complete state, also from a stream cut short.
 */
export function parseStreamedArray(text: string): unknown[] {
  const trimmed = text.trim();
  try {
    const whole = JSON.parse(trimmed);
    if (Array.isArray(whole)) return whole;
  } catch {
    // Cut short: fall through to reading item by item.
  }
  const items: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < trimmed.length; index++) {
    const char = trimmed[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0 && start >= 0) {
        items.push(JSON.parse(trimmed.slice(start, index + 1)));
        start = -1;
      }
    }
  }
  return items;
}

export const v1Requests = {
  // --- App conversations (§7.1) ---
  /** A page of V1 conversations. */
  'v1.searchAppConversations': defineRequest({
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
  }),
  /** How many V1 conversations match the filters. */
  'v1.countAppConversations': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/count',
    target: 'server',
    params: z.strictObject(appConversationFilters),
    request: (query) => ({ query }),
  }),
  /** V1 conversations by id, in request order; null for unknown ids. */
  'v1.getAppConversations': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations',
    target: 'server',
    params: z.strictObject({ ids: BatchIdsSchema }),
    request: ({ ids }) => ({ query: { ids } }),
  }),
  /**
   * Start a V1 conversation; answers a start task. Poll getStartTasks until READY (→
   * app_conversation_id) or ERROR.
   */
  'v1.startAppConversation': defineRequest({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/app-conversations',
    target: 'server',
    params: AppConversationStartRequestSchema,
    request: (body) => ({ body }),
  }),
  /** Start a V1 conversation and wait: every start-task state up to READY or ERROR. */
  'v1.streamStartAppConversation': defineRequest({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/app-conversations/stream-start',
    target: 'server',
    params: AppConversationStartRequestSchema,
    request: (body) => ({ body }),
    readText: parseStreamedArray,
    // Held open while the sandbox starts and the repository is cloned.
    timeoutMs: 10 * 60_000,
  }),
  /** A page of start tasks. */
  'v1.searchStartTasks': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/start-tasks/search',
    target: 'server',
    params: z.strictObject({
      conversation_id__eq: optionalText,
      created_at__gte: optionalText,
      sort_order: z.optional(StartTaskSortOrderRequestSchema),
      ...paging,
    }),
    request: (query) => ({ query }),
  }),
  /** How many start tasks match. */
  'v1.countStartTasks': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/start-tasks/count',
    target: 'server',
    params: z.strictObject({ conversation_id__eq: optionalText, created_at__gte: optionalText }),
    request: (query) => ({ query }),
  }),
  /** Start tasks by id (poll this every ~3 s while starting). */
  'v1.getStartTasks': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/start-tasks',
    target: 'server',
    params: z.strictObject({ ids: BatchIdsSchema }),
    request: ({ ids }) => ({ query: { ids } }),
  }),
  /** 2026 only (0.62.0: use v0.updateConversation). Rename or re-point a conversation. */
  'v1.updateAppConversation': defineRequest({
    group: 'v1',
    method: 'PATCH',
    path: '/api/v1/app-conversations/{conversation_id}',
    target: 'server',
    params: z.extend(AppConversationUpdateRequestSchema, { conversation_id: PathIdSchema }),
    request: ({ conversation_id, ...body }) => ({ path: { conversation_id }, body }),
  }),
  /** 2026 only (0.62.0: use v0.deleteConversation). */
  'v1.deleteAppConversation': defineRequest({
    group: 'v1',
    method: 'DELETE',
    path: '/api/v1/app-conversations/{conversation_id}',
    target: 'server',
    params: z.strictObject({ conversation_id: PathIdSchema }),
    request: ({ conversation_id }) => ({ path: { conversation_id } }),
  }),
  /** 2026 only: send a message through the app server (409 sandbox not running, 410 archived). */
  'v1.sendMessage': defineRequest({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/app-conversations/{conversation_id}/send-message',
    target: 'server',
    params: z.extend(AppSendMessageRequestSchema, { conversation_id: PathIdSchema }),
    request: ({ conversation_id, role, content, run }) => ({
      path: { conversation_id },
      body: { role: role ?? 'user', content, run: run ?? true },
    }),
  }),
  /** 2026 only: the conversation’s skills; empty while its sandbox is not running. */
  'v1.getSkills': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/{conversation_id}/skills',
    target: 'server',
    params: z.strictObject({ conversation_id: PathIdSchema }),
    request: ({ conversation_id }) => ({ path: { conversation_id } }),
  }),

  // --- Sandboxes (§7.4, §7.5) ---
  /** A page of sandboxes. */
  'v1.searchSandboxes': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandboxes/search',
    target: 'server',
    params: z.strictObject(paging),
    request: (query) => ({ query }),
  }),
  /** Sandboxes by id (the query name is `id`, not `ids`); null for unknown ids. */
  'v1.getSandboxes': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandboxes',
    target: 'server',
    params: z.strictObject({ id: BatchIdsSchema }),
    request: ({ id }) => ({ query: { id } }),
  }),
  /** Start a new sandbox (no body). */
  'v1.createSandbox': defineRequest({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/sandboxes',
    target: 'server',
    params: z.strictObject({ sandbox_spec_id: optionalText }),
    request: (query) => ({ query }),
  }),
  /** Pause a sandbox: the V1 way to stop a conversation’s runtime. */
  'v1.pauseSandbox': defineRequest({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/sandboxes/{sandbox_id}/pause',
    target: 'server',
    params: z.strictObject({ sandbox_id: PathIdSchema }),
    request: ({ sandbox_id }) => ({ path: { sandbox_id } }),
  }),
  /** Resume a paused sandbox; poll until RUNNING with a session_api_key. */
  'v1.resumeSandbox': defineRequest({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/sandboxes/{sandbox_id}/resume',
    target: 'server',
    params: z.strictObject({ sandbox_id: PathIdSchema }),
    request: ({ sandbox_id }) => ({ path: { sandbox_id } }),
  }),
  /** Delete a sandbox. Sends the id both in the path and as query `sandbox_id`. */
  'v1.deleteSandbox': defineRequest({
    group: 'v1',
    method: 'DELETE',
    path: '/api/v1/sandboxes/{id}',
    target: 'server',
    // Quirk (§7.4): the handler reads the id from query `sandbox_id`; the path is ignored.
    params: z.strictObject({ sandbox_id: PathIdSchema }),
    request: ({ sandbox_id }) => ({ path: { id: sandbox_id }, query: { sandbox_id } }),
  }),
  /** A page of sandbox specs (images/templates). */
  'v1.searchSandboxSpecs': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandbox-specs/search',
    target: 'server',
    params: z.strictObject(paging),
    request: (query) => ({ query }),
  }),
  /** Sandbox specs by id (query `id`). */
  'v1.getSandboxSpecs': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandbox-specs',
    target: 'server',
    params: z.strictObject({ id: BatchIdsSchema }),
    request: ({ id }) => ({ query: { id } }),
  }),

  // --- Events on the app server (§7.6): 0.62.0 form, then the 2026 form ---
  /** 0.62.0: a page of stored V1 events (filter by conversation_id__eq). */
  'v1.searchEvents': defineRequest({
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
  }),
  /** 0.62.0: how many events match (e.g. how many a socket replay will deliver). */
  'v1.countEvents': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/events/count',
    target: 'server',
    params: z.strictObject(v062EventFilters),
    request: (query) => ({ query }),
  }),
  /** 0.62.0: events by id; null for unknown ids. */
  'v1.getEvents': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/events',
    target: 'server',
    params: z.strictObject({ id: BatchIdsSchema }),
    request: ({ id }) => ({ query: { id } }),
  }),
  /** 2026: a page of one conversation’s stored events. */
  'v1.searchConversationEvents': defineRequest({
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
  }),
  /** 2026: how many of a conversation’s events match. */
  'v1.countConversationEvents': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/conversation/{conversation_id}/events/count',
    target: 'server',
    params: z.strictObject({ conversation_id: PathIdSchema, ...conversationEventFilters }),
    request: ({ conversation_id, ...query }) => ({ path: { conversation_id }, query }),
  }),
  /** 2026: a conversation’s events by id; null for unknown ids. */
  'v1.getConversationEvents': defineRequest({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/conversation/{conversation_id}/events',
    target: 'server',
    params: z.strictObject({ conversation_id: PathIdSchema, id: BatchIdsSchema }),
    request: ({ conversation_id, id }) => ({ path: { conversation_id }, query: { id } }),
  }),
};

// --- Agent server (§8.2), under the conversation's `conversation_url` ---

const conversation = AgentConversationRefSchema;
const agentFilters = {
  kind: optionalText,
  source: z.nullish(z.enum(eventSourceValues)),
  /** Case-insensitive text search. */
  body: optionalText,
  timestamp__gte: optionalText,
  timestamp__lt: optionalText,
};
const onAgent = (ref: z.output<typeof conversation>) => ({
  path: { conversation_id: conversationIdOf(ref.conversation_url) },
  agentServer: ref,
});

/** The `<id>` at the end of `…/api/conversations/<id>` (for the path template only). */
function conversationIdOf(conversationUrl: string): string {
  const match = /\/api\/conversations\/([^/?#]+)\/*(?:[?#].*)?$/.exec(conversationUrl);
  return match ? decodeURIComponent(match[1] as string) : '';
}

export const agentRequests = {
  /** A page of the conversation’s events (kind/source/body/time filters). */
  'agent.searchEvents': defineRequest({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events/search',
    target: 'agent-server',
    params: z.strictObject({
      conversation,
      ...agentFilters,
      sort_order: z.optional(EventSortOrderRequestSchema),
      ...paging,
    }),
    request: ({ conversation: ref, ...query }) => ({ ...onAgent(ref), query }),
  }),
  /** How many of the conversation’s events match. */
  'agent.countEvents': defineRequest({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events/count',
    target: 'agent-server',
    params: z.strictObject({ conversation, ...agentFilters }),
    request: ({ conversation: ref, ...query }) => ({ ...onAgent(ref), query }),
  }),
  /** One event by id. */
  'agent.getEvent': defineRequest({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events/{event_id}',
    target: 'agent-server',
    params: z.strictObject({ conversation, event_id: PathIdSchema }),
    request: ({ conversation: ref, event_id }) => {
      const parts = onAgent(ref);
      return { ...parts, path: { ...parts.path, event_id } };
    },
  }),
  /** Send a message; `run` defaults to true here (upstream: false, the agent would idle). */
  'agent.sendMessage': defineRequest({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/events',
    target: 'agent-server',
    params: z.strictObject({
      conversation,
      content: z.array(MessageContentRequestSchema).check(z.minLength(1)),
      role: z.optional(z.literal('user')),
      run: z.optional(z.boolean()),
    }),
    request: ({ conversation: ref, content, role, run }) => ({
      ...onAgent(ref),
      body: { role: role ?? 'user', content, run: run ?? true },
    }),
  }),
  /** Pause the agent (the V1 "stop"). */
  'agent.pause': defineRequest({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/pause',
    target: 'agent-server',
    params: z.strictObject({ conversation }),
    request: ({ conversation: ref }) => onAgent(ref),
  }),
  /** Resume the agent. 409 (already running) resolves with already_running: true. */
  'agent.run': defineRequest({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/run',
    target: 'agent-server',
    params: z.strictObject({ conversation }),
    request: ({ conversation: ref }) => onAgent(ref),
    // 409 means it is already running, which is what the caller wanted. The value passes
    // the response schema as is (see RunResultSchema in ./v1-responses).
    recover: (error) =>
      error.kind === 'conflict' ? { success: true, already_running: true } : undefined,
  }),
  /** Accept (runs the pending action) or reject (pauses) in confirmation mode. */
  'agent.respondToConfirmation': defineRequest({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/events/respond_to_confirmation',
    target: 'agent-server',
    params: z.extend(ConfirmationResponseRequestSchema, { conversation }),
    request: ({ conversation: ref, ...body }) => ({ ...onAgent(ref), body }),
  }),
  /** The conversation’s live state (execution_status, stats, title…). */
  'agent.getConversation': defineRequest({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}',
    target: 'agent-server',
    params: z.strictObject({ conversation }),
    request: ({ conversation: ref }) => onAgent(ref),
  }),
};
