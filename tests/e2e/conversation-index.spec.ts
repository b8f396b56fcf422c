import type { Server } from 'node:http';
import type { Page } from '@playwright/test';
import { hostFixtures } from '../fixtures/hosts/index';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { shortenRefresh } from './support/clock';
import { restoreBodiesOnPopstate, serveFixtures, softNavigate } from './support/host-pages';
import {
  createV0Conversation,
  createV1Conversation,
  ensureRepository,
  handedLaunch,
  openPanel,
} from './support/panel-pages';

// Issue 16: the worker knows every conversation of the server, not just the watched ones. The
// page button says how an issue's newest conversation is and opens it; the badge counts a
// waiting conversation nobody opened here; a server that goes down keeps the cached index; the
// server is read once per interval whatever the number of tabs. The refresh interval is
// shortened through the end-to-end build's hook, never by changing the service.

const issue12 = hostFixtures.find((f) => f.name === 'issue-react');
const issue7 = hostFixtures.find((f) => f.name === 'issue-classic');
if (!issue12 || !issue7) throw new Error('issue fixtures missing');

/** Starts a V1 conversation on octo/widgets as another client of the server would. */
function startOnWidgets(service: RunningService, text: string): Promise<string> {
  ensureRepository('octo/widgets');
  return createV1Conversation(service, text, { repository: 'octo/widgets', provider: 'github' });
}

interface IndexView {
  refreshedAt: number | null;
  failure: { kind: string } | null;
  entries: { id: string; state: string; generation: string }[];
}

/** The index as a panel gets it (the `conversations.index` request). */
async function readIndex(page: Page): Promise<IndexView> {
  return page.evaluate(async () => {
    const answer = await chrome.runtime.sendMessage({
      type: 'handoff/rpc',
      method: 'conversations.index',
      params: {},
    });
    return answer.result;
  });
}

const stateButton = (page: Page, name: RegExp | string) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

