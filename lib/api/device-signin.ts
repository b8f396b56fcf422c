// Signing in to the hosted service with a code instead of a pasted key
// (docs/contract/device-signin.md): ask for a code, let the person approve it in the hosted web
// app, and poll until the service hands over an API key. Both routes take no credential, so this
// module sends none and needs no transport with a key in it: it uses the same request primitive
// as every other call (./http), and runs wherever the person clicked (the options page), which
// then keeps the key like a typed one. The device code is a secret (it fetches the key): it stays
// in the returned object and is sent only to the server that issued it.
import * as z from 'zod/mini';
import { ApiError, type ApiErrorDetails, toApiError } from './errors';
import {
  DEFAULT_TIMEOUT_MS,
  errorFromResponse,
  type FetchLike,
  type HttpRequest,
  type HttpResponse,
  jsonFromResponse,
  sendRequest,
} from './http';
import { describeUrl, parseServerUrl } from './url';
import './zod-english';

export const DEVICE_AUTHORIZE_PATH = '/oauth/device/authorize';
export const DEVICE_TOKEN_PATH = '/oauth/device/token';

/** RFC 8628's default when the server names no interval. */
const DEFAULT_INTERVAL_SECONDS = 5;
/** Upstream's code lives 10 minutes; a server claiming far more does not keep us polling for days. */
const LONGEST_WAIT_SECONDS = 30 * 60;
/** Polls in a row that may go unanswered (no answer, a 5xx, a 429) before the sign-in gives up. */
const TRANSIENT_RETRIES = 2;

function isHttpAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An address the person will open: only a web page, never `javascript:` or `data:`. */
const PageAddressSchema = z
  .string()
  .check(z.refine(isHttpAddress, 'Expected an http:// or https:// address'));

/** `POST /oauth/device/authorize`'s answer, read as RFC 8628 allows (two fields optional). */
export const DeviceAuthorizationSchema = z.object({
  device_code: z.string().check(z.minLength(1), z.maxLength(4096)),
  /** Shown to the person and compared character for character by the approval page. */
  user_code: z.string().check(z.minLength(1), z.maxLength(64)),
  verification_uri: PageAddressSchema,
  verification_uri_complete: z.nullish(PageAddressSchema),
  expires_in: z.number().check(z.positive()),
  interval: z.nullish(z.number().check(z.positive())),
});

/** `POST /oauth/device/token`'s success: an ordinary API key of the user. */
export const DeviceTokenSchema = z.object({
  access_token: z.string().check(z.minLength(1), z.regex(/^\S+$/, 'The key cannot contain spaces')),
  token_type: z.nullish(z.string()),
  /** Always null upstream, although the key expires after 7 days. */
  expires_in: z.nullish(z.number()),
});

/** Every refusal of the token route: `{error, error_description, interval}`. */
export const DeviceTokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.nullish(z.string()),
  interval: z.nullish(z.number()),
});

/** What the person needs to approve the sign-in, and the secret to collect it with. */
export interface DeviceAuthorization {
  /** Fetches the key: never shown, stored or logged, sent only to the server that issued it. */
  deviceCode: string;
  userCode: string;
  /** The approval page with the code filled in where the server says so, else the bare page. */
  verificationUrl: string;
  /** The approval page without the code, where it can be typed by hand. */
  verificationUri: string;
  /** When the code expires, in this clock's milliseconds. */
  expiresAt: number;
  intervalSeconds: number;
}

export interface DeviceSignInConfig {
  /** The hosted service's address, e.g. `https://app.all-hands.dev`. */
  baseUrl: string;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
  /** Per request; default 15 s. */
  timeoutMs?: number;
}

