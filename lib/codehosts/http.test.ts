import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import { hostClient } from './hosts';
import { ConditionalCache, retryAfterMs } from './http';
import { problemOf } from './test-support';

const NOW = Date.UTC(2026, 9, 2, 12, 0, 0);
const Pull = z.looseObject({ title: z.string() });

function world(host: 'github' | 'gitlab' = 'github') {
  const standIn = createCodeHostStandIn({ host, tokens: ['good'], now: () => NOW });
  const repository = host === 'github' ? 'octo/widgets' : 'acme/platform/api';
  standIn.admin.setPull(repository, 7, { title: 'Add widgets' });
  const url =
    host === 'github'
      ? `${standIn.apiBase}/repos/octo/widgets/pulls/7`
      : `${standIn.apiBase}/projects/${encodeURIComponent(repository)}/merge_requests/7`;
  return { standIn, url, repository };
}

describe('conditional requests', () => {
  it('asks again with the ETag, takes a 304 from the cache and counts it apart', async () => {
    const { standIn, url } = world();
    const cache = new ConditionalCache();
    const client = hostClient('github', {
      apiBase: standIn.apiBase,
      token: 'good',
      fetch: standIn.fetch,
      cache,
    });
    expect((await client.json(url, Pull)).data?.title).toBe('Add widgets');
    const again = await client.json(url, Pull);
    expect(again.status).toBe(200);
    expect(again.data?.title).toBe('Add widgets');
    expect(standIn.log.map((entry) => entry.status)).toEqual([200, 304]);
    expect({ requests: client.requests, notModified: client.notModified }).toEqual({
      requests: 1,
      notModified: 1,
    });
    // GitHub does not count an authorised 304 against the allowance.
    expect(standIn.admin.counted('token')).toBe(1);
    expect(client.allowance?.remaining).toBe(4999);
  });

  it('reads the new answer when it changed, and keeps it for the next time', async () => {
    const { standIn, url, repository } = world();
    const client = hostClient('github', {
      apiBase: standIn.apiBase,
      token: null,
      fetch: standIn.fetch,
      cache: new ConditionalCache(),
    });
    await client.json(url, Pull);
    standIn.admin.setPull(repository, 7, { title: 'Add widgets, take two' });
    expect((await client.json(url, Pull)).data?.title).toBe('Add widgets, take two');
    expect((await client.json(url, Pull)).data?.title).toBe('Add widgets, take two');
    expect(standIn.log.map((entry) => entry.status)).toEqual([200, 200, 304]);
    // Anonymous: GitHub counts a 304 like any request.
    expect(standIn.admin.counted('anonymous')).toBe(3);
  });

  it('never answers a request with a token from what was read without one', async () => {
    const { standIn, url } = world();
    const cache = new ConditionalCache();
    const options = { apiBase: standIn.apiBase, fetch: standIn.fetch, cache };
    await hostClient('github', { ...options, token: null }).json(url, Pull);
    const withToken = hostClient('github', { ...options, token: 'good' });
    await withToken.json(url, Pull);
    expect(withToken.notModified).toBe(0);
    expect(cache.size).toBe(2);
  });

  it('sends no condition without a cache (skills read as before)', async () => {
    const { standIn, url } = world();
    const client = hostClient('github', {
      apiBase: standIn.apiBase,
      token: null,
      fetch: standIn.fetch,
    });
    await client.json(url, Pull);
    await client.json(url, Pull);
    expect(standIn.log.map((entry) => entry.status)).toEqual([200, 200]);
  });

  it('keeps a bounded number of answers, dropping the least recently used', () => {
    const cache = new ConditionalCache(2);
    const entry = (body: string) => ({ etag: 'W/"x"', lastModified: null, headers: [], body });
    cache.set('a', entry('a'));
    cache.set('b', entry('b'));
    cache.get('a');
    cache.set('c', entry('c'));
    expect([cache.get('a')?.body, cache.get('b'), cache.get('c')?.body]).toEqual([
      'a',
      undefined,
      'c',
    ]);
    const small = new ConditionalCache(10, 5);
    small.set('big', entry('123456'));
    expect(small.size).toBe(0);
  });

  it('GitLab counts a 304 against its allowance, and it is still served from the cache', async () => {
    const { standIn, url } = world('gitlab');
    const client = hostClient('gitlab', {
      apiBase: standIn.apiBase,
      token: 'good',
      fetch: standIn.fetch,
      cache: new ConditionalCache(),
    });
    await client.json(url, Pull);
    expect((await client.json(url, Pull)).data?.title).toBe('Add widgets');
    expect(client.notModified).toBe(1);
    expect(standIn.admin.counted('token')).toBe(2);
  });
});

