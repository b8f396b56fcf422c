// Contract self-check of the `legacy` kind (OpenHands 0.62; the 1.x and hosted kinds have
// contract-app-server.test.ts): the service may not drift from upstream, and the client (lib/api)
// may not drift with it. Every route of the service's own tables (main server, nested runtime,
// agent server) must be
//   1. defined by one of the upstream OpenAPI documents (same method, path, parameter names and
//      body presence), or listed below as a 0.62.0 route that docs/contract/routes.md names but those
//      documents lack;
//   2. exercised by a probe whose real answer validates against the document's response schema
//      (ajv, JSON Schema 2020-12) and, where lib/api defines that endpoint, against its zod
//      response schema.
// A route added without a probe, or a probe without a route, fails the test. The events the
// scripted agents produce are checked the same way (agent-server `Event` schema, lib/api
// parseEvent).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpointResponses } from '@/lib/api/endpoints/responses';
import { parseEvent } from '@/lib/api/events';
import { agentServerProbes, patchAgentServerDocument, probesFor } from './agent-server-probes';
import { createDocumentChecker, type DocName, type Json, libEndpoints } from './contract-support';
import type { Route } from './http/router';
import type { RunningService } from './index';
import { call, startTestService, waitFor } from './test-support';

type Table = 'main' | 'runtime' | 'agent';

/**
 * Routes of 0.62.0 that docs/contract/README.md#openapi-documents-and-their-gaps documents but none
 * of the three OpenAPI documents has (0.53.0 predates them; the hosted document dropped V0). Each
 * must stay absent from the documents: once a document defines one, the route must be checked
 * against it instead.
 */
const documentedOnly: Record<string, string> = {
  'GET /api/microagent-management/conversations': 'docs/contract/v0-rest.md#conversation-routes',
  'POST /api/conversations/{conversation_id}/exp-config':
    'docs/contract/v0-rest.md#conversation-routes (internal)',
  'POST /api/conversations/{conversation_id}/message':
    'docs/contract/v0-rest.md#per-conversation-routes',
  'GET /api/conversations/{conversation_id}/vscode-url':
    'docs/contract/v0-rest.md#per-conversation-routes',
  'GET /api/conversations/{conversation_id}/web-hosts':
    'docs/contract/v0-rest.md#per-conversation-routes',
  'GET /api/user/search/branches': 'docs/contract/v0-rest.md#git-provider-routes',
  'GET /api/v1/events/search':
    'docs/contract/v1-app-server.md#event-history, the 0.62.0 path (2026: /api/v1/conversation/{id}/events/search)',
  'GET /api/v1/events/count': 'docs/contract/v1-app-server.md#event-history, the 0.62.0 path',
  'GET /api/v1/events': 'docs/contract/v1-app-server.md#event-history, the 0.62.0 batch path',
};

/** Query parameters the service takes beyond the document, as later versions do. */
const extraQueryParams: Record<string, string[]> = {
  // docs/contract/README.md#openapi-documents-and-their-gaps: 0.62.0 adds include_sub_conversations
  // to the list; agent servers from v1.23.0 take
  // include_skills on every route that answers ConversationInfo (conversation_router.py).
  'GET /api/conversations': ['include_sub_conversations', 'include_skills'],
  'GET /api/conversations/search': ['include_skills'],
  'POST /api/conversations': ['include_skills'],
  'GET /api/conversations/{conversation_id}': ['include_skills'],
  // docs/contract/README.md#openapi-documents-and-their-gaps: 0.62.0 pages branches.
  'GET /api/user/repository/branches': ['page', 'per_page'],
};

/**
 * 0.62.0 answers whose shape changed since the 0.53.0 document
 * (docs/contract/README.md#openapi-documents-and-their-gaps,
 * docs/contract/v0-rest.md#git-provider-routes).
 */
