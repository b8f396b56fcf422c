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

import type { ConversationSummary } from '@/lib/api/conversation-summary';
import type { IndexEntry } from '@/lib/messaging/conversation-index';

const isoTime = (epochMs: number | null): string | null =>
  epochMs ? new Date(epochMs).toISOString() : null;

/**
 * A conversation of the worker's index as the list shows it: what a panel opened while the
 * server cannot be reached lists instead of nothing.
 */
export function summaryOfIndexEntry(entry: IndexEntry): ConversationSummary {
  return {
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

export interface ListFilter {
  /** Exact repository (`owner/name`), or empty for all. */
  repository: string;
  /** Words to find in the title, repository, branch or id. */
  text: string;
}

export function filterConversations(
  list: readonly ConversationSummary[],
  filter: ListFilter,
): ConversationSummary[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((item) => {
    if (filter.repository && item.repository !== filter.repository) return false;
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
