// The conversation list as triage (docs/ui/status-words.md#the-triage-list): what needs the
// person first, then what is working, then what is done, each newest activity first, with the
// words a row shows. Pure: it reads the fields the list records carry today (ConversationSummary)
// and takes more where a source has them (the agent's state, its last activity in words, the
// issue or pull request a start request named), so the worker's index can feed it later.

import { agentStateOfExecution } from '@/lib/api/agent-state';
import type { Generation } from '@/lib/api/generation';
import { type PullFacts, pullHeadline, pullParts } from '@/lib/codehosts/pull-facts';
import { t } from '@/lib/i18n';
import { isRuntimeError, type StatusWords, statusWords } from '@/lib/timeline/status-words';
import { recordTime } from './conversation-list';
import { pullRequestUrl } from './links';

export { recordTime };

export type TriageGroupId = 'needs-you' | 'working' | 'done';

/**
 * Why a conversation needs the person; `stuck`: working, but silent for long; `pull`: done, but
 * its pull request fails its checks, is asked for changes or conflicts.
 */
export type Need = 'confirmation' | 'question' | 'input' | 'error' | 'stuck' | 'pull';

/**
 * For how many minutes a working conversation has shown no sign of progress, once that is past
 * the person's setting (`quietMinutes` in lib/messaging/conversation-index.ts); null otherwise.
 */
export type QuietCheck<T extends TriageSource = TriageSource> = (item: T) => number | null;

/** The issue or pull (merge) request a conversation works on. */
export interface TaskReference {
  kind: 'issue' | 'pull-request';
  number: number;
}

/** What the triage reads of a conversation: ConversationSummary has it all. */
export interface TriageSource {
  id: string;
  generation: Generation;
  title: string | null;
  repository: string | null;
  provider: string | null;
  status: string | null;
  runtimeStatus: string | null;
  sandboxStatus: string | null;
  executionStatus: string | null;
  /** The agent's state where a source knows it (a watched stream); list records do not. */
  agentState?: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  prNumbers: readonly number[];
  /** The agent's last step in words ("Running `npm test`"), where a source knows it. */
  lastActivity?: string | null;
  /** The issue or pull request the start request named, where a source knows it. */
  reference?: TaskReference | null;
  /**
   * The agent waits for the answer to its question, where a source knows it (a watched
   * stream): the server says `waiting_for_confirmation` for a question too.
   */
  question?: boolean;
  /** What the worker knows of the pull requests it opened, where it follows them. */
  pulls?: readonly PullFacts[];
}

export interface PullRequestLink {
  number: number;
  /** "Pull request #51", or "Merge request !51" on GitLab. */
  label: string;
  /** Null when the code host's address is not known. */
  url: string | null;
  /** Where it stands on its host ("2 checks failing · changes requested"), where followed. */
  standing?: string;
}

export interface TriageEntry<T extends TriageSource = TriageSource> {
  item: T;
  group: TriageGroupId;
  need: Need | null;
  status: StatusWords;
  /** When the conversation last changed (ms since the epoch), 0 when unknown. */
  activityAt: number;
  /** The issue or pull request it belongs to, unless it is one of `pullRequests`. */
  reference: TaskReference | null;
  pullRequests: PullRequestLink[];
}

export interface TriageGroup<T extends TriageSource = TriageSource> {
  id: TriageGroupId;
  label: string;
  entries: TriageEntry<T>[];
}

export const groupOrder: readonly TriageGroupId[] = ['needs-you', 'working', 'done'];

