import { expect, test } from './fixtures';
import {
  cachedOrders,
  createV0Conversation,
  latestSnapshot,
  serviceOrders,
  watchOverPort,
} from './support/stream-probe';

// Issue 5 (bad input): malformed frames, unknown event types, oversized events and an
// unreachable server are survived, counted and shown; no stored event is lost.

test('malformed, non-event and oversized frames are counted and the stream goes on', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = await createV0Conversation(page, service, {
    initial_user_msg: '[scenario:finish-quickly] x',
  });
  await watchOverPort(page, id, 'v0');
  await service.admin.waitIdle(id);
  await expect.poll(async () => (await latestSnapshot(page))?.transport.phase).toBe('live');
  await service.admin.sendFrame(id, 'not-an-event');
  await service.admin.sendFrame(id, 'oversized', { bytes: 2 * 1024 * 1024 });
  await expect
    .poll(async () => {
      const counters = (await latestSnapshot(page))?.counters;
      return [counters?.malformed ?? 0, counters?.oversized ?? 0];
    })
    .toEqual([1, 1]);
  // A packet Socket.IO cannot parse makes the client drop the connection: it comes back.
  await service.admin.sendFrame(id, 'malformed');
  await expect
    .poll(async () => (await latestSnapshot(page))?.counters.reconnects ?? 0)
    .toBeGreaterThan(0);
  await expect.poll(async () => (await latestSnapshot(page))?.transport.phase).toBe('live');
  // Events stored after the bad frames still arrive, unknown types included.
  await service.admin.appendEvents(id, [
    {
      action: 'teleport',
      source: 'agent',
      message: 'an action type nobody knows',
      args: { to: 'mars' },
    },
    { observation: 'hologram', source: 'agent', content: 'unknown observation', extras: {} },
  ]);
  // The banner shows the oversized error's words, cut to a readable length.
  expect(((await latestSnapshot(page))?.conversation.error ?? '').length).toBeLessThan(2100);
  const expected = await serviceOrders(service, id);
  await expect.poll(() => cachedOrders(page, id), { timeout: 20_000 }).toEqual(expected);
});

test('an unreachable server is reported in words', async ({
  connectToService,
  openExtensionPage,
  service,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = service.seedIds.v0.todoApp;
  await service.stop();
  await watchOverPort(page, id, 'v0');
  await expect
    .poll(async () => (await latestSnapshot(page))?.conversation.error ?? '', { timeout: 20_000 })
    .toMatch(/reach|connect|network|respond/i);
});
