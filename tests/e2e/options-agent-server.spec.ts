import type { Page } from '@playwright/test';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { patchStoredSettings, readStoredSettings } from './support/trusted-settings';

// The options page against a bare agent server (the reference service's `agent` kind: what
// self-hosted OpenHands runs since Agent Canvas). Its settings, secrets and MCP servers live on
// its own `/api/settings…` routes; git tokens are the secrets its clone helper reads. The
// service is seeded with a model and its key, the secrets github_token, gitlab_token and
// NPM_TOKEN, and one MCP server (docs) with a secret header.

const KEY = 'agent-key-options-51c0';

/** Values the service keeps that the page must never hold, shown or not. */
const seededValues = [
  'ghp_LocalReferenceService',
  'glpat-LocalReferenceSvc0001',
  'npm_localreferenceservice',
  'sk-ant-local-reference-service',
  'mcp-local-reference-token',
];

test.use({ serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY } });

const keyed = { 'X-Session-API-Key': KEY };

/** The secrets as another client lists them. */
async function serverSecrets(service: RunningService) {
  const answer = await fetch(`${service.url}/api/settings/secrets`, { headers: keyed });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { secrets: { name: string; description?: string | null }[] })
    .secrets;
}

/** The MCP servers as the agent server keeps them, secrets in plain text (a backend's view). */
async function serverMcp(service: RunningService) {
  const answer = await fetch(`${service.url}/api/settings`, {
    headers: { ...keyed, 'X-Expose-Secrets': 'plaintext' },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()).agent_settings.mcp_config as Record<string, Record<string, unknown>>;
}

/** Everything the page holds, with the values of its inputs. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inputs = [...document.querySelectorAll('input, textarea')].map(
      (input) => (input as HTMLInputElement).value,
    );
    return `${document.documentElement.outerHTML}\n${inputs.join('\n')}`;
  });
}

function reportLine(page: Page, label: string) {
  return page
    .locator('.connection-report .connection-line')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

/** Saves the address and key as a person does: the connection test then names the kind. */
async function connect(page: Page, service: RunningService, key = KEY) {
  await page.getByLabel('Server URL').fill(service.url);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(reportLine(page, 'Kind')).toHaveText(
    /^An OpenHands agent server 1\.\d+\.\d+ on its own, without an app server$/,
  );
}

test('the model, secrets, git tokens and MCP servers are the agent server’s own, and no value is ever shown', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await connect(page, service);
  await expect(reportLine(page, 'API key')).toHaveText('Accepted, sent as X-Session-API-Key');

  // The model in use, read from the agent server's settings; nothing links to a web app it lacks.
  const agent = page.locator('#agent');
  await expect(agent.locator('code')).toHaveText('anthropic/claude-sonnet-4-5-20250929', {
    timeout: 20_000,
  });
  await expect(agent).toContainText('Stored on the server');
  await expect(agent).toContainText('The agent runs them without asking');
  await expect(agent).toContainText('where the agent server is set up');
  await expect(agent.getByRole('link')).toHaveCount(0);

  // Secrets: names and descriptions only; an agent server changes one by adding it again.
  const secrets = page.locator('#secrets');
  const list = secrets.getByRole('list', { name: 'Secrets on the server' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const name of ['github_token', 'gitlab_token', 'NPM_TOKEN']) {
    await expect(list.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(secrets.getByRole('button', { name: /^Rename or describe/ })).toHaveCount(0);
  await expect(secrets).toContainText('add it again under the same name');

  // Git tokens: the clone secrets the server holds.
  const tokens = page.locator('#git-providers');
  const held = tokens.getByRole('list', { name: 'Tokens the server holds' });
  await expect(held.getByRole('listitem')).toHaveCount(2);
  await expect(held).toContainText('GitHub kept as the secret github_token');
  await expect(held).toContainText('GitLab kept as the secret gitlab_token');

  // MCP servers: the seeded one, its secret header shown redacted.
  const mcp = page.locator('#mcp');
  await expect(mcp).toContainText('stored on the agent server');
  const docs = mcp.getByRole('group', { name: 'SSE server 1', exact: true });
  await expect(docs.getByLabel('Name')).toHaveValue('docs');
  await expect(docs.getByLabel('URL')).toHaveValue('https://mcp.example.test/sse');
  await expect(docs.getByLabel('Headers')).toHaveValue('Authorization: **********');

  // Interfaces to choose between: an agent server has one.
  await expect(page.getByLabel('How new conversations start')).toHaveCount(0);

  const text = await pageText(page);
  for (const value of seededValues) expect(text).not.toContain(value);
});

test('a secret is added, refused with a name the server would refuse, and deleted', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await connect(page, service);
  const secrets = page.locator('#secrets');
  const list = secrets.getByRole('list', { name: 'Secrets on the server' });
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 });
  const form = secrets.getByRole('form', { name: 'Add a secret' });

  // The agent server wants a letter first: said next to the name, what was typed stays.
  const value = 'pypi-AgEIcHlwaS5vcmc-agent-secret';
  await form.getByLabel('Name', { exact: true }).fill('_PYPI_TOKEN');
  await form.getByLabel('Value', { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(
    form.getByText('On this server a secret name starts with a letter, not "_".'),
  ).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Value', { exact: true })).toHaveValue(value);

  await form.getByLabel('Name', { exact: true }).fill('PYPI_TOKEN');
  await form.getByLabel('Description').fill('Publishes the Python package');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(secrets.getByText('Added PYPI_TOKEN.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(form.getByLabel('Value', { exact: true })).toHaveValue('');
  expect(await serverSecrets(service)).toContainEqual({
    name: 'PYPI_TOKEN',
    description: 'Publishes the Python package',
  });
  expect(await pageText(page)).not.toContain(value);

  await secrets.getByRole('button', { name: 'Delete PYPI_TOKEN' }).click();
  await secrets.getByRole('button', { name: 'Delete secret' }).click();
  await expect(secrets.getByText('Deleted PYPI_TOKEN.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expect((await serverSecrets(service)).map((secret) => secret.name)).not.toContain('PYPI_TOKEN');
});

test('a failed save says so and keeps the typed value; the Bitbucket token becomes bitbucket_token', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await connect(page, service);
  const tokens = page.locator('#git-providers');
  await expect(tokens.getByRole('list', { name: 'Tokens the server holds' })).toBeVisible({
    timeout: 20_000,
  });
  await tokens.getByLabel('Provider').selectOption('bitbucket');
  const token = 'ATBB-agent-server-bitbucket-token';
  await tokens.getByLabel('Token', { exact: true }).fill(token);

  await service.admin.failNext({
    method: 'PUT',
    path: '/api/settings/secrets',
    status: 500,
    body: { detail: 'Failed to save secret' },
  });
  await tokens.getByRole('button', { name: 'Store token' }).click();
  await expect(tokens.getByRole('alert')).toContainText('Failed to save secret');
  await expect(tokens.getByLabel('Token', { exact: true })).toHaveValue(token);
  expect((await serverSecrets(service)).map((secret) => secret.name)).not.toContain(
    'bitbucket_token',
  );

  await tokens.getByRole('button', { name: 'Store token' }).click();
  await expect(
    tokens.getByText('Bitbucket: the server stored the token as bitbucket_token.'),
  ).toBeVisible();
  await expect(tokens.getByLabel('Token', { exact: true })).toHaveValue('');
  await expect(tokens.getByRole('list', { name: 'Tokens the server holds' })).toContainText(
    'Bitbucket kept as the secret bitbucket_token',
  );
  expect(await serverSecrets(service)).toContainEqual({
    name: 'bitbucket_token',
    description: 'Used to clone Bitbucket repositories',
  });
  // The secrets list is the same list.
  await expect(
    page
      .locator('#secrets')
      .getByRole('list', { name: 'Secrets on the server' })
      .getByText('bitbucket_token', { exact: true }),
  ).toBeVisible();

  await tokens.getByRole('button', { name: 'Make the server forget its GitLab token' }).click();
  await expect(
    tokens.getByText('The server forgot its GitLab token (gitlab_token).'),
  ).toBeVisible();
  expect((await serverSecrets(service)).map((secret) => secret.name)).not.toContain('gitlab_token');
  expect(await pageText(page)).not.toContain(token);
});

/**
 * Adds an MCP server beside the stored one, then removes the stored one. From 1.39.0 each change
 * goes through the route of its server; before, the same changes go as one change of the
 * settings. Either way the stored secret header is never sent back.
 */
async function addThenRemoveMcp(page: Page, service: RunningService) {
  await connect(page, service);
  const mcp = page.locator('#mcp');
  await expect(mcp.getByRole('group', { name: 'SSE server 1', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await mcp.getByRole('button', { name: 'Add streamable HTTP server' }).click();
  const tools = mcp.getByRole('group', { name: 'Streamable HTTP server 1', exact: true });
  await tools.getByLabel('Name').fill('tools');
  await tools.getByLabel('URL').fill('https://tools.example.org/mcp');
  await tools.getByLabel('Headers').fill('X-Api-Key: tools-secret-1');
  await mcp.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(
    mcp.getByText('Saved on the server: new conversations get 2 MCP server(s).'),
  ).toBeVisible();

  const stored = await serverMcp(service);
  expect(stored.docs).toMatchObject({
    url: 'https://mcp.example.test/sse',
    headers: { Authorization: 'Bearer mcp-local-reference-token' },
  });
  expect(stored.tools).toMatchObject({
    url: 'https://tools.example.org/mcp',
    transport: 'http',
    headers: { 'X-Api-Key': 'tools-secret-1' },
  });
  // Read again, the new server's header is redacted like the other's.
  await expect(tools.getByLabel('Headers')).toHaveValue('X-Api-Key: **********');

  // Removing the stored one removes it alone.
  await mcp.getByRole('button', { name: 'Remove SSE server 1' }).click();
  await mcp.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(
    mcp.getByText('Saved on the server: new conversations get 1 MCP server(s).'),
  ).toBeVisible();
  expect(Object.keys(await serverMcp(service))).toEqual(['tools']);
}

test('an MCP server added here joins the stored one, whose secret header stays as stored', async ({
  openExtensionPage,
  service,
}) => {
  await addThenRemoveMcp(await openExtensionPage('options.html'), service);
});

test.describe('an agent server older than the routes for one MCP server', () => {
  test.use({
    serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, agentVersion: '1.38.0' },
  });

  test('takes the same changes through its settings', async ({ openExtensionPage, service }) => {
    await addThenRemoveMcp(await openExtensionPage('options.html'), service);
  });
});

test('the clone folder is checked as it is typed, kept for this server, and a saved one that cannot be used is pointed out', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await connect(page, service);
  const section = page.locator('#agent');
  const field = section.getByLabel('Clone folder');
  const save = section.getByRole('button', { name: 'Save folder' });
  const refused = async (typed: string, words: string) => {
    await field.fill(typed);
    await save.click();
    await expect(section.locator('.field-error')).toHaveText(words);
    // What was typed stays to be corrected, and the field says it is the one at fault.
    await expect(field).toHaveValue(typed);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  };
  await refused(
    'work/repos',
    'Start with / for a full path, or with ~/ for a folder inside the server’s home folder.',
  );
  await refused('/srv/../etc', 'Leave out “..”: write the folder’s path itself.');
  await refused(
    "~/work/it's",
    "Remove “'”: folder names here use letters, digits and . _ - + @ , only, which neither the server’s shell nor git can misread.",
  );
  await refused(
    '~/my work',
    'Remove the space: folder names here use letters, digits and . _ - + @ , only, which neither the server’s shell nor git can misread.',
  );

  // Enter saves, as the button does; the saved path is tidied.
  await field.fill(' ~/work//repos/ ');
  await field.press('Enter');
  await expect(
    section.getByText('Saved: new conversations clone into ~/work/repos.'),
  ).toBeVisible();
  await expect(field).toHaveValue('~/work/repos');
  const origin = new URL(service.url).origin;
  await expect
    .poll(async () => (await readStoredSettings(page)).cloneFolders)
    .toEqual({ [origin]: '~/work/repos' });

  // One kept by hand, or by an older file, that starts cannot use: said, and the default named.
  await patchStoredSettings(page, { cloneFolders: { [origin]: 'relative; rm -rf ~' } });
  await expect(field).toHaveValue('relative; rm -rf ~');
  await expect(section.locator('.field-error')).toHaveText(
    /^The saved folder “relative; rm -rf ~” cannot be used, so new conversations clone into ~\/handoff until you fix it\. Start with \//,
  );
  // Emptied, it is the default again, and nothing is kept for this server.
  await field.fill('');
  await save.click();
  await expect(section.getByText('Saved: new conversations clone into ~/handoff.')).toBeVisible();
  await expect(section.locator('.field-error')).toHaveCount(0);
  await expect.poll(async () => (await readStoredSettings(page)).cloneFolders).toEqual({});
});

test('the sandboxes tab says an agent server has none', async ({ openExtensionPage, service }) => {
  const page = await openExtensionPage('options.html');
  await connect(page, service);
  await page.getByRole('link', { name: 'Sandboxes' }).click();
  await expect(page.getByText('An agent server on its own has no sandboxes')).toBeVisible();
});

test('a rejected key is said in each section, with the next step', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html');
  await connect(page, service, 'agent-key-wrong');
  await expect(reportLine(page, 'API key')).toHaveText('Rejected: the server answered 401');
  for (const section of ['#agent', '#secrets', '#git-providers']) {
    await expect(page.locator(section).getByRole('alert')).toContainText(
      'Check the API key under Server, save it, then try again.',
      { timeout: 20_000 },
    );
  }
});

test.describe('an agent server older than its secrets routes', () => {
  test.use({
    serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, agentVersion: '1.20.0' },
  });

  test('says which release brought secrets, and still shows the model', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    await connect(page, service);
    await expect(page.locator('#secrets').getByRole('alert')).toContainText(
      'This agent server is too old for custom secrets: they came with agent server 1.20.1.',
      { timeout: 20_000 },
    );
    await expect(page.locator('#git-providers').getByRole('alert')).toContainText(
      'too old for git provider tokens: they came with agent server 1.20.1',
    );
    await expect(page.locator('#agent code')).toHaveText(/claude-sonnet-4-5/);
  });
});
