import { describe, expect, it } from 'vitest';
import { createV1Conversation } from '../shared/service-helpers';
import { watchInPage } from '../shared/stream-probe';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { bootedAt, cacheMatchesLog, nextBoot } from './stream-checks';
import { pause } from './ui';

// Firefox's MV2 background is a persistent page, not a service worker: Firefox never stops it
// for being idle. While Firefox runs it goes away in two ways only, and the live stream must
// lose and double nothing across either: the page is reloaded (a new page, every global gone,
// every port to the panels closed: what a worker stop is in Chromium), or the extension process
// dies, after which Firefox starts the background again. Each test ends with the add-on's cache
// equal to the service's log.

describe.each(serviceKinds)('the background page against a %s server', (kind) => {
  const firefox = useFirefox();
  // A steady rate makes the 10,000 events of the long scenario stream for ~12 s, long enough
  // to reload the page several times.
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
});
