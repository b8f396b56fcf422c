import type { Page } from '@playwright/test';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import {
  createV0Conversation,
  createV1Conversation,
  openPanel,
  timeline,
} from './support/panel-pages';

const confirmation = (page: Page) =>
  page.getByRole('group', { name: 'Action waiting for your confirmation' });

test.describe('a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('V0: an action awaiting confirmation shows its risk; Confirm runs it, once', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const id = await createV0Conversation(service, {
      initial_user_msg: '[scenario:awaiting-confirmation] Rebuild the project',
    });
    const page = await openPanel(openExtensionPage, `?conversation=${id}`);
    await expect(confirmation(page)).toBeVisible({ timeout: 20_000 });
    await expect(confirmation(page)).toContainText('rm -rf build && npm run build');
    await expect(page.locator('[data-status-label]')).toHaveText('Waiting for your confirmation');
    // One answer per action: a double click (two clicks in one task) answers once.
    await confirmation(page)
      .getByRole('button', { name: 'Confirm' })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    await expect(confirmation(page)).toBeHidden({ timeout: 20_000 });
    await expect
      .poll(async () => {
        const log = await service.admin.storedEvents(id);
        return log.events.filter(
          (event) =>
            event.action === 'change_agent_state' &&
            (event.args as { agent_state?: string }).agent_state === 'user_confirmed',
        ).length;
      })
      .toBe(1);
    await expect(
      timeline(page).locator('[data-category="command"][data-outcome="success"]', {
        hasText: 'rm -rf build',
      }),
    ).toBeVisible({ timeout: 20_000 });
  });
});

test('V1: Reject answers the pending action with a rejection, shown on its row', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV1Conversation(service, '[scenario:awaiting-confirmation] Rebuild it');
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(confirmation(page)).toBeVisible({ timeout: 20_000 });
  await expect(confirmation(page).locator('[data-risk]')).toHaveText(/Risk: medium/);
  await confirmation(page).getByRole('button', { name: 'Reject' }).click();
  await expect(confirmation(page)).toBeHidden({ timeout: 20_000 });
  await expect(
    timeline(page).locator('[data-category="command"][data-outcome="rejected"]', {
      hasText: 'rm -rf build',
    }),
  ).toBeVisible({ timeout: 20_000 });
  const log = await service.admin.storedEvents(id);
  expect(log.events.some((event) => event.kind === 'UserRejectObservation')).toBe(true);
});

test.describe('a long-running agent on a legacy server (V0)', () => {
  // Steady events, so the agent is still working when the buttons are pressed.
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02, eventsPerSecond: 20 } });

  test('pause and resume a working agent', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const id = await createV0Conversation(service, {
      initial_user_msg: '[scenario:long] Refactor everything',
    });
    const page = await openPanel(openExtensionPage, `?conversation=${id}`);
    const status = page.locator('[data-status-label]');
    await expect(status).toHaveText('Working', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pause agent' }).click();
    await expect(status).toHaveText('Paused', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Resume agent' }).click();
    // The agent runs again (and may finish what was left at once).
    await expect(status).not.toHaveText('Paused', { timeout: 20_000 });
    const asked = async () =>
      (await service.admin.storedEvents(id)).events
        .filter((event) => event.action === 'change_agent_state')
        .map((event) => (event.args as { agent_state?: string }).agent_state);
    await expect.poll(asked).toEqual(['paused', 'running']);
    // Stopping the runtime asks first; cancelling changes nothing.
    await page.getByRole('button', { name: 'Stop runtime' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop this conversation’s runtime?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Stop runtime' }).click();
    await dialog.getByRole('button', { name: 'Stop runtime' }).click();
    await expect(status).toHaveText('Stopped', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  });
});

/** The kinds of the stored events that say how the agent was held. */
async function holds(service: RunningService, id: string): Promise<string[]> {
  return (await service.admin.storedEvents(id)).events
    .map((event) => String(event.kind))
    .filter((kind) => kind === 'InterruptEvent' || kind === 'PauseEvent');
}

test.describe('a long-running agent on a V1-only server', () => {
  test.use({ serviceOptions: { pace: 0.02, eventsPerSecond: 20 } });

  test('pause and resume, Stop now cancels the step under way, and pausing the sandbox asks first', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const id = await createV1Conversation(service, '[scenario:long] Refactor everything');
    const page = await openPanel(openExtensionPage, `?conversation=${id}`);
    const status = page.locator('[data-status-label]');
    await expect(status).toHaveText('Working', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pause agent' }).click();
    await expect(status).toHaveText('Paused', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Resume agent' }).click();
    await expect(status).toHaveText('Working', { timeout: 20_000 });

    await page.getByRole('button', { name: 'Stop now' }).click();
    await expect(status).toHaveText('Paused', { timeout: 20_000 });
    await expect.poll(() => holds(service, id)).toContain('InterruptEvent');
    await expect(page.getByRole('button', { name: 'Stop now' })).toBeHidden();

    await page.getByRole('button', { name: 'Pause sandbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause this conversation’s sandbox?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Pause sandbox' }).click();
    await dialog.getByRole('button', { name: 'Pause sandbox' }).click();
    await expect(page.getByRole('button', { name: 'Resume sandbox' })).toBeVisible({
      timeout: 20_000,
    });
  });
});

test.describe('an agent server before v1.23, which cannot interrupt', () => {
  test.use({ serviceOptions: { pace: 0.02, eventsPerSecond: 20, agentVersion: '1.20.0' } });

  test('Stop now pauses the agent instead', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const id = await createV1Conversation(service, '[scenario:long] Refactor everything');
    const page = await openPanel(openExtensionPage, `?conversation=${id}`);
    const status = page.locator('[data-status-label]');
    await expect(status).toHaveText('Working', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop now' }).click();
    // The agent server is asked to pause (it lets the step under way finish), and nothing fails.
    await expect.poll(() => holds(service, id)).toContain('PauseEvent');
    expect(await holds(service, id)).not.toContain('InterruptEvent');
    await expect(page.locator('.notice-error, [data-problem]')).toHaveCount(0);
  });
});
