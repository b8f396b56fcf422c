import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { issue, pendingLaunches, tab, withFakeSidePanel } from './launch-test-support';
import { buildMenus, launchFromTab, toolbarMenuContext } from './menus';

describe('launches from the toolbar menu, the selection menu and the keyboard command', () => {
  const open = withFakeSidePanel();

  it('asks the page what it is about and offers the selection as the first message', async () => {
    const ask = vi
      .spyOn(browser.tabs, 'sendMessage')
      .mockResolvedValue({ context: issue } as never);
    launchFromTab(tab, 'Fix the off-by-one in parse()');
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    await vi.waitFor(async () => expect(Object.keys(await pendingLaunches())).toHaveLength(1));
    expect(ask).toHaveBeenCalledWith(12, { type: 'handoff/page-context' });
    expect(await pendingLaunches()).toEqual({
      3: { kind: 'new-conversation', context: issue, selection: 'Fix the off-by-one in parse()' },
    });
  });

  it('opens a blank form where the page has no content script, and drops a forged context', async () => {
    vi.spyOn(browser.tabs, 'sendMessage').mockResolvedValueOnce({
      context: { ...issue, kind: 'hack' },
    } as never);
    launchFromTab(tab);
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
