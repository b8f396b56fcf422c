import type { Page } from '@playwright/test';
import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { altClickStart, serveFixtures, startButton } from './support/host-pages';
import {
  appConversation,
  ensureRepository,
  evaluateInSidePanel,
  openedConversationId,
  openPanel,
  v0Conversation,
} from './support/panel-pages';
import { patchStoredSettings } from './support/trusted-settings';

function fixture(name: string): HostFixture {
  const found = hostFixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}

const form = (page: Page) => page.getByRole('form', { name: 'New conversation' });

/** Every text a conversation's stored events carry, for "the agent was told …" checks. */
async function storedText(service: RunningService, id: string): Promise<string> {
  return JSON.stringify((await service.admin.storedEvents(id)).events);
}

test('the form starts a conversation: repository and branch from the server’s search, and no interface to choose', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(openExtensionPage);
  await page.getByRole('tab', { name: 'New' }).click();
  // A current server has one way to start; a person is never asked to pick a protocol.
  await expect(form(page).getByText(/V0|V1|interface/i)).toHaveCount(0);
  await form(page).getByLabel('Repository', { exact: true }).fill('widg');
  await form(page)
    .getByRole('button', { name: /octo-org\/widgets/ })
    .click();
  await expect(form(page).getByLabel('Repository', { exact: true })).toHaveValue(
    'octo-org/widgets',
  );
  await expect(form(page).getByLabel('Git provider')).toHaveValue('github');
  await expect(form(page).getByLabel('Branch')).toHaveValue('main');
  await form(page).getByLabel('Branch').fill('parser');
  await form(page).getByRole('button', { name: 'fix/parser-null' }).click();
  await form(page).getByLabel('First message').fill('Tidy up the parser');
  await form(page).getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.locator('[data-start-task]')).toBeVisible();
  const id = await openedConversationId(page);
  expect(await appConversation(service, id)).toMatchObject({
    selected_repository: 'octo-org/widgets',
    selected_branch: 'fix/parser-null',
    git_provider: 'github',
  });
  await expect.poll(() => storedText(service, id)).toContain('Tidy up the parser');
});

test('422 field errors show next to their fields, and nothing typed is lost', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(openExtensionPage);
  await page.getByRole('tab', { name: 'New' }).click();
  await form(page).getByLabel('Repository', { exact: true }).fill('octo-org/widgets');
  await form(page).getByLabel('First message').fill('Keep these words');

  await service.admin.failNext({
    method: 'POST',
    path: '/api/v1/app-conversations',
    status: 422,
    body: {
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'selected_repository'],
          msg: 'Value error, repository is archived',
          input: 'octo-org/widgets',
        },
        {
          type: 'string_too_short',
          loc: ['body', 'selected_branch'],
          msg: 'String should have at least 1 character',
          input: '',
        },
      ],
    },
  });
  await form(page).getByRole('button', { name: 'Start conversation' }).click();
  await expect(form(page).locator('[data-field-error="repository"]')).toHaveText(
    'Value error, repository is archived',
  );
  await expect(form(page).locator('[data-field-error="branch"]')).toHaveText(
    'String should have at least 1 character',
  );
  await expect(form(page).getByLabel('Repository', { exact: true })).toHaveValue(
    'octo-org/widgets',
  );
  await expect(form(page).getByLabel('First message')).toHaveValue('Keep these words');
});

