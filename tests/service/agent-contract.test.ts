// Contract check of the agent servers the service plays alone or in a legacy sandbox, against
// agent_server_openapi.json, as contract.test.ts does for the other tables. That document was
// synced from software-agent-sdk main (13bcf02, Feb 2026, `info.version` 0.1.0): it predates
// settings, secrets, profiles, `/file/home`, `interrupt`, the query-parameter git and upload
// routes and the ACP aliases (each such route names its upstream router instead and must stay
// absent from the document), and its `Event` union lacks InterruptEvent, HookExecutionEvent,
// ACPToolCallEvent, StreamingDeltaEvent and ServerErrorEvent, so events of those kinds are not
// checked here.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProbeTarget,
  agentServerProbes,
  patchAgentServerDocument,
  probesFor,
} from './agent-server-probes';
import { fixturesRoot, openapiDocuments } from './core/fixtures';
import type { Route } from './http/router';
import type { RunningService } from './index';
import { agentSeedIds, agentSeedPaths } from './seed/agent-server';
import { startTestService } from './test-support';

type Json = Record<string, unknown>;

const doc: Json = JSON.parse(readFileSync(`${fixturesRoot}${openapiDocuments.agent}`, 'utf8'));
patchAgentServerDocument(doc);
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat('date-time', {
  type: 'string',
  validate: (value: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i.test(value),
});
ajv.addSchema(doc, 'agent');
const eventValidator = ajv.compile({ $ref: 'agent#/components/schemas/Event' });
const documentedKinds = new Set(
  (
    ((doc.components as { schemas: Record<string, Json> }).schemas.Event?.oneOf ?? []) as {
      $ref: string;
    }[]
  ).map((member) => member.$ref.split('/').pop()),
);

/** Query parameters newer than the document (include_skills: v1.23.0, conversation_router.py). */
const newerQueryParams: Record<string, string[]> = {
  'GET /api/conversations/search': ['include_skills'],
  'GET /api/conversations': ['include_skills'],
  'POST /api/conversations': ['include_skills'],
  'GET /api/conversations/{conversation_id}': ['include_skills'],
};

const docPath = (route: Route) =>
  (route.contract.path ?? route.path).replace(/\{(\w+):path\}/g, '{$1}');

function operationOf(route: Route): Json | undefined {
  return (doc.paths as Record<string, Record<string, Json>>)[docPath(route)]?.[
    route.method.toLowerCase()
  ];
}

function routeProblems(routes: Route[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${docPath(route)}`;
    const op = operationOf(route);
    switch (route.contract.source) {
      case 'internal':
        continue;
      case 'agent-sdk':
        if (!route.contract.why) problems.push(`${key}: names no upstream router`);
        if (op) problems.push(`${key}: the document defines it now, check it against the document`);
        continue;
      case 'agent':
        break;
      default:
        problems.push(`${key}: an agent server has no ${route.contract.source} route`);
        continue;
    }
    if (!op) {
      problems.push(`${key}: not in the document`);
      continue;
    }
    const params = (op.parameters ?? []) as { name: string; in: string }[];
    const docQuery = params.filter((p) => p.in === 'query').map((p) => p.name);
    const query = route.query?.fieldNames ?? [];
    for (const name of docQuery) if (!query.includes(name)) problems.push(`${key}: lacks ${name}`);
    for (const name of query) {
      if (!docQuery.includes(name) && !newerQueryParams[key]?.includes(name)) {
        problems.push(`${key}: extra query parameter ${name}`);
      }
    }
    const pathParams = params
      .filter((p) => p.in === 'path')
      .map((p) => p.name)
      .sort();
    if (JSON.stringify([...route.paramNames].sort()) !== JSON.stringify(pathParams)) {
      problems.push(`${key}: path parameters differ`);
    }
    if (Boolean(route.body && route.body.kind !== 'raw-json') !== Boolean(op.requestBody)) {
      problems.push(`${key}: request body presence differs`);
    }
  }
  return problems;
}

async function answerProblems(routes: Route[], target: AgentProbeTarget) {
  const { chosen, missing } = probesFor(routes, agentServerProbes(target));
  const problems = missing.map((key) => `${key}: no probe`);
  let validated = 0;
  for (const route of routes) {
    const run = chosen.get(`${route.method} ${route.path}`);
    if (!run) continue;
    const answer = await run();
    const key = `${route.method} ${route.path}`;
    if (answer.expected ? answer.status !== answer.expected : answer.status >= 300) {
      problems.push(`${key}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      continue;
    }
    const schema = (
      operationOf(route)?.responses as
        | Record<string, { content?: Record<string, { schema?: Json }> }>
        | undefined
    )?.[String(answer.status)]?.content?.['application/json']?.schema;
    if (!schema || Object.keys(schema).length === 0) continue;
    const pointer = [
      'paths',
      docPath(route),
      route.method.toLowerCase(),
      'responses',
      String(answer.status),
      'content',
      'application/json',
      'schema',
    ]
      .map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const validate =
      ajv.getSchema(`agent#/${pointer}`) ?? ajv.compile({ $ref: `agent#/${pointer}` });
    if (!validate(answer.body))
      problems.push(`${key}: ${ajv.errorsText(validate.errors).slice(0, 300)}`);
    validated++;
  }
  return { problems, validated };
}

