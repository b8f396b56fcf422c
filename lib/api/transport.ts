// Sending one request to the service: the auth rules of docs/contract/auth.md, the answer read per
// docs/contract/http.md, every failure an ApiError. Nothing here knows the endpoint table, so a
// module that names the few endpoints it needs (the background worker, whose whole bundle must stay
// under 64 KB gzipped) carries only those. `createRawClient` (./raw-client) puts the table on top.
import * as z from 'zod/mini';
import {
  type HttpMethod,
  type QueryValue,
  type RequestParts,
  type RequestSpec,
  V0_CONVERSATION_PREFIX,
} from './endpoint';
import type { ResultContext } from './endpoints/responses';
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
import {
  agentServerBaseUrl,
  describeUrl,
  isHostedServiceUrl,
  parseServerUrl,
  resolveServerUrl,
  trimTrailingSlash,
} from './url';

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
  /**
   * The hosted service's organisation to act in, sent as `X-Org-Id` on the configured server's
   * own keyed routes only: runtimes and agent servers are other hosts with other keys, and an
   * organisation means nothing to them.
   */
  orgId?: string | null;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** An unvalidated answer and where it came from (for `parseEndpointResult`'s messages). */
export interface RawAnswer {
  value: unknown;
  context: ResultContext;
}

/** What both clients are built on, and what the worker uses directly. */
export interface Transport {
  readonly baseUrl: string | null;
  readonly authScheme: AuthScheme;
  /** Validates `params` with the spec, builds the request and sends it. */
  send(name: string, spec: RequestSpec, params: unknown, options?: CallOptions): Promise<RawAnswer>;
  /** Sends a call a page prepared with `prepareCall` (the key is added here, never there). */
  sendPrepared(call: PreparedCall, options?: CallOptions): Promise<RawAnswer>;
}

export function defaultAuthScheme(baseUrl: string): AuthScheme {
  return isHostedServiceUrl(baseUrl) ? 'bearer' : 'session-key';
}

/** Zod issues as FieldErrors, so invalid params read like the server's 422s. */
function fieldErrorsOf(error: z.core.$ZodError): FieldError[] {
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

function fillPath(template: string, spec: RequestSpec, parts: RequestParts): string {
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
  withheldServerKey: boolean;
}

export function createTransport(config: ApiClientConfig): Transport {
  let baseUrl: string | null = null;
  let configError: ApiError | null = null;
  try {
    baseUrl = parseServerUrl(config.baseUrl);
  } catch (error) {
    configError = toApiError(error);
  }
  const authScheme = config.authScheme ?? defaultAuthScheme(baseUrl ?? config.baseUrl);
  const apiKey = config.apiKey?.trim() || null;
  const orgId = config.orgId?.trim() || null;
  const fetchImpl: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function prepare(server: string, spec: RequestSpec, parts: RequestParts): PreparedRequest {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const serverOrigin = new URL(server).origin;
    /** The server's session key, for an address on the server's own origin only. */
    const serverKeyAt = (target: URL) =>
      target.origin === serverOrigin && authScheme === 'session-key' ? apiKey : null;
    let url: URL;
    let key: string | null = null;
    let bearer = false;
    let withheldServerKey = false;

    if (spec.target === 'server') {
      url = new URL(`${server}${fillPath(spec.path, spec, parts)}`);
      if (url.origin !== serverOrigin) {
        throw new ApiError(
          'invalid-params',
          `Handoff did not send ${spec.path}: it left the server.`,
        );
      }
      if (!spec.anonymous && apiKey) {
        key = apiKey;
        bearer = authScheme === 'bearer';
      }
      if (!spec.anonymous && orgId) headers['X-Org-Id'] = orgId;
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
        // docs/contract/auth.md#per-conversation-url-and-key: session_api_key, else the server
        // key, and that only on the server's own origin (same scheme, host and port): a runtime
        // elsewhere gets its own key or none.
        const sameOrigin = url.origin === serverOrigin;
        if (sameOrigin && authScheme === 'bearer' && apiKey) {
          headers.Authorization = `Bearer ${apiKey}`;
          key = ref.session_api_key ?? null;
        } else if (sameOrigin) {
          key = ref.session_api_key ?? serverKeyAt(url);
        } else {
          key = ref.session_api_key ?? null;
          withheldServerKey = key === null && apiKey !== null;
        }
      } else {
        const ref = parts.agentServer;
        if (!ref) throw new Error('An agent-server endpoint needs the conversation');
        const base = conversationBase(
          server,
          ref.conversation_url,
          'this conversation’s agent server',
        );
        // A route of the agent server itself (`/server_info`) hangs off its base, not off the
        // conversation's address.
        url = spec.path.startsWith(V0_CONVERSATION_PREFIX)
          ? new URL(`${trimTrailingSlash(base)}${fillPath(suffix, spec, parts)}`)
          : new URL(`${agentServerBaseUrl(base.href)}${fillPath(spec.path, spec, parts)}`);
        // The agent server only knows the sandbox's key
        // (docs/contract/agent-server.md#base-url-and-key). One on the server's own origin is the
        // server itself (an agent server with no app server in front): the server's key is its own.
        key = ref.session_api_key ?? serverKeyAt(url);
      }
    }
    appendQuery(url, parts.query);
    if (key) {
      if (bearer) headers.Authorization = `Bearer ${key}`;
      else headers['X-Session-API-Key'] = key;
    }
    if (parts.body !== undefined) headers['Content-Type'] = 'application/json';
    Object.assign(headers, parts.headers);
    return {
      url,
      headers,
      sentCredential: Boolean(key) || headers.Authorization !== undefined,
      withheldServerKey,
    };
  }

  async function send(
    name: string,
    spec: RequestSpec,
    params: unknown,
    options: CallOptions = {},
  ): Promise<RawAnswer> {
    if (configError) throw configError;
    try {
      return await dispatch(name, spec, buildParts(name, spec, params), options);
    } catch (error) {
      throw toApiError(error);
    }
  }

  async function sendPrepared(call: PreparedCall, options: CallOptions = {}): Promise<RawAnswer> {
    if (configError) throw configError;
    // The path arrives filled: a template without placeholders leaves it as it is.
    const spec: RequestSpec = {
      group: 'v0',
      method: call.method,
      path: call.target === 'server' ? call.path : `${V0_CONVERSATION_PREFIX}${call.path}`,
      target: call.target,
      params: noParams,
      request: () => ({}),
      ...(call.readAs === 'text' ? { readText: (text: string) => text } : {}),
      ...(call.anonymous ? { anonymous: true } : {}),
      ...(call.timeoutMs ? { timeoutMs: call.timeoutMs } : {}),
    };
    const parts: RequestParts = {
      ...(call.query ? { query: call.query } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(call.runtime ? { runtime: call.runtime } : {}),
      ...(call.agentServer ? { agentServer: call.agentServer } : {}),
    };
    try {
      return await dispatch(call.endpoint, spec, parts, options);
    } catch (error) {
      throw toApiError(error);
    }
  }

  async function dispatch(
    name: string,
    spec: RequestSpec,
    parts: RequestParts,
    options: CallOptions,
  ): Promise<RawAnswer> {
    const server = baseUrl as string;
    {
      const prepared = prepare(server, spec, parts);
      let body = parts.body === undefined ? undefined : JSON.stringify(parts.body);
      if (parts.upload) {
        const form = multipartForm(parts.upload);
        prepared.headers['Content-Type'] = form.contentType;
        body = form.body;
      }
      const request: HttpRequest = {
        method: spec.method,
        url: prepared.url,
        headers: prepared.headers,
        body,
        timeoutMs: options.timeoutMs ?? spec.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: options.signal,
        endpoint: name,
        target: spec.target,
        sentCredential: prepared.sentCredential,
        withheldServerKey: prepared.withheldServerKey,
      };
      const response = await sendRequest(fetchImpl, request);
      const context: ResultContext = {
        host: request.url.host,
        status: response.status,
        bodyType: response.bodyType,
        method: request.method,
        url: describeUrl(request.url),
      };
      if (response.status < 200 || response.status >= 300) {
        const error = errorFromResponse(request, response);
        const recovered = spec.recover?.(error);
        if (recovered !== undefined) return { value: recovered, context };
        throw error;
      }
      return { value: readAnswer(name, spec, request, response), context };
    }
  }

  return { baseUrl, authScheme, send, sendPrepared };
}

const noParams = z.object({});

/** One text file as `multipart/form-data`, with a boundary no file content can hold by chance. */
function multipartForm(upload: NonNullable<RequestParts['upload']>): {
  contentType: string;
  body: string;
} {
  const boundary = `handoff-${crypto.randomUUID()}`;
  const quoted = (value: string) => value.replace(/["\r\n]/g, '_');
  const body =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${quoted(upload.field)}"; filename="${quoted(upload.fileName)}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n' +
    `${upload.text}\r\n--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** Validates a call's params with its spec and turns them into request parts. */
function buildParts(name: string, spec: RequestSpec, params: unknown): RequestParts {
  const parsedParams = z.safeParse(spec.params, params ?? {});
  if (!parsedParams.success) {
    const fieldErrors = fieldErrorsOf(parsedParams.error);
    const first = fieldErrors[0];
    throw new ApiError(
      'invalid-params',
      `Handoff did not send ${name}: ${first ? `${first.field ? `${first.field}: ` : ''}${first.msg}` : 'invalid parameters'}.`,
      { fieldErrors, endpoint: name },
    );
  }
  return spec.request(parsedParams.data);
}

/**
 * A call built and validated on a page, ready for the worker to add credentials and send:
 * plain data, so it crosses extension messaging. The path is filled; for `runtime` and
 * `agent-server` targets it is the part after `/api/conversations/{conversation_id}`.
 */
export interface PreparedCall {
  endpoint: string;
  method: HttpMethod;
  target: RequestTarget;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  runtime?: RequestParts['runtime'];
  agentServer?: RequestParts['agentServer'];
  anonymous?: boolean;
  timeoutMs?: number;
  /** `text`: the answer comes back as text, for endpoints with their own reader. */
  readAs?: 'json' | 'text';
}

/** Builds a call on the page side: params validated, path filled, nothing secret in it. */
export function prepareCall(name: string, spec: RequestSpec, params: unknown): PreparedCall {
  const parts = buildParts(name, spec, params);
  const filled = fillPath(spec.path, spec, parts);
  return {
    endpoint: name,
    method: spec.method,
    target: spec.target,
    path: spec.target === 'server' ? filled : filled.slice(V0_CONVERSATION_PREFIX.length),
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    ...(parts.runtime ? { runtime: parts.runtime } : {}),
    ...(parts.agentServer ? { agentServer: parts.agentServer } : {}),
    ...(spec.anonymous ? { anonymous: true } : {}),
    ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
    ...(spec.readText ? { readAs: 'text' as const } : {}),
  };
}

/** The body as one JSON value, or as the endpoint's own reader makes of its text. */
function readAnswer(
  name: string,
  spec: RequestSpec,
  request: HttpRequest,
  response: HttpResponse,
): unknown {
  if (spec.readText && response.bodyType !== 'html') {
    try {
      return spec.readText(response.text);
    } catch {
      throw new ApiError(
        'bad-response',
        `The server at ${request.url.host} sent an answer that could not be read.`,
        { status: response.status, bodyType: response.bodyType, endpoint: name },
      );
    }
  }
  return jsonFromResponse(request, response);
}
