import { expect, test } from './fixtures';
import { createV0Conversation, watchOverPort } from './support/stream-probe';

// Issue 5 (attention): the toolbar badge counts conversations that need the person, and a
// notification says when an agent starts waiting for them.

test('an agent waiting for confirmation shows on the badge and in a notification', async ({
  service,
  connectToService,
  openExtensionPage,
  serviceWorker,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  const id = await createV0Conversation(page, service, {
    initial_user_msg: '[scenario:awaiting-confirmation] delete the temp files',
  });
  await watchOverPort(page, id, 'v0');
  await expect
    .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), { timeout: 30_000 })
    .toBe('1');
  const notifications = await serviceWorker.evaluate(() => chrome.notifications.getAll());
  expect(Object.keys(notifications)).toContain(`handoff:${id}`);
  expect(await serviceWorker.evaluate(() => chrome.action.getTitle({}))).toMatch(
    /1 conversation needs you/,
  );
});

test('notifications stay quiet when the person switched them off', async ({
  service,
  connectToService,
  openExtensionPage,
  serviceWorker,
}) => {
  await connectToService();
  const page = await openExtensionPage('sidepanel.html');
  await page.evaluate(async () => {
    const key = 'handoff:settings';
    const stored = (await chrome.storage.local.get(key))[key] ?? {};
    await chrome.storage.local.set({
      [key]: { ...stored, notifications: { awaitingInput: false, finished: false, errors: false } },
    });
  });
  const id = await createV0Conversation(page, service, {
    initial_user_msg: '[scenario:awaiting-confirmation] delete the temp files',
  });
  await watchOverPort(page, id, 'v0');
  // The badge still counts it: switching notifications off does not hide the need.
  await expect
    .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), { timeout: 30_000 })
    .toBe('1');
  expect(await serviceWorker.evaluate(() => chrome.notifications.getAll())).toEqual({});
});
