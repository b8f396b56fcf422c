// One error model for every failure of the service layer. Every call of the client either
// resolves with parsed data or rejects with an ApiError whose `kind` says what went wrong and
// whose `message` can be shown to a person as is. Errors cross extension messaging, which
// copies plain data only, so an ApiError turns into a plain object (`toJSON`) and back
// (`reviveError`) without losing anything.

export const apiErrorKinds = [
  /** The configured server address is not usable (not a URL, wrong scheme, credentials…). */
  'invalid-url',
  /** The parameters of a call failed their schema before anything was sent. */
  'invalid-params',
  /** No HTTP answer at all: DNS, refused connection, CORS/host permission, offline. */
  'network',
  'timeout',
  /** Cancelled through the caller's AbortSignal. */
  'aborted',
  /** 400 and other 4xx without a more specific kind. */
  'bad-request',
  /** 401: missing or wrong key. */
  'unauthorized',
  /** 403. */
  'forbidden',
  /** 404 and 410, or a documented "not found" answer. */
  'not-found',
  /** 409. */
  'conflict',
  /** 422: the body or query failed the server's validation; see `fieldErrors`. */
  'validation',
  /** 429; see `retryAfter`. */
  'rate-limited',
  /** 5xx. */
  'server',
  /** A 2xx answer that is not the JSON the contract promises (HTML page, text, wrong shape). */
  'bad-response',
  /** A 3xx: never followed, so no key goes where it points (docs/security.md). */
  'redirect',
  /** Anything else (a bug, an unexpected exception). */
  'unknown',
] as const;
export type ApiErrorKind = (typeof apiErrorKinds)[number];

/** One entry of a 422 `detail` array (FastAPI/pydantic), made easy to show next to a field. */
export interface FieldError {
  /** As sent, e.g. `["body", "mcp_config", "sse_servers", 0, "url"]`. */
  loc: (string | number)[];
  /**
   * `loc` without its leading `body`/`query`/`path`, joined with dots:
   * `mcp_config.sse_servers.0.url`.
   */
  field: string;
  msg: string;
  /** Pydantic error type, e.g. `extra_forbidden`, `missing`, `string_too_long`. */
  type: string;
}

/** What the body of a non-JSON or JSON answer looked like; helps tell proxies from servers. */
export type ResponseBodyType = 'json' | 'html' | 'text' | 'empty';

export interface ApiErrorDetails {
  status?: number;
  /**
   * The server's own words, per docs/contract/http.md#error-bodies's order: detail, error, message,
   * bare string, status text.
   */
  serverMessage?: string;
  fieldErrors?: FieldError[];
  /** Seconds to wait, from `Retry-After` (429). */
  retryAfter?: number;
  /**
   * Which limit a 429 names, where the server says: the agent server's cap on conversations
   * running at once (`run-capacity`), or the hosted service's conversations a day (`daily-quota`).
   */
  limit?: 'run-capacity' | 'daily-quota';
  /** When the limit lifts, as the server said it (ISO 8601): the daily quota's next reset. */
  resetAt?: string;
  /**
   * How a device sign-in ended, where that is more than the kind says
   * (docs/contract/device-signin.md): its code expired or is no longer known (`expired`), the
   * service refused it (`refused`), or the server has no device sign-in at all (`unavailable`).
   */
  signIn?: 'expired' | 'refused' | 'unavailable';
  /** Upstream i18n id of hand-made errors, e.g. `CONFIGURATION$SETTINGS_NOT_FOUND`. */
  msgId?: string;
  bodyType?: ResponseBodyType;
  /** Client endpoint name, e.g. `v0.getConversation`. */
  endpoint?: string;
  method?: string;
  /** Request URL without its query string (never carries a key). */
  url?: string;
}

