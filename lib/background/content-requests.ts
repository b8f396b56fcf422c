import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import type { PageContextData } from '@/lib/hosts/types';
import type { ContentRequest } from '@/lib/messaging/content-messages';
import { ContentRequestSchema } from '@/lib/messaging/content-messages-schema';
import type { Launch } from '@/lib/messaging/panel-port';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/settings/store';
import { deliverLaunch, openPanel } from './panel-launch';
import { verifiedContext } from './sender-context';
import { isCodeHostContentScript } from './senders';

/** Starts at once closer together than this are a burst: the later ones only open the form. */
export const AUTO_START_GAP_MS = 10_000;
/** More requests than this from one tab within the window are ignored outright. */
const TAB_REQUESTS = 5;
const TAB_WINDOW_MS = 10_000;

let lastAutoStart = Number.NEGATIVE_INFINITY;
const recentByTab = new Map<number, number[]>();

/** A page hammering the button (a script, a stuck key) opens nothing after the first few. */
function tooManyFrom(tabId: number, now: number): boolean {
  const recent = (recentByTab.get(tabId) ?? []).filter((at) => now - at < TAB_WINDOW_MS);
  recent.push(now);
  recentByTab.set(tabId, recent);
  if (recentByTab.size > 100) recentByTab.delete(recentByTab.keys().next().value as number);
  return recent.length > TAB_REQUESTS;
}

/** Tests start without history. */
export function forgetRecentRequests(): void {
  lastAutoStart = Number.NEGATIVE_INFINITY;
  recentByTab.clear();
}

/** The launch that fits what the person asked for, or the setup page when no server is set. */
function launchFor(
  request: ContentRequest,
  context: PageContextData,
  settings: Settings,
  now: number,
): Launch {
  if (!settings.serverUrl) return { kind: 'setup' };
  if (request.type === 'handoff/open-panel') {
    return { kind: 'microagents', context, filePath: request.filePath };
  }
  // Alt-click does the opposite of the person's chosen click behaviour.
  const startAtOnce = request.immediate !== (settings.clickBehaviour === 'start');
  if (!startAtOnce) return { kind: 'new-conversation', context, autoStart: false };
  if (now - lastAutoStart < AUTO_START_GAP_MS) {
    return { kind: 'new-conversation', context, autoStart: false, notice: 'burst' };
  }
  lastAutoStart = now;
  return { kind: 'new-conversation', context, autoStart: true };
}

/**
 * A content script asked for the panel. The panel opens first and synchronously, inside the
 * click's user gesture; everything that needs an await (settings, the sender's origin) follows.
 * What the content script says about the page counts only where the tab's URL agrees.
 * Returns undefined for anything that is not a valid request from our content script.
 */
export function handleContentRequest(
  message: unknown,
  sender: Runtime.MessageSender,
): Promise<{ ok: boolean; error?: string }> | undefined {
  const parsed = ContentRequestSchema.safeParse(message);
  if (!parsed.success || sender.id !== browser.runtime.id || !sender.tab?.id) return undefined;
  const now = Date.now();
  if (tooManyFrom(sender.tab.id, now)) return undefined;
  const windowId = sender.tab.windowId;
  const opening = openPanel(windowId);
  return (async () => {
    const settings = await loadSettings();
    if (!isCodeHostContentScript(sender, settings)) {
      return { ok: false, error: 'This page is not one Handoff serves.' };
    }
    if ((await opening) === 'no-gesture') {
      return { ok: false, error: 'Handoff opens only when you click its button yourself.' };
    }
    if (windowId === undefined) return { ok: true };
    const context = verifiedContext(parsed.data.context, sender, settings);
    if (!context) {
      await deliverLaunch(windowId, { kind: 'refused', reason: 'page-mismatch' });
      return { ok: false, error: 'The page did not match its address.' };
    }
    await deliverLaunch(windowId, launchFor(parsed.data, context, settings, now));
    return { ok: true };
  })();
}