/** Time, injectable so tests run a ten-minute sign-in in no time. */
export interface SignInClock {
  now(): number;
  /** Resolves after `ms`, or rejects with the `aborted` ApiError when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function cancelled(): ApiError {
  return new ApiError('aborted', 'Signing in was cancelled.');
}

export const realClock: SignInClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(cancelled());
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(cancelled());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

interface SignInOptions {
  signal?: AbortSignal;
  clock?: SignInClock;
}

function request(
  config: DeviceSignInConfig,
  base: string,
  path: string,
  endpoint: string,
  signal: AbortSignal | undefined,
  form?: Record<string, string>,
): HttpRequest {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return {
    method: 'POST',
    url: new URL(`${base}${path}`),
    headers,
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
    endpoint,
    target: 'server',
    sentCredential: false,
  };
}

async function send(config: DeviceSignInConfig, req: HttpRequest): Promise<HttpResponse> {
  const fetchImpl: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  try {
    return await sendRequest(fetchImpl, req);
  } catch (error) {
    const apiError = toApiError(error);
    throw apiError.kind === 'aborted' ? cancelled() : apiError;
  }
}

function detailsOf(req: HttpRequest, response?: HttpResponse): ApiErrorDetails {
  return {
    endpoint: req.endpoint,
    method: req.method,
    url: describeUrl(req.url),
    ...(response ? { status: response.status, bodyType: response.bodyType } : {}),
  };
}

/** A self-hosted OpenHands or an agent server: no such route (404, 405, or the web app's page). */
function unavailable(req: HttpRequest, response: HttpResponse): ApiError {
  return new ApiError(
    'not-found',
    `The server at ${req.url.host} does not offer signing in with a code: only the hosted service does. Paste an API key for it instead.`,
    { ...detailsOf(req, response), signIn: 'unavailable' },
  );
}

function unreadable(req: HttpRequest, response: HttpResponse): ApiError {
  return new ApiError(
    'bad-response',
    `The server at ${req.url.host} answered the sign-in with something Handoff cannot read: is this the hosted service's address?`,
    detailsOf(req, response),
  );
}

/** A refusal in words; a route the server lacks says there is no sign-in there. */
function failureOf(req: HttpRequest, response: HttpResponse): ApiError {
  const error = errorFromResponse(req, response);
  return error.isMissingRoute() ? unavailable(req, response) : error;
}

/** A 2xx answer's JSON; the web app's page in its place, too, means there is no sign-in. */
function answerOf(req: HttpRequest, response: HttpResponse): unknown {
  if (response.status < 200 || response.status >= 300) throw failureOf(req, response);
  try {
    return jsonFromResponse(req, response);
  } catch (error) {
    throw toApiError(error).isMissingRoute() ? unavailable(req, response) : error;
  }
}

/**
 * Asks the server for a code (`POST /oauth/device/authorize`). Rejects with an ApiError in words:
 * `signIn: 'unavailable'` when the server has no device sign-in, `network`/`timeout` when it
 * cannot be reached, `aborted` when cancelled.
 */
export async function startDeviceSignIn(
  config: DeviceSignInConfig,
  options: SignInOptions = {},
): Promise<DeviceAuthorization> {
  const clock = options.clock ?? realClock;
  const base = parseServerUrl(config.baseUrl);
  const req = request(config, base, DEVICE_AUTHORIZE_PATH, 'oauth.deviceAuthorize', options.signal);
  const response = await send(config, req);
  const parsed = z.safeParse(DeviceAuthorizationSchema, answerOf(req, response));
  if (!parsed.success) throw unreadable(req, response);
  const answer = parsed.data;
  const lifetime = Math.min(answer.expires_in, LONGEST_WAIT_SECONDS);
  return {
    deviceCode: answer.device_code,
    userCode: answer.user_code,
    verificationUrl: answer.verification_uri_complete ?? answer.verification_uri,
    verificationUri: answer.verification_uri,
    expiresAt: clock.now() + lifetime * 1000,
    // Less than a second between polls would only earn `slow_down`s.
    intervalSeconds: Math.max(1, answer.interval ?? DEFAULT_INTERVAL_SECONDS),
  };
}

/** One poll's outcome that is not the end of the sign-in. */
export type DeviceSignInCheck =
  | { state: 'granted'; token: string }
  | { state: 'pending' }
  /** The server's new interval, when it named a usable one. */
  | { state: 'slow-down'; intervalSeconds: number | null };

function expired(details: ApiErrorDetails, kind: 'bad-request' | 'timeout'): ApiError {
  return new ApiError(
    kind,
    'The sign-in code expired before it was approved. Start again for a new code.',
    { ...details, signIn: 'expired' },
  );
}

/**
 * Polls once (`POST /oauth/device/token`). Resolves while the sign-in goes on or with the key;
 * rejects when it is over (expired, refused, unknown code) or the poll failed.
 */
export async function checkDeviceSignIn(
  config: DeviceSignInConfig,
  deviceCode: string,
  options: { signal?: AbortSignal } = {},
): Promise<DeviceSignInCheck> {
  const base = parseServerUrl(config.baseUrl);
  const req = request(config, base, DEVICE_TOKEN_PATH, 'oauth.deviceToken', options.signal, {
    grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    device_code: deviceCode,
  });
  const response = await send(config, req);
  const details = detailsOf(req, response);
  if (response.status >= 200 && response.status < 300) {
    const parsed = z.safeParse(DeviceTokenSchema, answerOf(req, response));
    const type = parsed.success ? parsed.data.token_type : null;
    // Anything but a Bearer key would not work where the key goes.
    if (!parsed.success || (type && type.toLowerCase() !== 'bearer')) {
      throw unreadable(req, response);
    }
    return { state: 'granted', token: parsed.data.access_token };
  }
  // The route's own refusals are 400s and 500s with an OAuth `error`; anything else (a proxy's
  // 401, a rate limiter's 429, a missing route) is read like any other failed request.
  const oauth = response.status === 400 || response.status >= 500;
  const refusal =
    oauth && response.bodyType === 'json'
      ? z.safeParse(DeviceTokenErrorSchema, response.json)
      : null;
  if (!refusal?.success) throw failureOf(req, response);
  const { error, error_description: description, interval } = refusal.data;
  switch (error) {
    case 'authorization_pending':
      return { state: 'pending' };
    case 'slow_down':
      return {
        state: 'slow-down',
        intervalSeconds:
          typeof interval === 'number' && Number.isFinite(interval) && interval > 0
            ? interval
            : null,
      };
    case 'expired_token':
      throw expired(details, 'bad-request');
    case 'invalid_grant':
      throw new ApiError(
        'bad-request',
        'The hosted service no longer knows this sign-in code; it may have restarted. Start again for a new code.',
        { ...details, signIn: 'expired' },
      );
    case 'access_denied':
      throw new ApiError(
        'forbidden',
        'The hosted service refused this sign-in. Start again, or paste an API key instead.',
        { ...details, signIn: 'refused' },
      );
  }
  const words = description?.trim() ? description.trim().replace(/[.!?]?$/, '.') : null;
  if (response.status >= 500 || error === 'server_error') {
    throw new ApiError(
      'server',
      `The server at ${req.url.host} failed while signing in${words ? `: ${words}` : '.'} Try again in a moment.`,
      { ...details, ...(words ? { serverMessage: words } : {}) },
    );
  }
  throw new ApiError(
    'bad-request',
    `The server at ${req.url.host} refused the sign-in${words ? `: ${words}` : '.'} Start again.`,
    { ...details, ...(words ? { serverMessage: words } : {}) },
  );
}

/** A poll that may succeed next time: no answer, an overloaded or failing server. */
function isTransient(error: ApiError): boolean {
  if (error.signIn) return false;
  return (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'server' ||
    error.kind === 'rate-limited'
  );
}

/**
 * Polls until the person approves the code, and resolves with the key. Polls once at once, then
 * every interval (a `slow_down` lengthens it for good, as RFC 8628 asks), never after the code
 * expired; a poll without a usable answer is tried again at the next interval, at most
 * `TRANSIENT_RETRIES` times in a row. Rejects with an ApiError in words: `signIn` `expired`,
 * `refused` or `unavailable`, `aborted` when `signal` aborts, or what kept the server from
 * answering.
 */
export async function waitForDeviceSignIn(
  config: DeviceSignInConfig,
  authorization: DeviceAuthorization,
  options: SignInOptions = {},
): Promise<string> {
  const clock = options.clock ?? realClock;
  const { signal } = options;
  const base = parseServerUrl(config.baseUrl);
  const where = { endpoint: 'oauth.deviceToken', url: `${base}${DEVICE_TOKEN_PATH}` };
  let intervalMs = authorization.intervalSeconds * 1000;
  let waitMs = 0;
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw cancelled();
    if (waitMs > 0) {
      const left = authorization.expiresAt - clock.now();
      // The code dies before the next poll: say so when it does, not a poll too late.
      if (left <= waitMs) {
        if (left > 0) await clock.sleep(left, signal);
        throw expired(where, 'timeout');
      }
      await clock.sleep(waitMs, signal);
    } else if (clock.now() >= authorization.expiresAt) {
      throw expired(where, 'timeout');
    }
    try {
      const check = await checkDeviceSignIn(config, authorization.deviceCode, { signal });
      failures = 0;
      if (check.state === 'granted') return check.token;
      if (check.state === 'slow-down') {
        intervalMs = Math.max(intervalMs + 5_000, (check.intervalSeconds ?? 0) * 1000);
      }
      waitMs = intervalMs;
    } catch (error) {
      const apiError = toApiError(error);
      if (!isTransient(apiError) || failures >= TRANSIENT_RETRIES) throw apiError;
      failures++;
      waitMs = Math.max(intervalMs, (apiError.retryAfter ?? 0) * 1000);
    }
  }
}
