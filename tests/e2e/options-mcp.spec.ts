import type { Page } from '@playwright/test';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { patchStoredSettings, readStoredSettings } from './support/trusted-settings';

// Default MCP servers on the options page. A current (1.7+) server keeps them in its own
// settings (`agent_settings.mcp_config` in the nested /api/v1/settings, which a fresh install
// answers with 404 until something is saved), and every new conversation gets them, whichever
// app starts it; a save there replaces the whole map. A legacy server keeps none for Handoff:
// Handoff keeps them in this browser (settings.defaultMcpConfig), checked with that server's own
// rules, and sends them with each conversation, or along with a provider token.

const SERVER_KEY = 'server-key-mcp-0a9d';

function server(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true });
}

async function storedMcp(page: Page): Promise<unknown> {
  return (await readStoredSettings(page)).defaultMcpConfig ?? null;
}

function keyed(service: RunningService): Record<string, string> {
  return service.apiKey ? { 'X-Session-API-Key': service.apiKey } : {};
}

/** The server's own settings, as another client reads them: status and its MCP map. */
async function serverMcp(service: RunningService): Promise<{ status: number; mcp: unknown }> {
  const answer = await fetch(`${service.url}/api/v1/settings`, { headers: keyed(service) });
  if (!answer.ok) return { status: answer.status, mcp: null };
  return { status: answer.status, mcp: (await answer.json()).agent_settings?.mcp_config };
}

