import { expect, test } from './fixtures';
import { cachedOrders, serviceOrders, v1Ids, watchOverPort } from './support/stream-probe';

test('a finished V0 conversation reaches the cache exactly as the service stores it', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = service.seedIds.v0.todoApp;
  await watchOverPort(page, id, 'v0');
  const expected = await serviceOrders(service, id);
  await expect.poll(() => cachedOrders(page, id)).toEqual(expected);
});

test('a live V0 conversation streams into the cache, none lost, none doubled, in order', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const created = await page.evaluate(async (url) => {
    const response = await fetch(`${url}/api/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ initial_user_msg: 'Add a due date field' }),
    });
    return (await response.json()) as { conversation_id: string };
  }, service.url);
  await watchOverPort(page, created.conversation_id, 'v0');
  await service.admin.waitIdle(created.conversation_id);
  const expected = await serviceOrders(service, created.conversation_id);
  expect(expected.length).toBeGreaterThan(5);
  await expect
    .poll(() => cachedOrders(page, created.conversation_id), { timeout: 20_000 })
    .toEqual(expected);
});

test('a running V1 conversation replays into the cache with the service’s events', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = service.seedIds.v1.parserFix;
  await watchOverPort(page, id, 'v1');
  const expected = await serviceOrders(service, id);
  await expect
    .poll(async () => v1Ids(await cachedOrders(page, id)).sort(), { timeout: 30_000 })
    .toEqual([...expected].sort());
});
