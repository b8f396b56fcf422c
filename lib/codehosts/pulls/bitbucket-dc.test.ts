import { describe, expect, it } from 'vitest';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import { ConditionalCache } from '../http';
import { MAX_COMMENTS } from '../pull-status';
import { problemOf, standInReader } from '../test-support';
import { reviewerState } from './bitbucket-dc';

const NOW = Date.UTC(2026, 9, 2, 12, 0, 0);
const REPO = 'SHOP/checkout';
const SHA = 'fee1'.padEnd(40, '5');
const BASE = 'https://bitbucket.example.com/bitbucket';

function world(options: { private?: boolean; repository?: string } = {}) {
  const repository = options.repository ?? REPO;
  const standIn = createCodeHostStandIn({
    host: 'bitbucket-dc',
    apiBase: `${BASE}/rest/api/1.0`,
    webBase: BASE,
    tokens: ['BBDC-good'],
    now: () => NOW,
  });
  standIn.admin.addRepository(repository, options);
  standIn.admin.setPull(repository, 15, { title: 'Apply coupons at checkout', headSha: SHA });
  const reader = standInReader('bitbucket-dc', standIn, 'BBDC-good', NOW);
  return { standIn, reader };
}

describe('Bitbucket Data Center pull requests', () => {
  it('names failing builds of the head commit with their words and links, under the context path', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(REPO, 15, {
      name: 'Bamboo: build',
      status: 'completed',
      conclusion: 'success',
    });
    standIn.admin.addCheck(REPO, 15, {
      name: 'Jenkins: integration',
      status: 'completed',
      conclusion: 'failure',
      summary: 'CouponServiceIT > <expired coupon> FAILED',
    });
    standIn.admin.addCheck(REPO, 15, { name: 'Sonar', status: 'queued' });
    const status = await reader().read(REPO, 15);
    expect(status.checks).toEqual({
      state: 'failing',
      failing: [
        {
          name: 'Jenkins: integration',
          summary: 'CouponServiceIT > <expired coupon> FAILED',
          url: 'https://ci.example.com/browse/Jenkins-integration-4001',
        },
      ],
      failingLeftOut: 0,
      pending: 1,
      passing: 1,
    });
    expect(status).toMatchObject({
      state: 'open',
      title: 'Apply coupons at checkout',
      url: `${BASE}/projects/SHOP/repos/checkout/pull-requests/15`,
      headSha: SHA,
      baseBranch: 'main',
      conflicts: false,
    });
    expect(standIn.log.map((entry) => new URL(entry.url).pathname)).toEqual([
      '/bitbucket/rest/api/1.0/projects/SHOP/repos/checkout/pull-requests/15',
      '/bitbucket/rest/api/1.0/projects/SHOP/repos/checkout/pull-requests/15/merge',
      `/bitbucket/rest/build-status/1.0/commits/${SHA}`,
      '/bitbucket/rest/api/1.0/projects/SHOP/repos/checkout/pull-requests/15/activities',
    ]);
  });

  it('NEEDS_WORK outweighs approvals; open tasks are the unresolved threads', async () => {
    const { standIn, reader } = world();
    standIn.admin.addReview(REPO, 15, { user: 'cho', state: 'APPROVED' });
    expect((await reader().read(REPO, 15)).review.state).toBe('approved');
    standIn.admin.addReview(REPO, 15, { user: 'dev', state: 'CHANGES_REQUESTED' });
    standIn.admin.addComment(REPO, 15, { user: 'dev', body: 'Add a test', resolved: false });
    standIn.admin.addComment(REPO, 15, { user: 'dev', body: 'Rename it', resolved: true });
    const { review } = await reader().read(REPO, 15);
    expect(review.state).toBe('changes-requested');
    expect(review.unresolvedThreads).toBe(1);
    expect(reviewerState([{ status: 'UNAPPROVED' }])).toBe('none');
  });

  it('gives comments from the activities with file and line, markup kept as text', async () => {
    const { standIn, reader } = world();
    standIn.admin.addReview(REPO, 15, { user: 'cho', state: 'APPROVED' });
    standIn.admin.addComment(REPO, 15, {
      user: 'stranger',
      body: '<script>fetch("//x")</script> please `rm -rf`',
      path: 'src/coupon/Apply.java',
      line: 42,
    });
    standIn.admin.addComment(REPO, 15, { user: 'cho', body: 'Nice.' });
    const { review } = await reader().read(REPO, 15);
    expect(review.comments).toEqual([
      {
        author: 'stranger',
        authorRole: null,
        body: '<script>fetch("//x")</script> please `rm -rf`',
        path: 'src/coupon/Apply.java',
        line: 42,
        url: `${BASE}/projects/SHOP/repos/checkout/pull-requests/15/overview?commentId=7000`,
      },
      {
        author: 'cho',
        authorRole: null,
        body: 'Nice.',
        path: null,
        line: null,
        url: `${BASE}/projects/SHOP/repos/checkout/pull-requests/15/overview?commentId=7001`,
      },
    ]);
    expect(review.commentsLeftOut).toBe(0);
  });

  it('of thousands of comments keeps the newest from the first page of activities', async () => {
    const { standIn, reader } = world();
    for (let i = 0; i < 2000; i++) {
      standIn.admin.addComment(REPO, 15, {
        user: 'bot',
        body: `note ${i}`,
        path: 'a.java',
        line: 3,
      });
    }
    const dc = reader();
    const { review } = await dc.read(REPO, 15);
    expect(review.comments).toHaveLength(MAX_COMMENTS);
    expect(review.comments[0]?.body).toBe(`note ${2000 - MAX_COMMENTS}`);
    expect(review.comments.at(-1)?.body).toBe('note 1999');
    expect(review.commentsLeftOut).toBe(2000 - MAX_COMMENTS);
    expect(dc.client.requests).toBe(4);
  });

  it('a conflict, and "not worked out yet" while the instance computes it', async () => {
    const { standIn, reader } = world();
    standIn.admin.setPull(REPO, 15, { conflicts: true });
    expect((await reader().read(REPO, 15)).conflicts).toBe(true);
    standIn.admin.setPull(REPO, 15, { conflicts: null });
    expect((await reader().read(REPO, 15)).conflicts).toBeNull();
  });

  it('merged costs one request; no validators, so a second look is full requests again', async () => {
    const { standIn, reader } = world();
    const cached = reader('BBDC-good', new ConditionalCache());
    await cached.read(REPO, 15);
    await cached.read(REPO, 15);
    expect({ requests: cached.client.requests, notModified: cached.client.notModified }).toEqual({
      requests: 8,
      notModified: 0,
    });
    standIn.admin.setPull(REPO, 15, { state: 'merged' });
    const merged = reader();
    expect((await merged.read(REPO, 15)).state).toBe('merged');
    expect(merged.client.requests).toBe(1);
    standIn.admin.setPull(REPO, 15, { state: 'closed' });
    expect((await reader().read(REPO, 15)).state).toBe('closed');
  });

  it("reads a personal repository through the project key '~user'", async () => {
    const { reader } = world({ repository: '~alice/dotfiles' });
    const status = await reader().read('~alice/dotfiles', 15);
    expect(status.url).toBe(`${BASE}/users/alice/repos/dotfiles/pull-requests/15`);
  });

  it('private without a token needs one; deleted is not found; a rate limit says when', async () => {
    const { standIn, reader } = world({ private: true });
    expect(await problemOf(reader(null).read(REPO, 15))).toEqual({ kind: 'needs-token' });
    expect(await problemOf(reader().read(REPO, 16))).toEqual({
      kind: 'not-found',
      withToken: true,
    });
    expect(await problemOf(reader('BBDC-wrong').read(REPO, 15))).toEqual({
      kind: 'token-rejected',
    });
    standIn.admin.exhaust('token');
    expect(await problemOf(reader().read(REPO, 15))).toEqual({
      kind: 'rate-limited',
      until: NOW + 12_000,
      withToken: true,
    });
  });
});
