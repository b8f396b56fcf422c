// The toolbar menu, the selection menu and the keyboard command: each opens the panel at once
// (they are user gestures) and then asks the tab's content script what the page is about.

import { browser } from 'wxt/browser';
import { PageContextSchema } from '@/lib/hosts/page-context';
import type { PageContextData } from '@/lib/hosts/types';
import { PAGE_CONTEXT_READER } from '@/lib/messaging/content-messages';
import { NEXT_WAITING_COMMAND } from '@/lib/messaging/rpc';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/settings/store';
import { stepToNextWaiting } from './next-waiting';
import { deliverLaunch, openPanel } from './panel-launch';
import { verifiedContext } from './sender-context';
import { defaultCodeHostOrigins } from './senders';

const START_HERE = 'handoff-start-here';
const START_WITH_SELECTION = 'handoff-start-with-selection';

/**
 * The context name of the toolbar button's own menu. Chrome and Firefox call it `action` in MV3;
 * Firefox's MV2 rejects that name (and with it the whole menu entry) and wants `browser_action`.
 */
export function toolbarMenuContext(manifestVersion: number): 'action' | 'browser_action' {
  return manifestVersion === 2 ? 'browser_action' : 'action';
}

/** Menus are rebuilt whenever the set of code hosts changes, so they only show where they work. */
export async function buildMenus(settings: Pick<Settings, 'selfHostedHosts'>): Promise<void> {
  const origins = [...defaultCodeHostOrigins, ...settings.selfHostedHosts.map((h) => h.origin)];
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({
    id: START_HERE,
    title: 'Start conversation here',
    contexts: [toolbarMenuContext(browser.runtime.getManifest().manifest_version)],
  });
  browser.contextMenus.create({
    id: START_WITH_SELECTION,
    title: 'Start a conversation with “%s”',
    contexts: ['selection'],
    documentUrlPatterns: origins.map((origin) => `${origin}/*`),
  });
}

export function listenToMenusAndCommands(): void {
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === START_HERE) launchFromTab(tab);
    if (info.menuItemId === START_WITH_SELECTION)
      launchFromTab(tab, info.selectionText?.slice(0, 20_000));
  });
  browser.commands.onCommand.addListener(runCommand);
}

/** A keyboard command of the manifest's (the person can rebind them in the browser). */
export function runCommand(command: string, tab?: { id?: number; windowId?: number }): void {
  if (command === 'start-conversation') launchFromTab(tab);
  if (command === NEXT_WAITING_COMMAND) {
    // The panel opens first, inside the keypress; where it goes next follows.
    const opening = openPanel(tab?.windowId);
    void opening.then(() => stepToNextWaiting(tab?.windowId));
  }
}

// End-to-end builds only: a browser's keyboard commands cannot be pressed by a test, so the
// journeys call the very function the browser's listener runs.
if (import.meta.env.HANDOFF_E2E) {
  (globalThis as { handoffRunCommand?: typeof runCommand }).handoffRunCommand = runCommand;
}

/**
 * Asks a tab's content script what its page is about (menus, keyboard command), through the
 * function it keeps in the extension's isolated world (lib/messaging/content-messages.ts).
 */
export async function pageContextOf(tabId: number): Promise<PageContextData | null> {
  try {
    const [frame] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: (name: string) => {
        const read = (globalThis as Record<string, unknown>)[name];
        return typeof read === 'function' ? (read as () => unknown)() : null;
      },
      args: [PAGE_CONTEXT_READER],
    });
    const parsed = PageContextSchema.safeParse(frame?.result);
    return parsed.success ? parsed.data : null;
  } catch {
    // Not a page Handoff may script (not a code host, or one the person has not added).
    return null;
  }
}

/**
 * The toolbar menu, the keyboard command and the selection menu: the panel opens at once (these
 * are user gestures too), then learns what the page is about.
 */
export function launchFromTab(
  tab: { id?: number; windowId?: number; url?: string } | undefined,
  selection?: string,
): void {
  if (!tab?.id) return;
  const tabId = tab.id;
  const opening = openPanel(tab.windowId);
  void (async () => {
    await opening;
    if (tab.windowId === undefined) return;
    const settings = await loadSettings();
    if (!settings.serverUrl) {
      await deliverLaunch(tab.windowId, { kind: 'setup' });
      return;
    }
    // What the page says counts only where the tab's address agrees, as for the page button.
    const said = await pageContextOf(tabId);
    const context = said && verifiedContext(said, { tab }, settings);
    await deliverLaunch(tab.windowId, {
      kind: 'new-conversation',
      context,
      ...(selection ? { selection } : {}),
    });
  })();
}
