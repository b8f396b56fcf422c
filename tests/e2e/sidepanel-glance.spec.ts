// The conversation at a glance (issue 17): the now line, following the newest rows, the header,
// confirmations, errors in words, and what happens when the server goes away.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { journeyKinds, startConversationHere } from './support/generations';
import {
  conversationMenu,
  createV0Conversation,
  createV1Conversation,
  expectLive,
  nowLine,
  openPanel,
  storedIds,
  timeline,
} from './support/panel-pages';

const confirmation = (page: Page) =>
  page.getByRole('group', { name: 'Action waiting for your confirmation' });

/** How far the feed is from its end, in pixels (0: the newest row is in view). */
function distanceFromEnd(page: Page): Promise<number> {
  return timeline(page).evaluate(
    (element) => element.scrollHeight - element.scrollTop - element.clientHeight,
  );
}

for (const { generation, title, server } of journeyKinds) {
  test.describe(`a working agent ${title}`, () => {
    // Steady events, so the agent is still working while the test looks.
    test.use({ serviceOptions: { server, pace: 0.02, eventsPerSecond: 20 } });

    test('the now line names the step under way with its time, and controls keep their width', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = await startConversationHere(
        service,
        generation,
        '[scenario:long] Refactor everything',
      );
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(nowLine(page)).toHaveAttribute('data-now', 'working', { timeout: 20_000 });
      // A step in words, a spinner, and how long it has taken so far.
      await expect(nowLine(page).locator('.now-text')).not.toBeEmpty();
      await expect(nowLine(page).locator('.icon-spin')).toBeVisible();
      await expect(nowLine(page).locator('[data-elapsed], [data-quiet]')).toHaveText(/\d/);
      // The header is two lines and the now line sits right under it.
      const header = await page.locator('.conversation-head').boundingBox();
      expect(header?.height ?? 999).toBeLessThan(80);

      const pause = page.getByRole('button', { name: 'Pause agent' });
      const width = (await pause.boundingBox())?.width ?? 0;
      await pause.click();
      const resume = page.getByRole('button', { name: 'Resume agent' });
      await expect(resume).toBeVisible({ timeout: 20_000 });
      await expect(nowLine(page)).toHaveAttribute('data-now', 'paused');
      expect(Math.abs(((await resume.boundingBox())?.width ?? 0) - width)).toBeLessThan(1);
    });

    test('follows the live tail; scrolled up, a "N new" button brings the person back', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = await startConversationHere(service, generation, '[scenario:long] Keep going');
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expectLive(page);
      // More rows than the view holds (the feed renders only the rows in view).
      await expect
        .poll(async () => Number(await timeline(page).getAttribute('data-row-count')))
        .toBeGreaterThan(40);
      // While events stream in, the newest rows stay in view.
      for (let check = 0; check < 3; check++) {
        await page.waitForTimeout(700);
        expect(await distanceFromEnd(page)).toBeLessThan(30);
      }
      await timeline(page).evaluate((element) => {
        element.scrollTop = element.scrollHeight / 3;
      });
      const latest = page.locator('.jump-latest');
      await expect(latest).toHaveText(/\d+ new/, { timeout: 10_000 });
      // Scrolled up, the view stays where the person put it.
      const top = await timeline(page).evaluate((element) => element.scrollTop);
      await page.waitForTimeout(800);
      expect(
        Math.abs((await timeline(page).evaluate((element) => element.scrollTop)) - top),
      ).toBeLessThan(2);
      // The jump buttons sit under the feed, not on its rows.
      const feedBox = await timeline(page).boundingBox();
      const jumpBox = await latest.boundingBox();
      expect((jumpBox?.y ?? 0) + 0.5).toBeGreaterThanOrEqual(
        (feedBox?.y ?? 0) + (feedBox?.height ?? 0),
      );
      await latest.click();
      await expect(latest).toBeHidden();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThan(30);
    });

    // One outage for what two journeys each waited out on their own (a refusal and the stream's
    // backoff past it cost 16–30 s): a working conversation (controls need the server, words typed
    // meanwhile are kept) and one opened from the list in a second panel (the list keeps what it
    // had and says why). Both panels are cut off at once.
    test('offline: the now line says so, counts down to the next try, controls need the server, the list keeps what it had; all recover', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      test.setTimeout(90_000);
      await connectToService();
      const id = await startConversationHere(service, generation, '[scenario:long] Work');
      const seeded = service.seedIds.v1.parserFix;
      const state = await service.admin.state();
      const total = state.v0_conversations + state.v1_conversations;

      const listed = await openPanel(openExtensionPage);
      await expect(listed.locator('.conversation-item')).toHaveCount(total);
      await listed.locator(`.conversation-item[data-conversation-id="${seeded}"]`).click();
      await expectLive(listed, 20_000);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(nowLine(page)).toHaveAttribute('data-now', 'working', { timeout: 20_000 });

      await service.admin.refuseConnections(15);
      await service.admin.dropSockets().catch(() => 0);
      await expect(nowLine(page)).toHaveAttribute('data-now', /reconnecting|offline/, {
        timeout: 20_000,
      });
      await expect(nowLine(page)).toContainText(/Reconnecting in \d+ s|Offline/);
      await expect(nowLine(page)).toContainText('The server cannot be reached');
      await expect(page.locator('[data-status-label]')).toHaveText(/Reconnecting|Offline/);
      await expect(page.getByRole('button', { name: /Pause agent|Resume agent/ })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
      // Words typed meanwhile are kept.
      await page.getByRole('textbox', { name: 'Message' }).fill('for later');

      // The conversation opened from the list says so in words, instead of the state it knew.
      await expect(nowLine(listed)).toContainText(/Reconnecting in \d+ s|Connecting/, {
        timeout: 20_000,
      });
      await expect(listed.locator('[data-status-label]')).toHaveText(
        /Reconnecting|Offline|Connecting/,
      );
      // The list keeps what it had and says why it could not refresh.
      await listed.getByRole('tab', { name: 'Conversations' }).click();
      await expect(
        listed.getByRole('alert').filter({ hasText: 'Could not reach the server' }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(listed.locator('.conversation-item')).toHaveCount(total);

      // When the server is back, so is everything.
      await expect(nowLine(page)).not.toHaveAttribute('data-now', /reconnecting|offline/, {
        timeout: 40_000,
      });
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('for later');
      await listed.getByRole('tab', { name: /Fix parser null handling/ }).click();
      await expectLive(listed, 40_000);
    });
  });

  test.describe(`the conversation at a glance ${title}`, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('opens at the end of a 10,000-event conversation', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      test.setTimeout(150_000);
      await connectToService();
      const id = await startConversationHere(service, generation, '[scenario:long] All of it');
      await service.admin.waitIdle(id);
      const stored = await storedIds(service, id);
      expect(stored.length).toBeGreaterThan(9_999);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      // The newest agent message is on screen, with no scrolling.
      await expect(timeline(page).locator('.timeline-row').last()).toBeVisible({
        timeout: 30_000,
      });
      await expect.poll(() => distanceFromEnd(page), { timeout: 30_000 }).toBeLessThan(30);
      await expect(
        timeline(page).locator('.timeline-row', { hasText: 'Progress update' }).last(),
      ).toBeInViewport();
      // Still at the end after the rest of the cache and older history were read.
      await page.waitForTimeout(2000);
      expect(await distanceFromEnd(page)).toBeLessThan(30);
      await expect(page.locator('.jump-latest')).toHaveCount(0);
    });

    test('a short conversation opens at its end too', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = generation === 'v0' ? service.seedIds.v0.todoApp : service.seedIds.v1.parserFix;
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThan(30);
    });

    test('Needs you: the command in monospace, its risk coloured, Y confirms', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = await startConversationHere(
        service,
        generation,
        '[scenario:awaiting-confirmation] Rebuild the project',
      );
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(nowLine(page)).toHaveAttribute('data-now', 'confirm', { timeout: 20_000 });
      await expect(nowLine(page).locator('.now-text')).toHaveText(
        /Needs you.*the agent wants to run/,
      );
      const command = confirmation(page).locator('pre');
      await expect(command).toHaveText('rm -rf build && npm run build');
      expect(await command.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
        /mono/i,
      );
      const risk = confirmation(page).locator('[data-risk]');
      await expect(risk).toHaveClass(/risk-/);
      // The shortcuts are on the buttons and announced.
      await expect(confirmation(page).getByRole('button', { name: /Confirm/ })).toHaveAttribute(
        'aria-keyshortcuts',
        'y',
      );
      await expect(confirmation(page).getByRole('button', { name: /Reject/ })).toContainText('N');
      // Not while typing: a "y" in the message box is just a letter.
      await page.getByRole('textbox', { name: 'Message' }).press('y');
      await expect(confirmation(page)).toBeVisible();
      await page.getByRole('textbox', { name: 'Message' }).fill('');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('y');
      await expect(confirmation(page)).toBeHidden({ timeout: 20_000 });
      await expect(
        timeline(page).locator('[data-category="command"][data-outcome="success"]', {
          hasText: 'rm -rf build',
        }),
      ).toBeVisible({ timeout: 20_000 });
    });

    test('Needs you: Reply puts the cursor in the message box', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      let page: Page;
      if (generation === 'v0') {
        const id = await startConversationHere(
          service,
          generation,
          '[scenario:finish-quickly] Hello',
        );
        await service.admin.waitIdle(id);
        // The agent answers a message and then waits for the next one.
        page = await openPanel(openExtensionPage, `?conversation=${id}`);
        await page.getByRole('textbox', { name: 'Message' }).fill('And now?');
        await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      } else {
        // A V1 agent that answered is `finished`, not waiting; it waits for the person (`idle`)
        // once they turned down the action it asked about (N answers from the keyboard).
        const id = await startConversationHere(
          service,
          generation,
          '[scenario:awaiting-confirmation] Rebuild it',
        );
        page = await openPanel(openExtensionPage, `?conversation=${id}`);
        await expect(confirmation(page)).toBeVisible({ timeout: 20_000 });
        await page.keyboard.press('n');
        await expect(confirmation(page)).toBeHidden({ timeout: 20_000 });
      }
      await expect(nowLine(page)).toHaveAttribute('data-now', 'reply', { timeout: 20_000 });
      await nowLine(page).getByRole('button', { name: 'Reply' }).click();
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    });

    test('out of credits: one banner, our words, the next step, the server’s words under Details', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = await startConversationHere(service, generation, '[scenario:error] Go');
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expect(nowLine(page)).toHaveAttribute('data-now', 'error', { timeout: 20_000 });
      await expect(nowLine(page).locator('.now-text')).toHaveText(
        'Error: Out of LLM credits or budget',
      );
      await expect(nowLine(page).locator('[data-problem="out-of-credits"]')).toBeVisible();
      await expect(
        nowLine(page).getByRole('link', { name: 'Open the server’s settings' }),
      ).toHaveAttribute('href', `${service.url}/settings`);
      // The server's words are one click away, not in the banner.
      const raw = nowLine(page).locator('.now-details pre');
      await expect(raw).toBeHidden();
      await nowLine(page).getByText('Details', { exact: true }).click();
      await expect(raw).toContainText(
        generation === 'v0' ? 'out of OpenHands Credits' : 'Budget has been exceeded',
      );
      // One banner: nothing else in the view raises an alert.
      await expect(page.locator('.conversation [role="alert"]')).toHaveCount(1);
    });
  });
}

