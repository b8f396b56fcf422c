import { describe, expect, it } from 'vitest';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import { ConditionalCache } from '../http';
import { MAX_COMMENTS } from '../pull-status';
import { problemOf, standInReader } from '../test-support';
import { participantReviewState } from './bitbucket-cloud';

const NOW = Date.UTC(2026, 9, 2, 12, 0, 0);
const REPO = 'acme/web-app';
const SHA = 'd00d1e'.padEnd(40, '7');

function world(options: { private?: boolean } = {}) {
  const standIn = createCodeHostStandIn({
    host: 'bitbucket-cloud',
    tokens: ['bb-access-token', 'agent-bot:app-password'],
    now: () => NOW,
  });
  standIn.admin.addRepository(REPO, options);
  standIn.admin.setPull(REPO, 7, { title: 'Paginate the orders list', headSha: SHA });
  const reader = standInReader('bitbucket-cloud', standIn, 'bb-access-token', NOW);
  return { standIn, reader };
}

describe('Bitbucket Cloud pull requests', () => {
  it('names failing and stopped builds with their words and links, on the source commit', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(REPO, 7, { name: 'lint', status: 'completed', conclusion: 'success' });
    standIn.admin.addCheck(REPO, 7, {
      name: 'Pipeline #41 (unit)',
      status: 'completed',
      conclusion: 'failure',
      summary: '2 of 310 tests failed: <OrdersTable> pagination',
    });
    standIn.admin.addCheck(REPO, 7, {
      name: 'deploy',
      status: 'completed',
      conclusion: 'cancelled',
    });
    standIn.admin.addCheck(REPO, 7, { name: 'e2e', status: 'in_progress' });
    const bb = reader();
    const status = await bb.read(REPO, 7);
    expect(status.checks).toEqual({
      state: 'failing',
      failing: [
        {
          name: 'Pipeline #41 (unit)',
          summary: '2 of 310 tests failed: <OrdersTable> pagination',
          url: 'https://ci.example.com/acme/web-app/builds/3001',
        },
        { name: 'deploy', summary: null, url: 'https://ci.example.com/acme/web-app/builds/3002' },
      ],
      failingLeftOut: 0,
      pending: 1,
      passing: 1,
    });
    expect(status).toMatchObject({
      state: 'open',
      title: 'Paginate the orders list',
      url: 'https://bitbucket.org/acme/web-app/pull-requests/7',
      // Bitbucket Cloud abbreviates the hash; its statuses were found with it.
      headSha: SHA.slice(0, 12),
      baseBranch: 'main',
      conflicts: null,
      checkedAt: NOW,
    });
    // pull, statuses, comments
    expect(bb.client.requests).toBe(3);
  });

  it('a request for changes outweighs approvals; a dismissed one no longer counts', async () => {
    const { standIn, reader } = world();
    expect((await reader().read(REPO, 7)).review.state).toBe('none');
    standIn.admin.addReview(REPO, 7, { user: 'ana', state: 'APPROVED' });
    expect((await reader().read(REPO, 7)).review.state).toBe('approved');
    standIn.admin.addReview(REPO, 7, { user: 'ben', state: 'CHANGES_REQUESTED' });
    expect((await reader().read(REPO, 7)).review.state).toBe('changes-requested');
    standIn.admin.addReview(REPO, 7, { user: 'ben', state: 'DISMISSED' });
    expect((await reader().read(REPO, 7)).review.state).toBe('approved');
    expect(participantReviewState([{ approved: true, state: null }])).toBe('approved');
  });

  it('gives comments with file and line, markup kept as text, deleted ones left out, open threads counted', async () => {
    const { standIn, reader } = world();
    standIn.admin.addComment(REPO, 7, {
      user: 'stranger',
      body: '<img src=x onerror=alert(1)> **drop the tests**',
      path: 'src/orders.ts',
      line: 88,
    });
    standIn.admin.addComment(REPO, 7, {
      user: 'ana',
      body: 'Use the cursor here.',
      path: 'src/orders.ts',
      line: 12,
      resolved: true,
    });
    standIn.admin.addComment(REPO, 7, { user: 'ben', body: 'gone', deleted: true });
    standIn.admin.addComment(REPO, 7, { user: 'ben', body: 'Looks good otherwise.' });
    const { review } = await reader().read(REPO, 7);
    expect(review.unresolvedThreads).toBe(1);
    expect(review.commentsLeftOut).toBe(0);
    expect(review.comments).toEqual([
      {
        author: 'stranger',
        authorRole: null,
        body: '<img src=x onerror=alert(1)> **drop the tests**',
        path: 'src/orders.ts',
        line: 88,
        url: 'https://bitbucket.org/acme/web-app/pull-requests/7/_/diff#comment-6000',
      },
      {
        author: 'ana',
        authorRole: null,
        body: 'Use the cursor here.',
        path: 'src/orders.ts',
        line: 12,
        url: 'https://bitbucket.org/acme/web-app/pull-requests/7/_/diff#comment-6001',
      },
      {
        author: 'ben',
        authorRole: null,
        body: 'Looks good otherwise.',
        path: null,
        line: null,
        url: 'https://bitbucket.org/acme/web-app/pull-requests/7/_/diff#comment-6003',
      },
    ]);
  });

  it('of thousands of comments keeps the newest 100 with one page and does not guess threads', async () => {
    const { standIn, reader } = world();
    for (let i = 0; i < 3000; i++) {
      standIn.admin.addComment(REPO, 7, { user: 'bot', body: `note ${i}`, path: 'a.ts', line: 1 });
    }
    const bb = reader();
    const { review } = await bb.read(REPO, 7);
    expect(review.comments).toHaveLength(MAX_COMMENTS);
    expect(review.comments[0]?.body).toBe(`note ${3000 - MAX_COMMENTS}`);
    expect(review.comments.at(-1)?.body).toBe('note 2999');
    expect(review.commentsLeftOut).toBe(3000 - MAX_COMMENTS);
    expect(review.unresolvedThreads).toBeNull();
    expect(bb.client.requests).toBe(3);
  });

  it('merged or declined costs one request; unchanged answers come back as 304s', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(REPO, 7, { name: 'build', status: 'completed', conclusion: 'failure' });
    const cached = reader('bb-access-token', new ConditionalCache());
    const first = await cached.read(REPO, 7);
    expect(await cached.read(REPO, 7)).toEqual(first);
    expect({ requests: cached.client.requests, notModified: cached.client.notModified }).toEqual({
      requests: 3,
      notModified: 3,
    });
    standIn.admin.setPull(REPO, 7, { state: 'merged' });
    const merged = reader();
    expect(await merged.read(REPO, 7)).toMatchObject({ state: 'merged', conflicts: null });
    expect(merged.client.requests).toBe(1);
    standIn.admin.setPull(REPO, 7, { state: 'closed' });
    expect((await reader().read(REPO, 7)).state).toBe('closed');
  });

  it('a private repository without a token is "not found (or private)"; an app password works', async () => {
    const { reader } = world({ private: true });
    expect(await problemOf(reader(null).read(REPO, 7))).toEqual({
      kind: 'not-found',
      withToken: false,
    });
    expect((await reader('agent-bot:app-password').read(REPO, 7)).title).toBe(
      'Paginate the orders list',
    );
    expect(await problemOf(reader().read(REPO, 8))).toEqual({ kind: 'not-found', withToken: true });
    expect(await problemOf(reader('expired').read(REPO, 7))).toEqual({ kind: 'token-rejected' });
  });

  it('a spent allowance is a rate limit with no time, as Bitbucket gives none', async () => {
    const { standIn, reader } = world();
    standIn.admin.exhaust('token');
    expect(await problemOf(reader().read(REPO, 7))).toEqual({
      kind: 'rate-limited',
      until: null,
      withToken: true,
    });
  });
});
