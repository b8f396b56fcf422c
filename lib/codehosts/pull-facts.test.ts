import { describe, expect, it } from 'vitest';
import { factsOf, type PullFacts, pullHeadline, pullNeed, pullSummary } from './pull-facts';
import type { PullStatus } from './pull-status';

// The words every surface shows for a followed pull request, from the same facts.

const status = (overrides: Partial<PullStatus> = {}): PullStatus => ({
  state: 'open',
  title: 'Add the widget cache',
  url: 'https://github.com/octo/widgets/pull/51',
  headSha: 'c0ffee',
  baseBranch: 'main',
  checks: { state: 'passing', failing: [], failingLeftOut: 0, pending: 0, passing: 3 },
  review: { state: 'none', unresolvedThreads: null, comments: [], commentsLeftOut: 0 },
  conflicts: false,
  checkedAt: 1,
  ...overrides,
});

const facts = (value: PullStatus | null, merge = false): PullFacts =>
  factsOf('https://github.com/octo/widgets/pull/51', 51, merge, value, null, 1, 61_000);

const failing = (names: string[]) => ({
  state: 'failing' as const,
  failing: names.map((name) => ({ name, summary: null, url: null })),
  failingLeftOut: 0,
  pending: 0,
  passing: 1,
});

describe('what a followed pull request says', () => {
  it('names why it needs the person, the failing checks first', () => {
    expect(pullHeadline(facts(status({ checks: failing(['build', 'lint']) })))).toBe(
      'PR #51 · 2 checks failing',
    );
    expect(pullHeadline(facts(status({ checks: failing(['build']) }), true))).toBe(
      'MR !51 · 1 check failing',
    );
    const asked = status({
      review: {
        state: 'changes-requested',
        unresolvedThreads: 2,
        comments: [],
        commentsLeftOut: 0,
      },
    });
    expect(pullHeadline(facts(asked))).toBe('PR #51 · changes requested');
    expect(pullHeadline(facts(status({ conflicts: true })))).toBe('PR #51 · conflicts');
    expect(pullHeadline(facts(status({ state: 'merged', conflicts: null })))).toBe('PR #51 merged');
    expect(pullHeadline(facts(status()))).toBeNull();
  });

  it('sums everything up for the outcome card', () => {
    const busy = status({
      checks: failing(['build', 'lint']),
      review: {
        state: 'changes-requested',
        unresolvedThreads: 1,
        comments: [],
        commentsLeftOut: 0,
      },
      conflicts: true,
    });
    expect(pullSummary(facts(busy))).toBe(
      'PR #51 · 2 checks failing · changes requested · 1 unresolved thread · conflicts with main',
    );
    expect(pullSummary(facts(status()))).toBe('PR #51 · checks pass');
    expect(pullSummary(facts(null))).toBe('PR #51 · not checked yet');
  });

  it('is news only while open, and carries no more than five check names', () => {
    expect(pullNeed(status({ state: 'closed', checks: failing(['build']) }))).toBeNull();
    const many = facts(status({ checks: failing(['a', 'b', 'c', 'd', 'e', 'f', 'g']) }));
    expect(many.failing).toBe(7);
    expect(many.failingNames).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(facts(status({ state: 'merged' })).nextReadAt).toBe(61_000);
    expect(
      factsOf('l', 1, false, null, null, null, Number.POSITIVE_INFINITY).nextReadAt,
    ).toBeNull();
  });
});
