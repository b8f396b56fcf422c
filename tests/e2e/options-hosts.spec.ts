import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { readStoredSettings } from './support/trusted-settings';

// Self-hosted code hosts on the options page. The end-to-end build holds *.example.com, so
// the permission request (made inside the click) resolves at once, as a granted prompt would.

async function registeredMatches(serviceWorker: Worker): Promise<string[][]> {
  return serviceWorker.evaluate(async () =>
    (await chrome.scripting.getRegisteredContentScripts())
      .filter((script) => script.id.startsWith('handoff-host:'))
      .map((script) => script.matches ?? []),
  );
}

function hostList(page: Page) {
  return page.getByRole('list', { name: 'Added code hosts' }).locator('li');
}

test('adding a host registers its content script; removing it unregisters it', async ({
  openExtensionPage,
  serviceWorker,
}) => {
  const page = await openExtensionPage('options.html#hosts');
  await page.getByLabel('Address').fill('https://git.example.com/');
  await page.getByLabel('Host software').selectOption('gitlab');
  await page.getByRole('button', { name: 'Add host' }).click();
  await expect(
    page.getByText('Added https://git.example.com (GitLab (self-managed)).'),
  ).toBeVisible();
  await expect(hostList(page)).toHaveText([
    /https:\/\/git\.example\.com\s*GitLab \(self-managed\)/,
  ]);
  await expect(page.getByLabel('Address')).toHaveValue('');
  await expect
    .poll(() => registeredMatches(serviceWorker))
    .toEqual([['https://git.example.com/*']]);

  await page.getByLabel('Address').fill('https://ghe.example.org:8443');
  await page.getByLabel('Host software').selectOption('github');
  await page.getByRole('button', { name: 'Add host' }).click();
  await expect(hostList(page)).toHaveCount(2);
  await expect
    .poll(async () => (await registeredMatches(serviceWorker)).flat().sort())
    .toEqual(['https://ghe.example.org:8443/*', 'https://git.example.com/*']);

  await page.getByRole('button', { name: 'Remove https://git.example.com' }).click();
  await expect(page.getByText('Removed https://git.example.com.')).toBeVisible();
  await expect(hostList(page)).toHaveCount(1);
  await expect
    .poll(() => registeredMatches(serviceWorker))
    .toEqual([['https://ghe.example.org:8443/*']]);
  const stored = (await readStoredSettings(page)).selfHostedHosts;
  expect(stored).toEqual([{ origin: 'https://ghe.example.org:8443', provider: 'github' }]);
});

test('addresses with a path, credentials or a built-in host get precise messages', async ({
  openExtensionPage,
  serviceWorker,
}) => {
  const page = await openExtensionPage('options.html#hosts');
  const address = page.getByLabel('Address');
  const add = page.getByRole('button', { name: 'Add host' });

  await address.fill('https://git.example.com/gitlab/group');
  await add.click();
  await expect(
    page.getByText(
      'Enter just the host, like https://git.example.com, without the path "/gitlab/group".',
    ),
  ).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveValue('https://git.example.com/gitlab/group');

  await address.fill('https://admin:hunter2@git.example.com');
  await add.click();
  await expect(page.getByText(/Leave the user name and password out of the address/)).toBeVisible();

  await address.fill('https://github.com');
  await add.click();
  await expect(
    page.getByText('https://github.com is supported already: there is nothing to add.'),
  ).toBeVisible();

  await expect(page.getByText('None added.')).toBeVisible();
  expect(await registeredMatches(serviceWorker)).toEqual([]);
});
