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
import { type RunningService, type ServiceOptions, startService } from '../service/index';
import { storeConnection } from '../shared/extension-state';
import { extensionDir } from './paths';

export interface ConnectOptions {
  /** Store this key, as the options page does. Default: the service's own key, if any. */
  apiKey?: string | null;
}

export interface ExtensionFixtures {
  /** Options for this test's reference service; override with test.use({ serviceOptions }). */
  serviceOptions: ServiceOptions;
  /** A fresh local reference service on a free port, started when a test asks for it. */
  service: RunningService;
  /**
   * Options for a second reference service beside `service` (an agent server unless a spec says
   * otherwise): several servers at once.
   */
  secondServiceOptions: ServiceOptions;
  /** A second fresh reference service, of its own kind and key, started when a test asks. */
  secondService: RunningService;
  /**
   * Points the extension at this test's service the way the options page saves it: the
   * address in the trusted store, the key bound to the service's origin (both IndexedDB).
   */
  connectToService: (options?: ConnectOptions) => Promise<void>;
  /** The unpacked folder Chromium loads: the end-to-end build, unless a spec installs another. */
  extensionPath: string;
  /** A fresh Chromium profile with the extension at `extensionPath` loaded, one per test. */
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

/** A reference service on a free port with the journeys' defaults (V1-only, fast pacing). */
export function startReferenceService(options: ServiceOptions = {}): Promise<RunningService> {
  return startService({ port: 0, server: 'v1', pace: 0.02, ...options });
}

/** A Chromium with the built extension loaded, as the `extContext` fixture makes one. */
export interface LaunchedExtension {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  openExtensionPage: (path: string) => Promise<Page>;
  close: () => Promise<void>;
}

async function launchContext(userDataDir: string, path = extensionDir): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [
      `--disable-extensions-except=${path}`,
      `--load-extension=${path}`,
      '--disable-quic',
      ...(process.env.HANDOFF_CHROME_LOGS
        ? ['--enable-logging=stderr', '--disable-crash-reporter', '--disable-breakpad']
        : []),
      // The service's sandboxes advertise `localhost` addresses, as Docker-run sandboxes do; a
      // person's browser is usually on another machine, where `localhost` is not the server.
      // Nothing may reach the service through that name: addresses must be rewritten.
      '--host-resolver-rules=MAP localhost 192.0.2.1',
    ],
  });
}

/**
 * One browser for a whole spec file (`beforeAll`), where its tests share what they set up: the
 * same as the per-test `extContext`, closed and its profile removed by `close()`.
 */
export async function launchExtension(): Promise<LaunchedExtension> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'handoff-e2e-'));
  const context = await launchContext(userDataDir);
  const serviceWorker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    serviceWorker,
    extensionId,
    openExtensionPage: async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path.replace(/^\//, '')}`);
      return page;
    },
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
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
  // Faithful by default (rate limit on); fast pacing so scenarios finish in test time.
  serviceOptions: [{ pace: 0.02 }, { option: true }],

  service: async ({ serviceOptions }, use) => {
    // A current, V1-only server unless a spec asks for another kind.
    const service = await startService({ port: 0, server: 'v1', ...serviceOptions });
    try {
      await use(service);
    } finally {
      await service.stop();
    }
  },

  secondServiceOptions: [{ server: 'agent', pace: 0.02 }, { option: true }],

  secondService: async ({ secondServiceOptions }, use) => {
    const service = await startService({ port: 0, ...secondServiceOptions });
    try {
      await use(service);
    } finally {
      await service.stop();
    }
  },

  connectToService: async ({ service, openExtensionPage }, use) => {
    await use(async (options = {}) => {
      const page = await openExtensionPage('options.html');
      const apiKey = options.apiKey === undefined ? service.apiKey : options.apiKey;
      // Same stores as lib/settings/secrets.ts and lib/settings/store.ts; shared with Firefox.
      await page.evaluate(storeConnection, { serverUrl: service.url, apiKey });
      await page.close();
    });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
  extensionPath: async ({}, use) => {
    await use(extensionDir);
  },

  extContext: async ({ extensionPath }, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'handoff-e2e-'));
    const context = await launchContext(userDataDir, extensionPath);
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

  stopServiceWorker: async ({ extContext }, use) => {
    // A blank page hosts the CDP session: extension pages may reload or close under a test.
    let cdpPage: Page | undefined;
    let cdp: CDPSession | undefined;
    /** The extension worker's newest running status, as CDP last reported it. */
    let status = 'unknown';
    const statusListeners = new Set<() => void>();
    const onUpdate = (event: { versions: { runningStatus: string; scriptURL: string }[] }) => {
      const ours = event.versions.filter((v) => v.scriptURL.startsWith('chrome-extension://'));
      if (ours.length === 0) return;
      status = ours.at(-1)?.runningStatus ?? status;
      for (const listener of statusListeners) listener();
    };
    const statusBecomes = (wanted: string, timeout: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (status !== wanted) return;
          statusListeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          statusListeners.delete(check);
          reject(new Error(`the extension's worker stayed ${status}, never ${wanted}`));
        }, timeout);
        statusListeners.add(check);
        check();
      });
    const session = async (): Promise<CDPSession> => {
      if (cdp && cdpPage && !cdpPage.isClosed()) return cdp;
      cdpPage = await extContext.newPage();
      cdp = await extContext.newCDPSession(cdpPage);
      cdp.on('ServiceWorker.workerVersionUpdated', onUpdate);
      await cdp.send('ServiceWorker.enable');
      return cdp;
    };
    await use(async () => {
      const current = await session();
      // The browser stops an idle worker, never one still starting: a stop sent mid-start
      // crashes this Chromium (SIGTRAP in the browser process), which no person's browser does.
      if (status === 'starting') await statusBecomes('running', 10_000);
      const stopped = statusBecomes('stopped', 30_000);
      await current.send('ServiceWorker.stopAllWorkers');
      await stopped;
    });
    await cdpPage?.close().catch(() => {});
  },
});

export { expect } from '@playwright/test';
