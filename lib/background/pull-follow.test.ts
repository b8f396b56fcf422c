import { describe, expect, it } from 'vitest';
import { ConditionalCache } from '@/lib/codehosts/http';
import { createGitHubPullReader } from '@/lib/codehosts/pulls/github';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import {
  type FollowedPull,
  followRound,
  nextReadAt,
  type PullTarget,
  pullNeed,
  pullTargets,
} from './pull-follow';

// Which pull requests the worker follows, how often it reads each, and what a round of reading
// costs the host: read against the GitHub stand-in with the real reader.

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 28, 12, 0, 0);
const REPO = 'octo/widgets';

describe('which pull requests are followed', () => {
  it('every pull or merge request link of the index, once, with the conversations that name it', () => {
    const targets = pullTargets(
      [
        { id: 'c1', prLinks: ['https://github.com/octo/widgets/pull/51'] },
        {
          id: 'c2',
          provider: 'gitlab',
          prLinks: [
            'https://github.com/octo/widgets/pull/51',
            'https://git.example.com/acme/api/-/merge_requests/7',
            // A host the person has not added: kept, to say so, but never asked.
            'https://code.elsewhere.org/acme/api/-/merge_requests/8',
            // Not a pull request, and not an address.
            'https://github.com/octo/widgets/issues/3',
            'not a link',
          ],
        },
      ],
      [{ origin: 'https://git.example.com', provider: 'gitlab' }],
    );
    expect(targets).toEqual([
      {
        link: 'https://github.com/octo/widgets/pull/51',
        provider: 'github',
        baseUrl: 'https://github.com',
        selfHosted: false,
        repository: 'octo/widgets',
        number: 51,
        conversationIds: ['c1', 'c2'],
        added: true,
      },
      {
        link: 'https://git.example.com/acme/api/-/merge_requests/7',
        provider: 'gitlab',
        baseUrl: 'https://git.example.com',
        selfHosted: true,
        repository: 'acme/api',
        number: 7,
        conversationIds: ['c2'],
        added: true,
      },
      {
        link: 'https://code.elsewhere.org/acme/api/-/merge_requests/8',
        provider: 'gitlab',
        baseUrl: 'https://code.elsewhere.org',
        selfHosted: true,
        repository: 'acme/api',
        number: 8,
        conversationIds: ['c2'],
        added: false,
      },
    ]);
  });
});

const record = (overrides: Partial<FollowedPull>): FollowedPull => ({
  target: {} as PullTarget,
  status: null,
  problem: null,
  checkedAt: START,
  changedAt: START,
  failures: 0,
  requests: 0,
  notModified: 0,
  ...overrides,
});

describe('how often each is read', () => {
  it('every minute while it changes, slower as it stays quiet, never once merged or closed', () => {
    expect(nextReadAt(record({ checkedAt: null }))).toBe(0);
    expect(nextReadAt(record({}))).toBe(START + MINUTE);
    expect(nextReadAt(record({ changedAt: START - 2 * 60 * MINUTE }))).toBe(START + 5 * MINUTE);
    expect(nextReadAt(record({ changedAt: START - 2 * 24 * 60 * MINUTE }))).toBe(
      START + 15 * MINUTE,
    );
    const merged = { state: 'merged' } as FollowedPull['status'];
    expect(nextReadAt(record({ status: merged }))).toBe(Number.POSITIVE_INFINITY);
  });

  it('backs off after refusals, and waits for a rate limit’s reset', () => {
    const refused = (failures: number) =>
      nextReadAt(record({ problem: { kind: 'unreachable' }, failures }));
    expect(refused(1)).toBe(START + MINUTE);
    expect(refused(3)).toBe(START + 4 * MINUTE);
    expect(refused(12)).toBe(START + 30 * MINUTE);
    const limited = record({
      problem: { kind: 'rate-limited', until: START + 40 * MINUTE, withToken: true },
      failures: 1,
    });
    expect(nextReadAt(limited)).toBe(START + 40 * MINUTE);
  });
});

