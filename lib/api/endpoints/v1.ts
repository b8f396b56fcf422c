// V1 app server (§7) and agent server (§8). Parameter names are the wire names.
import { z } from 'zod';
import {
  AgentConversationRefSchema,
  defineEndpoint,
  PageLimitSchema,
  PathIdSchema,
} from '../endpoint';
import {
  EventSortOrderRequestSchema,
  eventSourceValues,
  StartTaskSortOrderRequestSchema,
} from '../enums';
import { ApiEventSchema, V1EventPageSchema } from '../events';
import {
  AppConversationPageSchema,
  AppConversationSchema,
  AppConversationStartRequestSchema,
  AppConversationStartTaskPageSchema,
  AppConversationStartTaskSchema,
  AppConversationUpdateRequestSchema,
  AppSendMessageRequestSchema,
  AppSendMessageResponseSchema,
  ConfirmationResponseRequestSchema,
  ConversationStateSchema,
  MessageContentRequestSchema,
  SandboxInfoSchema,
  SandboxPageSchema,
  SandboxSpecInfoPageSchema,
  SandboxSpecInfoSchema,
  SkillListSchema,
  SuccessSchema,
} from '../v1/models';

const CountSchema = z.number().int();
const optionalText = z.string().nullish();

/** 0.62.0 asserts on 100 or more ids (500); stay below. */
const BatchIdsSchema = z.array(PathIdSchema).min(1).max(99);

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

const paging = { page_id: optionalText, limit: PageLimitSchema.optional() };

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

