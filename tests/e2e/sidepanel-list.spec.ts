import { expect, test } from './fixtures';
import {
  collectTimelineIds,
  conversationMenu,
  openPanel,
  sameIds,
  showSystemEvents,
  storedIds,
  timeline,
} from './support/panel-pages';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

test('the list shows the seeded V0 and V1 conversations, newest first, and filters them', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(openExtensionPage);
  const items = page.locator('.conversation-item');
  await expect(items).toHaveCount(6);
  const ids = await items.evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-conversation-id')),
  );
  // Newest first: the V1 conversation of an hour ago, then the V0 ones by age.
  expect(ids).toEqual([
    service.seedIds.v1.parserFix,
    service.seedIds.v0.todoApp,
    service.seedIds.v0.quickQuestion,
    service.seedIds.v1.parserFixDone,
    service.seedIds.v0.renameFile,
    service.seedIds.v0.game2048,
  ]);
  const parserFix = page.locator(`[data-conversation-id="${service.seedIds.v1.parserFix}"]`);
  await expect(parserFix).toContainText('Fix parser null handling');
  await expect(parserFix).toContainText('octo-org/widgets · fix/parser-null');
  await expect(parserFix).toContainText('V1');
  await expect(parserFix).toContainText('Paused');

  await page.getByRole('combobox', { name: 'Repository' }).selectOption('octo-org/widgets');
  await expect(items).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Find conversations' }).fill('2048');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('Simple 2048 game');
});

test('a V0 conversation opens with its whole history, every event a row', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v0.todoApp;
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(page.getByRole('heading', { name: 'Vue todo app with due dates' })).toBeVisible();
  await expect(page.locator('[data-status-label]')).toHaveText('Stopped');
  await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
  await showSystemEvents(page);
  const expected = sameIds(await storedIds(service, id));
  await expect.poll(async () => sameIds(await collectTimelineIds(page))).toEqual(expected);
});

test('a V1 conversation opens from the list with its history and its facts', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(openExtensionPage);
  await page.locator(`[data-conversation-id="${service.seedIds.v1.parserFixDone}"]`).click();
  await expect(
    page.getByRole('heading', { name: 'Parser comments fix (first try)' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'octo-org/widgets' })).toHaveAttribute(
    'href',
    'https://github.com/octo-org/widgets',
  );
  await conversationMenu(page, 'Details');
  await expect(page.getByRole('link', { name: 'Open in the web app' })).toHaveAttribute(
    'href',
    `${service.url}/conversations/${service.seedIds.v1.parserFixDone}`,
  );
  await showSystemEvents(page);
  const expected = sameIds(await storedIds(service, service.seedIds.v1.parserFixDone));
  await expect.poll(async () => sameIds(await collectTimelineIds(page))).toEqual(expected);
});

test.describe('a server without V0 (the hosted service)', () => {
  // The 0.62 service's hosted mode: the hosted kind (`server: 'hosted'`) needs a V1-only client.
  // legacy until the client runs on V1-only servers (issue 14)
  test.use({
    serviceOptions: { pace: 0.02, server: 'legacy', hosted: true, apiKey: 'hosted-key-0123456789' },
  });

  test('lists and opens V1 conversations; V0’s missing routes are not errors', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openPanel(openExtensionPage);
    await expect(page.locator('.conversation-item')).toHaveCount(2);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Sandboxes' })).toBeVisible();
    await page
      .locator(`.conversation-item[data-conversation-id="${service.seedIds.v1.parserFixDone}"]`)
      .click();
    await expect(
      page.getByRole('heading', { name: 'Parser comments fix (first try)' }),
    ).toBeVisible();
    await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
    await page.getByRole('tab', { name: 'New' }).click();
    // Only V1 is served: no choice to make.
    await expect(page.getByText('V0 (classic conversations)')).toHaveCount(0);
  });
});
