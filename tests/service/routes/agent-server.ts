// The agent server (upstream software-agent-sdk openhands-agent-server) of one scope: a running
// sandbox, or the `agent` kind's own server. Its routes and answers follow the release played
// (agent-server/release.ts): the legacy kind keeps the v1.3.0 table this service always had;
// other kinds get the routes of their release (conversation_router.py, event_router.py,
// git_router.py, vscode_router.py; settings, bash, files and skills in the sibling modules).
// Conversation ids in paths are UUIDs in either form; an unknown one (or another scope's) gets
// `404 {"detail":"Conversation not found: <uuid>"}` where upstream's `get_event_service`
// dependency runs. `limit` has upstream's `lte` typo: above 100 only an assertion fails (500).

import { qualifiedEventKind } from '../agent-server/event-kinds';
import { withoutNulls } from '../agent-server/json';
import type { AgentServerRelease } from '../agent-server/release';
import { runCapacityOf } from '../agent-server/run-capacity';
import { parseUuid, toDashed } from '../core/ids';
import type { AppConversationRecord, V1Event } from '../core/state';
import { toNaiveLocal, utcNow } from '../core/time';
import {
  any,
  bool,
  datetime,
  type Field,
  int,
  list,
  model,
  oneOf,
  opt,
  optional,
  str,
  uuid,
} from '../http/pydantic';
import { HttpError, httpException, json, UpstreamCrash } from '../http/respond';
import { defineRoute, type Incoming, queryModel, type Route } from '../http/router';
import {
  startConversationModel,
  UpdateConversationModel,
  UpdateSecretsModel,
} from '../models/agent-server';
import {
  AgentUpdateConversationRequestModel,
  ConfirmationResponseRequestModel,
  SendMessageRequestModel,
} from '../models/v1';
import { agentServerAskUserRoutes } from './agent-server-ask-user';
import { agentServerGitSearchRoutes } from './agent-server-git-search';
import { agentServerRuntimeRoutes } from './agent-server-runtime';
import { agentServerSettingsRoutes } from './agent-server-settings';
import { agentServerWorkspaceRoutes } from './agent-server-workspace';
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

/** Where a route exists: the legacy table, and/or a range of releases. */
export interface GatedRoute {
  route: Route;
  legacy: boolean;
  since?: string;
  until?: string;
}

export function routesOf(release: AgentServerRelease, gated: GatedRoute[]): Route[] {
  return gated
    .filter((entry) =>
      release.legacy ? entry.legacy : release.within(entry.since ?? '0.0.0', entry.until),
    )
    .map((entry) => entry.route);
}

/** `409 credential_binding_activation_required` (api.py's handler adds `retryable`). */
export function credentialBindingError(): HttpError {
  return new HttpError(
    json({ detail: 'credential_binding_activation_required', retryable: true }, 409),
  );
}

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

