// Issue 26: every server at once. A person uses a self-hosted OpenHands at work ("Work", a V1 app
// server, the default) and an agent server at home ("Home"); the panel lists both, says which
// each conversation is on, filters by server, counts both on the badge, starts from a GitHub
// issue on the server the person's rule picks, and keeps working when one of them is down.
// One browser and the two services serve every test of the file, in order.
import type { Page } from '@playwright/test';
import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';
import type { RunningService } from '../service/index';
import { agentSeedIds } from '../service/seed/agent-server';
import {
  expect,
  type LaunchedExtension,
  launchExtension,
  startReferenceService,
  test,
} from './fixtures';
import { serveFixtures, startButton } from './support/host-pages';
import {
  appConversation,
  ensureRepository,
  openedConversationId,
  openNewForm,
  openPanel,
  timeline,
} from './support/panel-pages';
import { storeServerList, testedServer } from './support/trusted-settings';

const WORK_KEY = 'work-key-7d41c2';
const HOME_KEY = 'home-key-e90b3a';

test.describe.configure({ mode: 'serial' });

let work: RunningService;
let home: RunningService;
let browser: LaunchedExtension;

const servers = () => [
  testedServer('default', 'Work', work, 'v1'),
  testedServer('home', 'Home', home, 'agent'),
];

test.beforeAll(async () => {
  [work, home] = await Promise.all([
    startReferenceService({ server: 'v1', apiKey: WORK_KEY }),
    startReferenceService({ server: 'agent', apiKey: HOME_KEY }),
  ]);
  browser = await launchExtension();
  await serveFixtures(browser.context, hostFixtures);
  const options = await browser.openExtensionPage('options.html');
  await storeServerList(options, { servers: servers(), defaultServerId: 'default' });
  await options.close();
});

test.afterAll(async () => {
  await browser?.close();
  await Promise.all([work?.stop(), home?.stop()]);
});

/** An id as an agent server writes it: a UUID with its dashes. */
const dashed = (hex: string) => hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** A conversation's row, whichever way its server writes the id. */
const row = (panel: Page, id: string) =>
  panel.locator(
    `.conversation-item[data-conversation-id="${id}"], .conversation-item[data-conversation-id="${dashed(id)}"]`,
  );

/** The conversation as the agent server itself has it, or null. */
async function onHome(id: string): Promise<Record<string, unknown> | null> {
  const answer = await fetch(`${home.url}/api/conversations/${id}`, {
    headers: { 'X-Session-API-Key': HOME_KEY },
  });
  return answer.ok ? ((await answer.json()) as Record<string, unknown>) : null;
}

/** How many conversations the Work server lists. */
async function workCount(): Promise<number> {
  const answer = await fetch(`${work.url}/api/v1/app-conversations/search?limit=100`, {
    headers: { 'X-Session-API-Key': WORK_KEY },
  });
  return ((await answer.json()) as { items: unknown[] }).items.length;
}

function fixture(name: string): HostFixture {
  const found = hostFixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}

test('both servers’ conversations in one list, each saying its server; the Server filter picks one; a conversation opens on its own server', async () => {
  const panel = await openPanel(browser.openExtensionPage);
  const workIds = [work.seedIds.v1.parserFix, work.seedIds.v1.parserFixDone];
  const homeIds = [agentSeedIds.conversations.parserFix, agentSeedIds.conversations.docsTypo];
  for (const id of workIds) {
    await expect(row(panel, id)).toHaveAttribute('data-server', 'default', { timeout: 20_000 });
    await expect(row(panel, id).locator('[data-server-name]')).toHaveText('on Work');
  }
  for (const id of homeIds) {
    await expect(row(panel, id)).toHaveAttribute('data-server', 'home', { timeout: 20_000 });
    await expect(row(panel, id).locator('[data-server-name]')).toHaveText('on Home');
  }

  const filter = panel.getByRole('combobox', { name: 'Server' });
  await expect(filter.locator('option')).toHaveText(['All servers', 'Work', 'Home']);
  await filter.selectOption({ label: 'Home' });
  await expect(panel.locator('.conversation-item')).toHaveCount(homeIds.length);
  await filter.selectOption({ label: 'Work' });
  await expect(panel.locator('.conversation-item')).toHaveCount(workIds.length);
  await filter.selectOption({ label: 'All servers' });
  await expect(panel.locator('.conversation-item')).toHaveCount(4);

  // Home's conversation opens with Home's history, says it is on Home, and links to Home.
  await row(panel, agentSeedIds.conversations.docsTypo).click();
  const view = panel.locator('[data-view="conversation"] .conversation');
  await expect(view).toHaveAttribute(
    'data-conversation-id',
    dashed(agentSeedIds.conversations.docsTypo),
  );
  await expect(panel.locator('[data-fact="server"]')).toHaveText('On Home');
  await expect(timeline(panel).locator('[data-event-id]').first()).toBeVisible({
    timeout: 20_000,
  });
  await panel.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(panel.getByRole('menuitem', { name: 'Open in the web app' })).toHaveAttribute(
    'href',
    `${home.url}/conversations/${dashed(agentSeedIds.conversations.docsTypo)}`,
  );
  await panel.keyboard.press('Escape');
  await panel.close();
});

