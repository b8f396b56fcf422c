// Opening a 10,000-event conversation from the cache (first rows within 150 ms, issue 17) and the panel's
// JS heap with all of it loaded (under 60 MB). The cache is filled the way people fill it: the
// panel watches a `long` scenario conversation until the agent is done.
import { startService } from '../../tests/service/index';
import type { Figure, Suite } from '../types';
import {
  cachedCount,
  connectPanel,
  createConversation,
  firstRowProbe,
  launchPanelBrowser,
  median,
  waitFor,
} from './panel-browser';

// Fifteen opens: with seven, the median of the same build moved by 30 ms between runs.
const RUNS = 15;

export const panelHistory: Suite = {
  name: 'side panel: 10,000-event conversation',
  async run(): Promise<Figure[]> {
    const service = await startService({ port: 0, pace: 0, rateLimit: false });
    const browser = await launchPanelBrowser();
    try {
      await connectPanel(browser, service);
      const id = await createConversation(service, '[scenario:long] Refactor the whole project');
      const watching = await browser.open(`sidepanel.html?conversation=${id}`);
      await service.admin.waitIdle(id);
      const stored = (await service.admin.storedEvents(id)).events.length;
      // The agent was quicker than the panel: what came before the panel looked is older
      // history, which the panel reads page by page. Export reads all of it, as a person would.
      const download = watching.waitForEvent('download', { timeout: 180_000 });
      await watching.getByRole('button', { name: 'Conversation actions' }).click();
      await watching.getByRole('menuitem', { name: 'Export JSON' }).click();
      await download;
      await waitFor(async () => (await cachedCount(watching, id)) >= stored, 180_000, 'the cache');
      await watching.close();

      await browser.context.addInitScript(firstRowProbe);
      const samples: number[] = [];
      let heapBytes = Number.NaN;
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        const page = await browser.open(`sidepanel.html?conversation=${id}`);
        await page.waitForFunction(
          () => (window as { __firstRowPaintedAt?: number }).__firstRowPaintedAt,
          null,
          {
            timeout: 30_000,
          },
        );
        samples.push(
          await page.evaluate(
            () => (window as unknown as { __firstRowPaintedAt: number }).__firstRowPaintedAt,
          ),
        );
        if (run === RUNS - 1) {
          // Everything loaded: the feed holds all events once the timeline counts them all.
          await page.getByRole('button', { name: 'Conversation actions' }).click();
          await page
            .getByRole('menuitemcheckbox', { name: 'Show system and hidden events' })
            .click();
          await page.waitForFunction(
            (expected) => {
              const feed = document.querySelector('[role="feed"]');
              return Number(feed?.getAttribute('data-row-count') ?? 0) >= expected;
            },
            Math.floor(stored / 2),
            { timeout: 60_000 },
          );
          rows = await page.evaluate(() =>
            Number(document.querySelector('[role="feed"]')?.getAttribute('data-row-count') ?? 0),
          );
          const cdp = await browser.context.newCDPSession(page);
          await cdp.send('HeapProfiler.enable');
          await cdp.send('HeapProfiler.collectGarbage');
          const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
          heapBytes = usage.usedSize;
        }
        await page.close();
      }
      const sorted = [...samples].sort((a, b) => a - b).map((value) => Math.round(value));
      return [
        {
          name: 'first timeline rows painted, opening a 10,000-event conversation from cache',
          value: Math.round(median(samples)),
          unit: 'ms',
          budget: 150,
          note: `median of ${RUNS} opens, from navigation start; samples ${sorted.join(', ')}; ${stored} events`,
        },
        {
          name: 'side panel JS heap with 10,000 events loaded',
          value: Math.round((heapBytes / (1024 * 1024)) * 10) / 10,
          unit: 'MB',
          budget: 60,
          note: `Runtime.getHeapUsage after a forced GC; ${stored} events, ${rows} timeline rows`,
        },
      ];
    } finally {
      await browser.close();
      await service.stop();
    }
  },
};
