// The panel's list as data: the merge of both interfaces and the choice of which to ask live in
// lib/api/conversation-summary.ts (the worker's conversation index uses them too); filtering is
// the panel's own.

export {
  type ConversationSummary,
  fromV0,
  fromV1,
  interfacesToAsk,
  type KnownInterfaces,
  mergeConversations,
  normaliseId,
  pageFailure,
  recordTime,
} from '@/lib/api/conversation-summary';

import { type ConversationSummary, normaliseId, recordTime } from '@/lib/api/conversation-summary';
import type { PullFacts } from '@/lib/codehosts/pull-facts';
import {
  type IndexAnswer,
  type IndexEntry,
  quietMinutes,
  type WatchedState,
} from '@/lib/messaging/conversation-index';
import type { TaskReference } from './triage';

/**
 * A conversation as the list holds it: with several servers, the server it is on
 * (lib/settings/servers.ts); with one, none (every call goes to that one, as before there were
 * several).
 */
export interface ListedSummary extends ConversationSummary {
  serverId?: string;
}

const isoTime = (epochMs: number | null): string | null =>
  epochMs ? new Date(epochMs).toISOString() : null;

/**
 * A conversation of the worker's index as the list shows it: what a panel opened while the
 * server cannot be reached lists instead of nothing.
 */
export function summaryOfIndexEntry(entry: IndexEntry): ListedSummary {
  return {
    ...(entry.serverId ? { serverId: entry.serverId } : {}),
    id: entry.id,
    generation: entry.generation,
    title: entry.title,
    repository: entry.repository,
    branch: entry.branch,
    provider: entry.provider,
    trigger: null,
    status: entry.status,
    runtimeStatus: entry.runtimeStatus,
    sandboxStatus: entry.sandboxStatus,
    executionStatus: entry.executionStatus,
    createdAt: isoTime(entry.createdAt),
    updatedAt: isoTime(entry.lastActivity),
    prNumbers: entry.prNumbers,
  };
}

/**
 * Each server's part of the list as one list, newest first, every conversation saying its
 * server. The same id on two servers is two conversations: neither hides the other.
 */
export function mergeServers(
  parts: readonly { serverId: string; list: readonly ConversationSummary[] }[],
): ListedSummary[] {
  return parts
    .flatMap(({ serverId, list }) => list.map((summary) => ({ ...summary, serverId })))
    .sort(
      (a, b) => recordTime(b.createdAt ?? b.updatedAt) - recordTime(a.createdAt ?? a.updatedAt),
    );
}

/** A list record with what only the worker knows of it. */
export interface KnownSummary extends ListedSummary {
  /** A legacy conversation's agent, as its watched stream last said. */
  agentState?: string | null;
  /** The issue or pull request Handoff started it from. */
  reference?: TaskReference | null;
  /** Its agent waits for the answer to a question (its watched stream saw it ask). */
  question?: boolean;
  /** What the worker knows of the pull requests it opened. */
  pulls?: readonly PullFacts[];
}

const legacyAgentOf: Record<WatchedState, string> = {
  input: 'awaiting_user_input',
  confirmation: 'awaiting_user_confirmation',
  question: 'awaiting_user_confirmation',
  error: 'error',
  finished: 'finished',
};
const executionOf: Record<WatchedState, string> = {
  input: 'idle',
  confirmation: 'waiting_for_confirmation',
  // The server's own word for an agent waiting on its question (agent servers 1.54+).
  question: 'waiting_for_confirmation',
  error: 'error',
  finished: 'finished',
};

/**
 * The server's list records, with what the worker knows better: a watched conversation's wait
 * (the stream is fresher than the record, and a legacy record says nothing of the agent, so a
 * legacy conversation waiting for confirmation would otherwise sit under Working while the badge
 * counts it) and the issue or pull request a start from a code-host page named.
 */
