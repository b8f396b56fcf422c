import type { Page } from '@playwright/test';
import { stateUpdate } from '../service/agent/v1-scenarios';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import {
  journeyKinds,
  putToSleep,
  startConversation,
  startConversationHere,
} from './support/generations';
import {
  appConversation,
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

/**
 * Starts a V1 conversation as another client of the server would, with the fields a start
 * request may carry (title, repository, pull request), and waits until it exists.
 */
async function startV1With(
  service: RunningService,
  text: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const auth: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const started = await fetch(`${service.url}/api/v1/app-conversations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...auth },
    body: JSON.stringify({
      initial_message: { role: 'user', content: [{ type: 'text', text }] },
      ...fields,
    }),
  });
  const task = (await started.json()) as { id: string };
  let id: string | null = null;
  await expect
    .poll(
      async () => {
        const answer = await fetch(
          `${service.url}/api/v1/app-conversations/start-tasks?ids=${task.id}`,
          { headers: auth },
        );
        const [latest] = (await answer.json()) as {
          status: string;
          app_conversation_id: string | null;
        }[];
        id = latest?.app_conversation_id ?? null;
        return latest?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('READY');
  return id as unknown as string;
}

const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const idsIn = (page: Page, name: string) =>
  group(page, name)
    .locator('.conversation-item')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-conversation-id')));

test.describe('the triage list on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('a legacy conversation waiting for a confirmation is under Needs you, as the badge counts it, though its list record says only that it runs', async ({
    service,
    serviceWorker,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const waiting = await startConversationHere(
      service,
      'v0',
      '[scenario:awaiting-confirmation] Rebuild it',
    );
    const busy = await startConversationHere(service, 'v0', '[scenario:long] Refactor everything');
    // Opened once: the worker watches it from then on.
    const opened = await openPanel(openExtensionPage, `?conversation=${waiting}`);
    await expect(opened.locator('[data-status-label]')).toHaveText(
      'Waiting for your confirmation',
      { timeout: 20_000 },
    );
    await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({}))).toBe('1');
    const page = await openPanel(openExtensionPage);
    await expect.poll(() => idsIn(page, 'Needs you'), { timeout: 20_000 }).toEqual([waiting]);
    expect(await idsIn(page, 'Working')).toContain(busy);
  });
});

for (const { generation, title, server } of journeyKinds) {
  test.describe(`the triage list ${title}`, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('what needs you first, then what works, then what is done, with its pull requests; filtered by repository; kept offline', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const finished = await startV1With(service, '[scenario:finish-quickly] Fix it', {
        title: 'Issue #12: Flaky parser test',
        selected_repository: 'octo-org/widgets',
        selected_branch: 'main',
        git_provider: 'github',
        pr_number: [51],
      });
      await service.admin.waitIdle(finished);
      // One the agent is busy with: it said so, and has said nothing since.
      const working = await startV1With(service, '[scenario:finish-quickly] Migrate the suite');
      await service.admin.waitIdle(working);
      await service.admin.appendEvents(working, [stateUpdate('execution_status', 'running')]);
      const waiting = await startV1With(service, '[scenario:awaiting-confirmation] Rebuild it');
      // As the server records them when the panel opens (the list reads again every 30 s).
      const executionOf = async (id: string) =>
        (await appConversation(service, id))?.execution_status;
      await expect.poll(() => executionOf(waiting)).toBe('waiting_for_confirmation');
      await expect.poll(() => executionOf(working)).toBe('running');
      const page = await openPanel(openExtensionPage);

      await expect(page.getByRole('heading', { name: 'Needs you' })).toBeVisible({
        timeout: 20_000,
      });
      expect(
        await page
          .locator('.triage-heading')
          .evaluateAll((nodes) => nodes.map((n) => n.textContent)),
      ).toEqual(['Needs you', 'Working', 'Done']);
      await expect.poll(() => idsIn(page, 'Needs you')).toEqual([waiting]);
      // Said loudly, not as one more grey fact.
      const waitingRow = page.locator(`[data-conversation-id="${waiting}"]`);
      await expect(waitingRow.locator('[data-need="confirmation"]')).toHaveText(
        'Waiting for your confirmation',
      );
      expect(await idsIn(page, 'Working')).toEqual([working]);
      // Done, the newest change first; the classic conversations of a legacy server among them.
      const done = await idsIn(page, 'Done');
      expect(done.slice(0, 2)).toEqual([finished, service.seedIds.v1.parserFix]);
      expect(done).toContain(service.seedIds.v1.parserFixDone);
      if (generation === 'v0') {
        expect(done).toEqual([
          finished,
          service.seedIds.v1.parserFix,
          service.seedIds.v0.todoApp,
          service.seedIds.v0.quickQuestion,
          service.seedIds.v1.parserFixDone,
          service.seedIds.v0.renameFile,
          service.seedIds.v0.game2048,
        ]);
        // A merge request on GitLab, by its own name.
        await expect(
          page.getByRole('link', { name: /^Merge request !219 of Rename game_2048\.py/ }),
        ).toHaveAttribute(
          'href',
          'https://gitlab.com/acme/platform/backend/api/-/merge_requests/219',
        );
      }

      const finishedRow = page.locator(`[data-conversation-id="${finished}"]`);
      await expect(finishedRow).toContainText('octo-org/widgets · main');
      await expect(finishedRow).toContainText('Issue #12');
      await expect(finishedRow).toContainText('just now');
      await expect(finishedRow).not.toContainText(/V0|V1/);
      const pull = page.getByRole('link', { name: /^Pull request #51 of Issue #12/ });
      await expect(pull).toHaveAttribute('href', 'https://github.com/octo-org/widgets/pull/51');
      await expect(pull).toHaveAttribute('target', '_blank');
      await expect(pull).toHaveAttribute('rel', /noopener/);
      await expect(
        page.locator(`[data-conversation-id="${service.seedIds.v1.parserFix}"]`),
      ).toContainText('1 h ago');
      // No protocol words anywhere a person reads.
      expect(
        await page.locator('.triage-group').evaluateAll((nodes) => nodes.map((n) => n.textContent)),
      ).not.toContainEqual(expect.stringMatching(/\bV[01]\b/));

      // Only one repository's conversations: the ones without a repository leave, and so do
      // the groups left empty.
      await page.getByRole('combobox', { name: 'Repository' }).selectOption('octo-org/widgets');
      await expect(page.getByRole('heading', { name: 'Needs you' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Working' })).toHaveCount(0);
      expect((await idsIn(page, 'Done')).slice(0, 2)).toEqual([
        finished,
        service.seedIds.v1.parserFix,
      ]);
      await page.getByRole('combobox', { name: 'Repository' }).selectOption('');
      await expect.poll(() => idsIn(page, 'Needs you')).toEqual([waiting]);
      const shown = await listed(page).count();

      // The server goes away: coming back to the list shows what it had, and says so.
      await service.admin.refuseConnections(30);
      await page.getByRole('tab', { name: 'New' }).click();
      await page.getByRole('tab', { name: 'Conversations' }).click();
      const note = page.getByRole('alert').filter({ hasText: 'Offline.' });
      await expect(note).toBeVisible({ timeout: 20_000 });
      await expect(note).toContainText(/Showing the list as it was (just now|\d+ min ago)\./);
      await expect(note).toContainText('Could not reach the server');
      await expect(listed(page)).toHaveCount(shown);
      await expect.poll(() => idsIn(page, 'Needs you')).toEqual([waiting]);
    });
  });
}

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
