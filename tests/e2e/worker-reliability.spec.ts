import { expect, test } from './fixtures';
import {
  cachedOrders,
  createV0Conversation,
  latestSnapshot,
  loadAllOlder,
  serviceOrders,
  watchOverPort,
} from './support/stream-probe';

// Issue: the background worker must lose and double nothing, whatever happens to it, the
// sockets or the key. Each test ends with the extension's cache equal to the service's log.

test.describe('a worker stopped again and again', () => {
  // A steady rate makes the 10,000 events stream for ~12 s, long enough to be interrupted.
  test.use({ serviceOptions: { pace: 0.02, eventsPerSecond: 800 } });

  test('while 10,000 events stream loses and doubles nothing', async ({
    service,
    connectToService,
    openExtensionPage,
    stopServiceWorker,
  }) => {
    test.setTimeout(180_000);
    await connectToService();
    const page = await openExtensionPage('sidepanel.html');
    const id = await createV0Conversation(page, service, {
      initial_user_msg: '[scenario:long] big job',
    });
    await watchOverPort(page, id, 'v0');
    let idle = false;
    const finished = service.admin.waitIdle(id).then(() => {
      idle = true;
    });
    let stops = 0;
    while (!idle) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (idle) break;
      await stopServiceWorker();
      stops++;
    }
    await finished;
    expect(stops).toBeGreaterThan(2);
    // Events from before the worker first looked are older history: scroll them in.
    await loadAllOlder(page, id);
    const expected = await serviceOrders(service, id);
    expect(expected.length).toBeGreaterThan(10_000);
    await expect
      .poll(() => cachedOrders(page, id), { timeout: 60_000, intervals: [1000] })
      .toEqual(expected);
  });
});

test('dropping every socket and restarting the service mid-stream loses and doubles nothing', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = await createV0Conversation(page, service, { initial_user_msg: '[scenario:burst] go' });
  await watchOverPort(page, id, 'v0');
  await expect.poll(async () => (await cachedOrders(page, id)).length).toBeGreaterThan(20);
  await service.admin.dropSockets();
  await service.admin.restart();
  await service.admin.waitIdle(id);
  await loadAllOlder(page, id);
  const expected = await serviceOrders(service, id);
  await expect
    .poll(() => cachedOrders(page, id), { timeout: 60_000, intervals: [1000] })
    .toEqual(expected);
  // The worker kept count of what happened: it reconnected at least once.
  expect((await latestSnapshot(page))?.counters.reconnects ?? 0).toBeGreaterThan(0);
});

test.describe('a rotated key', () => {
  test.use({ serviceOptions: { pace: 0.02, apiKey: 'first-key' } });

  test('is reported in words, and once the new key is saved nothing is missing', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    await connectToService();
    const page = await openExtensionPage('sidepanel.html');
    const id = await createV0Conversation(page, service, {
      initial_user_msg: 'Add a due date field',
    });
    await watchOverPort(page, id, 'v0');
    await expect.poll(async () => (await cachedOrders(page, id)).length).toBeGreaterThan(3);
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
    const expected = await serviceOrders(service, id);
    await expect
      .poll(() => cachedOrders(page, id), { timeout: 60_000, intervals: [1000] })
      .toEqual(expected);
  });
});
