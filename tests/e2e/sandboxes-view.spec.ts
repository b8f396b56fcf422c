import type { Page } from '@playwright/test';
import type { RunningService } from '../service/index';
import { agentServerImageTag } from '../service/v1/domain';
import { expect, test } from './fixtures';
import { journeyKinds } from './support/generations';

// The V1 sandboxes tab (components/sandboxes) against the reference service, driven through
// the options page's Sandboxes view, which renders the same component the side panel does.
// Sandboxes are a V1 interface: a current server serves them behind its key, a legacy one
// (0.62) beside V0 and without asking for the key; each kind's sandboxes run its own
// agent-server image.

const RUNNING = 'sbxRunningWidgets01';
const PAUSED = 'sbxPausedWidgets02';
const SERVER_KEY = 'server-key-sandboxes-3b7a';

function row(page: Page, id: string) {
  return page
    .locator('.sandbox-list > li')
    .filter({ has: page.locator('.sandbox-id', { hasText: id }) });
}

function fact(page: Page, id: string, term: string) {
  return row(page, id)
    .locator('.sandbox-facts dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');
}

async function openSandboxes(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sandboxes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sandboxes', level: 2 })).toBeVisible();
}

/** The service's own sandbox routes, as another client with the server's key calls them. */
function serviceCall(service: RunningService, path: string, init: RequestInit = {}) {
  return fetch(`${service.url}${path}`, {
    ...init,
    headers: service.apiKey ? { 'X-Session-API-Key': service.apiKey } : {},
  });
}