test('Needs you, V1: Confirm and Reject are off while the server is away', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV1Conversation(service, '[scenario:awaiting-confirmation] Rebuild it');
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(confirmation(page)).toBeVisible({ timeout: 20_000 });
  await service.admin.refuseConnections(10);
  await service.admin.dropSockets().catch(() => 0);
  // The stale "needs you" gives way to the connection's state, its buttons off.
  await expect(nowLine(page)).toHaveAttribute('data-now', /reconnecting|offline/, {
    timeout: 20_000,
  });
  await expect(confirmation(page)).toHaveCount(0);
  await expect(page.locator('[data-status-label]')).not.toHaveText('Waiting for your confirmation');
  await expect(confirmation(page)).toBeVisible({ timeout: 40_000 });
  await expect(confirmation(page).getByRole('button', { name: /Reject/ })).toBeEnabled();
  await confirmation(page)
    .getByRole('button', { name: /Reject/ })
    .click();
  await expect(confirmation(page)).toBeHidden({ timeout: 20_000 });
});

test('Pause sandbox asks first and is gone once the agent finished (V1)', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV1Conversation(service, '[scenario:awaiting-confirmation] Wait for me');
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  const pauseSandbox = page.getByRole('button', { name: 'Pause sandbox' });
  await expect(pauseSandbox).toBeVisible({ timeout: 20_000 });
  await pauseSandbox.click();
  const dialog = page.getByRole('dialog', { name: 'Pause this conversation’s sandbox?' });
  await expect(dialog).toBeVisible();
  // Escape (and Cancel) change nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-status-label]')).toHaveText('Waiting for your confirmation');

  const finished = await createV1Conversation(service, '[scenario:finish-quickly] Done soon');
  await service.admin.waitIdle(finished);
  const done = await openPanel(openExtensionPage, `?conversation=${finished}`);
  await expect(nowLine(done)).toHaveAttribute('data-now', 'finished', { timeout: 20_000 });
  await expect(done.getByRole('button', { name: 'Pause sandbox' })).toHaveCount(0);
});

