// The typed client: one generic `call` over the method table, plus the same methods grouped by
// API (`client.v0.getConversation(…)`). Every method takes one plain params object and
// resolves with data parsed by the endpoint's lenient schema, or rejects with an ApiError.
import type { z } from 'zod';
import {
  type EndpointSpec,
  type QueryValue,
  type RequestParts,
  V0_CONVERSATION_PREFIX,
} from './endpoint';
import { type ApiEndpoints, apiEndpoints, type EndpointName } from './endpoints';
import { ApiError, type FieldError, toApiError } from './errors';
import {
  DEFAULT_TIMEOUT_MS,
  errorFromResponse,
  type FetchLike,
  type HttpRequest,
  type HttpResponse,
  jsonFromResponse,
  type RequestTarget,
  sendRequest,
} from './http';
import { isHostedServiceUrl, parseServerUrl, resolveServerUrl, trimTrailingSlash } from './url';

/** `session-key`: `X-Session-API-Key` (self-hosted); `bearer`: `Authorization: Bearer` (hosted). */
export type AuthScheme = 'session-key' | 'bearer';

export interface ApiClientConfig {
  /** The service address, e.g. `http://localhost:3000` or `https://app.all-hands.dev`. */
  baseUrl: string;
  /** The server key (self-hosted `SESSION_API_KEY`) or the hosted service's API key. */
  apiKey?: string | null;
  /** Default: `bearer` for *.all-hands.dev, else `session-key`. */
  authScheme?: AuthScheme;
  /** Per-request timeout; default 15 s. */
  timeoutMs?: number;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

type SpecOf<N extends EndpointName> = ApiEndpoints[N];
export type EndpointParams<N extends EndpointName> = z.input<SpecOf<N>['params']>;
export type EndpointResult<N extends EndpointName> =
  SpecOf<N> extends EndpointSpec<infer _P, infer R> ? R : never;

type RequiredKeys<T> = {
  [K in keyof T]-?: undefined extends T[K] ? never : K;
}[keyof T];
/** True when no key is required (`{}` params read as `Record<string, never>`). */
type NothingRequired<T> = string extends keyof T
  ? true
  : [RequiredKeys<T>] extends [never]
    ? true
    : false;

/** Params may be left out when none are required. */
export type EndpointMethod<N extends EndpointName> =
  NothingRequired<EndpointParams<N>> extends true
    ? (params?: EndpointParams<N>, options?: CallOptions) => Promise<EndpointResult<N>>
    : (params: EndpointParams<N>, options?: CallOptions) => Promise<EndpointResult<N>>;

type Group = 'server' | 'v0' | 'v1' | 'agent';
export type GroupMethods<G extends Group> = {
  [N in EndpointName as N extends `${G}.${infer Method}` ? Method : never]: EndpointMethod<N>;
};

export interface ApiClient {
  /** The validated base URL, or null when the configured address is unusable. */
  readonly baseUrl: string | null;
  readonly authScheme: AuthScheme;
  /** Calls an endpoint by name: what the worker uses for remote calls. */
  call<N extends EndpointName>(
    name: N,
    params: EndpointParams<N>,
    options?: CallOptions,
  ): Promise<EndpointResult<N>>;
  readonly server: GroupMethods<'server'>;
  readonly v0: GroupMethods<'v0'>;
  readonly v1: GroupMethods<'v1'>;
  readonly agent: GroupMethods<'agent'>;
}

export function defaultAuthScheme(baseUrl: string): AuthScheme {
  return isHostedServiceUrl(baseUrl) ? 'bearer' : 'session-key';
}

/** Zod issues as FieldErrors, so invalid params read like the server's 422s. */
function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const loc = issue.path.filter(
      (part): part is string | number => typeof part === 'string' || typeof part === 'number',
    );
    return { loc, field: loc.join('.'), msg: issue.message, type: issue.code };
  });
}

function appendQuery(url: URL, query: Record<string, QueryValue> | undefined): void {
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value)
      ? value
      : [value as string | number | boolean];
    for (const item of values) url.searchParams.append(name, String(item));
  }
}

function fillPath(template: string, spec: EndpointSpec, parts: RequestParts): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parts.path?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}"`);
    return spec.slashParams?.includes(name)
      ? value.split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(value);
  });
}

