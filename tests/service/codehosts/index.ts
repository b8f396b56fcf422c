// Stand-ins for the code hosts' pull-request APIs (GitHub, GitLab, Bitbucket Cloud and Data
// Center), as the hosts behave: a weak ETag on every successful GET and 304 to a matching
// If-None-Match where the host sends one (not Bitbucket Data Center), rate-limit headers where
// the host sends them (GitHub, GitLab) and the host's own refusal once the allowance is spent
// (GitHub 403 with remaining 0, GitLab and Data Center 429 with Retry-After, Bitbucket Cloud 429
// with no time), 404 for a private repository asked without a token (401 on Data Center), 401
// for a token the host does not know. See tests/service/README.md#code-host-stand-ins.
//
// Use `createCodeHostStandIn` in unit tests (its `fetch` needs no network) or
// `startCodeHostStandIn` for a real listener on 127.0.0.1.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bitbucketCloudError, bitbucketCloudRoute } from './bitbucket-cloud';
import { bitbucketDcError, bitbucketDcRoute, bitbucketDcUnauthorized } from './bitbucket-dc';
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

export type StandInHost = 'github' | 'gitlab' | 'bitbucket-cloud' | 'bitbucket-dc';

export interface StandInOptions {
  host: StandInHost;
  /**
   * Default: https://api.github.com, https://gitlab.com/api/v4, https://api.bitbucket.org/2.0,
   * https://bitbucket.example.com/rest/api/1.0.
   */
  apiBase?: string;
  /** The host's web base (links in answers). Default: https://github.com, https://gitlab.com… */
  webBase?: string;
  /** Tokens the host accepts, as sent after `Bearer` (or, on Bitbucket, `user:secret` as Basic). */
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
    /** GitLab: makes `user` a member of the project with this access level (see model.ts). */
    addMember(repository: string, user: string, accessLevel: number): void;
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
  // Bitbucket Cloud: 60 anonymous requests an hour, 1,000 for an authenticated user (per hour,
  // rolling; "API request limits", support.atlassian.com).
  'bitbucket-cloud': {
    apiBase: 'https://api.bitbucket.org/2.0',
    webBase: 'https://bitbucket.org',
    anonymous: 60,
    token: 1000,
    window: 3_600_000,
  },
  // Data Center: a token bucket per user when rate limiting is on; here a bucket of 60 that
  // refills every 12 seconds (5 a second).
  'bitbucket-dc': {
    apiBase: 'https://bitbucket.example.com/rest/api/1.0',
    webBase: 'https://bitbucket.example.com',
    anonymous: 60,
    token: 60,
    window: 12_000,
  },
} as const;

/** Hosts whose API GETs carry an ETag and answer a matching If-None-Match with 304. */
const SENDS_ETAG = new Set<StandInHost>(['github', 'gitlab', 'bitbucket-cloud']);

/** The part of the API base before the API's own path (Data Center serves two APIs). */
function rootOf(host: StandInHost, apiBase: string): string {
  const path = new URL(apiBase).pathname.replace(/\/$/, '');
  return host === 'bitbucket-dc' ? path.replace(/\/rest\/api\/1\.0$/, '') : path;
}

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
    // Bitbucket tells no allowance on ordinary answers.
    if (options.host === 'bitbucket-cloud' || options.host === 'bitbucket-dc') return {};
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
    if (options.host === 'bitbucket-cloud') {
      // No reset time and no Retry-After: the client can only back off.
      return bitbucketCloudError(429, 'Rate limit for this resource has been exceeded');
    }
    if (options.host === 'bitbucket-dc') {
      const wait = Math.max(1, Math.ceil((allowance.resetAt - now()) / 1000));
      const answer = bitbucketDcError(
        429,
        'You have been rate limited. Please try again later.',
        'ratelimit.RateLimitedException',
      );
      answer.headers['retry-after'] = String(wait);
      return answer;
    }
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
      const basic = options.host.startsWith('bitbucket') ? /^Basic\s+(.+)$/i.exec(auth)?.[1] : null;
      const token = basic ? atob(basic) : (/^Bearer\s+(.+)$/i.exec(auth)?.[1] ?? null);
      const withToken = token !== null;
      const answer = ((): Answer => {
        const prefix = rootOf(options.host, standIn.apiBase);
        if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) {
          return json(404, { message: 'Not Found' });
        }
        if ((request.method ?? 'GET') !== 'GET') return json(404, { message: 'Not Found' });
        if (token !== null && !(options.tokens ?? []).includes(token)) {
          switch (options.host) {
            case 'github':
              return githubBadCredentials();
            case 'gitlab':
              return gitlabUnauthorized();
            case 'bitbucket-cloud':
              return bitbucketCloudError(401, 'Access token expired or invalid.');
            case 'bitbucket-dc':
              return bitbucketDcUnauthorized();
          }
        }
        const allowance = current(allowances[withToken ? 'token' : 'anonymous']);
        if (allowance.used >= allowance.limit) return refusal(allowance, withToken);
        const path = url.pathname.slice(prefix.length);
        const web = options.webBase ?? defaults.webBase;
        const route = {
          github: githubRoute,
          gitlab: gitlabRoute,
          'bitbucket-cloud': bitbucketCloudRoute,
          'bitbucket-dc': bitbucketDcRoute,
        }[options.host];
        const routed = route(web, repositories, url, path, withToken);
        // The answer's validator is worked out before counting: an unchanged answer to an
        // authorised conditional request costs GitHub's allowance nothing (GitLab and Bitbucket
        // Cloud count every request; Data Center sends no validator at all).
        if (routed.status === 200 && SENDS_ETAG.has(options.host)) {
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
        repositories.set(name, {
          private: repositoryOptions.private ?? false,
          pulls: new Map(),
          members: new Map(),
        });
      },
      setPull(repository, number, fields = {}) {
        let entry = repositories.get(repository);
        if (!entry) {
          entry = { private: false, pulls: new Map(), members: new Map() };
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
      addMember(repository, user, accessLevel) {
        const entry = repositories.get(repository);
        if (!entry) throw new Error(`no repository ${repository} in the stand-in`);
        entry.members.set(user, accessLevel);
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
 * address (with `/api/v4` for GitLab, `/2.0` for Bitbucket Cloud, `/rest/api/1.0` for Data
 * Center), so a client's real `fetch` reaches it.
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
      url: `${new URL((standIn as CodeHostStandIn).apiBase).origin}${req.url ?? '/'}`,
      headers,
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.status === 304 ? undefined : answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn = createCodeHostStandIn({
    ...options,
    apiBase: `${url}${API_PATH[options.host]}`,
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

const API_PATH: Record<StandInHost, string> = {
  github: '',
  gitlab: '/api/v4',
  'bitbucket-cloud': '/2.0',
  'bitbucket-dc': '/rest/api/1.0',
};