test('tabs stay on one row at 360 px, and Details lists labelled facts', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(openExtensionPage, `?conversation=${service.seedIds.v1.parserFix}`);
  await page.setViewportSize({ width: 360, height: 700 });
  await expect(page.getByRole('tab', { name: 'Sandboxes' })).toBeVisible({ timeout: 20_000 });
  const tops = await page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  for (const name of ['Conversations', 'New', 'Microagents', 'Sandboxes']) {
    await expect(page.getByRole('tab', { name })).toBeVisible();
  }
  // Title, then status · repository · branch · cost: two lines.
  await expect(page.locator('.head-facts')).toContainText('octo-org/widgets');
  await conversationMenu(page, 'Details');
  const details = page.getByRole('region', { name: 'Details' });
  const row = (label: string) =>
    details.locator('.details-row', { has: page.locator('dt', { hasText: label }) }).locator('dd');
  await expect(row('Repository')).toHaveText('octo-org/widgets');
  await expect(row('Branch')).toHaveText('fix/parser-null');
  await expect(row('Conversation id')).toHaveText(service.seedIds.v1.parserFix);
  // Facts never run together: each value is its own cell.
  await expect(details.locator('dt')).not.toHaveCount(0);
  // Search, system events, export and details are one menu.
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Search events' })).toBeVisible();
  await expect(
    page.getByRole('menuitemcheckbox', { name: 'Show system and hidden events' }),
  ).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Export JSON' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Conversation actions' })).toBeFocused();
});

