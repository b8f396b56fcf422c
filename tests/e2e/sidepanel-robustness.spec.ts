import type { Page } from '@playwright/test';
import type { Generation } from '@/lib/api/generation';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { journeyKinds, startConversation } from './support/generations';
import {
  conversationMenu,
  expectLive,
  openPanel,
  showSystemEvents,
  timeline,
} from './support/panel-pages';

// What the panel does with hostile and broken input: script in every text field, huge, binary
// and malformed events, a conversation deleted under it, and the answers a server, a proxy or a
// web app in front of it give instead of the data asked for (a server that goes away is in
// sidepanel-glance.spec.ts, sharing one outage with the now line's journey). Each
// journey plays on a current (V1-only) server, and on a legacy one where the kinds differ.

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

test.describe('on a legacy server (V0)', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02 } });

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
      {
        source: 'agent',
        action: 'browse',
        args: { url: 'javascript:window.__xss=1', thought: all },
      },
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
    await expect(page.locator('[data-conversation-title]')).toHaveText(
      corpus.slice(0, 3).join(' '),
    );
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

/** A command and its output as stored events of the conversation's own kind. */
function commandEvents(
  generation: Generation,
  last: number,
  command: string,
  output: string,
): Record<string, unknown>[] {
  if (generation === 'v0') {
    return [
      { id: last + 1, source: 'agent', action: 'run', args: { command } },
      {
        id: last + 2,
        cause: last + 1,
        source: 'agent',
        observation: 'run',
        content: output,
        extras: { command, metadata: { exit_code: 0 } },
      },
    ];
  }
  const actionId = crypto.randomUUID();
  const callId = `toolu_${actionId.replaceAll('-', '').slice(0, 24)}`;
  return [
    {
      id: actionId,
      kind: 'ActionEvent',
      source: 'agent',
      thought: [],
      action: { kind: 'TerminalAction', command, is_input: false, reset: false },
      tool_name: 'terminal',
      tool_call_id: callId,
      security_risk: 'LOW',
    },
    {
      kind: 'ObservationEvent',
      source: 'environment',
      action_id: actionId,
      tool_name: 'terminal',
      tool_call_id: callId,
      observation: {
        kind: 'TerminalObservation',
        content: [{ type: 'text', text: output }],
        command,
        exit_code: 0,
        is_error: false,
      },
    },
  ];
}

/** An event with unknown fields, one of a kind nobody knows, one missing fields, one mistyped. */
const oddEvents: Record<Generation, Record<string, unknown>[]> = {
  v0: [
    {
      source: 'agent',
      action: 'message',
      args: { content: 'extra fields', brand_new: { nested: true } },
      future_field: 1,
    },
    { action: 'think' },
    { source: 'agent', observation: 'run', content: 42, extras: { command: 7 } },
  ],
  v1: [
    {
      kind: 'MessageEvent',
      source: 'agent',
      llm_message: { role: 'assistant', content: [{ type: 'text', text: 'extra fields' }] },
      brand_new: { nested: true },
    },
    { kind: 'TeleportEvent', source: 'agent', destination: 'mars' },
    { kind: 'ActionEvent', source: 'agent' },
    {
      kind: 'ObservationEvent',
      source: 'environment',
      observation: { kind: 'TerminalObservation', content: 42, command: 7 },
    },
  ],
};

/**
 * The rows that say an event could not be read: the observation whose content has the wrong
 * type, and on V1 the kind nobody knows. Unknown fields are read past, and an event missing its
 * fields is shown for what it is (a thought, a tool call that did not run).
 */
const unknownRows: Record<Generation, RegExp[]> = {
  v0: [/Event that does not fit its type: run/],
  v1: [/Unknown event: TeleportEvent/, /Event that does not fit its type: ObservationEvent/],
};

/** A finished conversation of the kind's own generation, seeded on both kinds of server. */
function finishedConversation(service: RunningService, generation: Generation): string {
  return generation === 'v0' ? service.seedIds.v0.game2048 : service.seedIds.v1.parserFixDone;
}

/** The conversation-list routes each kind serves. */
const listRoutes: Record<Generation, string[]> = {
  v0: ['/api/conversations', '/api/v1/app-conversations/search'],
  v1: ['/api/v1/app-conversations/search'],
};

