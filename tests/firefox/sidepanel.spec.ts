import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { collectTimelineIdsInPage } from '../shared/panel-page';
import { createV1Conversation, sameIds, storedIds } from '../shared/service-helpers';
import type { Firefox } from './harness';
import { kindFacts, serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { click, fill, role, text } from './ui';

// The side panel page in a Firefox tab (a sidebar cannot be opened by script; sidebar.spec.ts
// opens the real one through Firefox's own user actions): the list, a live stream, the composer
// and the export, against each kind of server. The journeys use V1 conversations, which every
// current server kind serves.

async function openPanel(firefox: Firefox, query = ''): Promise<Page> {
  const page = await firefox.openExtensionPage(`sidepanel.html${query}`);
  await page.waitForSelector('[role="tablist"]', { timeout: 15_000 });
  return page;
}

function conversationIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.conversation-item')].map(
      (item) => item.getAttribute('data-conversation-id') ?? '',
    ),
  );
}

/** How the conversation's stream stands, as the view marks it (the words sit in Details now). */
async function streamTransport(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document.querySelector('.conversation[data-transport]')?.getAttribute('data-transport') ?? '',
  );
}

describe.each(serviceKinds)('the side panel page against a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);

  it('lists the conversations, newest first, and finds one by its words', async () => {
    await connect(firefox(), service());
    const page = await openPanel(firefox());
    const { v0, v1 } = service().seedIds;
    const expected = kindFacts[kind].hasV0
      ? [v1.parserFix, v0.todoApp, v0.quickQuestion, v1.parserFixDone, v0.renameFile, v0.game2048]
      : [v1.parserFix, v1.parserFixDone];
    await expect.poll(() => conversationIds(page), { timeout: 15_000 }).toEqual(expected);
    const first = await page.$eval(
      `[data-conversation-id="${v1.parserFix}"]`,
      (item) => item.textContent ?? '',
    );
    expect(first).toContain('Fix parser null handling');
    expect(first).toContain('octo-org/widgets · fix/parser-null');
    await fill(page, role('searchbox', 'Find conversations'), 'parser');
    await expect.poll(() => conversationIds(page)).toEqual([v1.parserFix, v1.parserFixDone]);
  });

  it('shows a live conversation as it happens: every stored event once, and the composer’s message goes to the agent', async () => {
    await connect(firefox(), service());
    const id = await createV1Conversation(service(), 'Add a due date field');
    const page = await openPanel(firefox(), `?conversation=${id}`);
    await click(page, role('button', 'Conversation actions'));
    await click(page, role('menuitemcheckbox', 'Show system and hidden events'));
    await expect.poll(() => streamTransport(page), { timeout: 20_000 }).toBe('live');
    await service().admin.waitIdle(id);
    const stored = await storedIds(service(), id);
    expect(stored.length).toBeGreaterThan(5);
    await expect
      .poll(async () => sameIds(await page.evaluate(collectTimelineIdsInPage, false)), {
        timeout: 15_000,
      })
      .toEqual(sameIds(stored));

    // Typing a message and pressing Enter sends it; its echo from the server replaces it.
    await click(page, role('textbox', 'Message'));
    await page.keyboard.type('Please also add a README');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[role="feed"] .message-user ${text('Please also add a README')}`, {
      timeout: 20_000,
    });
    await expect
      .poll(async () => (await storedIds(service(), id)).length, { timeout: 20_000 })
      .toBeGreaterThan(stored.length);
    await expect.poll(() => page.$$eval('[data-outgoing]', (nodes) => nodes.length)).toBe(0);
  });

  it('exports a conversation’s events as a JSON file, in order, with its metadata', async () => {
    await connect(firefox(), service());
    const id = service().seedIds.v1.parserFixDone;
    const page = await openPanel(firefox(), `?conversation=${id}`);
    await page.waitForSelector('[data-conversation-title]', { timeout: 15_000 });
    const before = await readdir(firefox().downloads).catch(() => [] as string[]);
    await click(page, role('button', 'Conversation actions'));
    await click(page, role('menuitem', 'Export JSON'));
    const file = await waitForDownload(firefox().downloads, before);
    expect(file).toMatch(/^handoff-.*-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(join(firefox().downloads, file), 'utf8')) as {
      format: string;
      incomplete: boolean;
      eventCount: number;
      conversation: Record<string, unknown>;
      events: { id: string }[];
    };
    const stored = await storedIds(service(), id);
    expect(data.format).toBe('handoff-conversation-export');
    expect(data.incomplete).toBe(false);
    expect(data.conversation).toMatchObject({ generation: 'v1' });
    expect(data.eventCount).toBe(stored.length);
    expect(sameIds(data.events.map((event) => String(event.id)))).toEqual(sameIds(stored));
  });
});

/** The one new file Firefox saved into the download folder, once finished (no .part left). */
async function waitForDownload(
  folder: string,
  before: readonly string[],
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await readdir(folder).catch(() => [] as string[])).filter(
      (name) => !before.includes(name),
    );
    const done = names.filter((name) => !name.endsWith('.part'));
    if (done.length === 1 && names.length === 1) return done[0] as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing was downloaded into ${folder}`);
}