test.describe('errors in words', () => {
  const v1Errors: { name: string; event: Record<string, unknown>; words: RegExp }[] = [
    {
      name: 'out of budget',
      event: { code: 'BudgetExceededError', detail: 'Budget has been exceeded! Max budget: 10.0' },
      words: /Out of LLM credits or budget/,
    },
    {
      name: 'LLM authentication',
      event: {
        code: 'AuthenticationError',
        detail: 'litellm.AuthenticationError: invalid x-api-key',
      },
      words: /refused the model’s API key/,
    },
    {
      name: 'rate limited',
      event: { code: 'RateLimitError', detail: 'litellm.RateLimitError: 429 too many requests' },
      words: /limiting requests/,
    },
    {
      name: 'provider token',
      event: {
        code: 'RuntimeError',
        detail: "fatal: Authentication failed for 'https://github.com/octo-org/widgets.git/'",
      },
      words: /git provider’s token/,
    },
    {
      name: 'sandbox lost, internal address hidden',
      event: {
        code: 'AgentRuntimeDisconnectedError',
        detail: 'Connection to http://localhost:35177/api lost: sandbox is not running',
      },
      words: /sandbox stopped or was lost/,
    },
    {
      name: 'a pydantic dump',
      event: {
        code: 'ValidationError',
        detail:
          '1 validation error for Message\ncontent\n  Input should be a valid string [type=string_type, input_value=<b>x</b>]',
      },
      words: /The agent ran into an error/,
    },
    { name: 'no message at all', event: {}, words: /The agent ran into an error/ },
  ];
  // One live conversation meets each error in turn, the agent back at work between them: a
  // journey for each cost a browser apiece. Each error is the newest, so its words must win.
  test('V1: each error in its own words, one banner, no internal address or dump', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const id = service.seedIds.v1.parserFix;
    const page = await openPanel(openExtensionPage, `?conversation=${id}`);
    await expectLive(page);
    for (const { name, event, words } of v1Errors) {
      await test.step(name, async () => {
        await service.admin.appendEvents(id, [
          { kind: 'ConversationErrorEvent', source: 'environment', ...event },
          {
            kind: 'ConversationStateUpdateEvent',
            source: 'environment',
            key: 'execution_status',
            value: 'error',
          },
        ]);
        await expect(nowLine(page)).toHaveAttribute('data-now', 'error', { timeout: 20_000 });
        await expect(nowLine(page).locator('.now-text')).toHaveText(words);
        const shown = await nowLine(page).locator('.now-main, .now-next').allInnerTexts();
        expect(shown.join(' ')).not.toMatch(/localhost|35177|validation error|<b>/);
        await expect(page.locator('.conversation [role="alert"]')).toHaveCount(1);
        // The agent goes on, and the banner goes with the error.
        await service.admin.appendEvents(id, [
          {
            kind: 'ConversationStateUpdateEvent',
            source: 'environment',
            key: 'execution_status',
            value: 'running',
          },
        ]);
        await expect(nowLine(page)).not.toHaveAttribute('data-now', 'error', { timeout: 20_000 });
      });
    }
  });
});

