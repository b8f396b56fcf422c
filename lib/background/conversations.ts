// The worker's one conversation index, and everyone it tells when it changes: the toolbar badge,
// notifications for conversations this browser does not stream, code-host tabs showing an item
// whose state changed, and panels that asked for the index.
import type { Runtime } from 'webextension-polyfill';
import { browser } from 'wxt/browser';
import { normaliseId } from '@/lib/api/conversation-summary';
import type { ListStatesPush } from '@/lib/messaging/content-messages';
import type {
  IndexEntry,
  IndexSnapshot,
  PageState,
  PageStatePush,
} from '@/lib/messaging/conversation-index';
import type { WorkerToPanel } from '@/lib/messaging/panel-port';
import type { Settings } from '@/lib/settings/schema';
import { serverById, serverName } from '@/lib/settings/servers';
import { loadSettings } from '@/lib/settings/store';
import { indexRecord, readRecord, writeRecord } from '@/lib/settings/trusted-store';
import { type Need, notify } from './attention';
import { showIndex } from './badge';
import {
  ConversationIndex,
  indexTiming,
  itemKeysOf,
  pageStateFor,
  pageStatesFor,
  type QuietRule,
} from './conversation-index';
import { hub } from './hub';
import type { FollowedPull } from './pull-follow';
import { notifyPullNews, pullNewsOf } from './pull-news';
import { followPulls, pullFactsByConversation, pullFactsOf, restorePulls } from './pull-watch';
import { ServerIndexes } from './server-indexes';
import { serviceConnection } from './service-client';

export const INDEX_ALARM = 'handoff-index';

/** Code-host tabs and the item each shows (its last page-state query). */
const tabItems = new Map<number, string>();
/** Code-host tabs showing a list, and the items of its rows they asked about. */
const tabLists = new Map<number, Set<string>>();
/** A list tab is told about this many rows at most (the ones it asked about last). */
const MAX_LIST_KEYS = 2000;
/** Panels that asked for the index. */
const indexPorts = new Set<Runtime.Port>();

/** One server's index: its own list requests, stored record and schedule. */
function indexOf(serverId: string): ConversationIndex {
  return new ConversationIndex({
    listPage: async (generation, pageId, limit) => {
      const { client } = await serviceConnection(serverId);
      const params = { limit, ...(pageId ? { page_id: pageId } : {}) };
      return client.call(
        generation === 'v1' ? 'v1.searchAppConversations' : 'v0.listConversations',
        params,
      );
    },
    server: async () => {
      const server = serverById(await loadSettings(), serverId);
      const info = server?.serverInfo;
      return {
        url: server?.serverUrl ?? null,
        // An agent server alone answers the V1 list itself (lib/api/agent-direct).
        known: info
          ? { v0: info.v0, v1: info.v1 || info.kind === 'agent' }
          : { v0: null, v1: null },
      };
    },
    load: () => readRecord(indexRecord(serverId)),
    save: (record) => writeRecord(indexRecord(serverId), record),
    streamsActive: () => hub.anyActive(),
    onChange: (previous, next) => conversationIndex.changed(serverId, previous, next),
    wakeIn: (ms) =>
      void browser.alarms
        .create(`${INDEX_ALARM}:${serverId}`, { delayInMinutes: Math.max(0.5, ms / 60_000) })
        .catch(() => {}),
  });
}

/** Every server's conversations, as one index (./server-indexes.ts). */
export const conversationIndex = new ServerIndexes({
  servers: async () =>
    (await loadSettings()).servers.map((server) => ({ id: server.id, name: serverName(server) })),
  create: indexOf,
  onChange: (all, server) => void tellEveryone(all.previous, all.next, server),
});

// End-to-end builds only: the journeys shorten the refresh interval instead of waiting 30 s.
if (import.meta.env.HANDOFF_E2E) {
  (globalThis as { handoffIndexTiming?: typeof indexTiming }).handoffIndexTiming = indexTiming;
}

/** What the person is told about: a need, or a finished run. */
function needOf(entry: IndexEntry | undefined): Need {
  if (!entry) return null;
  return entry.need ?? (entry.state === 'done' ? 'finished' : null);
}

/**
 * Conversations the index saw change to needing the person (or finishing) since its last read.
 * The first read of a server is where things already were, not news; conversations this worker
 * streams are told about by their stream.
 */
