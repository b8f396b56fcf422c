import { parseEvent } from '@/lib/api';
import { v0OrderKey } from '@/lib/stream/order';
import { type EventSearchFilter, eventMatches } from '@/lib/timeline/event-search';
import { eventsOfRow, RowBuilder } from '@/lib/timeline/pairing';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { conversationMenu, createV0Conversation, openPanel, timeline } from './support/panel-pages';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

/** How many timeline rows the service's own filter semantics select in its stored log. */
async function expectedMatches(
  service: RunningService,
  id: string,
  filter: EventSearchFilter,
): Promise<number> {
  const log = await service.admin.storedEvents(id);
  const items = log.events.map((raw) => ({
    order: v0OrderKey(raw.id as number),
    event: parseEvent(raw),
  }));
  return new RowBuilder()
    .build(items)
    .filter((row) => eventsOfRow(row).some((event) => eventMatches(event, filter))).length;
}

test('the event search filters with the service’s meaning of each field, and jumps to matches', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v0.todoApp;
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
  // "/" opens the search from anywhere but a text field.
  await timeline(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  const query = page.getByRole('searchbox', { name: 'Text to find' });
  await expect(query).toBeFocused();
  const count = page.locator('[data-search-matches]');

  await query.fill('localstorage');
  const byText = await expectedMatches(service, id, { query: 'localstorage' });
  expect(byText).toBeGreaterThan(0);
  await expect(count).toHaveAttribute('data-search-matches', String(byText));
  await expect(timeline(page).locator('.timeline-row:not([data-match])')).toHaveCount(0);
  // Each match says where the words are.
  await expect(timeline(page).locator('[data-snippet] mark').first()).toHaveText(/localstorage/i);

  // Keys match too, with Python's separators.
  await query.fill('"action": "run"');
  await expect(count).toHaveAttribute(
    'data-search-matches',
    String(await expectedMatches(service, id, { query: '"action": "run"' })),
  );

  await query.fill('');
  await page.getByText('More filters').click();
  await page.getByLabel('Only these types').fill('CmdRunAction');
  await expect(count).toHaveAttribute(
    'data-search-matches',
    String(await expectedMatches(service, id, { include_types: ['CmdRunAction'] })),
  );
  await page.getByLabel('Only these types').fill('Action');
  await page.getByLabel('Not these types').fill('MessageAction');
  await page.getByLabel('Source').selectOption('agent');
  await expect(count).toHaveAttribute(
    'data-search-matches',
    String(
      await expectedMatches(service, id, {
        include_types: ['Action'],
        exclude_types: ['MessageAction'],
        source: 'agent',
      }),
    ),
  );

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
  const id = await createV0Conversation(service, {
    initial_user_msg: '[scenario:burst] Needle-in-the-haystack request',
  });
  await service.admin.waitIdle(id);
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  await fetch(`${service.url}/api/conversations/${id}/stop`, { method: 'POST', headers });
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
});
