import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { PAGE_CONTEXT_READER } from '@/lib/messaging/content-messages';
import { issue, pendingLaunches, tab, withFakeSidePanel } from './launch-test-support';
import { buildMenus, launchFromTab, toolbarMenuContext } from './menus';

describe('launches from the toolbar menu, the selection menu and the keyboard command', () => {
  const issueTab = { ...tab, url: 'https://github.com/octo/widgets/issues/7' };
  const open = withFakeSidePanel();

  /** The content script's side: its reader in the isolated world, as lib/content/main.ts keeps it. */
  function pageAnswering(context: unknown) {
    return vi.spyOn(browser.scripting, 'executeScript').mockImplementation((async (injection: {
      func: (name: string) => unknown;
      args: [string];
    }) => {
      const globals = globalThis as Record<string, unknown>;
      globals[PAGE_CONTEXT_READER] = () => context;
      try {
        return [{ frameId: 0, result: injection.func(...injection.args) }];
      } finally {
        delete globals[PAGE_CONTEXT_READER];
      }
    }) as never);
  }

  it('asks the page what it is about and offers the selection as the first message', async () => {
    const ask = pageAnswering(issue);
    launchFromTab(issueTab, 'Fix the off-by-one in parse()');
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    await vi.waitFor(async () => expect(Object.keys(await pendingLaunches())).toHaveLength(1));
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({
        target: { tabId: 12, frameIds: [0] },
        args: [PAGE_CONTEXT_READER],
      }),
    );
    expect(await pendingLaunches()).toEqual({
      3: { kind: 'new-conversation', context: issue, selection: 'Fix the off-by-one in parse()' },
    });
  });

  it('drops a context the tab’s address does not show', async () => {
    pageAnswering({ ...issue, repository: 'octo/gadgets' });
    launchFromTab(issueTab);
    await vi.waitFor(async () => expect(Object.keys(await pendingLaunches())).toHaveLength(1));
    expect(await pendingLaunches()).toEqual({ 3: { kind: 'new-conversation', context: null } });
  });

  it('drops a forged context', async () => {
    pageAnswering({ ...issue, kind: 'hack' });
    launchFromTab(issueTab);
    await vi.waitFor(async () => expect(Object.keys(await pendingLaunches())).toHaveLength(1));
    expect(await pendingLaunches()).toEqual({ 3: { kind: 'new-conversation', context: null } });
  });

  it('opens a blank form where the page has no content script to answer', async () => {
    pageAnswering(undefined).mockImplementationOnce((async () => [
      { frameId: 0, result: null },
    ]) as never);
    launchFromTab(issueTab);
    await vi.waitFor(async () => expect(Object.keys(await pendingLaunches())).toHaveLength(1));
    expect(await pendingLaunches()).toEqual({ 3: { kind: 'new-conversation', context: null } });
  });

  it('opens a blank form where the page may not be scripted', async () => {
    vi.spyOn(browser.scripting, 'executeScript').mockRejectedValueOnce(
      new Error('Cannot access contents of the page'),
    );
    launchFromTab(issueTab);
    await vi.waitFor(async () => expect(Object.keys(await pendingLaunches())).toHaveLength(1));
    expect(await pendingLaunches()).toEqual({ 3: { kind: 'new-conversation', context: null } });
  });
});

describe('the toolbar button menu', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the context name each manifest version knows', () => {
    // Firefox's MV2 rejects `action` outright, so the whole entry was never created there.
    expect(toolbarMenuContext(2)).toBe('browser_action');
    expect(toolbarMenuContext(3)).toBe('action');
  });

  it.each([
    [2, 'browser_action'],
    [3, 'action'],
  ])('is created for the MV%i build with the %s context', async (version, context) => {
    vi.spyOn(browser.runtime, 'getManifest').mockReturnValue({
      manifest_version: version as 2 | 3,
      name: 'Handoff',
      version: '0.1.0',
    });
    const create = vi.spyOn(browser.contextMenus, 'create').mockReturnValue('id');
    vi.spyOn(browser.contextMenus, 'removeAll').mockResolvedValue();
    await buildMenus({
      selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' }],
    });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'handoff-start-here', contexts: [context] }),
    );
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        contexts: ['selection'],
        documentUrlPatterns: [
          'https://github.com/*',
          'https://gitlab.com/*',
          'https://bitbucket.org/*',
          'https://git.example.com/*',
        ],
      }),
    );
  });
});
