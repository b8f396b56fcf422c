// Stand-ins for the code hosts' pull-request APIs (GitHub, GitLab), as the hosts behave:
// a weak ETag on every successful GET and 304 to a matching If-None-Match, rate-limit headers on
// every answer and the host's own refusal once the allowance is spent (GitHub 403 with
// remaining 0, GitLab 429 with Retry-After), 404 for a private repository asked without a token,
// 401 for a token the host does not know. See tests/service/README.md#code-host-stand-ins.
//
// Use `createCodeHostStandIn` in unit tests (its `fetch` needs no network) or
// `startCodeHostStandIn` for a real listener on 127.0.0.1.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { githubBadCredentials, githubRoute } from './github';
import { gitlabRoute, gitlabUnauthorized } from './gitlab';
import { type Answer, etagOf, json, matches } from './http';
import {
  newPull,
  type StandInCheck,
  type StandInComment,
  type StandInPull,
  type StandInRepository,
  type StandInReview,
} from './model';

export type { StandInCheck, StandInComment, StandInPull, StandInReview } from './model';

export type StandInHost = 'github' | 'gitlab';

export interface StandInOptions {
  host: StandInHost;
  /** Default: https://api.github.com, https://gitlab.com/api/v4. */
  apiBase?: string;
  /** The host's web base (links in answers). Default: https://github.com, https://gitlab.com. */
  webBase?: string;
  /** Tokens the host accepts, as sent after `Bearer`. */
  tokens?: string[];
  /** Requests per window: anonymous (GitHub 60 an hour) and with a token (GitHub 5,000). */
  anonymousLimit?: number;
  tokenLimit?: number;
  /** Length of the allowance window (GitHub one hour, GitLab one minute). */
  windowMs?: number;
  now?: () => number;
}

export interface StandInRequest {
  method?: string;
  url: string;
  headers: Record<string, string>;
}

interface Allowance {
  limit: number;
  used: number;
  resetAt: number;
}

export interface CodeHostStandIn {
  host: StandInHost;
  apiBase: string;
  /** Every request, in order, with the answer's status. */
  log: { url: string; status: number; withToken: boolean }[];
  handle(request: StandInRequest): Answer;
  fetch(input: string, init?: RequestInit): Promise<Response>;
  admin: {
    addRepository(name: string, options?: { private?: boolean }): void;
    /** Adds or changes a pull request; returns it for further changes. */
    setPull(repository: string, number: number, fields?: Partial<StandInPull>): StandInPull;
    addCheck(repository: string, number: number, check: StandInCheck): void;
    addReview(repository: string, number: number, review: StandInReview): void;
    addComment(repository: string, number: number, comment: StandInComment): void;
    /** Spends the allowance (of anonymous requests, or of the token's). */
    exhaust(kind: 'anonymous' | 'token'): void;
    /** How many requests counted against the allowance, and how many 304s did not. */
    counted(kind: 'anonymous' | 'token'): number;
  };
}

const DEFAULTS = {
  github: {
    apiBase: 'https://api.github.com',
    webBase: 'https://github.com',
    anonymous: 60,
    token: 5000,
    window: 3_600_000,
  },
  gitlab: {
    apiBase: 'https://gitlab.com/api/v4',
    webBase: 'https://gitlab.com',
    anonymous: 500,
    token: 2000,
    window: 60_000,
  },
} as const;

