import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Launch } from '@/lib/messaging/panel-port';
import { issue, pendingLaunches } from './launch-test-support';
import {
  deliverLaunch,
  listenToToolbarButton,
  openPanel,
  openPanelOn,
  panelConnected,
} from './panel-launch';

// Firefox's sidebar: opened only inside Firefox's own user actions; a refusal falls back to the
// panel in a window of its own, unless the window already shows the sidebar.

type Sidebar = {
  open: () => Promise<void>;
  toggle: () => Promise<void>;
  isOpen: () => Promise<boolean>;
};

function withSidebar(sidebar: Sidebar): void {
  (browser as unknown as { sidebarAction?: Sidebar }).sidebarAction = sidebar;
}

describe('opening the panel in Firefox', () => {
  const create = vi.fn(async () => ({}) as never);
  beforeEach(() => {
    fakeBrowser.reset();
    create.mockClear();
    vi.spyOn(browser.windows, 'create').mockImplementation(create);
  });
  afterEach(() => {
    delete (browser as unknown as { sidebarAction?: Sidebar }).sidebarAction;
    vi.restoreAllMocks();
  });

  it('opens the sidebar, synchronously, inside a user action', async () => {
    const open = vi.fn(async () => {});
    withSidebar({ open, toggle: vi.fn(), isOpen: vi.fn(async () => false) });
    const opening = openPanel(4);
    // Called before the first await: Firefox honours open() only inside the action itself.
    expect(open).toHaveBeenCalledTimes(1);
    await opening;
    expect(create).not.toHaveBeenCalled();
  });

  it('falls back to a panel window for that window when Firefox refuses the sidebar', async () => {
    withSidebar({
      open: () =>
        Promise.reject(
          new Error('sidebarAction.open may only be called from a user input handler'),
        ),
      toggle: vi.fn(),
      isOpen: vi.fn(async () => false),
    });
    await openPanel(4);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'popup',
        url: expect.stringContaining('/sidepanel.html?for-window=4'),
      }),
    );
  });

  it('opens no second panel when the sidebar is already open in that window', async () => {
    const isOpen = vi.fn(async () => true);
    withSidebar({ open: () => Promise.reject(new Error('refused')), toggle: vi.fn(), isOpen });
    await openPanel(4);
    expect(isOpen).toHaveBeenCalledWith({ windowId: 4 });
    expect(create).not.toHaveBeenCalled();
  });

  it('opens no second panel when a panel of that window is connected (a panel tab)', async () => {
    const isOpen = vi.fn(async () => false);
    withSidebar({ open: () => Promise.reject(new Error('refused')), toggle: vi.fn(), isOpen });
    let disconnect = () => {};
    const port = {
      name: 'handoff-panel',
      postMessage: vi.fn(),
      onDisconnect: { addListener: (listener: () => void) => (disconnect = listener) },
    } as unknown as Parameters<typeof panelConnected>[1];
    await panelConnected(4, port);
    await openPanel(4);
    expect(create).not.toHaveBeenCalled();
    // Another window has no panel: that one still gets the panel window.
    await openPanel(5);
    expect(create).toHaveBeenCalledTimes(1);
    // Once the panel closes, its window gets the panel window again.
    disconnect();
    await openPanel(4);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('brings a panel tab of that window forward, and opens a window when that tab has gone', async () => {
    withSidebar({
      open: () => Promise.reject(new Error('refused')),
      toggle: vi.fn(),
      isOpen: vi.fn(async () => false),
    });
    const tab = { id: 31, windowId: 6 };
    const update = vi
      .spyOn(browser.tabs, 'update')
      .mockResolvedValueOnce(tab as never)
      .mockRejectedValueOnce(new Error('Invalid tab ID: 31'));
    vi.spyOn(browser.windows, 'update').mockResolvedValue({} as never);
    const port = {
      name: 'handoff-panel',
      sender: { tab },
      postMessage: vi.fn(),
      onDisconnect: { addListener: () => {} },
    } as unknown as Parameters<typeof panelConnected>[1];
    await panelConnected(6, port);
    expect(await openPanel(6)).toBe('side-panel');
    expect(update).toHaveBeenCalledWith(tab.id, { active: true });
    expect(create).not.toHaveBeenCalled();
    // Closed, but the port's goodbye has not arrived: the window still gets a panel.
    expect(await openPanel(6)).toBe('window');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('falls back also when open() throws instead of rejecting', async () => {
    withSidebar({
      open: () => {
        throw new Error('refused');
      },
      toggle: vi.fn(),
      isOpen: vi.fn(async () => false),
    });
    await openPanel(4);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('the toolbar button toggles the sidebar', () => {
    const toggle = vi.fn(async () => {});
    withSidebar({ open: vi.fn(), toggle, isOpen: vi.fn() });
    const listeners: (() => void)[] = [];
    (browser as unknown as { browserAction: unknown }).browserAction = {
      onClicked: { addListener: (listener: () => void) => listeners.push(listener) },
    };
    listenToToolbarButton();
    expect(listeners).toHaveLength(1);
    listeners[0]?.();
    expect(toggle).toHaveBeenCalledTimes(1);
    delete (browser as unknown as { browserAction?: unknown }).browserAction;
  });
});

describe('handing a burst of starts to a panel', () => {
  const started: Launch = { kind: 'new-conversation', context: issue, autoStart: true };
  const heldBack: Launch = {
    kind: 'new-conversation',
    context: issue,
    autoStart: false,
    notice: 'burst',
  };
  beforeEach(() => fakeBrowser.reset());

  function recordingPort() {
    const launches: Launch[] = [];
    let disconnect = () => {};
    const port = {
      postMessage: (message: { launch: Launch }) => launches.push(message.launch),
      onDisconnect: { addListener: (listener: () => void) => (disconnect = listener) },
    } as unknown as Parameters<typeof panelConnected>[1];
    return { port, launches, close: () => disconnect() };
  }

  it('keeps the start waiting, with word of the others, whichever of them came first', async () => {
    await deliverLaunch(8, heldBack);
    await deliverLaunch(8, started);
    expect((await pendingLaunches())[8]).toEqual({ ...started, notice: 'burst' });
  });

  it('gives a panel that connects mid-burst the waiting start before the held-back one', async () => {
    await deliverLaunch(8, started);
    const panel = recordingPort();
    await Promise.all([panelConnected(8, panel.port), deliverLaunch(8, heldBack)]);
    expect(panel.launches).toEqual([started, heldBack]);
    expect(await pendingLaunches()).toEqual({});
    panel.close();
  });
});

describe('opening the panel from a notification', () => {
  const open = vi.fn(async (_options: { windowId: number }) => {});
  beforeEach(() => {
    fakeBrowser.reset();
    (globalThis as { chrome?: unknown }).chrome = { sidePanel: { open } };
    vi.spyOn(browser.windows, 'getLastFocused').mockResolvedValue({ id: 7 } as never);
  });
  afterEach(() => {
    delete (globalThis as { chrome?: unknown }).chrome;
    vi.restoreAllMocks();
  });

  it('opens the side panel on the conversation the notification named', async () => {
    open.mockResolvedValueOnce(undefined);
    const create = vi.spyOn(browser.windows, 'create').mockResolvedValue({} as never);
    await openPanelOn({ kind: 'conversation', conversationId: 'c1', focus: 'composer' });
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
    expect(create).not.toHaveBeenCalled();
    expect(await pendingLaunches()).toEqual({
      '7': { kind: 'conversation', conversationId: 'c1', focus: 'composer' },
    });
  });

  it('opens a panel window when the browser no longer counts the click as a gesture', async () => {
    open.mockRejectedValueOnce(
      new Error('sidePanel.open() may only be called in response to a user gesture.'),
    );
    const create = vi.spyOn(browser.windows, 'create').mockResolvedValue({} as never);
    await openPanelOn(
      Promise.resolve({
        kind: 'conversation' as const,
        conversationId: 'c1',
        notice: 'stale-notification' as const,
      }),
    );
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringContaining('/sidepanel.html?for-window=7') }),
    );
    expect(await pendingLaunches()).toMatchObject({ '7': { notice: 'stale-notification' } });
  });
});
