// What a run produced, the timeline's polish, starting with progress, and the first run inside
// the panel (issue 17).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Generation } from '@/lib/api/generation';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import {
  appendCommandRun,
  journeyKinds,
  seededFinished,
  startConversationHere,
} from './support/generations';
import {
  conversationMenu,
  expectLive,
  nowLine,
  openPanel,
  showSystemEvents,
  timeline,
} from './support/panel-pages';

const card = (page: Page) => page.getByRole('region', { name: 'What the run produced' });

/** The next free V0 event id of a conversation, so appended results can name their action. */
async function nextId(service: RunningService, id: string): Promise<number> {
  const events = (await service.admin.storedEvents(id)).events;
  return Math.max(0, ...events.map((event) => Number(event.id))) + 1;
}

test('the outcome card: files with line counts, the test run, time and cost; also in the export', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(
    openExtensionPage,
    `?conversation=${service.seedIds.v1.parserFixDone}`,
  );
  await expect(card(page)).toBeVisible({ timeout: 20_000 });
  await expect(card(page)).toContainText('Finished');
  await expect(card(page)).toContainText('1 file changed');
  await expect(card(page).locator('[data-outcome-tests]')).toHaveAttribute(
    'data-outcome-tests',
    'passed',
  );
  await expect(card(page)).toContainText('2 passed');
  await card(page)
    .getByRole('button', { name: /Finished/ })
    .click();
  const files = card(page).getByRole('list', { name: 'Changed files' });
  await expect(files.locator('.path-name')).toHaveText('parser.py');
  await expect(files).toContainText(/\+\d+/);

  const download = page.waitForEvent('download');
  await conversationMenu(page, 'Export JSON');
  const data = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    outcome: { files: { path: string }[]; tests: { passed: boolean } | null };
  };
  expect(data.outcome.files.map((file) => file.path.split('/').at(-1))).toEqual(['parser.py']);
  expect(data.outcome.tests?.passed).toBe(true);
});

/** The agent edits a file, as stored events of the conversation's own kind. */
async function appendFileEdit(
  service: RunningService,
  id: string,
  generation: Generation,
  path: string,
): Promise<void> {
  const wide = `    ${'wrapped('.repeat(30)}`;
  if (generation === 'v0') {
    const first = await nextId(service, id);
    await service.admin.appendEvents(id, [
      { id: first, source: 'agent', action: 'edit', args: { path } },
      {
        id: first + 1,
        cause: first,
        source: 'agent',
        observation: 'edit',
        content: '',
        extras: {
          path,
          diff: `--- ${path}\n+++ ${path}\n@@ -10,2 +10,3 @@\n     const keep = 1;\n-    old();\n+${wide}\n+    added();\n`,
        },
      },
    ]);
    return;
  }
  // V1 sends the file before and after (FileEditorObservation); the panel makes the diff.
  const before = Array.from({ length: 9 }, (_, line) => `// line ${line + 1}`);
  const oldContent = [...before, '    const keep = 1;', '    old();', ''].join('\n');
  const newContent = [...before, '    const keep = 1;', wide, '    added();', ''].join('\n');
  const action = {
    id: crypto.randomUUID(),
    source: 'agent',
    thought: [{ type: 'text', text: 'Let me fix the parser.' }],
    thinking_blocks: [],
    action: {
      command: 'str_replace',
      path,
      old_str: '    old();',
      new_str: `${wide}\n    added();`,
      kind: 'FileEditorAction',
    },
    tool_name: 'file_editor',
    tool_call_id: 'toolu_01ParserEditCall',
    llm_response_id: 'chatcmpl-parser-edit',
    security_risk: 'LOW',
    kind: 'ActionEvent',
  };
  await service.admin.appendEvents(id, [
    action,
    {
      source: 'environment',
      tool_name: 'file_editor',
      tool_call_id: action.tool_call_id,
      action_id: action.id,
      observation: {
        content: [{ type: 'text', text: `The file ${path} has been edited.` }],
        is_error: false,
        command: 'str_replace',
        path,
        prev_exist: true,
        old_content: oldContent,
        new_content: newContent,
        kind: 'FileEditorObservation',
      },
      kind: 'ObservationEvent',
    },
  ]);
}

