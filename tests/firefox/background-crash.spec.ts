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
  // One interruption is enough here. A steady rate keeps the 10,000 events streaming for ~12 s:
  // the service paces them only up to 1,000 a second (above, it stores them as fast as it can,
  // and the agent is done before the conversation is even opened).
  const service = useService(kind, { eventsPerSecond: 800 });

  it('killed mid-stream: Firefox starts the background again, which resumes', async () => {
    await connect(firefox(), service());
    const page = await firefox().openExtensionPage('sidepanel.html');
    const id = await createV1Conversation(service(), '[scenario:long] big job');
    let idle = false;
    const finished = service()
      .admin.waitIdle(id)
      .then(() => {
        idle = true;
      });
    await page.evaluate(watchInPage, { conversationId: id, generation: 'v1' as const });
    // A first open reads the newest page (100 events) and older ones only on demand: more than
    // that cached means live events are flowing and being written.
    await expect
      .poll(async () => (await page.evaluate(cachedOrdersInPage, id)).length, { timeout: 20_000 })
      .toBeGreaterThan(600);
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
    // Mid-stream: the agent is still at work when the process dies.
    const storedBeforeKill = (await service().admin.storedEvents(id)).events.length;
    expect(idle).toBe(false);
    process.kill(pid, 'SIGKILL');
    // The panel tab died with the process; a new one reads the cache the new background fills.
    await pause(500);
    const fresh = await firefox().openExtensionPage('sidepanel.html');
    await nextBoot(fresh, before);
    await fresh.evaluate(watchInPage, { conversationId: id, generation: 'v1' as const });
    await finished;
    // Events were stored after the kill, while no background was there to receive them live.
    expect((await service().admin.storedEvents(id)).events.length).toBeGreaterThan(
      storedBeforeKill,
    );
    await cacheMatchesLog(firefox(), fresh, service(), id);
  }, 150_000);
});

declare const ChromeUtils: unknown;
