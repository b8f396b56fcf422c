import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readStoredSettings } from './support/trusted-settings';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

// Default MCP servers on the options page: checked with the service's own rules, saved as
// settings.defaultMcpConfig, and sendable with a provider token.

function server(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true });
}

async function storedMcp(page: Page): Promise<unknown> {
  return (await readStoredSettings(page)).defaultMcpConfig ?? null;
}

test('valid servers of all three kinds are saved in the service’s shape and shown again', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html#mcp');
  await page.getByRole('button', { name: 'Add SSE server' }).click();
  await server(page, 'SSE server 1').getByLabel('URL').fill('https://mcp.example.com/sse');
  await server(page, 'SSE server 1').getByLabel('API key').fill('sse-secret');
  await page.getByRole('button', { name: 'Add stdio server' }).click();
  const stdio = server(page, 'Stdio server 1');
  await stdio.getByLabel('Name').fill('fetch');
  await stdio.getByLabel('Command').fill('uvx');
  await stdio.getByLabel('Arguments').fill('mcp-server-fetch --user-agent "Handoff bot"');
  await stdio.getByLabel('Environment').fill('LOG_LEVEL=debug\nHTTP_PROXY=http://proxy:3128');
  await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
  await server(page, 'Streamable HTTP server 1')
    .getByLabel('URL')
    .fill('https://tools.example.org/mcp');
  await server(page, 'Streamable HTTP server 1').getByLabel('Timeout (seconds)').fill('120');
  await page.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(page.getByText('Saved: new conversations get 3 MCP server(s).')).toBeVisible();

  expect(await storedMcp(page)).toEqual({
    sse_servers: [{ url: 'https://mcp.example.com/sse', api_key: 'sse-secret' }],
    stdio_servers: [
      {
        name: 'fetch',
        command: 'uvx',
        args: ['mcp-server-fetch', '--user-agent', 'Handoff bot'],
        env: { LOG_LEVEL: 'debug', HTTP_PROXY: 'http://proxy:3128' },
      },
    ],
    shttp_servers: [{ url: 'https://tools.example.org/mcp', timeout: 120 }],
  });

  await page.reload();
  await expect(server(page, 'Stdio server 1').getByLabel('Arguments')).toHaveValue(
    "mcp-server-fetch --user-agent 'Handoff bot'",
  );
  // IndexedDB keeps the order the variables were typed in (it carries no meaning).
  await expect(server(page, 'Stdio server 1').getByLabel('Environment')).toHaveValue(
    'LOG_LEVEL=debug\nHTTP_PROXY=http://proxy:3128',
  );
  await expect(
    server(page, 'Streamable HTTP server 1').getByLabel('Timeout (seconds)'),
  ).toHaveValue('120');

  // Removing every server saves "none".
  await page.getByRole('button', { name: 'Remove SSE server 1' }).click();
  await page.getByRole('button', { name: 'Remove Stdio server 1' }).click();
  await page.getByRole('button', { name: 'Remove Streamable HTTP server 1' }).click();
  await page.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(page.getByText('Saved: new conversations get no extra MCP servers.')).toBeVisible();
  expect(await storedMcp(page)).toBeNull();
});

test('missing and wrong fields get the service’s messages next to them, and nothing is saved', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html#mcp');
  await page.getByRole('button', { name: 'Add SSE server' }).click();
  await page.getByRole('button', { name: 'Add stdio server' }).click();
  await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
  await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
  const stdio = server(page, 'Stdio server 1');
  await stdio.getByLabel('Command').fill('npx -y server');
  await stdio.getByLabel('Environment').fill('GOOD=1\nnot a pair');
  await server(page, 'Streamable HTTP server 1').getByLabel('URL').fill('mcp.example.org');
  await server(page, 'Streamable HTTP server 1').getByLabel('Timeout (seconds)').fill('0');
  await server(page, 'Streamable HTTP server 2').getByLabel('URL').fill('ftp://files.example.org');
  await server(page, 'Streamable HTTP server 2').getByLabel('Timeout (seconds)').fill('soon');
  await page.getByRole('button', { name: 'Save MCP servers' }).click();

  await expect(server(page, 'SSE server 1').locator('.field-error')).toHaveText([
    'URL cannot be empty',
  ]);
  await expect(stdio.locator('.field-error')).toHaveText([
    'Server name cannot be empty',
    'Command should be a single executable without spaces (use arguments field for parameters)',
    'Line 2 ("not a pair") needs the form KEY=value.',
  ]);
  await expect(server(page, 'Streamable HTTP server 1').locator('.field-error')).toHaveText([
    'URL must include a scheme (http:// or https://)',
    'Timeout must be positive',
  ]);
  await expect(server(page, 'Streamable HTTP server 2').locator('.field-error')).toHaveText([
    'URL scheme must be http, https, ws, or wss',
    'Enter the timeout in whole seconds, from 1 to 3600.',
  ]);
  await expect(stdio.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(server(page, 'SSE server 1').getByLabel('URL')).toBeFocused();
  await expect(
    page.getByRole('alert').filter({ hasText: 'field(s) need attention' }),
  ).toBeVisible();
  expect(await storedMcp(page)).toBeNull();
  // What was typed stays for fixing.
  await expect(stdio.getByLabel('Command')).toHaveValue('npx -y server');
});

test('duplicate URLs are refused at the second one', async ({ openExtensionPage }) => {
  const page = await openExtensionPage('options.html#mcp');
  await page.getByRole('button', { name: 'Add SSE server' }).click();
  await server(page, 'SSE server 1').getByLabel('URL').fill('https://mcp.example.com/sse');
  await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
  await server(page, 'Streamable HTTP server 1')
    .getByLabel('URL')
    .fill('https://mcp.example.com/sse');
  await page.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(server(page, 'Streamable HTTP server 1').locator('.field-error')).toHaveText(
    'Duplicate MCP server URLs are not allowed (https://mcp.example.com/sse)',
  );
  await expect(server(page, 'SSE server 1').locator('.field-error')).toHaveCount(0);
});

test('the saved servers can go to the service together with a provider token', async ({
  openExtensionPage,
  connectToService,
}) => {
  await connectToService();
  const page = await openExtensionPage('options.html#mcp');
  await page.getByRole('button', { name: 'Add SSE server' }).click();
  await server(page, 'SSE server 1').getByLabel('URL').fill('https://mcp.example.com/sse');
  await page.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(page.getByText('Saved: new conversations get 1 MCP server(s).')).toBeVisible();

  await page.getByLabel('Provider', { exact: true }).selectOption('github');
  await page.getByLabel('Token', { exact: true }).fill('ghp_Abcdefghij0123456789KLMNOP');
  await page.getByLabel('Also send my default MCP servers to the server').check();
  await page.getByRole('button', { name: 'Store token' }).click();
  await expect(
    page.getByText('GitHub: the server stored the token ("Git providers stored").'),
  ).toBeVisible();
});
