import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { type Launch, LaunchSchema } from '@/lib/messaging/panel-port';

const LAUNCHES_KEY = 'handoff:pending-launches';

/** Panels currently connected, by the window they belong to. */
const panelsByWindow = new Map<number, Set<Runtime.Port>>();

/** Firefox's sidebar, where the build has one (Chrome's has `chrome.sidePanel` instead). */
interface FirefoxSidebar {
  open(): Promise<void>;
  toggle(): Promise<void>;
  isOpen(details: { windowId?: number }): Promise<boolean>;
}

function firefoxSidebar(): FirefoxSidebar | undefined {
  return (browser as unknown as { sidebarAction?: FirefoxSidebar }).sidebarAction;
}

/**
 * Opens the side panel for a window. Must be the first call in a user-gesture handler and
 * must not be preceded by any await: Chrome only honours sidePanel.open() synchronously
 * inside the gesture. Firefox allows sidebarAction.open() only in its own user-action
 * handlers (toolbar button, menus, keyboard shortcut), never for a page's click relayed by a
 * content script: there a panel the window already shows (its sidebar, or the panel in a tab)
 * gets the launch, and only without one does the panel open in a small window of its own.
 */
export function openPanel(windowId: number | undefined): Promise<void> {
  const sidePanel = (globalThis as { chrome?: typeof chrome }).chrome?.sidePanel;
  if (sidePanel?.open && windowId !== undefined) {
    return sidePanel.open({ windowId }).catch((error: unknown) => {
      console.warn('[handoff] side panel did not open', error);
      return openPanelWindow(windowId);
    });
  }
  const sidebar = firefoxSidebar();
  if (!sidebar) return openPanelWindow(windowId);
  let opening: Promise<void>;
  try {
    opening = sidebar.open();
  } catch (error) {
    opening = Promise.reject(error);
  }
  return opening.catch(async () => {
    if (windowId !== undefined && panelsByWindow.get(windowId)?.size) return;
    const open = await sidebar.isOpen({ windowId }).catch(() => false);
    if (!open) await openPanelWindow(windowId);
  });
}

/**
 * Firefox has no "open the panel when the toolbar button is clicked" setting, and a button
 * with no popup otherwise does nothing: the click toggles the sidebar, inside its user action.
 */
export function listenToToolbarButton(): void {
  const sidebar = firefoxSidebar();
  if (!sidebar) return;
  const toolbar = (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
  (toolbar ?? browser.action).onClicked.addListener(() => {
    void sidebar.toggle();
  });
}

async function openPanelWindow(windowId: number | undefined): Promise<void> {
  const query = windowId === undefined ? '' : `?for-window=${windowId}`;
  await browser.windows.create({
    url: browser.runtime.getURL(`/sidepanel.html${query}`),
    type: 'popup',
    width: 440,
    height: 760,
  });
}

async function readPending(): Promise<Record<string, Launch>> {
  const stored = (await browser.storage.session.get(LAUNCHES_KEY))[LAUNCHES_KEY];
  return (stored && typeof stored === 'object' ? stored : {}) as Record<string, Launch>;
}

/**
 * Hands a launch to the window's panel: at once when one is connected, otherwise kept (in
 * session storage, which survives a worker restart) until the panel connects and says hello.
 */
export async function deliverLaunch(windowId: number, launch: Launch): Promise<void> {
  const ports = panelsByWindow.get(windowId);
  if (ports?.size) {
    for (const port of ports) port.postMessage({ type: 'launch', launch });
    return;
  }
  const pending = await readPending();
  pending[String(windowId)] = launch;
  await browser.storage.session.set({ [LAUNCHES_KEY]: pending });
}

/** Called when a panel says hello: registers it and gives it any launch waiting for its window. */
export async function panelConnected(windowId: number, port: Runtime.Port): Promise<void> {
  const ports = panelsByWindow.get(windowId) ?? new Set<Runtime.Port>();
  panelsByWindow.set(windowId, ports);
  ports.add(port);
  port.onDisconnect.addListener(() => ports.delete(port));
  const pending = await readPending();
  const waiting = LaunchSchema.safeParse(pending[String(windowId)]);
  if (!waiting.success) return;
  delete pending[String(windowId)];
  await browser.storage.session.set({ [LAUNCHES_KEY]: pending });
  port.postMessage({ type: 'launch', launch: waiting.data });
}
