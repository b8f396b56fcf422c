// Ports from extension pages (side panels, and the options page's connection): only ours, only
// the messages of lib/messaging/panel-port.ts, each validated before it reaches the hub.
import type { Runtime } from 'webextension-polyfill';
import { PANEL_PORT_NAME, PanelToWorkerSchema } from '@/lib/messaging/panel-port';
import { panelPortOpened, serverOfConversation, subscribeToIndex } from './conversations';
import { hub } from './hub';
import { panelConnected } from './panel-launch';
import { isExtensionPageSender } from './senders';

export function onPanelConnect(port: Runtime.Port): void {
  if (port.name !== PANEL_PORT_NAME || !port.sender || !isExtensionPageSender(port.sender)) {
    port.disconnect();
    return;
  }
  port.onMessage.addListener((message: unknown) => {
    const parsed = PanelToWorkerSchema.safeParse(message);
    if (!parsed.success) return;
    const request = parsed.data;
    switch (request.type) {
      case 'hello':
        if (request.windowId !== null) void panelConnected(request.windowId, port);
        panelPortOpened(port);
        return;
      case 'index':
        void subscribeToIndex(port);
        return;
      case 'watch':
        void (async () => {
          // A panel that does not name the server opens the conversation the index has.
          const serverId = request.serverId ?? (await serverOfConversation(request.conversationId));
          await hub.subscribe(port, request.conversationId, request.generation, serverId);
        })();
        return;
      case 'unwatch':
        hub.unsubscribe(port, request.conversationId);
        return;
      case 'visibility':
        hub.setOnScreen(port, request.visible);
        return;
      case 'load-older':
        void hub.loadOlder(port, request.conversationId);
        return;
    }
  });
}