export function createCodeHostStandIn(options: StandInOptions): CodeHostStandIn {
  const defaults = DEFAULTS[options.host];
  const now = options.now ?? Date.now;
  const repositories = new Map<string, StandInRepository>();
  const windowMs = options.windowMs ?? defaults.window;
  const allowances = {
    anonymous: { limit: options.anonymousLimit ?? defaults.anonymous, used: 0, resetAt: 0 },
    token: { limit: options.tokenLimit ?? defaults.token, used: 0, resetAt: 0 },
  };
  const current = (allowance: Allowance) => {
    if (now() >= allowance.resetAt) {
      allowance.used = 0;
      allowance.resetAt = now() + windowMs;
    }
    return allowance;
  };
  const pullOf = (repository: string, number: number) => {
    const pull = repositories.get(repository)?.pulls.get(number);
    if (!pull) throw new Error(`no pull request ${repository}#${number} in the stand-in`);
    return pull;
  };

  const limitHeaders = (allowance: Allowance): Record<string, string> => {
    const reset = String(Math.ceil(allowance.resetAt / 1000));
    const remaining = String(Math.max(0, allowance.limit - allowance.used));
    if (options.host === 'gitlab') {
      return {
        'ratelimit-limit': String(allowance.limit),
        'ratelimit-observed': String(allowance.used),
        'ratelimit-remaining': remaining,
        'ratelimit-reset': reset,
      };
    }
    return {
      'x-ratelimit-limit': String(allowance.limit),
      'x-ratelimit-remaining': remaining,
      'x-ratelimit-reset': reset,
      'x-ratelimit-used': String(allowance.used),
      'x-ratelimit-resource': 'core',
    };
  };

  const refusal = (allowance: Allowance, withToken: boolean): Answer => {
    const headers = limitHeaders(allowance);
    if (options.host === 'gitlab') {
      const wait = Math.max(1, Math.ceil((allowance.resetAt - now()) / 1000));
      return {
        status: 429,
        headers: { 'content-type': 'text/plain', 'retry-after': String(wait), ...headers },
        body: 'Retry later\n',
      };
    }
    const message = withToken
      ? 'API rate limit exceeded for user ID 1.'
      : "API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)";
    return json(
      403,
      {
        message,
        documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
      },
      headers,
    );
  };

  const standIn: CodeHostStandIn = {
    host: options.host,
    apiBase: options.apiBase ?? defaults.apiBase,
    log: [],
    handle(request) {
      const url = new URL(request.url);
      const base = new URL(standIn.apiBase);
      const auth = request.headers.authorization ?? '';
      const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1] ?? null;
      const withToken = token !== null;
      const answer = ((): Answer => {
        const prefix = base.pathname.replace(/\/$/, '');
        if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) {
          return json(404, { message: 'Not Found' });
        }
        if ((request.method ?? 'GET') !== 'GET') return json(404, { message: 'Not Found' });
        if (token !== null && !(options.tokens ?? []).includes(token)) {
          return options.host === 'github' ? githubBadCredentials() : gitlabUnauthorized();
        }
        const allowance = current(allowances[withToken ? 'token' : 'anonymous']);
        if (allowance.used >= allowance.limit) return refusal(allowance, withToken);
        const path = url.pathname.slice(prefix.length);
        const web = options.webBase ?? defaults.webBase;
        const routed =
          options.host === 'github'
            ? githubRoute(web, repositories, url, path, withToken)
            : gitlabRoute(web, repositories, url, path, withToken);
        // The answer's validator is worked out before counting: an unchanged answer to an
        // authorised conditional request costs GitHub's allowance nothing (GitLab counts every
        // request before it reaches the API).
        if (routed.status === 200) {
          const etag = etagOf(routed.body, withToken);
          routed.headers.etag = etag;
          routed.headers.vary = 'Accept, Authorization, Cookie';
          if (matches(request.headers['if-none-match'], etag)) {
            const free = options.host === 'github' && withToken;
            if (!free) allowance.used++;
            return { status: 304, headers: { etag, ...limitHeaders(allowance) }, body: '' };
          }
        }
        allowance.used++;
        routed.headers = { ...routed.headers, ...limitHeaders(allowance) };
        return routed;
      })();
      standIn.log.push({ url: request.url, status: answer.status, withToken });
      return answer;
    },
    async fetch(input, init) {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => {
        headers[key] = value;
      });
      const answer = standIn.handle({ method: init?.method ?? 'GET', url: input, headers });
      return new Response(answer.status === 304 ? null : answer.body, {
        status: answer.status,
        headers: answer.headers,
      });
    },
    admin: {
      addRepository(name, repositoryOptions = {}) {
        repositories.set(name, { private: repositoryOptions.private ?? false, pulls: new Map() });
      },
      setPull(repository, number, fields = {}) {
        let entry = repositories.get(repository);
        if (!entry) {
          entry = { private: false, pulls: new Map() };
          repositories.set(repository, entry);
        }
        const existing = entry.pulls.get(number);
        const pull = existing ? Object.assign(existing, fields) : newPull(number, fields);
        entry.pulls.set(number, pull);
        return pull;
      },
      addCheck(repository, number, check) {
        pullOf(repository, number).checks.push(check);
      },
      addReview(repository, number, review) {
        pullOf(repository, number).reviews.push(review);
      },
      addComment(repository, number, comment) {
        pullOf(repository, number).comments.push(comment);
      },
      exhaust(kind) {
        const allowance = current(allowances[kind]);
        allowance.used = allowance.limit;
      },
      counted(kind) {
        return current(allowances[kind]).used;
      },
    },
  };
  return standIn;
}

/**
 * The stand-in on a real listener (127.0.0.1, any free port): its `apiBase` is the listener's
 * address (with `/api/v4` for GitLab), so a client's real `fetch` reaches it.
 */
export async function startCodeHostStandIn(
  options: Omit<StandInOptions, 'apiBase'>,
): Promise<CodeHostStandIn & { url: string; stop(): Promise<void> }> {
  let standIn: CodeHostStandIn | null = null;
  const server = createServer((req, res) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = (standIn as CodeHostStandIn).handle({
      method: req.method ?? 'GET',
      url: `${(standIn as CodeHostStandIn).apiBase.replace(/\/api\/v4$/, '')}${req.url ?? '/'}`,
      headers,
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.status === 304 ? undefined : answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn = createCodeHostStandIn({
    ...options,
    apiBase: options.host === 'gitlab' ? `${url}/api/v4` : url,
  });
  return Object.assign(standIn, {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
