import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { createV1Conversation } from '../shared/service-helpers';
import {
  cachedOrdersInPage,
  latestSnapshotInPage,
  loadAllOlderWith,
  requestOlderInPage,
  serviceOrders,
  v1Ids,
  watchInPage,
} from '../shared/stream-probe';
import type { Firefox } from './harness';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { pause } from './ui';

// Firefox's MV2 background is a persistent page, not a service worker: Firefox never stops it
// for being idle. While Firefox runs it goes away in two ways only, and the live stream must
// lose and double nothing across either: the page is reloaded (a new page, every global gone,
// every port to the panels closed: what a worker stop is in Chromium), or the extension process
// dies, after which Firefox starts the background again. Each test ends with the add-on's cache
// equal to the service's log.

/** Waits for a background that booted after `previous` to answer, and returns when it booted. */
async function nextBoot(page: Page, previous: number): Promise<number> {
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
function bootedAt(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const reply = (await browser.runtime.sendMessage({ type: 'ping' })) as { bootedAt: number };
    return reply.bootedAt;
  });
}

async function cacheMatchesLog(
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

describe.each(serviceKinds)('the background page against a %s server', (kind) => {
  const firefox = useFirefox();
  // A steady rate makes the 10,000 events of the long scenario stream for ~12 s.
  const service = useService(kind, { eventsPerSecond: 800 });

  it('reloaded again and again while 10,000 events stream, loses and doubles nothing', async () => {
    await connect(firefox(), service());
    const page = await firefox().openExtensionPage('sidepanel.html');
    const id = await createV1Conversation(service(), '[scenario:long] big job');
    await page.evaluate(watchInPage, { conversationId: id, generation: 'v1' as const });
    let idle = false;
    const finished = service()
      .admin.waitIdle(id)
      .then(() => {
        idle = true;
      });
    const boots = [await bootedAt(page)];
    while (!idle) {
      await pause(1500);
      if (idle) break;
      await page.evaluate(() => {
        (browser.extension.getBackgroundPage() as unknown as Window | null)?.location.reload();
      });
      boots.push(await nextBoot(page, boots.at(-1) ?? 0));
    }
    await finished;
    // Each reload was a new page.
    expect(boots.length).toBeGreaterThan(3);
    await cacheMatchesLog(firefox(), page, service(), id);
  }, 150_000);

  it('the extension process killed mid-stream: Firefox starts the background again, which resumes', async () => {
    await connect(firefox(), service());
    const page = await firefox().openExtensionPage('sidepanel.html');
    const id = await createV1Conversation(service(), '[scenario:long] big job');
    await page.evaluate(watchInPage, { conversationId: id, generation: 'v1' as const });
    await expect
      .poll(async () => (await page.evaluate(cachedOrdersInPage, id)).length, { timeout: 20_000 })
      .toBeGreaterThan(500);
    const pid = await firefox().privileged(async () => {
      const info = await (
        ChromeUtils as unknown as {
          requestProcInfo(): Promise<{ children: { type: string; pid: number }[] }>;
        }
      ).requestProcInfo();
      return info.children.find((child) => child.type === 'extension')?.pid ?? 0;
    }, null);
    expect(pid).toBeGreaterThan(0);
    const before = await bootedAt(page);
    process.kill(pid, 'SIGKILL');
    // The panel tab died with the process; a new one reads the cache the new background fills.
    await pause(500);
    const fresh = await firefox().openExtensionPage('sidepanel.html');
    await nextBoot(fresh, before);
    await fresh.evaluate(watchInPage, { conversationId: id, generation: 'v1' as const });
    await service().admin.waitIdle(id);
    await cacheMatchesLog(firefox(), fresh, service(), id);
  }, 150_000);
});

declare const ChromeUtils: unknown;
