import { assistantMessageEvent, stateUpdate, statsValue } from '../service/agent/v1-scenarios';
import { NEWEST_AGENT_SERVER_VERSION } from '../service/agent-server/release';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { cachedForm, startConversation, storedForm } from './support/generations';
import {
  collectTimelineIds,
  openPanel,
  sameIds,
  showSystemEvents,
  storedIds,
  timeline,
} from './support/panel-pages';
import { latestSnapshot, watchOverPort } from './support/stream-probe';

// Issue 25: the agent server stamps an event when it is made and stores it when it gets the
// conversation's lock, so a step's `stats` update is stored after the step's action and
// observation, which are stamped later. A resume "since the newest timestamp seen" skipped it.
// Here the service stores events stamped before ones already delivered, while the socket is down
// and while the worker is stopped; the panel must end up with every stored event exactly once.
//
// The journey plays two agent servers, one for each way the stream resumes
// (docs/contract/agent-server.md#replaying-and-resuming): 1.22.0, the last release whose event
// search sorts by timestamp (the count check), and the newest, whose search walks the log in
// stored order (the anchor), and whose run loop itself stores each step's stats update late.

/** `timestamp` plus `micros` microseconds, in the service's naive six-digit form. */
function shifted(timestamp: string, micros: number): string {
  const [whole, fraction = '0'] = timestamp.split('.');
  const value = Number(fraction.padEnd(6, '0').slice(0, 6)) + micros;
  if (value < 0 || value > 999_999) throw new Error(`cannot shift ${timestamp} by ${micros} µs`);
  return `${whole}.${String(value).padStart(6, '0')}`;
}

/**
 * Timestamps strictly between the two newest stored events: older than the newest one the
 * panel has already been sent, newer than everything before it.
 */
async function stampsBeforeTheNewest(
  service: RunningService,
  id: string,
  count: number,
): Promise<string[]> {
  const log = await service.admin.storedEvents(id);
  const stamps = [...new Set(log.events.map((event) => String(event.timestamp)))].sort();
  const newest = stamps.at(-1) as string;
  const before = stamps.at(-2) as string;
  const out: string[] = [];
  for (let step = 1; step <= count; step++) {
    const candidate = shifted(before, step);
    // Two events a few microseconds apart: fall back to the earlier one's own stamp.
    out.push(candidate < newest ? candidate : before);
  }
  return out;
}

/** A step's stats update and a message, both stored late (stamped before the newest event). */
async function storeLate(service: RunningService, id: string, text: string): Promise<string[]> {
  const [statsAt, messageAt] = await stampsBeforeTheNewest(service, id, 2);
  const stored = await service.admin.appendEvents(id, [
    { id: crypto.randomUUID(), timestamp: statsAt, ...stateUpdate('stats', statsValue()) },
    { id: crypto.randomUUID(), timestamp: messageAt, ...assistantMessageEvent(text) },
  ]);
  return stored.map((event) => String(event.id));
}

for (const agentVersion of ['1.22.0', NEWEST_AGENT_SERVER_VERSION]) {
  test.describe(`events stored after later-stamped ones (agent server ${agentVersion})`, () => {
    test.use({ serviceOptions: { server: 'v1', pace: 0.02, agentVersion } });

    test('reach the panel once each, across a dropped socket and a stopped worker', async ({
      service,
      connectToService,
      openExtensionPage,
      stopServiceWorker,
    }) => {
      test.setTimeout(120_000);
      await connectToService();
      const probe = await openExtensionPage('sidepanel.html');
      const id = await startConversation(probe, service, 'v1', 'Add a due date field');
      await watchOverPort(probe, id, 'v1');
      await service.admin.waitIdle(id);
      await expect
        .poll(() => cachedForm(probe, id, 'v1'), { timeout: 20_000 })
        .toEqual(await storedForm(service, id, 'v1'));

      // The socket drops; while it is down the server stores a late stats update and message.
      const reconnects = (await latestSnapshot(probe))?.counters.reconnects ?? 0;
      await service.admin.dropSockets();
      const droppedLate = await storeLate(service, id, 'Stored while the socket was down.');
      await expect
        .poll(async () => (await latestSnapshot(probe))?.counters.reconnects ?? 0, {
          timeout: 20_000,
        })
        .toBeGreaterThan(reconnects);
      await expect
        .poll(() => cachedForm(probe, id, 'v1'), { timeout: 30_000, intervals: [500] })
        .toEqual(await storedForm(service, id, 'v1'));

      // The browser stops the worker with no page open: nothing wakes it while the server stores
      // more late events; the next page to open restarts it from its persisted cursor.
      await probe.close();
      await stopServiceWorker();
      const stoppedLate = await storeLate(service, id, 'Stored while the worker was stopped.');
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await showSystemEvents(page);
      const stored = await storedIds(service, id);
      for (const late of [...droppedLate, ...stoppedLate]) {
        expect(sameIds(stored)).toContain(sameIds([late])[0]);
      }
      // Every stored event has exactly one row's worth of ids in the timeline, none twice.
      await expect
        .poll(async () => sameIds(await collectTimelineIds(page)), { timeout: 30_000 })
        .toEqual(sameIds(stored));
      await expect(timeline(page).getByText('Stored while the socket was down.')).toHaveCount(1);
      await expect(timeline(page).getByText('Stored while the worker was stopped.')).toHaveCount(1);
      // And the cache the next panel opens from holds each once.
      await expect
        .poll(() => cachedForm(page, id, 'v1'), { timeout: 20_000 })
        .toEqual(await storedForm(service, id, 'v1'));
    });
  });
}
