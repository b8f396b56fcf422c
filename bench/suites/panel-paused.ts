// Opening a paused V1 conversation of about a thousand events that this browser never saw: its
// history comes from the app server (/api/v1/conversation/{id}/events/search, paged by
// page_id), as on every current server. Two figures: how soon the first rows are painted after
// the panel's first history request reaches the server, and how many history requests the
// panel and a full export make per 100 events (a page holds at most 100, so 1,003 events take
// 11 pages: the figure divides by the pages needed, and 1 is the least possible).
import type { Page } from '@playwright/test';
import { type RunningService, startService } from '../../tests/service/index';
import { appConversation } from '../../tests/shared/service-helpers';
import type { Figure, Suite } from '../types';
import {
  connectPanel,
  createConversation,
  firstRowProbe,
  launchPanelBrowser,
  median,
  waitFor,
} from './panel-browser';

const RUNS = 5;

/** Wall-clock arrival times of history requests, per conversation, as the service sees them. */
function watchHistoryRequests(service: RunningService): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  const faults = service.service.faults;
  const take = faults.take.bind(faults);
  const route = /^\/api\/v1\/conversation\/([^/]+)\/events\/search\/?$/;
  // Observation only: the service answers exactly as before.
  faults.take = (kind, req, matched) => {
    const id = route.exec(req.path)?.[1];
    if (id && req.method === 'GET') seen.set(id, [...(seen.get(id) ?? []), Date.now()]);
    return take(kind, req, matched);
  };
  return seen;
}

/** A conversation of a burst of events, finished, its sandbox paused. */
async function pausedConversation(
  service: RunningService,
): Promise<{ id: string; events: number }> {
  const id = await createConversation(service, '[scenario:burst] Lots of small steps');
  await service.admin.waitIdle(id);
  const sandbox = String((await appConversation(service, id))?.sandbox_id);
  const headers: Record<string, string> = service.apiKey
    ? { 'X-Session-API-Key': service.apiKey }
    : {};
  const paused = await fetch(`${service.url}/api/v1/sandboxes/${sandbox}/pause`, {
    method: 'POST',
    headers,
  });
  if (!paused.ok) throw new Error(`pausing the sandbox answered ${paused.status}`);
  await waitFor(
    async () => (await appConversation(service, id))?.sandbox_status === 'PAUSED',
    20_000,
    'the sandbox to pause',
  );
  return { id, events: (await service.admin.storedEvents(id)).events.length };
}

async function exportAll(page: Page): Promise<void> {
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: 'Export JSON' }).click();
  await download;
}

export const panelPaused: Suite = {
  name: 'side panel: paused 1,000-event V1 conversation',
  async run(): Promise<Figure[]> {
    const service = await startService({ port: 0, pace: 0, rateLimit: false });
    const requests = watchHistoryRequests(service);
    const browser = await launchPanelBrowser();
    try {
      await connectPanel(browser, service);
      await browser.context.addInitScript(firstRowProbe);
      const delays: number[] = [];
      const openRatios: number[] = [];
      const exportRatios: number[] = [];
      let events = 0;
      for (let run = 0; run < RUNS; run++) {
        // A new conversation each time: nothing of it is cached, as for a person opening it first.
        const conversation = await pausedConversation(service);
        events = conversation.events;
        const page = await browser.open(`sidepanel.html?conversation=${conversation.id}`);
        await page.waitForFunction(
          () => (window as { __firstRowPaintedEpoch?: number }).__firstRowPaintedEpoch,
          null,
          { timeout: 30_000 },
        );
        const paintedAt = await page.evaluate(
          () => (window as unknown as { __firstRowPaintedEpoch: number }).__firstRowPaintedEpoch,
        );
        const firstRequest = requests.get(conversation.id)?.[0];
        if (firstRequest === undefined) throw new Error('the panel painted rows without history');
        delays.push(paintedAt - firstRequest);
        // The open settles with the newest page shown and older history offered.
        await page
          .getByRole('button', { name: 'Load older events' })
          .waitFor({ state: 'visible', timeout: 20_000 });
        await page.waitForTimeout(1_000);
        const onOpen = requests.get(conversation.id)?.length ?? 0;
        openRatios.push(onOpen / Math.ceil(conversation.events / 100));
        await exportAll(page);
        const all = requests.get(conversation.id)?.length ?? 0;
        exportRatios.push(all / Math.ceil(conversation.events / 100));
        await page.close();
      }
      const sorted = [...delays].sort((a, b) => a - b).map((value) => Math.round(value));
      return [
        {
          name: 'first rows painted after the first history request, paused V1 conversation',
          value: Math.round(median(delays)),
          unit: 'ms',
          budget: 300,
          note: `median of ${RUNS} cold opens of ~${events} events; from the request reaching the server (so it includes the server's answer); samples ${sorted.join(', ')}`,
        },
        {
          name: 'history requests per 100 events, opening it',
          value: Math.round(Math.max(...openRatios) * 100) / 100,
          unit: 'req',
          budget: 1,
          note: `worst of ${RUNS}; the open reads the newest page and offers older history`,
        },
        {
          name: 'history requests per 100 events, exporting all of it',
          value: Math.round(Math.max(...exportRatios) * 100) / 100,
          unit: 'req',
          budget: 1,
          note: `worst of ${RUNS}; the open's requests included`,
        },
      ];
    } finally {
      await browser.close();
      await service.stop();
    }
  },
};
