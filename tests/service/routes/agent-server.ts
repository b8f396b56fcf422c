// The V1 agent server of one sandbox (upstream software-agent-sdk openhands-agent-server, v1.3.0;
// docs/contract/agent-server.md#rest-routes), at that sandbox's own listener and behind its key
// (`X-Session-API-Key`). Conversation ids in paths are UUIDs in either form; unknown ones (or
// another sandbox's) get `404 {"detail":"Conversation not found: <uuid>"}`. Its `limit` has
// upstream's `lte` typo: the upper bound is only an assertion, so `limit=101` is a 500.

import { parseUuid, toDashed } from '../core/ids';
import type { AppConversationRecord, V1Event } from '../core/state';
import { toNaiveLocal } from '../core/time';
import { any, datetime, int, list, model, oneOf, opt, optional, str, uuid } from '../http/pydantic';
import { httpException, UpstreamCrash } from '../http/respond';
import { defineRoute, type Incoming, queryModel, type Route } from '../http/router';
import {
  AgentUpdateConversationRequestModel,
  ConfirmationResponseRequestModel,
  SendMessageRequestModel,
} from '../models/v1';
import type { RouteHost } from './common';

const PREFIX = '/api/conversations/{conversation_id}';
const conversationParams = model({ conversation_id: uuid() }, { extra: 'ignore' });

const executionStatuses = [
  'idle',
  'running',
  'paused',
  'waiting_for_confirmation',
  'finished',
  'error',
  'stuck',
] as const;

function messageText(event: V1Event): string {
  const parts: string[] = [];
  const content =
    (event.llm_message as { content?: { text?: string }[] } | undefined)?.content ?? [];
  for (const item of content) if (typeof item.text === 'string') parts.push(item.text);
  for (const item of (event.extended_content as { text?: string }[] | undefined) ?? []) {
    if (typeof item.text === 'string') parts.push(item.text);
  }
  if (typeof event.reasoning_content === 'string') parts.push(event.reasoning_content);
  return parts.join(' ').toLowerCase();
}

