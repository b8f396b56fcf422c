import type { Page, Worker } from '@playwright/test';
import {
  stateUpdate,
  terminalAction,
  terminalObservation,
  textContent,
  userMessageEvent,
} from '../service/agent/v1-scenarios';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { letTimePass, shortenRefresh } from './support/clock';
import { createV1Conversation, ensureRepository } from './support/panel-pages';

// Issue 27, the panel's side: a notification's Reply leaves the message box ready to type in; a
// button that found its action gone says so in the conversation; the panel's "Next that needs
// you" walks the waiting conversations oldest first, as the keyboard command does. Playwright
// cannot press a real notification's button: end-to-end builds expose the very listener the
// browser calls (lib/background/main.ts), which acts on what the worker stored of the
// notification it showed.

test.use({ serviceOptions: { server: 'v1', pace: 0.02 } });

function startOnWidgets(service: RunningService, text: string): Promise<string> {
  ensureRepository('octo/widgets');
  return createV1Conversation(service, text, { repository: 'octo/widgets', provider: 'github' });
}

/** What the worker keeps of a notification it showed, then a press of one of its buttons. */
async function pressStoredNotice(
  worker: Worker,
  conversationId: string,
  notice: Record<string, unknown>,
): Promise<string> {
  return worker.evaluate(
    async ({ key, record }) => {
      const stored = (await chrome.storage.session.get('handoff:notices'))['handoff:notices'] ?? {};
      await chrome.storage.session.set({ 'handoff:notices': { ...stored, [key]: record } });
      const press = (
        globalThis as unknown as {
          handoffNotificationButton: (id: string, index: number) => Promise<string>;
        }
      ).handoffNotificationButton;
      return press(key, 0);
    },
    {
      key: `handoff:${conversationId}`,
      record: { conversationId, name: 'Tidy up', title: 'Tidy up', ...notice },
    },
  );
}

const shown = (panel: Page, id: string) =>
  panel.locator(`[data-view="conversation"] .conversation[data-conversation-id="${id}"]`);

test('a notification’s Reply opens the conversation with its message box focused', async ({
  service,
  connectToService,
  openExtensionPage,
  serviceWorker,
}) => {
  await connectToService();
  const id = await startOnWidgets(service, '[scenario:finish-quickly] Tidy up');
  await service.admin.waitIdle(id);
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.locator('[data-view="conversations"]')).toBeVisible();
  expect(await pressStoredNotice(serviceWorker, id, { need: 'input', buttons: ['reply'] })).toBe(
    'opened',
  );
  await expect(shown(panel, id)).toBeVisible({ timeout: 15_000 });
  await expect(shown(panel, id).locator('textarea')).toBeFocused();
});

test('a button whose action is gone sends nothing, and the conversation says so', async ({
  service,
  connectToService,
  openExtensionPage,
  serviceWorker,
}) => {
  await connectToService();
  const id = await startOnWidgets(service, '[scenario:finish-quickly] Tidy up');
  await service.admin.waitIdle(id);
  const before = (await service.admin.storedEvents(id)).events.length;
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.locator('[data-view="conversations"]')).toBeVisible();
  // It showed a confirmation the agent no longer waits on (the run has finished).
  expect(
    await pressStoredNotice(serviceWorker, id, {
      need: 'confirmation',
      actionKey: 'v1:an-action-long-answered',
      buttons: ['confirm', 'reject'],
    }),
  ).toBe('stale');
  const note = shown(panel, id).locator('[data-stale-notification]');
  await expect(note).toHaveText(
    /That notification was out of date: nothing was sent\. Here is where the conversation is now\./,
    { timeout: 15_000 },
  );
  await note.getByRole('button', { name: 'Dismiss' }).click();
  await expect(note).toHaveCount(0);
  expect((await service.admin.storedEvents(id)).events.length).toBe(before);
});

test('the panel’s “Next that needs you” walks the waiting conversations oldest first', async ({
  service,
  connectToService,
  openExtensionPage,
  serviceWorker,
}) => {
  await shortenRefresh(serviceWorker, 1500);
  await connectToService();
  const older = await startOnWidgets(service, '[scenario:awaiting-confirmation] Tidy the logs');
  await service.admin.waitIdle(older);
  const newer = await startOnWidgets(service, '[scenario:awaiting-confirmation] Bump the version');
  await service.admin.waitIdle(newer);
  await expect
    .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), { timeout: 20_000 })
    .toBe('2');
  const panel = await openExtensionPage('sidepanel.html');
  const next = panel.getByRole('button', { name: /Next that needs you/ }).first();
  await expect(next).toHaveAttribute('title', /Go to the next conversation that needs you/);
  await next.click();
  await expect(shown(panel, older)).toBeVisible({ timeout: 15_000 });
  await panel.getByRole('tab', { name: /Conversations/ }).click();
  await panel
    .getByRole('button', { name: /Next that needs you/ })
    .first()
    .click();
  await expect(shown(panel, newer)).toBeVisible({ timeout: 15_000 });
  await panel.getByRole('tab', { name: /Conversations/ }).click();
  await panel
    .getByRole('button', { name: /Next that needs you/ })
    .first()
    .click();
  await expect(shown(panel, older)).toBeVisible({ timeout: 15_000 });
});

test.describe('a silent agent', () => {
  test('a working conversation silent past the person’s minutes reads “No progress”, and leaves it on its next event', async ({
    service,
    connectToService,
    openExtensionPage,
    serviceWorker,
    extContext,
  }) => {
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    const id = await startOnWidgets(service, '[scenario:finish-quickly] Tidy up');
    await service.admin.waitIdle(id);
    // Asked again, the agent starts the whole end-to-end suite, and then says nothing more.
    const action = { id: crypto.randomUUID(), ...terminalAction('npm run e2e', 'All of it.') };
    await service.admin.appendEvents(id, [
      userMessageEvent([textContent('Now run the end-to-end suite')]),
      stateUpdate('execution_status', 'running'),
      action,
    ]);
    // The pages' clock is the test's from the start (the worker's and the service's are moved
    // with it by letTimePass).
    await extContext.clock.install();
    const panel = await openExtensionPage('sidepanel.html');
    const row = panel.locator(`.conversation-item[data-conversation-id="${id}"]`);
    await expect(row).toHaveAttribute('data-group', 'working', { timeout: 15_000 });

    // Twelve minutes pass without a word from the agent (the default setting is ten).
    await letTimePass({ service, worker: serviceWorker, context: extContext }, 12 * 60_000);
    await expect(row).toHaveAttribute('data-group', 'needs-you');
    await expect(row.locator('[data-need="stuck"]')).toHaveText('No progress for 12 min');
    await expect(row).toContainText('send a nudge, pause or stop it, or open it on the server');
    await row.click();
    const now = shown(panel, id).locator('.now');
    await expect(now.locator('[data-no-progress]')).toHaveText('No progress for 12 min', {
      timeout: 15_000,
    });
    await expect(now.locator('[data-no-progress-next]')).toBeVisible();

    // The suite ends: the agent's next event, and the conversation is simply working again.
    await service.admin.appendEvents(id, [
      { ...terminalObservation(action, '42 passed', 0), action_id: action.id },
    ]);
    await expect(now.locator('[data-no-progress]')).toHaveCount(0, { timeout: 10_000 });
    await expect(now).toHaveAttribute('data-now', 'working');
    await panel.getByRole('tab', { name: /Conversations/ }).click();
    await expect(row).toHaveAttribute('data-group', 'working', { timeout: 10_000 });
    await expect(row.locator('[data-need="stuck"]')).toHaveCount(0);
  });
});
