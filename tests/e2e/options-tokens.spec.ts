import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readStoredSettings } from './support/trusted-settings';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

// Git provider tokens on the options page: sent to the reference service, whose answers are
// shown, and kept nowhere in the extension afterwards.

const GITLAB_TOKEN = 'glpat-Zx8Qw2Er4Ty6Ui8Op0As';
const GITHUB_TOKEN = 'ghp_Abcdefghij0123456789KLMNOP';

function held(page: Page) {
  return page.getByRole('list', { name: 'Tokens the server holds' }).locator('li');
}

async function everythingStored(page: Page): Promise<string> {
  const areas = await page.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
  return `${areas}${JSON.stringify(await readStoredSettings(page))}`;
}

test.beforeEach(async ({ connectToService }) => {
  await connectToService();
});

test('a token is stored, the other providers stay, and nothing keeps the token', async ({
  openExtensionPage,
  service,
}) => {
  const page = await openExtensionPage('options.html#git-providers');
  await expect(held(page)).toHaveText([/GitHub\s+github\.com/, /GitLab\s+gitlab\.com/]);

  await page.getByLabel('Provider', { exact: true }).selectOption('gitlab');
  await page.getByLabel('Host', { exact: true }).fill('https://gitlab.example.com/');
  await page.getByLabel('Token', { exact: true }).fill(GITLAB_TOKEN);
  await page.getByRole('button', { name: 'Store token' }).click();
  await expect(
    page.getByText('GitLab: the server stored the token ("Git providers stored").'),
  ).toBeVisible();
  // The field is cleared and the host was sent as a bare host name.
  await expect(page.getByLabel('Token', { exact: true })).toHaveValue('');
  await expect(held(page)).toHaveText([/GitHub\s+github\.com/, /GitLab\s+gitlab\.example\.com/]);

  // The service kept the GitHub token it had (the map it gets replaces the stored one).
  const settings = await fetch(`${service.url}/api/settings`).then((r) => r.json());
  expect(settings.provider_tokens_set).toEqual({
    github: 'github.com',
    gitlab: 'gitlab.example.com',
  });
  const repos = await fetch(`${service.url}/api/user/repositories?selected_provider=github`);
  expect(repos.status).toBe(200);

  // Not in storage, not on the page.
  expect(await everythingStored(page)).not.toContain(GITLAB_TOKEN);
  await expect(page.locator('body')).not.toContainText(GITLAB_TOKEN);
  const inputs = await page
    .locator('input')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
  expect(inputs).not.toContain(GITLAB_TOKEN);
});

test('whitespace, a wrong token and a host with a path each get a precise message', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html#git-providers');
  await expect(held(page)).toHaveCount(2);
  const token = page.getByLabel('Token', { exact: true });
  const store = page.getByRole('button', { name: 'Store token' });

  await page.getByLabel('Provider', { exact: true }).selectOption('bitbucket');
  await token.fill('   ');
  await store.click();
  await expect(page.getByText('The token is only spaces: paste the token itself.')).toBeVisible();
  await expect(token).toHaveAttribute('aria-invalid', 'true');

  await token.fill('ATBB 1234 5678');
  await store.click();
  await expect(
    page.getByText('A token never contains spaces or line breaks: paste it again, without them.'),
  ).toBeVisible();

  // A token the provider refuses: the service's own 401 words, next to the field.
  await token.fill('ATBB-not-a-real-token');
  await store.click();
  await expect(
    page.getByText(
      'The server refused the token: Invalid token. Please make sure it is a valid bitbucket token.',
    ),
  ).toBeVisible();
  // What was typed is kept for fixing.
  await expect(token).toHaveValue('ATBB-not-a-real-token');
  await expect(held(page)).toHaveCount(2);

  await page.getByLabel('Provider', { exact: true }).selectOption('github');
  await page.getByLabel('Host', { exact: true }).fill('https://github.example.com/enterprise/api');
  await token.fill(GITHUB_TOKEN);
  await store.click();
  await expect(
    page.getByText(
      'Enter just the host, like github.example.com, without the path "/enterprise/api".',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Host', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test.describe('a fresh install', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02, seed: false } });

  test('cannot list its tokens (404 on its settings); tokens stored in one visit all stay', async ({
    openExtensionPage,
    service,
  }) => {
    expect((await fetch(`${service.url}/api/settings`)).status).toBe(404);
    const page = await openExtensionPage('options.html#git-providers');
    await expect(
      page.getByText(/The server has no settings yet \(a fresh install\)/),
    ).toBeVisible();
    await page.getByLabel('Token', { exact: true }).fill(GITHUB_TOKEN);
    await page.getByRole('button', { name: 'Store token' }).click();
    await expect(held(page)).toHaveText([/GitHub/]);

    await page.getByLabel('Provider', { exact: true }).selectOption('gitlab');
    await page.getByLabel('Token', { exact: true }).fill(GITLAB_TOKEN);
    await page.getByRole('button', { name: 'Store token' }).click();
    await expect(held(page)).toHaveText([/GitHub/, /GitLab/]);
    // Both tokens work on the service: the second did not replace the first.
    for (const provider of ['github', 'gitlab']) {
      const answer = await fetch(
        `${service.url}/api/user/repositories?selected_provider=${provider}`,
      );
      expect(answer.status).toBe(200);
      expect((await answer.json()).length).toBeGreaterThan(0);
    }
    expect(await everythingStored(page)).not.toContain(GITHUB_TOKEN);
    expect(await everythingStored(page)).not.toContain(GITLAB_TOKEN);

    await page.getByRole('button', { name: 'Make the server forget its GitLab token' }).click();
    await expect(page.getByText('The server forgot its GitLab token.')).toBeVisible();
    await expect(held(page)).toHaveText([/GitHub/]);
    expect(
      await fetch(`${service.url}/api/user/repositories?selected_provider=gitlab`).then((r) =>
        r.json(),
      ),
    ).toEqual([]);
  });
});
