// The toolbar badge: how many conversations wait for the person, and which, from the two places
// the worker learns it: the live streams it keeps (the freshest word on a watched conversation)
// and the conversation index (every conversation, opened here or not).
import { browser } from 'wxt/browser';
import { normaliseId } from '@/lib/api/conversation-summary';
import { workerWords } from '@/lib/i18n/en-worker';
import type { IndexEntry, WatchedState } from '@/lib/messaging/conversation-index';
import { badgeNeeds, type Need } from './attention';

/** Names in the tooltip; the rest are counted. */
const NAMED = 5;
const NAME_LENGTH = 60;

let streamNeeds: ReadonlyMap<string, Need> = new Map();
let indexEntries: readonly IndexEntry[] = [];
let shown = '';

/** The conversations waiting for the person, each once, by title. */
export function waitingTitles(
  streams: ReadonlyMap<string, Need>,
  entries: readonly IndexEntry[],
): string[] {
  const byId = new Map<string, string | null>();
  const titles = new Map(entries.map((entry) => [normaliseId(entry.id), entry.title]));
  for (const entry of entries) {
    if (entry.state === 'needs-you') byId.set(normaliseId(entry.id), entry.title);
  }
  // A watched conversation's stream knows better than a list read up to a minute ago.
  for (const [id, need] of streams) {
    const key = normaliseId(id);
    if (badgeNeeds.has(need)) byId.set(key, titles.get(key) ?? null);
    else byId.delete(key);
  }
  return [...byId.values()].map((title) => {
    const name = (title ?? '').trim() || workerWords('worker.untitled');
    return name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name;
  });
}

/** The badge's text and tooltip for these waiting conversations. */
export function badgeFor(titles: readonly string[]): { text: string; title: string } {
  const count = titles.length;
  if (!count) return { text: '', title: workerWords('worker.badge.none') };
  const named = titles.slice(0, NAMED).join(', ');
  const names =
    count > NAMED
      ? workerWords('worker.badge.more', { names: named, count: count - NAMED })
      : named;
  return {
    text: String(count),
    title:
      count === 1
        ? workerWords('worker.badge.one', { names })
        : workerWords('worker.badge.many', { count, names }),
  };
}

async function render(): Promise<void> {
  const { text, title } = badgeFor(waitingTitles(streamNeeds, indexEntries));
  if (`${text}\n${title}` === shown) return;
  shown = `${text}\n${title}`;
  // Firefox's MV2 build names the toolbar button API browserAction.
  const action =
    browser.action ??
    (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  await action.setBadgeText({ text });
  if (text) await action.setBadgeBackgroundColor({ color: '#d1242f' });
  await action.setTitle({ title });
}

/** The watched conversations whose agent waits or has finished, for the panels' list. */
export function watchedStates(): Record<string, WatchedState> {
  const states: Record<string, WatchedState> = {};
  for (const [id, need] of streamNeeds) if (need) states[id] = need;
  return states;
}

export function showStreamNeeds(needs: ReadonlyMap<string, Need>): Promise<void> {
  streamNeeds = new Map(needs);
  return render();
}

export function showIndex(entries: readonly IndexEntry[]): Promise<void> {
  indexEntries = entries;
  return render();
}