export const v1Endpoints = {
  // --- App conversations (§7.1) ---
  'v1.searchAppConversations': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/search',
    target: 'server',
    summary: 'A page of V1 conversations.',
    params: z.strictObject({
      ...appConversationFilters,
      ...paging,
      include_sub_conversations: z.boolean().optional(),
    }),
    request: (query) => ({ query }),
    response: AppConversationPageSchema,
  }),
  'v1.countAppConversations': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/count',
    target: 'server',
    summary: 'How many V1 conversations match the filters.',
    params: z.strictObject(appConversationFilters),
    request: (query) => ({ query }),
    response: CountSchema,
  }),
  'v1.getAppConversations': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations',
    target: 'server',
    summary: 'V1 conversations by id, in request order; null for unknown ids.',
    params: z.strictObject({ ids: BatchIdsSchema }),
    request: ({ ids }) => ({ query: { ids } }),
    response: z.array(AppConversationSchema.nullable()),
  }),
  'v1.startAppConversation': defineEndpoint({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/app-conversations',
    target: 'server',
    summary:
      'Start a V1 conversation; answers a start task. Poll getStartTasks until READY (→ app_conversation_id) or ERROR.',
    params: AppConversationStartRequestSchema,
    request: (body) => ({ body }),
    response: AppConversationStartTaskSchema,
  }),
  'v1.streamStartAppConversation': defineEndpoint({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/app-conversations/stream-start',
    target: 'server',
    summary: 'Start a V1 conversation and wait: every start-task state up to READY or ERROR.',
    params: AppConversationStartRequestSchema,
    request: (body) => ({ body }),
    response: z.array(AppConversationStartTaskSchema),
    readText: parseStreamedArray,
    // Held open while the sandbox starts and the repository is cloned.
    timeoutMs: 10 * 60_000,
  }),
  'v1.searchStartTasks': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/start-tasks/search',
    target: 'server',
    summary: 'A page of start tasks.',
    params: z.strictObject({
      conversation_id__eq: optionalText,
      created_at__gte: optionalText,
      sort_order: StartTaskSortOrderRequestSchema.optional(),
      ...paging,
    }),
    request: (query) => ({ query }),
    response: AppConversationStartTaskPageSchema,
  }),
  'v1.countStartTasks': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/start-tasks/count',
    target: 'server',
    summary: 'How many start tasks match.',
    params: z.strictObject({ conversation_id__eq: optionalText, created_at__gte: optionalText }),
    request: (query) => ({ query }),
    response: CountSchema,
  }),
  'v1.getStartTasks': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/start-tasks',
    target: 'server',
    summary: 'Start tasks by id (poll this every ~3 s while starting).',
    params: z.strictObject({ ids: BatchIdsSchema }),
    request: ({ ids }) => ({ query: { ids } }),
    response: z.array(AppConversationStartTaskSchema.nullable()),
  }),
  'v1.updateAppConversation': defineEndpoint({
    group: 'v1',
    method: 'PATCH',
    path: '/api/v1/app-conversations/{conversation_id}',
    target: 'server',
    summary: '2026 only (0.62.0: use v0.updateConversation). Rename or re-point a conversation.',
    params: AppConversationUpdateRequestSchema.extend({ conversation_id: PathIdSchema }),
    request: ({ conversation_id, ...body }) => ({ path: { conversation_id }, body }),
    response: AppConversationSchema,
  }),
  'v1.deleteAppConversation': defineEndpoint({
    group: 'v1',
    method: 'DELETE',
    path: '/api/v1/app-conversations/{conversation_id}',
    target: 'server',
    summary: '2026 only (0.62.0: use v0.deleteConversation).',
    params: z.strictObject({ conversation_id: PathIdSchema }),
    request: ({ conversation_id }) => ({ path: { conversation_id } }),
    response: SuccessSchema,
  }),
  'v1.sendMessage': defineEndpoint({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/app-conversations/{conversation_id}/send-message',
    target: 'server',
    summary:
      '2026 only: send a message through the app server (409 sandbox not running, 410 archived).',
    params: AppSendMessageRequestSchema.extend({ conversation_id: PathIdSchema }),
    request: ({ conversation_id, role, content, run }) => ({
      path: { conversation_id },
      body: { role: role ?? 'user', content, run: run ?? true },
    }),
    response: AppSendMessageResponseSchema,
  }),
  'v1.getSkills': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/app-conversations/{conversation_id}/skills',
    target: 'server',
    summary: '2026 only: the conversation’s skills; empty while its sandbox is not running.',
    params: z.strictObject({ conversation_id: PathIdSchema }),
    request: ({ conversation_id }) => ({ path: { conversation_id } }),
    response: SkillListSchema,
  }),

  // --- Sandboxes (§7.4, §7.5) ---
  'v1.searchSandboxes': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandboxes/search',
    target: 'server',
    summary: 'A page of sandboxes.',
    params: z.strictObject(paging),
    request: (query) => ({ query }),
    response: SandboxPageSchema,
  }),
  'v1.getSandboxes': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandboxes',
    target: 'server',
    summary: 'Sandboxes by id (the query name is `id`, not `ids`); null for unknown ids.',
    params: z.strictObject({ id: BatchIdsSchema }),
    request: ({ id }) => ({ query: { id } }),
    response: z.array(SandboxInfoSchema.nullable()),
  }),
  'v1.createSandbox': defineEndpoint({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/sandboxes',
    target: 'server',
    summary: 'Start a new sandbox (no body).',
    params: z.strictObject({ sandbox_spec_id: optionalText }),
    request: (query) => ({ query }),
    response: SandboxInfoSchema,
  }),
  'v1.pauseSandbox': defineEndpoint({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/sandboxes/{sandbox_id}/pause',
    target: 'server',
    summary: 'Pause a sandbox: the V1 way to stop a conversation’s runtime.',
    params: z.strictObject({ sandbox_id: PathIdSchema }),
    request: ({ sandbox_id }) => ({ path: { sandbox_id } }),
    response: SuccessSchema,
  }),
  'v1.resumeSandbox': defineEndpoint({
    group: 'v1',
    method: 'POST',
    path: '/api/v1/sandboxes/{sandbox_id}/resume',
    target: 'server',
    summary: 'Resume a paused sandbox; poll until RUNNING with a session_api_key.',
    params: z.strictObject({ sandbox_id: PathIdSchema }),
    request: ({ sandbox_id }) => ({ path: { sandbox_id } }),
    response: SuccessSchema,
  }),
  'v1.deleteSandbox': defineEndpoint({
    group: 'v1',
    method: 'DELETE',
    path: '/api/v1/sandboxes/{id}',
    target: 'server',
    // Quirk (§7.4): the handler reads the id from query `sandbox_id`; the path is ignored.
    summary: 'Delete a sandbox. Sends the id both in the path and as query `sandbox_id`.',
    params: z.strictObject({ sandbox_id: PathIdSchema }),
    request: ({ sandbox_id }) => ({ path: { id: sandbox_id }, query: { sandbox_id } }),
    response: SuccessSchema,
  }),
  'v1.searchSandboxSpecs': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandbox-specs/search',
    target: 'server',
    summary: 'A page of sandbox specs (images/templates).',
    params: z.strictObject(paging),
    request: (query) => ({ query }),
    response: SandboxSpecInfoPageSchema,
  }),
  'v1.getSandboxSpecs': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/sandbox-specs',
    target: 'server',
    summary: 'Sandbox specs by id (query `id`).',
    params: z.strictObject({ id: BatchIdsSchema }),
    request: ({ id }) => ({ query: { id } }),
    response: z.array(SandboxSpecInfoSchema.nullable()),
  }),

  // --- Events on the app server (§7.6): 0.62.0 form, then the 2026 form ---
  'v1.searchEvents': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/events/search',
    target: 'server',
    summary: '0.62.0: a page of stored V1 events (filter by conversation_id__eq).',
    params: z.strictObject({
      ...v062EventFilters,
      sort_order: EventSortOrderRequestSchema.optional(),
      ...paging,
    }),
    request: (query) => ({ query }),
    response: V1EventPageSchema,
  }),
  'v1.countEvents': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/events/count',
    target: 'server',
    summary: '0.62.0: how many events match (e.g. how many a socket replay will deliver).',
    params: z.strictObject(v062EventFilters),
    request: (query) => ({ query }),
    response: CountSchema,
  }),
  'v1.getEvents': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/events',
    target: 'server',
    summary: '0.62.0: events by id; null for unknown ids.',
    params: z.strictObject({ id: BatchIdsSchema }),
    request: ({ id }) => ({ query: { id } }),
    response: z.array(ApiEventSchema.nullable()),
  }),
  'v1.searchConversationEvents': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/conversation/{conversation_id}/events/search',
    target: 'server',
    summary: '2026: a page of one conversation’s stored events.',
    params: z.strictObject({
      conversation_id: PathIdSchema,
      ...conversationEventFilters,
      sort_order: EventSortOrderRequestSchema.optional(),
      ...paging,
    }),
    request: ({ conversation_id, ...query }) => ({ path: { conversation_id }, query }),
    response: V1EventPageSchema,
  }),
  'v1.countConversationEvents': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/conversation/{conversation_id}/events/count',
    target: 'server',
    summary: '2026: how many of a conversation’s events match.',
    params: z.strictObject({ conversation_id: PathIdSchema, ...conversationEventFilters }),
    request: ({ conversation_id, ...query }) => ({ path: { conversation_id }, query }),
    response: CountSchema,
  }),
  'v1.getConversationEvents': defineEndpoint({
    group: 'v1',
    method: 'GET',
    path: '/api/v1/conversation/{conversation_id}/events',
    target: 'server',
    summary: '2026: a conversation’s events by id; null for unknown ids.',
    params: z.strictObject({ conversation_id: PathIdSchema, id: BatchIdsSchema }),
    request: ({ conversation_id, id }) => ({ path: { conversation_id }, query: { id } }),
    response: z.array(ApiEventSchema.nullable()),
  }),
};

