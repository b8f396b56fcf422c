// The V1 app server's conversation routes (prefix /api/v1; upstream openhands/app_server/**):
// app conversations, start tasks, events, sandboxes, specs, in one of two generations.
//   `v062`: OpenHands 0.62, events under /api/v1/events/* (page_id = the next event's id).
//   `current`: the 1.x app server (11ca68ab2, release 1.11.0) and the hosted service: rename,
//   delete, send-message and skills routes, events only under /api/v1/conversation/{id}/events
//   (page_id an integer offset), the start request with `suggested_task`.
// Pages are `{items, next_page_id}` with `limit` 1..100 (422 outside); batch gets answer
// `(T | null)[]` in request order and fail with a 500 (an assertion) from 100 ids on.
import type { AppConversationRecord, StartTaskRecord, V1Event } from '../core/state';
import { parseIsoMicros, pythonIsoformat, toNaiveLocal, utcNow } from '../core/time';
import {
  bool,
  datetime,
  int,
  list,
  model,
  oneOf,
  opt,
  type Schema,
  str,
  uuid,
} from '../http/pydantic';
import {
  httpException,
  json,
  RESPONSE,
  type ServiceResponse,
  UpstreamCrash,
} from '../http/respond';
import { defineRoute, queryModel, type Route } from '../http/router';
import {
  AppConversationStartRequest1xModel,
  AppConversationStartRequestModel,
  AppConversationUpdateRequestModel,
  AppSendMessageRequestModel,
} from '../models/v1';
import type { RouteHost } from './common';

/** Event class names known to SDK 1.3.0 (`EventKind` literal of the 0.62.0 events search). */
export const v062EventKinds = [
  'Condensation',
  'CondensationRequest',
  'CondensationSummaryEvent',
  'ConversationErrorEvent',
  'ConversationStateUpdateEvent',
  'LLMCompletionLogEvent',
  'ActionEvent',
  'MessageEvent',
  'AgentErrorEvent',
  'ObservationEvent',
  'UserRejectObservation',
  'SystemPromptEvent',
  'TokenEvent',
  'PauseEvent',
] as const;

/** The 2026 literal (cloud OpenAPI `kind__eq`). */
export const cloudEventKinds = [
  'ServerErrorEvent',
  'ACPToolCallEvent',
  'Condensation',
  'CondensationRequest',
  'CondensationSummaryEvent',
  'ConversationErrorEvent',
  'ConversationStateUpdateEvent',
  'HookExecutionEvent',
  'LLMCompletionLogEvent',
  'ActionEvent',
  'MessageEvent',
  'AgentErrorEvent',
  'ObservationEvent',
  'UserRejectObservation',
  'SystemPromptEvent',
  'StreamingDeltaEvent',
  'TokenEvent',
  'InterruptEvent',
  'PauseEvent',
] as const;

const limitField = { schema: int({ gt: 0, le: 100 }), options: { default: () => 100 } };

function page<T>(items: T[], pageId: string | null, limit: number) {
  const start = pageId ? Number.parseInt(pageId, 10) || 0 : 0;
  const end = start + limit;
  return { items: items.slice(start, end), next_page_id: end < items.length ? String(end) : null };
}

/** Batch gets assert fewer than 100 ids: beyond that upstream fails with a 500. */
function assertBatch(ids: unknown[], max = 99): void {
  if (ids.length > max) throw new UpstreamCrash('AssertionError');
}

const micros = (iso: string) => parseIsoMicros(iso) ?? 0;

export type V1Generation = 'v062' | 'current';