/** The plain-data form of an ApiError; safe for structured cloning and JSON. */
export interface SerializedApiError extends ApiErrorDetails {
  name: 'ApiError';
  kind: ApiErrorKind;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly fieldErrors?: FieldError[];
  readonly retryAfter?: number;
  readonly limit?: 'run-capacity' | 'daily-quota';
  readonly resetAt?: string;
  readonly signIn?: 'expired' | 'refused' | 'unavailable';
  readonly msgId?: string;
  readonly bodyType?: ResponseBodyType;
  readonly endpoint?: string;
  readonly method?: string;
  readonly url?: string;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    // Only own, defined properties: keeps toJSON output minimal and equal after a round trip.
    for (const [key, value] of Object.entries(details)) {
      if (value !== undefined) Object.assign(this, { [key]: value });
    }
  }

  /**
   * The server has no such route: FastAPI's own 404 or 405, or the web app's HTML page that a
   * server with its web UI mounted answers for any unknown path
   * (docs/contract/http.md#missing-routes-look-like-the-web-app). A 404 that names what is
   * missing (`Conversation not found: …`) is about the resource, not the route.
   */
  isMissingRoute(): boolean {
    if (this.status === 405) return true;
    if (this.kind === 'bad-response' && (this.bodyType === 'html' || this.bodyType === 'text')) {
      return true;
    }
    return this.status === 404 && (!this.serverMessage || this.serverMessage === 'Not Found');
  }

  toJSON(): SerializedApiError {
    const plain: SerializedApiError = { name: 'ApiError', kind: this.kind, message: this.message };
    for (const key of detailKeys) {
      const value = this[key];
      if (value !== undefined) Object.assign(plain, { [key]: value });
    }
    return plain;
  }
}

const detailKeys = [
  'status',
  'serverMessage',
  'fieldErrors',
  'retryAfter',
  'limit',
  'resetAt',
  'signIn',
  'msgId',
  'bodyType',
  'endpoint',
  'method',
  'url',
] as const satisfies readonly (keyof ApiErrorDetails)[];

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isSerializedApiError(value: unknown): value is SerializedApiError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    candidate.name === 'ApiError' &&
    typeof candidate.message === 'string' &&
    (apiErrorKinds as readonly unknown[]).includes(candidate.kind)
  );
}

/** Any thrown value as plain data: ApiErrors keep everything, other errors become `unknown`. */
export function serializeError(error: unknown): SerializedApiError {
  if (error instanceof ApiError) return error.toJSON();
  if (isSerializedApiError(error)) return { ...error };
  if (error instanceof Error) {
    return { name: 'ApiError', kind: 'unknown', message: error.message || String(error) };
  }
  return { name: 'ApiError', kind: 'unknown', message: String(error) };
}

/** The inverse of `serializeError`; anything unrecognisable becomes an `unknown` ApiError. */
export function reviveError(value: unknown): ApiError {
  if (value instanceof ApiError) return value;
  if (!isSerializedApiError(value)) return toApiError(value);
  const details: ApiErrorDetails = {};
  for (const key of detailKeys) {
    const field = value[key];
    if (field !== undefined) Object.assign(details, { [key]: field });
  }
  return new ApiError(value.kind, value.message, details);
}

/**
 * The `detail` of an agent server's 409 for a conversation that waits for its credential binding
 * (docs/contract/agent-server.md#credential-bindings): after a sandbox restart, a conversation
 * signed in through a managed login (ACP Codex today) answers it on every route until the app
 * server activates the binding again. Unlike `run`'s "already running" 409 it is a real failure.
 */
export const CREDENTIAL_BINDING_REQUIRED = 'credential_binding_activation_required';

/**
 * True for the agent server's "activate the credential binding first" 409, as an ApiError or in
 * its serialized form. The cure is `v1.activateCredentialBinding` where the app server has it,
 * else resuming the sandbox; retrying the same call does not help.
 */
export function isCredentialBindingRequired(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { kind, serverMessage } = error as Partial<ApiErrorDetails & { kind: ApiErrorKind }>;
  return kind === 'conflict' && serverMessage === CREDENTIAL_BINDING_REQUIRED;
}

/** Wraps anything thrown into an ApiError (used at the client's outer boundary). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isSerializedApiError(error)) return reviveError(error);
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('unknown', message || 'Something unexpected went wrong.', {}, error);
}
