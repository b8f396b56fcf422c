import { describe, expect, it } from 'vitest';
import { createV1Conversation } from '../shared/service-helpers';
import { cachedOrdersInPage, watchInPage } from '../shared/stream-probe';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { bootedAt, cacheMatchesLog, nextBoot } from './stream-checks';
import { pause } from './ui';

// Firefox's MV2 background is a persistent page: when the extension process dies (a crash),
// Firefox starts the background again. The stream resumes from its cursor: the cache ends equal
// to the service's log. (background-reload.spec.ts covers the page being reloaded.)

describe.each(serviceKinds)('the extension process against a %s server', (kind) => {
  const firefox = useFirefox();
  // One interruption is enough here: the 10,000 events stream in ~5 s.
  const service = useService(kind, { eventsPerSecond: 2000 });

  it('killed mid-stream: Firefox starts the background again, which resumes', async () => {
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