test('a start goes to the server picked in the form, what was typed stays when the server changes, and the badge counts both servers’ waiting agents', async () => {
  const panel = await openPanel(browser.openExtensionPage);
  const form = await openNewForm(panel);
  const server = form.getByLabel('Start on');
  // No page: the default server.
  await expect(server).toHaveValue('default');
  await expect(form.getByText('Your default server.')).toBeVisible();
  const message = form.getByLabel('First message');
  await message.fill('[scenario:awaiting-confirmation] Clear the build cache');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  const onWork = await openedConversationId(panel);
  expect(await appConversation(work, onWork)).not.toBeNull();
  expect(await onHome(onWork)).toBeNull();

  const again = await openNewForm(panel);
  await again.getByLabel('First message').fill('[scenario:awaiting-confirmation] Prune old logs');
  await again.getByLabel('Start on').selectOption({ label: 'Home' });
  await expect(again.getByText('Picked by you for this start.')).toBeVisible();
  await again.getByLabel('Start on').selectOption({ label: 'Work' });
  await again.getByLabel('Start on').selectOption({ label: 'Home' });
  // Changing the server twice kept what was typed.
  await expect(again.getByLabel('First message')).toHaveValue(
    '[scenario:awaiting-confirmation] Prune old logs',
  );
  await again.getByRole('button', { name: 'Start conversation' }).click();
  await expect
    .poll(
      async () =>
        panel
          .locator('[data-view="conversation"] .conversation')
          .getAttribute('data-conversation-id'),
      { timeout: 30_000 },
    )
    .not.toBe(onWork);
  const onHomeId = await openedConversationId(panel);
  expect(await onHome(onHomeId)).not.toBeNull();
  expect(await appConversation(work, onHomeId)).toBeNull();
  await expect(panel.locator('[data-fact="server"]')).toHaveText('On Home');

  const badge = () => browser.serviceWorker.evaluate(() => chrome.action.getBadgeText({}));
  await expect.poll(badge, { timeout: 30_000 }).toBe('2');
  expect(await browser.serviceWorker.evaluate(() => chrome.action.getTitle({}))).toMatch(
    /2 conversations need you/,
  );
  // Both under Needs you in the list, each on its own server.
  await panel.getByRole('tab', { name: 'Conversations' }).click();
  await expect(row(panel, onWork)).toHaveAttribute('data-group', 'needs-you', { timeout: 20_000 });
  await expect(row(panel, onHomeId)).toHaveAttribute('data-group', 'needs-you', {
    timeout: 20_000,
  });
  await expect(row(panel, onHomeId).locator('[data-server-name]')).toHaveText('on Home');
  await panel.close();
});

