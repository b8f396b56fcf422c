import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  conversationMenu,
  createV0Conversation,
  expectLive,
  nowLine,
  openPanel,
  showSystemEvents,
  timeline,
} from './support/panel-pages';

// Legacy until this journey is ported to V1-only servers (issue 14).
test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

/** Script and markup that must stay inert text wherever it appears. */
const corpus = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<svg onload="window.__xss = 1"></svg>',
  '"><iframe src="javascript:window.__xss = 1"></iframe>',
  '<a href="javascript:window.__xss = 1">click</a>',
  '[click](javascript:window.__xss=1)',
  '<details open ontoggle="window.__xss = 1">x</details>',
  'javascript:window.__xss = 1',
];
const all = corpus.join(' ');

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Opens every row and every raw view, scrolling through the whole (virtualised) timeline. */
async function openEverything(page: Page): Promise<void> {
  const feed = timeline(page);
  await feed.evaluate((element) => {
    element.scrollTop = 0;
  });
  for (let step = 0; step < 500; step++) {
    await feed.evaluate((element) => {
      for (const button of element.querySelectorAll<HTMLButtonElement>(
        'button[aria-expanded="false"]',
      )) {
        button.click();
      }
    });
    await page.waitForTimeout(40);
    const done = await feed.evaluate((element) => {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return true;
      element.scrollTop += element.clientHeight * 0.5;
      return false;
    });
    if (done) break;
  }
}

async function expectInert(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const root = document.getElementById('root') as HTMLElement;
    const handlers: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const name of element.getAttributeNames()) {
        if (name.toLowerCase().startsWith('on')) handlers.push(`${element.tagName} ${name}`);
      }
    }
    const scriptyLinks = [...document.querySelectorAll('a[href], [src], [action], [formaction]')]
      .map((element) =>
        (
          element.getAttribute('href') ??
          element.getAttribute('src') ??
          element.getAttribute('action') ??
          element.getAttribute('formaction') ??
          ''
        )
          .trim()
          .toLowerCase(),
      )
      .filter((url) => url.startsWith('javascript:') || url.startsWith('data:text/html'));
    return {
      xss: window.__xss,
      handlers,
      scriptyLinks,
      embedded: root.querySelectorAll(
        'script, iframe, object, embed, svg[onload], details[ontoggle]',
      ).length,
    };
  });
  expect(report).toEqual({ xss: undefined, handlers: [], scriptyLinks: [], embedded: 0 });
}

