// The notification button handler's real surroundings: the worker's stream hub, its settings
// and the same commands the panel's buttons use (./conversation-commands.ts).
import { browser } from 'wxt/browser';
import { FIRST_SERVER_ID } from '@/lib/settings/servers';
import { loadSettings } from '@/lib/settings/store';
import { readNotice, showNotice, writeNotice } from './attention';
import { answerQuestion, controlConversation } from './conversation-commands';
import { serverOfConversation } from './conversations';
import { hub } from './hub';
import { type ButtonDeps, onNotificationButton } from './notification-actions';
import { openPanelOn } from './panel-launch';

export const buttonDeps: ButtonDeps = {
  readNotice,
  writeNotice,
  async current(notice) {
    await hub.restore();
    const settings = await loadSettings();
    const named = notice.serverId ?? settings.defaultServerId ?? FIRST_SERVER_ID;
    if (!settings.servers.some((server) => server.id === named)) return null;
    const stream = hub.stream(notice.conversationId);
    if (!stream) return null;
    const watchedOn =
      (await serverOfConversation(notice.conversationId)) ??
      settings.defaultServerId ??
      FIRST_SERVER_ID;
    if (watchedOn !== named) return null;
    // What the server says now: a confirmation answered in the panel or elsewhere shows here,
    // whether or not its event has come down the socket yet.
    await stream.refresh();
    await stream.readNewestNow();
    return { snapshot: stream.snapshot(), generation: stream.generation };
  },
  control: (params) => controlConversation(hub, params),
  answer: (params) => answerQuestion(hub, params),
  show: (id, words) => showNotice(id, words),
  clear: (id) => browser.notifications.clear(id),
  openPanel: openPanelOn,
};

/** The listener for notifications.onButtonClicked (and nothing else). */
export function onButtonClicked(notificationId: string, buttonIndex: number) {
  return onNotificationButton(notificationId, buttonIndex, buttonDeps);
}
