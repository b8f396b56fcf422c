import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings, watchSettings } from '@/lib/settings/store';
import { handleContentRequest } from './content-requests';
import {
  injectIntoOpenTabs,
  reconcileHostRegistrations,
  registrationFiles,
} from './host-registration';
import { hub } from './hub';
import { buildMenus, listenToMenusAndCommands } from './menus';
import { handleRpc } from './page-rpc';
import { deliverLaunch, listenToToolbarButton, openPanel } from './panel-launch';
import { onPanelConnect } from './panel-ports';
import { defaultCodeHosts, isExtensionPageSender } from './senders';
import { invalidateServiceClient } from './service-client';

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

/** After an update Chrome does not re-inject content scripts: open code-host tabs get ours again. */
async function reinjectAfterUpdate(): Promise<void> {
  const settings = await loadSettings();
  const hosts = [...defaultCodeHosts, ...settings.selfHostedHosts];
  for (const host of hosts) await injectIntoOpenTabs([host.origin], () => registrationFiles(host));
}

/** Settings are written by extension pages; the worker follows every change. */
async function reactToSettings(before: Settings, next: Settings): Promise<void> {
  const connectionChanged =
    before.serverUrl !== next.serverUrl ||
    before.authScheme !== next.authScheme ||
    before.credentialsChangedAt !== next.credentialsChangedAt ||
    before.organizationId !== next.organizationId;
  if (connectionChanged) {
    invalidateServiceClient();
    await hub.restartAll();
  }
  const hostsBefore = new Set(
    before.selfHostedHosts.map((host) => `${host.provider} ${host.origin}`),
  );
  const added = next.selfHostedHosts.filter(
    (host) => !hostsBefore.has(`${host.provider} ${host.origin}`),
  );
  if (added.length || before.selfHostedHosts.length !== next.selfHostedHosts.length) {
    await buildMenus(next);
    await reconcileHostRegistrations();
    for (const host of added)
      await injectIntoOpenTabs([host.origin], () => registrationFiles(host));
  }
}

export function startBackground(): void {
  // Listeners first and synchronously: an MV3 worker woken by an event only gets it if the
  // listener was registered in the first turn of the script.
  browser.runtime.onMessage.addListener(onMessage);
  browser.runtime.onConnect.addListener(onPanelConnect);
  listenToMenusAndCommands();
  listenToToolbarButton();
  browser.runtime.onInstalled.addListener((details) => {
    void loadSettings().then(buildMenus);
    void reconcileHostRegistrations();
    if (details.reason === 'update') void reinjectAfterUpdate();
  });
  browser.runtime.onStartup.addListener(() => void reconcileHostRegistrations());
  // The keepalive alarm wakes a worker the browser stopped; waking restores its streams.
  browser.alarms.onAlarm.addListener(() => void hub.restore());
  browser.notifications.onClicked.addListener((notificationId) => {
    if (!notificationId.startsWith('handoff:')) return;
    const conversationId = notificationId.slice('handoff:'.length);
    void browser.windows.getLastFocused().then(async (window) => {
      await openPanel(window.id);
      if (window.id !== undefined)
        await deliverLaunch(window.id, { kind: 'conversation', conversationId });
      await browser.notifications.clear(notificationId);
    });
  });
  browser.permissions.onAdded.addListener(() => void reconcileHostRegistrations());
  browser.permissions.onRemoved.addListener(() => void reconcileHostRegistrations());
  let previous = loadSettings();
  watchSettings((next) => {
    void previous.then(async (before) => {
      previous = Promise.resolve(next);
      await reactToSettings(before, next);
    });
  });
  (globalThis as { chrome?: typeof chrome }).chrome?.sidePanel
    ?.setPanelBehavior({ openPanelOnActionClick: true })
    .catch(() => {});
  // Chrome drops dynamic registrations on update and re-enable: reconcile at every start.
  void reconcileHostRegistrations();
  void hub.restore();
}