test.describe('the conversation index', () => {
  // A long run is still at work when the page asks: its events come at a steady 20 a second
  // (10,000 of them), while everything else runs at the journeys' quick pace. Realistic pacing
  // kept it working too, but made each start and each wait for a confirmation take seconds.
  test.use({ serviceOptions: { server: 'v1', pace: 0.02, eventsPerSecond: 20 } });

  test('an issue with a working conversation says so on its button, which opens it', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
  }) => {
    const id = await startOnWidgets(service, 'Fix issue #12 [scenario:long]');
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    await serveFixtures(extContext, hostFixtures);
    const tab = await extContext.newPage();
    await tab.goto(issue12.url);
    await expect(stateButton(tab, /^Agent working/)).toBeVisible({ timeout: 20_000 });
    await expect(stateButton(tab, 'Start conversation')).toHaveCount(0);
    // Another issue of the same repository has none: its button stays as it was.
    const other = await extContext.newPage();
    await other.goto(issue7.url);
    await expect(stateButton(other, 'Start conversation')).toBeVisible();
    // With no conversation there is nothing else to start: no menu to open.
    await expect(other.getByRole('button', { name: 'More Handoff actions' })).toBeHidden();

    await stateButton(tab, /^Agent working/).click();
    await expect
      .poll(async () => {
        const launch = await handedLaunch(extContext, serviceWorker);
        // Once taken, the panel shows the kind it got: the conversation is the one it opened.
        return launch && !launch.conversationId ? { ...launch, conversationId: id } : launch;
      })
      .toEqual({ kind: 'conversation', conversationId: id });

    // "Start another" stays one click away in the button's menu, which is closed until opened
    // and closes again on Escape, giving focus back to what opened it.
    const more = tab.getByRole('button', { name: 'More Handoff actions' });
    const another = tab.getByRole('menuitem', { name: 'Start another', includeHidden: true });
    await expect(another).toBeHidden();
    await more.click();
    await expect(another).toBeFocused();
    await tab.keyboard.press('Escape');
    await expect(another).toBeHidden();
    await expect(more).toBeFocused();
  });

  test('a waiting conversation nobody opened here lights the badge within one refresh', async ({
    service,
    serviceWorker,
    connectToService,
    openExtensionPage,
  }) => {
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    const id = await startOnWidgets(
      service,
      '[scenario:awaiting-confirmation] Tidy the temp files',
    );
    await service.admin.waitIdle(id);
    await expect
      .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), { timeout: 20_000 })
      .toBe('1');
    expect(await serviceWorker.evaluate(() => chrome.action.getTitle({}))).toMatch(
      /1 conversation needs you: Tidy the temp files/,
    );
    // Never opened here: the worker learnt it from the list alone.
    const page = await openExtensionPage('options.html');
    const index = await readIndex(page);
    expect(index.entries.find((entry) => entry.id === id)?.state).toBe('needs-you');
    // Its notification still names the command and offers the buttons that answer it: the
    // worker read the conversation's own events before telling.
    await expect
      .poll(
        () =>
          serviceWorker.evaluate(async (key) => {
            const stored = (await chrome.storage.session.get('handoff:notices'))[
              'handoff:notices'
            ] as Record<string, { need: string; what?: string; buttons: string[] }> | undefined;
            return stored?.[key];
          }, `handoff:${id}`),
        { timeout: 20_000 },
      )
      .toMatchObject({
        need: 'confirmation',
        what: expect.any(String),
        buttons: ['confirm', 'reject'],
      });
  });

  test('the tooltip says how long each has waited, and the keyboard command walks them, oldest first', async ({
    service,
    serviceWorker,
    connectToService,
    openExtensionPage,
  }) => {
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    const older = await startOnWidgets(service, '[scenario:awaiting-confirmation] Tidy the logs');
    await service.admin.waitIdle(older);
    const newer = await startOnWidgets(
      service,
      '[scenario:awaiting-confirmation] Bump the version',
    );
    await service.admin.waitIdle(newer);
    await expect
      .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), { timeout: 20_000 })
      .toBe('2');
    expect(await serviceWorker.evaluate(() => chrome.action.getTitle({}))).toMatch(
      /2 conversations need you: Tidy the logs \(\d+ min\), Bump the version \(\d+ min\)/,
    );
    const panel = await openExtensionPage('sidepanel.html');
    const windowId = await panel.evaluate(async () => (await chrome.windows.getCurrent()).id);
    const press = () =>
      serviceWorker.evaluate((id) => {
        const run = (globalThis as { handoffRunCommand?: (c: string, t: object) => void })
          .handoffRunCommand;
        if (!run) throw new Error('not an end-to-end build');
        run('next-needing-you', { windowId: id });
      }, windowId);
    const shown = (id: string) =>
      panel.locator(`[data-view="conversation"] .conversation[data-conversation-id="${id}"]`);
    await press();
    await expect(shown(older)).toBeVisible({ timeout: 15_000 });
    await press();
    await expect(shown(newer)).toBeVisible({ timeout: 15_000 });
    await press();
    await expect(shown(older)).toBeVisible({ timeout: 15_000 });
  });

  test('soft navigation between two issues shows each one’s own state', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
  }) => {
    await startOnWidgets(service, 'Fix issue #12 [scenario:long]');
    const waiting = await startOnWidgets(
      service,
      'Look at issue #7 [scenario:awaiting-confirmation]',
    );
    await service.admin.waitIdle(waiting);
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    await serveFixtures(extContext, hostFixtures);
    const tab = await extContext.newPage();
    await tab.goto(issue12.url);
    await expect(stateButton(tab, /^Agent working/)).toBeVisible({ timeout: 20_000 });
    await restoreBodiesOnPopstate(tab, [issue12, issue7]);
    await softNavigate(tab, issue7, 'turbo:render');
    await expect(stateButton(tab, 'Needs you')).toBeVisible();
    await expect(stateButton(tab, /^Agent working/)).toHaveCount(0);
    await tab.goBack();
    await expect(stateButton(tab, /^Agent working/)).toBeVisible();
  });

  test('a server that goes down keeps the cached index and the button’s state', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
    openExtensionPage,
  }) => {
    const id = await startOnWidgets(service, 'Fix issue #12 [scenario:long]');
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    const page = await openExtensionPage('options.html');
    await expect
      .poll(async () => (await readIndex(page)).entries.some((entry) => entry.id === id), {
        timeout: 20_000,
      })
      .toBe(true);
    await service.admin.failNext({
      path: '/api/v1/app-conversations/search',
      status: 500,
      times: 1000,
    });
    await expect
      .poll(async () => (await readIndex(page)).failure?.kind, { timeout: 20_000 })
      .toBe('server');
    expect((await readIndex(page)).entries.map((entry) => entry.id)).toContain(id);
    await serveFixtures(extContext, hostFixtures);
    const tab = await extContext.newPage();
    await tab.goto(issue12.url);
    await expect(stateButton(tab, /^Agent working/)).toBeVisible();
  });

  test('a panel opened while the server cannot be reached lists the index’s conversations, said to be offline', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    const id = await startOnWidgets(service, 'Fix issue #12 [scenario:long]');
    await connectToService();
    const options = await openExtensionPage('options.html');
    await expect
      .poll(async () => (await readIndex(options)).entries.some((entry) => entry.id === id), {
        timeout: 20_000,
      })
      .toBe(true);
    const indexed = (await readIndex(options)).entries.length;
    await service.admin.refuseConnections(60);
    const page = await openPanel(openExtensionPage);
    await expect(page.getByRole('alert').filter({ hasText: 'Offline' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('.conversation-item')).toHaveCount(indexed);
    await expect(page.locator(`.conversation-item[data-conversation-id="${id}"]`)).toContainText(
      'octo/widgets',
    );
  });

  test('two open tabs cost the server no more than one list request per refresh', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
    openExtensionPage,
  }) => {
    await startOnWidgets(service, 'Fix issue #12 [scenario:long]');
    let listRequests = 0;
    const main = (service.service as unknown as { main: { server: Server } }).main.server;
    main.on('request', (request) => {
      // The index's own reads (a panel's list asks for pages of 20).
      if (
        request.url?.startsWith('/api/v1/app-conversations/search') &&
        /limit=100/.test(request.url)
      )
        listRequests++;
    });
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    await serveFixtures(extContext, hostFixtures);
    const tabs = [await extContext.newPage(), await extContext.newPage()];
    await tabs[0]?.goto(issue12.url);
    await tabs[1]?.goto(issue7.url);
    const page = await openExtensionPage('options.html');
    // Every refresh is noted by a reader of its own: read between the tabs' reloads, which can
    // take longer than a refresh interval on a busy machine, two refreshes looked like one.
    const refreshes = new Set<number>();
    let noting = true;
    const noter = (async () => {
      while (noting) {
        const { refreshedAt } = await readIndex(page);
        if (refreshedAt) refreshes.add(refreshedAt);
        await page.waitForTimeout(100);
      }
    })();
    await expect
      .poll(
        async () => {
          // Both tabs keep asking for their state meanwhile: answered from the index.
          for (const tab of tabs) await tab?.reload();
          return refreshes.size;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(3);
    noting = false;
    await noter;
    const seen = refreshes.size;
    // Each refresh is one request; one more may be under way as this reads.
    expect(listRequests).toBeLessThanOrEqual(seen + 1);
    const [first] = tabs;
    if (first) await expect(stateButton(first, /^Agent working/)).toBeVisible();
  });
});