export function agentServerRoutes(host: RouteHost, scope: string): Route[] {
  const { v1 } = host;
  const domain = v1.agent;
  const release = domain.release;
  const legacy = release.legacy;
  const runs = runCapacityOf(domain);

  const conversationHere = (hex: string | null): AppConversationRecord | undefined =>
    domain.find(scope, hex);
  /**
   * Loading a conversation's event service: unknown → 404; one waiting for its credential
   * binding → 409 (conversation_service._get_or_load_event_service_locked).
   */
  const loaded = (hex: string): AppConversationRecord | null => {
    const record = conversationHere(hex);
    if (record && domain.needsActivation(record)) throw credentialBindingError();
    return record ?? null;
  };
  /** `get_event_service`: runs before query validation is reported. */
  const eventService = (_req: Incoming, params: Record<string, string>) => {
    const hex = parseUuid(params.conversation_id ?? '');
    if (hex === null) return; // reported as a 422 by path validation
    if (!loaded(hex)) throw httpException(404, `Conversation not found: ${toDashed(hex)}`);
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
    // The real server compares `kind` with the event class's module and name; the legacy kind's
    // fixed server matched the bare name.
    const kindOf = (e: V1Event) => (legacy ? e.kind : qualifiedEventKind(e.kind));
    return record.events.filter(
      (e) =>
        (q.kind === null || kindOf(e) === q.kind) &&
        (q.source === null || e.source === q.source) &&
        (q.body === null ||
          (e.kind === 'MessageEvent' && messageText(e).includes(q.body.toLowerCase()))) &&
        (gte === null || e.timestamp >= gte) &&
        (lt === null || e.timestamp < lt),
    );
  };
  const byTimestamp = (a: V1Event, b: V1Event) =>
    a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0;
  type SearchQuery = Parameters<typeof filtered>[1] & {
    page_id: string | null;
    limit: number;
    sort_order: 'TIMESTAMP' | 'TIMESTAMP_DESC';
  };
  /** Before 1.22.1: every match, sorted by timestamp; a page id is a place in that order. */
  const searchSorted = (record: AppConversationRecord, query: SearchQuery) => {
    const events = filtered(record, query).sort(byTimestamp);
    if (query.sort_order === 'TIMESTAMP_DESC') events.reverse();
    let start = 0;
    if (query.page_id) {
      const index = events.findIndex((e) => e.id === query.page_id);
      if (index !== -1) start = index;
    }
    return {
      items: events.slice(start, start + query.limit),
      next: events[start + query.limit]?.id ?? null,
    };
  };
  /**
   * From 1.22.1 (`_search_events_sync`): the log is walked in the order events were stored
   * (backwards for TIMESTAMP_DESC), from the page id's place, keeping what the filters pass;
   * nothing is sorted. An event stored after later-stamped ones comes where it was stored.
   */
  const searchInAppendOrder = (record: AppConversationRecord, query: SearchQuery) => {
    const log = record.events;
    const reverse = query.sort_order === 'TIMESTAMP_DESC';
    let start = query.page_id ? log.findIndex((e) => e.id === query.page_id) : -1;
    if (start === -1) start = reverse ? log.length - 1 : 0;
    const matches = new Set(filtered(record, query));
    const items: V1Event[] = [];
    let next: string | null = null;
    for (let i = start; reverse ? i >= 0 : i < log.length; i += reverse ? -1 : 1) {
      const event = log[i] as V1Event;
      if (!matches.has(event)) continue;
      if (items.length >= query.limit) {
        next = event.id;
        break;
      }
      items.push(event);
    }
    return { items, next };
  };

  const conversationsHere = () => domain.conversationsOn(scope);
  const agentLimit = { schema: int({ gt: 0 }), options: { default: () => 100 } };
  const assertLimit = (limit: number) => {
    if (limit > 100) throw new UpstreamCrash('AssertionError');
  };
  // Typed as always present: before 1.23.0 the parameter does not exist and reads undefined.
  const includeSkills = (
    release.has('includeSkills') ? { include_skills: optional(bool(), () => false) } : {}
  ) as { include_skills: Field<boolean> };
  const info = (record: AppConversationRecord, query: { include_skills?: boolean }) =>
    v1.agentConversationInfo(record, { includeSkills: query.include_skills ?? false });
  /** Page ids: the legacy table took either UUID form; newer releases compare `.hex`. */
  const pageIndex = (all: AppConversationRecord[], pageId: string) =>
    all.findIndex((c) => c.id === pageId || (legacy && toDashed(c.id) === pageId));

  const searchConversations = (query: {
    page_id: string | null;
    limit: number;
    status: string | null;
    sort_order: string;
    include_skills?: boolean;
  }) => {
    assertLimit(query.limit);
    const key = query.sort_order.startsWith('UPDATED') ? 'updated_at' : 'created_at';
    const desc = query.sort_order.endsWith('_DESC');
    const all = conversationsHere()
      .filter((c) => query.status === null || c.execution_status === query.status)
      .sort((a, b) => (desc ? -1 : 1) * a[key].localeCompare(b[key]));
    let start = 0;
    if (query.page_id) {
      const index = pageIndex(all, query.page_id);
      if (index !== -1) start = index;
    }
    const items = all.slice(start, start + query.limit);
    const next = all[start + query.limit];
    return {
      items: items.map((c) => info(c, query)),
      next_page_id: next ? (legacy ? toDashed(next.id) : next.id) : null,
    };
  };
  const searchQuery = queryModel({
    page_id: opt(str()),
    limit: agentLimit,
    status: opt(oneOf(executionStatuses)),
    sort_order: {
      schema: oneOf(['CREATED_AT', 'UPDATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT_DESC'] as const),
      options: { default: () => 'CREATED_AT_DESC' as const },
    },
    ...includeSkills,
  });
  const batchGet = (ids: string[], query: { include_skills?: boolean }) => {
    // Newer releases `assert len(ids) < 100`.
    if (!legacy && ids.length >= 100) throw new UpstreamCrash('AssertionError');
    return ids.map((id) => {
      const record = conversationHere(id);
      return record ? info(record, query) : null;
    });
  };
  const badRequest = () => httpException(400);
  /** A route that checks the loaded conversation itself: an unknown one is a bare `status`. */
  const loadedOr = (status: 400 | 404, hex: string): AppConversationRecord => {
    const record = loaded(hex);
    if (!record) throw httpException(status);
    return record;
  };
  /** `GET` of one conversation: unknown → a bare 404. */
  const infoOf = (hex: string, query: { include_skills?: boolean }) => {
    const record = conversationHere(hex);
    if (!record) throw httpException(404);
    return info(record, query);
  };
  /** run_conversation once the conversation is found: the run slot, then one run at a time. */
  const run = (record: AppConversationRecord) => {
    runs.beforeRun(scope, record);
    if (v1.run(record) === 'already-running') {
      throw httpException(409, 'Conversation already running. Wait for completion or pause first.');
    }
    return { success: true };
  };

  const gated: GatedRoute[] = [
    {
      legacy: true,
      route: defineRoute({
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
          const record = lookup(params.conversation_id);
          const page = release.has('searchAppendOrder')
            ? searchInAppendOrder(record, query)
            : searchSorted(record, query);
          return {
            items: release.has('searchOmitsNulls') ? withoutNulls(page.items) : page.items,
            next_page_id: page.next,
          };
        },
      }),
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'GET',
        path: `${PREFIX}/events/count`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        depends: [eventService],
        query: queryModel(filterFields),
        handle: ({ params, query }) => filtered(lookup(params.conversation_id), query).length,
      }),
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/events/respond_to_confirmation`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        depends: [eventService],
        body: { kind: 'model', schema: ConfirmationResponseRequestModel, required: true },
        handle: ({ params, body }) => {
          const record = lookup(params.conversation_id);
          runs.beforeConfirmation(scope, record, body.accept);
          v1.respondToConfirmation(record, body.accept, body.reason);
          return { success: true };
        },
      }),
    },
    {
      legacy: true,
      route: defineRoute({
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
    },
    {
      legacy: true,
      route: defineRoute({
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
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/events`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        depends: [eventService],
        body: { kind: 'model', schema: SendMessageRequestModel, required: true },
        handle: ({ params, body }) => {
          const record = lookup(params.conversation_id);
          const refusal = runs.refusalFor(scope, record, body.run);
          v1.sendMessage(
            record,
            body.role,
            body.content as Record<string, unknown>[],
            body.run && refusal === null,
          );
          if (refusal !== null) throw runs.messageRefused(refusal);
          return { success: true };
        },
      }),
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'GET',
        path: '/api/conversations/search',
        auth: 'agent',
        contract: { source: 'agent' },
        query: searchQuery,
        handle: ({ query }) => searchConversations(query),
      }),
    },
    {
      legacy: true,
      route: defineRoute({
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
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'GET',
        path: '/api/conversations',
        auth: 'agent',
        contract: { source: 'agent' },
        query: queryModel({ ids: list(uuid()), ...includeSkills }, ['ids']),
        handle: ({ query }) => batchGet(query.ids, query),
      }),
    },
    {
      legacy: false,
      route: defineRoute({
        method: 'POST',
        path: '/api/conversations',
        auth: 'agent',
        contract: { source: 'agent' },
        query: queryModel({ ...includeSkills }),
        body: { kind: 'model', schema: startConversationModel(release), required: true },
        handle: ({ query, body }) => {
          runs.beforeCreate(scope, body.conversation_id);
          const { record, created } = domain.start(scope, body);
          return json(info(record, query), created ? 201 : 200);
        },
      }),
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'GET',
        path: PREFIX,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        query: queryModel({ ...includeSkills }),
        handle: ({ params, query }) => infoOf(params.conversation_id, query),
      }),
    },
    {
      legacy: true,
      until: '0.0.0',
      route: defineRoute({
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
    },
    {
      legacy: false,
      route: defineRoute({
        method: 'PATCH',
        path: PREFIX,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        body: { kind: 'model', schema: UpdateConversationModel, required: true },
        handle: ({ params, body }) => {
          const record = loaded(params.conversation_id);
          if (!record) return { success: false };
          if (body.title !== null) record.agent_title = body.title.trim();
          // Tags are replaced wholesale, never merged.
          if (body.tags !== null) domain.setTags(record, body.tags);
          record.updated_at = utcNow();
          host.persist();
          return { success: true };
        },
      }),
    },
    {
      legacy: true,
      until: '0.0.0',
      route: defineRoute({
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
    },
    {
      legacy: false,
      route: defineRoute({
        method: 'DELETE',
        path: PREFIX,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        handle: async ({ params }) => {
          const record = conversationHere(params.conversation_id);
          if (!record) throw badRequest();
          await domain.remove(record);
          return { success: true };
        },
      }),
    },
    {
      legacy: true,
      until: '0.0.0',
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/pause`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        handle: async ({ params }) => {
          const record = conversationHere(params.conversation_id);
          if (!record) throw httpException(404);
          await v1.pause(record);
          return { success: true };
        },
      }),
    },
    {
      legacy: false,
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/pause`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        handle: async ({ params }) => {
          // pause_conversation answers False for an unknown conversation: a bare 400.
          await v1.pause(loadedOr(400, params.conversation_id));
          return { success: true };
        },
      }),
    },
    {
      legacy: false,
      since: '1.23.0',
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/interrupt`,
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/conversation_router.py interrupt_conversation (v1.23.0)',
        },
        params: conversationParams,
        handle: async ({ params }) => {
          await domain.interrupt(loadedOr(400, params.conversation_id));
          return { success: true };
        },
      }),
    },
    {
      legacy: true,
      until: '0.0.0',
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/run`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        depends: [eventService],
        handle: ({ params }) => run(lookup(params.conversation_id)),
      }),
    },
    {
      legacy: false,
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/run`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        // conversation_router.py run_conversation: `get_event_service` → None is a bare 404.
        handle: ({ params }) => run(loadedOr(404, params.conversation_id)),
      }),
    },
    {
      legacy: false,
      route: defineRoute({
        method: 'POST',
        path: `${PREFIX}/secrets`,
        auth: 'agent',
        contract: { source: 'agent' },
        params: conversationParams,
        body: { kind: 'model', schema: UpdateSecretsModel, required: true },
        // update_conversation_secrets: the secrets join the conversation's registry.
        handle: ({ params, body }) => {
          domain.updateSecrets(loadedOr(404, params.conversation_id), body.secrets);
          return { success: true };
        },
      }),
    },
    {
      legacy: true,
      route: defineRoute({
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
    },
    {
      legacy: true,
      until: '1.19.0',
      route: defineRoute({
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
    },
    {
      legacy: true,
      route: defineRoute({
        method: 'GET',
        path: '/api/vscode/url',
        auth: 'agent',
        contract: { source: 'agent' },
        query: queryModel({ base_url: opt(str()), workspace_dir: opt(str()) }),
        handle: ({ query }) => {
          const key = domain.servers.sessionKey(scope);
          const base = query.base_url ?? 'http://localhost:8001';
          return {
            url: key
              ? `${base}/?tkn=${key}&folder=${query.workspace_dir ?? '/workspace/project'}`
              : null,
          };
        },
      }),
    },
    {
      legacy: true,
      until: '1.20.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/git/changes/{path:path}',
        auth: 'agent',
        contract: { source: 'agent', path: '/api/git/changes/{path}' },
        handle: () => [
          { status: 'UPDATED', path: 'src/parser.ts' },
          { status: 'ADDED', path: 'tests/parser.test.ts' },
        ],
      }),
    },
    {
      legacy: true,
      until: '1.20.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/git/diff/{path:path}',
        auth: 'agent',
        contract: { source: 'agent', path: '/api/git/diff/{path}' },
        handle: ({ params }) => ({
          modified: `// ${params.path}\nexport const fixed = true;\n`,
          original: `// ${params.path}\nexport const fixed = false;\n`,
        }),
      }),
    },
    ...acpConversationRoutes(),
    ...agentServerSettingsRoutes(host, scope),
    ...agentServerWorkspaceRoutes(host, scope),
    ...agentServerRuntimeRoutes(host, scope),
    ...agentServerGitSearchRoutes(host, scope),
    ...agentServerAskUserRoutes(host, scope),
  ];

  /**
   * `/api/acp/conversations…` (conversation_router_acp.py, v1.15.0 to v1.26.x): the same
   * conversations under a second prefix; removed in 1.27.0, so newer servers answer 404.
   */
  function acpConversationRoutes(): GatedRoute[] {
    const acp = { since: '1.15.0', until: '1.27.0', legacy: false };
    const why = 'agent_server/conversation_router_acp.py (v1.15.0 – v1.26.x)';
    return [
      {
        ...acp,
        route: defineRoute({
          method: 'GET',
          path: '/api/acp/conversations/search',
          auth: 'agent',
          contract: { source: 'agent-sdk', why },
          query: searchQuery,
          handle: ({ query }) => searchConversations(query),
        }),
      },
      {
        ...acp,
        route: defineRoute({
          method: 'GET',
          path: '/api/acp/conversations/{conversation_id}',
          auth: 'agent',
          contract: { source: 'agent-sdk', why },
          params: conversationParams,
          query: queryModel({ ...includeSkills }),
          handle: ({ params, query }) => infoOf(params.conversation_id, query),
        }),
      },
      {
        ...acp,
        route: defineRoute({
          method: 'GET',
          path: '/api/acp/conversations',
          auth: 'agent',
          contract: { source: 'agent-sdk', why },
          query: queryModel({ ids: list(uuid()), ...includeSkills }, ['ids']),
          handle: ({ query }) => batchGet(query.ids, query),
        }),
      },
    ];
  }

  return routesOf(release, gated);
}
