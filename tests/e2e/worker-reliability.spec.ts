import { expect, test } from './fixtures';
import { cachedForm, journeyKinds, startConversation, storedForm } from './support/generations';
import { latestSnapshot, loadAllOlder, watchOverPort } from './support/stream-probe';

// Issue: the background worker must lose and double nothing, whatever happens to it, the
// sockets or the key. Each test ends with the extension's cache equal to the service's log.

for (const { generation, title, server } of journeyKinds) {
  test.describe(`a worker stopped again and again, ${title}`, () => {
    // A steady rate makes the 10,000 events stream for ~12 s, long enough to be interrupted.
    test.use({ serviceOptions: { server, pace: 0.02, eventsPerSecond: 800 } });

    test('while 10,000 events stream loses and doubles nothing', async ({
      service,
      connectToService,
      openExtensionPage,
      stopServiceWorker,
    }) => {
      test.setTimeout(180_000);
      await connectToService();
      const page = await openExtensionPage('sidepanel.html');
      const id = await startConversation(page, service, generation, '[scenario:long] big job');
      await watchOverPort(page, id, generation);
      let idle = false;
      const finished = service.admin.waitIdle(id).then(() => {
        idle = true;
      });
      let stops = 0;
      while (!idle) {
        // Every 3 s: stops forced faster than that, mid-flood, now and then crash this Chromium
        // itself (SIGTRAP, its worker stuck stopping), which a browser stopping idle workers
        // never does to a person; four stops still cut the stream in four places.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        if (idle) break;
        await stopServiceWorker();
        stops++;
      }
      await finished;
      expect(stops).toBeGreaterThan(2);
      // Events from before the worker first looked are older history: scroll them in.
      await loadAllOlder(page, id);
      const expected = await storedForm(service, id, generation);
      expect(expected.length).toBeGreaterThan(10_000);
      await expect
        .poll(() => cachedForm(page, id, generation), { timeout: 60_000, intervals: [1000] })
        .toEqual(expected);
    });
  });

  test.describe(`the service's sockets dropped and restarted, ${title}`, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('mid-stream, loses and doubles nothing', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      test.setTimeout(120_000);
      await connectToService();
      const page = await openExtensionPage('sidepanel.html');
      const id = await startConversation(page, service, generation, '[scenario:burst] go');
      await watchOverPort(page, id, generation);
      await expect
        .poll(async () => (await cachedForm(page, id, generation)).length)
        .toBeGreaterThan(20);
      await service.admin.dropSockets();
      await service.admin.restart();
      await service.admin.waitIdle(id);
      await loadAllOlder(page, id);
      const expected = await storedForm(service, id, generation);
      await expect
        .poll(() => cachedForm(page, id, generation), { timeout: 60_000, intervals: [1000] })
        .toEqual(expected);
      // The worker kept count of what happened: it reconnected at least once. When the burst
      // was all cached before the drop, the cache matches at once and the worker's word on the
      // drop may still be on its way: it is awaited, not taken at that instant.
      await expect
        .poll(async () => (await latestSnapshot(page))?.counters.reconnects ?? 0, {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
    });
  });
}

test.describe('a rotated key, on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02, apiKey: 'first-key' } });

  test('is reported in words, and once the new key is saved nothing is missing', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    await connectToService();
    const page = await openExtensionPage('sidepanel.html');
    const id = await startConversation(page, service, 'v0', 'Add a due date field');
    await watchOverPort(page, id, 'v0');
    await expect.poll(async () => (await cachedForm(page, id, 'v0')).length).toBeGreaterThan(3);
    // The server key and every runtime key change; the live socket is cut.
    const newKey = await service.admin.rotateKey({ target: 'server', key: 'second-key' });
    await service.admin.rotateKey({ target: 'runtime' });
    await service.admin.dropSockets();
    await expect
      .poll(async () => (await latestSnapshot(page))?.conversation.error ?? '', { timeout: 20_000 })
      .toMatch(/key/i);
    await connectToService({ apiKey: newKey });
    await service.admin.waitIdle(id);
    await loadAllOlder(page, id);
    const expected = await storedForm(service, id, 'v0');
    await expect
      .poll(() => cachedForm(page, id, 'v0'), { timeout: 60_000, intervals: [1000] })
      .toEqual(expected);
  });
});

test.describe('a rotated key, on a V1-only server', () => {
  test.use({ serviceOptions: { server: 'v1', pace: 0.02, apiKey: 'first-key' } });

  test('is reported in words, and once the new key is saved nothing is missing', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    await connectToService();
    const page = await openExtensionPage('sidepanel.html');
    const id = await startConversation(page, service, 'v1', 'Add a due date field');
    await watchOverPort(page, id, 'v1');
    await expect.poll(async () => (await cachedForm(page, id, 'v1')).length).toBeGreaterThan(3);
    // The server key changes, and so does the sandbox's key; the live socket is cut. The worker
    // reads the conversation again for the sandbox's new key: with the old server key, it cannot.
    const newKey = await service.admin.rotateKey({ target: 'server', key: 'second-key' });
    const record = (await (
      await fetch(`${service.url}/api/v1/app-conversations?ids=${id}`, {
        headers: { 'X-Session-API-Key': newKey },
      })
    ).json()) as { sandbox_id: string }[];
    await service.admin.rotateKey({ target: 'sandbox', sandboxId: record[0]?.sandbox_id });
    await service.admin.dropSockets();
    await expect
      .poll(async () => (await latestSnapshot(page))?.conversation.error ?? '', { timeout: 20_000 })
      .toMatch(/key/i);
    await connectToService({ apiKey: newKey });
    await service.admin.waitIdle(id);
    await loadAllOlder(page, id);
    const expected = await storedForm(service, id, 'v1');
    await expect
      .poll(() => cachedForm(page, id, 'v1'), { timeout: 60_000, intervals: [1000] })
      .toEqual(expected);
  });
});
