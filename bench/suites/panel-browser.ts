// What the side panel's benchmarks share: Chromium with the production build loaded (as the
// end-to-end fixtures load the test build), the panel pointed at a local reference service, and
// small statistics. Not a suite itself: it exports no `Suite`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with the Node scripts, typed by its JSDoc.
import { findChromium } from '../../scripts/chromium.mjs';
import { patchStoredSettings } from '../../tests/e2e/support/trusted-settings';
import type { RunningService } from '../../tests/service/index';
import { createV1Conversation } from '../../tests/shared/service-helpers';

const extensionDir = resolve('.output/chrome-mv3');

export interface PanelBrowser {
  context: BrowserContext;
  extensionId: string;
  open(path: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchPanelBrowser(): Promise<PanelBrowser> {
  const found = findChromium() as { path: string } | null;
  if (!found) throw new Error('No Chromium found: run node scripts/ensure-chromium.mjs');
  const profile = mkdtempSync(join(tmpdir(), 'handoff-panel-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.path,
    headless: true,
    viewport: { width: 420, height: 900 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--disable-quic',
      // performance.memory reports real (unrounded, unbucketed) sizes with this flag.
      '--enable-precise-memory-info',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    async open(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * An init script that records, in the page, when the first timeline row was painted (the first
 * animation frame after the row is in the DOM): `__firstRowPaintedAt` from navigation start, and
 * `__firstRowPaintedEpoch` on the wall clock the bench's own process shares.
 */
export const firstRowProbe = `
  (() => {
    const seen = () => document.querySelector('.timeline-row');
    const mark = () => requestAnimationFrame(() => {
      const now = performance.now();
      window.__firstRowPaintedAt = now;
      window.__firstRowPaintedEpoch = performance.timeOrigin + now;
    });
    const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); mark(); } });
    document.addEventListener('DOMContentLoaded', () => {
      if (seen()) mark(); else observer.observe(document.body, { childList: true, subtree: true });
    });
  })();
`;

/** Points the extension at the service, as the options page saves an address (no key). */
export async function connectPanel(browser: PanelBrowser, service: RunningService): Promise<void> {
  const page = await browser.open('options.html');
  await patchStoredSettings(page, { serverUrl: service.url, credentialsChangedAt: Date.now() });
  await page.close();
}

/** How many events the extension's cache holds for a conversation. */
export function cachedCount(page: Page, conversationId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('handoff-events');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!db.objectStoreNames.contains('events')) return 0;
    const count = await new Promise<number>((resolve, reject) => {
      const request = db
        .transaction('events')
        .objectStore('events')
        .count(IDBKeyRange.bound([id, ''], [id, '\uffff']));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return count;
  }, conversationId);
}

/** Starts a conversation on the service's V1 app server, as another client would. */
export function createConversation(service: RunningService, message: string): Promise<string> {
  return createV1Conversation(service, message);
}

export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