const responseOverrides: Record<string, Json> = {
  'GET /api/user/repository/branches': {
    type: 'object',
    required: ['branches', 'has_next_page', 'current_page', 'per_page'],
    properties: {
      branches: { type: 'array', items: { $ref: 'v0#/components/schemas/Branch' } },
      has_next_page: { type: 'boolean' },
      current_page: { type: 'integer' },
      per_page: { type: 'integer' },
      total_count: { type: ['integer', 'null'] },
    },
  },
  'POST /api/conversations/{conversation_id}/upload-files': {
    type: 'object',
    required: ['uploaded_files', 'skipped_files'],
    properties: {
      uploaded_files: { type: 'array', items: { type: 'string' } },
      skipped_files: {
        type: 'array',
        items: { type: 'object', required: ['name', 'reason'] },
      },
    },
  },
};

/** Differences between the documents and the 0.62.0 server (docs/contract/README.md#openapi-documents-and-their-gaps). */
function patchDocumentedDrift(docs: Record<DocName, Json>): void {
  // Enum values added after the 0.53.0 document (docs/contract/README.md#enum-drift).
  const v0 = (docs.v0.components as { schemas: Record<string, { enum?: string[] }> }).schemas;
  v0.ConversationStatus?.enum?.push('ARCHIVED', 'ERROR');
  v0.ProviderType?.enum?.push('azure_devops');
  v0.ConversationTrigger?.enum?.push('bitbucket');
  // docs/contract/v1-app-server.md#appconversation: `acp_server` and `launched_agent_profile` are
  // 2026 additions (computed fields the 2026 document marks required); a 0.62.0 server does not
  // send them.
  const cloud = (docs.cloud.components as { schemas: Record<string, { required?: string[] }> })
    .schemas;
  const app = cloud.AppConversation;
  if (app?.required) {
    app.required = app.required.filter(
      (name) => !['acp_server', 'launched_agent_profile'].includes(name),
    );
  }
  // docs/contract/events.md#v1-events and server_details_router.py: what newer agent servers send beyond the document.
  patchAgentServerDocument(docs.agent);
}
const { ajv, docPath, responseValidator, routeTableProblems } =
  createDocumentChecker(patchDocumentedDrift);

const eventValidator = ajv.compile({ $ref: 'agent#/components/schemas/Event' });

function libEndpointFor(table: Table, route: Route): string | undefined {
  const path = docPath(route);
  if (table === 'agent') return libEndpoints.get(`agent-server ${route.method} ${path}`);
  return (
    libEndpoints.get(`server ${route.method} ${path}`) ??
    libEndpoints.get(`runtime ${route.method} ${path}`)
  );
}

// --- the services and the probes -------------------------------------------------------------

let nested: RunningService;
let standalone: RunningService;
const ctx = {
  v0Id: '',
  runtime: '',
  runtimeKey: {} as Record<string, string>,
  standaloneId: '',
  v1Id: '',
  agent: '',
  agentKey: {} as Record<string, string>,
  sandboxId: '',
  eventId: '',
};

interface Answer {
  status: number;
  body: unknown;
}

type Probe = () => Promise<Answer & { expected?: number }>;

/** A probe whose success is upstream's 410 (reset-settings was removed). */
async function expect410(answer: Promise<Answer>): Promise<Answer & { expected: number }> {
  return { ...(await answer), expected: 410 };
}

const probes = new Map<string, Probe>();
function probe(table: Table, method: string, path: string, run: Probe): void {
  probes.set(`${table} ${method} ${path}`, run);
}

const get = (url: string, headers: Record<string, string> = {}) => call(url, { headers });
const post = (url: string, json?: unknown, headers: Record<string, string> = {}) =>
  call(url, { method: 'POST', json, headers });

