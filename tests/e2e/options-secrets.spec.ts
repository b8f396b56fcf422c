import type { Page } from '@playwright/test';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';

// Custom secrets on the options page, against the reference service's default (V1-only) kind,
// seeded with NPM_TOKEN. The server keeps the values: the page lists names and descriptions,
// sends a value once, and never shows one back.

const SERVER_KEY = 'server-key-secrets-5c1e';
const SEEDED_VALUE = 'npm_localreferenceservice';

test.use({ serviceOptions: { pace: 0.02, apiKey: SERVER_KEY } });

interface Listed {
  name: string;
  description?: string | null;
}

/** The secrets as another client lists them (names and descriptions). */
async function serverSecrets(service: RunningService): Promise<Listed[]> {
  const answer = await fetch(`${service.url}/api/v1/secrets/search?limit=100`, {
    headers: service.apiKey ? { 'X-Session-API-Key': service.apiKey } : {},
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: Listed[] }).items;
}

/** Everything the page holds, shown or not, with the values of its inputs. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inputs = [...document.querySelectorAll('input, textarea')].map(
      (input) => (input as HTMLInputElement).value,
    );
    return `${document.documentElement.outerHTML}\n${inputs.join('\n')}`;
  });
}

async function openSecrets(
  openExtensionPage: (path: string) => Promise<Page>,
  connectToService: () => Promise<void>,
) {
  await connectToService();
  const page = await openExtensionPage('options.html#secrets');
  const section = page.locator('#secrets');
  await expect(section.getByRole('heading', { name: 'Custom secrets' })).toBeVisible();
  return { page, section };
}

test('the contents link to the section, and the list shows the seeded secret without its value', async ({
  openExtensionPage,
  connectToService,
}) => {
  const { page, section } = await openSecrets(openExtensionPage, connectToService);
  await expect(
    page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', {
      name: 'Custom secrets',
    }),
  ).toHaveAttribute('href', '#secrets');
  const list = section.getByRole('list', { name: 'Secrets on the server' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('NPM_TOKEN', { exact: true })).toBeVisible();
  await expect(list.getByText('Publishes @octo-org packages')).toBeVisible();
  expect(await pageText(page)).not.toContain(SEEDED_VALUE);
});

test('a secret added here is on the server, and its value is nowhere in the page', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  const { page, section } = await openSecrets(openExtensionPage, connectToService);
  const form = section.getByRole('form', { name: 'Add a secret' });
  const value = 'pypi-AgEIcHlwaS5vcmc-very-secret';
  await form.getByLabel('Name', { exact: true }).fill('PYPI_TOKEN');
  await form.getByLabel('Value', { exact: true }).fill(value);
  await form.getByLabel('Description').fill('Publishes the Python package');
  // Submitting with the keyboard.
  await form.getByLabel('Description').press('Enter');

  await expect(section.getByText('Added PYPI_TOKEN.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Secrets on the server' });
  await expect(list.getByText('PYPI_TOKEN', { exact: true })).toBeVisible();
  await expect(list.getByText('Publishes the Python package')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Value', { exact: true })).toHaveValue('');

  expect(await serverSecrets(service)).toContainEqual({
    name: 'PYPI_TOKEN',
    description: 'Publishes the Python package',
  });
  expect(await pageText(page)).not.toContain(value);
});

test('a secret is renamed and described in place, keeping its value', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  const { section } = await openSecrets(openExtensionPage, connectToService);
  await section.getByRole('button', { name: 'Rename or describe NPM_TOKEN' }).click();
  const form = section.getByRole('form', { name: 'Edit NPM_TOKEN' });
  // Focus lands in the form, so typing goes straight to the name.
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await form.getByLabel('Name', { exact: true }).fill('NPM_PUBLISH_TOKEN');
  await form.getByLabel('Description').fill('Publishes packages to npm');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(section.getByText('Saved NPM_PUBLISH_TOKEN. Its value is unchanged.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Secrets on the server' });
  await expect(list.getByText('NPM_PUBLISH_TOKEN', { exact: true })).toBeVisible();
  await expect(list.getByText('Publishes packages to npm')).toBeVisible();
  await expect(list.getByText('NPM_TOKEN', { exact: true })).toHaveCount(0);
  expect(await serverSecrets(service)).toEqual([
    { name: 'NPM_PUBLISH_TOKEN', description: 'Publishes packages to npm' },
  ]);
});

test('delete asks first: cancel keeps the secret, confirming removes it from the server', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  const { page, section } = await openSecrets(openExtensionPage, connectToService);
  await section.getByRole('button', { name: 'Delete NPM_TOKEN' }).click();
  const question = section.getByRole('alertdialog', { name: 'Delete NPM_TOKEN' });
  await expect(question).toContainText('Delete the secret NPM_TOKEN?');
  await expect(question.getByRole('button', { name: 'Delete secret' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  expect((await serverSecrets(service)).map((item) => item.name)).toEqual(['NPM_TOKEN']);

  await section.getByRole('button', { name: 'Delete NPM_TOKEN' }).click();
  await page.keyboard.press('Enter');
  await expect(section.getByText('Deleted NPM_TOKEN.')).toBeVisible();
  await expect(section.getByText('The server holds no custom secrets.')).toBeVisible();
  expect(await serverSecrets(service)).toEqual([]);
});

test('a bad name is explained next to its field, and what was typed stays', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  const { section } = await openSecrets(openExtensionPage, connectToService);
  const form = section.getByRole('form', { name: 'Add a secret' });
  const name = form.getByLabel('Name', { exact: true });
  await name.fill('1-bad token');
  await form.getByLabel('Value', { exact: true }).fill('typed-value');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(name).toHaveAccessibleDescription(/cannot contain spaces: use underscores/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('1-bad token');
  await expect(form.getByLabel('Value', { exact: true })).toHaveValue('typed-value');

  await name.fill('1TOKEN');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(name).toHaveAccessibleDescription(/starts with a letter or an underscore, not "1"/);

  // A name in use: the current server would replace its value, so that takes a tick.
  await name.fill('NPM_TOKEN');
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(name).toHaveAccessibleDescription(/A secret named NPM_TOKEN exists already/);
  expect(await serverSecrets(service)).toEqual([
    { name: 'NPM_TOKEN', description: 'Publishes @octo-org packages' },
  ]);

  // Renaming onto another secret's name is refused next to the name, too.
  await form.getByLabel('Value', { exact: true }).fill('');
  await name.fill('');
  await section.getByRole('button', { name: 'Rename or describe NPM_TOKEN' }).click();
  const edit = section.getByRole('form', { name: 'Edit NPM_TOKEN' });
  await edit.getByLabel('Name', { exact: true }).fill('NPM TOKEN');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    /cannot contain spaces/,
  );
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('NPM TOKEN');
});

test('replacing the value of a secret of the same name needs the box ticked', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  const { page, section } = await openSecrets(openExtensionPage, connectToService);
  const form = section.getByRole('form', { name: 'Add a secret' });
  await form.getByLabel('Name', { exact: true }).fill('NPM_TOKEN');
  await form.getByLabel('Value', { exact: true }).fill('npm_new_value_123');
  await form.getByLabel('Replace the value of the existing NPM_TOKEN').check();
  await form.getByRole('button', { name: 'Add secret' }).click();
  await expect(section.getByText('Replaced the value of NPM_TOKEN.')).toBeVisible();
  // The description it had stays.
  expect(await serverSecrets(service)).toEqual([
    { name: 'NPM_TOKEN', description: 'Publishes @octo-org packages' },
  ]);
  expect(await pageText(page)).not.toContain('npm_new_value_123');
});

test('the server’s refusal of a name it holds already is explained next to the field', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  const { section } = await openSecrets(openExtensionPage, connectToService);
  await expect(section.getByText('NPM_TOKEN', { exact: true })).toBeVisible();
  // Another client adds API_TOKEN after the page listed the secrets: only the server knows.
  const created = await fetch(`${service.url}/api/v1/secrets`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-API-Key': SERVER_KEY },
    body: JSON.stringify({ name: 'API_TOKEN', value: 'elsewhere' }),
  });
  expect(created.status).toBe(201);

  await section.getByRole('button', { name: 'Rename or describe NPM_TOKEN' }).click();
  const edit = section.getByRole('form', { name: 'Edit NPM_TOKEN' });
  await edit.getByLabel('Name', { exact: true }).fill('API_TOKEN');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    /Another secret is named API_TOKEN already: choose another name/,
  );
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('API_TOKEN');
  expect((await serverSecrets(service)).map((item) => item.name)).toEqual([
    'API_TOKEN',
    'NPM_TOKEN',
  ]);
});

test.describe('on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02, apiKey: SERVER_KEY } });

  /** The custom secrets the server keeps, with their values (as only the server sees them). */
  const kept = (service: RunningService) => service.service.data.secrets.custom_secrets;

  test('lists, adds through the legacy routes, and explains a name in use', async ({
    openExtensionPage,
    connectToService,
    service,
  }) => {
    const { page, section } = await openSecrets(openExtensionPage, connectToService);
    const list = section.getByRole('list', { name: 'Secrets on the server' });
    await expect(list.getByText('NPM_TOKEN', { exact: true })).toBeVisible();
    await expect(list.getByText('Publishes @octo-org packages')).toBeVisible();

    const form = section.getByRole('form', { name: 'Add a secret' });
    await form.getByLabel('Name', { exact: true }).fill('NPM_TOKEN');
    await form.getByLabel('Value', { exact: true }).fill('legacy-value-1');
    // A legacy server cannot replace a value in place: no box to tick, the name is refused.
    await expect(form.getByRole('checkbox')).toHaveCount(0);
    await form.getByRole('button', { name: 'Add secret' }).click();
    await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      /delete that one first/,
    );

    await form.getByLabel('Name', { exact: true }).fill('GEM_HOST_API_KEY');
    await form.getByRole('button', { name: 'Add secret' }).click();
    await expect(section.getByText('Added GEM_HOST_API_KEY.')).toBeVisible();
    await expect(list.getByText('GEM_HOST_API_KEY', { exact: true })).toBeVisible();
    expect(kept(service).GEM_HOST_API_KEY?.secret).toBe('legacy-value-1');
    expect(await pageText(page)).not.toContain('legacy-value-1');
  });
});
