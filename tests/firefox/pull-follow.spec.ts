import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { fixtureNamed, fixturePagesByUrl } from '../shared/host-fixtures';
import { connect, useFirefox, useService } from './setup';
import { bodyText, click, waitForText } from './ui';

// A pull request page's tasks in Firefox, where the panel opens from a page's click in a window
// of its own (Firefox opens its sidebar only from its own user actions): the button's menu in
// its shadow root offers the three tasks, and one opens the hand-back there. Firefox's test
// harness cannot answer the background page's own requests (its network intercepts reach tabs
// and windows only), and this machine has no network, so GitHub is out of reach here: the
// dialog says so in words, with the next step, and offers nothing to send. Following and
// sending, which run the same code in both browsers, are journeys in Chromium
// (tests/e2e/pull-follow.spec.ts).

const page = fixtureNamed('pull-react');
const pages = fixturePagesByUrl();
const served = (url: string) => pages.get(url) ?? null;

describe('a pull request page’s tasks, in Firefox', () => {
  const firefox = useFirefox();
  const service = useService('v1', { pace: 0.02 });

  it('the menu offers the tasks, and one opens the hand-back in the panel’s window', async () => {
    await connect(firefox(), service());
    const tab = await firefox().openCodeHostPage(page.url, served);
    await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
    await click(tab, '[data-handoff-root] >>> button[data-menu]');
    const items = await tab.$$eval('[data-handoff-root] >>> [role="menuitem"]', (nodes) =>
      nodes.filter((node) => !(node as HTMLElement).hidden).map((node) => node.textContent),
    );
    expect(items).toEqual([
      'Fix the failing checks',
      'Address the review',
      'Resolve the conflicts',
    ]);
    await click(tab, '[data-handoff-root] >>> button[data-task="review"]');
    const panel: Page = await firefox().waitForPage((address) =>
      address.includes('/sidepanel.html?for-window='),
    );
    await waitForText(panel, `Address the review of PR #${page.expected.number}`);
    await waitForText(panel, 'Handoff could not reach github.com. It tries again by itself.');
    const send = await panel.waitForSelector('dialog button.btn-primary');
    expect(await send?.evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await click(panel, 'dialog ::-p-text(Cancel)');
    await panel.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await bodyText(panel)).not.toContain('Address the review of');
  });
});
