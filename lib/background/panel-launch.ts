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
 * How a panel came up: Chrome's side panel, or the panel page in a small window. `no-gesture`:
 * Chrome refused because no click of the person's led here, and nothing was opened.
 */
export type PanelOpening = 'side-panel' | 'window' | 'no-gesture';

/**
 * Opens the side panel for a window. Must be the first call in a user-gesture handler and
 * must not be preceded by any await: Chrome only honours sidePanel.open() synchronously
 * inside the gesture. Firefox allows sidebarAction.open() only in its own user-action
 * handlers (toolbar button, menus, keyboard shortcut), never for a page's click relayed by a
 * content script: there a panel the window already shows (its sidebar, or the panel in a tab)
 * gets the launch, and only without one does the panel open in a small window of its own.
 */
export function openPanel(windowId: number | undefined): Promise<PanelOpening> {
  const sidePanel = (globalThis as { chrome?: typeof chrome }).chrome?.sidePanel;
  if (sidePanel?.open && windowId !== undefined) {
    return sidePanel.open({ windowId }).then(
      () => 'side-panel' as const,
      (error: unknown) => {
        // Without the person's click a message from a page opens nothing, not even a window
        // (docs/security.md#only-a-person-starts-an-agent).
        if (/user gesture/i.test(String((error as Error | undefined)?.message ?? error))) {
          return 'no-gesture' as const;
        }
        console.warn('[handoff] side panel did not open', error);
        return openPanelWindow(windowId);
      },
    );
  }
  const sidebar = firefoxSidebar();
  if (!sidebar) return openPanelWindow(windowId);
  let opening: Promise<void>;
  try {
    opening = sidebar.open();
  } catch (error) {
    opening = Promise.reject(error);
  }
  return opening.then(
    () => 'side-panel' as const,
    async (): Promise<PanelOpening> => {
      if (windowId !== undefined && (await showConnectedPanel(windowId))) return 'side-panel';
      const open = await sidebar.isOpen({ windowId }).catch(() => false);
      return open ? 'side-panel' : openPanelWindow(windowId);
    },
  );
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

/**
 * A panel of the window already connected gets the launch, but only if it can be shown: a panel
 * in a tab (or in a window of its own) is brought forward, since a launch to a tab behind others
 * would show the person nothing. A tab that has gone while its port's goodbye is still on the way
 * no longer counts. A sidebar has no tab: it is on screen while connected.
 */
async function showConnectedPanel(windowId: number): Promise<boolean> {
  const ports = panelsByWindow.get(windowId);
  for (const port of ports ?? []) {
    const tabId = port.sender?.tab?.id;
    if (tabId === undefined) return true;
    try {
      const tab = await browser.tabs.update(tabId, { active: true });
      if (tab?.windowId !== undefined) {
        await browser.windows.update(tab.windowId, { focused: true }).catch(() => {});
      }
      return true;
    } catch {
      ports?.delete(port);
    }
  }
  return false;
}

async function openPanelWindow(windowId: number | undefined): Promise<'window'> {
  const query = windowId === undefined ? '' : `?for-window=${windowId}`;
  await browser.windows.create({
    url: browser.runtime.getURL(`/sidepanel.html${query}`),
    type: 'popup',
    width: 440,
    height: 760,
  });
  return 'window';
}

async function readPending(): Promise<Record<string, Launch>> {
  const stored = (await browser.storage.session.get(LAUNCHES_KEY))[LAUNCHES_KEY];
  return (stored && typeof stored === 'object' ? stored : {}) as Record<string, Launch>;
}

/**
 * A start let through and a start held back in the same burst, in whichever order they came,
 * make one: the start, saying the others were held back.
 */
function withBurstWord(waiting: Launch | undefined, launch: Launch): Launch {
  if (waiting?.kind !== 'new-conversation' || launch.kind !== 'new-conversation') return launch;
  if (waiting.autoStart && launch.notice === 'burst') return { ...waiting, notice: 'burst' };
  if (launch.autoStart && waiting.notice === 'burst') return { ...launch, notice: 'burst' };
  return launch;
}

/**
 * Hand-overs run one at a time: a panel connecting while a burst of starts is delivered would
 * otherwise take the waiting start while a held-back one is written over it, or get the
 * held-back one by port before the start it was held back for.
 */
let handOvers: Promise<unknown> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  const turn = handOvers.then(work);
  handOvers = turn.catch(() => undefined);
  return turn;
}

/**
 * Hands a launch to the window's panel: at once when one is connected, otherwise kept (in
 * session storage, which survives a worker restart) until the panel connects and says hello.
 */
export function deliverLaunch(windowId: number, launch: Launch): Promise<void> {
  return inTurn(async () => {
    const ports = panelsByWindow.get(windowId);
    if (ports?.size) {
      for (const port of ports) port.postMessage({ type: 'launch', launch });
      return;
    }
    const pending = await readPending();
    const waiting = pending[String(windowId)];
    // Starts held back in a burst must not replace the one start let through before the panel
    // had time to connect, nor that one replace them: it waits, saying the others were held back.
    pending[String(windowId)] = withBurstWord(waiting, launch);
    await browser.storage.session.set({ [LAUNCHES_KEY]: pending });
  });
}

/** Called when a panel says hello: registers it and gives it any launch waiting for its window. */
export function panelConnected(windowId: number, port: Runtime.Port): Promise<void> {
  return inTurn(async () => {
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
  });
}

/**
 * Opens the panel of the window last in focus on a launch: what a click on a notification
 * (or one of its buttons) leads to. The browser fired that click for the person, so where Chrome
 * no longer counts it as a gesture by the time the worker has read what to show, the panel opens
 * in a window of its own rather than not at all.
 */
export async function openPanelOn(launch: Launch | Promise<Launch>): Promise<void> {
  const [window, what] = await Promise.all([browser.windows.getLastFocused(), launch]);
  const opened = await openPanel(window.id);
  if (opened === 'no-gesture') await openPanelWindow(window.id);
  if (window.id !== undefined) await deliverLaunch(window.id, what);
}
