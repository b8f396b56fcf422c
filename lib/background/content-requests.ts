import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { ContentRequest } from '@/lib/messaging/content-messages';
import { ContentRequestSchema } from '@/lib/messaging/content-messages-schema';
import type { Launch } from '@/lib/messaging/panel-port';
import { loadSettings } from '@/lib/settings/store';
import { deliverLaunch, openPanel } from './panel-launch';
import { isCodeHostContentScript } from './senders';

/** The launch that fits what the person asked for, or the setup page when no server is set. */
async function launchFor(request: ContentRequest): Promise<Launch> {
  const settings = await loadSettings();
  if (!settings.serverUrl) return { kind: 'setup' };
  if (request.type === 'handoff/open-panel') {
    return { kind: 'microagents', context: request.context, filePath: request.filePath };
  }
  // Alt-click does the opposite of the person's chosen click behaviour.
  const startAtOnce = request.immediate !== (settings.clickBehaviour === 'start');
  return { kind: 'new-conversation', context: request.context, autoStart: startAtOnce };
}

/**
 * A content script asked for the panel. The panel opens first and synchronously, inside the
 * click's user gesture; everything that needs an await (settings, the sender's origin) follows.
 * Returns undefined for anything that is not a valid request from our content script.
 */
export function handleContentRequest(
  message: unknown,
  sender: Runtime.MessageSender,
): Promise<{ ok: boolean; error?: string }> | undefined {
  const parsed = ContentRequestSchema.safeParse(message);
  if (!parsed.success || sender.id !== browser.runtime.id || !sender.tab?.id) return undefined;
  const windowId = sender.tab.windowId;
  const opening = openPanel(windowId);
  return (async () => {
    const settings = await loadSettings();
    if (!isCodeHostContentScript(sender, settings)) {
      return { ok: false, error: 'This page is not one Handoff serves.' };
    }
    await opening;
    if (windowId !== undefined) await deliverLaunch(windowId, await launchFor(parsed.data));
    return { ok: true };
  })();
}