function registerProbes(): void {
  const m = () => nested.url;
  const s = () => standalone.url;
  const conv = () => `${m()}/api/conversations/${ctx.v0Id}`;
  const sconv = () => `${s()}/api/conversations/${ctx.standaloneId}`;

  // Health
  for (const table of ['main', 'runtime'] as const) {
    const base = () => (table === 'main' ? m() : new URL(ctx.runtime).origin);
    probe(table, 'GET', '/alive', () => get(`${base()}/alive`));
    probe(table, 'GET', '/health', () => get(`${base()}/health`));
    probe(table, 'GET', '/server_info', () => get(`${base()}/server_info`));
  }

  // Options, settings, secrets
  probe('main', 'GET', '/api/options/models', () => get(`${m()}/api/options/models`));
  probe('main', 'GET', '/api/options/agents', () => get(`${m()}/api/options/agents`));
  probe('main', 'GET', '/api/options/security-analyzers', () =>
    get(`${m()}/api/options/security-analyzers`),
  );
  probe('main', 'GET', '/api/options/config', () => get(`${m()}/api/options/config`));
  probe('main', 'GET', '/api/settings', () => get(`${m()}/api/settings`));
  probe('main', 'POST', '/api/settings', () =>
    post(`${m()}/api/settings`, { language: 'en', llm_model: null }),
  );
  probe('main', 'POST', '/api/reset-settings', () => expect410(post(`${m()}/api/reset-settings`)));
  probe('main', 'POST', '/api/add-git-providers', () =>
    post(`${m()}/api/add-git-providers`, {
      provider_tokens: {
        github: { token: '', host: 'github.com' },
        gitlab: { token: '', host: 'gitlab.com' },
      },
    }),
  );
  probe('main', 'POST', '/api/unset-provider-tokens', async () => {
    // What these checks describe is the legacy (0.62) kind.
    const other = await startTestService({ server: 'legacy', seed: false });
    try {
      return await post(`${other.url}/api/unset-provider-tokens`);
    } finally {
      await other.stop();
    }
  });
  probe('main', 'GET', '/api/secrets', () => get(`${m()}/api/secrets`));
  probe('main', 'POST', '/api/secrets', () =>
    post(`${m()}/api/secrets`, { name: 'CONTRACT', value: 'v' }),
  );
  probe('main', 'PUT', '/api/secrets/{secret_id}', () =>
    call(`${m()}/api/secrets/NPM_TOKEN`, {
      method: 'PUT',
      json: { name: 'NPM_TOKEN', description: 'd' },
    }),
  );
  probe('main', 'DELETE', '/api/secrets/{secret_id}', () =>
    call(`${m()}/api/secrets/CONTRACT`, { method: 'DELETE' }),
  );

  // Conversation management
  probe('main', 'POST', '/api/conversations', () =>
    post(`${m()}/api/conversations`, { initial_user_msg: 'contract' }),
  );
  probe('main', 'GET', '/api/conversations', () => get(`${m()}/api/conversations?limit=50`));
  probe('main', 'GET', '/api/conversations/{conversation_id}', () => get(conv()));
  probe('main', 'DELETE', '/api/conversations/{conversation_id}', async () => {
    const created = await post(`${m()}/api/conversations`, { initial_user_msg: 'to delete' });
    return call(`${m()}/api/conversations/${(created.body as Json).conversation_id}`, {
      method: 'DELETE',
    });
  });
  probe('main', 'PATCH', '/api/conversations/{conversation_id}', () =>
    call(conv(), { method: 'PATCH', json: { title: 'Contract' } }),
  );
  probe('main', 'POST', '/api/conversations/{conversation_id}/start', () =>
    post(`${conv()}/start`, {}),
  );
  probe('main', 'POST', '/api/conversations/{conversation_id}/stop', () =>
    post(`${m()}/api/conversations/${nested.seedIds.v0.quickQuestion}/stop`),
  );
  probe('main', 'GET', '/api/conversations/{conversation_id}/remember-prompt', () =>
    get(`${conv()}/remember-prompt?event_id=2`),
  );
  probe('main', 'GET', '/api/microagent-management/conversations', () =>
    get(`${m()}/api/microagent-management/conversations?selected_repository=octo-org/widgets`),
  );
  probe('main', 'POST', '/api/conversations/{conversation_id}/exp-config', () =>
    post(`${conv()}/exp-config`, { config: { variant: 'a' } }),
  );

  // Per-conversation routes: on the standalone main server, and on the nested runtime.
  const perConversation: [
    string,
    string,
    (base: string, h: Record<string, string>) => Promise<Answer>,
  ][] = [
    ['GET', '/events', (b, h) => get(`${b}/events?limit=100`, h)],
    [
      'POST',
      '/events',
      (b, h) => post(`${b}/events`, { action: 'message', args: { content: 'ping' } }, h),
    ],
    ['POST', '/message', (b, h) => post(`${b}/message`, { message: 'hello' }, h)],
    ['GET', '/config', (b, h) => get(`${b}/config`, h)],
    ['GET', '/vscode-url', (b, h) => get(`${b}/vscode-url`, h)],
    ['GET', '/web-hosts', (b, h) => get(`${b}/web-hosts`, h)],
    ['GET', '/microagents', (b, h) => get(`${b}/microagents`, h)],
    ['GET', '/list-files', (b, h) => get(`${b}/list-files?path=src`, h)],
    ['GET', '/select-file', (b, h) => get(`${b}/select-file?file=src/parser.ts`, h)],
    [
      'GET',
      '/zip-directory',
      async (b, h) => {
        const r = await fetch(`${b}/zip-directory`, { headers: h });
        await r.arrayBuffer();
        return { status: r.status, body: undefined };
      },
    ],
    ['GET', '/git/changes', (b, h) => get(`${b}/git/changes`, h)],
    ['GET', '/git/diff', (b, h) => get(`${b}/git/diff?path=src/parser.ts`, h)],
    [
      'POST',
      '/upload-files',
      (b, h) =>
        call(`${b}/upload-files`, {
          method: 'POST',
          headers: { ...h, 'content-type': 'multipart/form-data; boundary=xyz' },
          body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello\r\n--xyz--\r\n',
        }),
    ],
    ['GET', '/trajectory', (b, h) => get(`${b}/trajectory`, h)],
    [
      'POST',
      '/submit-feedback',
      (b, h) => post(`${b}/submit-feedback`, { polarity: 'positive' }, h),
    ],
  ];
  for (const [method, suffix, run] of perConversation) {
    const path = `/api/conversations/{conversation_id}${suffix}`;
    probe('main', method, path, () => run(sconv(), {}));
    probe('runtime', method, path, () => run(ctx.runtime, ctx.runtimeKey));
  }

  // Git provider routes
  probe('main', 'GET', '/api/user/installations', () =>
    get(`${m()}/api/user/installations?provider=github`),
  );
  probe('main', 'GET', '/api/user/repositories', () =>
    get(`${m()}/api/user/repositories?page=1&per_page=2`),
  );
  probe('main', 'GET', '/api/user/info', () => get(`${m()}/api/user/info`));
  probe('main', 'GET', '/api/user/search/repositories', () =>
    get(`${m()}/api/user/search/repositories?query=o`),
  );
  probe('main', 'GET', '/api/user/search/branches', () =>
    get(`${m()}/api/user/search/branches?repository=octo-org/widgets&query=e`),
  );
  probe('main', 'GET', '/api/user/suggested-tasks', () => get(`${m()}/api/user/suggested-tasks`));
  probe('main', 'GET', '/api/user/repository/branches', () =>
    get(`${m()}/api/user/repository/branches?repository=octo-org/widgets&per_page=2`),
  );
  probe('main', 'GET', '/api/user/repository/{repository_name:path}/microagents', () =>
    get(`${m()}/api/user/repository/acme/platform/backend/api/microagents`),
  );
  probe('main', 'GET', '/api/user/repository/{repository_name:path}/microagents/content', () =>
    get(
      `${m()}/api/user/repository/octo-org/widgets/microagents/content?file_path=.openhands/microagents/testing.md`,
    ),
  );

  // V1 app server
  const v1 = (path: string) => `${m()}/api/v1${path}`;
  probe('main', 'GET', '/api/v1/app-conversations/search', () =>
    get(v1('/app-conversations/search?limit=10')),
  );
  probe('main', 'GET', '/api/v1/app-conversations/count', () =>
    get(v1('/app-conversations/count')),
  );
  probe('main', 'GET', '/api/v1/app-conversations', () =>
    get(v1(`/app-conversations?ids=${ctx.v1Id}&ids=${'0'.repeat(32)}`)),
  );
  probe('main', 'POST', '/api/v1/app-conversations', () =>
    post(v1('/app-conversations'), { initial_message: { content: [{ type: 'text', text: 'x' }] } }),
  );
  probe('main', 'POST', '/api/v1/app-conversations/stream-start', async () => {
    const r = await post(v1('/app-conversations/stream-start'), {});
    return { status: r.status, body: JSON.parse(r.text) };
  });
  probe('main', 'GET', '/api/v1/app-conversations/start-tasks/search', () =>
    get(v1('/app-conversations/start-tasks/search')),
  );
  probe('main', 'GET', '/api/v1/app-conversations/start-tasks/count', () =>
    get(v1('/app-conversations/start-tasks/count')),
  );
  probe('main', 'GET', '/api/v1/app-conversations/start-tasks', () =>
    get(
      v1(
        `/app-conversations/start-tasks?ids=${nested.seedIds.tasks.parserFix}&ids=${'0'.repeat(32)}`,
      ),
    ),
  );
  probe('main', 'GET', '/api/v1/events/search', () =>
    get(v1(`/events/search?conversation_id__eq=${ctx.v1Id}`)),
  );
  probe('main', 'GET', '/api/v1/events/count', () => get(v1('/events/count')));
  probe('main', 'GET', '/api/v1/events', () => get(v1(`/events?id=${ctx.eventId}&id=missing`)));
  probe('main', 'GET', '/api/v1/sandboxes/search', () => get(v1('/sandboxes/search')));
  probe('main', 'GET', '/api/v1/sandboxes', () =>
    get(v1(`/sandboxes?id=${ctx.sandboxId}&id=none`)),
  );
  probe('main', 'POST', '/api/v1/sandboxes', () => post(v1('/sandboxes')));
  probe('main', 'POST', '/api/v1/sandboxes/{sandbox_id}/pause', async () => {
    const created = await post(v1('/sandboxes'));
    return post(v1(`/sandboxes/${(created.body as Json).id}/pause`));
  });
  probe('main', 'POST', '/api/v1/sandboxes/{sandbox_id}/resume', async () => {
    const created = await post(v1('/sandboxes'));
    const id = String((created.body as Json).id);
    await waitFor(
      async () => ((await get(v1(`/sandboxes?id=${id}`))).body as Json[])[0]?.status === 'RUNNING',
    );
    await post(v1(`/sandboxes/${id}/pause`));
    return post(v1(`/sandboxes/${id}/resume`));
  });
  probe('main', 'DELETE', '/api/v1/sandboxes/{id}', async () => {
    const created = await post(v1('/sandboxes'));
    const id = (created.body as Json).id;
    return call(v1(`/sandboxes/${id}?sandbox_id=${id}`), { method: 'DELETE' });
  });
  probe('main', 'GET', '/api/v1/sandbox-specs/search', () => get(v1('/sandbox-specs/search')));
  probe('main', 'GET', '/api/v1/sandbox-specs', () =>
    get(v1('/sandbox-specs?id=ghcr.io/openhands/agent-server:1.3.0-python&id=none')),
  );

  // Agent server: the probes are shared with agent-contract.test.ts.
  const agentProbes = agentServerProbes({
    base: () => ctx.agent,
    headers: () => ctx.agentKey,
    conversationId: () => ctx.v1Id,
    eventId: () => ctx.eventId,
    projectDir: () => '/workspace/project',
  });
  for (const [key, run] of probesFor(nested.service.agentRoutes(ctx.sandboxId), agentProbes)
    .chosen) {
    const [method, path] = key.split(' ') as [string, string];
    probe('agent', method, path, run);
  }
}

