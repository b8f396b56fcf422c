// Launching Chromium with the built extension for benchmarks, like the end-to-end fixtures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
// @ts-expect-error: plain ESM helper shared with the Node scripts.
import { findChromium } from '../scripts/chromium.mjs';

export const productionBuild = resolve('.output/chrome-mv3');
export const bareExtension = resolve('bench/bare-extension');
/**
 * The end-to-end build (scripts/bench.mjs makes it beside the production one): the same product
 * plus the worker's test hooks, for figures that need a hook Playwright cannot do without (a
 * notification's button click).
 */
export const e2eBuild = resolve('.output/bench-e2e/chrome-mv3');

export interface BenchBrowser {
  context: BrowserContext;
  /** Handoff's worker; the bare floor extension has none. */
  worker: Worker;
  extensionId: string;
  close(): Promise<void>;
}

export async function launchWithExtensions(
  extensions: string[] = [productionBuild],
): Promise<BenchBrowser> {
  const found = findChromium() as { path: string } | null;
  if (!found) throw new Error('No Chromium: run node scripts/ensure-chromium.mjs');
  const profile = mkdtempSync(join(tmpdir(), 'handoff-bench-'));
  const list = extensions.join(',');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.path,
    headless: true,
    args: [`--disable-extensions-except=${list}`, `--load-extension=${list}`, '--disable-quic'],
  });
  const isHandoff = (w: Worker) => w.url().endsWith('/background.js');
  const worker = extensions.some((path) => path === productionBuild || path === e2eBuild)
    ? (context.serviceWorkers().find(isHandoff) ??
      (await context.waitForEvent('serviceworker', isHandoff)))
    : (null as unknown as Worker);
  return {
    context,
    worker,
    extensionId: worker ? new URL(worker.url()).host : '',
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ] as number;
}
