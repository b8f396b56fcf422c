import { browser } from 'wxt/browser';
import type { Settings } from '@/lib/settings/schema';
import { launchFromTab } from './page-launch';
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
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === 'start-conversation') launchFromTab(tab);
  });
}