function tables(): Record<Table, Route[]> {
  return {
    main: nested.service.mainRoutes(),
    runtime: nested.service.runtimeRoutes(ctx.v0Id),
    agent: nested.service.agentRoutes(ctx.sandboxId),
  };
}

const routeKey = (table: Table, route: Route) => `${table} ${route.method} ${route.path}`;

beforeAll(async () => {
  // What these checks describe is the legacy (0.62) kind.
  nested = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
  // What these checks describe is the legacy (0.62) kind.
  standalone = await startTestService({
    server: 'legacy',
    runtime: 'standalone',
    scenario: 'finish-quickly',
  });
  const created = await post(`${nested.url}/api/conversations`, {
    initial_user_msg: 'contract checks',
    repository: 'octo-org/widgets',
  });
  ctx.v0Id = String((created.body as Json).conversation_id);
  const info = await waitFor(async () => {
    const r = await get(`${nested.url}/api/conversations/${ctx.v0Id}`);
    return (r.body as Json).runtime_status === 'STATUS$READY' ? (r.body as Json) : null;
  });
  ctx.runtime = String(info.url);
  ctx.runtimeKey = { 'X-Session-API-Key': String(info.session_api_key) };
  await nested.admin.waitIdle(ctx.v0Id);

  const screated = await post(`${standalone.url}/api/conversations`, {
    initial_user_msg: 'standalone contract',
    repository: 'octo-org/widgets',
  });
  ctx.standaloneId = String((screated.body as Json).conversation_id);
  await waitFor(
    async () =>
      ((await get(`${standalone.url}/api/conversations/${ctx.standaloneId}`)).body as Json)
        .status === 'RUNNING',
  );
  await standalone.admin.waitIdle(ctx.standaloneId);

  ctx.v1Id = nested.seedIds.v1.parserFix;
  ctx.sandboxId = nested.seedIds.sandboxes.running;
  ctx.agent = nested.agentServerUrl(ctx.sandboxId) as string;
  ctx.agentKey = {
    'X-Session-API-Key': nested.service.data.sandboxes[ctx.sandboxId]?.session_api_key ?? '',
  };
  ctx.eventId = String(nested.service.data.app_conversations[ctx.v1Id]?.events[3]?.id);
  registerProbes();
}, 30_000);

