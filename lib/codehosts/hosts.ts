// Where each code host's REST API lives and how it is spoken to: its base URL (cloud or
// self-hosted), how a token goes, which headers tell the allowance, and where its error body
// keeps its words. Shared by every reader of the API, so a token is sent the same way and only
// to the same origin whatever is being read (docs/contract/skills.md#requests).

import type { Provider } from '@/lib/hosts/types';
import {
  type Allowance,
  type ConditionalCache,
  type Fetch,
  HostClient,
  numberHeader,
} from './http';

/** The four APIs: Bitbucket Cloud and Data Center are different products with different APIs. */
export type HostApi = 'github' | 'gitlab' | 'bitbucket-cloud' | 'bitbucket-dc';

export const BITBUCKET_CLOUD_API = 'https://api.bitbucket.org/2.0';

export function githubApiBase(baseUrl: string, selfHosted: boolean): string {
  return selfHosted ? `${baseUrl}/api/v3` : 'https://api.github.com';
}

export function gitlabApiBase(baseUrl: string): string {
  return `${baseUrl}/api/v4`;
}

export function bitbucketDataCenterApiBase(baseUrl: string): string {
  return `${baseUrl}/rest/api/1.0`;
}

export interface HostTarget {
  provider: Provider;
  /** The code host's web base URL (with a relative root or context path, when it has one). */
  baseUrl: string;
  selfHosted: boolean;
}

export function hostApiOf(target: Pick<HostTarget, 'provider' | 'selfHosted'>): HostApi {
  if (target.provider === 'bitbucket')
    return target.selfHosted ? 'bitbucket-dc' : 'bitbucket-cloud';
  return target.provider;
}

/** The API base a target's requests go to. */
export function apiBaseFor(target: HostTarget): string {
  switch (target.provider) {
    case 'github':
      return githubApiBase(target.baseUrl, target.selfHosted);
    case 'gitlab':
      return gitlabApiBase(target.baseUrl);
    case 'bitbucket':
      return target.selfHosted ? bitbucketDataCenterApiBase(target.baseUrl) : BITBUCKET_CLOUD_API;
  }
}

/** The code host's web origin, which names its token in the settings. */
export function hostOriginOf(target: Pick<HostTarget, 'baseUrl'>): string {
  return new URL(target.baseUrl).origin;
}

/**
 * Bitbucket tokens: an access token goes as `Bearer`; an app password or API token is used
 * with a user name (`user:secret`), which goes as Basic.
 */
function bitbucketAuthorization(token: string): Record<string, string> {
  if (token.includes(':')) return { Authorization: `Basic ${btoa(token)}` };
  return { Authorization: `Bearer ${token}` };
}

function epochSecondsAllowance(prefix: 'x-ratelimit' | 'ratelimit') {
  return (headers: Headers): Allowance => {
    const reset = numberHeader(headers, `${prefix}-reset`);
    return {
      remaining: numberHeader(headers, `${prefix}-remaining`),
      resetAt: reset === null ? null : reset * 1000,
      limit: numberHeader(headers, `${prefix}-limit`),
    };
  };
}

const messageField = (body: unknown): string | undefined => {
  const message = (body as { message?: unknown })?.message;
  return typeof message === 'string' ? message : undefined;
};

const API = {
  github: {
    authorize: (token: string) => ({ Authorization: `Bearer ${token}` }),
    allowance: epochSecondsAllowance('x-ratelimit'),
    errorMessage: messageField,
  },
  gitlab: {
    authorize: (token: string) => ({ Authorization: `Bearer ${token}` }),
    allowance: epochSecondsAllowance('ratelimit'),
    errorMessage: messageField,
  },
  'bitbucket-cloud': {
    authorize: bitbucketAuthorization,
    allowance: epochSecondsAllowance('x-ratelimit'),
    errorMessage: (body: unknown) => {
      const message = (body as { error?: { message?: unknown } })?.error?.message;
      return typeof message === 'string' ? message : undefined;
    },
  },
  'bitbucket-dc': {
    authorize: bitbucketAuthorization,
    allowance: epochSecondsAllowance('x-ratelimit'),
    errorMessage: (body: unknown) => {
      const message = (body as { errors?: { message?: unknown }[] })?.errors?.[0]?.message;
      return typeof message === 'string' ? message : undefined;
    },
  },
} as const;

export interface HostClientFor {
  apiBase: string;
  token: string | null;
  fetch: Fetch;
  now?: () => number;
  /** Conditional requests (ETag / Last-Modified); none unless given. */
  cache?: ConditionalCache;
}

/** A client for one host's API, bound to the API base's origin. */
export function hostClient(api: HostApi, options: HostClientFor): HostClient {
  return new HostClient({
    fetch: options.fetch,
    apiOrigin: new URL(options.apiBase).origin,
    token: options.token,
    ...(options.now ? { now: options.now } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
    ...API[api],
  });
}
