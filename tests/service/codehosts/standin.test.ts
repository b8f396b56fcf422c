// The stand-ins on a real listener, asked with the platform's own fetch, as the hosts answer.
import { afterEach, describe, expect, it } from 'vitest';
import { ConditionalCache } from '@/lib/codehosts/http';
import { createGitHubPullReader } from '@/lib/codehosts/pulls/github';
import { createGitLabPullReader } from '@/lib/codehosts/pulls/gitlab';
import { startCodeHostStandIn } from '.';

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((standIn) => standIn.stop()));
});

async function start(host: 'github' | 'gitlab') {
  const standIn = await startCodeHostStandIn({ host, tokens: ['good'] });
  running.push(standIn);
  return standIn;
}

describe('code-host stand-ins over HTTP', () => {
  it('GitHub: ETag on every GET, 304 for a match, free with a token and counted without', async () => {
    const standIn = await start('github');
    standIn.admin.setPull('octo/widgets', 3);
    const url = `${standIn.url}/repos/octo/widgets/pulls/3`;
    const first = await fetch(url, { headers: { authorization: 'Bearer good' } });
    const etag = first.headers.get('etag') ?? '';
    expect([
      first.status,
      etag.startsWith('W/"'),
      first.headers.get('x-ratelimit-remaining'),
    ]).toEqual([200, true, '4999']);
    const again = await fetch(url, {
      headers: { authorization: 'Bearer good', 'if-none-match': etag },
    });
    expect([again.status, await again.text(), again.headers.get('x-ratelimit-remaining')]).toEqual([
      304,
      '',
      '4999',
    ]);
    // Without a token the validator differs (the answer varies on Authorization), and a
    // matching 304 still counts.
    const anonymous = await fetch(url);
    expect(anonymous.headers.get('etag')).not.toBe(etag);
    const anonymousAgain = await fetch(url, {
      headers: { 'if-none-match': anonymous.headers.get('etag') ?? '' },
    });
    expect([anonymousAgain.status, anonymousAgain.headers.get('x-ratelimit-remaining')]).toEqual([
      304,
      '58',
    ]);
  });

  it('GitHub: 404 for a private repository without a token, 403 once the allowance is spent', async () => {
    const standIn = await start('github');
    standIn.admin.addRepository('octo/secret', { private: true });
    standIn.admin.setPull('octo/secret', 1);
    const url = `${standIn.url}/repos/octo/secret/pulls/1`;
    const hidden = await fetch(url);
    expect([hidden.status, (await hidden.json()).message]).toEqual([404, 'Not Found']);
    expect((await fetch(url, { headers: { authorization: 'Bearer good' } })).status).toBe(200);
    standIn.admin.exhaust('anonymous');
    const limited = await fetch(url);
    expect(limited.status).toBe(403);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect((await limited.json()).message).toMatch(/^API rate limit exceeded/);
  });

  it('GitLab: paging headers, 429 with Retry-After and RateLimit-Reset', async () => {
    const standIn = await start('gitlab');
    standIn.admin.setPull('acme/api', 4);
    for (let i = 0; i < 45; i++)
      standIn.admin.addComment('acme/api', 4, { user: 'u', body: `${i}` });
    const url = `${standIn.url}/api/v4/projects/acme%2Fapi/merge_requests/4/discussions?per_page=20`;
    const page = await fetch(url, { headers: { authorization: 'Bearer good' } });
    expect([
      page.headers.get('x-total-pages'),
      page.headers.get('x-next-page'),
      page.headers.get('ratelimit-remaining'),
    ]).toEqual(['3', '2', '1999']);
    standIn.admin.exhaust('token');
    const limited = await fetch(url, { headers: { authorization: 'Bearer good' } });
    expect([limited.status, limited.headers.get('retry-after'), await limited.text()]).toEqual([
      429,
      '60',
      'Retry later\n',
    ]);
    expect(limited.headers.get('ratelimit-reset')).not.toBeNull();
  });

  it('GitLab: members/all wants a token, filters on user_ids, gives each access level', async () => {
    const standIn = await start('gitlab');
    standIn.admin.setPull('acme/api', 4);
    standIn.admin.addMember('acme/api', 'ann', 50);
    standIn.admin.addMember('acme/api', 'ben', 30);
    standIn.admin.addMember('acme/api', 'cid', 10);
    standIn.admin.addComment('acme/api', 4, { user: 'ann', body: 'a' });
    standIn.admin.addComment('acme/api', 4, { user: 'ben', body: 'b' });
    standIn.admin.addComment('acme/api', 4, { user: 'dee', body: 'd' });
    const auth = { headers: { authorization: 'Bearer good' } };
    const notes = await fetch(
      `${standIn.url}/api/v4/projects/acme%2Fapi/merge_requests/4/discussions`,
      auth,
    );
    const ids: Record<string, number> = {};
    for (const discussion of await notes.json()) {
      for (const note of discussion.notes) ids[note.author.username] = note.author.id;
    }
    const members = `${standIn.url}/api/v4/projects/acme%2Fapi/members/all`;
    // Every members route authenticates first, even for a project that does not exist.
    for (const url of [members, `${standIn.url}/api/v4/projects/nobody%2Fnothing/members/all`]) {
      const anonymous = await fetch(url);
      expect([anonymous.status, await anonymous.json()]).toEqual([
        401,
        { message: '401 Unauthorized' },
      ]);
    }
    const wanted = `user_ids[]=${ids.ann}&user_ids[]=${ids.ben}&user_ids[]=${ids.dee}`;
    const listed = await fetch(`${members}?${wanted}&per_page=100`, auth);
    expect(listed.headers.get('x-total')).toBe('2');
    expect(
      (await listed.json()).map(
        (member: { id: number; username: string; access_level: number }) => [
          member.id,
          member.username,
          member.access_level,
        ],
      ),
    ).toEqual([
      [ids.ann, 'ann', 50],
      [ids.ben, 'ben', 30],
    ]);
    // The same user keeps one id everywhere, and GitLab also takes the ids comma-separated.
    const comma = await fetch(`${members}?user_ids=${ids.ben}`, auth);
    expect((await comma.json()).map((member: { username: string }) => member.username)).toEqual([
      'ben',
    ]);
    const all = await fetch(members, auth);
    expect((await all.json()).map((member: { username: string }) => member.username)).toEqual([
      'ann',
      'ben',
      'cid',
    ]);
  });

  it('the readers read a pull request through real HTTP, and a second look costs only 304s', async () => {
    const github = await start('github');
    github.admin.setPull('octo/widgets', 9, { title: 'Fix it' });
    github.admin.addCheck('octo/widgets', 9, {
      name: 'test',
      status: 'completed',
      conclusion: 'failure',
    });
    const reader = createGitHubPullReader({
      apiBase: github.apiBase,
      token: 'good',
      fetch: (input, init) => fetch(input, init),
      cache: new ConditionalCache(),
    });
    expect(
      (await reader.read('octo/widgets', 9)).checks.failing.map((check) => check.name),
    ).toEqual(['test']);
    await reader.read('octo/widgets', 9);
    expect(reader.client.notModified).toBe(5);

    const gitlab = await start('gitlab');
    gitlab.admin.setPull('acme/api', 2, { state: 'merged' });
    const mr = createGitLabPullReader({
      apiBase: gitlab.apiBase,
      token: null,
      fetch: (input, init) => fetch(input, init),
    });
    expect((await mr.read('acme/api', 2)).state).toBe('merged');
  });
});