export function v1AppRoutes(host: RouteHost, generation: V1Generation): Route[] {
  const { v1 } = host;
  const startModel = (
    generation === 'current' ? AppConversationStartRequest1xModel : AppConversationStartRequestModel
  ) as Schema<Record<string, unknown>>;
  const conversations = () => Object.values(host.data.app_conversations);
  const tasks = () => Object.values(host.data.start_tasks);

  const conversationFilters = {
    title__contains: opt(str()),
    created_at__gte: opt(datetime()),
    created_at__lt: opt(datetime()),
    updated_at__gte: opt(datetime()),
    updated_at__lt: opt(datetime()),
    sandbox_id__eq: opt(str()),
  };
  type ConversationFilter = {
    title__contains: string | null;
    created_at__gte: string | null;
    created_at__lt: string | null;
    updated_at__gte: string | null;
    updated_at__lt: string | null;
    sandbox_id__eq: string | null;
  };
  const filterConversations = (q: ConversationFilter, includeSub: boolean) =>
    conversations()
      .filter((c) => includeSub || !c.parent_conversation_id)
      .filter((c) => !q.title__contains || (c.title ?? '').includes(q.title__contains))
      .filter((c) => !q.created_at__gte || micros(c.created_at) >= micros(q.created_at__gte))
      .filter((c) => !q.created_at__lt || micros(c.created_at) < micros(q.created_at__lt))
      .filter((c) => !q.updated_at__gte || micros(c.updated_at) >= micros(q.updated_at__gte))
      .filter((c) => !q.updated_at__lt || micros(c.updated_at) < micros(q.updated_at__lt))
      .filter((c) => !q.sandbox_id__eq || c.sandbox_id === q.sandbox_id__eq)
      .sort((a, b) => micros(b.created_at) - micros(a.created_at));

  const taskView = (task: StartTaskRecord) => structuredClone(task);

  const eventFilters = (kinds: readonly string[]) => ({
    kind__eq: opt(oneOf(kinds as [string, ...string[]], 'literal')),
    timestamp__gte: opt(datetime()),
    timestamp__lt: opt(datetime()),
  });
  const sortOrder = {
    sort_order: {
      schema: oneOf(['TIMESTAMP', 'TIMESTAMP_DESC'] as const),
      options: { default: () => 'TIMESTAMP' as const },
    },
  };
  const searchEvents = (
    records: AppConversationRecord[],
    q: {
      kind__eq: string | null;
      timestamp__gte: string | null;
      timestamp__lt: string | null;
      sort_order?: string;
    },
  ): V1Event[] => {
    const gte = q.timestamp__gte ? toNaiveLocal(q.timestamp__gte) : null;
    const lt = q.timestamp__lt ? toNaiveLocal(q.timestamp__lt) : null;
    const events = records
      .flatMap((r) => r.events)
      .filter((e) => !q.kind__eq || e.kind === q.kind__eq)
      .filter((e) => gte === null || e.timestamp >= gte)
      .filter((e) => lt === null || e.timestamp < lt)
      .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    return q.sort_order === 'TIMESTAMP_DESC' ? events.reverse() : events;
  };

  const recordsFor = (conversationId: string | null) =>
    conversationId
      ? [host.data.app_conversations[conversationId]].filter((r): r is AppConversationRecord => !!r)
      : conversations();

  const conversationRoutes: Route[] = [
    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        ...conversationFilters,
        page_id: opt(str()),
        limit: limitField,
        include_sub_conversations: { schema: bool(), options: { default: () => false } },
      }),
      handle: ({ query }) => {
        const found = filterConversations(query, query.include_sub_conversations);
        const result = page(found, query.page_id, query.limit);
        return {
          items: result.items.map((c) => v1.appConversation(c)),
          next_page_id: result.next_page_id,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations/count',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel(conversationFilters),
      handle: ({ query }) => filterConversations(query, true).length,
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ ids: list(uuid()) }, ['ids']),
      handle: ({ query }) => {
        assertBatch(query.ids);
        return query.ids.map((id) => {
          const record = v1.conversation(id);
          return record ? v1.appConversation(record) : null;
        });
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/app-conversations',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: startModel, required: true },
      handle: ({ body }) => taskView(v1.startConversation(body as Record<string, unknown>)),
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/app-conversations/stream-start',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: startModel, required: true },
      handle: ({ body }): ServiceResponse => {
        const request = body as Record<string, unknown>;
        async function* chunks(): AsyncGenerator<string> {
          yield '[\n';
          // The task starts inside the stream: a request that fails there (suggested_task with
          // an initial_message) breaks the connection after the opening bracket.
          const first = v1.startConversation(request);
          yield JSON.stringify(first);
          const queue: StartTaskRecord[] = [];
          let wake: (() => void) | null = null;
          const listeners = v1.onTaskUpdate.get(first.id) ?? [];
          listeners.push((task) => {
            queue.push(task);
            wake?.();
          });
          v1.onTaskUpdate.set(first.id, listeners);
          try {
            for (;;) {
              while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
              const task = queue.shift() as StartTaskRecord;
              yield `,\n${JSON.stringify(task)}`;
              if (task.status === 'READY' || task.status === 'ERROR') break;
            }
          } finally {
            v1.onTaskUpdate.delete(first.id);
          }
          yield ']';
        }
        return {
          [RESPONSE]: true,
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '',
          stream: chunks(),
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations/start-tasks/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        conversation_id__eq: opt(uuid()),
        created_at__gte: opt(datetime()),
        sort_order: {
          schema: oneOf([
            'CREATED_AT',
            'CREATED_AT_DESC',
            'UPDATED_AT',
            'UPDATED_AT_DESC',
          ] as const),
          options: { default: () => 'CREATED_AT_DESC' as const },
        },
        page_id: opt(str()),
        limit: limitField,
      }),
      handle: ({ query }) => {
        const key = query.sort_order.startsWith('UPDATED') ? 'updated_at' : 'created_at';
        const desc = query.sort_order.endsWith('_DESC');
        const items = tasks()
          .filter(
            (t) =>
              !query.conversation_id__eq || t.app_conversation_id === query.conversation_id__eq,
          )
          .filter(
            (t) => !query.created_at__gte || micros(t.created_at) >= micros(query.created_at__gte),
          )
          .sort((a, b) => (desc ? -1 : 1) * (micros(a[key]) - micros(b[key])));
        const result = page(items, query.page_id, query.limit);
        return { items: result.items.map(taskView), next_page_id: result.next_page_id };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations/start-tasks/count',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ conversation_id__eq: opt(uuid()), created_at__gte: opt(datetime()) }),
      handle: ({ query }) =>
        tasks()
          .filter(
            (t) =>
              !query.conversation_id__eq || t.app_conversation_id === query.conversation_id__eq,
          )
          .filter(
            (t) => !query.created_at__gte || micros(t.created_at) >= micros(query.created_at__gte),
          ).length,
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations/start-tasks',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ ids: list(uuid()) }, ['ids']),
      handle: ({ query }) => {
        assertBatch(query.ids);
        return query.ids.map((id) => {
          const task = v1.task(id);
          return task ? taskView(task) : null;
        });
      },
    }),
  ];

  const currentRoutes: Route[] = [
    // --- 2026 additions -------------------------------------------------------------------------

    defineRoute({
      method: 'PATCH',
      path: '/api/v1/app-conversations/{conversation_id}',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: AppConversationUpdateRequestModel, required: true },
      handle: ({ params, body, req }) => {
        const record = v1.conversation(params.conversation_id.replaceAll('-', '').toLowerCase());
        if (!record) throw httpException(404);
        const given = JSON.parse(req.body.toString('utf8') || '{}') as Record<string, unknown>;
        for (const key of [
          'title',
          'public',
          'selected_repository',
          'selected_branch',
          'git_provider',
        ] as const) {
          if (key in given) (record as unknown as Record<string, unknown>)[key] = body[key];
        }
        record.updated_at = utcNow();
        host.persist();
        return v1.appConversation(record);
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/api/v1/app-conversations/{conversation_id}',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: async ({ params }) => {
        const deleted = await v1.deleteConversation(
          params.conversation_id.replaceAll('-', '').toLowerCase(),
        );
        if (!deleted) throw httpException(404);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/app-conversations/{conversation_id}/send-message',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: AppSendMessageRequestModel, required: true },
      handle: ({ params, body }) => {
        const record = v1.conversation(params.conversation_id.replaceAll('-', '').toLowerCase());
        if (!record) throw httpException(404, 'Conversation not found');
        const status = v1.sandboxStatusOf(record);
        if (status === 'MISSING') throw httpException(410, 'Conversation is archived');
        if (status === 'ERROR') throw httpException(503, 'Sandbox is in an error state');
        if (status !== 'RUNNING') throw httpException(409, `Sandbox is not running (${status})`);
        v1.sendMessage(record, 'user', body.content, body.run);
        return { success: true, sandbox_status: status, message: null };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/app-conversations/{conversation_id}/skills',
      auth: 'v1',
      contract: { source: 'cloud' },
      params: model({ conversation_id: uuid() }, { extra: 'ignore' }),
      handle: ({ params }) => {
        const record = v1.conversation(params.conversation_id);
        if (!record) return json({ error: 'Conversation not found' }, 404);
        if (v1.sandboxStatusOf(record) !== 'RUNNING') return { skills: [] };
        return { skills: v1.skills(record) };
      },
    }),
  ];

  const v062EventRoutes: Route[] = [
    // --- events ----------------------------------------------------------------------------------

    defineRoute({
      method: 'GET',
      path: '/api/v1/events/search',
      auth: 'v1',
      contract: {
        source: 'documented',
        why: 'docs/contract/v1-app-server.md#event-history (0.62.0 path; the 2026 document has /api/v1/conversation/{id}/events/search)',
      },
      query: queryModel({
        conversation_id__eq: opt(uuid()),
        ...eventFilters(v062EventKinds),
        page_id: opt(str()),
        limit: limitField,
      }),
      handle: ({ query }) =>
        eventPage(searchEvents(recordsFor(query.conversation_id__eq), query), query),
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/events/count',
      auth: 'v1',
      contract: {
        source: 'documented',
        why: 'docs/contract/v1-app-server.md#event-history (0.62.0 path)',
      },
      query: queryModel({
        conversation_id__eq: opt(uuid()),
        ...eventFilters(v062EventKinds),
        ...sortOrder,
      }),
      handle: ({ query }) => searchEvents(recordsFor(query.conversation_id__eq), query).length,
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/events',
      auth: 'v1',
      contract: {
        source: 'documented',
        why: 'docs/contract/v1-app-server.md#event-history (0.62.0 batch path)',
      },
      query: queryModel({ id: list(str()) }, ['id']),
      handle: ({ query }) => {
        assertBatch(query.id, 100);
        const all = new Map(
          conversations().flatMap((c) => c.events.map((e) => [e.id, e] as const)),
        );
        return query.id.map((id) => all.get(id) ?? null);
      },
    }),
  ];

  const sandboxRoutes: Route[] = [
    // --- sandboxes -------------------------------------------------------------------------------

    defineRoute({
      method: 'GET',
      path: '/api/v1/sandboxes/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ page_id: opt(str()), limit: limitField }),
      handle: ({ query }) => {
        const all = Object.values(host.data.sandboxes).sort(
          (a, b) => micros(b.created_at) - micros(a.created_at),
        );
        const result = page(all, query.page_id, query.limit);
        return {
          items: result.items.map((s) => v1.sandboxInfo(s)),
          next_page_id: result.next_page_id,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/sandboxes',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ id: list(str()) }, ['id']),
      handle: ({ query }) => {
        assertBatch(query.id);
        return query.id.map((id) => {
          const sandbox = v1.sandbox(id);
          return sandbox ? v1.sandboxInfo(sandbox) : null;
        });
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/sandboxes',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ sandbox_spec_id: opt(str()) }),
      handle: ({ query }) => {
        if (
          query.sandbox_spec_id &&
          !host.data.sandbox_specs.some((s) => s.id === query.sandbox_spec_id)
        ) {
          throw new UpstreamCrash(`Sandbox spec not found: ${query.sandbox_spec_id}`);
        }
        return v1.sandboxInfo(v1.startSandbox(query.sandbox_spec_id));
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/sandboxes/{sandbox_id}/pause',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: async ({ params }) => {
        if (!(await v1.pauseSandbox(params.sandbox_id))) throw httpException(404);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/sandboxes/{sandbox_id}/resume',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: async ({ params }) => {
        if (!(await v1.resumeSandbox(params.sandbox_id))) throw httpException(404);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/api/v1/sandboxes/{id}',
      auth: 'v1',
      contract: { source: 'cloud' },
      // The handler's parameter is named `sandbox_id`, so FastAPI reads it from the query and
      // ignores the path segment (still so in the 2026 document).
      query: queryModel({ sandbox_id: str() }),
      handle: async ({ query }) => {
        if (!(await v1.deleteSandbox(query.sandbox_id))) throw httpException(404);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/sandbox-specs/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ page_id: opt(str()), limit: limitField }),
      handle: ({ query }) => page(host.data.sandbox_specs, query.page_id, query.limit),
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/sandbox-specs',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ id: list(str()) }, ['id']),
      handle: ({ query }) => {
        assertBatch(query.id, 100);
        return query.id.map((id) => host.data.sandbox_specs.find((s) => s.id === id) ?? null);
      },
    }),
  ];

  if (generation === 'v062') {
    // The 0.62 service's hosted mode also served the 2026 conversation routes.
    return [
      ...conversationRoutes,
      ...(host.options.hosted ? [...currentRoutes, ...currentEventRoutes(host)] : []),
      ...v062EventRoutes,
      ...sandboxRoutes,
    ];
  }
  return [...conversationRoutes, ...currentRoutes, ...currentEventRoutes(host), ...sandboxRoutes];
}

function eventPage(events: V1Event[], query: { page_id: string | null; limit: number }) {
  let start = 0;
  if (query.page_id) {
    const index = events.findIndex((e) => e.id === query.page_id);
    start = index === -1 ? 0 : index;
  }
  const items = events.slice(start, start + query.limit);
  const next = events[start + query.limit];
  return { items, next_page_id: next ? next.id : null };
}

/** Python's `UUID(value)`: the 32 hex digits, or null where it raises a ValueError. */
function pythonUuid(value: string): string | null {
  const hex = value
    .replace(/^urn:uuid:/i, '')
    .replace(/^\{(.*)\}$/, '$1')
    .replaceAll('-', '');
  return /^[0-9a-fA-F]{32}$/.test(hex) ? hex.toLowerCase() : null;
}

/** `int(page_id)`: Python's integer parsing, or null where it raises a ValueError. */
function pythonInt(value: string): number | null {
  const trimmed = value.trim();
  return /^[-+]?\d+(_\d+)*$/.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : null;
}

/** `items[start:]` with Python's meaning of a negative start. */
function pythonSliceFrom<T>(items: T[], start: number): T[] {
  return items.slice(start < 0 ? Math.max(0, items.length + start) : start);
}

/**
 * The 1.x history routes (event/event_router.py, event_service_base.py at 11ca68ab2). The id in
 * the path is a plain string turned into a UUID inside the handler, so a malformed one is an
 * unhandled ValueError (500), as is a `page_id` that is not an integer. An unknown conversation
 * is an empty page, not a 404. Timestamp filters compare `isoformat()` strings with the stored
 * naive timestamps, and `page_id` is the integer offset of the next page.
 */
function currentEventRoutes(host: RouteHost): Route[] {
  const filters = {
    kind__eq: opt(oneOf(cloudEventKinds as unknown as [string, ...string[]], 'literal')),
    timestamp__gte: opt(datetime()),
    timestamp__lt: opt(datetime()),
  };
  type Filters = {
    kind__eq: string | null;
    timestamp__gte: string | null;
    timestamp__lt: string | null;
  };
  const eventsOf = (rawId: string): V1Event[] => {
    const id = pythonUuid(rawId);
    if (id === null) throw new UpstreamCrash(`badly formed hexadecimal UUID string: ${rawId}`);
    return host.data.app_conversations[id]?.events ?? [];
  };
  const matching = (events: V1Event[], q: Filters): V1Event[] => {
    const gte = q.timestamp__gte ? pythonIsoformat(q.timestamp__gte) : null;
    const lt = q.timestamp__lt ? pythonIsoformat(q.timestamp__lt) : null;
    return events.filter(
      (e) =>
        (!q.kind__eq || e.kind === q.kind__eq) &&
        (gte === null || e.timestamp >= gte) &&
        (lt === null || e.timestamp < lt),
    );
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/conversation/{conversation_id}/events/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        ...filters,
        sort_order: {
          schema: oneOf(['TIMESTAMP', 'TIMESTAMP_DESC'] as const),
          options: { default: () => 'TIMESTAMP' as const },
        },
        page_id: opt(str()),
        limit: limitField,
      }),
      handle: ({ params, query }) => {
        let items = matching(eventsOf(params.conversation_id), query);
        items.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
        if (query.sort_order === 'TIMESTAMP_DESC') items.reverse();
        let start = 0;
        if (query.page_id) {
          const offset = pythonInt(query.page_id);
          if (offset === null)
            throw new UpstreamCrash(`invalid literal for int(): ${query.page_id}`);
          start = offset;
          items = pythonSliceFrom(items, start);
        }
        let next: string | null = null;
        if (items.length > query.limit) {
          next = String(start + query.limit);
          items = items.slice(0, query.limit);
        }
        return { items, next_page_id: next };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/conversation/{conversation_id}/events/count',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel(filters),
      handle: ({ params, query }) => matching(eventsOf(params.conversation_id), query).length,
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/conversation/{conversation_id}/events',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ id: list(str()) }, ['id']),
      handle: ({ params, query }) => {
        if (query.id.length > 100) {
          throw httpException(
            400,
            `Cannot request more than 100 events at once, got ${query.id.length}`,
          );
        }
        const events = eventsOf(params.conversation_id);
        const wanted = query.id.map((id) => {
          const hex = pythonUuid(id);
          if (hex === null) throw new UpstreamCrash(`badly formed hexadecimal UUID string: ${id}`);
          return hex;
        });
        const byHex = new Map(events.map((e) => [e.id.replaceAll('-', '').toLowerCase(), e]));
        return wanted.map((hex) => byHex.get(hex) ?? null);
      },
    }),
  ];
}
