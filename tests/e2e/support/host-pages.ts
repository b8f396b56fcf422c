import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';
import { type HostFixture, hostFixtures } from '../../fixtures/hosts/index';
import { fixtureHtml, fixturePagesByUrl } from '../../shared/host-fixtures';
import { patchStoredSettings, readStoredSettings } from './trusted-settings';

export { fixtureHtml } from '../../shared/host-fixtures';

/** Serves each fixture at its real URL, so the content scripts' match patterns apply. */
export async function serveFixtures(
  context: BrowserContext,
  fixtures: readonly Pick<HostFixture, 'url' | 'file'>[],
): Promise<void> {
  const byUrl = fixturePagesByUrl(fixtures);
  await context.route(
    (url) => byUrl.has(url.href),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: byUrl.get(route.request().url()) as string,
      }),
  );
}

/**
 * Alt-clicks Handoff's button on the host fixture page at `url` with the side panel switched
 * off, so the worker opens the panel page in a small window of its own (`?for-window=`), which
 * says hello with that id and takes the launch stored for it; gives that window's page.
 */
export async function altClickStart(
  context: BrowserContext,
  serviceWorker: Worker,
  url: string,
): Promise<Page> {
  await serveFixtures(context, hostFixtures);
  await serviceWorker.evaluate(() => chrome.sidePanel.setOptions({ enabled: false }));
  const tab = await context.newPage();
  await tab.goto(url);
  const opened = context.waitForEvent('page');
  await startButton(tab).click({ modifiers: ['Alt'] });
  return opened;
}

/**
 * Adds a self-hosted origin as the options page's editor does (lib/settings/editor.ts) once
 * the person granted it: the setting is written and the worker, which follows every settings
 * change, registers the content script for it. Resolves when the registration exists.
 */
export async function addSelfHostedHost(
  extensionPage: Page,
  origin: string,
  provider: HostFixture['provider'],
): Promise<void> {
  const stored = (await readStoredSettings(extensionPage)) as {
    selfHostedHosts?: { origin: string; provider: string }[];
  };
  const hosts = (stored.selfHostedHosts ?? []).filter((host) => host.origin !== origin);
  await patchStoredSettings(extensionPage, {
    selfHostedHosts: [...hosts, { origin, provider }],
  });
  await expect
    .poll(() =>
      extensionPage.evaluate(async () =>
        (await chrome.scripting.getRegisteredContentScripts()).map((script) => script.matches),
      ),
    )
    .toContainEqual([`${origin}/*`]);
}

export const buttonRoots = (page: Page) => page.locator('[data-handoff-root]');
export const startButton = (page: Page) =>
  page.getByRole('button', { name: 'Start conversation', exact: true });

/** Where the one button sits: at the element the fixture marks, or floating where none is. */
export async function expectOneButtonAt(page: Page, anchorId: string | null): Promise<void> {
  await expect(startButton(page)).toHaveCount(1);
  await expect(buttonRoots(page)).toHaveCount(1);
  const placement = await page.evaluate(() => {
    const root = document.querySelector('[data-handoff-root]');
    const anchor = document.querySelector('[data-expected-anchor]');
    if (!root) return 'missing';
    if (root.hasAttribute('data-floating')) return 'floating';
    if (!anchor) return 'anchored without a marked anchor';
    if (
      anchor.contains(root) ||
      anchor.nextElementSibling === root ||
      anchor.previousElementSibling === root
    ) {
      return 'at-anchor';
    }
    return 'elsewhere';
  });
  expect(placement).toBe(anchorId === null ? 'floating' : 'at-anchor');
}

/**
 * A soft navigation the way the hosts do it: push a URL, swap the page's body for another
 * page's, update the title, and fire the host's own event. No network, no reload.
 */
export async function softNavigate(
  page: Page,
  to: Pick<HostFixture, 'url' | 'file'>,
  event: string | null,
): Promise<void> {
  const html = fixtureHtml(to);
  await page.evaluate(
    ({ url, html, event }) => {
      const next = new DOMParser().parseFromString(html, 'text/html');
      history.pushState({ handoffTest: url }, '', url);
      document.title = next.title;
      document.body.replaceWith(document.adoptNode(next.body));
      if (event) document.dispatchEvent(new Event(event, { bubbles: true }));
    },
    { url: to.url, html, event },
  );
}

/** Makes history traversal restore each page's body, as Turbo's snapshot cache does. */
export async function restoreBodiesOnPopstate(
  page: Page,
  pages: readonly HostFixture[],
): Promise<void> {
  const bodies = Object.fromEntries(pages.map((p) => [p.url, fixtureHtml(p)]));
  await page.evaluate((bodies) => {
    window.addEventListener('popstate', () => {
      const html = bodies[location.href];
      if (!html) return;
      const next = new DOMParser().parseFromString(html, 'text/html');
      document.title = next.title;
      document.body.replaceWith(document.adoptNode(next.body));
    });
  }, bodies);
}
