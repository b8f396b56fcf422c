import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { PANEL_PORT_NAME } from '@/lib/messages/panel-protocol';
import { loadSettings, watchSettings } from '@/lib/settings/store';
import {
  injectIntoOpenTabs,
  reconcileHostRegistrations,
  registrationFiles,
} from './host-registration';
import { buildMenus, listenToMenusAndCommands } from './menus';
import { handleContentRequest } from './page-launch';
import { handleRpc } from './page-requests';
import { panelConnected } from './panel-launch';
import { defaultCodeHosts, isExtensionPageSender } from './senders';

/** When this worker instance booted; tests compare it to prove a restart happened. */
export const bootedAt = Date.now();

function onMessage(message: unknown, sender: Runtime.MessageSender): Promise<unknown> | undefined {
  if ((message as { type?: unknown } | null)?.type === 'ping' && isExtensionPageSender(sender)) {
    return Promise.resolve({ type: 'pong', bootedAt });
  }
  if (isExtensionPageSender(sender)) return handleRpc(message);
  // Content scripts: validated against the narrow content protocol, sender checked inside.
  return handleContentRequest(message, sender);
}

function onConnect(port: Runtime.Port): void {
  if (port.name !== PANEL_PORT_NAME || !port.sender || !isExtensionPageSender(port.sender)) {
    port.disconnect();
    return;
  }
  port.onMessage.addListener((message: unknown) => {
    const hello = message as { type?: unknown; windowId?: unknown };
    if (hello?.type === 'hello' && typeof hello.windowId === 'number') {
      void panelConnected(hello.windowId, port);
    }
  });
}

/** After an update Chrome does not re-inject content scripts: open code-host tabs get ours again. */
async function reinjectAfterUpdate(): Promise<void> {
  const settings = await loadSettings();
  const hosts = [...defaultCodeHosts, ...settings.selfHostedHosts];
  for (const host of hosts) await injectIntoOpenTabs([host.origin], () => registrationFiles(host));
}

export function startBackground(): void {
  // Listeners first and synchronously: an MV3 worker woken by an event only gets it if the
  // listener was registered in the first turn of the script.
  browser.runtime.onMessage.addListener(onMessage);
  browser.runtime.onConnect.addListener(onConnect);
  listenToMenusAndCommands();
  browser.runtime.onInstalled.addListener((details) => {
    void loadSettings().then(buildMenus);
    void reconcileHostRegistrations();
    if (details.reason === 'update') void reinjectAfterUpdate();
  });
  browser.runtime.onStartup.addListener(() => void reconcileHostRegistrations());
  browser.permissions.onAdded.addListener(() => void reconcileHostRegistrations());
  browser.permissions.onRemoved.addListener(() => void reconcileHostRegistrations());
  watchSettings((settings) => {
    void buildMenus(settings);
    void reconcileHostRegistrations();
  });
  (globalThis as { chrome?: typeof chrome }).chrome?.sidePanel
    ?.setPanelBehavior({ openPanelOnActionClick: true })
    .catch(() => {});
  // Chrome drops dynamic registrations on update and re-enable: reconcile at every start.
  void reconcileHostRegistrations();
}