for (const { title, server } of journeyKinds) {
  // The service's default kind is v1.
  const image = `ghcr.io/openhands/agent-server:${agentServerImageTag(server ?? 'v1')}`;
  const PYTHON_SPEC = `${image}-python`;
  const JAVA_SPEC = `${image}-java`;

  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02, apiKey: SERVER_KEY } });

    test.beforeEach(async ({ connectToService }) => {
      await connectToService();
    });

    test('lists sandboxes with status, spec, links and age; starts one from a spec and follows it to running', async ({
      openExtensionPage,
    }) => {
      const page = await openExtensionPage('options.html');
      await openSandboxes(page);
      await expect(page.locator('.sandbox-list .sandbox-id')).toHaveText([RUNNING, PAUSED]);
      await expect(row(page, RUNNING).locator('.sandbox-status')).toHaveText('Running');
      await expect(fact(page, RUNNING, 'Spec')).toHaveText(PYTHON_SPEC);
      await expect(fact(page, RUNNING, 'Age')).toHaveText('5 h');
      await expect(row(page, RUNNING).getByRole('link', { name: 'Agent server' })).toHaveAttribute(
        'href',
        /^http:\/\/localhost:\d+\/$/,
      );
      await expect(row(page, RUNNING).getByRole('link', { name: 'VS Code' })).toHaveAttribute(
        'href',
        /^http:\/\/localhost:\d+\/\?tkn=/,
      );
      await expect(row(page, PAUSED).locator('.sandbox-status')).toHaveText('Paused');
      await expect(fact(page, PAUSED, 'Age')).toHaveText('30 h');
      await expect(row(page, PAUSED).getByRole('link')).toHaveCount(0);
      await expect(
        row(page, PAUSED).getByRole('button', { name: `Pause sandbox ${PAUSED}` }),
      ).toHaveCount(0);

      await page.getByLabel('Sandbox spec').selectOption(JAVA_SPEC);
      await page.getByRole('button', { name: 'Start sandbox' }).click();
      const started = page.locator('.sandbox-list > li').first();
      await expect(started.locator('.sandbox-id')).not.toHaveText(RUNNING);
      await expect(started.locator('.sandbox-facts dd').first()).toHaveText(JAVA_SPEC);
      // STARTING shows at once; the list polls until the agent server is up.
      await expect(started.locator('.sandbox-status')).toHaveText('Running', { timeout: 15_000 });
      await expect(started.getByRole('link', { name: 'Agent server' })).toBeVisible();
      await expect(page.locator('.sandbox-list > li')).toHaveCount(3);
    });

    test('pause, resume, and delete after a confirmation', async ({
      openExtensionPage,
      service,
    }) => {
      const page = await openExtensionPage('options.html');
      await openSandboxes(page);

      await row(page, RUNNING)
        .getByRole('button', { name: `Pause sandbox ${RUNNING}` })
        .click();
      await expect(row(page, RUNNING).locator('.sandbox-status')).toHaveText('Paused');
      await row(page, RUNNING)
        .getByRole('button', { name: `Resume sandbox ${RUNNING}` })
        .click();
      await expect(row(page, RUNNING).locator('.sandbox-status')).toHaveText('Running', {
        timeout: 15_000,
      });

      const remove = row(page, PAUSED).getByRole('button', { name: `Delete sandbox ${PAUSED}` });
      await remove.click();
      await expect(row(page, PAUSED).getByText(`Delete sandbox ${PAUSED}?`)).toBeVisible();
      await expect(
        row(page, PAUSED).getByRole('button', { name: 'Delete sandbox', exact: true }),
      ).toBeFocused();
      await row(page, PAUSED).getByRole('button', { name: 'Cancel' }).click();
      await expect(remove).toBeFocused();
      const stillThere = await serviceCall(service, `/api/v1/sandboxes?id=${PAUSED}`).then((r) =>
        r.json(),
      );
      expect(stillThere[0]?.id).toBe(PAUSED);

      await remove.click();
      await row(page, PAUSED).getByRole('button', { name: 'Delete sandbox', exact: true }).click();
      await expect(row(page, PAUSED)).toHaveCount(0);
      const gone = await serviceCall(service, `/api/v1/sandboxes?id=${PAUSED}`).then((r) =>
        r.json(),
      );
      expect(gone).toEqual([null]);
      // Deleted here, so no "deleted elsewhere" notice.
      await expect(page.getByText(/deleted elsewhere/)).toHaveCount(0);
    });

    test('a sandbox deleted elsewhere: a refresh or an action says so and the row goes', async ({
      openExtensionPage,
      service,
    }) => {
      const page = await openExtensionPage('options.html');
      await openSandboxes(page);
      await expect(page.locator('.sandbox-list > li')).toHaveCount(2);

      await service.admin.deleteSandbox(PAUSED);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(
        page.getByText(`Sandbox ${PAUSED} no longer exists: it was deleted elsewhere`),
      ).toBeVisible();
      await expect(row(page, PAUSED)).toHaveCount(0);

      await service.admin.deleteSandbox(RUNNING);
      await row(page, RUNNING)
        .getByRole('button', { name: `Pause sandbox ${RUNNING}` })
        .click();
      await expect(
        page.getByText(`Sandbox ${RUNNING} no longer exists: it was deleted elsewhere`),
      ).toBeVisible();
      await expect(row(page, RUNNING)).toHaveCount(0);
      await expect(page.getByText('No sandboxes.', { exact: false })).toBeVisible();
    });

    test('pausing a sandbox that stopped running meanwhile says so instead of pretending', async ({
      openExtensionPage,
      service,
    }) => {
      const page = await openExtensionPage('options.html');
      await openSandboxes(page);
      await expect(row(page, RUNNING).locator('.sandbox-status')).toHaveText('Running');
      // Paused behind the page's back (another tab, the web UI, the service itself).
      const paused = await serviceCall(service, `/api/v1/sandboxes/${RUNNING}/pause`, {
        method: 'POST',
      });
      expect(paused.ok).toBe(true);

      await row(page, RUNNING)
        .getByRole('button', { name: `Pause sandbox ${RUNNING}` })
        .click();
      await expect(
        row(page, RUNNING).getByText(
          `Sandbox ${RUNNING} is not running (status: Paused), so there is nothing to pause.`,
        ),
      ).toBeVisible();
      await expect(row(page, RUNNING).locator('.sandbox-status')).toHaveText('Paused');
      await expect(
        row(page, RUNNING).getByRole('button', { name: `Resume sandbox ${RUNNING}` }),
      ).toBeVisible();
    });

    test('errors from the service are shown where they happened', async ({
      openExtensionPage,
      service,
    }) => {
      const page = await openExtensionPage('options.html');
      await openSandboxes(page);
      await service.admin.failNext({
        method: 'POST',
        path: '/api/v1/sandboxes',
        status: 500,
        body: { detail: 'Docker daemon not reachable' },
      });
      await page.getByRole('button', { name: 'Start sandbox' }).click();
      await expect(page.locator('.sandbox-start [role="alert"]')).toContainText(
        'Docker daemon not reachable',
      );
      await expect(page.locator('.sandbox-list > li')).toHaveCount(2);

      await service.admin.failNext({
        method: 'POST',
        path: `/api/v1/sandboxes/${RUNNING}/pause`,
        status: 503,
        body: { detail: 'Runtime manager busy' },
      });
      await row(page, RUNNING)
        .getByRole('button', { name: `Pause sandbox ${RUNNING}` })
        .click();
      await expect(row(page, RUNNING).getByRole('alert')).toContainText('Runtime manager busy');
      await expect(row(page, RUNNING).locator('.sandbox-status')).toHaveText('Running');
    });
  });
}
