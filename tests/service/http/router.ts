// Route tables and the request pipeline of one listener, in FastAPI's order:
//   1. the JSON body is decoded (a decode error is a 422 before anything else runs),
//   2. router dependencies (the key check → 401) and route dependencies (e.g. the id check → 400),
//   3. path, query and body validation (all errors together → 422),
//   4. the handler.
// Every route also names where the upstream contract defines it, which the contract test uses.
import type { IncomingHttpHeaders } from 'node:http';
import {
  type FormValue,
  lastValue,
  MultiPartException,
  MultipartParseError,
  readForm,
} from './multipart';
import {
  INVALID,
  type ModelSchema,
  type PydanticError,
  model as pydanticModel,
  type Schema,
} from './pydantic';
import { PyJsonError, PyRecursionError, parsePythonJson } from './pyjson';
import {
  HttpError,
  httpException,
  internalServerError,
  isServiceResponse,
  json,
  type ServiceResponse,
  UpstreamCrash,
  validationError,
} from './respond';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `v0`: the server key (0.62) or hosted credentials; `v1`: the app server's
 * routes (0.62: nothing; 1.x: the server key; hosted: the user's credentials and organisation);
 * `hosted`: the hosted user's credentials without an organisation context; `runtime`: the
 * conversation's nested-runtime key; `agent`: a sandbox's key; `admin`: the fault-control
 * endpoint; `none`: health probes and the web client's config.
 */
export type AuthRule = 'none' | 'v0' | 'v1' | 'hosted' | 'runtime' | 'agent' | 'admin';

/**
 * Where the route is defined upstream. `v0` = v0_openapi_0.53.0.json, `cloud` =
 * cloud_openapi.json, `agent` = agent_server_openapi.json, `documented` = only in
 * docs/contract/README.md#openapi-documents-and-their-gaps (0.62.0 routes absent from those documents; `why` says where it is described),
 * `internal` = this service's own admin endpoint, `agent-sdk` = an agent-server route newer
 * than agent_server_openapi.json (`why` names its router in software-agent-sdk).
 */
export interface ContractRef {
  source: 'v0' | 'cloud' | 'agent' | 'agent-sdk' | 'documented' | 'internal';
  /** The path as written in the document when it differs from the route's path. */
  path?: string;
  why?: string;
}

export interface Incoming {
  method: string;
  /** Percent-decoded path, as Starlette matches it. */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  remoteAddress: string;
}

export interface RouteContext<P, Q, B> {
  req: Incoming;
  params: P;
  query: Q;
  body: B;
  /** The decoded JSON of a raw-JSON route; throws a 500 like `await request.json()` would. */
  rawJson: () => unknown;
}

export type BodySpec<B> =
  | { kind: 'model'; schema: Schema<B>; required: boolean }
  /** `await request.json()` inside the handler: a decode error is an unhandled 500. */
  | { kind: 'raw-json' }
  /** A JSON body FastAPI reads even on GET (e.g. `EventFilter`); absent → null. */
  | { kind: 'optional-model'; schema: Schema<B> }
  /** A `multipart/form-data` form the handler reads from the raw body. */
  | { kind: 'multipart' }
  /**
   * One required `UploadFile = File()` parameter: the form is read before auth (FastAPI reads
   * bodies first), the named field validated with the query; the body is the file.
   */
  | { kind: 'file'; field: string }
  /**
   * Required `str = Form(...)` parameters: the form is read before auth, each named field must be
   * a non-empty text (FastAPI takes an empty one as missing); the body is the fields by name.
   */
  | { kind: 'form'; fields: readonly string[] };

export interface RouteSpec<P, Q, B> {
  method: HttpMethod;
  path: string;
  auth: AuthRule;
  contract: ContractRef;
  params?: ModelSchema<P>;
  query?: ModelSchema<Q>;
  body?: BodySpec<B>;
  /** Dependencies run after auth and before validation errors are reported. */
  depends?: ((req: Incoming, rawParams: Record<string, string>) => void | Promise<void>)[];
  handle: (ctx: RouteContext<P, Q, B>) => unknown | Promise<unknown>;
}

export interface Route extends RouteSpec<unknown, unknown, unknown> {
  readonly pattern: RegExp;
  readonly paramNames: readonly string[];
}

/** Path parameter names used by the route tables (only a route's own ones are present). */
export type PathParams = Record<
  'conversation_id' | 'secret_id' | 'sandbox_id' | 'id' | 'repository_name' | 'event_id' | 'path',
  string
>;

export function defineRoute<P = PathParams, Q = Record<string, never>, B = undefined>(
  spec: RouteSpec<P, Q, B>,
): Route {
  const paramNames: string[] = [];
  const source = spec.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const match = /^\{([^}:]+)(:path)?\}$/.exec(part);
      if (!match) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(match[1] as string);
      return match[2] ? '(.+)' : '([^/]+)';
    })
    .join('');
  return {
    ...(spec as unknown as RouteSpec<unknown, unknown, unknown>),
    pattern: new RegExp(`^${source}$`),
    paramNames,
  };
}

