import type { BrowserContext } from '@playwright/test';
import { type FakeHost, type FakeHostOptions, fakeCodeHost } from '../../support/code-host-apis';

/**
 * Serves a stand-in code-host API (tests/support/code-host-apis.ts) at its real address, so the
 * extension's requests from its pages reach it as they would reach the host.
 */
export async function serveCodeHost(
  context: BrowserContext,
  options: FakeHostOptions,
): Promise<FakeHost> {
  const host = fakeCodeHost(options);
  const base = new URL(options.apiBase);
  await context.route(
    (url) => url.origin === base.origin && url.pathname.startsWith(base.pathname),
    async (route) => {
      const request = route.request();
      const answer = host.handle({ url: request.url(), headers: await request.allHeaders() });
      await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
    },
  );
  return host;
}

export const GITHUB_API = 'https://api.github.com';
export const GITLAB_API = 'https://gitlab.com/api/v4';
export const BITBUCKET_API = 'https://api.bitbucket.org/2.0';
