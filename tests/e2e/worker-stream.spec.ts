import { expect, test } from './fixtures';
import { cachedForm, journeyKinds, startConversation, storedForm } from './support/generations';
import { watchOverPort } from './support/stream-probe';

test.describe('on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('a finished V0 conversation reaches the cache exactly as the service stores it', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openExtensionPage('sidepanel.html');
    const id = service.seedIds.v0.todoApp;
    await watchOverPort(page, id, 'v0');
    const expected = await storedForm(service, id, 'v0');
    await expect.poll(() => cachedForm(page, id, 'v0')).toEqual(expected);
  });
});

test('a paused V1 conversation’s history reaches the cache from the app server', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = service.seedIds.v1.parserFixDone;
  await watchOverPort(page, id, 'v1');
  const expected = await storedForm(service, id, 'v1');
  expect(expected.length).toBeGreaterThan(3);
  await expect.poll(() => cachedForm(page, id, 'v1')).toEqual(expected);
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
  const expected = await storedForm(service, id, 'v1');
  await expect.poll(() => cachedForm(page, id, 'v1'), { timeout: 30_000 }).toEqual(expected);
});

for (const { generation, title, server } of journeyKinds) {
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('a live conversation streams into the cache, none lost, none doubled', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openExtensionPage('sidepanel.html');
      const id = await startConversation(page, service, generation, 'Add a due date field');
      await watchOverPort(page, id, generation);
      await service.admin.waitIdle(id);
      const expected = await storedForm(service, id, generation);
      expect(expected.length).toBeGreaterThan(5);
      await expect
        .poll(() => cachedForm(page, id, generation), { timeout: 20_000 })
        .toEqual(expected);
    });
  });
}
