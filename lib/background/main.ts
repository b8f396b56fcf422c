import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { Launch } from '@/lib/messaging/panel-port';
import type { ServerEntry, Settings } from '@/lib/settings/schema';
import { loadSettings, SETTINGS_CHANGED_MESSAGE, watchSettings } from '@/lib/settings/store';
import { readNotice } from './attention';
import { handleContentRequest } from './content-requests';
import { conversationIndex, followPullsNow, INDEX_ALARM, restoreIndex } from './conversations';
import {
  injectIntoOpenTabs,
  reconcileHostRegistrations,
  registrationFiles,
} from './host-registration';
import { hub } from './hub';
import { buildMenus, listenToMenusAndCommands } from './menus';
import { onButtonClicked } from './notification-wiring';
import { handleRpc } from './page-rpc';
import { listenToToolbarButton, openPanelOn } from './panel-launch';
import { onPanelConnect } from './panel-ports';
import { PULL_ALARM } from './pull-watch';
import { defaultCodeHosts, isExtensionPageSender } from './senders';
import { invalidateServiceClient } from './service-client';

/** When this worker instance booted; tests compare it to prove a restart happened. */
export const bootedAt = Date.now();

// End-to-end builds only: Playwright cannot click a real notification's button, so the journeys
// call the very listener the browser's onButtonClicked calls.
if (import.meta.env.HANDOFF_E2E) {
  (globalThis as { handoffNotificationButton?: typeof onButtonClicked }).handoffNotificationButton =
    onButtonClicked;
}

let followSettings: () => void = () => {};

function onMessage(message: unknown, sender: Runtime.MessageSender): Promise<unknown> | undefined {
  const type = (message as { type?: unknown } | null)?.type;
  if (type === 'ping' && isExtensionPageSender(sender)) {
    return Promise.resolve({ type: 'pong', bootedAt });
  }
  if (type === SETTINGS_CHANGED_MESSAGE && isExtensionPageSender(sender)) {
    followSettings();
    return Promise.resolve({ ok: true });
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

/** What a server's connection is made of: a change to any of it makes a new connection. */
function connectionOf(server: ServerEntry | undefined): string {
  if (!server) return '';
  return JSON.stringify([
    server.serverUrl,
    server.authScheme,
    server.credentialsChangedAt,
    server.organizationId,
    // An agent server alone is spoken to through its own client (lib/api/agent-direct).
    server.serverInfo?.kind === 'agent',
  ]);
}

/** Settings are written by extension pages; the worker follows every change. */
async function reactToSettings(before: Settings, next: Settings): Promise<void> {
  const ids = new Set([...before.servers, ...next.servers].map((server) => server.id));
  const changed = [...ids].filter(
    (id) =>
      connectionOf(before.servers.find((server) => server.id === id)) !==
      connectionOf(next.servers.find((server) => server.id === id)),
  );
  const listChanged =
    before.defaultServerId !== next.defaultServerId ||
    JSON.stringify(before.servers.map((server) => [server.id, server.name])) !==
      JSON.stringify(next.servers.map((server) => [server.id, server.name]));
  if (changed.length || listChanged) invalidateServiceClient();
  if (changed.length) {
    // Streams resume from their cursors: restarting them all costs a reconnect, never an event.
    await hub.restartAll();
    for (const id of changed) await conversationIndex.reset(id);
  }
  if (listChanged) await conversationIndex.followServers();
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

/**
 * Chrome lets content scripts read and write storage.local unless the worker says otherwise,
 * and remembers the setting. Handoff keeps nothing there any more; this shuts the area anyway.
 * Firefox has no such switch (docs/security.md#storage).
 */
function restrictStorageLocal(): void {
  const local = (globalThis as { chrome?: typeof chrome }).chrome?.storage?.local as
    | { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> }
    | undefined;
  local?.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});
}

export function startBackground(): void {
  restrictStorageLocal();
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
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name.startsWith(INDEX_ALARM)) void conversationIndex.tick();
    else if (alarm.name === PULL_ALARM) void followPullsNow();
    else void hub.restore();
  });
  browser.notifications.onClicked.addListener((notificationId) => {
    if (!notificationId.startsWith('handoff:')) return;
    const conversationId = notificationId.slice('handoff:'.length);
    // Read beside the window, not before it: the panel opens as early as it can.
    const launch = readNotice(notificationId).then((notice): Launch => {
      // Where buttons are missing (Firefox), the click leads to what is waited on.
      const waits = notice?.need === 'confirmation' || notice?.need === 'question';
      return {
        kind: 'conversation',
        conversationId,
        ...(notice?.serverId ? { serverId: notice.serverId } : {}),
        ...(notice?.need === 'input' ? { focus: 'composer' } : waits ? { focus: 'action' } : {}),
      };
    });
    void openPanelOn(launch).then(() => browser.notifications.clear(notificationId));
  });
  // Only the browser's own notification button answers from a notification: no message
  // handler leads here (docs/security.md#only-a-persons-click-answers-from-a-notification).
  browser.notifications.onButtonClicked?.addListener((notificationId, buttonIndex) => {
    void onButtonClicked(notificationId, buttonIndex);
  });
  browser.permissions.onAdded.addListener(() => void reconcileHostRegistrations());
  browser.permissions.onRemoved.addListener(() => void reconcileHostRegistrations());
  // Pages announce each change twice: on a channel (which a running worker hears) and in a
  // message (which wakes a stopped one). Reactions run one at a time and compare with the
  // settings they last saw, so the second announcement changes nothing.
  let previous = loadSettings();
  let reacting = Promise.resolve();
  const follow = (next: Settings) => {
    reacting = reacting
      .then(async () => {
        const before = await previous;
        previous = Promise.resolve(next);
        await reactToSettings(before, next);
      })
      .catch((error: unknown) =>
        console.warn('[handoff] could not follow a settings change', error),
      );
  };
  watchSettings(follow);
  followSettings = () => void loadSettings().then(follow);
  (globalThis as { chrome?: typeof chrome }).chrome?.sidePanel
    ?.setPanelBehavior({ openPanelOnActionClick: true })
    .catch(() => {});
  // Chrome drops dynamic registrations on update and re-enable: reconcile at every start.
  void reconcileHostRegistrations();
  void hub.restore();
  void restoreIndex();
}