const referencePatterns: readonly [RegExp, TaskReference['kind']][] = [
  [/\bissue\s+#(\d+)/i, 'issue'],
  [/\b(?:pull request|PR)\s+#(\d+)/i, 'pull-request'],
  [/\b(?:merge request|MR)\s+[!#](\d+)/i, 'pull-request'],
];

/**
 * The issue or pull request a title names, as Handoff writes them ("Issue #12: …",
 * "Pull request #7: …") and people often do ("Fix PR #7", "MR !3"); null otherwise.
 */
export function referenceFromTitle(title: string | null | undefined): TaskReference | null {
  if (!title) return null;
  for (const [pattern, kind] of referencePatterns) {
    const match = pattern.exec(title);
    const number = match ? Number(match[1]) : Number.NaN;
    if (Number.isSafeInteger(number) && number > 0) return { kind, number };
  }
  return null;
}

/** Which group a conversation is in, and why it needs the person when it does. */
export function placeOf(item: TriageSource): { group: TriageGroupId; need: Need | null } {
  const v1 = item.generation === 'v1';
  const runtime = item.runtimeStatus;
  if (
    item.status === 'ERROR' ||
    (v1 && item.sandboxStatus === 'ERROR') ||
    (runtime && isRuntimeError(runtime))
  ) {
    return { group: 'needs-you', need: 'error' };
  }
  // Stopped, archived, a paused or missing sandbox: nothing happens until the person starts it.
  if (
    item.status === 'STOPPED' ||
    item.status === 'ARCHIVED' ||
    runtime === 'STATUS$STOPPED' ||
    (v1 && item.sandboxStatus && !['RUNNING', 'STARTING'].includes(item.sandboxStatus))
  ) {
    return { group: 'done', need: null };
  }
  if (v1 && item.sandboxStatus === 'STARTING') return { group: 'working', need: null };
  const agent = v1 ? agentStateOfExecution(item.executionStatus) : (item.agentState ?? null);
  switch (agent) {
    case 'awaiting_user_confirmation':
      return { group: 'needs-you', need: item.question ? 'question' : 'confirmation' };
    case 'awaiting_user_input':
      return { group: 'needs-you', need: 'input' };
    case 'error':
      return { group: 'needs-you', need: 'error' };
    case 'finished':
    case 'paused':
    case 'stopped':
    case 'rejected':
    case 'deleting':
      return { group: 'done', need: null };
    case null:
      // A running conversation whose agent's state the record does not carry (the classic
      // list's records): it runs, so it is counted as working.
      return {
        group: item.status === 'RUNNING' || item.status === 'STARTING' ? 'working' : 'done',
        need: null,
      };
    default:
      return { group: 'working', need: null };
  }
}

/** The pull (merge) requests a conversation names, as links where the host is known. */
export function pullRequestsOf(
  item: TriageSource,
  reference: TaskReference | null,
  hosts: Readonly<Record<string, string | null>> = {},
): PullRequestLink[] {
  const numbers = [...item.prNumbers];
  if (reference?.kind === 'pull-request' && !numbers.includes(reference.number)) {
    numbers.unshift(reference.number);
  }
  const host = item.provider ? (hosts[item.provider] ?? null) : null;
  return numbers
    .filter((number) => Number.isSafeInteger(number) && number > 0)
    .map((number) => {
      const facts = item.pulls?.find((pull) => pull.number === number);
      const parts = facts ? pullParts(facts) : [];
      return {
        number,
        label:
          item.provider === 'gitlab'
            ? t('panel.header.mergeRequest', { number })
            : t('panel.header.pullRequest', { number }),
        url: pullRequestUrl(item.provider, item.repository, number, host),
        ...(parts.length ? { standing: parts.join(' · ') } : {}),
      };
    });
}

/** A pull request of a finished conversation that needs the person, if any. */
function pullNeeding(item: TriageSource): PullFacts | null {
  return item.pulls?.find((pull) => pull.need) ?? null;
}

export function triageEntry<T extends TriageSource>(
  item: T,
  hosts: Readonly<Record<string, string | null>> = {},
  quiet: QuietCheck<T> = () => null,
): TriageEntry<T> {
  const place = placeOf(item);
  // A working agent silent for long needs a look as much as one that asks; its next event
  // (a fresher record or stream) takes it back to Working.
  const quietFor = place.group === 'working' ? quiet(item) : null;
  // The agent is done, but the pull request it opened is not: its checks fail, a reviewer asks
  // for changes, or it conflicts. The agent's own needs come first; while it works, it works.
  const pull = place.group === 'done' ? pullNeeding(item) : null;
  const { group, need } =
    quietFor !== null
      ? { group: 'needs-you' as const, need: 'stuck' as const }
      : pull
        ? { group: 'needs-you' as const, need: 'pull' as const }
        : place;
  const reference = item.reference ?? referenceFromTitle(item.title);
  const pullRequests = pullRequestsOf(item, reference, hosts);
  const status = statusWords({
    generation: item.generation,
    status: item.status,
    runtimeStatus: item.runtimeStatus,
    agentState: item.agentState ?? null,
    executionStatus: item.executionStatus,
    sandboxStatus: item.sandboxStatus,
  });
  return {
    item,
    group,
    need,
    status:
      need === 'question'
        ? { ...status, label: t('panel.status.question') }
        : quietFor !== null
          ? { ...status, tone: 'yellow', label: t('panel.list.noProgress', { minutes: quietFor }) }
          : pull
            ? {
                ...status,
                tone: pull.need === 'failing' ? 'red' : 'yellow',
                label: pullHeadline(pull) as string,
              }
            : status,
    activityAt: recordTime(item.updatedAt) || recordTime(item.createdAt),
    reference: reference?.kind === 'pull-request' ? null : reference,
    pullRequests,
  };
}

const groupLabels: Record<TriageGroupId, () => string> = {
  'needs-you': () => t('panel.list.group.needsYou'),
  working: () => t('panel.list.group.working'),
  done: () => t('panel.list.group.done'),
};

/**
 * The list in its groups (Needs you, Working, Done; empty ones left out), each newest activity
 * first; conversations with the same time keep the order they came in.
 */
export function triageGroups<T extends TriageSource>(
  items: readonly T[],
  hosts: Readonly<Record<string, string | null>> = {},
  quiet: QuietCheck<T> = () => null,
): TriageGroup<T>[] {
  const byGroup = new Map<TriageGroupId, TriageEntry<T>[]>(groupOrder.map((id) => [id, []]));
  for (const item of items) {
    const entry = triageEntry(item, hosts, quiet);
    byGroup.get(entry.group)?.push(entry);
  }
  return groupOrder.flatMap((id) => {
    const entries = (byGroup.get(id) ?? []).sort((a, b) => b.activityAt - a.activityAt);
    return entries.length ? [{ id, label: groupLabels[id](), entries }] : [];
  });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in words: "just now", "3 min ago", "2 h ago", "yesterday", "4 days ago"; older
 * than a week (or unknown) gives null, for the caller to show the date. A time a little ahead
 * of this clock (the server's runs fast) is "just now".
 */
export function relativeTime(at: number, now: number): string | null {
  if (!at) return null;
  const elapsed = now - at;
  if (elapsed < MINUTE) return t('panel.list.ago.now');
  if (elapsed < HOUR) return t('panel.list.ago.minutes', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('panel.list.ago.hours', { count: Math.floor(elapsed / HOUR) });
  if (elapsed < 2 * DAY) return t('panel.list.ago.yesterday');
  if (elapsed < 7 * DAY) return t('panel.list.ago.days', { count: Math.floor(elapsed / DAY) });
  return null;
}
