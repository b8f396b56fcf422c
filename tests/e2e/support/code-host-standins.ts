import type { BrowserContext } from '@playwright/test';
import type { CodeHostStandIn } from '../../service/codehosts/index';

/**
 * Serves a code-host stand-in (tests/service/codehosts) at its API's real address for every
 * request of the browser context, the worker's included: the extension reads the host as it
 * would read the real one.
 */
export async function serveStandIn(
  context: BrowserContext,
  standIn: CodeHostStandIn,
): Promise<void> {
  const base = new URL(standIn.apiBase);
  await context.route(
    (url) =>
      url.origin === base.origin && url.pathname.startsWith(base.pathname.replace(/\/$/, '')),
    async (route) => {
      const request = route.request();
      const answer = standIn.handle({
        method: request.method(),
        url: request.url(),
        headers: await request.allHeaders(),
      });
      await route.fulfill({
        status: answer.status,
        headers: answer.headers,
        ...(answer.status === 304 ? {} : { body: answer.body }),
      });
    },
  );
}

/** Makes the worker read followed pull requests every `ms` instead of every minute. */
export async function shortenPullCadence(worker: import('@playwright/test').Worker, ms: number) {
  await worker.evaluate((every) => {
    const timing = (
      globalThis as { handoffPullTiming?: { minuteMs: number; alarmFloorMs: number } }
    ).handoffPullTiming;
    if (!timing) throw new Error('not an end-to-end build');
    timing.minuteMs = every;
    timing.alarmFloorMs = every;
  }, ms);
}
