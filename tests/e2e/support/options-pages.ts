// Setting up a server as a person does: its address and key saved on the options page, whose
// save tests the connection before the panel is used.
import { expect, type Page } from '@playwright/test';
import { openPanel } from './panel-pages';

/** What the options page says once the save's connection test passed, by the server's kind. */
export const CONNECTED = {
  agent: 'Handoff can work with this agent server',
  hosted: 'OpenHands Cloud, the hosted service',
} as const;

/** Saves the server's address and key on an open options page; the save tests them. */
export async function saveServer(
  options: Page,
  server: { url: string },
  key: string,
  connected: string = CONNECTED.agent,
): Promise<void> {
  await options.getByLabel('Server URL').fill(server.url);
  await options.getByLabel('API key').fill(key);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByText(connected)).toBeVisible({ timeout: 20_000 });
}

/** Opens the options page, saves the server's address and key there, and closes it. */
export async function configureServer(
  openExtensionPage: (path: string) => Promise<Page>,
  server: { url: string },
  key: string,
  connected: string = CONNECTED.agent,
): Promise<void> {
  const options = await openExtensionPage('options.html');
  await saveServer(options, server, key, connected);
  await options.close();
}

/** The side panel, once the person has saved this server's address and key in the options. */
export async function configuredPanel(
  openExtensionPage: (path: string) => Promise<Page>,
  server: { url: string },
  key: string,
  connected: string = CONNECTED.agent,
): Promise<Page> {
  await configureServer(openExtensionPage, server, key, connected);
  return openPanel(openExtensionPage);
}
