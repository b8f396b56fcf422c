import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { createV0Conversation, openPanel, v0Conversation } from './support/panel-pages';

// docs/security.md: a conversation's export is a file people share; the sandbox's session key in
// its record (and any other credential) stays behind.

test('an exported conversation carries no session key', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV0Conversation(service, { initial_user_msg: 'Say hello' });
  await service.admin.waitIdle(id);
  await expect
    .poll(async () => (await v0Conversation(service, id))?.session_api_key ?? null)
    .not.toBeNull();
  const sessionKey = String((await v0Conversation(service, id))?.session_api_key);

  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(page.getByRole('button', { name: 'Export JSON' })).toBeEnabled({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  const data = JSON.parse(text) as { conversation: { record: Record<string, unknown> | null } };
  expect(data.conversation.record).toMatchObject({ conversation_id: id });
  expect(text).not.toContain(sessionKey);
  expect(text).not.toContain('session_api_key');
});
