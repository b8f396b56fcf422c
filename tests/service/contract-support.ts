// What the contract tests share: the upstream OpenAPI documents (read from the shared fixtures at
// run time), an ajv instance holding them, the lookup of a route's operation and response schema,
// and the check that a route table matches the documents (method, path, parameters, body).
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { endpointRequests } from '@/lib/api/endpoints/requests';
import { fixturesRoot, openapiDocuments } from './core/fixtures';
import type { Route } from './http/router';

export type Json = Record<string, unknown>;
export type DocName = 'v0' | 'cloud' | 'agent';

export interface RouteTableRules {
  /** Routes no document defines, by `METHOD path`, with where they are described instead. */
  documentedOnly?: Record<string, string>;
  /** Query parameters a route takes beyond its document, by `METHOD path`. */
  extraQueryParams?: Record<string, string[]>;
}

/**
 * The documents, patched by `patch` for drift the reference pages record, and everything needed
 * to check routes and answers against them. Each test file makes its own: the patches differ by
 * server kind.
 */
export function createDocumentChecker(patch: (docs: Record<DocName, Json>) => void = () => {}) {
  const docs: Record<DocName, Json> = {
    v0: JSON.parse(readFileSync(`${fixturesRoot}${openapiDocuments.v0}`, 'utf8')),
    cloud: JSON.parse(readFileSync(`${fixturesRoot}${openapiDocuments.cloud}`, 'utf8')),
    agent: JSON.parse(readFileSync(`${fixturesRoot}${openapiDocuments.agent}`, 'utf8')),
  };
  patch(docs);

  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // pydantic writes a naive datetime without an offset (e.g. MicroagentResponse.created_at is
  // `datetime.now()`); the documents call every datetime `date-time`. Accept both forms.
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (value: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i.test(value),
  });
  for (const [name, doc] of Object.entries(docs)) ajv.addSchema(doc, name);

  const docPath = (route: Route): string =>
    (route.contract.path ?? route.path).replace(/\{(\w+):path\}/g, '{$1}');

  const operationOf = (route: Route): { doc: DocName; op: Json } | null => {
    const doc = route.contract.source as DocName;
    if (!(doc in docs)) return null;
    const op = (docs[doc].paths as Record<string, Record<string, Json>>)[docPath(route)]?.[
      route.method.toLowerCase()
    ];
    return op ? { doc, op } : null;
  };

  const pointer = (...parts: string[]) =>
    parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  const validators = new Map<string, ReturnType<typeof ajv.compile> | null>();

  /** The document's schema for an answer of `route` with `status`, or null when it gives none. */
  const responseValidator = (route: Route, status: number, override?: Json) => {
    const cacheKey = `${route.contract.source} ${route.method} ${docPath(route)} ${status}`;
    if (validators.has(cacheKey)) return validators.get(cacheKey) ?? null;
    let validator: ReturnType<typeof ajv.compile> | null = null;
    const found = operationOf(route);
    if (override && status < 300) validator = ajv.compile(override);
    else if (found) {
      const responses = found.op.responses as Record<
        string,
        { content?: Record<string, { schema?: Json }> }
      >;
      const schema = responses[String(status)]?.content?.['application/json']?.schema;
      if (schema && Object.keys(schema).length > 0) {
        validator = ajv.compile({
          $ref: `${found.doc}#/${pointer('paths', docPath(route), route.method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`,
        });
      }
    }
    validators.set(cacheKey, validator);
    return validator;
  };

  /** Every way `routes` differ from the documents, one line each. */
  const routeTableProblems = (
    table: string,
    routes: Route[],
    rules: RouteTableRules = {},
  ): { problems: string[]; documented: Set<string> } => {
    const problems: string[] = [];
    const documented = new Set<string>();
    for (const route of routes) {
      if (route.contract.source === 'internal') continue;
      const key = `${route.method} ${docPath(route)}`;
      if (route.contract.source === 'agent-sdk') {
        // Newer than the agent-server document (Feb 2026): its router is named instead, and
        // once a newer document defines the route it must be checked against it.
        if (!route.contract.why) problems.push(`${table} ${key}: names no upstream router`);
        if (
          (docs.agent.paths as Record<string, Json>)[docPath(route)]?.[route.method.toLowerCase()]
        ) {
          problems.push(`${table} ${key}: defined by agent, check it against that document`);
        }
        continue;
      }
      if (route.contract.source === 'documented') {
        documented.add(key);
        if (!rules.documentedOnly?.[key]) {
          problems.push(`${table} ${key}: not in the documented-only list`);
        }
        for (const name of ['v0', 'cloud'] as const) {
          const inDoc = (docs[name].paths as Record<string, Json>)[docPath(route)]?.[
            route.method.toLowerCase()
          ];
          if (inDoc) {
            problems.push(`${table} ${key}: defined by ${name}, check it against that document`);
          }
        }
        continue;
      }
      const found = operationOf(route);
      if (!found) {
        problems.push(`${table} ${key}: not in ${route.contract.source}`);
        continue;
      }
      const params = (found.op.parameters ?? []) as { name: string; in: string }[];
      const docQuery = params.filter((p) => p.in === 'query').map((p) => p.name);
      const docPathParams = params
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      const query = route.query?.fieldNames ?? [];
      for (const name of docQuery) {
        if (!query.includes(name)) problems.push(`${table} ${key}: lacks query parameter ${name}`);
      }
      for (const name of query) {
        if (!docQuery.includes(name) && !rules.extraQueryParams?.[key]?.includes(name)) {
          problems.push(`${table} ${key}: extra query parameter ${name}`);
        }
      }
      const routePathParams = [...route.paramNames].sort();
      const pathParamsMatch =
        JSON.stringify(routePathParams) === JSON.stringify(docPathParams) ||
        // DELETE /api/v1/sandboxes/{id}: the document declares only the query `sandbox_id`.
        (docPathParams.length === 0 && key === 'DELETE /api/v1/sandboxes/{id}');
      if (!pathParamsMatch) {
        problems.push(`${table} ${key}: path parameters ${routePathParams} ≠ ${docPathParams}`);
      }
      const hasBody = !!route.body && route.body.kind !== 'raw-json';
      if (hasBody !== Boolean(found.op.requestBody)) {
        problems.push(
          `${table} ${key}: request body ${hasBody ? 'declared' : 'absent'} unlike the document`,
        );
      }
    }
    return { problems, documented };
  };

  return { docs, ajv, docPath, operationOf, responseValidator, routeTableProblems };
}

/** lib/api endpoints by `target method path`, to check an answer against the client's schema. */
export const libEndpoints = new Map<string, string>();
for (const [name, spec] of Object.entries(endpointRequests)) {
  const { group, method, path, target } = spec as {
    group: string;
    method: string;
    path: string;
    target: string;
  };
  // An agent server reached directly shares paths with the legacy server (`/api/settings`):
  // its endpoints are keyed apart, so an app server's answer is checked against its own.
  const where = group === 'agent' && target === 'server' ? 'agent-direct' : target;
  libEndpoints.set(`${where} ${method} ${path}`, name);
}
