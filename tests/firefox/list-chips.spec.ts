import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../fixtures/host-lists/index';
import { fixtureHtml } from '../shared/host-fixtures';
import { createV1Conversation, ensureRepository } from '../shared/service-helpers';
import { connect, useFirefox, useService } from './setup';
import { openedConversation } from './ui';

// The chips on a code host's list in Firefox, where the worker's way of loading the list code
// (scripting.executeScript and insertCSS into the tab) and of opening the panel from a page's
// click (a window of its own: Firefox opens its sidebar only from its own user actions) differ
// from Chromium's.

const list = listFixtures.find((fixture) => fixture.name === 'react-repo-issues');
if (!list) throw new Error('the react-repo-issues list fixture is missing');
const served = (url: string) => (url === list.url ? fixtureHtml(list) : null);

/** Each chip's words by the address of the title link it follows. */
function chips(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-handoff-chip]')].map((chip) => [
        new URL((chip.previousElementSibling as HTMLAnchorElement).href).pathname,
        chip.textContent ?? '',
      ]),
    ),
  );
}

describe('chips on a code host list, in Firefox', () => {
  const firefox = useFirefox();
  const service = useService('v1', { pace: 1 });

  it('rows with a conversation get a chip in words, in the host’s colours; a click opens it', async () => {
    const [first, , third] = list.items;
    if (!first || !third) throw new Error('the list has too few rows');
    ensureRepository(first.repository);
    const id = await createV1Conversation(service(), `Fix issue #${first.number} [scenario:long]`, {
      repository: first.repository,
      provider: 'github',
    });
    await createV1Conversation(service(), `Fix issue #${third.number} [scenario:long]`, {
      repository: third.repository,
      provider: 'github',
    });
    await connect(firefox(), service());
    const tab = await firefox().openCodeHostPage(list.url, served);
    await tab.waitForFunction(() => document.querySelectorAll('[data-handoff-chip]').length === 2, {
      timeout: 20_000,
    });
    const shown = await chips(tab);
    expect(Object.keys(shown).sort()).toEqual(
      [first, third].map((item) => `/${item.repository}/issues/${item.number}`).sort(),
    );
    expect(Object.values(shown).every((words) => words.startsWith('Agent working'))).toBe(true);
    // The stylesheet Firefox injected with the list code gives the chip the host's accent.
    const colour = await tab.evaluate(
      () => getComputedStyle(document.querySelector('[data-handoff-chip]') as Element).color,
    );
    expect(colour).toBe('rgb(9, 105, 218)');

    await tab.click(`a[href$="/issues/${first.number}"] + [data-handoff-chip]`);
    const panel = await firefox().waitForPage((address) =>
      address.includes('/sidepanel.html?for-window='),
    );
    expect((await openedConversation(panel)).replaceAll('-', '')).toBe(id.replaceAll('-', ''));
  });
});
