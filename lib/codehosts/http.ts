// Requests to one code host's API, with what every reader needs: the token only ever to the
// API's own origin, no redirect followed, no cookies, a time limit, capped reads, the host's
// answer turned into a CodeHostProblem (docs/contract/skills.md#requests), and, for readers that
// ask again and again (pull status), conditional requests whose 304 answers are counted apart
// (docs/contract/pull-status.md#conditional-requests).

import type * as z from 'zod/mini';
import { CodeHostError, type CodeHostProblem } from './problem';

/** `fetch` as the readers use it; injected so tests need no network. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The host's allowance as its headers tell it. */
export interface Allowance {
  remaining: number | null;
  /** Epoch milliseconds. */
  resetAt: number | null;
  limit: number | null;
}

export interface HostClientOptions {
  fetch: Fetch;
  /** The API's origin: the only origin a request (and so the token) may go to. */
  apiOrigin: string;
  token: string | null;
  /** The headers that carry the token for this host. */
  authorize: (token: string) => Record<string, string>;
  /** This host's rate-limit headers. */
  allowance: (headers: Headers, now: number) => Allowance;
  /** The host's own words in an error body, when it has any. */
  errorMessage?: (body: unknown) => string | undefined;
  timeoutMs?: number;
  now?: () => number;
  /** Validators and bodies of earlier answers; without one, every GET is a full request. */
  cache?: ConditionalCache;
}

/** An earlier 200 answer kept for revalidation. */
interface CachedAnswer {
  etag: string | null;
  lastModified: string | null;
  headers: [string, string][];
  body: string;
}

/**
 * Earlier answers by URL and whether a token went with them, kept in memory only and bounded
 * (least recently used go first), so a repeat GET can ask "changed since?" and an unchanged
 * answer costs nothing against the host's allowance (GitHub: a 304 to an authorised request is
 * not counted). The token itself is never part of the key or kept anywhere here.
 */
