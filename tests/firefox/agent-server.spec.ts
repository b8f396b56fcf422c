import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { RunningService } from '../service/index';
import { fixtureNamed, fixturePagesByUrl } from '../shared/host-fixtures';
import { ensureRepository } from '../shared/service-helpers';
import type { Firefox } from './harness';
import { useFirefox, useService } from './setup';
import {
  altClick,
  click,
  fill,
  label,
  openedConversation,
  pageButton,
  role,
  text,
  waitForText,
} from './ui';

// An agent server with no app server in front (Agent Canvas's backend) in Firefox: a person sets
// it up on the options page, keeps Handoff's panel open in a tab, and Alt-clicks the button on a
// GitHub issue. The background clones the repository on the server through its command route,
// then starts the conversation there with the issue as the first message; the panel in the tab
// takes the launch (Firefox opens no sidebar for a page's click), shows the conversation live,
// and a reply from its composer reaches the agent. tests/e2e/agent-server.spec.ts is the same
// journey in Chromium, with the server-side details (token handling, tags) checked in full.

const KEY = 'agent-key-5c0d';

const pages = fixturePagesByUrl();
const served = (url: string) => pages.get(url) ?? null;

type Json = Record<string, unknown>;

/** A request to the agent server's own routes, as another client of it would make. */
async function onServer(service: RunningService, path: string, init: RequestInit = {}) {
  const response = await fetch(`${service.url}${path}`, {
    ...init,
    headers: { 'X-Session-API-Key': KEY, 'Content-Type': 'application/json', ...init.headers },
  });
  return (await response.json().catch(() => null)) as Json;
}

/** Saves the address and key on the options page, as a person does; the save tests them. */
async function configure(firefox: Firefox, service: RunningService): Promise<void> {
  const page = await firefox.openExtensionPage('options.html');
  await fill(page, role('textbox', 'Server URL'), service.url);
  await fill(page, label('API key'), KEY);
  await click(page, role('button', 'Save'));
  await waitForText(page, 'Handoff can work with this agent server', 20_000);
  await page.close();
}

function streamTransport(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document.querySelector('.conversation[data-transport]')?.getAttribute('data-transport') ?? '',
  );
}

async function storedText(service: RunningService, id: string): Promise<string> {
  return JSON.stringify((await service.admin.storedEvents(id)).events);
}

describe('an agent server alone', () => {
  const firefox = useFirefox();
  const service = useService('agent', { apiKey: KEY });

  it('an Alt-click on a GitHub issue clones the repository on the server, and the panel tab shows the conversation live and sends a reply to the agent', async () => {
    ensureRepository('octo/widgets');
    await configure(firefox(), service());
    const panel = await firefox().openExtensionPage('sidepanel.html');
    await panel.waitForSelector('[role="tablist"]', { timeout: 15_000 });

    const issue = fixtureNamed('issue-classic');
    const tab = await firefox().openCodeHostPage(issue.url, served);
    await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
    await altClick(tab, pageButton('start'));

    // The panel the window already shows takes the start: no window of its own opens.
    const id = await openedConversation(panel);
    expect(id).not.toBe('');
    expect((await firefox().openUrls()).filter((url) => url.includes('for-window='))).toEqual([]);

    // On the server: the conversation, in a folder holding the clone on the issue's branch,
    // told about the issue.
    const info = await onServer(service(), `/api/conversations/${id}`);
    const tags = info.tags as Record<string, string>;
    expect(tags).toMatchObject({ repository: 'octo/widgets', provider: 'github', issue: '7' });
    const folder = (info.workspace as Json).working_dir as string;
    expect(folder).toBe(tags.folder);
    expect(folder).toMatch(/^\/home\/openhands\/handoff\/widgets-[0-9a-f]{8}$/);
    const head = await onServer(service(), '/api/bash/execute_bash_command', {
      method: 'POST',
      body: JSON.stringify({
        command: `git -C '${folder}' rev-parse --abbrev-ref HEAD`,
        timeout: 30,
      }),
    });
    expect(head.exit_code).toBe(0);
    expect(String(head.stdout).trim()).toBe('main');
    const listed = (await onServer(service(), '/api/conversations/search?limit=100')).items as {
      tags?: Record<string, string>;
    }[];
    expect(listed.filter((item) => item.tags?.repository === 'octo/widgets')).toHaveLength(1);
    await expect.poll(() => storedText(service(), id)).toContain(issue.expected.title);

    // The panel follows it live; once the agent is done, a reply from the composer reaches it.
    await panel.bringToFront();
    await expect.poll(() => streamTransport(panel), { timeout: 20_000 }).toBe('live');
    await service().admin.waitIdle(id);
    await click(panel, role('textbox', 'Message'));
    await panel.keyboard.type('Please also add a changelog entry');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector(
      `[role="feed"] .message-user ${text('Please also add a changelog entry')}`,
      { timeout: 20_000 },
    );
    await expect
      .poll(() => storedText(service(), id), { timeout: 20_000 })
      .toContain('Please also add a changelog entry');
  });
});
