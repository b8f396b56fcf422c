import { expect, test } from './fixtures';
import {
  collectTimelineIds,
  createV0Conversation,
  expectLive,
  openPanel,
  sameIds,
  showSystemEvents,
  storedIds,
  timeline,
} from './support/panel-pages';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

test('a live V0 conversation streams into the timeline: every stored event, once, in order', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV0Conversation(service, { initial_user_msg: 'Add a due date field' });
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await showSystemEvents(page);
  await expectLive(page, 20_000);
  await service.admin.waitIdle(id);
  const stored = await storedIds(service, id);
  expect(stored.length).toBeGreaterThan(5);
  // Following the end: the newest event is on screen without scrolling.
  await expect(timeline(page).locator(`[data-event-id="${stored.at(-1)}"]`)).toBeAttached();
  await expect.poll(async () => sameIds(await collectTimelineIds(page))).toEqual(sameIds(stored));
  // Rows in id order (a row's result may come later than the rows after its action).
  const numeric = (await collectTimelineIds(page, true)).map(Number);
  expect(numeric).toEqual([...numeric].sort((a, b) => a - b));
});

test('the composer sends a message, shows it on its way, and the echo replaces it', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV0Conversation(service, {
    initial_user_msg: '[scenario:finish-quickly] Say hello',
  });
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await service.admin.waitIdle(id);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Please also add a README');
  await box.press('Shift+Enter');
  await box.pressSequentially('with a usage section');
  await expect(box).toHaveValue('Please also add a README\nwith a usage section');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const echo = timeline(page).locator('.message-user', { hasText: 'with a usage section' });
  await expect(echo).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-outgoing]')).toHaveCount(0);
  await expect
    .poll(async () => {
      const log = await service.admin.storedEvents(id);
      return log.events.some(
        (event) =>
          event.action === 'message' &&
          event.source === 'user' &&
          (event.args as { content?: string }).content ===
            'Please also add a README\nwith a usage section',
      );
    })
    .toBe(true);
});

test('a draft survives closing the panel and a failed send', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v0.quickQuestion;
  const first = await openPanel(openExtensionPage, `?conversation=${id}`);
  await first.getByRole('textbox', { name: 'Message' }).fill('Half-written thought');
  // The draft is saved as it is typed (debounced): give it a moment, then close the panel.
  await first.waitForTimeout(600);
  await first.close();
  const second = await openPanel(openExtensionPage, `?conversation=${id}`);
  const box = second.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue('Half-written thought');

  // The server refuses to start the conversation: the send fails and the words stay.
  await service.admin.failNext({
    method: 'POST',
    path: '/api/conversations/{conversation_id}/start',
    status: 500,
    times: 5,
  });
  await box.press('Enter');
  await expect(second.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await expect(box).toHaveValue('Half-written thought');
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
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(async () => (await storedIds(service, id)).length).toBeGreaterThan(before + 1);
  const stored = await storedIds(service, id);
  await expect(timeline(page).locator(`[data-event-id="${stored.at(-1)}"]`)).toBeAttached({
    timeout: 10_000,
  });
});
