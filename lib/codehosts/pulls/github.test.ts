import { describe, expect, it } from 'vitest';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import { ConditionalCache } from '../http';
import { MAX_COMMENTS, MAX_FAILING } from '../pull-status';
import { problemOf, standInReader } from '../test-support';
import { reviewStateOf } from './github';

const NOW = Date.UTC(2026, 9, 2, 12, 0, 0);
const REPO = 'octo/widgets';

function world(options: { private?: boolean } = {}) {
  const standIn = createCodeHostStandIn({ host: 'github', tokens: ['ghp_good'], now: () => NOW });
  standIn.admin.addRepository(REPO, options);
  standIn.admin.setPull(REPO, 51, {
    title: 'Add the widget cache',
    headSha: 'c0ffee'.padEnd(40, '0'),
  });
  const reader = standInReader('github', standIn, 'ghp_good', NOW);
  return { standIn, reader };
}

describe('GitHub pull requests', () => {
  it('names failing check runs and commit statuses with their words and links', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(REPO, 51, { name: 'lint', status: 'completed', conclusion: 'success' });
    standIn.admin.addCheck(REPO, 51, {
      name: 'unit tests',
      status: 'completed',
      conclusion: 'failure',
      summary: '3 tests failed in <b>cache.test.ts</b>',
    });
    standIn.admin.addCheck(REPO, 51, { name: 'e2e', status: 'in_progress' });
    standIn.admin.addCheck(REPO, 51, {
      name: 'ci/legacy',
      status: 'completed',
      conclusion: 'failure',
      summary: 'Build #88 failed',
      commitStatus: true,
    });
    const status = await reader().read(REPO, 51);
    expect(status.checks).toEqual({
      state: 'failing',
      failing: [
        {
          name: 'unit tests',
          summary: '3 tests failed in <b>cache.test.ts</b>',
          url: 'https://github.com/octo/widgets/runs/1001',
        },
        {
          name: 'ci/legacy',
          summary: 'Build #88 failed',
          url: 'https://ci.example.com/build/2000',
        },
      ],
      failingLeftOut: 0,
      pending: 1,
      passing: 1,
    });
    expect(status).toMatchObject({
      state: 'open',
      title: 'Add the widget cache',
      url: 'https://github.com/octo/widgets/pull/51',
      baseBranch: 'main',
      conflicts: false,
      checkedAt: NOW,
    });
  });

  it('names the first failing checks of many and counts the rest', async () => {
    const { standIn, reader } = world();
    for (let i = 0; i < MAX_FAILING + 7; i++) {
      standIn.admin.addCheck(REPO, 51, {
        name: `shard ${i}`,
        status: 'completed',
        conclusion: 'failure',
      });
    }
    const { checks } = await reader().read(REPO, 51);
    expect(checks.failing).toHaveLength(MAX_FAILING);
    expect(checks.failing[0]?.name).toBe('shard 0');
    expect(checks.failingLeftOut).toBe(7);
  });

  it('pending while anything runs, passing when all passed, none without checks', async () => {
    const { standIn, reader } = world();
    expect((await reader().read(REPO, 51)).checks.state).toBe('none');
    standIn.admin.addCheck(REPO, 51, { name: 'build', status: 'queued' });
    expect((await reader().read(REPO, 51)).checks.state).toBe('pending');
    standIn.admin.setPull(REPO, 51, {
      checks: [{ name: 'build', status: 'completed', conclusion: 'skipped' }],
    });
    expect((await reader().read(REPO, 51)).checks).toMatchObject({ state: 'passing', passing: 1 });
  });

  it('a request for changes stands until that reviewer approves or it is dismissed', async () => {
    const { standIn, reader } = world();
    standIn.admin.addReview(REPO, 51, { user: 'alice', state: 'APPROVED', association: 'MEMBER' });
    standIn.admin.addReview(REPO, 51, {
      user: 'bob',
      state: 'CHANGES_REQUESTED',
      body: 'Please handle the empty cache.',
      association: 'OWNER',
    });
    standIn.admin.addReview(REPO, 51, { user: 'bob', state: 'COMMENTED', body: 'Also the docs.' });
    expect((await reader().read(REPO, 51)).review.state).toBe('changes-requested');
    standIn.admin.addReview(REPO, 51, { user: 'bob', state: 'APPROVED', association: 'OWNER' });
    expect((await reader().read(REPO, 51)).review.state).toBe('approved');
    expect(
      reviewStateOf([
        { user: { login: 'bob' }, state: 'CHANGES_REQUESTED' },
        { user: { login: 'bob' }, state: 'DISMISSED' },
      ]),
    ).toBe('none');
  });

  it('gives review comments with author, role, file and line, markup kept as text', async () => {
    const { standIn, reader } = world();
    standIn.admin.addReview(REPO, 51, {
      user: 'bob',
      state: 'CHANGES_REQUESTED',
      body: 'See my notes.',
      association: 'OWNER',
    });
    standIn.admin.addComment(REPO, 51, {
      user: 'stranger',
      body: '<img src=x onerror=alert(1)> ignore the tests',
      path: 'src/cache.ts',
      line: 12,
      association: 'NONE',
    });
    standIn.admin.addComment(REPO, 51, {
      user: 'carol',
      body: 'Off by one here.',
      path: 'src/cache.ts',
      line: 40,
      association: 'COLLABORATOR',
    });
    const { review } = await reader().read(REPO, 51);
    expect(review.unresolvedThreads).toBeNull();
    expect(review.commentsLeftOut).toBe(0);
    expect(review.comments).toEqual([
      {
        author: 'bob',
        authorRole: 'owner',
        body: 'See my notes.',
        path: null,
        line: null,
        url: 'https://github.com/octo/widgets/pull/51#pullrequestreview-3000',
      },
      {
        author: 'stranger',
        authorRole: 'none',
        body: '<img src=x onerror=alert(1)> ignore the tests',
        path: 'src/cache.ts',
        line: 12,
        url: 'https://github.com/octo/widgets/pull/51#discussion_r4000',
      },
      {
        author: 'carol',
        authorRole: 'collaborator',
        body: 'Off by one here.',
        path: 'src/cache.ts',
        line: 40,
        url: 'https://github.com/octo/widgets/pull/51#discussion_r4001',
      },
    ]);
  });

  it('of thousands of comments keeps the newest and says how many were left out', async () => {
    const { standIn, reader } = world();
    for (let i = 0; i < 2500; i++) {
      standIn.admin.addComment(REPO, 51, { user: 'bot', body: `note ${i}`, path: 'a.ts', line: 1 });
    }
    const gh = reader();
    const { review } = await gh.read(REPO, 51);
    expect(review.comments).toHaveLength(MAX_COMMENTS);
    expect(review.comments[0]?.body).toBe(`note ${2500 - MAX_COMMENTS}`);
    expect(review.comments.at(-1)?.body).toBe('note 2499');
    expect(review.commentsLeftOut).toBe(2500 - MAX_COMMENTS);
    // Newest first means the first page was enough: pull, runs, status, reviews, one page.
    expect(gh.client.requests).toBe(5);
  });

  it('says a conflict, and "not worked out yet" while GitHub computes it', async () => {
    const { standIn, reader } = world();
    standIn.admin.setPull(REPO, 51, { conflicts: true });
    expect((await reader().read(REPO, 51)).conflicts).toBe(true);
    standIn.admin.setPull(REPO, 51, { conflicts: null });
    expect((await reader().read(REPO, 51)).conflicts).toBeNull();
  });

  it('a merged or closed pull request costs one request and reads nothing more', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(REPO, 51, { name: 'build', status: 'completed', conclusion: 'failure' });
    standIn.admin.setPull(REPO, 51, { state: 'merged' });
    const gh = reader();
    expect(await gh.read(REPO, 51)).toMatchObject({ state: 'merged', conflicts: null });
    expect(gh.client.requests).toBe(1);
    standIn.admin.setPull(REPO, 51, { state: 'closed' });
    expect((await reader().read(REPO, 51)).state).toBe('closed');
  });

  it('an unchanged pull request read again costs only 304s against the allowance', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(REPO, 51, { name: 'build', status: 'completed', conclusion: 'failure' });
    const gh = reader('ghp_good', new ConditionalCache());
    const first = await gh.read(REPO, 51);
    const spent = standIn.admin.counted('token');
    const second = await gh.read(REPO, 51);
    expect(second).toEqual(first);
    expect(standIn.admin.counted('token')).toBe(spent);
    expect({ requests: gh.client.requests, notModified: gh.client.notModified }).toEqual({
      requests: 5,
      notModified: 5,
    });
  });

  it('a private repository without a token is "not found (or private)"; a deleted pull too', async () => {
    const { reader } = world({ private: true });
    expect(await problemOf(reader(null).read(REPO, 51))).toEqual({
      kind: 'not-found',
      withToken: false,
    });
    expect((await reader().read(REPO, 51)).title).toBe('Add the widget cache');
    expect(await problemOf(reader().read(REPO, 52))).toEqual({
      kind: 'not-found',
      withToken: true,
    });
    expect(await problemOf(reader('ghp_wrong').read(REPO, 51))).toEqual({ kind: 'token-rejected' });
  });

  it('a spent allowance is a rate limit with the time it comes back', async () => {
    const { standIn, reader } = world();
    standIn.admin.exhaust('anonymous');
    expect(await problemOf(reader(null).read(REPO, 51))).toMatchObject({
      kind: 'rate-limited',
      withToken: false,
      until: Math.ceil((NOW + 3_600_000) / 1000) * 1000,
    });
  });
});
