import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readStoredSettings } from './support/trusted-settings';

// Conversation defaults, notification switches, and export/import of settings without
// secrets, on the options page.

const KEY = 'session-key-e2e-0c9d';

async function storedSettings(page: Page): Promise<Record<string, unknown>> {
  return readStoredSettings(page);
}

test.use({ serviceOptions: { pace: 0.02, apiKey: KEY } });

test('defaults and notification switches are saved as they change', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html#defaults');
  await page.getByLabel('Default instructions').fill('Run the linter before you commit.');
  await page.getByRole('button', { name: 'Save instructions' }).click();
  await expect(page.getByText('Default instructions saved.')).toBeVisible();
  await page.getByLabel('Starts at once (Alt-click opens the form)').check();
  await page.getByLabel('How new conversations start').selectOption('v0');
  await page.getByRole('switch', { name: 'Finished' }).uncheck();
  await page.getByRole('switch', { name: 'Only when I’m away from it' }).uncheck();
  const quiet = page.getByLabel('No progress after (minutes)');
  await quiet.fill('soon');
  await quiet.press('Enter');
  await expect(page.getByText('Enter whole minutes from 0 to 1440.')).toBeVisible();
  await expect(quiet).toHaveValue('soon');
  await quiet.fill('25');
  await quiet.press('Enter');
  await expect
    .poll(() => storedSettings(page))
    .toMatchObject({
      defaultInstructions: 'Run the linter before you commit.',
      clickBehaviour: 'start',
      apiPreference: 'v0',
      notifications: { awaitingInput: true, finished: false, errors: true, onlyWhenAway: false },
      quietMinutes: 25,
    });

  await page.reload();
  await expect(page.getByLabel('Default instructions')).toHaveValue(
    'Run the linter before you commit.',
  );
  await expect(page.getByLabel('Starts at once (Alt-click opens the form)')).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Finished' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Errors' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Only when I’m away from it' })).not.toBeChecked();
  await expect(page.getByLabel('No progress after (minutes)')).toHaveValue('25');
});

test('export leaves the key out; import brings the settings back and never touches the key', async ({
  openExtensionPage,
  connectToService,
  service,
}) => {
  await connectToService();
  const page = await openExtensionPage('options.html#defaults');
  await page.getByLabel('Default instructions').fill('Prefer small pull requests.');
  await page.getByRole('button', { name: 'Save instructions' }).click();
  await page.getByLabel('Starts at once (Alt-click opens the form)').check();
  await page.getByRole('switch', { name: 'Errors' }).uncheck();
  await expect.poll(async () => (await storedSettings(page)).clickBehaviour).toBe('start');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export settings' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^handoff-settings-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync((await file.path()) as string, 'utf8');
  expect(text).not.toContain(KEY);
  const exported = JSON.parse(text);
  expect(exported).toMatchObject({
    format: 'handoff-settings',
    version: 1,
    settings: {
      serverUrl: service.url,
      defaultInstructions: 'Prefer small pull requests.',
      clickBehaviour: 'start',
      notifications: { awaitingInput: true, finished: true, errors: false },
    },
  });
  expect(exported.settings).not.toHaveProperty('credentialsChangedAt');

  // Change everything, then import the file.
  await page.getByLabel('Default instructions').fill('Something else.');
  await page.getByRole('button', { name: 'Save instructions' }).click();
  await page.getByLabel('Opens the form first (Alt-click starts at once)').check();
  await page.getByRole('switch', { name: 'Errors' }).check();
  await expect.poll(async () => (await storedSettings(page)).clickBehaviour).toBe('form');

  await page.getByLabel('Import settings from a file').setInputFiles({
    name: 'handoff-settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(page.getByText(/^Imported handoff-settings\.json\./)).toBeVisible();
  await expect(page.getByLabel('Default instructions')).toHaveValue('Prefer small pull requests.');
  await expect(page.getByLabel('Starts at once (Alt-click opens the form)')).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Errors' })).not.toBeChecked();
  // The key is still the one stored before.
  await expect(page.getByText('A key ending in …0c9d is stored in this browser.')).toBeVisible();
  expect(JSON.stringify(await storedSettings(page))).not.toContain(KEY);
});

test('a bad file gets a clear message and changes nothing', async ({ openExtensionPage }) => {
  const page = await openExtensionPage('options.html#transfer');
  await page.getByLabel('Default instructions').fill('Keep me.');
  await page.getByRole('button', { name: 'Save instructions' }).click();
  await expect(page.getByText('Default instructions saved.')).toBeVisible();
  const before = await storedSettings(page);
  const input = page.getByLabel('Import settings from a file');
  const importText = (name: string, text: string) =>
    input.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  const file = (settings: Record<string, unknown>) =>
    JSON.stringify({ format: 'handoff-settings', version: 1, settings });

  await importText('notes.json', '{ "format": "handoff-settings", ');
  await expect(
    page.getByText(/^Nothing was imported from notes\.json: it is not JSON/),
  ).toBeVisible();

  await importText('other.json', JSON.stringify({ theme: 'dark' }));
  await expect(
    page.getByText(/^Nothing was imported from other\.json: it is not a Handoff settings file/),
  ).toBeVisible();

  await importText('with-key.json', file({ defaultInstructions: 'Replaced', apiKey: 'stolen' }));
  await expect(
    page.getByText(
      'Nothing was imported from with-key.json: it contains fields Handoff does not import (apiKey). Keys and tokens are never imported.',
    ),
  ).toBeVisible();

  await importText(
    'half-good.json',
    file({ defaultInstructions: 'Replaced', clickBehaviour: 'sometimes' }),
  );
  await expect(
    page.getByText(/^Nothing was imported from half-good\.json: "clickBehaviour" is not valid/),
  ).toBeVisible();

  await importText(
    'bad-host.json',
    file({ selfHostedHosts: [{ origin: 'https://git.example.com/gitlab', provider: 'gitlab' }] }),
  );
  await expect(
    page.getByText(/"selfHostedHosts\.0\.origin" is not valid: Enter just the host/),
  ).toBeVisible();

  expect(await storedSettings(page)).toEqual(before);
  await expect(page.getByLabel('Default instructions')).toHaveValue('Keep me.');
});
