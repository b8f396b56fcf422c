// What the worker tells panels and pages of a followed pull or merge request: the few facts
// they show (not the comments or check summaries, which stay in the worker until the person
// opens a hand-back), and the words for them, one set for the page button, the list chips, the
// conversation list, the outcome card and the notifications.

import { workerWords } from '@/lib/i18n/en-worker';
import type { CodeHostProblem } from './problem';
import type { ChecksState, PullState, PullStatus, ReviewState } from './pull-status';

/** Why a followed request needs the person, if it does (the first that applies). */
export type PullNeed = 'failing' | 'changes-requested' | 'conflicts' | null;

export function pullNeed(status: PullStatus | null): PullNeed {
  if (status?.state !== 'open') return null;
  if (status.checks.state === 'failing') return 'failing';
  if (status.review.state === 'changes-requested') return 'changes-requested';
  if (status.conflicts === true) return 'conflicts';
  return null;
}

export interface PullFacts {
  /** Its web address (the key it is followed by). */
  link: string;
  number: number;
  /** GitLab calls it a merge request, "MR !7". */
  merge: boolean;
  /** Unknown until first read. */
  state: PullState | null;
  title: string | null;
  checks: ChecksState | null;
  /** Failing checks, and the first few names. */
  failing: number;
  failingNames: string[];
  review: ReviewState | null;
  unresolvedThreads: number | null;
  conflicts: boolean | null;
  baseBranch: string | null;
  need: PullNeed;
  /** Why the last read gave nothing new; what was read before (if anything) still stands. */
  problem: CodeHostProblem | null;
  checkedAt: number | null;
  /** When it is read next; null: never again (merged or closed). */
  nextReadAt: number | null;
}

/** How many failing check names travel with the facts. */
const NAMES_SHOWN = 5;

export function factsOf(
  link: string,
  number: number,
  merge: boolean,
  status: PullStatus | null,
  problem: CodeHostProblem | null,
  checkedAt: number | null,
  nextReadAt: number,
): PullFacts {
  return {
    link,
    number,
    merge,
    state: status?.state ?? null,
    title: status?.title ?? null,
    checks: status?.checks.state ?? null,
    failing: status ? status.checks.failing.length + status.checks.failingLeftOut : 0,
    failingNames: (status?.checks.failing ?? []).slice(0, NAMES_SHOWN).map((check) => check.name),
    review: status?.review.state ?? null,
    unresolvedThreads: status?.review.unresolvedThreads ?? null,
    conflicts: status?.conflicts ?? null,
    baseBranch: status?.baseBranch ?? null,
    need: pullNeed(status),
    problem,
    checkedAt,
    nextReadAt: Number.isFinite(nextReadAt) ? nextReadAt : null,
  };
}

/** "PR #51", or "MR !7" on GitLab. */
export function pullName(facts: Pick<PullFacts, 'number' | 'merge'>): string {
  return workerWords(facts.merge ? 'worker.pull.nameMerge' : 'worker.pull.name', {
    number: facts.number,
  });
}

/** The words for why a request needs the person ("2 checks failing"). */
function needWords(facts: PullFacts): string | null {
  switch (facts.need) {
    case 'failing':
      return facts.failing === 1
        ? workerWords('worker.pull.failingOne')
        : workerWords('worker.pull.failing', { count: facts.failing });
    case 'changes-requested':
      return workerWords('worker.pull.changesRequested');
    case 'conflicts':
      return workerWords('worker.pull.conflicts');
    default:
      return null;
  }
}

const joined = (summary: string, part: string) =>
  workerWords('worker.pull.part', { summary, part });

/**
 * The few words a chip, the page button or a list row shows: why it needs the person
 * ("PR #51 · 2 checks failing"), or that it is merged or closed; null when neither.
 */
export function pullHeadline(facts: PullFacts): string | null {
  const name = pullName(facts);
  const need = needWords(facts);
  if (need) return joined(name, need);
  if (facts.state === 'merged') return workerWords('worker.pull.merged', { name });
  if (facts.state === 'closed') return workerWords('worker.pull.closed', { name });
  return null;
}

/**
 * What is known beyond its name, each part in a few words ("2 checks failing", "changes
 * requested", "conflicts with main"); empty before the first read.
 */
export function pullParts(facts: PullFacts): string[] {
  if (facts.state === null) return [];
  if (facts.state !== 'open') {
    return [
      workerWords(facts.state === 'merged' ? 'worker.pull.mergedBare' : 'worker.pull.closedBare'),
    ];
  }
  const parts: string[] = [];
  if (facts.checks === 'failing') parts.push(needWords({ ...facts, need: 'failing' }) as string);
  else if (facts.checks === 'pending') parts.push(workerWords('worker.pull.pending'));
  else if (facts.checks === 'passing') parts.push(workerWords('worker.pull.passing'));
  if (facts.review === 'changes-requested') parts.push(workerWords('worker.pull.changesRequested'));
  else if (facts.review === 'approved') parts.push(workerWords('worker.pull.approved'));
  if (facts.unresolvedThreads)
    parts.push(
      facts.unresolvedThreads === 1
        ? workerWords('worker.pull.unresolvedOne')
        : workerWords('worker.pull.unresolved', { count: facts.unresolvedThreads }),
    );
  if (facts.conflicts)
    parts.push(
      facts.baseBranch
        ? workerWords('worker.pull.conflictsWith', { base: facts.baseBranch })
        : workerWords('worker.pull.conflicts'),
    );
  return parts;
}

/**
 * Everything known in one line, for the outcome card: "PR #51 · 2 checks failing · changes
 * requested · conflicts with main".
 */
export function pullSummary(facts: PullFacts): string {
  const name = pullName(facts);
  if (facts.state === null) return joined(name, workerWords('worker.pull.notRead'));
  if (facts.state !== 'open') return pullHeadline(facts) as string;
  return pullParts(facts).reduce(joined, name);
}