test('issue page → button → the panel in that window gets the issue as a task → Start creates it', async ({
  service,
  extContext,
  serviceWorker,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  ensureRepository('octo/widgets');
  const issue = fixture('issue-react');
  await serveFixtures(extContext, hostFixtures);
  const tab = await extContext.newPage();
  await tab.goto(issue.url);
  // A panel tab in the same window says hello with its window id. (It is opened before the
  // click: the real side panel that the click opens takes a stored launch itself at once.)
  const panel = await openPanel(openExtensionPage);
  await tab.bringToFront();
  await startButton(tab).click();
  await expect
    .poll(() =>
      serviceWorker.evaluate(
        async () =>
          (
            await chrome.runtime.getContexts({
              contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType],
            })
          ).length,
      ),
    )
    .toBe(1);
  await expect(form(panel)).toBeVisible();
  await expect(form(panel).getByLabel('Repository', { exact: true })).toHaveValue('octo/widgets');
  await expect(form(panel).getByLabel('Git provider')).toHaveValue('github');
  await expect(form(panel).getByLabel('Branch')).toHaveValue('main');
  const task = form(panel).locator('[data-task-type]');
  await expect(task).toHaveAttribute('data-task-type', 'OPEN_ISSUE');
  await expect(task).toHaveAttribute('data-task-number', '12');
  await expect(task).toContainText('Widgets flicker on resize');
  await expect(form(panel).getByRole('checkbox', { name: /Resolve issue #12/ })).toBeChecked();

  // A V1-only server takes the issue as its suggested task and writes the first message itself.
  await form(panel).getByRole('button', { name: 'Start conversation' }).click();
  const id = await openedConversationId(panel);
  expect(await appConversation(service, id)).toMatchObject({
    selected_repository: 'octo/widgets',
    selected_branch: 'main',
    git_provider: 'github',
    trigger: 'suggested_task',
  });
  await expect.poll(() => storedText(service, id)).toContain('#12');
});

test.describe('a server before 1.7, where the person chose the older way to start', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('the form starts a classic conversation with its MCP servers, checked first by the server’s rules', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openPanel(openExtensionPage);
    await patchStoredSettings(page, { apiPreference: 'v0' });
    await page.reload();
    await page.getByRole('tab', { name: 'New' }).click();
    await form(page).getByLabel('Repository', { exact: true }).fill('widg');
    await form(page)
      .getByRole('button', { name: /octo-org\/widgets/ })
      .click();
    await expect(form(page).getByLabel('Branch')).toHaveValue('main');
    await form(page)
      .getByLabel('First message')
      .fill('[scenario:finish-quickly] Tidy up the parser');
    // Checked before sending, with the service's own rules: a command must be one word. MCP
    // servers and instructions sit under "Advanced".
    await form(page).locator('summary', { hasText: 'Advanced' }).click();
    await form(page).getByRole('button', { name: 'Add stdio server' }).click();
    await form(page).getByLabel('Name').fill('fetch');
    await form(page).getByLabel('Command').fill('uvx mcp-server-fetch');
    await form(page).getByRole('button', { name: 'Start conversation' }).click();
    await expect(form(page).locator('[data-field-error="mcp"]')).toContainText('single executable');
    await form(page).getByLabel('Command').fill('uvx');
    await form(page).getByLabel('Arguments').fill('mcp-server-fetch');
    await form(page).getByRole('button', { name: 'Start conversation' }).click();
    const id = await openedConversationId(page);
    expect(await v0Conversation(service, id)).toMatchObject({
      selected_repository: 'octo-org/widgets',
      selected_branch: 'main',
      git_provider: 'github',
    });
  });
});

test('Alt-click starts at once: one conversation, and the panel switches to it', async ({
  service,
  extContext,
  serviceWorker,
  connectToService,
}) => {
  await connectToService();
  ensureRepository('octo/widgets');
  const panel = await altClickStart(extContext, serviceWorker, fixture('issue-classic').url);
  expect(panel.url()).toContain('sidepanel.html?for-window=');
  const id = await openedConversationId(panel);
  const record = await appConversation(service, id);
  expect(record).toMatchObject({ selected_repository: 'octo/widgets', git_provider: 'github' });
  const search = await fetch(`${service.url}/api/v1/app-conversations/search?limit=100`);
  const items = ((await search.json()) as { items: { selected_repository: string | null }[] })
    .items;
  expect(items.filter((item) => item.selected_repository === 'octo/widgets')).toHaveLength(1);
});

test('clickBehaviour "start": a plain click starts at once, once, with every panel of the window open', async ({
  service,
  extContext,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  ensureRepository('octo/widgets');
  await serveFixtures(extContext, hostFixtures);
  const tab = await extContext.newPage();
  await tab.goto(fixture('issue-react').url);
  const panel = await openPanel(openExtensionPage);
  await patchStoredSettings(panel, { clickBehaviour: 'start' });
  await tab.bringToFront();
  await startButton(tab).click();
  const count = async () => {
    const search = await fetch(`${service.url}/api/v1/app-conversations/search?limit=100`);
    const items = ((await search.json()) as { items: { selected_repository: string | null }[] })
      .items;
    return items.filter((item) => item.selected_repository === 'octo/widgets').length;
  };
  await expect.poll(count, { timeout: 30_000 }).toBe(1);
  // The side panel the click opened got the same launch: it must not start a second one.
  await panel.waitForTimeout(3000);
  expect(await count()).toBe(1);
});

test('the real side panel the button opens shows the issue as a task and starts it', async ({
  service,
  extContext,
  connectToService,
}) => {
  await connectToService();
  ensureRepository('octo/widgets');
  await serveFixtures(extContext, hostFixtures);
  const tab = await extContext.newPage();
  await tab.goto(fixture('issue-react').url);
  await startButton(tab).click();
  const inPanel = (expression: string) => evaluateInSidePanel(extContext, expression);
  const field = (label: string) =>
    `[...document.querySelectorAll('label')].find((l) => l.textContent === ${JSON.stringify(label)})?.control?.value ?? null`;
  await expect
    .poll(() => inPanel("document.querySelector('[data-task-type]')?.dataset.taskType ?? null"))
    .toBe('OPEN_ISSUE');
  expect(await inPanel(field('Repository'))).toBe('octo/widgets');
  expect(await inPanel(field('Git provider'))).toBe('github');
  await expect.poll(() => inPanel(field('Branch'))).toBe('main');
  await inPanel(
    "[...document.querySelectorAll('button')].find((b) => b.textContent === 'Start conversation').click() ?? true",
  );
  let id: unknown = null;
  await expect
    .poll(
      async () => {
        id = await inPanel(
          'document.querySelector(\'[data-view="conversation"] .conversation\')?.dataset.conversationId ?? null',
        );
        return id;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  expect(await appConversation(service, String(id))).toMatchObject({
    selected_repository: 'octo/widgets',
    selected_branch: 'main',
    title: 'Issue #12: Widgets flicker on resize',
  });
});

test.describe('a conversation that takes its time to start', () => {
  // Realistic timings and slower: the start takes seconds, which is when people type a second
  // thought, and a busy machine must not finish it before the test has typed.
  test.use({ serviceOptions: { pace: 4 } });

  test('messages typed while it starts are queued on the server at once and reach the agent; the eleventh is refused in words', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openPanel(openExtensionPage);
    await page.getByRole('tab', { name: 'New' }).click();
    await form(page).getByLabel('First message').fill('Tidy up the parser');
    await form(page).getByRole('button', { name: 'Start conversation' }).click();
    const queue = form(page).getByRole('group', { name: 'Add a message while it starts' });
    await expect(queue).toBeVisible({ timeout: 20_000 });
    const box = queue.getByLabel('Add a message while it starts');
    const queued = queue.getByRole('list', { name: 'Messages waiting for the agent' });
    await box.fill('Also update the changelog');
    await queue.getByRole('button', { name: 'Queue message' }).click();
    await expect(queued.getByRole('listitem')).toHaveCount(1);

    // Other clients fill the queue up to the server's limit of ten, under the same start task.
    const headers = { 'X-Session-API-Key': String(service.apiKey) };
    const tasks = (await (
      await fetch(`${service.url}/api/v1/app-conversations/start-tasks/search?limit=1`, { headers })
    ).json()) as { items: { id: string }[] };
    const queueId = `task-${String(tasks.items[0]?.id).replaceAll('-', '')}`;
    for (let n = 2; n <= 10; n++) {
      const answer = await fetch(
        `${service.url}/api/v1/conversations/${queueId}/pending-messages`,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            role: 'user',
            content: [{ type: 'text', text: `Also step ${n}` }],
          }),
        },
      );
      expect(answer.status).toBe(201);
    }
    await box.fill('One more thing');
    await queue.getByRole('button', { name: 'Queue message' }).click();
    await expect(queue.getByRole('alert')).toContainText('10 messages are already waiting');
    // What was refused stays in the box.
    await expect(box).toHaveValue('One more thing');

    const id = await openedConversationId(page);
    await expect
      .poll(() => storedText(service, id), { timeout: 30_000 })
      .toContain('Also update the changelog');
    await expect.poll(() => storedText(service, id)).toContain('Also step 10');
    expect(await storedText(service, id)).not.toContain('One more thing');
  });
});
