import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BrowserContext,
  test as base,
  type CDPSession,
  chromium,
  type Page,
  type Route,
  type Worker,
} from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with the Node scripts, typed by its JSDoc.
import { findChromium } from '../../scripts/chromium.mjs';
import { extensionDir } from './paths';

export interface ExtensionFixtures {
  /** A fresh Chromium profile with the built extension loaded, one per test. */
  extContext: BrowserContext;
  /** The extension's MV3 service worker. After a stop, evaluate() runs in the restarted worker. */
  serviceWorker: Worker;
  extensionId: string;
  /** Opens an extension page (options.html, sidepanel.html?conversation=…) as a tab. */
  openExtensionPage: (path: string) => Promise<Page>;
  /** Serves HTML for a real code-host URL pattern, so content-script match patterns apply. */
  routeHtml: (pattern: string | RegExp, html: string | ((route: Route) => string)) => Promise<void>;
  /** Stops the extension service worker through CDP, as the browser does when it is idle. */
  stopServiceWorker: () => Promise<void>;
}

function chromiumPath(): string {
  const found = findChromium() as { path: string } | null;
  if (!found) {
    throw new Error(
      'No Chromium found. Run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.',
    );
  }
  return found.path;
}

export const test = base.extend<ExtensionFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
  extContext: async ({}, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'handoff-e2e-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath(),
      headless: true,
      args: [
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        '--disable-quic',
      ],
    });
    try {
      await use(context);
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },

  serviceWorker: async ({ extContext }, use) => {
    const worker =
      extContext.serviceWorkers()[0] ?? (await extContext.waitForEvent('serviceworker'));
    await use(worker);
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  openExtensionPage: async ({ extContext, extensionId }, use) => {
    await use(async (path) => {
      const page = await extContext.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path.replace(/^\//, '')}`);
      return page;
    });
  },

  routeHtml: async ({ extContext }, use) => {
    await use(async (pattern, html) => {
      await extContext.route(pattern, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: typeof html === 'function' ? html(route) : html,
        }),
      );
    });
  },

  stopServiceWorker: async ({ extContext, openExtensionPage }, use) => {
    let cdpPage: Page | undefined;
    let cdp: CDPSession | undefined;
    await use(async () => {
      if (!cdp) {
        cdpPage = await openExtensionPage('options.html');
        cdp = await extContext.newCDPSession(cdpPage);
        await cdp.send('ServiceWorker.enable');
      }
      const session = cdp;
      const stopped = new Promise<void>((resolve) => {
        const onUpdate = (event: { versions: { runningStatus: string; scriptURL: string }[] }) => {
          if (
            event.versions.some(
              (v) => v.scriptURL.startsWith('chrome-extension://') && v.runningStatus === 'stopped',
            )
          ) {
            session.off('ServiceWorker.workerVersionUpdated', onUpdate);
            resolve();
          }
        };
        session.on('ServiceWorker.workerVersionUpdated', onUpdate);
      });
      await session.send('ServiceWorker.stopAllWorkers');
      await stopped;
    });
    await cdpPage?.close().catch(() => {});
  },
});

export { expect } from '@playwright/test';
