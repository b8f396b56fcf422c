// The worker's index of the person's conversations as it crosses to panels (over their port and
// the `conversations.index` request), and the one line of it a code-host page may see: the page
// button's state in words. Types and one small function: content scripts import this file.
import type { ConversationSummary } from '@/lib/api/conversation-summary';
import type { PullFacts } from '@/lib/codehosts/pull-facts';
import type { PageContextData } from '@/lib/hosts/types';

/** Where a conversation stands for the person, coarsely: what the badge and the button say. */
export type IndexState = 'needs-you' | 'working' | 'done' | 'stopped';

/**
 * What the agent waits for, when it waits for the person. A list record cannot tell a question
 * from a confirmation (both are `waiting_for_confirmation`); a watched stream can.
 */
export type IndexNeed = 'input' | 'confirmation' | 'question' | 'error';

/** The issue or pull/merge request a conversation is about, and how Handoff knows. */
export interface IndexItem {
  kind: 'issue' | 'pull';
  number: number;
  /** `start`: Handoff started it from that page; `title`/`pr`: read from the server's record. */
  from: 'start' | 'title' | 'pr';
}

/**
 * One conversation of the index: the list record's own fields (the server's state fields among
 * them, for the panel's status words), the times as epoch ms, and what the index adds.
 */
export interface IndexEntry
  extends Pick<
    ConversationSummary,
    | 'id'
    | 'generation'
    | 'title'
    | 'repository'
    | 'branch'
    | 'provider'
    | 'status'
    | 'runtimeStatus'
    | 'sandboxStatus'
    | 'executionStatus'
    | 'prNumbers'
  > {
  item: IndexItem | null;
  state: IndexState;
  need: IndexNeed | null;
  createdAt: number | null;
  lastActivity: number | null;
  /** Since when the index has seen it working, while it is. */
  workingSince: number | null;
  /** Pull/merge request addresses on the code host, where the host is known. */
  prLinks: string[];
  /** The server it is on (lib/settings/servers.ts); set by the worker on every answer. */
  serverId?: string;
}

/** How one server's part of the index stands, for the panel to say which are unreachable. */
export interface IndexServer {
  id: string;
  /** The person's name for it, or its address. */
  name: string;
  refreshedAt: number | null;
  failure: IndexFailure | null;
  complete: boolean;
}

/**
 * What the worker's live streams say of the conversations they watch and whose agent waits or
 * has finished, by id: fresher than any list, and the only word on a legacy conversation's agent
 * (its list record has none).
 */
export type WatchedState = IndexNeed | 'finished';

/** The `conversations.index` answer: the index, and what the watched streams know better. */
export interface IndexAnswer extends IndexSnapshot {
  watched: Record<string, WatchedState>;
  /**
   * When the streams this worker keeps last heard from each of the index's conversations
   * (epoch ms, by id): a fresher sign of progress than a list record's last change.
   */
  lastEvents?: Record<string, number>;
  /** What the worker knows of the pull requests each conversation opened, by id. */
  pulls?: Record<string, PullFacts[]>;
}

export interface IndexFailure {
  /** An ApiError kind (`unauthorized`, `rate-limited`, `server`, `bad-response`, …) or `network`. */
  kind: string;
  message: string;
  at: number;
}

export interface IndexSnapshot {
  /** Newest first; bounded. */
  entries: IndexEntry[];
  /** When the server last answered the list (epoch ms); null: never since this server was set. */
  refreshedAt: number | null;
  /** The last refresh failed: the entries are the cached ones from `refreshedAt`. */
  failure: IndexFailure | null;
  /** False when the server has more conversations than the index keeps. */
  complete: boolean;
  /** Every server's part, in the person's order; absent in what one server's index keeps. */
  servers?: IndexServer[];
}

/** How long a working agent may go without a sign of progress before the person hears of it. */
export const DEFAULT_QUIET_MINUTES = 10;

/**
 * Whole minutes without progress, once they reach `afterMinutes` (0: the check is off); null
 * before. The one rule the list, the badge, the page button and the now line all follow.
 */
export function minutesWithoutProgress(elapsedMs: number, afterMinutes: number): number | null {
  if (afterMinutes <= 0) return null;
  const minutes = Math.floor(elapsedMs / 60_000);
  return minutes >= afterMinutes ? minutes : null;
}

/**
 * A working conversation with no sign of progress for at least `afterMinutes`: for how many
 * minutes; null when it is not working, not quiet that long, or the check is off (0). The newest
 * sign is its live stream's last event where this browser watches it, else its list record's last
 * change.
 */
export function quietMinutes(
  entry: Pick<IndexEntry, 'state' | 'lastActivity'>,
  now: number,
  afterMinutes: number,
  lastEventAt: number | null = null,
): number | null {
  if (entry.state !== 'working' || afterMinutes <= 0) return null;
  const since = Math.max(entry.lastActivity ?? 0, lastEventAt ?? 0);
  if (!since) return null;
  return minutesWithoutProgress(now - since, afterMinutes);
}

/** The page button's state: words only, nothing else of the server's reaches a page. */
export interface PageState {
  /** The item it is about (`pageItemKey`), so a page that moved on ignores it. */
  key: string;
  /** "Agent working · 3 min", "Needs you", "Done · PR #51". */
  label: string;
  state: IndexState;
  /** How many conversations the item has (the newest is the one described). */
  count: number;
}

/** Content script → worker: which state should this page's button show? */
export interface PageStateQuery {
  type: 'handoff/page-state';
  context: PageContextData;
}

/** Worker → content script: the item's state changed (null: it has no conversation now). */
export interface PageStatePush {
  type: 'handoff/page-state-changed';
  key: string;
  state: PageState | null;
}

/**
 * The item a page is about, as one string: provider family, repository, kind and number.
 * GitHub numbers issues and pull requests in one sequence, so there the kind is left out.
 */
export function pageItemKey(context: {
  provider: string;
  repository: string;
  kind: string;
  number?: number | undefined;
}): string | null {
  if (!context.number || (context.kind !== 'issue' && context.kind !== 'pull')) return null;
  const provider = context.provider.startsWith('bitbucket') ? 'bitbucket' : context.provider;
  const kind = provider === 'github' ? '' : context.kind;
  return `${provider}:${context.repository.toLowerCase()}:${kind}:${context.number}`;
}
