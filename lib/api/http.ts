// The transport under every endpoint: one fetch with a timeout and the caller's AbortSignal, and
// the reading of answers per docs/contract/http.md. A missing route rarely looks like a 404 (the
// web UI's fallback answers any unknown GET with 200 text/html), and many routes hand-make their
// error bodies, so nothing here trusts the status line or the content type alone.
import {
  ApiError,
  type ApiErrorDetails,
  type ApiErrorKind,
  CREDENTIAL_BINDING_REQUIRED,
  type FieldError,
  type ResponseBodyType,
} from './errors';
import { describeUrl } from './url';

/** The part of `fetch` the client uses; injectable so tests and the extension can supply one. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Which service a request goes to; decides credentials and the wording of errors. */
export type RequestTarget = 'server' | 'runtime' | 'agent-server';

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** For error messages. */
  endpoint?: string;
  target: RequestTarget;
  /** Whether a credential was sent: decides between "needs a key" and "rejected the key". */
  sentCredential: boolean;
  /**
   * A runtime on another origin that has no key of its own: the server's key was kept back
   * (docs/contract/auth.md#per-conversation-url-and-key), which a 401 then says.
   */
  withheldServerKey?: boolean;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Headers;
  bodyType: ResponseBodyType;
  text: string;
  /** Parsed body when `bodyType` is `json`. */
  json: unknown;
}

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** HTTP/2 answers carry no reason phrase; fall back to the standard one. */
function statusTextOf(status: number, given: string): string {
  return given || reasonPhrases[status] || `HTTP ${status}`;
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}

/** Classifies and, when JSON, parses a body. Content type first, sniffing as a fallback. */
export function readBody(
  text: string,
  contentType: string | null,
): { bodyType: ResponseBodyType; json: unknown } {
  if (!text.trim()) return { bodyType: 'empty', json: undefined };
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('text/html') || looksLikeHtml(text))
    return { bodyType: 'html', json: undefined };
  try {
    return { bodyType: 'json', json: JSON.parse(text) };
  } catch {
    return { bodyType: 'text', json: undefined };
  }
}

/**
 * Sends one request. Resolves with any HTTP answer (the caller interprets the status); rejects
 * only with `network`, `timeout` or `aborted` ApiErrors. The timeout covers reading the body.
 */
export async function sendRequest(
  fetchImpl: FetchLike,
  request: HttpRequest,
): Promise<HttpResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const forwardAbort = () => controller.abort();
  const details: ApiErrorDetails = {
    endpoint: request.endpoint,
    method: request.method,
    url: describeUrl(request.url),
  };
  if (request.signal?.aborted) {
    clearTimeout(timer);
    throw new ApiError('aborted', 'The request was cancelled.', details);
  }
  request.signal?.addEventListener('abort', forwardAbort, { once: true });
  const host = request.url.host;
  try {
    let response: Response;
    let text: string;
    // Reading the body can fail the same ways as the request itself (a timeout, a reset).
    try {
      response = await fetchImpl(request.url.toString(), {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        // Never let a browser session cookie stand in for the configured key
        // (docs/contract/auth.md#credentials-by-deployment).
        credentials: 'omit',
        // A followed redirect would carry the key's header to wherever the server points
        // (docs/security.md#keys-stay-with-their-origin); `manual` lets us say so in words.
        redirect: 'manual',
      });
      if (isRedirect(response)) {
        throw redirectError(request, response.status, details);
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw transportError(error, {
        timedOut,
        host,
        timeoutMs: request.timeoutMs,
        details,
        controller,
      });
    }
    const { bodyType, json } = readBody(text, response.headers.get('content-type'));
    return {
      status: response.status,
      statusText: statusTextOf(response.status, response.statusText),
      headers: response.headers,
      bodyType,
      text,
      json,
    };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Browsers answer `manual` with an opaque redirect (status 0); Node's fetch with the 3xx. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

function redirectError(request: HttpRequest, status: number, details: ApiErrorDetails): ApiError {
  const code = status ? ` (${status})` : '';
  return new ApiError(
    'redirect',
    `The server at ${request.url.host} answered with a redirect${code}. Handoff does not follow redirects, so the key never goes to another address. If the server has moved, enter its new address in Handoff's options.`,
    { ...details, ...(status ? { status } : {}) },
  );
}

function transportError(
  error: unknown,
  context: {
    timedOut: boolean;
    host: string;
    timeoutMs: number;
    details: ApiErrorDetails;
    controller: AbortController;
  },
): ApiError {
  if (context.timedOut) {
    const seconds = Math.round(context.timeoutMs / 100) / 10;
    return new ApiError(
      'timeout',
      `The server at ${context.host} did not answer within ${seconds} s.`,
      context.details,
      error,
    );
  }
  if (context.controller.signal.aborted) {
    return new ApiError('aborted', 'The request was cancelled.', context.details, error);
  }
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new ApiError(
    'network',
    `Could not reach the server at ${context.host}${reason}. Check that it is running, that the address is right and that Handoff may access it.`,
    context.details,
    error,
  );
}

// --- Reading error answers ------------------------------------------------------------------

function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 422) return 'validation';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad-request';
  return 'bad-response';
}