test('an XSS corpus in every text field stays inert text (V0)', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v0.quickQuestion;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (service.apiKey) headers['X-Session-API-Key'] = service.apiKey;
  await fetch(`${service.url}/api/conversations/${id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ title: corpus.slice(0, 3).join(' ') }),
  });
  await service.admin.appendEvents(id, [
    {
      source: 'user',
      action: 'message',
      message: all,
      args: { content: all, image_urls: [`javascript:window.__xss=1`] },
    },
    { source: 'agent', action: 'message', message: all, args: { content: `**bold** ${all}` } },
    { source: 'agent', action: 'run', message: 'run', args: { command: all, thought: all } },
    {
      source: 'agent',
      observation: 'run',
      cause: null,
      content: all,
      extras: { command: all, metadata: { exit_code: 1 } },
    },
    { source: 'agent', action: 'read', args: { path: all, thought: all } },
    { source: 'agent', action: 'browse', args: { url: 'javascript:window.__xss=1', thought: all } },
    { source: 'agent', action: 'call_tool_mcp', args: { name: all, arguments: { html: all } } },
    { source: 'agent', action: 'edit', args: { path: all } },
    {
      source: 'agent',
      observation: 'edit',
      content: all,
      extras: { path: all, diff: `--- a\n+++ b\n@@ -1 +1 @@\n-${all}\n+${all}` },
    },
    { source: 'agent', action: all, args: { x: all } },
    { source: 'agent', observation: 'error', content: all, extras: { error_id: all } },
    {
      source: 'agent',
      action: 'task_tracking',
      args: { task_list: [{ id: 1, title: all, status: all, notes: all }] },
    },
  ]);
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await expect(page.locator('[data-conversation-title]')).toHaveText(corpus.slice(0, 3).join(' '));
  await showSystemEvents(page);
  await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
  await openEverything(page);
  await expect(
    timeline(page).getByText('<script>window.__xss = 1</script>').first(),
  ).toBeAttached();
  await expectInert(page);
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.locator(`.conversation-item[data-conversation-id="${id}"]`)).toContainText(
    '<script>',
  );
  await expectInert(page);
});

test('an XSS corpus in V1 events and unknown kinds stays inert text', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v1.parserFixDone;
  const at = (n: number) => `2099-01-01T00:00:0${n}.000000`;
  await service.admin.appendEvents(id, [
    {
      kind: 'MessageEvent',
      id: 'a0000000-0000-4000-8000-000000000001',
      timestamp: at(1),
      source: 'agent',
      llm_message: {
        role: 'assistant',
        content: [
          { type: 'text', text: all },
          { type: 'image', image_urls: ['javascript:window.__xss=1'] },
        ],
      },
    },
    {
      kind: 'ActionEvent',
      id: 'a0000000-0000-4000-8000-000000000002',
      timestamp: at(2),
      source: 'agent',
      tool_name: all,
      thought: [{ type: 'text', text: all }],
      action: { kind: 'TerminalAction', command: all },
    },
    {
      kind: 'ObservationEvent',
      id: 'a0000000-0000-4000-8000-000000000003',
      timestamp: at(3),
      source: 'environment',
      action_id: 'a0000000-0000-4000-8000-000000000002',
      tool_name: 'terminal',
      observation: {
        kind: 'TerminalObservation',
        content: [{ type: 'text', text: all }],
        exit_code: 2,
      },
    },
    {
      kind: all,
      id: 'a0000000-0000-4000-8000-000000000004',
      timestamp: at(4),
      source: 'agent',
      payload: all,
    },
    {
      kind: 'ConversationErrorEvent',
      id: 'a0000000-0000-4000-8000-000000000005',
      timestamp: at(5),
      source: 'environment',
      code: all,
      detail: all,
    },
  ]);
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await showSystemEvents(page);
  await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
  await openEverything(page);
  await expect(timeline(page).locator('[data-category="unknown"]').first()).toBeAttached();
  await expectInert(page);
});

test('huge, binary, malformed and unknown events: the panel shows them and stays usable', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v0.game2048;
  const last = Math.max(
    ...(await service.admin.storedEvents(id)).events.map((event) => Number(event.id)),
  );
  const huge = `${'line of output\n'.repeat(100_000)}END`;
  const binary = `\u0000\u0001\u0002PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u00ff\ufffe\u001b[31mred\u001b[0m`;
  await service.admin.appendEvents(id, [
    { id: last + 1, source: 'agent', action: 'run', args: { command: 'cat huge.log' } },
    {
      id: last + 2,
      cause: last + 1,
      source: 'agent',
      observation: 'run',
      content: huge,
      extras: { command: 'cat huge.log', metadata: { exit_code: 0 } },
    },
    { id: last + 3, source: 'agent', action: 'run', args: { command: 'cat logo.png' } },
    {
      id: last + 4,
      cause: last + 3,
      source: 'agent',
      observation: 'run',
      content: binary,
      extras: { command: 'cat logo.png', metadata: { exit_code: 0 } },
    },
    // Unknown fields, missing fields, a field of the wrong type.
    {
      source: 'agent',
      action: 'message',
      args: { content: 'extra fields', brand_new: { nested: true } },
      future_field: 1,
    },
    { action: 'think' },
    { source: 'agent', observation: 'run', content: 42, extras: { command: 7 } },
  ]);
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await showSystemEvents(page);
  const hugeRow = timeline(page).locator('.timeline-row', { hasText: 'cat huge.log' });
  await expect(hugeRow).toBeVisible();
  await hugeRow.getByRole('button', { name: /cat huge\.log/ }).click();
  const showAll = hugeRow.getByRole('button', { name: /Show all \(/ });
  await expect(showAll).toBeVisible();
  await expect(hugeRow.locator('pre').nth(1)).not.toContainText('END');
  await showAll.click();
  await expect(hugeRow.locator('pre').nth(1)).toContainText('END');
  const binaryRow = timeline(page).locator('.timeline-row', { hasText: 'cat logo.png' });
  await binaryRow.getByRole('button', { name: /cat logo\.png/ }).click();
  await expect(binaryRow.locator('pre').nth(1)).toContainText('\ufffd\ufffd\ufffdPNG');
  await expect(binaryRow.locator('pre').nth(1)).toContainText('red');
  await expect(binaryRow.locator('pre').nth(1)).not.toContainText('[31m');
  await expect(timeline(page).locator('[data-category="unknown"]')).toHaveCount(1);
  await expect(timeline(page).getByText('extra fields')).toBeVisible();
  // Still usable: the search and the composer answer.
  await conversationMenu(page, 'Search events');
  await page.getByRole('searchbox', { name: 'Text to find' }).fill('huge.log');
  await expect(page.locator('[data-search-matches]')).not.toHaveAttribute(
    'data-search-matches',
    '0',
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
});

test('a conversation deleted while open says so and stays readable', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = await createV0Conversation(service, {
    initial_user_msg: '[scenario:finish-quickly] Hi',
  });
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expectLive(page, 20_000);
  const rows = await timeline(page).locator('.timeline-row').count();
  expect(rows).toBeGreaterThan(0);
  await service.admin.deleteConversation(id);
  await expect(page.getByRole('alert').filter({ hasText: 'deleted on the server' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('[data-status-label]')).toHaveText('Deleted');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(timeline(page).locator('.timeline-row')).toHaveCount(rows);
  // Still usable: back to the list, which no longer has it.
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.locator('.conversation-item').first()).toBeVisible();
  await expect(page.locator(`.conversation-item[data-conversation-id="${id}"]`)).toHaveCount(0);
});

test('a server that goes away: the panel says so, keeps working, and recovers', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v1.parserFix;
  const page = await openPanel(openExtensionPage);
  await expect(page.locator('.conversation-item')).toHaveCount(6);
  await page.locator(`.conversation-item[data-conversation-id="${id}"]`).click();
  await expectLive(page, 20_000);
  await service.admin.refuseConnections(12);
  await service.admin.dropSockets().catch(() => 0);
  // The now line says so, in words, instead of the state it knew before.
  await expect(nowLine(page)).toContainText(/Reconnecting in \d+ s|Connecting/, {
    timeout: 20_000,
  });
  await expect(page.locator('[data-status-label]')).toHaveText(/Reconnecting|Offline|Connecting/);
  // The list keeps what it had and says why it could not refresh.
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Could not reach the server' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.conversation-item')).toHaveCount(6);
  // When the server is back, so is everything.
  await page.getByRole('tab', { name: /Fix parser null handling/ }).click();
  await expectLive(page, 40_000);
});