describe('Bitbucket stand-ins over HTTP', () => {
  it('Cloud: ETag and 304, each counted; 429 with no time once spent', async () => {
    const standIn = await startCodeHostStandIn({ host: 'bitbucket-cloud', tokens: ['good'] });
    running.push(standIn);
    standIn.admin.setPull('acme/app', 5);
    const url = `${standIn.apiBase}/repositories/acme/app/pullrequests/5`;
    const first = await fetch(url, { headers: { authorization: 'Bearer good' } });
    const etag = first.headers.get('etag') ?? '';
    expect([first.status, (await first.json()).state, etag.startsWith('W/"')]).toEqual([
      200,
      'OPEN',
      true,
    ]);
    const again = await fetch(url, {
      headers: { authorization: 'Bearer good', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(standIn.admin.counted('token')).toBe(2);
    standIn.admin.exhaust('token');
    const limited = await fetch(url, { headers: { authorization: 'Bearer good' } });
    expect([limited.status, limited.headers.get('retry-after'), await limited.json()]).toEqual([
      429,
      null,
      { type: 'error', error: { message: 'Rate limit for this resource has been exceeded' } },
    ]);
  });

  it('Data Center: no ETag; 401 for a private repository; 429 with Retry-After', async () => {
    const standIn = await startCodeHostStandIn({ host: 'bitbucket-dc', tokens: ['good'] });
    running.push(standIn);
    standIn.admin.addRepository('OPS/infra', { private: true });
    standIn.admin.setPull('OPS/infra', 2);
    const url = `${standIn.apiBase}/projects/OPS/repos/infra/pull-requests/2`;
    const hidden = await fetch(url);
    expect([hidden.status, (await hidden.json()).errors[0].exceptionName]).toEqual([
      401,
      'com.atlassian.bitbucket.AuthorisationException',
    ]);
    const seen = await fetch(url, { headers: { authorization: 'Bearer good' } });
    expect([seen.status, seen.headers.get('etag'), (await seen.json()).state]).toEqual([
      200,
      null,
      'OPEN',
    ]);
    standIn.admin.exhaust('token');
    const limited = await fetch(url, { headers: { authorization: 'Bearer good' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
