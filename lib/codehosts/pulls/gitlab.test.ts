import { describe, expect, it } from 'vitest';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import { ConditionalCache } from '../http';
import { MAX_COMMENTS } from '../pull-status';
import { problemOf, standInReader } from '../test-support';
import { createGitLabPullReader, roleOfAccessLevel } from './gitlab';

const NOW = Date.UTC(2026, 9, 2, 12, 0, 0);
const PROJECT = 'acme/platform/api';

function world(options: { private?: boolean } = {}) {
  const standIn = createCodeHostStandIn({ host: 'gitlab', tokens: ['glpat-good'], now: () => NOW });
  standIn.admin.addRepository(PROJECT, options);
  standIn.admin.setPull(PROJECT, 12, { title: 'Retry flaky uploads' });
  const reader = standInReader('gitlab', standIn, 'glpat-good', NOW);
  return { standIn, reader };
}

describe('GitLab merge requests', () => {
  it("names the head pipeline's failed jobs; a job allowed to fail does not fail it", async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(PROJECT, 12, {
      name: 'lint',
      status: 'completed',
      conclusion: 'success',
    });
    standIn.admin.addCheck(PROJECT, 12, {
      name: 'rspec',
      stage: 'test',
      status: 'completed',
      conclusion: 'failure',
      summary: 'script_failure',
    });
    standIn.admin.addCheck(PROJECT, 12, {
      name: 'audit',
      status: 'completed',
      conclusion: 'failure',
      allowFailure: true,
    });
    standIn.admin.addCheck(PROJECT, 12, { name: 'deploy review', status: 'in_progress' });
    const status = await reader().read(PROJECT, 12);
    expect(status.checks).toEqual({
      state: 'failing',
      failing: [
        {
          name: 'test: rspec',
          summary: 'script failure',
          url: 'https://gitlab.com/acme/platform/api/-/jobs/9001',
        },
      ],
      failingLeftOut: 0,
      pending: 1,
      passing: 2,
    });
    expect(status).toMatchObject({
      state: 'open',
      title: 'Retry flaky uploads',
      url: 'https://gitlab.com/acme/platform/api/-/merge_requests/12',
      baseBranch: 'main',
      conflicts: false,
    });
  });

  it("counts unresolved threads and gives notes with file and line, and each author's role", async () => {
    const { standIn, reader } = world();
    standIn.admin.addMember(PROJECT, 'dana', 40);
    standIn.admin.addMember(PROJECT, 'eli', 20);
    standIn.admin.addComment(PROJECT, 12, {
      user: 'dana',
      body: 'Retry **forever**? <script>x</script>',
      path: 'lib/upload.rb',
      line: 30,
    });
    standIn.admin.addComment(PROJECT, 12, {
      user: 'eli',
      body: 'Fixed?',
      path: 'a.rb',
      line: 2,
      resolved: true,
    });
    standIn.admin.addComment(PROJECT, 12, { user: 'fay', body: 'Nice work overall.' });
    const { review } = await reader().read(PROJECT, 12);
    expect(review.unresolvedThreads).toBe(1);
    expect(review.comments).toEqual([
      {
        author: 'dana',
        authorRole: 'member',
        body: 'Retry **forever**? <script>x</script>',
        path: 'lib/upload.rb',
        line: 30,
        url: 'https://gitlab.com/acme/platform/api/-/merge_requests/12#note_5000',
      },
      {
        author: 'eli',
        authorRole: 'contributor',
        body: 'Fixed?',
        path: 'a.rb',
        line: 2,
        url: 'https://gitlab.com/acme/platform/api/-/merge_requests/12#note_5001',
      },
      {
        author: 'fay',
        authorRole: 'none',
        body: 'Nice work overall.',
        path: null,
        line: null,
        url: 'https://gitlab.com/acme/platform/api/-/merge_requests/12#note_5002',
      },
    ]);
  });

  it('access levels: owner, maintainer and developer may write; reporter, planner, guest may not', () => {
    expect([50, 40, 30, 20, 15, 10, 5].map(roleOfAccessLevel)).toEqual([
      'owner',
      'member',
      'collaborator',
      'contributor',
      'contributor',
      'contributor',
      'contributor',
    ]);
  });

  it("asks the members once a look, for the comments' distinct authors, and only when there are comments", async () => {
    const { standIn, reader } = world();
    const quiet = reader();
    await quiet.read(PROJECT, 12);
    expect(standIn.log.filter((entry) => entry.url.includes('/members'))).toEqual([]);

    standIn.admin.addMember(PROJECT, 'gus', 30);
    for (const user of ['gus', 'hal', 'gus', 'hal', 'gus']) {
      standIn.admin.addComment(PROJECT, 12, { user, body: `from ${user}` });
    }
    const gl = reader();
    const { review } = await gl.read(PROJECT, 12);
    expect(review.comments.map((comment) => comment.authorRole)).toEqual([
      'collaborator',
      'none',
      'collaborator',
      'none',
      'collaborator',
    ]);
    const asked = standIn.log.filter((entry) => entry.url.includes('/members'));
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]?.url ?? '');
    expect(url.pathname).toBe('/api/v4/projects/acme%2Fplatform%2Fapi/members/all');
    expect(url.searchParams.getAll('user_ids[]')).toHaveLength(2);
    expect(gl.client.requests).toBe(quiet.client.requests + 1);
  });

  it('without a token, or when GitLab refuses the list, roles stay unknown and the rest is read', async () => {
    const { standIn } = world();
    standIn.admin.addMember(PROJECT, 'ivy', 50);
    standIn.admin.addComment(PROJECT, 12, { user: 'ivy', body: 'Please split this.' });
    standIn.admin.addReview(PROJECT, 12, { user: 'ivy', state: 'CHANGES_REQUESTED' });

    // GitLab lists members to signed-in users only: without a token it is not asked at all.
    const anonymous = createGitLabPullReader({
      apiBase: standIn.apiBase,
      token: null,
      fetch: standIn.fetch,
      now: () => NOW,
    });
    const open = await anonymous.read(PROJECT, 12);
    expect(open.review.comments[0]?.authorRole).toBeNull();
    expect(standIn.log.some((entry) => entry.url.includes('/members'))).toBe(false);

    for (const refusal of [403, 404, 500]) {
      const refusing = createGitLabPullReader({
        apiBase: standIn.apiBase,
        token: 'glpat-good',
        fetch: (input, init) =>
          input.includes('/members/all')
            ? Promise.resolve(
                new Response(JSON.stringify({ message: `${refusal} Forbidden` }), {
                  status: refusal,
                  headers: { 'content-type': 'application/json' },
                }),
              )
            : standIn.fetch(input, init),
        now: () => NOW,
      });
      const status = await refusing.read(PROJECT, 12);
      expect(status.review.comments[0]).toMatchObject({
        author: 'ivy',
        authorRole: null,
        body: 'Please split this.',
      });
      expect(status.review.state).toBe('changes-requested');
    }
  });

  it('a reviewer requesting changes outweighs approvals; approvals alone approve', async () => {
    const { standIn, reader } = world();
    standIn.admin.addReview(PROJECT, 12, { user: 'gus', state: 'APPROVED' });
    expect((await reader().read(PROJECT, 12)).review.state).toBe('approved');
    standIn.admin.addReview(PROJECT, 12, { user: 'hal', state: 'CHANGES_REQUESTED' });
    expect((await reader().read(PROJECT, 12)).review.state).toBe('changes-requested');
  });

  it('says a conflict, and "not worked out yet" while GitLab is checking', async () => {
    const { standIn, reader } = world();
    standIn.admin.setPull(PROJECT, 12, { conflicts: true });
    expect((await reader().read(PROJECT, 12)).conflicts).toBe(true);
    standIn.admin.setPull(PROJECT, 12, { conflicts: null });
    expect((await reader().read(PROJECT, 12)).conflicts).toBeNull();
  });

  it('of thousands of notes keeps the newest, counts the rest, and does not guess threads', async () => {
    const { standIn, reader } = world();
    for (let i = 0; i < 1200; i++) {
      standIn.admin.addComment(PROJECT, 12, {
        user: 'bot',
        body: `note ${i}`,
        path: 'a.rb',
        line: 1,
      });
    }
    const gl = reader();
    const { review } = await gl.read(PROJECT, 12);
    expect(review.comments).toHaveLength(MAX_COMMENTS);
    expect(review.comments.at(-1)?.body).toBe('note 1199');
    expect(review.commentsLeftOut).toBe(1200 - MAX_COMMENTS);
    expect(review.unresolvedThreads).toBeNull();
  });

  it('merged: one request; unchanged: served from 304s', async () => {
    const { standIn, reader } = world();
    standIn.admin.addCheck(PROJECT, 12, {
      name: 'build',
      status: 'completed',
      conclusion: 'success',
    });
    const gl = reader('glpat-good', new ConditionalCache());
    const first = await gl.read(PROJECT, 12);
    expect(await gl.read(PROJECT, 12)).toEqual(first);
    expect(gl.client.notModified).toBe(gl.client.requests);
    standIn.admin.setPull(PROJECT, 12, { state: 'merged' });
    const fresh = reader();
    expect((await fresh.read(PROJECT, 12)).state).toBe('merged');
    expect(fresh.client.requests).toBe(1);
  });

  it('a private project without a token is "not found (or private)"; a spent allowance waits', async () => {
    const { standIn, reader } = world({ private: true });
    expect(await problemOf(reader(null).read(PROJECT, 12))).toEqual({
      kind: 'not-found',
      withToken: false,
    });
    standIn.admin.exhaust('token');
    expect(await problemOf(reader().read(PROJECT, 12))).toMatchObject({
      kind: 'rate-limited',
      until: NOW + 60_000,
    });
  });
});
