// An agent server with no app server in front (Agent Canvas's backend, or a bare agent server):
// a person configures it, starts from a GitHub issue, and gets a conversation whose repository
// was cloned on its branch before the agent began, then watches and steers it in the panel.
import type { Page } from '@playwright/test';
import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { altClickStart } from './support/host-pages';
import { configuredPanel, configureServer, saveServer } from './support/options-pages';
import {
  conversationMenu,
  ensureRepository,
  expectLive,
  openedConversationId,
  openNewForm,
  openPanel,
  startFromForm,
  submitNewConversation,
  timeline,
} from './support/panel-pages';

const KEY = 'agent-key-1f2e';
const GITHUB_TOKEN = 'ghp_LocalReferenceService0000000000000001';

test.use({ serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY } });

function fixture(name: string): HostFixture {
  const found = hostFixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}

type Json = Record<string, unknown>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function onServer(service: RunningService, path: string, init: RequestInit = {}) {
  const response = await fetch(`${service.url}${path}`, {
    ...init,
    headers: { 'X-Session-API-Key': KEY, 'Content-Type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

interface ServerConversation {
  id: string;
  title: string;
  execution_status: string;
  tags?: Record<string, string>;
}

/** What the agent server itself lists, as a check beside what the panel shows. */
async function serverConversations(service: RunningService): Promise<ServerConversation[]> {
  const page = (await onServer(service, '/api/conversations/search?limit=100')).body as {
    items: ServerConversation[];
  };
  return page.items;
}

async function runOnServer(service: RunningService, command: string): Promise<Json> {
  const answer = await onServer(service, '/api/bash/execute_bash_command', {
    method: 'POST',
    body: JSON.stringify({ command, timeout: 30 }),
  });
  return answer.body as Json;
}

/** Sends a message from the panel; it shows in the timeline and reaches the agent. */
async function reply(panel: Page, service: RunningService, id: string, text: string) {
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(timeline(panel).locator('.message-user', { hasText: text })).toBeVisible({
    timeout: 20_000,
  });
  await expect
    .poll(async () => JSON.stringify((await service.admin.storedEvents(id)).events))
    .toContain(text);
}

test('configured once, an Alt-click on a GitHub issue clones the repository on the server and the agent works on the issue there', async ({
  service,
  extContext,
  serviceWorker,
  openExtensionPage,
  stopServiceWorker,
}) => {
  ensureRepository('octo/widgets');
  await configureServer(openExtensionPage, service, KEY);
  const panel = await altClickStart(extContext, serviceWorker, fixture('issue-classic').url);
  const id = await openedConversationId(panel);

  // On the server: one conversation, in a folder of its own holding the clone on its branch,
  // tagged with where it came from, told about the issue.
  const info = (await onServer(service, `/api/conversations/${id}`)).body as Json;
  const tags = info.tags as Record<string, string>;
  expect(tags).toMatchObject({ repository: 'octo/widgets', provider: 'github', issue: '7' });
  const folder = (info.workspace as Json).working_dir as string;
  expect(folder).toBe(tags.folder);
  expect(folder).toMatch(/^\/home\/openhands\/handoff\/widgets-[0-9a-f]{8}$/);
  const head = await runOnServer(service, `git -C '${folder}' rev-parse --abbrev-ref HEAD`);
  expect(head.exit_code).toBe(0);
  expect(String(head.stdout).trim()).toBe('main');
  await expect
    .poll(async () => JSON.stringify((await service.admin.storedEvents(id)).events))
    .toContain('Document the theming API');
  const listed = await serverConversations(service);
  expect(listed.filter((item) => item.tags?.repository === 'octo/widgets')).toHaveLength(1);

  // The token went by the file route: no command the server logged holds it, and its file is gone.
  const log = await onServer(service, '/api/bash/bash_events/search?limit=100');
  expect(JSON.stringify(log.body)).not.toContain(GITHUB_TOKEN);
  const leftovers = await runOnServer(service, 'ls -a /home/openhands/.handoff');
  expect(String(leftovers.stdout ?? '')).not.toMatch(/credentials/);

  // The panel shows it live and the person can reply.
  await expectLive(panel);
  await service.admin.waitIdle(id);
  await reply(panel, service, id, 'Please also add a changelog entry');

  // The browser stops an idle worker; the conversation stays live and steerable.
  await service.admin.waitIdle(id);
  await stopServiceWorker();
  await expectLive(panel, 30_000);
  await reply(panel, service, id, 'And bump the version');
});

test('an agent started from an issue can push with the token saved on the server, and works by the repository’s own instructions', async ({
  service,
  extContext,
  serviceWorker,
  openExtensionPage,
}) => {
  ensureRepository('octo/widgets');
  await service.admin.setDefaultScenario('push');
  await configureServer(openExtensionPage, service, KEY);
  const panel = await altClickStart(extContext, serviceWorker, fixture('issue-classic').url);
  const id = await openedConversationId(panel);

  // The agent's push used $GITHUB_TOKEN, which the server filled from its own secret: the
  // host took it, and the person reads git's own words for it.
  const branch = `openhands/push-${id.replaceAll('-', '').slice(0, 8)}`;
  await expect(
    timeline(panel).getByText(`I pushed the branch ${branch} to octo/widgets.`),
  ).toBeVisible({
    timeout: 30_000,
  });
  const stored = JSON.stringify((await service.admin.storedEvents(id)).events);
  expect(stored).toMatch(new RegExp(`\\[new branch\\]\\s+HEAD -> ${escapeRegExp(branch)}`));
  // Neither the panel nor anything the server stored shows the token itself.
  await expect(timeline(panel)).not.toContainText(GITHUB_TOKEN);
  expect(JSON.stringify((await service.admin.storedEvents(id)).events)).not.toContain(GITHUB_TOKEN);

  // The agent loaded the repository's own instructions from the clone, and the panel says so.
  await conversationMenu(panel, 'Details');
  await panel.getByText('Loaded skills', { exact: true }).click();
  const loaded = panel.locator('.loaded-skills li');
  await expect(loaded.filter({ hasText: 'release-checklist' })).toBeVisible({ timeout: 20_000 });
  await expect(loaded.filter({ hasText: /^agents/ })).toContainText('Always on');
});

test('the list shows the server’s own conversations, and one opens with its history', async ({
  service,
  openExtensionPage,
}) => {
  const panel = await configuredPanel(openExtensionPage, service, KEY);
  const listed = await serverConversations(service);
  expect(listed.length).toBeGreaterThan(0);
  for (const item of listed) {
    await expect(
      panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(item.title)}`) }),
    ).toBeVisible({
      timeout: 20_000,
    });
  }
  const finished = listed.find((item) => item.execution_status === 'finished');
  if (!finished) throw new Error('the agent server holds no finished conversation');
  await panel
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(finished.title)} Finished`) })
    .click();
  const stored = (await service.admin.storedEvents(finished.id)).events as {
    id: string;
    kind: string;
  }[];
  await expect(timeline(panel).locator('[data-event-id]').first()).toBeVisible({ timeout: 20_000 });
  // Its whole history, the last action included.
  const lastId = stored.filter((event) => event.kind === 'ActionEvent').at(-1)?.id as string;
  await expect(panel.locator(`[data-event-id="${lastId}"]`).first()).toBeAttached({
    timeout: 20_000,
  });
});

test('a branch that does not exist is said in words, and no conversation is started', async ({
  service,
  openExtensionPage,
}) => {
  const panel = await configuredPanel(openExtensionPage, service, KEY);
  await submitNewConversation(panel, {
    repository: 'octo-org/widgets',
    branch: 'no-such-branch',
    message: 'Tidy up',
  });
  await expect(panel.getByText(/The branch no-such-branch does not exist/)).toBeVisible({
    timeout: 20_000,
  });
  const listed = await serverConversations(service);
  expect(listed.filter((item) => item.tags?.branch === 'no-such-branch')).toHaveLength(0);
});

/** Starts from the panel's form on a GitHub repository's default branch. */
async function startOnRepository(panel: Page, repository: string): Promise<string> {
  return startFromForm(panel, { repository, message: 'Look around' });
}

/** Opens the conversation's details and the skills the server finds in its folder. */
async function folderSkills(panel: Page, folder: string) {
  await conversationMenu(panel, 'Details');
  const section = panel.locator('details', { hasText: `Skills in ${folder}` });
  await section.locator('summary').click();
  return section;
}

test('repositories clone into the folder set in the options, and the details list the skills the server finds there', async ({
  service,
  openExtensionPage,
}) => {
  const options = await openExtensionPage('options.html');
  await saveServer(options, service, KEY);
  await options.locator('#agent').getByLabel('Clone folder').fill('~/work/repos');
  await options.locator('#agent').getByRole('button', { name: 'Save folder' }).click();
  await expect(
    options.getByText('Saved: new conversations clone into ~/work/repos.'),
  ).toBeVisible();

  const panel = await openPanel(openExtensionPage);
  const id = await startOnRepository(panel, 'octo-org/widgets');
  const info = (await onServer(service, `/api/conversations/${id}`)).body as Json;
  const folder = (info.tags as Record<string, string>).folder as string;
  expect(folder).toMatch(/^\/home\/openhands\/work\/repos\/widgets-[0-9a-f]{8}$/);
  expect((info.workspace as Json).working_dir).toBe(folder);
  const head = await runOnServer(service, `git -C '${folder}' rev-parse --abbrev-ref HEAD`);
  expect(String(head.stdout).trim()).toBe('main');

  // What the server itself loads from the clone: AGENTS.md and the like, .agents/skills, and
  // the legacy microagents folder; the skill whose name breaks the rules is not among them.
  const skills = await folderSkills(panel, folder);
  const list = skills.locator('.loaded-skills li');
  await expect(list.filter({ hasText: /^agents/ })).toContainText('Always on', {
    timeout: 20_000,
  });
  await expect(list.filter({ hasText: /^release-checklist/ })).toContainText('release');
  await expect(list.filter({ hasText: /^testing/ })).toContainText('On trigger');
  await expect(list.filter({ hasText: 'Bad_Name' })).toHaveCount(0);
  // Asking for the folder's own skills never set the server cloning the public ones.
  expect((await service.admin.agentNetwork()).public_skill_fetches).toBe(0);

  // A repository with none says so, rather than showing an empty list.
  const plainId = await startOnRepository(panel, 'octo-org/docs-site');
  const plain = (await onServer(service, `/api/conversations/${plainId}`)).body as Json;
  const plainFolder = (plain.tags as Record<string, string>).folder as string;
  expect(plainFolder).toMatch(/^\/home\/openhands\/work\/repos\/docs-site-[0-9a-f]{8}$/);
  await expect((await folderSkills(panel, plainFolder)).getByRole('status')).toHaveText(
    /^No skills in this folder: the repository has no AGENTS\.md/,
    { timeout: 20_000 },
  );

  // The folder removed on the server since: said as such, not as a folder without skills.
  expect((await runOnServer(service, `rm -rf '${folder}'`)).exit_code).toBe(0);
  const again = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect((await folderSkills(again, folder)).getByRole('status')).toHaveText(
    /^This folder is no longer on the server/,
    { timeout: 20_000 },
  );
});

test('the folder’s skills survive bad answers: an error page, HTML, another shape, an older server', async ({
  service,
  openExtensionPage,
}) => {
  const panel = await configuredPanel(openExtensionPage, service, KEY);
  const id = await startOnRepository(panel, 'octo-org/widgets');
  const info = (await onServer(service, `/api/conversations/${id}`)).body as Json;
  const folder = (info.tags as Record<string, string>).folder as string;
  expect(folder).toMatch(/^\/home\/openhands\/handoff\/widgets-[0-9a-f]{8}$/);
  const skills = { method: 'POST', path: '/api/skills' };

  await service.admin.failNext({ ...skills, status: 500 });
  const section = await folderSkills(panel, folder);
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('The server could not list the skills in this folder:', {
    timeout: 20_000,
  });

  // Markup in an answer is never markup on the page.
  await service.admin.failNext({
    ...skills,
    status: 200,
    text: true,
    body: '<html><body><img id="injected" src="x"><p>Gateway</p></body></html>',
  });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toContainText('The server could not list the skills in this folder:');
  await expect(panel.locator('#injected')).toHaveCount(0);

  await service.admin.failNext({ ...skills, status: 200, body: { skills: 'none' } });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toContainText('unexpected format');

  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(section.locator('.loaded-skills li', { hasText: /^agents/ })).toBeVisible({
    timeout: 20_000,
  });

  // A server without the route: what to do, not an error to retry.
  await service.admin.failNext({ ...skills, status: 404, body: { detail: 'Not Found' } });
  const fresh = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expect(await folderSkills(fresh, folder)).toContainText(
    'This agent server cannot list the skills in a folder: that needs version 1.9 or later.',
    { timeout: 20_000 },
  );
});

/**
 * A person cancels a clone that hangs; `ended` checks how the server was told to end it (the
 * command log without the token).
 */
async function cancelHangingClone(
  service: RunningService,
  openExtensionPage: (path: string) => Promise<Page>,
  ended: (log: string) => void,
): Promise<void> {
  const panel = await configuredPanel(openExtensionPage, service, KEY);
  const before = await serverConversations(service);
  await service.admin.hangClones(1);
  await submitNewConversation(panel, { repository: 'octo-org/widgets', message: 'Tidy up' });

  const cancel = panel.getByRole('button', { name: 'Cancel cloning' });
  await expect(cancel).toBeVisible({ timeout: 20_000 });
  const detail = await panel.getByText(/^Cloning octo-org\/widgets into /).textContent();
  const folder = String(detail).replace(/^Cloning octo-org\/widgets into /, '');
  expect(folder).toMatch(/^\/home\/openhands\/handoff\/widgets-[0-9a-f]{8}$/);
  // git is at work on the server: its folder is there.
  await expect
    .poll(async () => (await runOnServer(service, `test -d '${folder}'`)).exit_code)
    .toBe(0);

  await cancel.focus();
  await panel.keyboard.press('Enter');
  await expect(
    panel.getByText('Cloning octo-org/widgets was cancelled. Nothing was left on the server.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(cancel).toHaveCount(0);

  // On the server: no conversation, no folder, no credential file, no git still running.
  expect(await serverConversations(service)).toHaveLength(before.length);
  expect((await runOnServer(service, `test -e '${folder}'`)).exit_code).toBe(1);
  const leftovers = await runOnServer(service, 'ls -a /home/openhands/.handoff');
  expect(String(leftovers.stdout ?? '')).not.toMatch(/credentials/);
  expect((await runOnServer(service, "pgrep -f '[g]it'")).exit_code).toBe(1);
  const log = JSON.stringify(
    (await onServer(service, '/api/bash/bash_events/search?limit=100')).body,
  );
  expect(log).not.toContain(GITHUB_TOKEN);
  ended(log);
}

test('a clone that hangs can be cancelled from the keyboard; the server’s stop route ends exactly it, and nothing is left', async ({
  service,
  openExtensionPage,
}) => {
  await cancelHangingClone(service, openExtensionPage, (log) => {
    // Ended by the stop route (1.54+): TERM to that command alone, no other command sent for it.
    expect(log).toContain('"exit_code":-15');
    expect(log).not.toContain('pkill');
  });
});

test.describe('on an agent server before the stop route (1.43)', () => {
  test.use({
    serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, agentVersion: '1.43.1' },
  });

  test('a clone that hangs is still cancelled, by ending its process session', async ({
    service,
    openExtensionPage,
  }) => {
    await cancelHangingClone(service, openExtensionPage, (log) => {
      expect(log).toContain('pkill');
    });
  });
});

test('a clone stopped by the server’s time-out says so in words, and starts nothing', async ({
  service,
  openExtensionPage,
}) => {
  const panel = await configuredPanel(openExtensionPage, service, KEY);
  const before = await serverConversations(service);
  // What the agent server answers when a command outlives its time-out (five minutes here).
  await service.admin.failNext({
    path: '/api/bash/execute_bash_command',
    status: 200,
    body: {
      kind: 'BashOutput',
      id: '5f0c1e2d3b4a49687f6e5d4c3b2a1908',
      timestamp: new Date().toISOString(),
      command_id: '0a1b2c3d4e5f40718293a4b5c6d7e8f9',
      order: 0,
      exit_code: -1,
      stdout: null,
      stderr: "Cloning into '…'...\n",
    },
  });
  await submitNewConversation(panel, { repository: 'octo-org/widgets', message: 'Tidy up' });
  await expect(
    panel.getByText(
      'Cloning octo-org/widgets took longer than 5 minutes, so it was stopped. Try again, or clone it on the server yourself.',
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Cancel cloning' })).toHaveCount(0);
  expect(await serverConversations(service)).toHaveLength(before.length);
});

test.describe('steering on an agent server alone', () => {
  test.use({ serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, eventsPerSecond: 20 } });

  test('Confirm runs the waiting action; Pause holds the agent and Resume lets it go on', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);

    const waiting = await startFromForm(panel, '[scenario:awaiting-confirmation] Rebuild it');
    const confirmation = panel.getByRole('group', {
      name: 'Action waiting for your confirmation',
    });
    await expect(confirmation).toBeVisible({ timeout: 20_000 });
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirmation).toBeHidden({ timeout: 20_000 });
    await expect
      .poll(async () =>
        (await service.admin.storedEvents(waiting)).events.some(
          (event) => event.kind === 'ObservationEvent',
        ),
      )
      .toBe(true);

    const long = await startFromForm(panel, '[scenario:long] Refactor everything');
    const status = panel.locator('[data-status-label]');
    await expect(status).toHaveText('Working', { timeout: 20_000 });
    await panel.getByRole('button', { name: 'Pause agent' }).click();
    await expect(status).toHaveText('Paused', { timeout: 20_000 });
    const paused = (await onServer(service, `/api/conversations/${long}`)).body as Json;
    expect(paused.execution_status).toBe('paused');
    await panel.getByRole('button', { name: 'Resume agent' }).click();
    await expect(status).not.toHaveText('Paused', { timeout: 20_000 });
    await expect
      .poll(
        async () =>
          ((await onServer(service, `/api/conversations/${long}`)).body as Json).execution_status,
      )
      .not.toBe('paused');
  });
});

test.describe('an agent server that runs each conversation in a container of its own', () => {
  test.use({
    serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, conversationRuntime: 'docker' },
  });

  test('a start from the panel clones the repository inside the conversation’s container, where the agent works', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const id = await startFromForm(panel, {
      repository: 'octo-org/widgets',
      branch: 'release/2.4',
      message: 'Prepare the release notes',
    });
    await expectLive(panel);
    await expect(
      timeline(panel).locator('.message-user', { hasText: 'Prepare the release notes' }),
    ).toBeVisible({ timeout: 20_000 });
    // The clone is in the conversation's own workspace, on the branch asked for …
    const inside = await onServer(service, `/api/conversations/${id}/bash/execute_bash_command`, {
      method: 'POST',
      body: JSON.stringify({
        command: 'git rev-parse --abbrev-ref HEAD',
        cwd: '/workspace',
        timeout: 30,
      }),
    });
    expect(String((inside.body as Json).stdout).trim()).toBe('release/2.4');
    // … not on the server's own machine, and the token is in no command of either.
    const host = await runOnServer(service, 'ls /home/openhands/handoff');
    expect(String(host.stdout ?? '')).not.toContain('widgets');
    const log = await onServer(
      service,
      `/api/conversations/${id}/bash/bash_events/search?limit=100`,
    );
    expect(JSON.stringify(log.body)).toContain('clone');
    expect(JSON.stringify(log.body)).not.toContain(GITHUB_TOKEN);
  });

  test('a conversation whose container stops and cannot start again says so in words, not as a lost connection', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    await submitNewConversation(panel, { message: 'Say hello' });
    const id = await openedConversationId(panel);
    await expectLive(panel);
    await service.admin.waitIdle(id);
    await service.admin.failContainers({ conversationId: id });
    await service.admin.dropSockets();
    await expect(panel.locator('[data-problem="runtime-failed"]')).toContainText(
      'Check that Docker is running on the agent server',
      { timeout: 60_000 },
    );
  });

  test('a container that cannot start is said in words, and nothing is left in the list', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const before = await serverConversations(service);
    await service.admin.failContainers();
    await submitNewConversation(panel, { repository: 'octo-org/widgets', message: 'Go' });
    await expect(panel.locator('[data-start-task="ERROR"]')).toContainText(
      'The server could not start a container for this conversation',
      { timeout: 20_000 },
    );
    expect(await serverConversations(service)).toHaveLength(before.length);
  });
});

test('the repository field suggests the repositories of the GitHub token saved on the server, and says when it cannot', async ({
  service,
  openExtensionPage,
}) => {
  const panel = await configuredPanel(openExtensionPage, service, KEY);
  const form = await openNewForm(panel);
  const field = form.getByLabel('Repository', { exact: true });
  await field.fill('widg');
  const suggestions = form.getByRole('list', { name: 'Matching repositories' });
  await suggestions.getByRole('button', { name: /octo-org\/widgets/ }).click();
  await expect(field).toHaveValue('octo-org/widgets');
  await expect(form.getByLabel('Git provider')).toHaveValue('github');
  await expect(form.getByLabel('Branch')).toHaveValue('main');

  // Without a GitHub token on the server there is nothing to list: the field says what to do.
  await onServer(service, '/api/settings/secrets/github_token', { method: 'DELETE' });
  await field.fill('');
  await field.fill('octo');
  await expect(form.locator('[data-agent-note="save-github-token"]')).toContainText(
    'save a GitHub token on the server as github_token',
  );
});