async function notifyChanges(
  previous: IndexSnapshot,
  next: IndexSnapshot,
  serverId: string,
): Promise<void> {
  if (previous.refreshedAt === null || next.refreshedAt === previous.refreshedAt) return;
  const before = new Map(previous.entries.map((entry) => [normaliseId(entry.id), entry]));
  const since = previous.refreshedAt;
  let settings: Awaited<ReturnType<typeof loadSettings>> | null = null;
  for (const entry of next.entries) {
    const old = before.get(normaliseId(entry.id));
    const need = needOf(entry);
    if (!need || need === needOf(old)) continue;
    if (!old && (entry.createdAt ?? 0) < since) continue;
    if (hub.stream(entry.id)) continue;
    if ((need === 'confirmation' || need === 'question') && entry.generation) {
      // Its stream tells, once read: the notification then names the action or question, with
      // the buttons that answer it. Told from the list alone if it cannot be read.
      const watching = await hub.watchToTell(entry.id, entry.generation, serverId).then(
        () => true,
        () => false,
      );
      if (watching) continue;
    }
    settings ??= await loadSettings();
    await notify(entry.id, need, { title: entry.title }, settings, serverId);
  }
}

function samePageState(a: PageState | null, b: PageState | null): boolean {
  return a?.label === b?.label && a?.state === b?.state && a?.count === b?.count;
}

/**
 * When a working agent counts as quiet: the person's setting, and the last event of the streams
 * this worker keeps (fresher than any list record).
 */
export async function quietRule(settings?: Settings): Promise<QuietRule> {
  return {
    afterMinutes: (settings ?? (await loadSettings())).quietMinutes,
    lastEventAt: (id) => hub.stream(id)?.snapshot().lastEventAt ?? null,
    pullsOf: pullFactsOf,
  };
}

/**
 * Each tab whose item, or one of whose list rows, changed gets the new state; a tab that went
 * away is forgotten.
 */
function pushPageStates(
  previous: IndexSnapshot,
  next: IndexSnapshot,
  quiet: QuietRule,
  /** The rule the tabs were last told with, when it differs (what was known of pull requests). */
  quietBefore: QuietRule = quiet,
): void {
  const now = Date.now();
  for (const [tabId, key] of tabItems) {
    const state = pageStateFor(key, next.entries, now, quiet);
    if (samePageState(pageStateFor(key, previous.entries, now, quietBefore), state)) continue;
    const message: PageStatePush = { type: 'handoff/page-state-changed', key, state };
    browser.tabs.sendMessage(tabId, message, { frameId: 0 }).catch(() => tabItems.delete(tabId));
  }
  for (const [tabId, keys] of tabLists) {
    const before = pageStatesFor(keys, previous.entries, now, quietBefore);
    const after = pageStatesFor(keys, next.entries, now, quiet);
    const changes: ListStatesPush['changes'] = [];
    for (const key of keys) {
      const state = after.get(key) ?? null;
      if (!samePageState(before.get(key) ?? null, state)) changes.push({ key, state });
    }
    if (!changes.length) continue;
    const message: ListStatesPush = { type: 'handoff/list-states-changed', changes };
    browser.tabs.sendMessage(tabId, message, { frameId: 0 }).catch(() => tabLists.delete(tabId));
  }
}

function postIndex(port: Runtime.Port, index: IndexSnapshot): void {
  const message: WorkerToPanel = { type: 'index', index };
  try {
    port.postMessage(message);
  } catch {
    indexPorts.delete(port);
  }
}

/**
 * The whole list goes to panels, tabs and the badge; news is told per server, since a server's
 * first read is where things already were there, whatever the others have done.
 */
async function tellEveryone(
  previous: IndexSnapshot,
  next: IndexSnapshot,
  server?: { id: string; previous: IndexSnapshot; next: IndexSnapshot },
): Promise<void> {
  for (const port of indexPorts) postIndex(port, next);
  const quiet = await quietRule();
  pushPageStates(previous, next, quiet);
  await showIndex(next.entries, quiet);
  if (server) await notifyChanges(server.previous, server.next, server.id);
  // A new pull request link is read at once; the others when they are due.
  void followPullsNow(next);
}

/**
 * One round of reading the agents' pull requests (./pull-watch.ts) for the index as it is; tabs
 * showing an item whose words changed are told, and news is notified.
 */