export interface RouteMatch {
  route: Route;
  rawParams: Record<string, string>;
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { match?: RouteMatch; pathMatched: boolean } {
  const wanted = method === 'HEAD' ? 'GET' : method;
  let pathMatched = false;
  for (const route of routes) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    pathMatched = true;
    if (route.method !== wanted) continue;
    const rawParams: Record<string, string> = {};
    route.paramNames.forEach((name, index) => {
      rawParams[name] = found[index + 1] as string;
    });
    return { match: { route, rawParams }, pathMatched };
  }
  return { pathMatched };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** FastAPI's choice of body decoding by content type. */
function decodeBody(req: Incoming): { present: boolean; value: unknown } {
  if (req.body.length === 0) return { present: false, value: null };
  const contentType = headerValue(req.headers, 'content-type');
  const textBody = req.body.toString('utf8');
  const isJson =
    !contentType ||
    /^application\/([\w.+-]*\+)?json\b/i.test(contentType.split(';')[0]?.trim() ?? '');
  if (!isJson) return { present: true, value: textBody };
  try {
    return { present: true, value: parsePythonJson(textBody) };
  } catch (error) {
    if (error instanceof PyRecursionError) {
      // FastAPI turns any other body parsing failure into this 400.
      throw httpException(400, 'There was an error parsing the body');
    }
    if (error instanceof PyJsonError) {
      throw validationError([
        {
          type: 'json_invalid',
          loc: ['body', error.pos],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: error.pythonMessage },
        },
      ]);
    }
    throw error;
  }
}

/** Query values the way Starlette hands them to FastAPI: scalars take the last occurrence. */
function queryInput(url: URL, schema: ModelSchema<unknown>, listFields: ReadonlySet<string>) {
  const out: Record<string, unknown> = {};
  for (const name of schema.fieldNames) {
    const all = url.searchParams.getAll(name);
    if (all.length === 0) continue;
    out[name] = listFields.has(name) ? all : all[all.length - 1];
  }
  return out;
}

/** Query fields declared as lists take every occurrence of the parameter. */
export const queryListFields = new WeakMap<ModelSchema<unknown>, ReadonlySet<string>>();

export function queryModel<F extends Parameters<typeof pydanticModel>[0]>(
  fields: F,
  lists: string[] = [],
) {
  const schema = pydanticModel(fields, { extra: 'ignore', missingInputIsNull: true });
  queryListFields.set(schema as ModelSchema<unknown>, new Set(lists));
  return schema;
}

/** `await request.form()` as FastAPI calls it: Starlette's 400s, then FastAPI's own. */
function decodeForm(req: Incoming): [string, FormValue][] {
  try {
    return readForm(headerValue(req.headers, 'content-type'), req.body);
  } catch (error) {
    if (error instanceof MultiPartException) throw httpException(400, error.message);
    if (error instanceof MultipartParseError) {
      throw httpException(400, 'There was an error parsing the body');
    }
    throw error;
  }
}

