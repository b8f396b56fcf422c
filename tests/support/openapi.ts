// Validation against the upstream OpenAPI 3.1 documents: route and method exist, query names
// are declared, path params fill the template, bodies and parameter values validate with the
// document's own JSON Schemas (ajv, draft 2020-12).
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readSharedJson } from './upstream-fixtures';

export type DocumentName = 'v0' | 'cloud' | 'agent';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const files: Record<DocumentName, string> = {
  v0: 'fixtures/upstream/v0_openapi_0.53.0.json',
  cloud: 'fixtures/upstream/cloud_openapi.json',
  agent: 'fixtures/upstream/agent_server_openapi.json',
};

const documents = new Map<DocumentName, OpenApiDocument>();
export function openApiDocument(name: DocumentName): OpenApiDocument {
  let document = documents.get(name);
  if (!document) {
    document = readSharedJson<OpenApiDocument>(files[name]);
    documents.set(name, document);
  }
  return document;
}

let ajvInstance: Ajv2020 | null = null;
/** One ajv with the three documents registered, so `#/components/schemas/…` refs resolve. */
export function ajv(): Ajv2020 {
  if (ajvInstance) return ajvInstance;
  const instance = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(instance);
  // OpenAPI-only formats that carry no constraint.
  instance.addFormat('password', true);
  instance.addFormat('binary', true);
  // The servers parse these with pydantic, which is looser than RFC 3339/4122: a UUID may be bare
  // hex (how the app server writes ids, docs/contract/v1-app-server.md#conventions), and a datetime
  // may be naive (how every event timestamp is written, so filters echo naive values back). Check
  // what the server checks.
  instance.addFormat(
    'uuid',
    /^(?:urn:uuid:)?\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i,
  );
  instance.addFormat(
    'date-time',
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i,
  );
  for (const name of Object.keys(files) as DocumentName[]) {
    instance.addSchema(openApiDocument(name) as object, `${name}.json`);
  }
  ajvInstance = instance;
  return instance;
}

/** Rewrites the document-relative refs of a fragment so it compiles on its own. */
function anchored(schema: unknown, document: DocumentName): unknown {
  if (Array.isArray(schema)) return schema.map((item) => anchored(item, document));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${document}.json${value}`
        : anchored(value, document),
    ]),
  );
}

const compiled = new Map<string, ValidateFunction>();
export function validatorFor(document: DocumentName, schema: unknown): ValidateFunction {
  const cacheKey = `${document}:${JSON.stringify(schema)}`;
  let validate = compiled.get(cacheKey);
  if (!validate) {
    validate = ajv().compile(anchored(schema, document) as object);
    compiled.set(cacheKey, validate);
  }
  return validate;
}

/** A named component schema, e.g. `Event` of the agent-server document. */
export function componentValidator(document: DocumentName, component: string): ValidateFunction {
  return validatorFor(document, { $ref: `#/components/schemas/${component}` });
}

export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message}`)
    .join('; ');
}

export interface CapturedCall {
  method: string;
  /** Path relative to the API root (runtime/agent-server prefixes removed). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  hasBody: boolean;
}

export interface ContractException {
  /**
   * Query names docs/contract/README.md#openapi-documents-and-their-gaps documents for 0.62.0 that
   * the older document lacks.
   */
  extraQuery?: readonly string[];
  reason: string;
}

/** Values of `{name}` placeholders when `path` fits `template` (slash params may span segments). */
export function matchTemplate(
  template: string,
  path: string,
  slashParams: readonly string[] = [],
): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)\\?\}/g, (_, name) => {
      names.push(name);
      return slashParams.includes(name) ? '(.+?)' : '([^/]+)';
    });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(match[index + 1] as string)]),
  );
}

/** A query value as the server would coerce it: the raw string, or its JSON reading. */
function readings(value: string): unknown[] {
  const list: unknown[] = [value];
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'string') list.push(parsed);
  } catch {
    // Not JSON: only the raw string applies.
  }
  return list;
}

function queryValueValid(validate: ValidateFunction, values: string[], isArray: boolean): boolean {
  // Plain boolean wrapper: ajv's type guard would narrow `values` to never after a miss.
  const valid = (data: unknown): boolean => validate(data) === true;
  if (isArray) return valid(values) || valid(values.map((value) => readings(value).at(-1)));
  return readings(values[0] as string).some(valid);
}

function schemaIsArray(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const record = schema as Record<string, unknown>;
  if (record.type === 'array') return true;
  const anyOf = record.anyOf as unknown[] | undefined;
  return Array.isArray(anyOf) && anyOf.some(schemaIsArray);
}

/**
 * Every problem of one captured request against `template` + `method` of a document; empty
 * when the request is one the upstream server accepts.
 */
export function contractProblems(
  document: DocumentName,
  template: string,
  call: CapturedCall,
  options: { slashParams?: readonly string[]; exception?: ContractException } = {},
): string[] {
  const problems: string[] = [];
  const operation = openApiDocument(document).paths[template]?.[call.method.toLowerCase()];
  if (!operation) return [`${call.method} ${template} is not in the ${document} document`];

  const pathValues = matchTemplate(template, call.path, options.slashParams);
  if (!pathValues) return [`${call.path} does not fit ${template}`];

  const parameters = operation.parameters ?? [];
  for (const [name, value] of Object.entries(pathValues)) {
    if (!value) problems.push(`path parameter ${name} is empty`);
    const declared = parameters.find((p) => p.in === 'path' && p.name === name);
    // Some documents leave a templated segment undeclared (DELETE /api/v1/sandboxes/{id}).
    // A path segment is text on the wire, read as its schema's type (`{key_id}` an integer).
    if (
      declared?.schema &&
      !queryValueValid(validatorFor(document, declared.schema), [value], false)
    ) {
      problems.push(`path parameter ${name}=${value} fails its schema`);
    }
  }

  const queryNames = new Set(call.query.keys());
  for (const name of queryNames) {
    const declared = parameters.find((p) => p.in === 'query' && p.name === name);
    if (!declared) {
      if (!options.exception?.extraQuery?.includes(name)) {
        problems.push(`query parameter ${name} is not declared`);
      }
      continue;
    }
    if (declared.schema) {
      const validate = validatorFor(document, declared.schema);
      if (!queryValueValid(validate, call.query.getAll(name), schemaIsArray(declared.schema))) {
        problems.push(
          `query ${name}=${call.query.getAll(name).join(',')} fails its schema: ${describeErrors(validate)}`,
        );
      }
    }
  }
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.required && !queryNames.has(parameter.name)) {
      problems.push(`required query parameter ${parameter.name} is missing`);
    }
  }

  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  if (call.hasBody) {
    if (bodySchema === undefined) {
      // FastAPI handlers reading `request.json()` declare no body (V0 POST …/events).
      if (operation.requestBody) problems.push('the operation takes no JSON body');
    } else {
      const validate = validatorFor(document, bodySchema);
      if (!validate(call.body)) problems.push(`body fails the schema: ${describeErrors(validate)}`);
    }
  } else if (operation.requestBody?.required) {
    problems.push('the operation requires a body and none was sent');
  }
  return problems;
}