test.describe('errors in words on a legacy server (V0)', () => {
  // Status frames on the Socket.IO stream carry these error ids: V0 only.
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('V0 status errors by id: LLM key and git provider token', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const id = await createV0Conversation(service, {
      initial_user_msg: '[scenario:finish-quickly] Hi',
    });
    const page = await openPanel(openExtensionPage, `?conversation=${id}`);
    await expectLive(page);
    await service.admin.sendFrame(id, 'not-an-event', {
      payload: {
        status_update: true,
        type: 'error',
        id: 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR',
        message: 'Bad credentials',
      },
    });
    await expect(nowLine(page).locator('.now-text')).toHaveText(
      'Error: The git provider’s token is missing or was refused',
      { timeout: 20_000 },
    );
    await expect(
      nowLine(page).getByRole('button', { name: 'Open git provider tokens' }),
    ).toBeVisible();
    await service.admin.sendFrame(id, 'not-an-event', {
      payload: {
        status_update: true,
        type: 'error',
        id: 'STATUS$ERROR_LLM_AUTHENTICATION',
        message: 'Incorrect API key provided',
      },
    });
    await expect(nowLine(page).locator('.now-text')).toHaveText(
      'Error: The LLM provider refused the model’s API key',
      { timeout: 20_000 },
    );
  });
});

test.describe('a wrong key', () => {
  test.use({ serviceOptions: { pace: 0.02, apiKey: 'the-right-key-0123' } });

  test('says the key was not accepted and links to the setting', async ({
    service,
    connectToService,
    openExtensionPage,
    extContext,
  }) => {
    await connectToService({ apiKey: 'a-wrong-key-9876' });
    const page = await openPanel(
      openExtensionPage,
      `?conversation=${service.seedIds.v1.parserFix}`,
    );
    const problem = page.locator('[data-problem="wrong-key"]');
    await expect(problem).toContainText('The server did not accept Handoff’s key', {
      timeout: 30_000,
    });
    const opened = extContext.waitForEvent('page');
    await problem.getByRole('button', { name: 'Open connection settings' }).click();
    expect((await opened).url()).toMatch(/options\.html#server$/);
  });
});
