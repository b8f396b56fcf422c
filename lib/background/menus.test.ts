import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { issue, pendingLaunches, tab, withFakeSidePanel } from './launch-test-support';
import { launchFromTab } from './menus';

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
