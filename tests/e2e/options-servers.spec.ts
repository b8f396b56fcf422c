import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type RunningService, startService } from '../service/index';
import { expect, test } from './fixtures';
import { patchStoredSettings, readStoredSettings } from './support/trusted-settings';

// The options page with several servers (docs/settings.md#several-servers): adding one beside the
// first, naming, testing, making the default, the rules that pick a server, removing one, a
// server that changed kind, export and import, and signing in to the hosted service with a code.
// The second server is a second reference service of another kind, started here.

const HOME_KEY = 'session-key-home-3b7e';
const AGENT_KEY = 'agent-key-lab-91c4';

/** The names of the keys stored in the browser (never the keys), by server. */
function storedKeyNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('handoff-secrets', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('secrets');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction('secrets').objectStore('secrets').getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return keys
      .map(String)
      .filter((key) => key.startsWith('apiKey'))
      .sort();
  });
}

function serversList(page: Page) {
  return page.getByRole('list', { name: 'Your servers' });
}

function row(page: Page, name: string) {
  return serversList(page)
    .getByRole('listitem')
    .filter({ has: page.locator('.server-row-name', { hasText: new RegExp(`^${name}$`) }) });
}

test.describe('two servers of different kinds', () => {
  test.use({ serviceOptions: { pace: 0.02, apiKey: HOME_KEY } });

  let lab: RunningService;
  test.beforeEach(async () => {
    lab = await startService({ port: 0, server: 'agent', pace: 0.02, apiKey: AGENT_KEY });
  });
  test.afterEach(async () => {
    await lab.stop();
  });

  test('add, name, test, make default, pick by rules, export, import and remove', async ({
    connectToService,
    openExtensionPage,
    service,
  }) => {
    await connectToService();
    const page = await openExtensionPage('options.html');
    const home = service.url.replace(/^http:\/\//, '');
    // One server: the page looks as it always did, with the list above.
    await expect(serversList(page).getByRole('listitem')).toHaveCount(1);
    await expect(row(page, home)).toContainText('Default');
    await expect(page.locator('#rules')).toHaveCount(0);
    await expect(page.getByLabel('Settings of', { exact: true })).toHaveCount(0);

    // The same address again is refused at the field, and what was typed stays.
    await page.getByRole('button', { name: 'Add a server' }).click();
    const add = page.locator('.server-add');
    await add.getByLabel('Name').fill('Lab');
    await add.getByLabel('Address').fill(`${service.url}/`);
    await add.getByLabel('Key, if it needs one').fill(AGENT_KEY);
    await add.getByRole('button', { name: 'Add server' }).click();
    await expect(add.getByText(`Your server “${home}” already has this address.`)).toBeVisible();
    await expect(add.getByLabel('Address')).toBeFocused();
    await expect(add.getByLabel('Name')).toHaveValue('Lab');
    await expect(serversList(page).getByRole('listitem')).toHaveCount(1);

    await add.getByLabel('Address').fill(lab.url);
    await add.getByRole('button', { name: 'Add server' }).click();
    await expect(page.getByText('Added Lab. Its settings are shown below.')).toBeVisible();
    await expect(row(page, 'Lab')).toContainText(/Agent server 1\.\d+\.\d+ on its own/);
    await expect(row(page, 'Lab')).toContainText('Key saved');
    await expect(row(page, 'Lab')).toContainText('Works');
    // The sections below now speak to the added server.
    await expect(page.getByLabel('Settings of', { exact: true })).toHaveValue(/^s-/);
    await expect(page.getByLabel('Server URL')).toHaveValue(lab.url);
    await expect(page.getByText('A key ending in …91c4 is stored in this browser.')).toBeVisible();
    expect(await storedKeyNames(page)).toEqual([
      'apiKey',
      expect.stringMatching(/^apiKey:s-[0-9a-f]{8}$/),
    ]);

    // The first server, tested from its row; then named.
    await page.getByRole('button', { name: `Test ${home}` }).click();
    await expect(row(page, home)).toContainText('OpenHands 1.x, self-hosted');
    await expect(row(page, home)).toContainText('Key saved · Works');
    await page.getByRole('button', { name: `Rename ${home}` }).click();
    await row(page, home).getByRole('textbox', { name: 'Name', exact: true }).fill('lab');
    await row(page, home).getByRole('button', { name: 'Save name' }).click();
    await expect(
      row(page, home).getByText('Another server is already called “lab”.'),
    ).toBeVisible();
    await expect(row(page, home).getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'lab',
    );
    await row(page, home).getByRole('textbox', { name: 'Name', exact: true }).fill('Work');
    await row(page, home).getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Renamed: it is now Work.')).toBeVisible();

    await page.getByRole('button', { name: 'Make Lab the default' }).click();
    await expect(page.getByText('Lab is now the default')).toBeVisible();
    await expect(row(page, 'Lab')).toContainText('Default');
    expect((await readStoredSettings(page)).defaultServerId).toMatch(/^s-/);

    // Rules: a place and its server; a second rule for it and a host nobody serves get words.
    const rules = page.locator('#rules');
    await expect(rules).toContainText('New conversations go to the default server, Lab.');
    await rules.getByLabel('Code host, owner or repository').fill('https://GitHub.com/acme/');
    await rules.getByLabel('Goes to').selectOption({ label: 'Work' });
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await expect(rules.getByText('Starts from github.com/acme go to Work')).toBeVisible();
    await rules.getByLabel('Code host, owner or repository').fill('github.com/acme');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await expect(rules.getByText(/^Two rules are for github\.com\/acme/)).toBeVisible();
    await rules.getByLabel('Goes to').selectOption({ label: 'Lab' });
    await rules.getByLabel('Code host, owner or repository').fill('gitlab.internal.example');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await expect(
      rules.getByText(
        'No code host you use is at gitlab.internal.example: add it under Code hosts, or fix the rule.',
      ),
    ).toBeVisible();

    // Export carries every server by name and the rules, never a key.
    await page.locator('#transfer').scrollIntoViewIfNeeded();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export settings' }).click();
    const text = readFileSync((await (await download).path()) as string, 'utf8');
    expect(text).not.toContain(HOME_KEY);
    expect(text).not.toContain(AGENT_KEY);
    const exported = JSON.parse(text);
    expect(exported.version).toBe(2);
    expect(exported.settings.servers.map((s: { name: string }) => s.name)).toEqual(['Work', 'Lab']);
    expect(exported.settings.serverRules).toHaveLength(2);

    // A file whose server has Work's address under another identity is refused in words.
    const file = {
      ...exported,
      settings: {
        ...exported.settings,
        servers: [{ ...exported.settings.servers[0], id: 's-0000beef', name: 'Copy' }],
        serverRules: [],
        defaultServerId: null,
      },
    };
    await page.getByLabel('Import settings from a file').setInputFiles({
      name: 'copy.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect(
      page.getByText(
        `Nothing was imported from copy.json: its server “Copy” has the address of your server “Work” (${service.url}).`,
        { exact: false },
      ),
    ).toBeVisible();

    // Removing Work says what goes, and asks first.
    await page.getByRole('button', { name: 'Remove Work' }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove Work?' });
    await expect(question).toContainText(
      'Handoff forgets its key, the conversations it keeps of it in this browser, and its rules (github.com/acme). Its conversations stay on the server itself.',
    );
    await expect(question.getByRole('button', { name: 'Remove Work' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByRole('button', { name: 'Remove Work' })).toBeFocused();
    await page.getByRole('button', { name: 'Remove Work' }).click();
    await question.getByRole('button', { name: 'Remove Work' }).click();
    await expect(
      page.getByText('Removed Work. Its conversations stay on the server.'),
    ).toBeVisible();
    await expect(serversList(page).getByRole('listitem')).toHaveCount(1);
    // Its rule went with it; the one for Lab stays, and so does the section while a rule is left.
    await expect(rules.getByRole('listitem')).toHaveCount(1);
    await expect(rules).toContainText('Starts from gitlab.internal.example go to Lab');
    expect(await storedKeyNames(page)).toEqual([expect.stringMatching(/^apiKey:s-/)]);
    const stored = await readStoredSettings(page);
    expect(JSON.stringify(stored)).not.toContain(service.url);
    expect(stored.serverRules).toEqual([
      { pattern: 'gitlab.internal.example', serverId: stored.defaultServerId },
    ]);
  });
});

test.describe('a server that changed kind', () => {
  test.use({ serviceOptions: { server: 'agent', pace: 0.02, apiKey: AGENT_KEY } });

  test('is said in words after a test, and used as it is now', async ({
    connectToService,
    openExtensionPage,
    service,
  }) => {
    await connectToService();
    const page = await openExtensionPage('options.html');
    // Its last test, before, found an OpenHands server at this address.
    await patchStoredSettings(page, {
      serverInfo: {
        v0: false,
        v1: true,
        mode: 'oss',
        kind: 'v1',
        version: null,
        checkedAt: new Date().toISOString(),
      },
    });
    const home = service.url.replace(/^http:\/\//, '');
    await page.getByRole('button', { name: `Test ${home}` }).click();
    await expect(page.locator('#servers [data-notice="kind-changed"]')).toHaveText(
      `${home} now answers as an agent server; it was an OpenHands server before. Handoff uses it as it is now.`,
    );
    await expect
      .poll(async () => (await readStoredSettings(page)).servers)
      .toEqual([
        expect.objectContaining({ serverInfo: expect.objectContaining({ kind: 'agent' }) }),
      ]);
  });
});

test.describe('the hosted service', () => {
  test.use({ serviceOptions: { server: 'hosted', pace: 0.02, apiKey: 'configured-key-77aa' } });

  test('signs in with a code instead of a key, then signs out, deleting the key it made', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // No key yet: the test finds the hosted service, and the page offers to sign in.
    await expect(page.locator('.connection-report')).toContainText(
      'OpenHands Cloud, the hosted service',
    );
    await page.getByRole('button', { name: 'Sign in with the hosted service' }).click();
    const code = page.locator('.device-sign-in-code');
    await expect(code).toHaveText(/^[A-Z2-9]{8}$/);
    await expect(page.getByRole('link', { name: /^Open the approval page on / })).toBeFocused();
    // The person approves the code in the hosted web app.
    await service.admin.approveDeviceCode({ userCode: (await code.textContent()) ?? '' });

    await expect(page.locator('[data-notice="signed-in"]')).toContainText(
      'Signed in to the hosted service: a key ending in',
      { timeout: 20_000 },
    );
    await expect(page.locator('.connection-report')).toContainText(
      'Accepted, sent as Authorization: Bearer',
    );
    await expect(row(page, service.url.replace(/^http:\/\//, ''))).toContainText('Signed in');
    expect((await readStoredSettings(page)).servers).toEqual([
      expect.objectContaining({ authScheme: 'bearer' }),
    ]);
    expect(await storedKeyNames(page)).toEqual(['apiKey']);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(
      page.getByText('Signed out: the hosted service deleted the key, and this browser forgot it.'),
    ).toBeVisible();
    expect((await service.admin.deviceKeys()).map((key) => key.status)).toEqual(['deleted']);
    expect(await storedKeyNames(page)).toEqual([]);
    await expect(
      page.getByRole('button', { name: 'Sign in with the hosted service' }),
    ).toBeVisible();
  });
});
