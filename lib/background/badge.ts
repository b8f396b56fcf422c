// The toolbar badge: how many conversations wait for the person, which, and for how long, from
// the two places the worker learns it: the live streams it keeps (the freshest word on a watched
// conversation) and the conversation index (every conversation, opened here or not). The same
// list, oldest wait first, is what "the next one that needs me" walks (./next-waiting.ts).
import { browser } from 'wxt/browser';
import { normaliseId } from '@/lib/api/conversation-summary';
import { workerWords } from '@/lib/i18n/en-worker';
import {
  type IndexEntry,
  quietMinutes,
  type WatchedState,
} from '@/lib/messaging/conversation-index';
import { badgeNeeds, type Need } from './attention';
import type { QuietRule } from './conversation-index';

/** Names in the tooltip; the rest are counted. */
const NAMED = 5;
const NAME_LENGTH = 60;

let streamNeeds: ReadonlyMap<string, Need> = new Map();
let indexEntries: readonly IndexEntry[] = [];
let quiet: QuietRule = { afterMinutes: 0 };
/** When this worker first saw each watched conversation wait, by normalised id. */
const firstSeen = new Map<string, number>();
let shown = '';

/** A conversation waiting for the person. */
export interface Waiting {
  id: string;
  /** Its server, where the index knows it. */
  serverId?: string;
  /** Its title for people, cut to fit a tooltip. */
  name: string;
  /** Since when it waits (epoch ms), as far as Handoff knows. */
  since: number;
}

function nameOf(title: string | null | undefined): string {
  const name = (title ?? '').trim() || workerWords('worker.untitled');
  return name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name;
}

/**
 * The conversations waiting for the person, each once, oldest wait first. A list record's last
 * activity is when its agent stopped to wait; a watched conversation the list does not show
 * waiting since the stream said so.
 */
export function waitingConversations(
  streams: ReadonlyMap<string, Need>,
  entries: readonly IndexEntry[],
  seen: ReadonlyMap<string, number> = new Map(),
  now = Date.now(),
  quietAfter: QuietRule = { afterMinutes: 0 },
): Waiting[] {
  const byId = new Map<string, Waiting>();
  const known = new Map(entries.map((entry) => [normaliseId(entry.id), entry]));
  const waitingOf = (id: string, entry: IndexEntry | undefined, since: number | undefined) => ({
    id: entry?.id ?? id,
    ...(entry?.serverId ? { serverId: entry.serverId } : {}),
    name: nameOf(entry?.title),
    since: since ?? entry?.lastActivity ?? entry?.createdAt ?? now,
  });
  for (const entry of entries) {
    // A working agent silent for long needs a look as much as one that asks.
    const lastEvent = quietAfter.lastEventAt?.(entry.id) ?? null;
    const quietFor = quietMinutes(entry, now, quietAfter.afterMinutes, lastEvent);
    if (entry.state !== 'needs-you' && quietFor === null) continue;
    const since = quietFor === null ? entry.lastActivity : now - quietFor * 60_000;
    byId.set(normaliseId(entry.id), waitingOf(entry.id, entry, since ?? undefined));
  }
  // A watched conversation's stream knows better than a list read up to a minute ago.
  for (const [id, need] of streams) {
    const key = normaliseId(id);
    if (!badgeNeeds.has(need)) byId.delete(key);
    else if (!byId.has(key)) byId.set(key, waitingOf(id, known.get(key), seen.get(key)));
  }
  return [...byId.values()].sort((a, b) => a.since - b.since);
}

/** "3 min", "2 h", "4 days": how long, in the fewest words. */
function waited(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return workerWords('worker.waited.minutes', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return workerWords('worker.waited.hours', { count: hours });
  return workerWords('worker.waited.days', { count: Math.round(hours / 24) });
}

/** The badge's text and tooltip for these waiting conversations. */
export function badgeFor(
  waiting: readonly Waiting[],
  now = Date.now(),
): { text: string; title: string } {
  const count = waiting.length;
  if (!count) return { text: '', title: workerWords('worker.badge.none') };
  const named = waiting
    .slice(0, NAMED)
    .map((item) =>
      workerWords('worker.badge.waited', { name: item.name, for: waited(now - item.since) }),
    )
    .join(', ');
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

/** What waits for the person now, oldest first. */
export function currentlyWaiting(): Waiting[] {
  return waitingConversations(streamNeeds, indexEntries, firstSeen, Date.now(), quiet);
}

async function render(): Promise<void> {
  const { text, title } = badgeFor(currentlyWaiting());
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
  const now = Date.now();
  for (const [id, need] of needs) {
    const key = normaliseId(id);
    if (badgeNeeds.has(need)) {
      if (!firstSeen.has(key)) firstSeen.set(key, now);
    } else firstSeen.delete(key);
  }
  return render();
}

export function showIndex(entries: readonly IndexEntry[], quietAfter: QuietRule): Promise<void> {
  indexEntries = entries;
  quiet = quietAfter;
  return render();
}
