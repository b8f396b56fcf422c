import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { fixtureNamed, fixturePagesByUrl } from '../shared/host-fixtures';
import { createCodeHostStandIn } from '../service/codehosts/index';
import { createV1Conversation, ensureRepository } from '../shared/service-helpers';
import { connect, useFirefox, useService } from './setup';
import { click, openedConversation, waitForText } from './ui';

// An agent's pull request followed in Firefox, where the worker is a background page and the
// panel opens from a page's click in a window of its own: the background reads the pull request
// from GitHub (the stand-in, answered at api.github.com for every request of the browser), the
// panel's list says it needs you, and the pull request page's menu opens the hand-back there.

const REPO = 'octo/widgets';
const PR = 34;
const page = fixtureNamed('pull-react');
const pages = fixturePagesByUrl();
const served = (url: string) => pages.get(url) ?? null;

async function userTexts(service: ReturnType<ReturnType<typeof useService>>, id: string) {
  const log = await service.admin.storedEvents(id);
  return log.events.flatMap((event) => {
    const content = (event.llm_message as { content?: { type: string; text?: string }[] } | null)
      ?.content;
    return event.kind === 'MessageEvent' && event.source === 'user'
      ? (content ?? []).flatMap((part) => (part.type === 'text' && part.text ? [part.text] : []))
      : [];
  });
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe('an agent’s pull request, followed in Firefox', () => {
  const firefox = useFirefox();
  const service = useService('v1', { pace: 0.02 });

  it('a failing check needs you in the list; the page’s menu hands it back to the same conversation', async () => {
    if (page.url !== `https://github.com/${REPO}/pull/${PR}`) throw new Error('fixture moved');
    // GitHub's 60 anonymous requests an hour would not last: the stand-in takes a token.
    const github = createCodeHostStandIn({ host: 'github', anonymousLimit: 10_000 });
    github.admin.addRepository(REPO);
    github.admin.setPull(REPO, PR, { title: 'Cache the widgets', headSha: 'c0ffee'.padEnd(40, '0') });
    github.admin.addCheck(REPO, PR, {
      name: 'lint',
      status: 'completed',
      conclusion: 'failure',
      summary: '3 problems in cache.ts',
    });
    await firefox().serveApi('https://api.github.com', (request) => {
      const answer = github.handle({ url: request.url, headers: request.headers });
      return { status: answer.status, headers: answer.headers, body: answer.body };
    });
    ensureRepository(REPO);
    const id = await createV1Conversation(
      service(),
      '[scenario:finish-quickly] Cache the widgets',
      { repository: REPO, provider: 'github' },
      { title: 'Issue #12: widgets load slowly', pr_number: [PR] },
    );
    await service().admin.waitIdle(id);
    await connect(firefox(), service());

    const list = await firefox().openExtensionPage('sidepanel.html');
    await waitForText(list, `PR #${PR} · 1 check failing`, 30_000);
    await list.close();

    const tab = await firefox().openCodeHostPage(page.url, served);
    await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
    await click(tab, '[data-handoff-root] >>> button[data-menu]');
    await click(tab, '[data-handoff-root] >>> button[data-task="checks"]');
    const panel: Page = await firefox().waitForPage((address) =>
      address.includes('/sidepanel.html?for-window='),
    );
    expect((await openedConversation(panel)).replaceAll('-', '')).toBe(id.replaceAll('-', ''));
    await waitForText(panel, `Fix the failing checks of PR #${PR}`);
    await waitFor(
      () =>
        panel.evaluate(
          () => (document.querySelector('dialog textarea') as HTMLTextAreaElement | null)?.value ?? '',
        ),
      (text) => text.includes('3 problems in cache.ts'),
      'the drafted message',
    );
    await click(panel, 'dialog ::-p-text(Send to the agent)');
    const sent = await waitFor(
      () => userTexts(service(), id),
      (texts) => texts.some((text) => text.includes('3 problems in cache.ts')),
      'the message on the server',
    );
    expect(sent.at(-1)).toMatch(/lint/);
  });
});