/** Stores a map of MCP servers as another app (the server's own web app) would. */
async function storeOnServer(service: RunningService, mcp: Record<string, unknown>) {
  const answer = await fetch(`${service.url}/api/v1/settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...keyed(service) },
    body: JSON.stringify({ agent_settings_diff: { mcp_config: mcp } }),
  });
  expect(answer.status).toBe(200);
}

const where = {
  server:
    'These servers are stored on your server and used by every new conversation, whichever app starts it.',
  local:
    'This server keeps no MCP servers for Handoff: Handoff keeps these in this browser and sends them with each new conversation it starts.',
};

test('without a server address the section says to save one first', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html#mcp');
  await expect(
    page
      .locator('#mcp')
      .getByText(
        'Save a server address first: where these servers are kept depends on the server.',
      ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save MCP servers' })).toHaveCount(0);
});

test.describe('a fresh install on a V1-only server', () => {
  test.use({ serviceOptions: { server: 'v1', pace: 0.02, seed: false, apiKey: SERVER_KEY } });

  test('servers of all three kinds are stored in the server’s settings and shown again; none in the browser', async ({
    openExtensionPage,
    connectToService,
    service,
  }) => {
    expect((await serverMcp(service)).status).toBe(404);
    await connectToService();
    const page = await openExtensionPage('options.html#mcp');
    await expect(page.locator('#mcp').getByText(where.server)).toBeVisible();

    await page.getByRole('button', { name: 'Add SSE server' }).click();
    const sse = server(page, 'SSE server 1');
    await sse.getByLabel('Name').fill('docs');
    await sse.getByLabel('URL').fill('https://mcp.example.com/sse');
    await sse.getByLabel('Headers').fill('Authorization: Bearer sse-secret');
    await page.getByRole('button', { name: 'Add stdio server' }).click();
    const stdio = server(page, 'Stdio server 1');
    await stdio.getByLabel('Name').fill('fetch');
    await stdio.getByLabel('Command').fill('uvx');
    await stdio.getByLabel('Arguments').fill('mcp-server-fetch --user-agent "Handoff bot"');
    await stdio.getByLabel('Environment').fill('LOG_LEVEL=debug\nHTTP_PROXY=http://proxy:3128');
    await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
    const shttp = server(page, 'Streamable HTTP server 1');
    await shttp.getByLabel('Name').fill('tools');
    await shttp.getByLabel('URL').fill('https://tools.example.org/mcp');
    await shttp.getByLabel('Timeout (seconds)').fill('120');
    await page.getByRole('button', { name: 'Save MCP servers' }).click();
    await expect(
      page.getByText('Saved on the server: new conversations get 3 MCP server(s).'),
    ).toBeVisible();

    expect(await serverMcp(service)).toEqual({
      status: 200,
      mcp: {
        docs: {
          transport: 'sse',
          url: 'https://mcp.example.com/sse',
          headers: { Authorization: 'Bearer sse-secret' },
        },
        fetch: {
          transport: 'stdio',
          command: 'uvx',
          args: ['mcp-server-fetch', '--user-agent', 'Handoff bot'],
          env: { LOG_LEVEL: 'debug', HTTP_PROXY: 'http://proxy:3128' },
        },
        tools: { transport: 'http', url: 'https://tools.example.org/mcp', timeout: 120 },
      },
    });
    expect(await storedMcp(page)).toBeNull();

    await page.reload();
    await expect(server(page, 'SSE server 1').getByLabel('Name')).toHaveValue('docs');
    await expect(server(page, 'Stdio server 1').getByLabel('Arguments')).toHaveValue(
      "mcp-server-fetch --user-agent 'Handoff bot'",
    );
    await expect(server(page, 'Stdio server 1').getByLabel('Environment')).toHaveValue(
      'LOG_LEVEL=debug\nHTTP_PROXY=http://proxy:3128',
    );
    await expect(
      server(page, 'Streamable HTTP server 1').getByLabel('Timeout (seconds)'),
    ).toHaveValue('120');

    // Removing every server stores none.
    await page.getByRole('button', { name: 'Remove SSE server 1' }).click();
    await page.getByRole('button', { name: 'Remove Stdio server 1' }).click();
    await page.getByRole('button', { name: 'Remove Streamable HTTP server 1' }).click();
    await page.getByRole('button', { name: 'Save MCP servers' }).click();
    await expect(
      page.getByText('Saved on the server: new conversations get no MCP servers.'),
    ).toBeVisible();
    expect(await serverMcp(service)).toEqual({ status: 200, mcp: {} });
  });
});

test.describe('on a V1-only server', () => {
  test.use({ serviceOptions: { server: 'v1', pace: 0.02, apiKey: SERVER_KEY } });

  test.beforeEach(async ({ connectToService }) => {
    await connectToService();
  });

  test('servers another app stored keep every field Handoff does not edit when one is changed', async ({
    openExtensionPage,
    service,
  }) => {
    const others = {
      wiki: {
        url: 'https://wiki.example.com/mcp',
        transport: 'streamable-http',
        auth: { strategy: 'bearer', token: 'wiki-token' },
        description: 'The team wiki',
        enabled: false,
      },
      files: { command: 'npx', args: ['-y', 'files-server'], cwd: '/srv/files' },
    };
    await storeOnServer(service, {
      ...others,
      docs: { url: 'https://old.example.com/sse', transport: 'sse', timeout: 45 },
    });
    const page = await openExtensionPage('options.html#mcp');
    await expect(server(page, 'SSE server 1').getByLabel('Name')).toHaveValue('docs');
    await expect(server(page, 'Stdio server 1').getByLabel('Name')).toHaveValue('files');
    await expect(server(page, 'Streamable HTTP server 1').getByLabel('Name')).toHaveValue('wiki');
    await server(page, 'SSE server 1').getByLabel('URL').fill('https://new.example.com/sse');
    await page.getByRole('button', { name: 'Save MCP servers' }).click();
    await expect(
      page.getByText('Saved on the server: new conversations get 3 MCP server(s).'),
    ).toBeVisible();
    expect(await serverMcp(service)).toEqual({
      status: 200,
      mcp: {
        ...others,
        docs: { url: 'https://new.example.com/sse', transport: 'sse', timeout: 45 },
      },
    });
  });

  test('missing and wrong fields get messages next to them, nothing is sent, and what was typed stays', async ({
    openExtensionPage,
    service,
  }) => {
    const before = await serverMcp(service);
    const page = await openExtensionPage('options.html#mcp');
    await page.getByRole('button', { name: 'Add SSE server' }).click();
    await page.getByRole('button', { name: 'Add stdio server' }).click();
    await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
    const sse = server(page, 'SSE server 1');
    await sse.getByLabel('Name').fill('docs');
    await sse.getByLabel('URL').fill('https://mcp.example.com/sse');
    await sse.getByLabel('Headers').fill('Authorization Bearer abc');
    const stdio = server(page, 'Stdio server 1');
    await stdio.getByLabel('Name').fill('docs');
    await stdio.getByLabel('Command').fill('npx -y server');
    const shttp = server(page, 'Streamable HTTP server 1');
    await shttp.getByLabel('URL').fill('mcp.example.org');
    await shttp.getByLabel('Timeout (seconds)').fill('soon');
    await page.getByRole('button', { name: 'Save MCP servers' }).click();

    await expect(sse.locator('.field-error')).toHaveText([
      'Line 1 ("Authorization Bearer abc") needs the form Name: value.',
    ]);
    await expect(stdio.locator('.field-error')).toHaveText([
      'Another MCP server is named docs already: each needs its own name.',
      'Command should be a single executable without spaces (use arguments field for parameters)',
    ]);
    await expect(shttp.locator('.field-error')).toHaveText([
      'Server name cannot be empty',
      'URL must include a scheme (http:// or https://)',
      'Enter the timeout in whole seconds, from 1 to 3600.',
    ]);
    await expect(sse.getByLabel('Headers')).toBeFocused();
    await expect(
      page.getByRole('alert').filter({ hasText: 'field(s) need attention' }),
    ).toBeVisible();
    expect(await serverMcp(service)).toEqual(before);
    await expect(stdio.getByLabel('Command')).toHaveValue('npx -y server');
  });

  test('a save the server refuses says so in words with its own words, and what was typed stays', async ({
    openExtensionPage,
    service,
  }) => {
    const before = await serverMcp(service);
    const page = await openExtensionPage('options.html#mcp');
    await page.getByRole('button', { name: 'Add streamable HTTP server' }).click();
    const shttp = server(page, 'Streamable HTTP server 1');
    await shttp.getByLabel('Name').fill('tools');
    await shttp.getByLabel('URL').fill('https://tools.example.org/mcp');
    await service.admin.failNext({
      method: 'POST',
      path: '/api/v1/settings',
      status: 500,
      body: { detail: 'Settings store unavailable' },
    });
    await page.getByRole('button', { name: 'Save MCP servers' }).click();
    await expect(page.locator('#mcp').getByRole('alert')).toContainText(
      'Settings store unavailable',
    );
    await expect(page.getByText(/Saved on the server/)).toHaveCount(0);
    expect(await serverMcp(service)).toEqual(before);
    await expect(shttp.getByLabel('URL')).toHaveValue('https://tools.example.org/mcp');

    await page.getByRole('button', { name: 'Save MCP servers' }).click();
    await expect(
      page.getByText('Saved on the server: new conversations get 1 MCP server(s).'),
    ).toBeVisible();
    expect((await serverMcp(service)).mcp).toEqual({
      tools: { transport: 'http', url: 'https://tools.example.org/mcp' },
    });
  });

  test('servers this browser kept from before are offered, then kept on the server only', async ({
    openExtensionPage,
    service,
  }) => {
    const page = await openExtensionPage('options.html#mcp');
    await patchStoredSettings(page, {
      defaultMcpConfig: {
        sse_servers: [{ url: 'https://mcp.example.com/sse', api_key: 'sse-secret' }],
        stdio_servers: [{ name: 'fetch', command: 'uvx', args: ['mcp-server-fetch'] }],
      },
    });
    await page.reload();
    await expect(
      page.getByText(
        'Handoff keeps 2 MCP server(s) in this browser from before, which this server does not use. Add them to the list, check them, then save.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add the servers kept in this browser' }).click();
    await expect(
      page.getByText('Added 2 server(s) to the list: check them, then save.'),
    ).toBeVisible();
    await expect(server(page, 'SSE server 1').getByLabel('Name')).toHaveValue('mcp-example-com');
    await expect(server(page, 'SSE server 1').getByLabel('Headers')).toHaveValue(
      'Authorization: Bearer sse-secret',
    );
    await page.getByRole('button', { name: 'Save MCP servers' }).click();
    await expect(
      page.getByText('Saved on the server: new conversations get 2 MCP server(s).'),
    ).toBeVisible();
    expect((await serverMcp(service)).mcp).toEqual({
      'mcp-example-com': {
        transport: 'sse',
        url: 'https://mcp.example.com/sse',
        headers: { Authorization: 'Bearer sse-secret' },
      },
      fetch: { transport: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] },
    });
    await expect.poll(() => storedMcp(page)).toBeNull();
    await expect(
      page.getByRole('button', { name: 'Add the servers kept in this browser' }),
    ).toHaveCount(0);
  });
});

test.describe('on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

  test.beforeEach(async ({ connectToService }) => {
    await connectToService();
  });

  test('valid servers of all three kinds are saved in the service’s shape and shown again', async ({
    openExtensionPage,
  }) => {
    const page = await openExtensionPage('options.html#mcp');
    await expect(page.locator('#mcp').getByText(where.local)).toBeVisible();
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
    await expect(
      page.getByText('Saved: new conversations get no extra MCP servers.'),
    ).toBeVisible();
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
    await server(page, 'Streamable HTTP server 2')
      .getByLabel('URL')
      .fill('ftp://files.example.org');
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
  }) => {
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
});

test.describe('on a V1-only server, the provider-token form', () => {
  test.use({ serviceOptions: { server: 'v1', pace: 0.02 } });

  test('offers no MCP servers to send along: the 1.7+ route takes tokens alone', async ({
    openExtensionPage,
    connectToService,
  }) => {
    await connectToService();
    const page = await openExtensionPage('options.html#git-providers');
    await patchStoredSettings(page, {
      defaultMcpConfig: { sse_servers: [{ url: 'https://mcp.example.com/sse' }] },
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Store token' })).toBeEnabled();
    await expect(page.getByLabel('Also send my default MCP servers to the server')).toHaveCount(0);
  });
});