test('a start from a GitHub issue goes to the server the person’s rule picks, and only there; two rules that disagree are said in words', async () => {
  ensureRepository('octo/widgets');
  const options = await browser.openExtensionPage('options.html');
  await storeServerList(options, {
    servers: servers(),
    defaultServerId: 'default',
    serverRules: [{ pattern: 'github.com/octo', serverId: 'home' }],
  });
  const workBefore = await workCount();
  const issue = fixture('issue-classic');
  const tab = await browser.context.newPage();
  await tab.goto(issue.url);
  const panel = await openPanel(browser.openExtensionPage);
  await tab.bringToFront();
  await startButton(tab).click();
  const form = panel.getByRole('form', { name: 'New conversation' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel('Start on')).toHaveValue('home');
  await expect(form.getByText('Picked by your rule for github.com/octo.')).toBeVisible();
  await expect(form.locator('[data-task-number]')).toHaveAttribute('data-task-number', '7');
  await form.getByRole('button', { name: 'Start conversation' }).click();
  const id = await openedConversationId(panel);
  const record = await onHome(id);
  expect(record?.tags).toMatchObject({ repository: 'octo/widgets', issue: '7' });
  expect(await workCount()).toBe(workBefore);
  // The page button knows it from the merged index, whichever server it is on.
  await expect(tab.locator('[data-handoff-root] button[data-action="open"]')).toBeVisible({
    timeout: 30_000,
  });

  // Two rules for the same owner naming different servers (a record from elsewhere): none
  // decides, the form says so and starts on the default server.
  await storeServerList(options, {
    servers: servers(),
    defaultServerId: 'default',
    serverRules: [
      { pattern: 'github.com/octo', serverId: 'home' },
      { pattern: 'github.com/octo', serverId: 'default' },
    ],
  });
  await options.close();
  await panel.getByRole('tab', { name: 'Conversations' }).click();
  await tab.bringToFront();
  await tab.locator('[data-handoff-root] button[data-menu]').click();
  await tab.getByRole('menuitem', { name: 'Start another' }).click();
  await expect(form.locator('[data-notice="rule-conflict"]')).toHaveText(
    'Two rules match github.com/octo: one picks “Home”, another “Work”. Starting on the default server, “Work”. Keep one of the rules in Handoff’s options, or pick a server here.',
    { timeout: 20_000 },
  );
  await expect(form.getByLabel('Start on')).toHaveValue('default');
  await tab.close();
  await panel.close();
  await storeServerList(await browser.openExtensionPage('options.html'), {
    servers: servers(),
    defaultServerId: 'default',
  });
});

test('a server that is down is marked with its name, why and what to do, while the other server’s conversations keep working', async () => {
  // Home answers every list with a server error, as an agent server behind a failing proxy does.
  await home.admin.failNext({ path: '/api/conversations/search', status: 503, times: 1000 });
  try {
    const panel = await openPanel(browser.openExtensionPage);
    const down = panel.locator('[data-server-down="home"]');
    await expect(down).toContainText('Handoff could not read the conversations on “Home”.', {
      timeout: 30_000,
    });
    await expect(down).toContainText('Check that the server is running');
    await expect(down).toContainText('The other servers’ conversations work as usual.');
    // Its conversations as the index last had them, said to be out of reach.
    const docs = row(panel, agentSeedIds.conversations.docsTypo);
    await expect(docs.locator('[data-server-name]')).toHaveText('on Home (out of reach)');
    // Work's list and conversations go on.
    await expect(panel.locator('[data-server-down="default"]')).toHaveCount(0);
    await row(panel, work.seedIds.v1.parserFixDone).click();
    await expect(panel.locator('[data-fact="server"]')).toHaveText('On Work');
    await expect(timeline(panel).locator('[data-event-id]').first()).toBeVisible({
      timeout: 20_000,
    });

    // Home comes back: Try again clears the mark.
    await panel.getByRole('tab', { name: 'Conversations' }).click();
    await expect(down).toBeVisible({ timeout: 20_000 });
    await home.admin.clearFaults();
    await down.getByRole('button', { name: 'Try again' }).click();
    await expect(down).toHaveCount(0, { timeout: 20_000 });
    await expect(docs.locator('[data-server-name]')).toHaveText('on Home');
    await panel.close();
  } finally {
    await home.admin.clearFaults();
  }
});

test('a conversation whose server was removed from Handoff says so and how to get it back', async () => {
  const id = agentSeedIds.conversations.parserFix;
  const panel = await openPanel(browser.openExtensionPage, `?conversation=${id}&server=home`);
  await expect(panel.locator('[data-fact="server"]')).toHaveText('On Home', { timeout: 20_000 });
  const options = await browser.openExtensionPage('options.html');
  await storeServerList(options, {
    servers: [testedServer('default', 'Work', work, 'v1')],
    defaultServerId: 'default',
  });
  await options.close();
  await expect(panel.locator('[data-server-removed]')).toContainText(
    'This conversation is on a server that has been removed from Handoff',
    { timeout: 20_000 },
  );
  await expect(panel.locator('[data-server-removed]')).toContainText(
    'Add the server again in Handoff’s options',
  );
  await expect(panel.getByRole('button', { name: 'Open options' })).toBeVisible();
  // With one server left, the list looks as it always did: no server names, no Server filter.
  await panel.getByRole('tab', { name: 'Conversations' }).click();
  await expect(row(panel, work.seedIds.v1.parserFixDone)).toBeVisible({ timeout: 20_000 });
  await expect(panel.locator('[data-server-name]')).toHaveCount(0);
  await expect(panel.getByRole('combobox', { name: 'Server' })).toHaveCount(0);
  await panel.close();
});
