import type { Page } from '@playwright/test';
import type { Generation } from '@/lib/api/generation';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { journeyKinds } from './support/generations';
import { readStoredSettings } from './support/trusted-settings';

// Git provider tokens on the options page: sent to the reference service, whose answers are
// shown, and kept nowhere in the extension afterwards. A self-hosted server of either kind takes
// them from the form (the 1.7+ one at /api/v1/secrets/git-providers, a legacy one at V0's
// add-git-providers); both replace the whole stored map with the one they get, so no save may
// drop a provider the person already has. The hosted service takes them from its sign-in.

const GITLAB_TOKEN = 'glpat-Zx8Qw2Er4Ty6Ui8Op0As';
const GITHUB_TOKEN = 'ghp_Abcdefghij0123456789KLMNOP';
const SERVER_KEY = 'server-key-tokens-5e1f';

function held(page: Page) {
  return page.getByRole('list', { name: 'Tokens the server holds' }).locator('li');
}

async function everythingStored(page: Page): Promise<string> {
  const areas = await page.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
  return `${areas}${JSON.stringify(await readStoredSettings(page))}`;
}

function keyed(service: RunningService): Record<string, string> {
  return service.apiKey ? { 'X-Session-API-Key': service.apiKey } : {};
}

/** `provider_tokens_set` as another client of the server reads it, from its own settings route. */
async function tokensSetOnServer(
  service: RunningService,
  generation: Generation,
): Promise<unknown> {
  const path = generation === 'v1' ? '/api/v1/settings' : '/api/settings';
  const answer = await fetch(`${service.url}${path}`, { headers: keyed(service) });
  expect(answer.status).toBe(200);
  return (await answer.json()).provider_tokens_set;
}

/** The provider's repositories through the server, which needs its token for that. */
async function repositoriesThroughServer(
  service: RunningService,
  generation: Generation,
  provider: string,
): Promise<unknown[]> {
  const path =
    generation === 'v1'
      ? `/api/v1/git/repositories/search?provider=${provider}`
      : `/api/user/repositories?selected_provider=${provider}`;
  const answer = await fetch(`${service.url}${path}`, { headers: keyed(service) });
  expect(answer.status).toBe(200);
  const body = await answer.json();
  return generation === 'v1' ? body.items : body;
}

/** Which providers the server keeps a token for (a fresh install cannot say so over HTTP). */
function providersKept(service: RunningService): string[] {
  const tokens = service.service.data.secrets.provider_tokens;
  return Object.keys(tokens)
    .filter((provider) => tokens[provider]?.token)
    .sort();
}

