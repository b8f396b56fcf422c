// The pages saved from the live code hosts (tests/shared/real-pages.ts) in Chromium with the built
// extension: each served at the address it was of, with its own markup, inline scripts and all,
// and nothing else of the host's (their script files, styles and images are refused, as the
// moment before they arrive). One tab goes through every page, so the sweep costs one browser.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { hostAdapters } from '../../lib/hosts/detect';
import { PAGE_CONTEXT_READER } from '../../lib/messaging/content-messages';
import { type RealPage, realPageHtml, realPagesExpected } from '../shared/real-pages';
import { ensureRepository } from '../shared/service-helpers';
import { expect, test } from './fixtures';
import { addSelfHostedHost, buttonRoots, startButton } from './support/host-pages';
import { appConversation, openedConversationId } from './support/panel-pages';

const pages = realPagesExpected();

/**
 * Each page at its address; any other request to the web is refused (the local reference
 * service, on 127.0.0.1, is left alone).
 */
async function servePages(context: BrowserContext, served: readonly RealPage[]) {
  const byUrl = new Map(served.map((page) => [new URL(page.url).href, page.file]));
  await context.route(
    (url) => /^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1',
    (route) => {
      const file = byUrl.get(route.request().url());
      if (!file) return route.abort();
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: realPageHtml(file),
      });
    },
  );
}

/** Where the one button is: at the element the anchor finds (by its own position), or floating. */
function placement(tab: Page, anchor: { selector: string; position: string } | null) {
  return tab.evaluate((spec) => {
    const roots = document.querySelectorAll('[data-handoff-root]');
    if (roots.length !== 1) return `${roots.length} buttons`;
    const root = roots[0] as Element;
    if (root.hasAttribute('data-floating')) {
      return root.parentElement === document.body ? 'floating' : 'floating inside the page';
    }
    const element = spec && document.querySelector(spec.selector);
    if (!spec || !element) return 'anchored where no anchor of the table is';
    const at =
      spec.position === 'before'
        ? element.previousElementSibling === root
        : spec.position === 'after'
          ? element.nextElementSibling === root
          : root.parentElement === element;
    return at ? 'at-anchor' : 'beside another element';
  }, anchor);
}

/** What the content script answers the worker's "what is this page about?" with. */
function pageContext(serviceWorker: Worker, href: string) {
  return serviceWorker.evaluate(
    async ({ href, reader }) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === href);
      if (tab?.id === undefined) return 'no tab';
      const [answer] = await chrome.scripting.executeScript({
        target: { tabId: tab.id },
        func: (name: string) =>
          (globalThis as unknown as Record<string, () => unknown>)[name]?.() ?? null,
        args: [reader],
      });
      return answer?.result ?? null;
    },
    { href, reader: PAGE_CONTEXT_READER },
  );
}

test('every page saved from the live hosts: one button where its table says, and the context a start takes', async ({
  extContext,
  serviceWorker,
  openExtensionPage,
}) => {
  test.setTimeout(240_000);
  await servePages(extContext, pages);
  const options = await openExtensionPage('options.html');
  const selfHosted = new Map(
    pages.flatMap((page) =>
      page.selfHosted ? [[new URL(page.url).origin, page.selfHosted] as const] : [],
    ),
  );
  // The test build holds their access already (wxt.config.ts): Chromium's prompt cannot be
  // answered under automation.
  const granted = await serviceWorker.evaluate(() => chrome.runtime.getManifest().host_permissions);
  for (const [origin, provider] of selfHosted) {
    // Match patterns leave ports out.
    const { protocol, hostname } = new URL(origin);
    const pattern = `${protocol}//${hostname}/*`;
    expect(granted, `add ${pattern} to the end-to-end build's origins`).toContain(pattern);
    await addSelfHostedHost(options, origin, provider);
  }
  await options.close();
  const specs = hostAdapters.flatMap((adapter) => adapter.anchors);
  // One page's failure does not hide the next one's.
  const check = expect.configure({ soft: true });
  const tab = await extContext.newPage();
  for (const page of pages) {
    await test.step(`${page.file} (${page.era})`, async () => {
      await tab.goto(page.url);
      const floating = 'floating' in page.button;
      const spec = 'anchor' in page.button ? page.button.anchor : null;
      const anchor = specs.find((s) => s.id === spec) ?? null;
      expect(floating || anchor, `${spec} is an anchor of lib/hosts`).toBeTruthy();
      // A floating button waits for the host's time to draw its header (1.5 s after load).
      await check
        .poll(() => placement(tab, anchor), { timeout: 10_000 })
        .toBe(floating ? 'floating' : 'at-anchor');
      await check(startButton(tab)).toHaveCount(1);
      check(await pageContext(serviceWorker, tab.url())).toEqual(page.context);
      await check(buttonRoots(tab), 'still one button once the page has settled').toHaveCount(1);
    });
  }
});

test('a start from a file opened at a commit offers the commit and starts the agent there', async ({
  service,
  extContext,
  serviceWorker,
  connectToService,
}) => {
  const permalink = pages.find((page) => page.file === 'github.com/blob-2021-12-octolinker.html');
  const sha = permalink?.context.sha;
  if (!permalink || !sha) throw new Error('the permalink page is missing from the table');
  await connectToService();
  ensureRepository(permalink.context.repository);
  await servePages(extContext, [permalink]);
  // The panel opens as a window of its own, which a test can hold (as altClickStart does).
  await serviceWorker.evaluate(() => chrome.sidePanel.setOptions({ enabled: false }));
  const tab = await extContext.newPage();
  await tab.goto(permalink.url);
  const opened = extContext.waitForEvent('page');
  await startButton(tab).click();
  const panel = await opened;
  const form = panel.getByRole('form', { name: 'New conversation' });
  const commit = form.getByRole('checkbox', {
    name: `Start at commit ${sha.slice(0, 12)}, where the page was`,
  });
  await expect(commit).toBeChecked();
  await expect(form.getByText('The agent gets the code as it was at this commit')).toBeVisible();
  await form.getByRole('button', { name: 'Start conversation' }).click();
  const id = await openedConversationId(panel);
  expect(await appConversation(service, id)).toMatchObject({
    selected_repository: permalink.context.repository,
    selected_branch: sha,
    git_provider: 'github',
  });
});