/** An `UploadFile` form field: missing (or an empty text field), a text value, or the file. */
function validateFile(
  form: [string, FormValue][],
  field: string,
  errors: PydanticError[],
): FormValue | undefined {
  const value = lastValue(form, field);
  const loc = ['body', field];
  if (value === undefined || value === '') {
    errors.push({ type: 'missing', loc, msg: 'Field required', input: null });
    return undefined;
  }
  if (typeof value === 'string') {
    errors.push({
      type: 'value_error',
      loc,
      msg: "Value error, Expected UploadFile, received: <class 'str'>",
      input: value,
      ctx: { error: {} },
    });
    return undefined;
  }
  return value;
}

/** `str = Form(...)` fields: each present as a non-empty text, else pydantic's error. */
function validateTextFields(
  form: [string, FormValue][],
  fields: readonly string[],
  errors: PydanticError[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = lastValue(form, field);
    const loc = ['body', field];
    if (value === undefined || value === '') {
      errors.push({ type: 'missing', loc, msg: 'Field required', input: null });
    } else if (typeof value !== 'string') {
      // An uploaded file where text is expected; upstream's encoding of the file object as
      // `input` is not reproduced.
      errors.push({ type: 'string_type', loc, msg: 'Input should be a valid string', input: {} });
    } else {
      out[field] = value;
    }
  }
  return out;
}

export async function runRoute(
  match: RouteMatch,
  req: Incoming,
  authorize: (route: Route, req: Incoming, rawParams: Record<string, string>) => void,
): Promise<ServiceResponse> {
  const { route, rawParams } = match;
  try {
    let decoded: { present: boolean; value: unknown } = { present: false, value: null };
    if (route.body?.kind === 'model' || route.body?.kind === 'optional-model') {
      decoded = decodeBody(req);
    }
    const form = route.body?.kind === 'file' || route.body?.kind === 'form' ? decodeForm(req) : [];

    authorize(route, req, rawParams);
    for (const dependency of route.depends ?? []) await dependency(req, rawParams);

    const errors: PydanticError[] = [];
    let params: unknown = rawParams;
    if (route.params) params = route.params.validate(rawParams, ['path'], errors, 'query');
    let query: unknown = {};
    if (route.query) {
      const lists = queryListFields.get(route.query) ?? new Set<string>();
      query = route.query.validate(
        queryInput(req.url, route.query, lists),
        ['query'],
        errors,
        'query',
      );
    }
    let body: unknown;
    if (route.body?.kind === 'model') {
      if (!decoded.present) {
        if (route.body.required) {
          errors.push({ type: 'missing', loc: ['body'], msg: 'Field required', input: null });
        } else body = null;
      } else body = route.body.schema.validate(decoded.value, ['body'], errors, 'json');
    } else if (route.body?.kind === 'file') {
      body = validateFile(form, route.body.field, errors);
    } else if (route.body?.kind === 'form') {
      body = validateTextFields(form, route.body.fields, errors);
    } else if (route.body?.kind === 'optional-model') {
      body =
        decoded.present && decoded.value !== null
          ? route.body.schema.validate(decoded.value, ['body'], errors, 'json')
          : null;
    }
    if (errors.length > 0) throw validationError(errors);
    if (params === INVALID || query === INVALID || body === INVALID) {
      throw validationError(errors);
    }

    const rawJson = () => {
      try {
        return parsePythonJson(req.body.toString('utf8'));
      } catch {
        throw new HttpError(internalServerError());
      }
    };
    const result = await route.handle({ req, params, query, body, rawJson });
    if (isServiceResponse(result)) return result;
    return json(result);
  } catch (error) {
    if (error instanceof HttpError) return error.response;
    if (error instanceof UpstreamCrash) return internalServerError(error.said);
    console.error(`[service] ${req.method} ${req.path} failed:`, error);
    return internalServerError();
  }
}
