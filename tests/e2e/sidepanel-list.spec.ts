import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { journeyKinds, putToSleep, startConversation } from './support/generations';
import {
  collectTimelineIds,
  conversationMenu,
  createV1Conversation,
  loadEveryOlderPage,
  openPanel,
  sameIds,
  showSystemEvents,
  storedIds,
  timeline,
} from './support/panel-pages';

// The conversation list and reopening a conversation from it: on a current, V1-only server
// (the default), on a legacy server where the classic (V0) conversations sit beside the V1 ones,
// and on the hosted service.

const listed = (page: Page) => page.locator('.conversation-item');
const listedIds = (page: Page) =>
  listed(page).evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-conversation-id')),
  );

test.describe('on a V1-only server', () => {
  test.use({ serviceOptions: { server: 'v1', pace: 0.02 } });

  test('the list shows the server’s conversations, newest first, and filters them', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    // Another client started one a moment ago, with no repository.
    const fresh = await createV1Conversation(service, 'Write the changelog');
    const page = await openPanel(openExtensionPage);
    await expect(listed(page)).toHaveCount(3);
    // Nothing to tell apart on a server with one kind of conversation: no protocol marks.
    await expect(listed(page).locator('.chip')).toHaveCount(0);
    expect(await listedIds(page)).toEqual([
      fresh,
      service.seedIds.v1.parserFix,
      service.seedIds.v1.parserFixDone,
    ]);
    const parserFix = page.locator(`[data-conversation-id="${service.seedIds.v1.parserFix}"]`);
    await expect(parserFix).toContainText('Fix parser null handling');
    await expect(parserFix).toContainText('octo-org/widgets · fix/parser-null');
    await expect(parserFix).toContainText('Paused');
    await expect(page.locator(`[data-conversation-id="${fresh}"]`)).toContainText('No repository');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Repository' }).selectOption('octo-org/widgets');
    await expect(listed(page)).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Find conversations' }).fill('first try');
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page)).toContainText('Parser comments fix (first try)');
    await page.getByRole('searchbox', { name: 'Find conversations' }).fill('2048');
    await expect(listed(page)).toHaveCount(0);
    await expect(page.getByText(/^No loaded conversation matches/)).toBeVisible();
  });
});

test.describe('on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('the list shows the seeded V0 and V1 conversations, newest first, and filters them', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openPanel(openExtensionPage);
    await expect(listed(page)).toHaveCount(6);
    // Newest first: the V1 conversation of an hour ago, then the V0 ones by age.
    expect(await listedIds(page)).toEqual([
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
    // Beside the newer kind, classic conversations are marked, in words.
    await expect(parserFix).not.toContainText('Classic');
    await expect(
      page.locator(`[data-conversation-id="${service.seedIds.v0.todoApp}"]`),
    ).toContainText('Classic');
    await expect(parserFix).toContainText('Paused');

    await page.getByRole('combobox', { name: 'Repository' }).selectOption('octo-org/widgets');
    await expect(listed(page)).toHaveCount(3);
    await page.getByRole('searchbox', { name: 'Find conversations' }).fill('2048');
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page)).toContainText('Simple 2048 game');
  });

  test('a seeded V0 conversation opens with its whole history, every event a row', async ({
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
});

for (const { generation, title, server } of journeyKinds) {
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('a conversation left asleep reopens with its whole history, every event a row', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      test.slow();
      await connectToService();
      const starter = await openExtensionPage('options.html');
      // A thousand events in a few seconds: many share a second, and history takes pages.
      const id = await startConversation(
        starter,
        service,
        generation,
        '[scenario:burst] Migrate the test suite',
      );
      await service.admin.waitIdle(id);
      await putToSleep(service, id, generation);
      const stored = await storedIds(service, id);
      expect(stored.length).toBeGreaterThan(1000);

      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(timeline(page).locator('.timeline-row').first()).toBeVisible({
        timeout: 20_000,
      });
      // The newest page first; the rest is there for the asking.
      await expect(page.getByRole('button', { name: 'Load older events' })).toBeVisible();
      await showSystemEvents(page);
      await loadEveryOlderPage(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect
        .poll(async () => sameIds(await collectTimelineIds(page)), { timeout: 30_000 })
        .toEqual(sameIds(stored));
    });

    test('a finished conversation opens from the list with its history and its facts', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openPanel(openExtensionPage);
      // Its sandbox is paused: the history is the app server's.
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
  });
}

test.describe('on the hosted service', () => {
  test.use({ serviceOptions: { server: 'hosted', pace: 0.02, apiKey: 'hosted-key-0123456789' } });

  test('lists and opens its conversations with the hosted key; nothing fails for want of V0', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openPanel(openExtensionPage);
    await expect(listed(page)).toHaveCount(2);
    expect(await listedIds(page)).toEqual([
      service.seedIds.v1.parserFix,
      service.seedIds.v1.parserFixDone,
    ]);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Sandboxes' })).toBeVisible();
    await listed(page).filter({ hasText: 'Parser comments fix (first try)' }).click();
    await expect(
      page.getByRole('heading', { name: 'Parser comments fix (first try)' }),
    ).toBeVisible();
    await showSystemEvents(page);
    const expected = sameIds(await storedIds(service, service.seedIds.v1.parserFixDone));
    await expect.poll(async () => sameIds(await collectTimelineIds(page))).toEqual(expected);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('tab', { name: 'New' }).click();
    // Only V1 is served: no choice to make.
    await expect(page.getByText('V0 (classic conversations)')).toHaveCount(0);
  });
});