test.describe('the conversation index on a legacy server (V0)', () => {
  // As above: a long run still at work, at a steady rate.
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02, eventsPerSecond: 20 } });

  test('an issue with a running conversation says so on its button, and the list is read from the V0 interface', async ({
    extContext,
    service,
    serviceWorker,
    connectToService,
    openExtensionPage,
  }) => {
    ensureRepository('octo/widgets');
    const id = await createV0Conversation(service, {
      initial_user_msg: 'Fix issue #12 [scenario:long]',
      repository: 'octo/widgets',
      git_provider: 'github',
    });
    await shortenRefresh(serviceWorker, 1500);
    await connectToService();
    const options = await openExtensionPage('options.html');
    await expect
      .poll(
        async () =>
          (await readIndex(options)).entries.find(
            (entry) => entry.id.replaceAll('-', '') === id.replaceAll('-', ''),
          ),
        { timeout: 20_000 },
      )
      .toMatchObject({ state: 'working', generation: 'v0' });
    await serveFixtures(extContext, hostFixtures);
    const tab = await extContext.newPage();
    await tab.goto(issue12.url);
    await expect(stateButton(tab, /^Agent working/)).toBeVisible({ timeout: 20_000 });
    const other = await extContext.newPage();
    await other.goto(issue7.url);
    await expect(stateButton(other, 'Start conversation')).toBeVisible();
  });
});