describe('rate limits', () => {
  it('GitHub: 403 with nothing remaining is a rate limit until the reset it names', async () => {
    const { standIn, url } = world();
    standIn.admin.exhaust('anonymous');
    const client = hostClient('github', {
      apiBase: standIn.apiBase,
      token: null,
      fetch: standIn.fetch,
      now: () => NOW,
    });
    expect(await problemOf(client.json(url, Pull))).toEqual({
      kind: 'rate-limited',
      until: Math.ceil((NOW + 3_600_000) / 1000) * 1000,
      withToken: false,
      limit: 60,
    });
  });

  it('GitHub: a secondary limit with only words waits a minute; with Retry-After, that long', async () => {
    const answers = [
      { message: 'You have exceeded a secondary rate limit. Please wait a few minutes.' },
    ];
    const fetch = async (_: string, __: RequestInit) =>
      new Response(JSON.stringify(answers[0]), {
        status: 403,
        headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '4000' },
      });
    const client = hostClient('github', {
      apiBase: 'https://api.github.com',
      token: 't',
      fetch,
      now: () => NOW,
    });
    expect(await problemOf(client.json('https://api.github.com/repos/a/b', Pull))).toMatchObject({
      kind: 'rate-limited',
      until: NOW + 60_000,
    });
    const later = async () =>
      new Response('{"message":"You have exceeded a secondary rate limit."}', {
        status: 403,
        headers: { 'retry-after': '120' },
      });
    const second = hostClient('github', {
      apiBase: 'https://api.github.com',
      token: 't',
      fetch: later,
      now: () => NOW,
    });
    expect(await problemOf(second.json('https://api.github.com/repos/a/b', Pull))).toMatchObject({
      kind: 'rate-limited',
      until: NOW + 120_000,
    });
  });

  it('GitHub: a 403 for want of access stays "not allowed", with the host\'s words', async () => {
    const fetch = async () =>
      new Response('{"message":"Resource not accessible by personal access token"}', {
        status: 403,
        headers: { 'x-ratelimit-remaining': '4999' },
      });
    const client = hostClient('github', { apiBase: 'https://api.github.com', token: 't', fetch });
    expect(await problemOf(client.json('https://api.github.com/repos/a/b', Pull))).toEqual({
      kind: 'forbidden',
      withToken: true,
      message: 'Resource not accessible by personal access token',
    });
  });

  it('GitLab: 429 is a rate limit until Retry-After says', async () => {
    const { standIn, url } = world('gitlab');
    standIn.admin.exhaust('token');
    const client = hostClient('gitlab', {
      apiBase: standIn.apiBase,
      token: 'good',
      fetch: standIn.fetch,
      now: () => NOW,
    });
    expect(await problemOf(client.json(url, Pull))).toEqual({
      kind: 'rate-limited',
      until: NOW + 60_000,
      withToken: true,
      limit: 2000,
    });
  });

  it('Bitbucket: 429 without any time is a rate limit with no known end', async () => {
    const fetch = async () =>
      new Response(
        '{"type":"error","error":{"message":"Rate limit for this resource has been exceeded"}}',
        { status: 429 },
      );
    const client = hostClient('bitbucket-cloud', {
      apiBase: 'https://api.bitbucket.org/2.0',
      token: null,
      fetch,
    });
    expect(
      await problemOf(client.json('https://api.bitbucket.org/2.0/repositories/a/b', Pull)),
    ).toEqual({
      kind: 'rate-limited',
      until: null,
      withToken: false,
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('30', NOW)).toBe(30_000);
    expect(retryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
  });
});
