import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with scripts/test.mjs, typed by its JSDoc.
import { ensureBaseline } from '../../scripts/update-baseline.mjs';
import { hostFixtures } from '../fixtures/hosts/index';
import { test as base, expect } from './fixtures';
import { extensionDir } from './paths';
import { serveFixtures, startButton } from './support/host-pages';
import {
  appConversation,
  createV1Conversation,
  openPanel,
  startFromForm,
} from './support/panel-pages';

// Nothing is lost on update: the build of an earlier commit (the baseline, pinned in
// tests/e2e/update-baseline.json; docs/toolchain.md#the-update-journeys-baseline) is installed
// unpacked and set up as a person does it; then its folder gets this build and the person presses
// Reload on chrome://extensions, as one updates an unpacked extension. Chrome keeps the id (it
// comes from the folder's path) with its IndexedDB and storage, and tells the new worker the
// extension was updated. Everything set up before must still be there and still work.
//
// Two halves that change for different reasons:
// - `setUpBaseline` speaks the baseline's pages, so it uses no shared helper that follows today's
//   pages: it changes only when the baseline moves forward.
// - the `after…` helpers check what a person sees in this build, one helper per thing kept, so a
//   redesign of a page changes one function, not the journey.

const KEY = 'session-key-update-5e1d';
const SELF_HOSTED = 'https://gitlab.example.com';
const SELF_HOSTED_ISSUE = `${SELF_HOSTED}/tools/cli/-/issues/8`;
const INSTRUCTIONS = 'Run the linter before you commit.';
/** A conversation's first message, and so its title on the server. */
const KEPT = 'Keep me through the update';

interface UpdateFixtures {
  baseline: { commit: string; dir: string };
}

const test = base.extend<Record<never, never>, UpdateFixtures>({
  // Built once per run (scripts/test.mjs builds it before the end-to-end tests; cached by commit).
  baseline: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
    async ({}, use) => {
      await use(ensureBaseline() as { commit: string; dir: string });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // The baseline is installed from a folder of its own, which the update then overwrites.
  extensionPath: async ({ baseline }, use) => {
    const installed = mkdtempSync(join(tmpdir(), 'handoff-installed-'));
    cpSync(baseline.dir, installed, { recursive: true });
    try {
      await use(installed);
    } finally {
      rmSync(installed, { recursive: true, force: true });
    }
  },
});

test.use({ serviceOptions: { pace: 0.02, apiKey: KEY } });

/** Everything a person sets up, done on the baseline's own pages. */
async function setUpBaseline(
  openExtensionPage: (path: string) => Promise<Page>,
  service: { url: string },
): Promise<void> {
  const options = await openExtensionPage('options.html');
  await options.getByLabel('Server URL').fill(service.url);
  await options.getByLabel('API key').fill(KEY);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByText('Handoff can work with this server.')).toBeVisible({
    timeout: 20_000,
  });

  await options.getByLabel('Address').fill(SELF_HOSTED);
  await options.getByLabel('Host software').selectOption('gitlab');
  await options.getByRole('button', { name: 'Add host' }).click();
  await expect(options.getByText(`Added ${SELF_HOSTED} (GitLab (self-managed)).`)).toBeVisible();

  await options.getByLabel('Default instructions').fill(INSTRUCTIONS);
  await options.getByRole('button', { name: 'Save instructions' }).click();
  await expect(options.getByText('Default instructions saved.')).toBeVisible();
  // A second options tab follows each change once it is stored; waiting for it there means the
  // reload below cannot cut a save that is still on its way (a switch shows no "Saved.").
  const other = await openExtensionPage('options.html');
  const startsAtOnce = options.getByLabel('Starts at once (Alt-click opens the form)');
  await startsAtOnce.check();
  await options.getByRole('switch', { name: 'Finished' }).uncheck();
  await expect(other.getByLabel('Starts at once (Alt-click opens the form)')).toBeChecked();
  await expect(other.getByRole('switch', { name: 'Finished' })).not.toBeChecked();
  await other.close();
  // Saved as they change: a reload shows them.
  await options.reload();
  await expect(startsAtOnce).toBeChecked();
  await expect(options.getByRole('switch', { name: 'Finished' })).not.toBeChecked();
  await options.close();

  // The server's conversations in the panel's list: the worker's index holds them from its first
  // refresh after the save.
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.getByRole('button', { name: KEPT })).toBeVisible();
  await panel.close();
}

/**
 * Replaces the installed folder's contents with `build` and reloads the extension from
 * chrome://extensions as a person does (Developer mode, then the card's Reload). Chrome 137+
 * disables a reloaded unpacked extension unless developer mode is on. Gives the new worker.
 */
async function updateInPlace(
  context: BrowserContext,
  extensionId: string,
  installed: string,
  build: string,
): Promise<Worker> {
  for (const entry of readdirSync(installed)) {
    rmSync(join(installed, entry), { recursive: true, force: true });
  }
  cpSync(build, installed, { recursive: true });
  const page = await context.newPage();
  await page.goto('chrome://extensions');
  const developerMode = page.getByRole('switch', { name: 'Developer mode' });
  if ((await developerMode.getAttribute('aria-checked')) !== 'true') await developerMode.click();
  await expect(developerMode).toHaveAttribute('aria-checked', 'true');
  const started = context.waitForEvent('serviceworker', {
    predicate: (worker) => worker.url().startsWith(`chrome-extension://${extensionId}/`),
  });
  await page
    .locator(`extensions-item#${extensionId}`)
    .getByRole('button', { name: 'Reload' })
    .click();
  const worker = await started;
  await page.close();
  return worker;
}

// --- after the update: what a person sees, one helper per thing kept --------------------------