for (const { generation, title, server } of journeyKinds) {
  test.describe(`what the run produced ${title}`, () => {
    test.use({ serviceOptions: { server, pace: 0.02 } });

    test('a pull request the agent reported gets "Open pull request" on the card', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = seededFinished(service, generation);
      await appendCommandRun(
        service,
        id,
        generation,
        'gh pr create --fill',
        'https://github.com/octo-org/widgets/pull/77\n',
        0,
      );
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      const open = card(page).getByRole('link', { name: 'Open pull request' });
      await expect(open).toHaveAttribute('href', 'https://github.com/octo-org/widgets/pull/77', {
        timeout: 20_000,
      });
    });

    test('timeline polish: SVG icons, paths cut in the middle, diffs with a header and line numbers', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const id = seededFinished(service, generation);
      const path =
        '/workspace/project/packages/a-rather-long-package-name/src/components/Parser.tsx';
      await appendFileEdit(service, id, generation, path);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await page.setViewportSize({ width: 360, height: 700 });
      const row = timeline(page).locator('.timeline-row', { hasText: 'Parser.tsx' });
      await expect(row).toBeVisible({ timeout: 20_000 });
      // Icons are SVG pictures hidden from assistive technology, not text glyphs.
      await expect(row.locator('.row-icon svg')).toHaveAttribute('aria-hidden', 'true');
      expect(await row.locator('.row-icon').textContent()).toBe('');
      // The file name is whole; the folders gave way.
      const name = row.locator('.row-summary .path-name');
      await expect(name).toHaveText('Parser.tsx');
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(
        true,
      );
      expect(
        await row
          .locator('.row-summary .path-folder')
          .evaluate((element) => element.scrollWidth > element.clientWidth),
      ).toBe(true);
      await row.locator('.row-summary').click();
      await expect(row.locator('.diff-header .path-name')).toHaveText('Parser.tsx');
      await expect(row.locator('.diff-header')).toContainText('+2');
      await expect(row.locator('.diff-header')).toContainText('−1');
      const added = row.locator('[data-diff="add"]').first();
      await expect(added.locator('.diff-no').nth(1)).toHaveText('11');
      // A wrapped line starts its continuation under its own indentation.
      const indent = await added
        .locator('.diff-text')
        .evaluate((element) => getComputedStyle(element).getPropertyValue('--indent'));
      expect(indent.trim()).toBe('4ch');
    });

    test('"Jump to last error" shows only while that error is where things stand', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      // A running conversation: what the agent does next reaches the open panel.
      const id = await startConversationHere(
        service,
        generation,
        '[scenario:finish-quickly] Run the tests',
      );
      await service.admin.waitIdle(id);
      const page = await openPanel(openExtensionPage, `?conversation=${id}`);
      await expectLive(page);
      await appendCommandRun(service, id, generation, 'npm test', 'FAIL', 1);
      const jump = page.getByRole('button', { name: 'Jump to last error' });
      await expect(jump).toBeVisible({ timeout: 20_000 });
      await appendCommandRun(service, id, generation, 'npm test -- --fix', 'ok', 0);
      await expect(
        timeline(page).locator('.timeline-row', { hasText: 'npm test -- --fix' }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(jump).toHaveCount(0);
    });
  });
}

