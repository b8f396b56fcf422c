import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import {
  cachedOrdersInPage,
  latestSnapshotInPage,
  loadAllOlderWith,
  requestOlderInPage,
  serviceOrders,
  v1Ids,
} from '../shared/stream-probe';
import type { Firefox } from './harness';

/** Waits for a background that booted after `previous` to answer, and returns when it booted. */
export async function nextBoot(page: Page, previous: number): Promise<number> {
  let boot = 0;
  await expect
    .poll(
      async () => {
        boot = await bootedAt(page).catch(() => 0);
        return boot;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(previous);
  return boot;
}

/** When the running background booted (it answers pings from extension pages). */
export function bootedAt(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const reply = (await browser.runtime.sendMessage({ type: 'ping' })) as { bootedAt: number };
    return reply.bootedAt;
  });
}

export async function cacheMatchesLog(
  firefox: Firefox,
  page: Page,
  service: Parameters<typeof serviceOrders>[0],
  id: string,
): Promise<void> {
  await loadAllOlderWith(
    () => page.evaluate(latestSnapshotInPage),
    () => page.evaluate(requestOlderInPage, id),
  );
  const expected = [...(await serviceOrders(service, id))].sort();
  expect(expected.length).toBeGreaterThan(1000);
  await expect
    .poll(async () => v1Ids(await page.evaluate(cachedOrdersInPage, id)).sort(), {
      timeout: 60_000,
      interval: 1000,
    })
    .toEqual(expected);
  expect(firefox.takeExtensionErrors()).toEqual([]);
}