/** What a proxy's sign-in page (or a web app without this API) answers to any address. */
const PROXY_PAGE =
  '<!DOCTYPE html><html><head><title>Sign in</title></head><body><form>Sign in to continue</form></body></html>';

/** How many conversations the service holds, as its list would show them. */
async function conversationCount(service: RunningService): Promise<number> {
  const state = await service.admin.state();
  return state.v0_conversations + state.v1_conversations;
}

/**
 * Keeps the server's per-address rate limit (more than 20 requests a second answers 429 with
 * `Retry-After: 1`) exceeded from this machine until the returned function stops it.
 */
async function exceedRateLimit(service: RunningService): Promise<() => Promise<void>> {
  let going = true;
  const probe = `${service.url}/api/v1/web-client/config`;
  const loop = (async () => {
    while (going) {
      await Promise.all(
        Array.from({ length: 25 }, () =>
          fetch(probe)
            .then((answer) => answer.arrayBuffer())
            .catch(() => undefined),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await expect.poll(async () => (await fetch(probe)).status, { timeout: 10_000 }).toBe(429);
  return async () => {
    going = false;
    await loop;
    // The limiter counts the last second.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
  };
}

const newForm = (page: Page) => page.getByRole('form', { name: 'New conversation' });

for (const { generation, title, server } of journeyKinds) {
  test.describe(title, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('huge, binary, malformed and unknown events: the panel shows them and stays usable', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = finishedConversation(service, generation);
      const last = Math.max(
        0,
        ...(await service.admin.storedEvents(id)).events.map((event) => Number(event.id) || 0),
      );
      const huge = `${'line of output\n'.repeat(100_000)}END`;
      const binary = `\u0000\u0001\u0002PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u00ff\ufffe\u001b[31mred\u001b[0m`;
      await service.admin.appendEvents(id, [
        ...commandEvents(generation, last, 'cat huge.log', huge),
        ...commandEvents(generation, last + 2, 'cat logo.png', binary),
        ...oddEvents[generation],
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
      await expect(timeline(page).locator('[data-category="unknown"]')).toHaveText(
        unknownRows[generation],
      );
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
      const starter = await openExtensionPage('sidepanel.html');
      const id = await startConversation(
        starter,
        service,
        generation,
        '[scenario:finish-quickly] Hi',
      );
      await starter.close();
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expectLive(page, 20_000);
      await expect(timeline(page).locator('.timeline-row').first()).toBeVisible();
      await service.admin.waitIdle(id);
      // The last state the agent reached is on screen, so every event before it is too: only
      // then is the count what the deletion must leave standing.
      await expect(page.locator('[data-status-label]')).toHaveText('Finished', {
        timeout: 20_000,
      });
      const rows = await timeline(page).locator('.timeline-row').count();
      await service.admin.deleteConversation(id);
      await expect(
        page.getByRole('alert').filter({ hasText: 'deleted on the server' }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[data-status-label]')).toHaveText('Deleted');
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
      await expect(timeline(page).locator('.timeline-row')).toHaveCount(rows);
      // Still usable: back to the list, which no longer has it.
      await page.getByRole('button', { name: 'Back to conversations' }).click();
      await expect(page.locator('.conversation-item').first()).toBeVisible();
      await expect(page.locator(`.conversation-item[data-conversation-id="${id}"]`)).toHaveCount(0);
    });

    // A server that goes away (the list keeps what it had, the conversation recovers) is one
    // outage shared with the now line's journey: sidepanel-glance.spec.ts, "offline: …".

    test('a web page where the list was expected: said in words with the next step, never an empty list', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const total = await conversationCount(service);
      for (const path of listRoutes[generation]) {
        await service.admin.failNext({
          method: 'GET',
          path,
          status: 200,
          text: true,
          body: PROXY_PAGE,
          times: 1_000,
        });
      }
      const page = await openPanel(openExtensionPage);
      const problem = page
        .getByRole('alert')
        .filter({ hasText: 'answered with a web page instead of JSON' });
      await expect(problem).toBeVisible();
      await expect(problem).toContainText(
        'Check the server’s address with Test connection in Handoff’s options.',
      );
      await expect(page.locator('[data-empty-list]')).toHaveCount(0);
      await expect(page.locator('.conversation-item')).toHaveCount(0);
      // Once the server answers again, so does the list.
      await service.admin.clearFaults();
      await problem.getByRole('button', { name: 'Try again' }).click();
      await expect(page.locator('.conversation-item')).toHaveCount(total);
      await expect(problem).toHaveCount(0);
    });

    test('a list route the server no longer has (404): said in words with the next step, never an empty list', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      for (const path of listRoutes[generation]) {
        await service.admin.failNext({
          method: 'GET',
          path,
          status: 404,
          body: { detail: 'Not Found' },
          times: 1_000,
        });
      }
      const page = await openPanel(openExtensionPage);
      const problem = page.getByRole('alert').filter({ hasText: '(404)' });
      await expect(problem).toContainText(
        `Not found on the server at ${new URL(service.url).host} (404).`,
      );
      await expect(problem).toContainText(
        'Check the server’s address with Test connection in Handoff’s options.',
      );
      await expect(page.locator('[data-empty-list]')).toHaveCount(0);
      await expect(page.locator('.conversation-item')).toHaveCount(0);
    });

    test('too many requests (429 with Retry-After): the start says how long to wait, and nothing typed is lost', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openPanel(openExtensionPage);
      await expect(page.locator('.conversation-item').first()).toBeVisible();
      await page.getByRole('tab', { name: 'New' }).click();
      const message = newForm(page).getByLabel('First message');
      await message.fill('[scenario:finish-quickly] Keep these words too');
      const stop = await exceedRateLimit(service);
      try {
        await newForm(page).getByRole('button', { name: 'Start conversation' }).click();
        const problem = newForm(page).getByRole('alert');
        await expect(problem).toContainText(
          'Too many requests: the server asked to wait 1 s (429).',
        );
        await expect(problem).toContainText('Wait 1 s, then try again.');
        await expect(message).toHaveValue('[scenario:finish-quickly] Keep these words too');
      } finally {
        await stop();
      }
      await newForm(page).getByRole('button', { name: 'Start conversation' }).click();
      await expect(page.locator('[data-view="conversation"] .conversation')).toBeVisible({
        timeout: 30_000,
      });
    });
  });

  test.describe(`${title}, with a key the panel was not given`, () => {
    test.use({ serviceOptions: { server, pace: 0.02, apiKey: 'server-key-robust-91c4' } });

    test('the list says the server needs a key (401), and shows no empty list for it', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService({ apiKey: null });
      const page = await openPanel(openExtensionPage);
      const needsKey = "The server needs an API key (401). Add it in Handoff's options.";
      if (generation === 'v1') {
        await expect(page.getByRole('alert').filter({ hasText: needsKey })).toBeVisible();
        await expect(page.locator('.conversation-item')).toHaveCount(0);
      } else {
        // A legacy server asks for the key on V0 routes only: its V1 conversations still list,
        // and the list says the rest could not be read, and why.
        await expect(page.getByRole('status').filter({ hasText: needsKey })).toContainText(
          'Part of the list could not be loaded.',
        );
        await expect(page.locator('.conversation-item')).toHaveCount(
          (await service.admin.state()).v1_conversations,
        );
      }
      await expect(page.locator('[data-empty-list]')).toHaveCount(0);
    });
  });

  test.describe(`a fresh install ${title}`, () => {
    test.use({ serviceOptions: { server, pace: 0.02, seed: false } });

    test('a repository search without any provider token (403): says to connect one, keeps what was typed', async ({
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openPanel(openExtensionPage);
      await page.getByRole('tab', { name: 'New' }).click();
      await newForm(page).getByLabel('First message').fill('Keep these words');
      await newForm(page).getByLabel('Git provider').selectOption('github');
      await newForm(page).getByLabel('Repository', { exact: true }).fill('widg');
      await expect(newForm(page).locator('[data-needs-provider]')).toHaveText(
        'No git provider is connected on your server, so it cannot suggest repositories or branches. Connect one (GitHub, GitLab or Bitbucket) in Handoff’s options or in your server’s settings; you can still type a name.',
      );
      await expect(newForm(page).getByRole('list', { name: 'Matching repositories' })).toHaveCount(
        0,
      );
      await expect(newForm(page).getByLabel('First message')).toHaveValue('Keep these words');
      await expect(newForm(page).getByLabel('Repository', { exact: true })).toHaveValue('widg');
    });
  });
}