test('starting shows the message to send, Advanced options, and the server’s steps with times (V1)', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openPanel(openExtensionPage);
  await page.getByRole('tab', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'New conversation' });
  await expect(form.getByLabel('Instructions')).toBeHidden();
  await form.locator('summary', { hasText: 'Advanced' }).click();
  await expect(form.getByLabel('Instructions')).toBeVisible();
  await form.getByLabel('Repository', { exact: true }).fill('octo-org/docs-site');
  await form.getByLabel('Git provider').selectOption('github');
  await form.getByLabel('First message').fill('Fix the broken links');
  // A slower sandbox, so each start step stays long enough to be seen.
  await service.admin.delay({ path: '/api/v1/app-conversations/start-tasks', ms: 400, times: 3 });
  await form.getByRole('button', { name: 'Start conversation' }).click();
  const progress = page.getByRole('region', { name: 'Starting the conversation' });
  await expect(progress).toBeVisible();
  await expect(progress.locator('[data-start-task]').first()).toBeVisible();
  await expect(progress.locator('[data-elapsed]')).toHaveText(/\d/);
  await expect(page.locator('[data-view="conversation"] .conversation')).toBeVisible({
    timeout: 30_000,
  });
  // Started here: the details say so.
  await conversationMenu(page, 'Details');
  await expect(
    page.locator('.details-row', { has: page.locator('dt', { hasText: 'Started from' }) }),
  ).toContainText('Handoff');
});

test.describe('first run', () => {
  test('with no server, the panel itself takes the address, tests it, saves it', async ({
    service,
    openExtensionPage,
  }) => {
    // No server yet: no tabs, the setup view is all there is.
    const page = await openExtensionPage('sidepanel.html');
    const setup = page.getByRole('form', { name: 'Connect Handoff to a server' });
    await expect(setup).toBeVisible();
    await setup.getByLabel('Server URL').fill('not an address');
    await setup.getByRole('button', { name: 'Save and connect' }).click();
    await expect(setup.locator('.field-error')).toBeVisible();
    await setup.getByLabel('Server URL').fill(service.url);
    await setup.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.locator('.connection-report')).toContainText(service.url, {
      timeout: 20_000,
    });
    await setup.getByRole('button', { name: 'Save and connect' }).click();
    await expect(page.getByRole('tab', { name: 'Conversations' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('.conversation-item').first()).toBeVisible();
  });

  test.describe('an empty server', () => {
    test.use({ serviceOptions: { pace: 0.02, seed: false } });
    test('the empty list says what to do next, and the Microagents tab takes a repository', async ({
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openPanel(openExtensionPage);
      const empty = page.locator('[data-empty-list]');
      await expect(empty).toContainText('Start conversation', { timeout: 20_000 });
      await empty.getByRole('button', { name: 'Start a conversation' }).click();
      await expect(page.getByRole('form', { name: 'New conversation' })).toBeVisible();
      await page.getByRole('tab', { name: 'Microagents' }).click();
      const microagents = page.locator('[data-view="microagents"]');
      await microagents.getByLabel('Repository', { exact: true }).fill('octo-org/widgets');
      await microagents.getByRole('button', { name: 'Show microagents' }).click();
      await expect(microagents.getByRole('heading', { name: /octo-org\/widgets/ })).toBeVisible({
        timeout: 20_000,
      });
    });
  });
});

test('bad input stays readable in the now line: an error with markup and no code (V1)', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const id = service.seedIds.v1.parserFix;
  const page = await openPanel(openExtensionPage, `?conversation=${id}`);
  await expectLive(page);
  await showSystemEvents(page);
  await service.admin.appendEvents(id, [
    {
      kind: 'ConversationErrorEvent',
      source: 'environment',
      detail: '<img src=x onerror="window.__xss = 1">\u0000\u001b[31mboom',
    },
    {
      kind: 'ConversationStateUpdateEvent',
      source: 'environment',
      key: 'execution_status',
      value: 'error',
    },
  ]);
  await expect(nowLine(page).locator('.now-text')).toHaveText(
    'Error: The agent ran into an error',
    {
      timeout: 20_000,
    },
  );
  await nowLine(page).getByText('Details', { exact: true }).click();
  await expect(nowLine(page).locator('.now-details pre')).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
});