function standaloneTarget(svc: RunningService, key: string): AgentProbeTarget {
  const events =
    svc.service.data.agent_conversations?.[agentSeedIds.conversations.parserFix]?.events;
  return {
    base: () => svc.url,
    headers: () => ({ 'X-Session-API-Key': key }),
    conversationId: () => agentSeedIds.conversations.parserFix,
    eventId: () => String(events?.[3]?.id),
    projectDir: () => agentSeedPaths.widgets,
  };
}

describe('the agent kind against agent_server_openapi.json', () => {
  let newest: RunningService;
  let older: RunningService;
  let legacy: RunningService;
  beforeAll(async () => {
    newest = await startTestService({ server: 'agent', apiKey: 'k', scenario: 'finish-quickly' });
    older = await startTestService({
      server: 'agent',
      apiKey: 'k',
      agentVersion: '1.20.0',
      scenario: 'finish-quickly',
    });
    legacy = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
  });
  afterAll(async () => {
    await Promise.all([newest?.stop(), older?.stop(), legacy?.stop()]);
  });

  it('defines every route in the document, or names the newer router it comes from', () => {
    const tables = {
      newest: newest.service.mainRoutes(),
      older: older.service.mainRoutes(),
      legacy: legacy.service.agentRoutes(legacy.seedIds.sandboxes.running),
    };
    for (const [name, routes] of Object.entries(tables)) {
      expect({ table: name, problems: routeProblems(routes) }).toEqual({
        table: name,
        problems: [],
      });
    }
    // The releases differ where upstream changed: not a blend of them all.
    const paths = (routes: Route[]) => new Set(routes.map((r) => `${r.method} ${r.path}`));
    const [n, o] = [paths(tables.newest), paths(tables.older)];
    expect(n.has('POST /api/conversations/{conversation_id}/interrupt')).toBe(true);
    expect(o.has('POST /api/conversations/{conversation_id}/interrupt')).toBe(false);
    expect(o.has('GET /api/acp/conversations/search')).toBe(true);
    expect(n.has('GET /api/acp/conversations/search')).toBe(false);
    expect(o.has('GET /api/git/changes/{path:path}')).toBe(false);
    expect(paths(tables.legacy).has('GET /api/git/changes/{path:path}')).toBe(true);
    // Uploads: the query form since 1.13.1, the path form until 1.20.0 (so in legacy only).
    expect(n.has('POST /api/file/upload') && o.has('POST /api/file/upload')).toBe(true);
    expect(n.has('POST /api/file/upload/{path:path}')).toBe(false);
    expect(o.has('POST /api/file/upload/{path:path}')).toBe(false);
    expect(paths(tables.legacy).has('POST /api/file/upload/{path:path}')).toBe(true);
    expect(paths(tables.legacy).has('POST /api/file/upload')).toBe(false);
  });

  it('answers every probe as the document says', async () => {
    for (const [name, svc, routes] of [
      ['newest', newest, newest.service.mainRoutes()],
      ['older', older, older.service.mainRoutes()],
    ] as const) {
      const { problems, validated } = await answerProblems(routes, standaloneTarget(svc, 'k'));
      expect({ table: name, problems }).toEqual({ table: name, problems: [] });
      expect(validated).toBeGreaterThan(15);
    }
    const sandboxId = legacy.seedIds.sandboxes.running;
    const legacyAnswers = await answerProblems(legacy.service.agentRoutes(sandboxId), {
      base: () => legacy.agentServerUrl(sandboxId) as string,
      headers: () => ({
        'X-Session-API-Key': legacy.service.data.sandboxes[sandboxId]?.session_api_key ?? '',
      }),
      conversationId: () => legacy.seedIds.v1.parserFix,
      eventId: () =>
        String(legacy.service.data.app_conversations[legacy.seedIds.v1.parserFix]?.events[3]?.id),
      projectDir: () => '/workspace/project',
    });
    expect(legacyAnswers.problems).toEqual([]);
  }, 30_000);

  it('stores events the document’s Event schema accepts (kinds it knows)', async () => {
    for (const scenario of ['default', 'awaiting-confirmation', 'error']) {
      const started = await fetch(`${newest.url}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Session-API-Key': 'k' },
        body: JSON.stringify({
          workspace: { working_dir: agentSeedPaths.widgets },
          agent_settings: { llm: { model: 'm' } },
          initial_message: {
            content: [{ type: 'text', text: `[scenario:${scenario}] go` }],
            run: true,
          },
        }),
      });
      expect(started.status).toBe(201);
      await newest.admin.waitIdle(String(((await started.json()) as Json).id).replaceAll('-', ''));
    }
    const problems: string[] = [];
    let checked = 0;
    for (const conversation of Object.values(newest.service.data.agent_conversations ?? {})) {
      for (const event of conversation.events) {
        if (!documentedKinds.has(event.kind)) continue;
        checked++;
        const valid: boolean = eventValidator(event);
        if (!valid) {
          problems.push(`${event.kind}: ${ajv.errorsText(eventValidator.errors).slice(0, 200)}`);
        }
      }
      const state = newest.service.v1.fullState(conversation);
      if (!eventValidator(state))
        problems.push(`full_state: ${ajv.errorsText(eventValidator.errors)}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});
