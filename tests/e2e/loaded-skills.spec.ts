import { expect, test } from './fixtures';
import { appConversation, conversationMenu, openPanel } from './support/panel-pages';

// A running V1 conversation's details list the skills it loaded, as the server reports them; a
// paused one says the server lists them only while the sandbox runs, never "no skills".

test.use({ serviceOptions: { pace: 0.02, server: 'v1' } });

async function startWithRepository(url: string, repository: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/app-conversations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      selected_repository: repository,
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Look around' }] },
    }),
  });
  const task = (await response.json()) as { id: string };
  for (let attempt = 0; attempt < 200; attempt++) {
    const poll = await fetch(`${url}/api/v1/app-conversations/start-tasks?ids=${task.id}`);
    const [latest] = (await poll.json()) as {
      status: string;
      app_conversation_id: string | null;
    }[];
    if (latest?.status === 'READY' && latest.app_conversation_id) return latest.app_conversation_id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the start task never became READY');
}

test('the details of a running V1 conversation list its loaded skills; paused, they say why none show', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await startWithRepository(service.url, 'octo-org/widgets');
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await conversationMenu(page, 'Details');
  await page.getByText('Loaded skills', { exact: true }).click();
  const list = page.locator('.loaded-skills li');
  await expect(list.filter({ hasText: 'testing' })).toContainText(
    'On trigger: test, pytest, vitest',
  );
  await expect(list.filter({ hasText: /^repo/ })).toContainText('Always on');

  const record = await appConversation(service, id);
  const sandbox = String(record?.sandbox_id);
  await fetch(`${service.url}/api/v1/sandboxes/${sandbox}/pause`, { method: 'POST' });
  await page.reload();
  await conversationMenu(page, 'Details');
  await page.getByText('Loaded skills', { exact: true }).click();
  await expect(
    page.getByText(/lists a conversation’s skills only while its sandbox runs/),
  ).toBeVisible({
    timeout: 20_000,
  });
});
