import type { Generation } from '@/lib/api/generation';
import type { StoredLog } from '../service/admin';
import { expect, test } from './fixtures';
import { journeyKinds, startConversation } from './support/generations';
import {
  appConversation,
  collectTimelineIds,
  expectLive,
  idsInTimeOrder,
  openPanel,
  sameIds,
  showSystemEvents,
  storedIds,
  timeline,
} from './support/panel-pages';

// A conversation while its agent works: the live stream into the timeline, the composer, and
// drafts. On a V1-only server the stream is the agent server's websocket and a message goes to
// the agent server; on a legacy server a classic conversation streams over Socket.IO.

/** An event id as the panel and the service may each write it (V1 dashes, case). */
function normalId(id: string): string {
  return id.replaceAll('-', '').toLowerCase();
}

/** Whether the service stored a message from the person with exactly this text. */
function storedUserMessage(log: StoredLog, text: string): boolean {
  return log.events.some((event) => {
    if (log.version === 'V0') {
      return (
        event.action === 'message' &&
        event.source === 'user' &&
        (event.args as { content?: string }).content === text
      );
    }
    const content = (event.llm_message as { content?: { type: string; text?: string }[] } | null)
      ?.content;
    return (
      event.kind === 'MessageEvent' &&
      event.source === 'user' &&
      !!content?.some((part) => part.type === 'text' && part.text === text)
    );
  });
}

/** A finished conversation whose agent is not running, of this kind, as the server seeded it. */
function asleep(
  service: { seedIds: { v0: { quickQuestion: string }; v1: { parserFixDone: string } } },
  generation: Generation,
): string {
  return generation === 'v0' ? service.seedIds.v0.quickQuestion : service.seedIds.v1.parserFixDone;
}

for (const { generation, title, server } of journeyKinds) {
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test.describe('while the agent works', () => {
      // A steady few events a second, so the run is still under way when the panel opens.
      test.use({ serviceOptions: { server, pace: 0.02, eventsPerSecond: 3 } });

      test('a live conversation streams into the timeline: every stored event, once, in order', async ({
        service,
        connectToService,
        openExtensionPage,
      }) => {
        await connectToService();
        const starter = await openExtensionPage('options.html');
        const id = await startConversation(starter, service, generation, 'Add a due date field');
        const page = await openPanel(openExtensionPage, `?conversation=${id}`);
        await showSystemEvents(page);
        await expectLive(page, 20_000);
        // The agent is still at work: events arrive while the person watches.
        const rowsWhenLive = Number(await timeline(page).getAttribute('data-row-count'));
        await service.admin.waitIdle(id);
        const stored = await storedIds(service, id);
        expect(stored.length).toBeGreaterThan(5);
        await expect
          .poll(async () => Number(await timeline(page).getAttribute('data-row-count')))
          .toBeGreaterThan(rowsWhenLive);
        // Following the end: the newest event is on screen without scrolling.
        await expect(timeline(page).locator(`[data-event-id="${stored.at(-1)}"]`)).toBeAttached();
        await expect
          .poll(async () => sameIds(await collectTimelineIds(page)))
          .toEqual(sameIds(stored));
        // Rows in the order their events happened (a row's result may come later than the rows
        // after its action; an agent server stores some events after later-stamped ones).
        const happened = await idsInTimeOrder(service, id);
        const position = new Map(happened.map((key, index) => [normalId(key), index]));
        const order = (await collectTimelineIds(page, true)).map(
          (key) => position.get(normalId(key)) ?? -1,
        );
        expect(order).not.toContain(-1);
        expect(order).toEqual([...order].sort((a, b) => a - b));
      });
    });

    test('the composer sends a message, shows it on its way, and the echo replaces it', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const starter = await openExtensionPage('options.html');
      const id = await startConversation(
        starter,
        service,
        generation,
        '[scenario:finish-quickly] Say hello',
      );
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await service.admin.waitIdle(id);
      await expectLive(page, 20_000);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Please also add a README');
      await box.press('Shift+Enter');
      await box.pressSequentially('with a usage section');
      await expect(box).toHaveValue('Please also add a README\nwith a usage section');
      await box.press('Enter');
      await expect(box).toHaveValue('');
      const echo = timeline(page).locator('.message-user', { hasText: 'with a usage section' });
      await expect(echo).toBeVisible({ timeout: 20_000 });
      await expect(echo).toHaveCount(1);
      await expect(page.locator('[data-outgoing]')).toHaveCount(0);
      await expect
        .poll(async () =>
          storedUserMessage(
            await service.admin.storedEvents(id),
            'Please also add a README\nwith a usage section',
          ),
        )
        .toBe(true);
    });

    test('a draft survives closing the panel and a failed send', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = asleep(service, generation);
      const first = await openPanel(openExtensionPage, `?conversation=${id}`);
      await first.getByRole('textbox', { name: 'Message' }).fill('Half-written thought');
      // The draft is saved as it is typed (debounced): give it a moment, then close the panel.
      await first.waitForTimeout(600);
      await first.close();
      const second = await openPanel(openExtensionPage, `?conversation=${id}`);
      const box = second.getByRole('textbox', { name: 'Message' });
      await expect(box).toHaveValue('Half-written thought');

      // The server refuses to wake the conversation up (V0: start it; V1: resume its sandbox):
      // the send fails and the words stay.
      await service.admin.failNext({
        method: 'POST',
        path:
          generation === 'v0'
            ? '/api/conversations/{conversation_id}/start'
            : '/api/v1/sandboxes/{sandbox_id}/resume',
        status: 500,
        times: 5,
      });
      await box.press('Enter');
      await expect(second.getByRole('alert')).toBeVisible({ timeout: 20_000 });
      await expect(box).toHaveValue('Half-written thought');
      if (generation === 'v1') {
        expect((await appConversation(service, id))?.sandbox_status).toBe('PAUSED');
      }
      expect(storedUserMessage(await service.admin.storedEvents(id), 'Half-written thought')).toBe(
        false,
      );
    });

    test('a running V1 conversation takes a message and the agent answers', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = service.seedIds.v1.parserFix;
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await showSystemEvents(page);
      await expectLive(page, 20_000);
      const before = (await storedIds(service, id)).length;
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Is the parser fix done?');
      await box.press('Enter');
      await expect(
        timeline(page).locator('.message-user', { hasText: 'Is the parser fix done?' }),
      ).toBeVisible({ timeout: 20_000 });
      expect(
        storedUserMessage(await service.admin.storedEvents(id), 'Is the parser fix done?'),
      ).toBe(true);
      // The agent's answer follows, and the timeline shows it too.
      await expect
        .poll(async () => (await storedIds(service, id)).length)
        .toBeGreaterThan(before + 1);
      await service.admin.waitIdle(id);
      const stored = await storedIds(service, id);
      await expect(timeline(page).locator(`[data-event-id="${stored.at(-1)}"]`)).toBeAttached({
        timeout: 10_000,
      });
      await expect(
        timeline(page).getByText(/I read your message \("Is the parser fix done\?"\)/),
      ).toBeVisible();
    });
  });
}
