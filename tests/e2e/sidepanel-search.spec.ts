import { parseEvent } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import { v0OrderKey, v1OrderKey } from '@/lib/stream/order';
import { type EventSearchFilter, eventMatches } from '@/lib/timeline/event-search';
import { eventsOfRow, RowBuilder } from '@/lib/timeline/pairing';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { journeyKinds, putToSleep, startConversation } from './support/generations';
import { conversationMenu, openPanel, timeline } from './support/panel-pages';

// The event search over a conversation's events, with the service's own filter fields: on a
// V1-only server (the default) over V1 events, whose types are the SDK's kinds, and on a legacy
// server over a classic conversation's events, whose types are V0's classes.

/** How many timeline rows the service's own filter semantics select in its stored log. */
async function expectedMatches(
  service: RunningService,
  id: string,
  filter: EventSearchFilter,
): Promise<number> {
  const log = await service.admin.storedEvents(id);
  const items = log.events
    .map((raw) => {
      const event = parseEvent(raw);
      const order =
        log.version === 'V0'
          ? v0OrderKey(raw.id as number)
          : v1OrderKey(String(raw.timestamp), event.key ?? '');
      return { order, event };
    })
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  return new RowBuilder()
    .build(items)
    .filter((row) => eventsOfRow(row).some((event) => eventMatches(event, filter))).length;
}

/** What each kind's journey searches for: words, a key as Python writes it, and type names. */
interface SearchCase {
  conversation: (service: RunningService) => string;
  text: string;
  key: string;
  /** One concrete type, then a base type and a concrete one to leave out. */
  only: string;
  base: string;
  not: string;
}

const cases: Record<Generation, SearchCase> = {
  v0: {
    conversation: (service) => service.seedIds.v0.todoApp,
    text: 'localstorage',
    key: '"action": "run"',
    only: 'CmdRunAction',
    base: 'Action',
    not: 'MessageAction',
  },
  v1: {
    conversation: (service) => service.seedIds.v1.parserFix,
    text: 'pytest',
    key: '"kind": "ActionEvent"',
    only: 'ActionEvent',
    base: 'LLMConvertibleEvent',
    not: 'MessageEvent',
  },
};

for (const { generation, title, server } of journeyKinds) {
  const search = cases[generation];
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('the event search filters with the service’s meaning of each field, and jumps to matches', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = search.conversation(service);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
      // "/" opens the search from anywhere but a text field.
      await timeline(page).click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('/');
      const query = page.getByRole('searchbox', { name: 'Text to find' });
      await expect(query).toBeFocused();
      const count = page.locator('[data-search-matches]');

      await query.fill(search.text);
      const byText = await expectedMatches(service, id, { query: search.text });
      expect(byText).toBeGreaterThan(0);
      await expect(count).toHaveAttribute('data-search-matches', String(byText));
      await expect(timeline(page).locator('.timeline-row:not([data-match])')).toHaveCount(0);
      // Each match says where the words are.
      await expect(timeline(page).locator('[data-snippet] mark').first()).toHaveText(
        new RegExp(search.text, 'i'),
      );

      // Keys match too, with Python's separators.
      await query.fill(search.key);
      const byKey = await expectedMatches(service, id, { query: search.key });
      expect(byKey).toBeGreaterThan(0);
      await expect(count).toHaveAttribute('data-search-matches', String(byKey));

      await query.fill('');
      await page.getByText('More filters').click();
      // The examples name this server's event types.
      await expect(page.getByLabel('Only these types')).toHaveAttribute(
        'placeholder',
        new RegExp(`^${search.only}\\b`),
      );
      await page.getByLabel('Only these types').fill(search.only);
      await expect(page.getByText(/Not an event type the service knows/)).toHaveCount(0);
      const byType = await expectedMatches(service, id, { include_types: [search.only] });
      expect(byType).toBeGreaterThan(0);
      await expect(count).toHaveAttribute('data-search-matches', String(byType));
      await page.getByLabel('Only these types').fill(search.base);
      await page.getByLabel('Not these types').fill(search.not);
      await page.getByLabel('Source').selectOption('agent');
      const combined = await expectedMatches(service, id, {
        include_types: [search.base],
        exclude_types: [search.not],
        source: 'agent',
      });
      expect(combined).toBeGreaterThan(0);
      await expect(count).toHaveAttribute('data-search-matches', String(combined));

      // Enter jumps to the first match and outlines it.
      await query.press('Enter');
      await expect(timeline(page).locator('[data-flash]')).toHaveCount(1);
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(count).toHaveCount(0);
    });

    test('the search reads older history from the server as it goes', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const starter = await openExtensionPage('options.html');
      const id = await startConversation(
        starter,
        service,
        generation,
        '[scenario:burst] Needle-in-the-haystack request',
      );
      await service.admin.waitIdle(id);
      // Asleep, its history is read page by page from the server (V1: the app server's).
      await putToSleep(service, id, generation);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(page.getByRole('button', { name: 'Load older events' })).toBeVisible({
        timeout: 20_000,
      });
      await conversationMenu(page, 'Search events');
      await page.getByRole('searchbox', { name: 'Text to find' }).fill('needle-in-the-haystack');
      const expected = await expectedMatches(service, id, { query: 'needle-in-the-haystack' });
      expect(expected).toBeGreaterThan(0);
      await expect(page.locator('[data-search-matches]')).toHaveAttribute(
        'data-search-matches',
        String(expected),
        { timeout: 30_000 },
      );
      await expect(page.getByText('Reading older history…')).toHaveCount(0, { timeout: 30_000 });
      // Every stored event was searched.
      const stored = (await service.admin.storedEvents(id)).events.length;
      await expect(page.locator('[data-search-matches]')).toHaveText(
        new RegExp(`in ${stored} events`),
      );
    });
  });
}
