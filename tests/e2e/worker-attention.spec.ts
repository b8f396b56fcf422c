import { expect, test } from './fixtures';
import { appendConfirmationRequest, journeyKinds, startConversation } from './support/generations';
import { latestSnapshot, watchOverPort } from './support/stream-probe';
import { patchStoredSettings } from './support/trusted-settings';

// Issue 5 (attention): the toolbar badge counts conversations that need the person, and a
// notification says when an agent starts waiting for them.

for (const { generation, title, server } of journeyKinds) {
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('an agent that starts waiting for confirmation shows on the badge and in a notification', async ({
      service,
      connectToService,
      openExtensionPage,
      serviceWorker,
    }) => {
      await connectToService();
      const page = await openExtensionPage('sidepanel.html');
      const id = await startConversation(
        page,
        service,
        generation,
        '[scenario:finish-quickly] tidy up',
      );
      await watchOverPort(page, id, generation);
      await service.admin.waitIdle(id);
      await expect.poll(async () => (await latestSnapshot(page))?.transport.phase).toBe('live');
      // While Handoff watches, the agent asks for confirmation of a command.
      await appendConfirmationRequest(service, id, generation, 'rm -rf /tmp/build');
      await expect
        .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), {
          timeout: 20_000,
        })
        .toBe('1');
      await expect
        .poll(async () =>
          Object.keys(await serviceWorker.evaluate(() => chrome.notifications.getAll())),
        )
        .toContain(`handoff:${id}`);
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
      await patchStoredSettings(page, {
        notifications: { awaitingInput: false, finished: false, errors: false },
      });
      const id = await startConversation(
        page,
        service,
        generation,
        '[scenario:awaiting-confirmation] delete the temp files',
      );
      await watchOverPort(page, id, generation);
      // The badge still counts it: switching notifications off does not hide the need.
      await expect
        .poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({})), {
          timeout: 30_000,
        })
        .toBe('1');
      expect(await serviceWorker.evaluate(() => chrome.notifications.getAll())).toEqual({});
    });
  });
}
