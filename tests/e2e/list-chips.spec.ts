import type { Page } from '@playwright/test';
import { type ListFixtureItem, listFixtures } from '../fixtures/host-lists/index';
import { hostFixtures } from '../fixtures/hosts/index';
import type { RunningService } from '../service/index';
import { fixtureHtml } from '../shared/host-fixtures';
import { createV1Conversations } from '../shared/service-helpers';
import { expect, test } from './fixtures';
import { shortenRefresh } from './support/clock';
import { addSelfHostedHost, serveFixtures, softNavigate } from './support/host-pages';
import { createV1Conversation, ensureRepository, handedLaunch } from './support/panel-pages';

/** The title a conversation about `item` gets, which names it the way the index reads titles. */
function titleFor(item: ListFixtureItem, provider: string): string {
  if (item.kind === 'issue') return `Fix issue #${item.number}`;
  return provider === 'gitlab' ? `Fix MR !${item.number}` : `Fix PR #${item.number}`;
}

/** Each chip on the page, by the address of the title link it follows. */
function chipsByLink(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-handoff-chip]')].map((chip) => [
        (chip.previousElementSibling as HTMLAnchorElement | null)?.href ?? '(no link)',
        chip.textContent ?? '',
      ]),
    ),
  );
}

const repoHome = hostFixtures.find(
  (fixture) => fixture.name === 'repo-react',
) as (typeof hostFixtures)[number];

// Issue 29: the code host's own issue and pull request lists show, on each row that has a
// conversation, a chip saying where it stands, from the worker's index; rows without one get
// nothing; the chip opens the conversation.

const list = {
  url: 'https://github.com/octo/widgets/issues',
  file: 'tests/fixtures/host-lists/github/paged-issues-1.html',
};
const page2 = {
  url: 'https://github.com/octo/widgets/issues?page=2',
  file: 'tests/fixtures/host-lists/github/paged-issues-2.html',
};

function startOn(service: RunningService, repository: string, text: string): Promise<string> {
  ensureRepository(repository);
  return createV1Conversation(service, text, { repository, provider: 'github' });
}

const chips = (page: Page) => page.locator('[data-handoff-chip]');