export function agentServerRoutes(host: RouteHost, sandboxId: string): Route[] {
  const { v1 } = host;

  const conversationHere = (hex: string | null): AppConversationRecord | undefined => {
    const record = hex ? v1.conversation(hex) : undefined;
    return record && record.sandbox_id === sandboxId ? record : undefined;
  };
  /** `get_event_service`: runs before query validation is reported. */
  const eventService = (_req: Incoming, params: Record<string, string>) => {
    const hex = parseUuid(params.conversation_id ?? '');
    if (hex === null) return; // reported as a 422 by path validation
    if (!conversationHere(hex))
      throw httpException(404, `Conversation not found: ${toDashed(hex)}`);
  };
  const lookup = (hex: string) => {
    const record = conversationHere(hex);
    if (!record) throw httpException(404, `Conversation not found: ${toDashed(hex)}`);
    return record;
  };

  const filterFields = {
    kind: opt(str()),
    source: opt(str()),
    body: opt(str()),
    timestamp__gte: opt(datetime()),
    timestamp__lt: opt(datetime()),
  };
  const filtered = (
    record: AppConversationRecord,
    q: {
      kind: string | null;
      source: string | null;
      body: string | null;
      timestamp__gte: string | null;
      timestamp__lt: string | null;
    },
  ) => {
    const gte = q.timestamp__gte ? toNaiveLocal(q.timestamp__gte) : null;
    const lt = q.timestamp__lt ? toNaiveLocal(q.timestamp__lt) : null;
    return record.events.filter(
      (e) =>
        (q.kind === null || e.kind === q.kind) &&
        (q.source === null || e.source === q.source) &&
        (q.body === null ||
          (e.kind === 'MessageEvent' && messageText(e).includes(q.body.toLowerCase()))) &&
        (gte === null || e.timestamp >= gte) &&
        (lt === null || e.timestamp < lt),
    );
  };
  const byTimestamp = (a: V1Event, b: V1Event) =>
    a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0;

  const conversationsHere = () => v1.conversationsOn(sandboxId);
  const agentLimit = { schema: int({ gt: 0 }), options: { default: () => 100 } };
  const assertLimit = (limit: number) => {
    if (limit > 100) throw new UpstreamCrash('AssertionError');
  };

  return [
    defineRoute({
      method: 'GET',
      path: `${PREFIX}/events/search`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      query: queryModel({
        page_id: opt(str()),
        limit: agentLimit,
        ...filterFields,
        sort_order: {
          schema: oneOf(['TIMESTAMP', 'TIMESTAMP_DESC'] as const),
          options: { default: () => 'TIMESTAMP' as const },
        },
      }),
      handle: ({ params, query }) => {
        assertLimit(query.limit);
        const events = filtered(lookup(params.conversation_id), query).sort(byTimestamp);
        if (query.sort_order === 'TIMESTAMP_DESC') events.reverse();
        let start = 0;
        if (query.page_id) {
          const index = events.findIndex((e) => e.id === query.page_id);
          if (index !== -1) start = index;
        }
        const items = events.slice(start, start + query.limit);
        return { items, next_page_id: events[start + query.limit]?.id ?? null };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/events/count`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      query: queryModel(filterFields),
      handle: ({ params, query }) => filtered(lookup(params.conversation_id), query).length,
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/events/respond_to_confirmation`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      body: { kind: 'model', schema: ConfirmationResponseRequestModel, required: true },
      handle: ({ params, body }) => {
        v1.respondToConfirmation(lookup(params.conversation_id), body.accept, body.reason);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/events/{event_id}`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: model({ conversation_id: uuid(), event_id: str() }, { extra: 'ignore' }),
      depends: [eventService],
      handle: ({ params }) => {
        const event = lookup(params.conversation_id).events.find((e) => e.id === params.event_id);
        if (!event) throw httpException(404);
        return event;
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/events`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      // `event_ids: list[str]` is read from a JSON body, even on this GET.
      body: { kind: 'model', schema: list(str()), required: true },
      handle: ({ params, body }) => {
        const events = new Map(lookup(params.conversation_id).events.map((e) => [e.id, e]));
        return body.map((id) => events.get(id) ?? null);
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/events`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      body: { kind: 'model', schema: SendMessageRequestModel, required: true },
      handle: ({ params, body }) => {
        v1.sendMessage(
          lookup(params.conversation_id),
          body.role,
          body.content as Record<string, unknown>[],
          body.run,
        );
        return { success: true };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/conversations/search',
      auth: 'agent',
      contract: { source: 'agent' },
      query: queryModel({
        page_id: opt(str()),
        limit: agentLimit,
        status: opt(oneOf(executionStatuses)),
        sort_order: {
          schema: oneOf([
            'CREATED_AT',
            'UPDATED_AT',
            'CREATED_AT_DESC',
            'UPDATED_AT_DESC',
          ] as const),
          options: { default: () => 'CREATED_AT_DESC' as const },
        },
      }),
      handle: ({ query }) => {
        assertLimit(query.limit);
        const key = query.sort_order.startsWith('UPDATED') ? 'updated_at' : 'created_at';
        const desc = query.sort_order.endsWith('_DESC');
        const all = conversationsHere()
          .filter((c) => query.status === null || c.execution_status === query.status)
          .sort((a, b) => (desc ? -1 : 1) * a[key].localeCompare(b[key]));
        let start = 0;
        if (query.page_id) {
          const index = all.findIndex(
            (c) => toDashed(c.id) === query.page_id || c.id === query.page_id,
          );
          if (index !== -1) start = index;
        }
        const items = all.slice(start, start + query.limit);
        const next = all[start + query.limit];
        return {
          items: items.map((c) => v1.agentConversationInfo(c)),
          next_page_id: next ? toDashed(next.id) : null,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/conversations/count',
      auth: 'agent',
      contract: { source: 'agent' },
      query: queryModel({ status: opt(oneOf(executionStatuses)) }),
      handle: ({ query }) =>
        conversationsHere().filter(
          (c) => query.status === null || c.execution_status === query.status,
        ).length,
    }),

    defineRoute({
      method: 'GET',
      path: '/api/conversations',
      auth: 'agent',
      contract: { source: 'agent' },
      query: queryModel({ ids: list(uuid()) }, ['ids']),
      handle: ({ query }) =>
        query.ids.map((id) => {
          const record = conversationHere(id);
          return record ? v1.agentConversationInfo(record) : null;
        }),
    }),

    defineRoute({
      method: 'GET',
      path: PREFIX,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      handle: ({ params }) => {
        const record = conversationHere(params.conversation_id);
        if (!record) throw httpException(404);
        return v1.agentConversationInfo(record);
      },
    }),

    defineRoute({
      method: 'PATCH',
      path: PREFIX,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      body: { kind: 'model', schema: AgentUpdateConversationRequestModel, required: true },
      handle: ({ params, body }) => {
        const record = conversationHere(params.conversation_id);
        if (!record) return { success: false };
        record.agent_title = body.title;
        host.persist();
        return { success: true };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: PREFIX,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      handle: async ({ params }) => {
        const record = conversationHere(params.conversation_id);
        if (!record) throw httpException(400, 'Conversation not found');
        await v1.deleteConversation(record.id);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/pause`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      handle: ({ params }) => {
        const record = conversationHere(params.conversation_id);
        if (!record) throw httpException(404);
        v1.pause(record);
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/run`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      handle: ({ params }) => {
        if (v1.run(lookup(params.conversation_id)) === 'already-running') {
          throw httpException(
            409,
            'Conversation already running. Wait for completion or pause first.',
          );
        }
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/confirmation_policy`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      body: {
        kind: 'model',
        schema: model({
          policy: model({
            kind: oneOf(['AlwaysConfirm', 'ConfirmRisky', 'NeverConfirm'] as const, 'literal'),
            threshold: opt(any()),
            confirm_unknown: opt(any()),
          }),
        }),
        required: true,
      },
      handle: ({ params, body }) => {
        const record = lookup(params.conversation_id);
        record.confirmation_policy = body.policy.kind;
        v1.append(record, {
          source: 'environment',
          key: 'confirmation_policy',
          value: { kind: body.policy.kind },
          kind: 'ConversationStateUpdateEvent',
        });
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/generate_title`,
      auth: 'agent',
      contract: { source: 'agent' },
      params: conversationParams,
      depends: [eventService],
      body: {
        kind: 'model',
        schema: model({
          max_length: optional(int({ ge: 1, le: 200 }), () => 50),
          llm: opt(any()),
        }),
        required: true,
      },
      handle: ({ params, body }) => {
        const record = lookup(params.conversation_id);
        const source = (record.initial_text ?? record.title ?? 'Untitled conversation').trim();
        const title = source.split('\n')[0] ?? '';
        return { title: title.slice(0, body.max_length) };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/vscode/url',
      auth: 'agent',
      contract: { source: 'agent' },
      query: queryModel({ base_url: opt(str()), workspace_dir: opt(str()) }),
      handle: ({ query }) => {
        const sandbox = v1.sandbox(sandboxId);
        const base = query.base_url ?? 'http://localhost:8001';
        return {
          url: sandbox
            ? `${base}/?tkn=${sandbox.session_api_key}&folder=${query.workspace_dir ?? '/workspace/project'}`
            : null,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/git/changes/{path:path}',
      auth: 'agent',
      contract: { source: 'agent', path: '/api/git/changes/{path}' },
      handle: () => [
        { status: 'UPDATED', path: 'src/parser.ts' },
        { status: 'ADDED', path: 'tests/parser.test.ts' },
      ],
    }),

    defineRoute({
      method: 'GET',
      path: '/api/git/diff/{path:path}',
      auth: 'agent',
      contract: { source: 'agent', path: '/api/git/diff/{path}' },
      handle: ({ params }) => ({
        modified: `// ${params.path}\nexport const fixed = true;\n`,
        original: `// ${params.path}\nexport const fixed = false;\n`,
      }),
    }),
  ];
}