describe('a round of reading', () => {
  function world() {
    let now = START;
    const standIn = createCodeHostStandIn({ host: 'github', tokens: ['ghp_good'], now: () => now });
    standIn.admin.addRepository(REPO);
    standIn.admin.setPull(REPO, 51, {
      title: 'Add the widget cache',
      headSha: 'c0ffee'.padEnd(40, '0'),
    });
    standIn.admin.addCheck(REPO, 51, { name: 'build', status: 'completed', conclusion: 'success' });
    const reader = createGitHubPullReader({
      apiBase: standIn.apiBase,
      token: 'ghp_good',
      fetch: standIn.fetch,
      now: () => now,
      cache: new ConditionalCache(),
    });
    const deps = {
      now: () => now,
      read: async (target: PullTarget) => {
        // The client counts unchanged answers (304) apart from the requests that cost.
        const before = { cost: reader.client.requests, unchanged: reader.client.notModified };
        const status = await reader.read(target.repository, target.number);
        return {
          status,
          requests: reader.client.requests - before.cost,
          notModified: reader.client.notModified - before.unchanged,
        };
      },
    };
    const [target] = pullTargets(
      [{ id: 'c1', prLinks: ['https://github.com/octo/widgets/pull/51'] }],
      [],
    );
    return { standIn, deps, target: target as PullTarget, pass: (ms: number) => (now += ms) };
  }

  it('reads what is due, costs only 304s while nothing changes, and sees a failing check', async () => {
    const { standIn, deps, target, pass } = world();
    let records = await followRound([], [target], deps);
    expect(records[0]).toMatchObject({ status: { state: 'open', checks: { state: 'passing' } } });
    const firstCost = records[0]?.requests ?? 0;
    expect(firstCost).toBeGreaterThan(0);

    // Not due again within the minute: nothing is sent.
    const spent = standIn.admin.counted('token');
    records = await followRound(records, [target], deps);
    expect(standIn.admin.counted('token')).toBe(spent);

    // The first look cost several requests: the next waits a minute for each of them, so the
    // host is asked at most once a minute on average. Then, unchanged: all of it answered 304.
    pass(MINUTE);
    records = await followRound(records, [target], deps);
    expect(standIn.admin.counted('token')).toBe(spent);
    pass((firstCost - 1) * MINUTE);
    records = await followRound(records, [target], deps);
    expect(records[0]?.requests).toBe(firstCost);
    expect(records[0]?.notModified).toBeGreaterThan(0);
    expect(pullNeed(records[0]?.status ?? null)).toBeNull();

    // A check fails: the next read (a minute after a look answered by 304s alone) says so.
    standIn.admin.addCheck(REPO, 51, { name: 'lint', status: 'completed', conclusion: 'failure' });
    pass(MINUTE);
    records = await followRound(records, [target], deps);
    expect(records[0]?.changedAt).toBe(START + (firstCost + 1) * MINUTE);
    expect(pullNeed(records[0]?.status ?? null)).toBe('failing');
  });

  it('stops reading a merged request, and drops one no longer linked', async () => {
    const { standIn, deps, target, pass } = world();
    let records = await followRound([], [target], deps);
    standIn.admin.setPull(REPO, 51, { state: 'merged' });
    pass((records[0]?.lastCost ?? 1) * MINUTE);
    records = await followRound(records, [target], deps);
    expect(records[0]?.status?.state).toBe('merged');
    const lastRead = records[0]?.checkedAt;
    pass(60 * MINUTE);
    records = await followRound(records, [target], deps);
    // Not read again: nothing sent, not even a conditional request.
    expect(records[0]?.checkedAt).toBe(lastRead);
    expect(await followRound(records, [], deps)).toEqual([]);
  });

  it('a refusal is kept with the time to try again, and the last answer stays', async () => {
    const { standIn, deps, target, pass } = world();
    let records = await followRound([], [target], deps);
    standIn.admin.exhaust('token');
    pass((records[0]?.lastCost ?? 1) * MINUTE);
    records = await followRound(records, [target], deps);
    expect(records[0]?.problem).toMatchObject({ kind: 'rate-limited' });
    expect(records[0]?.status?.state).toBe('open');
    expect(nextReadAt(records[0] as FollowedPull)).toBeGreaterThan(START + 2 * MINUTE);
  });
});