test.describe('chips on a code host list', () => {
  // Long runs stay at work through the journey: their events come at a steady 20 a second
  // (10,000 of them); the rest (starts, the wait for a confirmation) at the journeys' quick pace.
  test.use({ serviceOptions: { server: 'v1', pace: 0.02, eventsPerSecond: 20 } });

  test('rows with a conversation get a chip in words, the others none', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
  }) => {
    await startOn(service, 'octo/widgets', 'Fix issue #3 [scenario:long]');
    const waiting = await startOn(
      service,
      'octo/widgets',
      '[scenario:awaiting-confirmation] Tidy up for issue #7',
    );
    await service.admin.waitIdle(waiting);
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    await serveFixtures(extContext, [list]);
    const tab = await extContext.newPage();
    await tab.goto(list.url);
    const row3 = tab.getByRole('listitem').filter({ hasText: 'Issue number 3 <img' });
    await expect(row3.getByRole('button', { name: /^Agent working/ })).toBeVisible({
      timeout: 20_000,
    });
    const row7 = tab.getByRole('listitem').filter({ hasText: 'Issue number 7 <img' });
    await expect(row7.getByRole('button', { name: /^Needs you/ })).toBeVisible();
    await expect(chips(tab)).toHaveCount(2);

    // A chip is no taller than the row's own text: hiding the chips changes no row's height.
    const heights = () =>
      tab.evaluate(() =>
        [...document.querySelectorAll('[role="listitem"]')].map(
          (row) => row.getBoundingClientRect().height,
        ),
      );
    const withChips = await heights();
    await tab.addStyleTag({ content: '[data-handoff-chip] { display: none !important; }' });
    expect(await heights()).toEqual(withChips);
    await tab.evaluate(() => document.querySelector('style:last-of-type')?.remove());

    // The host re-renders a row: its chip comes back, once.
    await tab.evaluate(() => {
      const row = document.querySelectorAll('[role="listitem"]')[2] as Element;
      row.replaceWith(row.cloneNode(true));
    });
    await expect(row3.locator('[data-handoff-chip]')).toHaveCount(1);
    await expect(row3.getByRole('button', { name: /^Agent working/ })).toBeVisible();

    // Live: a conversation started elsewhere for #12 gets its chip without a reload, and one
    // deleted on the server loses it.
    await startOn(service, 'octo/widgets', 'Look at issue #12 [scenario:long]');
    const row12 = tab.getByRole('listitem').filter({ hasText: 'Issue number 12 <img' });
    await expect(row12.getByRole('button', { name: /^Agent working/ })).toBeVisible({
      timeout: 20_000,
    });
    await service.admin.deleteConversation(waiting);
    await expect(row7.locator('[data-handoff-chip]')).toHaveCount(0, { timeout: 20_000 });
    await expect(chips(tab)).toHaveCount(2);

    // The chip opens its conversation in the side panel, from the keyboard too (Firefox's journey
    // clicks it): it takes focus in the page's tab order and answers Enter.
    const chip = row3.getByRole('button', { name: /^Agent working/ });
    await chip.focus();
    await expect(chip).toBeFocused();
    await tab.keyboard.press('Enter');
    await expect
      .poll(async () => (await handedLaunch(extContext, serviceWorker))?.kind)
      .toBe('conversation');
  });

  test('chips follow paging, in-page navigation and rows added by scrolling, never doubled', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
  }) => {
    await startOn(service, 'octo/widgets', 'Fix issue #3 [scenario:long]');
    await startOn(service, 'octo/widgets', 'Fix issue #40 [scenario:long]');
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    await serveFixtures(extContext, [list, page2, repoHome]);
    const tab = await extContext.newPage();
    // The list is reached without a page load: the host's own navigation from another page.
    await tab.goto(repoHome.url);
    await softNavigate(tab, list, 'soft-nav:react-done');
    const row3 = tab.getByRole('listitem').filter({ hasText: 'Issue number 3 <img' });
    await expect(row3.getByRole('button', { name: /^Agent working/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(chips(tab)).toHaveCount(1);

    // The next page, in place.
    await softNavigate(tab, page2, 'soft-nav:react-done');
    const row40 = tab.getByRole('listitem').filter({ hasText: 'Issue number 40' });
    await expect(row40.getByRole('button', { name: /^Agent working/ })).toBeVisible();
    await expect(chips(tab)).toHaveCount(1);

    // Rows added at the end, as infinite scroll does: the new row with a conversation gets its
    // chip, the others none.
    await startOn(service, 'octo/widgets', 'Fix issue #61 [scenario:long]');
    await tab.waitForTimeout(2000);
    await tab.evaluate(() => {
      const list = document.querySelector('[role="list"]') as Element;
      for (const n of [61, 62]) {
        const row = list.lastElementChild?.cloneNode(true) as Element;
        const link = row.querySelector('a[data-testid="issue-pr-title-link"]') as HTMLAnchorElement;
        link.href = `/octo/widgets/issues/${n}`;
        link.textContent = `Issue number ${n}`;
        list.append(row);
      }
    });
    const row61 = tab.getByRole('listitem').filter({ hasText: 'Issue number 61' });
    await expect(row61.getByRole('button', { name: /^Agent working/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(chips(tab)).toHaveCount(2);

    // Back to a page that is no list: no chips anywhere; and back to the list: one each again.
    await softNavigate(tab, repoHome, 'soft-nav:react-done');
    await expect(chips(tab)).toHaveCount(0);
    await softNavigate(tab, list, 'soft-nav:react-done');
    await expect(row3.getByRole('button', { name: /^Agent working/ })).toBeVisible();
    await expect(chips(tab)).toHaveCount(1);
  });
});

test.describe('chips on every modelled list', () => {
  // Quick runs: many conversations are started before the lists are looked at.
  test.use({ serviceOptions: { server: 'v1', pace: 0.02 } });

  test('every modelled list of each host: chips on exactly the rows with a conversation', async ({
    extContext,
    service,

    connectToService,
    openExtensionPage,
  }) => {
    // The first and last row of each list have a conversation (the same item may be on several
    // lists); a row whose title names the same item elsewhere must not get a second chip.
    const keyOf = (provider: string, item: ListFixtureItem) =>
      `${provider}:${item.repository.toLowerCase()}:${provider === 'github' ? '' : item.kind}:${item.number}`;
    const withConversation = new Set<string>();
    const starts: Parameters<typeof createV1Conversations>[1][number][] = [];
    for (const fixture of listFixtures) {
      for (const item of [fixture.items[0], fixture.items.at(-1)]) {
        if (!item || withConversation.has(keyOf(fixture.provider, item))) continue;
        withConversation.add(keyOf(fixture.provider, item));
        ensureRepository(item.repository);
        starts.push({
          text: titleFor(item, fixture.provider),
          on: { repository: item.repository, provider: fixture.provider },
        });
      }
    }
    // Started together, their starts awaited together: one after another took 20 s.
    await createV1Conversations(service, starts);
    await connectToService();
    const options = await openExtensionPage('options.html');
    const origins = new Map(
      listFixtures.filter((f) => f.selfHosted).map((f) => [new URL(f.url).origin, f.provider]),
    );
    for (const [origin, provider] of origins) await addSelfHostedHost(options, origin, provider);
    await options.close();
    // Two lists share an address: the one being looked at is served.
    let current = listFixtures[0];
    await extContext.route(
      (url) => listFixtures.some((f) => f.url === url.href),
      (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: fixtureHtml(current as (typeof listFixtures)[number]),
        }),
    );
    const tab = await extContext.newPage();
    for (const fixture of listFixtures) {
      current = fixture;
      await tab.goto(fixture.url);
      const expected = new Set(
        fixture.items
          .filter((item) => withConversation.has(keyOf(fixture.provider, item)))
          .map((item) => `/${item.number}`),
      );
      // Chips name the right rows: each follows the title link of an item with a conversation.
      await expect
        .poll(async () => Object.keys(await chipsByLink(tab)).length, {
          message: `${fixture.provider}/${fixture.name}`,
          timeout: 15_000,
        })
        .toBe(expected.size);
      const shown = await chipsByLink(tab);
      // Each chip follows the title link of one of those items (the last number in its address).
      const numbers = (list: Iterable<string>) =>
        [...list].map((it) => Number(/\/(\d+)(?:\/[a-z-]+)?\/?$/.exec(it)?.[1])).sort();
      expect(numbers(Object.keys(shown).map((href) => href.split(/[?#]/)[0] as string))).toEqual(
        numbers(expected),
      );
      expect(Object.values(shown).every((text) => text.trim().length > 0)).toBe(true);
      const rows = await tab.evaluate(
        () => document.querySelectorAll('[data-handoff-chip]').length,
      );
      expect(rows, `${fixture.name}: one chip per row`).toBe(expected.size);
      // No row grows for its chip: the page is as tall with the chips as without them.
      const heightWith = (chipsShown: boolean) =>
        tab.evaluate((shown) => {
          for (const chip of document.querySelectorAll<HTMLElement>('[data-handoff-chip]')) {
            chip.style.display = shown ? '' : 'none';
          }
          return document.documentElement.scrollHeight;
        }, chipsShown);
      expect(await heightWith(false), `${fixture.name}: the same height without chips`).toBe(
        await heightWith(true),
      );
    }
  });
});