// --- Agent server (§8.2), under the conversation's `conversation_url` ---

const conversation = AgentConversationRefSchema;
const agentFilters = {
  kind: optionalText,
  source: z.enum(eventSourceValues).nullish(),
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

/** Agent-server `run`: 409 means it is already running, which is what the caller wanted. */
const RunResultSchema = z
  .looseObject({ success: z.boolean().nullish() })
  .transform((body) => ({ success: body.success !== false, already_running: false }));

export const agentEndpoints = {
  'agent.searchEvents': defineEndpoint({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events/search',
    target: 'agent-server',
    summary: 'A page of the conversation’s events (kind/source/body/time filters).',
    params: z.strictObject({
      conversation,
      ...agentFilters,
      sort_order: EventSortOrderRequestSchema.optional(),
      ...paging,
    }),
    request: ({ conversation: ref, ...query }) => ({ ...onAgent(ref), query }),
    response: V1EventPageSchema,
  }),
  'agent.countEvents': defineEndpoint({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events/count',
    target: 'agent-server',
    summary: 'How many of the conversation’s events match.',
    params: z.strictObject({ conversation, ...agentFilters }),
    request: ({ conversation: ref, ...query }) => ({ ...onAgent(ref), query }),
    response: CountSchema,
  }),
  'agent.getEvent': defineEndpoint({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events/{event_id}',
    target: 'agent-server',
    summary: 'One event by id.',
    params: z.strictObject({ conversation, event_id: PathIdSchema }),
    request: ({ conversation: ref, event_id }) => {
      const parts = onAgent(ref);
      return { ...parts, path: { ...parts.path, event_id } };
    },
    response: ApiEventSchema,
  }),
  'agent.sendMessage': defineEndpoint({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/events',
    target: 'agent-server',
    summary: 'Send a message; `run` defaults to true here (upstream: false, the agent would idle).',
    params: z.strictObject({
      conversation,
      content: z.array(MessageContentRequestSchema).min(1),
      role: z.literal('user').optional(),
      run: z.boolean().optional(),
    }),
    request: ({ conversation: ref, content, role, run }) => ({
      ...onAgent(ref),
      body: { role: role ?? 'user', content, run: run ?? true },
    }),
    response: SuccessSchema,
  }),
  'agent.pause': defineEndpoint({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/pause',
    target: 'agent-server',
    summary: 'Pause the agent (the V1 "stop").',
    params: z.strictObject({ conversation }),
    request: ({ conversation: ref }) => onAgent(ref),
    response: SuccessSchema,
  }),
  'agent.run': defineEndpoint({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/run',
    target: 'agent-server',
    summary: 'Resume the agent. 409 (already running) resolves with already_running: true.',
    params: z.strictObject({ conversation }),
    request: ({ conversation: ref }) => onAgent(ref),
    response: RunResultSchema,
    recover: (error) =>
      error.kind === 'conflict' ? { success: true, already_running: true } : undefined,
  }),
  'agent.respondToConfirmation': defineEndpoint({
    group: 'agent',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/events/respond_to_confirmation',
    target: 'agent-server',
    summary: 'Accept (runs the pending action) or reject (pauses) in confirmation mode.',
    params: ConfirmationResponseRequestSchema.extend({ conversation }),
    request: ({ conversation: ref, ...body }) => ({ ...onAgent(ref), body }),
    response: SuccessSchema,
  }),
  'agent.getConversation': defineEndpoint({
    group: 'agent',
    method: 'GET',
    path: '/api/conversations/{conversation_id}',
    target: 'agent-server',
    summary: 'The conversation’s live state (execution_status, stats, title…).',
    params: z.strictObject({ conversation }),
    request: ({ conversation: ref }) => onAgent(ref),
    response: ConversationStateSchema,
  }),
};