const locPrefixes = new Set(['body', 'query', 'path', 'header']);

/** Reads a FastAPI 422 `detail` array; entries that do not look like one are skipped. */
export function parseFieldErrors(detail: unknown[]): FieldError[] {
  const result: FieldError[] = [];
  for (const entry of detail) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const loc = Array.isArray(record.loc)
      ? record.loc.filter((part): part is string | number =>
          ['string', 'number'].includes(typeof part),
        )
      : [];
    const path = loc.length > 1 && locPrefixes.has(String(loc[0])) ? loc.slice(1) : loc;
    result.push({
      loc,
      field: path.join('.'),
      msg: typeof record.msg === 'string' ? record.msg : 'Invalid value',
      type: typeof record.type === 'string' ? record.type : 'unknown',
    });
  }
  return result;
}

/**
 * The server's own message, in docs/contract/http.md#error-bodies's order: `detail` (string or 422
 * array), `error`, `message`, a bare JSON string, then the status text.
 */
export function extractServerMessage(
  body: unknown,
  statusText: string,
): Pick<ApiErrorDetails, 'serverMessage' | 'fieldErrors' | 'msgId'> {
  if (typeof body === 'string' && body.trim()) return { serverMessage: body };
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const msgId = typeof record.msg_id === 'string' ? record.msg_id : undefined;
    if (typeof record.detail === 'string' && record.detail) {
      return { serverMessage: record.detail, msgId };
    }
    if (Array.isArray(record.detail)) {
      const fieldErrors = parseFieldErrors(record.detail);
      const serverMessage = fieldErrors
        .map((fieldError) =>
          fieldError.field ? `${fieldError.field}: ${fieldError.msg}` : fieldError.msg,
        )
        .join('; ');
      return { serverMessage: serverMessage || statusText, fieldErrors, msgId };
    }
    // A structured detail (the hosted service's quota: `{code, message, …}`) says it in `message`.
    const detail = record.detail as Record<string, unknown> | null | undefined;
    if (detail && typeof detail === 'object' && typeof detail.message === 'string') {
      return { serverMessage: detail.message, msgId };
    }
    if (typeof record.error === 'string' && record.error) {
      return { serverMessage: record.error, msgId };
    }
    if (typeof record.message === 'string' && record.message) {
      return { serverMessage: record.message, msgId };
    }
    return { serverMessage: statusText, msgId };
  }
  return { serverMessage: statusText };
}

type NamedLimit =
  | { kind: 'daily-quota'; count: number | null; resetAt: string | null }
  | { kind: 'run-capacity' };

/**
 * Which limit a 429 names. The hosted service's conversations a day come as
 * `detail: {code: "daily_conversation_limit_reached", message, limit, used, reset_at}`; an agent
 * server's cap on running conversations (1.54+, `max_concurrent_runs`) as the detail
 * "Conversation run limit reached. Retry the request later.""
 */
function limitOf(body: unknown, words: string | undefined): NamedLimit | null {
  const detail =
    body && typeof body === 'object' ? (body as Record<string, unknown>).detail : undefined;
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) {
    const record = detail as Record<string, unknown>;
    if (record.code === 'daily_conversation_limit_reached') {
      const resetAt =
        typeof record.reset_at === 'string' && !Number.isNaN(Date.parse(record.reset_at))
          ? record.reset_at
          : null;
      const count =
        typeof record.limit === 'number' && Number.isInteger(record.limit) && record.limit > 0
          ? record.limit
          : null;
      return { kind: 'daily-quota', count, resetAt };
    }
  }
  // "…run limit reached…" for a run refused; "Message saved, but the conversation run limit was
  // reached…" for a message kept while its run was refused.
  if (words && /run limit (was )?reached/i.test(words)) return { kind: 'run-capacity' };
  return null;
}

function dailyQuotaWords(count: number | null, resetAt: string | null): string {
  const started = count
    ? `You have started the ${count} conversations the hosted service allows you a day`
    : 'You have started as many conversations as the hosted service allows you a day';
  if (!resetAt) return `${started}. You can start more tomorrow.`;
  const reset = new Date(resetAt);
  const hours = Math.max(0, Math.round((reset.getTime() - Date.now()) / 3_600_000));
  const when = reset.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const wait = hours >= 1 ? `, in about ${hours} h` : ', within the hour';
  return `${started}. You can start more from ${when}${wait}. Conversations already started go on.`;
}