afterAll(async () => {
  await nested?.stop();
  await standalone?.stop();
});

describe('route table against the upstream documents', () => {
  it('defines every route in a document, or lists it as documented-only', () => {
    const problems: string[] = [];
    const documented = new Set<string>();
    for (const [table, routes] of Object.entries(tables()) as [Table, Route[]][]) {
      const found = routeTableProblems(table, routes, { documentedOnly, extraQueryParams });
      problems.push(...found.problems);
      for (const key of found.documented) documented.add(key);
    }
    for (const key of Object.keys(documentedOnly)) {
      if (!documented.has(key))
        problems.push(`documented-only list names a route the service lacks: ${key}`);
    }
    expect(problems).toEqual([]);
  });

  it('has a probe for every route and a route for every probe', () => {
    const routes = new Set<string>();
    for (const [table, list] of Object.entries(tables()) as [Table, Route[]][]) {
      for (const route of list)
        if (route.contract.source !== 'internal') routes.add(routeKey(table, route));
    }
    expect([...routes].filter((key) => !probes.has(key))).toEqual([]);
    expect([...probes.keys()].filter((key) => !routes.has(key))).toEqual([]);
  });
});

describe('real answers against the documents and lib/api', () => {
  it('validates every probed answer', async () => {
    const problems: string[] = [];
    let zodChecked = 0;
    let ajvChecked = 0;
    for (const [table, list] of Object.entries(tables()) as [Table, Route[]][]) {
      for (const route of list) {
        if (route.contract.source === 'internal') continue;
        const key = routeKey(table, route);
        const run = probes.get(key);
        if (!run) continue;
        const answer = (await run()) as Answer & { expected?: number };
        const expected = answer.expected;
        if (expected ? answer.status !== expected : answer.status >= 300) {
          problems.push(
            `${key}: status ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
          continue;
        }
        const validate = responseValidator(
          route,
          answer.status,
          responseOverrides[`${route.method} ${docPath(route)}`],
        );
        if (validate && !validate(answer.body)) {
          problems.push(
            `${key}: document schema: ${ajv.errorsText(validate.errors).slice(0, 400)}`,
          );
        }
        if (validate) ajvChecked++;
        const endpoint = libEndpointFor(table, route);
        if (endpoint && answer.status < 300 && answer.body !== undefined) {
          const schema = endpointResponses[
            endpoint as keyof typeof endpointResponses
          ] as z.core.$ZodType;
          const parsed = z.safeParse(schema, answer.body);
          if (!parsed.success) {
            problems.push(
              `${key}: lib/api ${endpoint}: ${JSON.stringify(parsed.error.issues).slice(0, 400)}`,
            );
          }
          zodChecked++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(ajvChecked).toBeGreaterThan(60);
    expect(zodChecked).toBeGreaterThan(60);
  }, 30_000);

  it('produces V1 events the agent-server schema and the client parser accept', async () => {
    // A conversation of every scenario but the long one, played to the end.
    for (const scenario of ['default', 'awaiting-confirmation', 'error', 'burst']) {
      const task = await post(`${nested.url}/api/v1/app-conversations`, {
        initial_message: { content: [{ type: 'text', text: `[scenario:${scenario}] go` }] },
      });
      const ready = await waitFor(async () => {
        const r = await get(
          `${nested.url}/api/v1/app-conversations/start-tasks?ids=${(task.body as Json).id}`,
        );
        const current = (r.body as Json[])[0] as Json;
        return current.status === 'READY' ? current : null;
      });
      const id = String(ready.app_conversation_id);
      await nested.admin.waitIdle(id);
      const conversation = nested.service.data.app_conversations[id];
      if (scenario === 'awaiting-confirmation' && conversation) {
        // Rejection, then a new turn paused midway: UserRejectObservation and PauseEvent.
        nested.service.v1.respondToConfirmation(conversation, false, 'No thanks');
        nested.service.v1.sendMessage(
          conversation,
          'user',
          [{ type: 'text', text: 'again' }],
          true,
        );
        nested.service.v1.pause(conversation);
      }
    }
    // The validator is not vacuous.
    expect(eventValidator({ kind: 'MessageEvent', source: 'user' })).toBe(false);
    const problems: string[] = [];
    let count = 0;
    for (const conversation of Object.values(nested.service.data.app_conversations)) {
      for (const event of conversation.events) {
        count++;
        const valid: boolean = eventValidator(event);
        if (!valid) {
          problems.push(
            `${event.kind} ${event.id}: ${ajv.errorsText(eventValidator.errors).slice(0, 300)}`,
          );
        }
        const parsed = parseEvent(event);
        if (parsed.type === 'unknown')
          problems.push(`${event.kind} ${event.id}: unknown to lib/api`);
      }
      const fullState = nested.service.v1.fullState(conversation);
      const validState: boolean = eventValidator(fullState);
      if (!validState) problems.push(`full_state: ${ajv.errorsText(eventValidator.errors)}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(count).toBeGreaterThan(1000);
    const kinds = new Set(
      Object.values(nested.service.data.app_conversations).flatMap((c) =>
        c.events.map((e) => e.kind),
      ),
    );
    for (const kind of [
      'UserRejectObservation',
      'PauseEvent',
      'ConversationErrorEvent',
      'AgentErrorEvent',
    ]) {
      expect(kinds).toContain(kind);
    }
  }, 30_000);

  it('produces V0 events and payloads the client parser accepts', () => {
    const problems: string[] = [];
    for (const record of Object.values(nested.service.data.v0)) {
      for (const event of record.events) {
        if (parseEvent(event).type === 'unknown')
          problems.push(`${record.conversation_id} ${event.id}`);
      }
    }
    for (const payload of [
      { status_update: true, type: 'info', id: 'STATUS$READY', message: 'Runtime is ready' },
      { status_update: true, type: 'info', message: ctx.v0Id, conversation_title: 'T' },
      { error: true, message: 'boom' },
      {
        message: '',
        observation: 'agent_state_changed',
        content: '',
        extras: { agent_state: 'stopped', reason: '' },
      },
    ]) {
      if (parseEvent(payload).type === 'unknown') problems.push(JSON.stringify(payload));
    }
    expect(problems).toEqual([]);
  });
});