export async function followPullsNow(index?: IndexSnapshot): Promise<void> {
  const snapshot = index ?? (await conversationIndex.snapshot());
  const settings = await loadSettings();
  await followPulls(
    snapshot.entries,
    settings.selfHostedHosts,
    (before, after) => void pullsChanged(snapshot, before, after, settings),
  );
}

async function pullsChanged(
  snapshot: IndexSnapshot,
  before: readonly FollowedPull[],
  after: readonly FollowedPull[],
  settings: Settings,
): Promise<void> {
  const quiet = await quietRule(settings);
  const earlier = pullFactsByConversation(before);
  const quietBefore: QuietRule = { ...quiet, pullsOf: (id) => earlier.get(normaliseId(id)) ?? [] };
  pushPageStates(snapshot, snapshot, quiet, quietBefore);
  await notifyPullNews(pullNewsOf(before, after), snapshot.entries, settings);
}

/**
 * The server a conversation is on, when a page did not say: the one the worker watches it on,
 * else the one whose list has it; undefined: the default server.
 */
export async function serverOfConversation(conversationId: string): Promise<string | undefined> {
  return (
    (await hub.serverOf(conversationId)) ??
    (await conversationIndex.serverOf(conversationId)) ??
    undefined
  );
}

/** A code-host tab asked about its item: answered from the index, and told of changes. */
export async function pageStateForTab(
  tabId: number,
  key: string,
  /** The settings the caller has read already, so a page's question reads them once. */
  settings?: Settings,
): Promise<PageState | null> {
  tabItems.set(tabId, key);
  if (tabItems.size > 200) tabItems.delete(tabItems.keys().next().value as number);
  const { entries } = await conversationIndex.snapshot();
  return pageStateFor(key, entries, Date.now(), await quietRule(settings));
}

/**
 * A code-host tab showing a list asked about its rows: the ones with a conversation, answered
 * from the index, and the tab is told when any of them changes.
 */
export async function listStatesForTab(
  tabId: number,
  keys: readonly string[],
  settings?: Settings,
): Promise<PageState[]> {
  const known = tabLists.get(tabId) ?? new Set<string>();
  for (const key of keys) {
    // Newest last, so the oldest questions are the ones forgotten.
    known.delete(key);
    known.add(key);
  }
  for (const key of known) {
    if (known.size <= MAX_LIST_KEYS) break;
    known.delete(key);
  }
  tabLists.delete(tabId);
  tabLists.set(tabId, known);
  if (tabLists.size > 200) tabLists.delete(tabLists.keys().next().value as number);
  const { entries } = await conversationIndex.snapshot();
  const states = pageStatesFor(keys, entries, Date.now(), await quietRule(settings));
  return [...states.values()];
}

/** The newest conversation of an item, for the panel to open (null: none known). */
export async function newestFor(
  key: string,
  /** The settings the caller has read already. */
  settings?: Settings,
): Promise<{
  conversationId: string;
  serverId: string | undefined;
  generation: IndexEntry['generation'];
  title: string | null;
  count: number;
} | null> {
  const snapshot = await conversationIndex.snapshot();
  const state = pageStateFor(key, snapshot.entries, Date.now(), await quietRule(settings));
  if (!state) return null;
  const newest = snapshot.entries.find((entry) => itemKeysOf(entry).includes(key));
  return newest
    ? {
        conversationId: newest.id,
        serverId: newest.serverId,
        generation: newest.generation,
        title: newest.title,
        count: state.count,
      }
    : null;
}

/** A panel's port: it counts as an open panel (faster refresh) and may ask for the index. */
export function panelPortOpened(port: Runtime.Port): void {
  conversationIndex.panelOpened();
  port.onDisconnect.addListener(() => {
    indexPorts.delete(port);
    conversationIndex.panelClosed();
  });
}

export async function subscribeToIndex(port: Runtime.Port): Promise<void> {
  indexPorts.add(port);
  postIndex(port, await conversationIndex.snapshot());
}

/** At start: the stored index shows on the badge at once, and the schedule resumes. */
export async function restoreIndex(): Promise<void> {
  await restorePulls();
  const snapshot = await conversationIndex.snapshot();
  await showIndex(snapshot.entries, await quietRule());
  await conversationIndex.tick();
}
