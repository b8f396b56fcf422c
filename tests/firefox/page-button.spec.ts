import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { RunningService } from '../service/index';
import { fixtureNamed, fixturePagesByUrl } from '../shared/host-fixtures';
import { ensureRepository } from '../shared/service-helpers';
import type { Firefox } from './harness';
import { serviceKinds } from './kinds';
import { storeToken } from './options-page';
import { connect, useFirefox, useService } from './setup';
import { altClick, openedConversation, pageButton, waitForText } from './ui';

// The page button on GitHub, GitLab and Bitbucket pages served at their real addresses. Alt-click
// starts a conversation at once. Firefox opens a sidebar only from its own user actions (the
// toolbar button, a menu, the shortcut), never from a page's click relayed by a content script,
// so the panel opens in a window of its own there: the fallback the person sees.

const pages = fixturePagesByUrl();
const served = (url: string) => pages.get(url) ?? null;

/** The button sits in the page's header where the fixture marks it, or floats where none is. */
async function placement(page: Page): Promise<string> {
  await page.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
  return page.evaluate(() => {
    const roots = document.querySelectorAll('[data-handoff-root]');
    if (roots.length !== 1) return `${roots.length} buttons`;
    const root = roots[0] as Element;
    if (root.hasAttribute('data-floating')) return 'floating';
    const anchor = document.querySelector('[data-expected-anchor]');
    if (!anchor) return 'anchored without a marked anchor';
    const near =
      anchor.contains(root) ||
      anchor.nextElementSibling === root ||
      anchor.previousElementSibling === root;
    return near ? 'at-anchor' : 'elsewhere';
  });
}

/**
 * What the stylesheet Firefox injects with the content script gives the button: Handoff's mark
 * with its arrow, and for the floating button a place fixed in the window's corner.
 */
async function look(page: Page): Promise<{ mark: string; markWidth: string; position: string }> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-handoff-root]') as HTMLElement;
    const mark = root.shadowRoot?.querySelector('[data-mark]') as Element;
    return {
      mark: getComputedStyle(mark, '::before').content,
      markWidth: getComputedStyle(mark).width,
      position: getComputedStyle(root).position,
    };
  });
}

/** The start request the service received for a conversation (kept on its start task). */
async function startRequest(
  service: RunningService,
  conversationId: string,
): Promise<Record<string, unknown> | undefined> {
  const tasks = Object.values(service.service.data.start_tasks);
  const want = conversationId.replaceAll('-', '');
  return tasks.find((task) => task.app_conversation_id?.replaceAll('-', '') === want)?.request;
}

async function altClickStart(firefox: Firefox, url: string): Promise<Page> {
  const tab = await firefox.openCodeHostPage(url, served);
  await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
  await altClick(tab, pageButton('start'));
  return firefox.waitForPage((address) => address.includes('/sidepanel.html?for-window='));
}

const journeys = [
  {
    fixture: 'issue-react',
    repositoryBase: 'octo-org/widgets',
    request: {
      selected_repository: 'octo/widgets',
      git_provider: 'github',
      selected_branch: 'main',
      title: 'Issue #12: Widgets flicker on resize',
    },
  },
  {
    fixture: 'merge-request',
    repositoryBase: 'acme/platform/backend/api',
    request: {
      selected_repository: 'acme/platform/api',
      git_provider: 'gitlab',
      selected_branch: 'feature/rate-limit',
      title: 'Pull request #17: Add per-token rate limits',
    },
  },
  {
    fixture: 'cloud-pull-request',
    repositoryBase: 'acme-team/payments',
    // The seeded server holds GitHub and GitLab tokens only: a person stores one first.
    token: 'ATBB-Abcdefghij0123456789KLMN',
    request: {
      selected_repository: 'acme/widgets',
      git_provider: 'bitbucket',
      selected_branch: 'feature/login',
      title: 'Pull request #7: Add login form',
    },
  },
] as const;

describe.each(serviceKinds)('the page button, against a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);

  for (const journey of journeys) {
    const fixture = fixtureNamed(journey.fixture);
    it(`${fixture.provider} ${fixture.expected.kind}: one button in the header; Alt-click starts a conversation with the page's fields`, async () => {
      ensureRepository(journey.request.selected_repository, journey.repositoryBase);
      await connect(firefox(), service());
      if ('token' in journey) {
        const options = await storeToken(firefox(), fixture.provider, journey.token);
        await waitForText(options, 'the server stored the token');
        await options.close();
      }
      const tab = await firefox().openCodeHostPage(fixture.url, served);
      expect(await placement(tab)).toBe('at-anchor');
      expect(await look(tab)).toEqual({ mark: '"→"', markWidth: '14px', position: 'static' });
      await tab.close();

      const panel = await altClickStart(firefox(), fixture.url);
      const id = await openedConversation(panel);
      // Firefox refused the sidebar: the panel window says so, and how to get the sidebar.
      await waitForText(panel, 'so the panel opened in this window');
      const request = await startRequest(service(), id);
      expect(request).toMatchObject(journey.request);
      const initial = request?.initial_message as { content: { text: string }[] } | undefined;
      const message = initial?.content[0]?.text;
      expect(message).toContain(fixture.expected.title);
      // Exactly one conversation for the one click.
      const started = Object.values(service().service.data.start_tasks).filter(
        (task) => task.request.selected_repository === journey.request.selected_repository,
      );
      expect(started).toHaveLength(1);
    });
  }

  it('a page with no anchor for the button gets a floating one, which still works', async () => {
    await connect(firefox(), service());
    const fixture = fixtureNamed('issue-unknown-redesign');
    const tab = await firefox().openCodeHostPage(fixture.url, served);
    expect(await placement(tab)).toBe('floating');
    expect((await look(tab)).position).toBe('fixed');
    await altClick(tab, pageButton('start'));
    const panel = await firefox().waitForPage((address) => address.includes('/sidepanel.html'));
    expect(await openedConversation(panel)).not.toBe('');
  });

  it('without a server set, a click opens the panel on its setup page', async () => {
    const tab = await firefox().openCodeHostPage(fixtureNamed('issue-react').url, served);
    await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
    await (await tab.waitForSelector(pageButton('start')))?.click();
    const panel = await firefox().waitForPage((address) =>
      address.includes('/sidepanel.html?for-window='),
    );
    await panel.waitForSelector('main[data-last-launch="setup"]', { timeout: 15_000 });
    await waitForText(panel, 'Connect Handoff to a server');
    await waitForText(panel, 'toolbar button and keyboard shortcut open the side panel itself');
  });
});