/** Seconds from a `Retry-After` header: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function withServerWords(text: string, serverMessage: string | undefined, statusText: string) {
  return serverMessage && serverMessage !== statusText ? `${text}: ${serverMessage}` : text;
}

/** Turns a non-2xx answer into an ApiError with a message a person understands. */
export function errorFromResponse(request: HttpRequest, response: HttpResponse): ApiError {
  const { status, statusText } = response;
  const kind = kindForStatus(status);
  const body = response.bodyType === 'json' ? response.json : undefined;
  const extracted =
    response.bodyType === 'text'
      ? { serverMessage: response.text.trim().slice(0, 300) }
      : extractServerMessage(body, statusText);
  const details: ApiErrorDetails = {
    status,
    ...extracted,
    bodyType: response.bodyType,
    endpoint: request.endpoint,
    method: request.method,
    url: describeUrl(request.url),
  };
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  if (retryAfter !== undefined) details.retryAfter = retryAfter;
  const host = request.url.host;
  const words = extracted.serverMessage;
  let message: string;
  switch (kind) {
    case 'unauthorized':
      if (request.withheldServerKey) {
        message = `The conversation's runtime at ${host} asked for a key (401). The server gave it none of its own, and Handoff sends the server's key only to the server itself. Check the server's runtime settings.`;
      } else if (request.target === 'runtime') {
        message = `The conversation's runtime at ${host} rejected the session key (401). Reload the conversation and try again.`;
      } else if (request.target === 'agent-server') {
        message = `The agent server at ${host} rejected the conversation's session key (401). Reload the conversation and try again.`;
      } else if (request.sentCredential) {
        message = "The server rejected the API key (401). Check the key in Handoff's options.";
      } else {
        message = "The server needs an API key (401). Add it in Handoff's options.";
      }
      break;
    case 'forbidden':
      message = /EmailNotVerified/i.test(words ?? '')
        ? 'The service refused access until your e-mail address is verified (403). Verify it in the service, then try again.'
        : withServerWords(`The server at ${host} refused access (403)`, words, statusText);
      break;
    case 'not-found':
      message =
        status === 410
          ? withServerWords('This is no longer available (410)', words, statusText)
          : withServerWords(`Not found on the server at ${host} (404)`, words, statusText);
      break;
    case 'conflict':
      message =
        words === CREDENTIAL_BINDING_REQUIRED
          ? 'The conversation waits for its sign-in to be activated again after its sandbox restarted (409).'
          : withServerWords(
              'The request does not fit the current state of the conversation (409)',
              words,
              statusText,
            );
      break;
    case 'validation':
      message = withServerWords('The server rejected the request data (422)', words, statusText);
      break;
    case 'rate-limited': {
      const limit = limitOf(body, words);
      if (limit?.kind === 'daily-quota') {
        details.limit = 'daily-quota';
        if (limit.resetAt) details.resetAt = limit.resetAt;
        message = dailyQuotaWords(limit.count, limit.resetAt);
      } else if (limit?.kind === 'run-capacity') {
        details.limit = 'run-capacity';
        message = `The server is already running as many conversations as it allows, so this one cannot run now. Try again when another has finished or is paused${retryAfter !== undefined ? ` (the server asked to wait ${retryAfter} s)` : ''}.`;
      } else {
        message =
          retryAfter !== undefined
            ? `Too many requests: the server asked to wait ${retryAfter} s (429).`
            : 'Too many requests: the server asked to slow down (429).';
      }
      break;
    }
    case 'server':
      message =
        response.bodyType === 'html'
          ? `The server at ${host}, or a proxy in front of it, failed (${status} ${statusText}). It may be down or restarting.`
          : withServerWords(`The server at ${host} failed (${status})`, words, statusText);
      break;
    default:
      message = withServerWords(`The server rejected the request (${status})`, words, statusText);
  }
  if (!/[.!?]$/.test(message)) message += '.';
  return new ApiError(kind, message, details);
}

/**
 * The JSON value of a 2xx answer. HTML (the web UI's fallback, a login page, a proxy page),
 * plain text and empty bodies become `bad-response` errors instead of parse crashes.
 */
export function jsonFromResponse(request: HttpRequest, response: HttpResponse): unknown {
  const details: ApiErrorDetails = {
    status: response.status,
    bodyType: response.bodyType,
    endpoint: request.endpoint,
    method: request.method,
    url: describeUrl(request.url),
  };
  switch (response.bodyType) {
    case 'json':
      return response.json;
    case 'html':
      return failHtml(request, details);
    case 'empty':
      throw new ApiError(
        'bad-response',
        `The server at ${request.url.host} sent an empty answer where data was expected.`,
        details,
      );
    default:
      throw new ApiError(
        'bad-response',
        `The server at ${request.url.host} answered with text instead of JSON: is this the service's address?`,
        { ...details, serverMessage: response.text.trim().slice(0, 300) },
      );
  }
}

function failHtml(request: HttpRequest, details: ApiErrorDetails): never {
  throw new ApiError(
    'bad-response',
    `The server at ${request.url.host} answered with a web page instead of JSON: is this the service's address, and does it serve this API?`,
    details,
  );
}
