import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readStoredSettings } from './support/trusted-settings';

// The options page's server section against the reference service: save, test connection,
// the probe's result in words, and the key kept out of storage.local and the settings.

async function storedEverything(page: Page): Promise<string> {
  const local = await page.evaluate(async () => chrome.storage.local.get(null));
  return JSON.stringify([local, await readStoredSettings(page)]);
}

function report(page: Page) {
  return page.locator('.connection-report');
}

/** The value shown for one line of the connection report ("Server", "Kind", "API key"). */
function reportLine(page: Page, label: string) {
  return report(page)
    .locator('.connection-line')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

test.describe('a self-hosted 1.x server without a key', () => {
  test('Save stores the address, then tests it: reachable, self-hosted 1.x, no key needed', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(`${service.url}/`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved. Handoff now uses this server.')).toBeVisible();
    await expect(reportLine(page, 'Server')).toHaveText(/Reachable/);
    await expect(reportLine(page, 'Kind')).toHaveText('Self-hosted OpenHands 1.x');
    await expect(reportLine(page, 'API key')).toHaveText(/Not needed/);
    await expect(report(page)).toContainText('Handoff can work with this server.');
    // No interface names in front of a person.
    await expect(report(page)).not.toContainText(/\bV[01]\b/);
    // The address is stored normalised (no trailing slash) and what the server is, is kept.
    await expect(page.getByLabel('Server URL')).toHaveValue(service.url);
    const stored = await readStoredSettings(page);
    expect(stored.serverUrl).toBe(service.url);
    expect(stored.serverInfo).toMatchObject({ v0: false, v1: true, mode: 'oss', kind: 'v1' });

    // The individual checks are one click away.
    await page.getByText(/Show the \d+ individual checks/).click();
    await expect(report(page).getByText('GET /alive')).toBeVisible();
    await expect(report(page).getByText('GET /api/v1/web-client/config')).toBeVisible();
  });

  test('bad addresses get a precise message next to the field and keep what was typed', async ({
    openExtensionPage,
  }) => {
    const page = await openExtensionPage('options.html');
    const url = page.getByLabel('Server URL');
    await url.fill('ftp://files.example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Use an http:// or https:// address (got ftp://).')).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    // Keyboard focus goes to what needs fixing, which keeps what was typed.
    await expect(url).toBeFocused();
    await expect(url).toHaveValue('ftp://files.example.com');

    await url.fill('https://me:secret@example.com');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(
      page.getByText(/Leave the user name and password out of the address/),
    ).toBeVisible();

    await url.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter an address.')).toBeVisible();
    expect(await storedEverything(page)).not.toContain('example.com');
  });

  test('an unreachable address is reported as not reachable, with the reason', async ({
    openExtensionPage,
  }) => {
    const page = await openExtensionPage('options.html');
    // Port 9 (discard) has no listener here: the connection is refused at once.
    await page.getByLabel('Server URL').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'Server')).toHaveText('Not reachable');
    await expect(report(page)).toContainText('Handoff could not reach it');
  });

  test('an address that answers with a web page is reachable but has no API', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    // Under an unknown path the server's web UI answers every GET with its HTML page
    // (docs/contract/http.md#missing-routes-look-like-the-web-app).
    await page.getByLabel('Server URL').fill(`${service.url}/some/web/page`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'Server')).toHaveText('Reachable');
    await expect(reportLine(page, 'Kind')).toHaveText('No OpenHands server found at this address');
    await expect(report(page)).toContainText('not an OpenHands server');
  });
});

test.describe('an older self-hosted server (0.x)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test('is named as the older kind', async ({ openExtensionPage, service }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(reportLine(page, 'Kind')).toHaveText(
      'Self-hosted OpenHands 0.x, an older server (Handoff uses its older interface)',
    );
    const stored = await readStoredSettings(page);
    expect(stored.serverInfo).toMatchObject({ v0: true, v1: true, kind: 'legacy' });
  });
});

test.describe('an agent server alone', () => {
  test.use({ serviceOptions: { server: 'agent', pace: 0.02, apiKey: 'agent-key-1f2e' } });

  test('is named with its version, its key is checked, and the report says how Handoff works there', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'Kind')).toHaveText(
      /^An OpenHands agent server 1\.\d+\.\d+ on its own, without an app server$/,
    );
    await expect(reportLine(page, 'API key')).toHaveText('Required, but none is set');
    await page.getByLabel('API key').fill('agent-key-wrong');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'API key')).toHaveText('Rejected: the server answered 401');
    await page.getByLabel('API key').fill('agent-key-1f2e');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'API key')).toHaveText('Accepted, sent as X-Session-API-Key');
    await expect(report(page)).toContainText(
      'Handoff can work with this agent server without an app server',
    );
  });
});

test.describe('an agent server alone, older than Handoff can use', () => {
  test.use({
    serviceOptions: {
      server: 'agent',
      pace: 0.02,
      apiKey: 'agent-key-1f2e',
      agentVersion: '1.20.0',
    },
  });

  test('says its version is too old and what to do', async ({ openExtensionPage, service }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByLabel('API key').fill('agent-key-1f2e');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'Version')).toHaveText(
      '1.20.0: too old, Handoff needs 1.28.0 or newer',
    );
    await expect(report(page)).toContainText(
      'Update the agent server (or OpenHands) and test again.',
    );
  });
});

test.describe('self-hosted with a key', () => {
  test.use({ serviceOptions: { pace: 0.02, apiKey: 'session-key-7f3a9c21' } });

  test('the key is accepted with X-Session-API-Key, kept out of storage.local, shown as a hint only', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByLabel('API key').fill('session-key-7f3a9c21');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(reportLine(page, 'API key')).toHaveText('Accepted, sent as X-Session-API-Key');
    await expect(page.getByLabel('API key')).toHaveValue('');
    await expect(page.getByText('A key ending in …9c21 is stored in this browser.')).toBeVisible();
    expect(await storedEverything(page)).not.toContain('session-key-7f3a9c21');
    await expect(page.locator('body')).not.toContainText('session-key-7f3a9c21');

    // A reload shows the hint again, never the key.
    await page.reload();
    await expect(page.getByText('A key ending in …9c21 is stored in this browser.')).toBeVisible();
    await expect(page.getByLabel('API key')).toHaveValue('');
  });

  test('a wrong key is reported as rejected', async ({ openExtensionPage, service }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByLabel('API key').fill('not-the-key');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'API key')).toHaveText(/^Rejected/);
    await expect(report(page)).toContainText('The server refused the API key');
    // Testing saves nothing.
    expect(await storedEverything(page)).not.toContain(service.url);
  });

  test('without a key the report says one is required', async ({ openExtensionPage, service }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(reportLine(page, 'API key')).toHaveText('Required, but none is set');
  });
});

test.describe('the hosted service', () => {
  test.use({ serviceOptions: { pace: 0.02, server: 'hosted', apiKey: 'hosted-api-key-51c0' } });

  test('the hosted service is recognised and the key settles on Authorization: Bearer', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill(service.url);
    await page.getByLabel('API key').fill('hosted-api-key-51c0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(reportLine(page, 'Kind')).toHaveText('OpenHands Cloud, the hosted service');
    await expect(reportLine(page, 'API key')).toHaveText(
      /^Accepted, sent as Authorization: Bearer/,
    );
    const stored = await readStoredSettings(page);
    expect(stored.authScheme).toBe('bearer');
    expect(stored.serverInfo).toMatchObject({ mode: 'saas', v1: true, kind: 'hosted' });
  });
});
