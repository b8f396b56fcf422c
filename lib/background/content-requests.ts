import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { itemIdentity } from '@/lib/hosts/lists';
import type { PageContextData } from '@/lib/hosts/types';
import type { ContentReply, ContentRequest } from '@/lib/messaging/content-messages';
import { ContentRequestSchema } from '@/lib/messaging/content-messages-schema';
import { pageItemKey } from '@/lib/messaging/conversation-index';
import type { Launch } from '@/lib/messaging/panel-port';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings } from '@/lib/settings/store';
import { listStatesForTab, newestFor, pageStateForTab } from './conversations';
import { itemsOnHost, listPageOf, loadListCode } from './list-chips';
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

type PanelRequest = Extract<
  ContentRequest,
  {
    type:
      | 'handoff/start-from-page'
      | 'handoff/open-panel'
      | 'handoff/open-from-page'
      | 'handoff/pull-task';
  }
>;
type ListRequest = Extract<
  ContentRequest,
  { type: 'handoff/list-page' | 'handoff/list-states' | 'handoff/open-from-list' }
>;

/** The launch that fits what the person asked for, or the setup page when no server is set. */
async function launchFor(
  request: PanelRequest | Extract<ListRequest, { type: 'handoff/open-from-list' }>,
  context: PageContextData,
  settings: Settings,
  now: number,
): Promise<Launch> {
  if (!settings.serverUrl) return { kind: 'setup' };
  if (request.type === 'handoff/open-panel') {
    return { kind: 'microagents', context, filePath: request.filePath };
  }
  const key = pageItemKey(context);
  const existing = key ? await newestFor(key, settings) : null;
  if (request.type === 'handoff/pull-task') {
    // The panel reads the pull request, drafts the message and shows it; nothing is sent here.
    if (context.kind !== 'pull') return { kind: 'refused', reason: 'page-mismatch' };
    return {
      kind: 'hand-back',
      context,
      task: request.task,
      ...(existing
        ? {
            existing: {
              conversationId: existing.conversationId,
              ...(existing.serverId ? { serverId: existing.serverId } : {}),
            },
          }
        : {}),
    };
  }
  if (request.type === 'handoff/open-from-page' || request.type === 'handoff/open-from-list') {
    // The button showed a conversation; one that has gone since leaves the form to start one.
    return existing
      ? {
          kind: 'conversation',
          conversationId: existing.conversationId,
          ...(existing.serverId ? { serverId: existing.serverId } : {}),
        }
      : { kind: 'new-conversation', context, autoStart: false };
  }
  // Alt-click does the opposite of the person's chosen click behaviour.
  const startAtOnce = request.immediate !== (settings.clickBehaviour === 'start');
  // Starts within seconds of the last are held back, and said to be, before anything else: by
  // then the index may already know the first one, and the form's note about it would replace
  // the word that the extra clicks were held back.
  if (startAtOnce && now - lastAutoStart < AUTO_START_GAP_MS) {
    return { kind: 'new-conversation', context, autoStart: false, notice: 'burst' };
  }
  // A second conversation for the same issue is never started at once: the form asks first.
  if (existing) {
    const { serverId, ...rest } = existing;
    return {
      kind: 'new-conversation',
      context,
      autoStart: false,
      existing: serverId ? { ...rest, serverId } : rest,
    };
  }
  if (!startAtOnce) return { kind: 'new-conversation', context, autoStart: false };
  lastAutoStart = now;
  return { kind: 'new-conversation', context, autoStart: true };
}

/**
 * What the page button should show: answered from the worker's index, never from the server, and
 * only for the item the sender tab's address shows. Opens nothing.
 */
async function answerPageState(
  request: Extract<ContentRequest, { type: 'handoff/page-state' }>,
  sender: Runtime.MessageSender,
  tabId: number,
): Promise<ContentReply> {
  const settings = await loadSettings();
  if (!isCodeHostContentScript(sender, settings)) return { ok: false };
  const context = verifiedContext(request.context, sender, settings);
  const key = context ? pageItemKey(context) : null;
  if (!key || !settings.serverUrl) return { ok: !!context, state: null };
  return { ok: true, state: await pageStateForTab(tabId, key, settings) };
}

/** A list row's item, where the sender tab is a list on that item's own host. */
function listItemContext(
  context: PageContextData,
  sender: Runtime.MessageSender,
  settings: Pick<Settings, 'selfHostedHosts'>,
): PageContextData | null {
  const page = listPageOf(sender, settings);
  if (!page || !pageItemKey(context)) return null;
  const [item] = itemsOnHost([context], page);
  // Only what names the item: a title or branch read from a list row is not needed to open it.
  return item ? itemIdentity(item) : null;
}

/**
 * A list page's questions: load the list code, or which rows have a conversation. Answered only
 * for a tab whose own address is a list of a host the person uses, and only about that host's
 * items. Opens nothing.
 */
async function answerListRequest(
  request: Exclude<ListRequest, { type: 'handoff/open-from-list' }>,
  sender: Runtime.MessageSender,
  tabId: number,
): Promise<ContentReply> {
  const settings = await loadSettings();
  const page = listPageOf(sender, settings);
  if (!page) return { ok: false };
  if (request.type === 'handoff/list-page') {
    await loadListCode(tabId, page.provider);
    return { ok: true };
  }
  // Asked about even with no server yet: the tab is then told once one is added and listed.
  const keys = itemsOnHost(request.items, page)
    .map(pageItemKey)
    .filter((key): key is string => !!key);
  return { ok: true, states: await listStatesForTab(tabId, keys, settings) };
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
): Promise<ContentReply> | undefined {
  const parsed = ContentRequestSchema.safeParse(message);
  if (!parsed.success || sender.id !== browser.runtime.id || !sender.tab?.id) return undefined;
  const request = parsed.data;
  if (request.type === 'handoff/page-state') return answerPageState(request, sender, sender.tab.id);
  if (request.type === 'handoff/list-page' || request.type === 'handoff/list-states') {
    return answerListRequest(request, sender, sender.tab.id);
  }
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
    const context =
      request.type === 'handoff/open-from-list'
        ? listItemContext(request.context, sender, settings)
        : verifiedContext(request.context, sender, settings);
    if (!context) {
      await deliverLaunch(windowId, { kind: 'refused', reason: 'page-mismatch' });
      return { ok: false, error: 'The page did not match its address.' };
    }
    await deliverLaunch(windowId, await launchFor(request, context, settings, now));
    return { ok: true };
  })();
}