export class ConditionalCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(
    readonly maxEntries = 200,
    readonly maxBytes = 4 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  static keyOf(url: string, withToken: boolean): string {
    return `${withToken ? 'token' : 'anonymous'} ${url}`;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedAnswer): void {
    this.delete(key);
    // One answer larger than the whole budget is simply not kept.
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** Skill files are small; this is far beyond any sensible one and keeps a huge file harmless. */
export const MAX_READ_BYTES = 256 * 1024;
const DEFAULT_TIMEOUT_MS = 20_000;

export class HostClient {
  /**
   * Full requests sent so far: every attempt that may count against the host's allowance, but
   * not those answered 304 from the conditional cache.
   */
  requests = 0;
  /** Requests answered 304 Not Modified and served from the conditional cache. */
  notModified = 0;
  /** The last allowance a response told. */
  allowance: Allowance | null = null;

  constructor(readonly options: HostClientOptions) {}

  get withToken(): boolean {
    return this.options.token !== null;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Sends a GET and returns the response when its status is 2xx or listed in `pass`; any other
   * status becomes a CodeHostError.
   */
  async get(url: string, init: { accept?: string; pass?: number[] } = {}): Promise<Response> {
    const target = new URL(url);
    // The token is bound to the API's origin: a URL from a response (a next page) that points
    // elsewhere is refused rather than sent the token.
    if (target.origin !== this.options.apiOrigin) {
      throw new CodeHostError({ kind: 'not-api', status: 0, bodyType: 'empty' }, strip(url));
    }
    const headers: Record<string, string> = { Accept: init.accept ?? 'application/json' };
    if (this.options.token) Object.assign(headers, this.options.authorize(this.options.token));
    const cache = this.options.cache;
    const cacheKey = cache
      ? ConditionalCache.keyOf(`${url} ${headers.Accept}`, this.withToken)
      : null;
    const cached = cacheKey ? cache?.get(cacheKey) : undefined;
    if (cached?.etag) headers['If-None-Match'] = cached.etag;
    else if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(),
      this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    this.requests++;
    let response: Response;
    try {
      response = await this.options.fetch(url, {
        method: 'GET',
        headers,
        // Never followed: a redirect could carry the token to another origin, and on these
        // APIs it means a moved repository or a sign-in page, which the person must know.
        redirect: 'manual',
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch (error) {
      clearTimeout(timer);
      const timedOut = controller.signal.aborted || (error as Error)?.name === 'AbortError';
      throw new CodeHostError({ kind: timedOut ? 'timeout' : 'unreachable' }, strip(url));
    }
    clearTimeout(timer);
    this.allowance = this.options.allowance(response.headers, this.now());
    if (response.status === 304 && cached) {
      this.requests--;
      this.notModified++;
      await response.body?.cancel().catch(() => {});
      // The cached answer's headers, with the fresh allowance and validators the 304 carried.
      const fresh = new Headers(cached.headers);
      response.headers.forEach((value, name) => {
        if (/^(x-)?ratelimit-|^etag$|^last-modified$|^date$/i.test(name)) fresh.set(name, value);
      });
      return new Response(cached.body, { status: 200, headers: fresh });
    }
    if (cache && cacheKey && response.status === 200) {
      const etag = response.headers.get('etag');
      const lastModified = response.headers.get('last-modified');
      if (!etag && !lastModified) {
        cache.delete(cacheKey);
        return response;
      }
      const { bytes, complete } = await readCapped(response, MAX_READ_BYTES);
      const body = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
      const kept: [string, string][] = [];
      response.headers.forEach((value, name) => {
        kept.push([name, value]);
      });
      // A cut answer is never kept: a later 304 would stand for the whole of it.
      if (complete) cache.set(cacheKey, { etag, lastModified, headers: kept, body });
      else cache.delete(cacheKey);
      return new Response(body, { status: 200, headers: kept });
    }
    if (response.ok || init.pass?.includes(response.status)) return response;
    throw new CodeHostError(await this.problemOf(response), strip(url));
  }

  /** A JSON answer checked against a lenient schema; an HTML page or odd shape is `not-api`. */
  async json<T>(
    url: string,
    schema: z.ZodMiniType<T>,
    pass?: number[],
  ): Promise<Response & { data?: T }> {
    const response = await this.get(url, { accept: 'application/json', ...(pass ? { pass } : {}) });
    if (!response.ok) return response;
    const text = await response.text();
    const bodyType = bodyTypeOf(response, text);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new CodeHostError({ kind: 'not-api', status: response.status, bodyType }, strip(url));
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new CodeHostError(
        { kind: 'not-api', status: response.status, bodyType: 'json' },
        strip(url),
      );
    }
    return Object.assign(response, { data: parsed.data });
  }

  /**
   * A file's text, at most `MAX_READ_BYTES` of it: a huge file is cut, never held whole. An HTML
   * page where a raw file was expected is `not-api` (a proxy's or sign-in page).
   */
  async text(
    url: string,
    accept = '*/*',
  ): Promise<{ text: string; truncated?: { readBytes: number; totalBytes: number | null } }> {
    const response = await this.get(url, { accept });
    const type = response.headers.get('content-type') ?? '';
    if (/text\/html/i.test(type)) {
      await response.body?.cancel().catch(() => {});
      throw new CodeHostError(
        { kind: 'not-api', status: response.status, bodyType: 'html' },
        strip(url),
      );
    }
    const declared = Number(response.headers.get('content-length'));
    const { bytes, complete } = await readCapped(response, MAX_READ_BYTES);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (complete) return { text };
    return {
      text,
      truncated: {
        readBytes: bytes.byteLength,
        totalBytes: Number.isFinite(declared) && declared > 0 ? declared : null,
      },
    };
  }

  private async problemOf(response: Response): Promise<CodeHostProblem> {
    const status = response.status;
    const withToken = this.withToken;
    if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
      return { kind: 'redirected' };
    }
    const text = await response.text().catch(() => '');
    const bodyType = bodyTypeOf(response, text);
    const allowance = this.allowance;
    const retryAfter = retryAfterMs(response.headers.get('retry-after'), this.now());
    const exhausted = allowance?.remaining === 0;
    let message: string | undefined;
    try {
      message = this.options.errorMessage?.(JSON.parse(text));
    } catch {
      message = undefined;
    }
    // GitHub's secondary limits answer 403 (or 429) with words and sometimes no header at all;
    // its documentation then asks for at least a minute's wait.
    const secondary = status === 403 && message !== undefined && /rate limit/i.test(message);
    if (status === 429 || (status === 403 && (exhausted || retryAfter !== null || secondary))) {
      let until: number | null = null;
      if (retryAfter !== null) until = this.now() + retryAfter;
      else if (exhausted || status === 429) until = allowance?.resetAt ?? null;
      if (until === null && secondary) until = this.now() + SECONDARY_WAIT_MS;
      return {
        kind: 'rate-limited',
        until,
        withToken,
        ...(allowance?.limit ? { limit: allowance.limit } : {}),
      };
    }
    if (bodyType === 'html' && status !== 404) return { kind: 'not-api', status, bodyType };
    if (status === 401) return withToken ? { kind: 'token-rejected' } : { kind: 'needs-token' };
    if (status === 403) {
      return { kind: 'forbidden', withToken, ...(message ? { message } : {}) };
    }
    if (status === 404 || status === 410) {
      // An HTML 404 from a self-hosted origin: no API answers at that address.
      if (bodyType === 'html') return { kind: 'not-api', status, bodyType };
      return { kind: 'not-found', withToken };
    }
    if (status >= 500) return { kind: 'server', status };
    return { kind: 'not-api', status, bodyType };
  }
}

/** GitHub: "wait for at least one minute" when a secondary limit names no time. */
const SECONDARY_WAIT_MS = 60_000;

/** `Retry-After` as delay seconds or an HTTP date, in milliseconds from now; null without one. */
export function retryAfterMs(raw: string | null, now: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function strip(url: string): string {
  return url.split('?')[0] as string;
}

function bodyTypeOf(response: Response, text: string): 'html' | 'text' | 'json' | 'empty' {
  if (!text.trim()) return 'empty';
  const type = response.headers.get('content-type') ?? '';
  if (/html/i.test(type) || /^\s*<(?:!doctype|html)/i.test(text)) return 'html';
  if (/json/i.test(type) || /^\s*[[{]/.test(text)) return 'json';
  return 'text';
}

/** Reads at most `limit` bytes of a body, cancelling the rest of the download. */
async function readCapped(
  response: Response,
  limit: number,
): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), complete: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      complete = false;
      await reader.cancel().catch(() => {});
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, Math.min(chunk.byteLength, bytes.byteLength - offset));
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.byteLength) break;
  }
  return { bytes, complete };
}

/** Reads a decimal header, or null. */
export function numberHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** `Link: <url>; rel="next"`, as GitHub and GitLab paginate. */
export function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return match[1] as string;
  }
  return null;
}

export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