for (const { generation, title, server } of journeyKinds) {
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02, apiKey: SERVER_KEY } });

    test.beforeEach(async ({ connectToService }) => {
      await connectToService();
    });

    test('a token is stored, the other providers stay, and nothing keeps the token', async ({
      openExtensionPage,
      service,
    }) => {
      const page = await openExtensionPage('options.html#git-providers');
      await expect(held(page)).toHaveText([/GitHub\s+github\.com/, /GitLab\s+gitlab\.com/]);
      // The hosted service's page and its link are for the hosted service only.
      await expect(page.getByRole('link', { name: /hosted service’s settings/ })).toHaveCount(0);

      await page.getByLabel('Provider', { exact: true }).selectOption('gitlab');
      await page.getByLabel('Host', { exact: true }).fill('https://gitlab.example.com/');
      await page.getByLabel('Token', { exact: true }).fill(GITLAB_TOKEN);
      await page.getByRole('button', { name: 'Store token' }).click();
      await expect(
        page.getByText('GitLab: the server stored the token ("Git providers stored").'),
      ).toBeVisible();
      // The field is cleared and the host was sent as a bare host name.
      await expect(page.getByLabel('Token', { exact: true })).toHaveValue('');
      await expect(held(page)).toHaveText([
        /GitHub\s+github\.com/,
        /GitLab\s+gitlab\.example\.com/,
      ]);

      // The server kept the GitHub token it had (the map it gets replaces the stored one).
      expect(await tokensSetOnServer(service, generation)).toEqual({
        github: 'github.com',
        gitlab: 'gitlab.example.com',
      });
      expect(
        (await repositoriesThroughServer(service, generation, 'github')).length,
      ).toBeGreaterThan(0);

      // Not in storage, not on the page.
      expect(await everythingStored(page)).not.toContain(GITLAB_TOKEN);
      await expect(page.locator('body')).not.toContainText(GITLAB_TOKEN);
      const inputs = await page
        .locator('input')
        .evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
      expect(inputs).not.toContain(GITLAB_TOKEN);
    });

    test('forgetting one provider keeps the others', async ({ openExtensionPage, service }) => {
      const page = await openExtensionPage('options.html#git-providers');
      await expect(held(page)).toHaveCount(2);
      await page.getByRole('button', { name: 'Make the server forget its GitHub token' }).click();
      await expect(page.getByText('The server forgot its GitHub token.')).toBeVisible();
      await expect(held(page)).toHaveText([/GitLab\s+gitlab\.com/]);
      expect(await tokensSetOnServer(service, generation)).toEqual({ gitlab: 'gitlab.com' });
      expect(providersKept(service)).toEqual(['gitlab']);
    });

    test('whitespace, a wrong token and a host with a path each get a precise message', async ({
      openExtensionPage,
      service,
    }) => {
      const page = await openExtensionPage('options.html#git-providers');
      await expect(held(page)).toHaveCount(2);
      const token = page.getByLabel('Token', { exact: true });
      const store = page.getByRole('button', { name: 'Store token' });

      await page.getByLabel('Provider', { exact: true }).selectOption('bitbucket');
      await token.fill('   ');
      await store.click();
      await expect(
        page.getByText('The token is only spaces: paste the token itself.'),
      ).toBeVisible();
      await expect(token).toHaveAttribute('aria-invalid', 'true');

      await token.fill('ATBB 1234 5678');
      await store.click();
      await expect(
        page.getByText(
          'A token never contains spaces or line breaks: paste it again, without them.',
        ),
      ).toBeVisible();

      // A token the provider refuses: the server's own 401 words, next to the field.
      await token.fill('ATBB-not-a-real-token');
      await store.click();
      await expect(
        page.getByText(
          'The server refused the token: Invalid token. Please make sure it is a valid bitbucket token.',
        ),
      ).toBeVisible();
      // What was typed is kept for fixing, and the refusal changed nothing on the server.
      await expect(token).toHaveValue('ATBB-not-a-real-token');
      await expect(held(page)).toHaveCount(2);
      expect(providersKept(service)).toEqual(['github', 'gitlab']);

      await page.getByLabel('Provider', { exact: true }).selectOption('github');
      await page
        .getByLabel('Host', { exact: true })
        .fill('https://github.example.com/enterprise/api');
      await token.fill(GITHUB_TOKEN);
      await store.click();
      await expect(
        page.getByText(
          'Enter just the host, like github.example.com, without the path "/enterprise/api".',
        ),
      ).toBeVisible();
      await expect(page.getByLabel('Host', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    });

    test('a key the server refuses: the list says so with the next step, and no empty list', async ({
      openExtensionPage,
      connectToService,
    }) => {
      await connectToService({ apiKey: 'not-the-server-key' });
      const page = await openExtensionPage('options.html#git-providers');
      const section = page.locator('#git-providers');
      await expect(section.getByRole('alert')).toContainText(
        "The server rejected the API key (401). Check the key in Handoff's options.",
      );
      await expect(section.getByRole('alert')).toContainText(
        'Check the API key under Server, save it, then try again.',
      );
      await expect(held(page)).toHaveCount(0);
      await expect(section.getByText('The server holds no git provider tokens yet.')).toHaveCount(
        0,
      );
    });
  });

  test.describe(`a fresh install ${title}`, () => {
    test.use({ serviceOptions: { server, pace: 0.02, seed: false } });

    test('cannot list its tokens (404 on its settings); tokens stored in one visit all stay', async ({
      openExtensionPage,
      connectToService,
      service,
    }) => {
      const settingsPath = generation === 'v1' ? '/api/v1/settings' : '/api/settings';
      expect((await fetch(`${service.url}${settingsPath}`)).status).toBe(404);
      await connectToService();
      const page = await openExtensionPage('options.html#git-providers');
      await expect(
        page
          .locator('#git-providers')
          .getByText(/The server has no settings yet \(a fresh install\)/),
      ).toBeVisible();
      await page.getByLabel('Token', { exact: true }).fill(GITHUB_TOKEN);
      await page.getByRole('button', { name: 'Store token' }).click();
      await expect(held(page)).toHaveText([/GitHub/]);

      await page.getByLabel('Provider', { exact: true }).selectOption('gitlab');
      await page.getByLabel('Token', { exact: true }).fill(GITLAB_TOKEN);
      await page.getByRole('button', { name: 'Store token' }).click();
      await expect(held(page)).toHaveText([/GitHub/, /GitLab/]);
      // Both tokens work on the server: the second did not replace the first.
      expect(providersKept(service)).toEqual(['github', 'gitlab']);
      for (const provider of ['github', 'gitlab']) {
        expect(
          (await repositoriesThroughServer(service, generation, provider)).length,
        ).toBeGreaterThan(0);
      }
      expect(await everythingStored(page)).not.toContain(GITHUB_TOKEN);
      expect(await everythingStored(page)).not.toContain(GITLAB_TOKEN);

      await page.getByRole('button', { name: 'Make the server forget its GitLab token' }).click();
      await expect(page.getByText('The server forgot its GitLab token.')).toBeVisible();
      await expect(held(page)).toHaveText([/GitHub/]);
      expect(providersKept(service)).toEqual(['github']);
      expect(
        (await repositoriesThroughServer(service, generation, 'github')).length,
      ).toBeGreaterThan(0);
    });
  });
}

test.describe('the hosted service', () => {
  const HOSTED_KEY = 'hosted-api-key-tokens-77d2';
  test.use({ serviceOptions: { server: 'hosted', pace: 0.02, apiKey: HOSTED_KEY } });

  test('lists the providers its sign-in connected and links to where to change them; no form', async ({
    openExtensionPage,
    connectToService,
    service,
  }) => {
    await connectToService();
    const page = await openExtensionPage('options.html#git-providers');
    const section = page.locator('#git-providers');
    await expect(
      section.getByText(
        'On the hosted service, git providers are connected when you sign in to its web app, not with tokens pasted here.',
      ),
    ).toBeVisible();
    await expect(
      section.getByRole('list', { name: 'Connected providers' }).locator('li'),
    ).toHaveText([/GitHub\s+github\.com/, /GitLab\s+gitlab\.com/]);
    await expect(
      section.getByRole('link', {
        name: 'Connect or change git providers in the hosted service’s settings',
      }),
    ).toHaveAttribute('href', `${service.url}/settings/integrations`);
    // No form that cannot work there.
    await expect(section.getByRole('button', { name: 'Store token' })).toHaveCount(0);
    await expect(section.getByLabel('Token', { exact: true })).toHaveCount(0);
    await expect(section.getByRole('button', { name: /Make the server forget/ })).toHaveCount(0);
  });
});