/** A URL the server handed out, checked before we send a key to it. */
function conversationBase(baseUrl: string, reference: string, what: string): URL {
  let url: URL;
  try {
    url = resolveServerUrl(baseUrl, reference);
  } catch {
    throw new ApiError('bad-response', `The server gave ${what} an unusable address: ${reference}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError('bad-response', `The server gave ${what} an unusable address: ${reference}`);
  }
  return url;
}

interface PreparedRequest {
  url: URL;
  headers: Record<string, string>;
  sentCredential: boolean;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  let baseUrl: string | null = null;
  let configError: ApiError | null = null;
  try {
    baseUrl = parseServerUrl(config.baseUrl);
  } catch (error) {
    configError = toApiError(error);
  }
  const authScheme = config.authScheme ?? defaultAuthScheme(baseUrl ?? config.baseUrl);
  const apiKey = config.apiKey?.trim() || null;
  const fetchImpl: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function prepare(server: string, spec: EndpointSpec, parts: RequestParts): PreparedRequest {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const serverOrigin = new URL(server).origin;
    let url: URL;
    let key: string | null = null;
    let bearer = false;

    if (spec.target === 'server') {
      url = new URL(`${server}${fillPath(spec.path, spec, parts)}`);
      if (!spec.anonymous && apiKey) {
        key = apiKey;
        bearer = authScheme === 'bearer';
      }
    } else {
      const suffix = spec.path.slice(V0_CONVERSATION_PREFIX.length);
      if (spec.target === 'runtime') {
        const ref = parts.runtime;
        if (!ref) throw new Error('A runtime endpoint needs the conversation');
        const base = conversationBase(
          server,
          ref.url ?? `/api/conversations/${encodeURIComponent(ref.conversation_id)}`,
          'this conversation',
        );
        url = new URL(`${trimTrailingSlash(base)}${fillPath(suffix, spec, parts)}`);
        // §3.2: session_api_key ?? server key; the hosted Bearer key never goes to runtime hosts.
        const sameOrigin = url.origin === serverOrigin;
        if (sameOrigin && authScheme === 'bearer' && apiKey) {
          headers.Authorization = `Bearer ${apiKey}`;
          key = ref.session_api_key ?? null;
        } else {
          key = ref.session_api_key ?? (authScheme === 'session-key' ? apiKey : null);
        }
      } else {
        const ref = parts.agentServer;
        if (!ref) throw new Error('An agent-server endpoint needs the conversation');
        const base = conversationBase(
          server,
          ref.conversation_url,
          'this conversation’s agent server',
        );
        url = new URL(`${trimTrailingSlash(base)}${fillPath(suffix, spec, parts)}`);
        // The agent server only knows the sandbox's key (§8.1), never the server's.
        key = ref.session_api_key ?? null;
      }
    }
    appendQuery(url, parts.query);
    if (key) {
      if (bearer) headers.Authorization = `Bearer ${key}`;
      else headers['X-Session-API-Key'] = key;
    }
    if (parts.body !== undefined) headers['Content-Type'] = 'application/json';
    return {
      url,
      headers,
      sentCredential: Boolean(key) || headers.Authorization !== undefined,
    };
  }

  async function call(name: EndpointName, params: unknown, options: CallOptions = {}) {
    if (configError) throw configError;
    const server = baseUrl as string;
    const spec = apiEndpoints[name] as unknown as EndpointSpec;
    try {
      const parsedParams = spec.params.safeParse(params ?? {});
      if (!parsedParams.success) {
        const fieldErrors = fieldErrorsOf(parsedParams.error);
        const first = fieldErrors[0];
        throw new ApiError(
          'invalid-params',
          `Handoff did not send ${name}: ${first ? `${first.field ? `${first.field}: ` : ''}${first.msg}` : 'invalid parameters'}.`,
          { fieldErrors, endpoint: name },
        );
      }
      const parts = spec.request(parsedParams.data);
      const prepared = prepare(server, spec, parts);
      const request: HttpRequest = {
        method: spec.method,
        url: prepared.url,
        headers: prepared.headers,
        body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
        timeoutMs: options.timeoutMs ?? spec.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: options.signal,
        endpoint: name,
        target: spec.target as RequestTarget,
        sentCredential: prepared.sentCredential,
      };
      const response = await sendRequest(fetchImpl, request);
      if (response.status < 200 || response.status >= 300) {
        const error = errorFromResponse(request, response);
        const recovered = spec.recover?.(error);
        if (recovered !== undefined) return recovered;
        throw error;
      }
      return parseAnswer(name, spec, request, response);
    } catch (error) {
      throw toApiError(error);
    }
  }

  function group<G extends Group>(prefix: G): GroupMethods<G> {
    const methods: Record<string, unknown> = {};
    for (const name of Object.keys(apiEndpoints) as EndpointName[]) {
      if (!name.startsWith(`${prefix}.`)) continue;
      methods[name.slice(prefix.length + 1)] = (params: unknown, options?: CallOptions) =>
        call(name, params, options);
    }
    return methods as GroupMethods<G>;
  }

  return {
    baseUrl,
    authScheme,
    call: call as ApiClient['call'],
    server: group('server'),
    v0: group('v0'),
    v1: group('v1'),
    agent: group('agent'),
  };
}

function parseAnswer(
  name: string,
  spec: EndpointSpec,
  request: HttpRequest,
  response: HttpResponse,
): unknown {
  let value: unknown;
  if (spec.readText && response.bodyType !== 'html') {
    try {
      value = spec.readText(response.text);
    } catch {
      throw new ApiError(
        'bad-response',
        `The server at ${request.url.host} sent an answer that could not be read.`,
        { status: response.status, bodyType: response.bodyType, endpoint: name },
      );
    }
  } else {
    value = jsonFromResponse(request, response);
  }
  const parsed = spec.response.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  throw new ApiError(
    'bad-response',
    `The server at ${request.url.host} answered ${name} in an unexpected format (${where}${issue?.message ?? 'invalid'}). It may run a version Handoff does not support.`,
    {
      status: response.status,
      bodyType: response.bodyType,
      endpoint: name,
      method: request.method,
      url: `${request.url.origin}${request.url.pathname}`,
    },
  );
}