/** The server's address is on the options page (in its field, or as the name of a listed server). */
async function afterServerAddressShown(options: Page, url: string): Promise<void> {
  await expect
    .poll(async () => {
      const inFields = await options
        .getByRole('textbox')
        .evaluateAll(
          (fields, url) => fields.some((f) => (f as HTMLInputElement).value === url),
          url,
        );
      return inFields || (await options.getByText(url, { exact: true }).count()) > 0;
    })
    .toBe(true);
}

/** A key is saved for that server (its last four characters shown), and the server accepts it. */
async function afterKeySavedAndAccepted(options: Page, key: string): Promise<void> {
  await expect(options.getByText(new RegExp(`…${key.slice(-4)}\\b`))).toBeVisible();
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByText(/^Accepted\b/)).toBeVisible({ timeout: 20_000 });
  await expect(options.getByText('Handoff can work with this server.')).toBeVisible();
}

async function afterHostListed(options: Page, origin: string): Promise<void> {
  await expect(options.getByRole('list', { name: 'Added code hosts' })).toContainText(origin);
}

async function afterDefaultsKept(options: Page): Promise<void> {
  await expect(options.getByLabel('Default instructions')).toHaveValue(INSTRUCTIONS);
  await expect(options.getByLabel('Starts at once (Alt-click opens the form)')).toBeChecked();
  await expect(options.getByRole('switch', { name: 'Finished' })).not.toBeChecked();
  await expect(options.getByRole('switch', { name: 'Errors' })).toBeChecked();
  await expect(options.getByRole('switch', { name: 'Awaiting input' })).toBeChecked();
}

/** The panel's list shows the conversation, as an entry that opens it. */
async function afterListed(panel: Page, title: string): Promise<void> {
  await expect(panel.getByRole('button', { name: title })).toBeVisible();
}

/**
 * Alt-clicks the page button in a tab and gives the panel it opens, with the side panel off so the
 * worker opens the panel in a window of its own (as tests/e2e/support/host-pages.ts altClickStart).
 */
async function altClickOpensPanel(context: BrowserContext, worker: Worker, tab: Page) {
  await worker.evaluate(() => chrome.sidePanel.setOptions({ enabled: false }));
  await tab.bringToFront();
  const opened = context.waitForEvent('page', {
    predicate: (page) => page.url().includes('/sidepanel.html'),
    timeout: 15_000,
  });
  await startButton(tab).click({ modifiers: ['Alt'] });
  return opened.catch(() => {
    throw new Error(
      'The button in the tab open during the update opened no panel: its content script is the ' +
        'old copy, which the updated worker should have replaced (onInstalled, reason "update").',
    );
  });
}

test('an update in place keeps the server, its key, the code hosts, the defaults and the listed conversations, and all of them still work', async ({
  service,
  extContext,
  extensionId,
  extensionPath,
  openExtensionPage,
}) => {
  let worker: Worker | undefined;
  let openBefore: Page | undefined;

  await test.step('the baseline, set up as a person does', async () => {
    // A conversation another client started on the server.
    await createV1Conversation(service, KEPT);
    await setUpBaseline(openExtensionPage, service);
    // A self-hosted issue stays open in a tab through the update.
    await serveFixtures(extContext, hostFixtures);
    openBefore = await extContext.newPage();
    await openBefore.goto(SELF_HOSTED_ISSUE);
    await expect(
      openBefore.getByRole('button', { name: 'Start conversation', exact: true }),
    ).toBeVisible();
  });

  // The server cannot be reached from the browser (connections refused before they leave it)
  // until the cached list has been seen: what the panel lists is what the baseline kept.
  const unreachable = (url: URL) => url.origin === service.url;
  await extContext.route(unreachable, (route) => route.abort('connectionrefused'));

  await test.step('the update, in place', async () => {
    worker = await updateInPlace(extContext, extensionId, extensionPath, extensionDir);
    expect(new URL(worker.url()).host).toBe(extensionId);
  });

  await test.step('the cached conversations are listed while the server cannot be reached', async () => {
    const panel = await openPanel(openExtensionPage);
    await afterListed(panel, KEPT);
    await extContext.unroute(unreachable);
    // Closed: a panel open in the window would take the page button's launch below.
    await panel.close();
  });

  await test.step('the options show the server, its key, the host and the defaults', async () => {
    const options = await openExtensionPage('options.html');
    await afterServerAddressShown(options, service.url);
    await afterKeySavedAndAccepted(options, KEY);
    await afterHostListed(options, SELF_HOSTED);
    await afterDefaultsKept(options);
    await options.close();
  });

  await test.step('the self-hosted host’s pages have a working button', async () => {
    // The tab open during the update: Chrome gives open tabs no content script after an update;
    // the new worker, told it was one, puts it back. Alt-click opens the form, as the kept
    // click setting says (a plain click would start at once).
    const panel = await altClickOpensPanel(extContext, worker as Worker, openBefore as Page);
    const form = panel.getByRole('form', { name: 'New conversation' });
    await expect(form.getByLabel('Repository', { exact: true })).toHaveValue('tools/cli');
    await expect(form.getByLabel('Git provider')).toHaveValue('gitlab');
    await panel.close();
    // A page opened now gets the button too.
    const openAfter = await extContext.newPage();
    await openAfter.goto(`${SELF_HOSTED}/tools/cli/-/blob/v2.1.0/cmd/main.go`);
    await expect(startButton(openAfter)).toBeVisible();
  });

  await test.step('a start goes through with the kept key', async () => {
    const id = await startFromForm(await openPanel(openExtensionPage), 'Add a --version flag');
    expect(await appConversation(service, id)).toMatchObject({ title: 'Add a --version flag' });
  });
});
