import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { fixtureNamed, fixturePagesByUrl } from '../shared/host-fixtures';
import type { Firefox } from './harness';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';
import { pageButton, pause } from './ui';

// Firefox's real sidebar, opened the ways Firefox allows an add-on to open it: its toolbar
// button, its keyboard shortcut, its page context menu. A page button's click cannot open it
// (Firefox refuses sidebarAction.open() there), so a sidebar already open takes the click's
// launch. Script cannot open a sidebar: these drive Firefox's own user actions.

const pages = fixturePagesByUrl();
const served = (url: string) => pages.get(url) ?? null;

interface SidebarPanel {
  lastLaunch: string | null;
  message: string | null;
  repository: string | null;
  task: string | null;
  setup: boolean;
}

/**
 * What the sidebar's panel shows, read from another extension page of the add-on: the sidebar's
 * document has no BiDi handle, but its pages share a process and see each other.
 */
async function sidebarPanel(firefox: Firefox): Promise<SidebarPanel | null> {
  const inspector = await firefox.openExtensionPage('options.html');
  try {
    return await inspector.evaluate(() => {
      // Firefox's getViews knows the sidebar as a view type of its own.
      const extension = browser.extension as unknown as {
        getViews(filter: { type: string }): Window[];
      };
      const [view] = extension.getViews({ type: 'sidebar' });
      if (!view) return null;
      const doc = view.document;
      const field = (name: string) =>
        [...doc.querySelectorAll('label')].find((element) => element.textContent?.trim() === name)
          ?.control as HTMLInputElement | HTMLTextAreaElement | null | undefined;
      return {
        lastLaunch: doc.querySelector('main')?.getAttribute('data-last-launch') ?? null,
        message: field('First message')?.value ?? null,
        repository: field('Repository')?.value ?? null,
        task: doc.querySelector('[data-task-type]')?.getAttribute('data-task-type') ?? null,
        setup: (doc.body.textContent ?? '').includes('Connect Handoff to a server'),
      };
    });
  } finally {
    await inspector.close();
  }
}

async function openIssue(firefox: Firefox): Promise<Page> {
  const tab = await firefox.openCodeHostPage(fixtureNamed('issue-react').url, served);
  await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
  return tab;
}

describe('the sidebar', () => {
  const firefox = useFirefox();

  it('the toolbar button opens the sidebar and closes it again', async () => {
    expect((await firefox().sidebar()).open).toBe(false);
    await firefox().clickToolbarButton();
    await expect.poll(() => firefox().sidebar()).toMatchObject({ open: true, ours: true });
    await firefox().clickToolbarButton();
    await expect.poll(() => firefox().sidebar()).toMatchObject({ open: false });
  });

  it('a fresh install opens the sidebar on the setup view', async () => {
    await firefox().installFresh({ keepSidebar: true });
    await expect.poll(() => firefox().sidebar()).toMatchObject({ open: true, ours: true });
    await expect
      .poll(() => sidebarPanel(firefox()), { timeout: 15_000 })
      .toMatchObject({
        setup: true,
      });
  });
});

// The launches that fill the new-conversation form need a server: each kind's own.
describe.each(serviceKinds)('the sidebar against a %s server', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);

  it('the keyboard shortcut opens the sidebar on the page it was pressed on', async () => {
    await connect(firefox(), service());
    const tab = await openIssue(firefox());
    await tab.bringToFront();
    await firefox().pressShortcut('H', ['Alt', 'Shift']);
    await expect.poll(() => firefox().sidebar()).toMatchObject({ open: true, ours: true });
    await expect
      .poll(() => sidebarPanel(firefox()), { timeout: 15_000 })
      .toMatchObject({ lastLaunch: 'new-conversation', task: 'OPEN_ISSUE' });
  });

  it('the keyboard shortcut on a repository page fills in that repository', async () => {
    // A page with no issue or pull request never speaks to the worker on its own; the worker
    // reads what it is about from the content script's world.
    await connect(firefox(), service());
    const tab = await firefox().openCodeHostPage(fixtureNamed('repo-react').url, served);
    await tab.waitForSelector('[data-handoff-root]', { timeout: 10_000 });
    await tab.bringToFront();
    await firefox().pressShortcut('H', ['Alt', 'Shift']);
    await expect
      .poll(() => sidebarPanel(firefox()), { timeout: 15_000 })
      .toMatchObject({ lastLaunch: 'new-conversation', repository: 'octo/widgets' });
  });

  it('the page context menu on selected words opens the sidebar with them as the message', async () => {
    await connect(firefox(), service());
    const tab = await openIssue(firefox());
    const box = await tab.evaluate(() => {
      const paragraph = document.querySelector('[data-testid="issue-body"] p, .markdown-body p');
      const target = (paragraph ?? document.querySelector('h1')) as HTMLElement;
      getSelection()?.selectAllChildren(target);
      const rect = target.getBoundingClientRect();
      return { x: rect.x + 5, y: rect.y + rect.height / 2, words: getSelection()?.toString() };
    });
    await tab.mouse.click(box.x, box.y, { button: 'right' });
    await expect
      .poll(() =>
        firefox().privileged(
          () =>
            (document.getElementById('contentAreaContextMenu') as unknown as { state: string })
              .state,
          null,
        ),
      )
      .toBe('open');
    const label = await firefox().chooseContextMenuEntry('Start a conversation with');
    expect(label).toContain((box.words ?? '').trim().slice(0, 10));
    await expect.poll(() => firefox().sidebar()).toMatchObject({ open: true, ours: true });
    // On an issue page the form writes the issue's task first; the chosen words follow it.
    await expect
      .poll(() => sidebarPanel(firefox()), { timeout: 15_000 })
      .toMatchObject({
        lastLaunch: 'new-conversation',
        message: expect.stringMatching(
          new RegExp(
            `^Please resolve issue #12 .*\\n\\n${escapeRegExp((box.words ?? '').trim())}$`,
            's',
          ),
        ),
      });
  });

  it('a page button click goes to the open sidebar: no second panel', async () => {
    await connect(firefox(), service());
    await firefox().clickToolbarButton();
    await expect.poll(() => firefox().sidebar()).toMatchObject({ open: true, ours: true });
    const tab = await openIssue(firefox());
    await (await tab.waitForSelector(pageButton('start')))?.click();
    await expect
      .poll(() => sidebarPanel(firefox()), { timeout: 15_000 })
      .toMatchObject({ lastLaunch: 'new-conversation', task: 'OPEN_ISSUE' });
    await pause(500);
    expect((await firefox().openUrls()).filter((url) => url.includes('sidepanel.html'))).toEqual(
      [],
    );
  });
});

function escapeRegExp(words: string): string {
  return words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
