import { readFile } from 'node:fs/promises';
import { appConversation } from '../shared/service-helpers';
import { expect, test } from './fixtures';
import { journeyKinds, startConversation } from './support/generations';
import { conversationMenu, openPanel, v0Conversation } from './support/panel-pages';

// docs/security.md: a conversation's export is a file people share; the sandbox's session key in
// its record (and any other credential) stays behind.

for (const kind of journeyKinds) {
  test.describe(kind.title, () => {
    test.use({ serviceOptions: { server: kind.server, pace: 0.02 } });

    test('an exported conversation carries no session key', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openExtensionPage('options.html');
      const id = await startConversation(page, service, kind.generation, 'Say hello');
      await service.admin.waitIdle(id);
      const record = async () =>
        kind.generation === 'v1'
          ? await appConversation(service, id)
          : await v0Conversation(service, id);
      await expect.poll(async () => (await record())?.session_api_key ?? null).not.toBeNull();
      const sessionKey = String((await record())?.session_api_key);

      const panel = await openPanel(openExtensionPage, `?conversation=${id}`);
      const download = panel.waitForEvent('download');
      await conversationMenu(panel, 'Export JSON');
      const text = await readFile(await (await download).path(), 'utf8');
      const data = JSON.parse(text) as {
        conversation: { record: Record<string, unknown> | null };
      };
      expect(data.conversation.record).not.toBeNull();
      expect(text).toContain(id.replaceAll('-', '').slice(0, 8));
      expect(text).not.toContain(sessionKey);
      expect(text).not.toContain('session_api_key');
    });
  });
}