export function withWorkerKnowledge(
  list: readonly ListedSummary[],
  answer: IndexAnswer | undefined,
): KnownSummary[] {
  if (!answer) return [...list];
  const watched = new Map(
    Object.entries(answer.watched ?? {}).map(([id, state]) => [normaliseId(id), state]),
  );
  // By server and id: a start recorded on one server says nothing of another's conversation.
  const started = new Map(
    answer.entries.flatMap((entry) =>
      entry.item?.from === 'start'
        ? [[`${entry.serverId ?? ''}:${normaliseId(entry.id)}`, entry.item] as const]
        : [],
    ),
  );
  const startedAlone = new Map(
    answer.entries.flatMap((entry) =>
      entry.item?.from === 'start' ? [[normaliseId(entry.id), entry.item] as const] : [],
    ),
  );
  const pulls = new Map(
    Object.entries(answer.pulls ?? {}).map(([id, facts]) => [normaliseId(id), facts]),
  );
  return list.map((summary) => {
    const id = normaliseId(summary.id);
    const wait = watched.get(id);
    // One server: its list names none, and the index's entries are all that server's.
    const item = summary.serverId ? started.get(`${summary.serverId}:${id}`) : startedAlone.get(id);
    const followed = pulls.get(id);
    if (!wait && !item && !followed) return summary;
    const known: KnownSummary = { ...summary };
    if (followed) known.pulls = followed;
    if (wait && summary.generation === 'v0') known.agentState = legacyAgentOf[wait];
    else if (wait) known.executionStatus = executionOf[wait];
    if (wait === 'question') known.question = true;
    if (item)
      known.reference = {
        kind: item.kind === 'pull' ? 'pull-request' : 'issue',
        number: item.number,
      };
    return known;
  });
}

export interface ListFilter {
  /** Exact repository (`owner/name`), or empty for all. */
  repository: string;
  /** One server's conversations (its id), or empty for every server's. */
  server?: string;
  /** Words to find in the title, repository, branch or id. */
  text: string;
}

export function filterConversations<T extends ListedSummary>(
  list: readonly T[],
  filter: ListFilter,
): T[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((item) => {
    if (filter.repository && item.repository !== filter.repository) return false;
    if (filter.server && item.serverId !== filter.server) return false;
    if (!words.length) return true;
    const haystack = [item.title, item.repository, item.branch, item.id]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The repositories the loaded conversations name, for the repository filter. */
export function repositoriesOf(list: readonly ConversationSummary[]): string[] {
  return [...new Set(list.map((item) => item.repository).filter((r): r is string => !!r))].sort();
}

/**
 * The list's "no progress" check: a working conversation silent for the person's number of
 * minutes (`quietMinutes`), as the worker reckons it for the badge and the page button. The
 * newest sign of progress is the fresher of the list record's last change, the index's, and the
 * worker's stream's last event where it watches the conversation; where the index has it, its
 * word on whether the agent works counts, as it does for the badge.
 */
export function quietCheckOf(
  answer: IndexAnswer | undefined,
  afterMinutes: number,
  now: number,
): (item: ListedSummary) => number | null {
  if (afterMinutes <= 0) return () => null;
  const byKey = new Map<string, IndexEntry>();
  for (const entry of answer?.entries ?? []) {
    byKey.set(`${entry.serverId ?? ''}:${normaliseId(entry.id)}`, entry);
    byKey.set(`:${normaliseId(entry.id)}`, entry);
  }
  const lastEvents = new Map(
    Object.entries(answer?.lastEvents ?? {}).map(([id, at]) => [normaliseId(id), at]),
  );
  return (item) => {
    const id = normaliseId(item.id);
    const entry = byKey.get(`${item.serverId ?? ''}:${id}`);
    if (entry && entry.state !== 'working') return null;
    const lastActivity = Math.max(recordTime(item.updatedAt), entry?.lastActivity ?? 0) || null;
    return quietMinutes(
      { state: 'working', lastActivity },
      now,
      afterMinutes,
      lastEvents.get(id) ?? null,
    );
  };
}
