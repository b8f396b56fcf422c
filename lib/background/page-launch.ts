import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { PageContextSchema } from '@/lib/hosts/page-context';
import type { PageContextData } from '@/lib/hosts/types';
import type { ContentRequest, PageContextQuery } from '@/lib/messages/content-protocol';
import { ContentRequestSchema } from '@/lib/messages/content-schema';
import type { Launch } from '@/lib/messages/panel-protocol';
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

/** Asks a tab's content script what its page is about (menus, keyboard command). */
export async function pageContextOf(tabId: number): Promise<PageContextData | null> {
  const query: PageContextQuery = { type: 'handoff/page-context' };
  try {
    const reply = (await browser.tabs.sendMessage(tabId, query)) as
      | { context?: unknown }
      | undefined;
    const parsed = PageContextSchema.safeParse(reply?.context);
    return parsed.success ? parsed.data : null;
  } catch {
    // No content script there (not a code-host page, or one the person has not added).
    return null;
  }
}

/**
 * The toolbar menu, the keyboard command and the selection menu: the panel opens at once (these
 * are user gestures too), then learns what the page is about.
 */
export function launchFromTab(
  tab: { id?: number; windowId?: number } | undefined,
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
    const context = await pageContextOf(tabId);
    await deliverLaunch(tab.windowId, {
      kind: 'new-conversation',
      context,
      ...(selection ? { selection } : {}),
    });
  })();
}
