// The `hosted` kind's own layer over the 1.x app server (upstream enterprise/saas_server.py and
// enterprise/server at 11ca68ab2): credentials before routing, API keys in three headers, the
// browser session, organisations, provider tokens from the login, the per-user rate limit, CORS.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { hostedOrgs } from './routes/hosted';
import { call, startTestService } from './test-support';

type Json = Record<string, unknown>;

const apiKey = 'sk-oh-hosted-test';
const bearer = { Authorization: `Bearer ${apiKey}` };

let svc: RunningService;
const api = (path: string) => `${svc.url}${path}`;

beforeAll(async () => {
  svc = await startTestService({ server: 'hosted', apiKey });
});

afterAll(async () => {
  await svc?.stop();
});

describe('credentials', () => {
  it('are required on every /api path before routing, except the web client config', async () => {
    for (const path of ['/api/v1/settings', '/api/v1/no-such-route', '/api/conversations']) {
      const r = await call(api(path));
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'NoCredentialsError' });
    }
    const config = await call<Json>(api('/api/v1/web-client/config'));
    expect(config.body).toMatchObject({
      app_mode: 'saas',
      feature_flags: expect.objectContaining({ deployment_mode: 'cloud' }),
    });
    expect((await call(api('/alive'))).status).toBe(200);
  });

  it('take the key as Bearer, then X-Session-API-Key, X-Access-Token, the api_key cookie', async () => {
    for (const headers of [
      bearer as Record<string, string>,
      { 'X-Session-API-Key': apiKey },
      { 'X-Access-Token': apiKey },
      { Cookie: `api_key=${apiKey}` },
    ]) {
      expect((await call(api('/api/v1/settings'), { headers })).status).toBe(200);
    }
    // A wrong Bearer wins over a right key in the next header.
    const mixed = await call(api('/api/v1/settings'), {
      headers: { Authorization: 'Bearer wrong', 'X-Session-API-Key': apiKey },
    });
    expect(mixed.status).toBe(401);
    expect(mixed.body).toEqual({ error: 'NoCredentialsError' });
    // Any credential passes the middleware; a route the server lacks then gets the web UI.
    const unknown = await call(api('/api/v1/no-such-route'), {
      headers: { Authorization: 'Bearer wrong' },
    });
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('accept the browser session until it expires', async () => {
    const { cookie } = await svc.admin.hostedSession();
    expect((await call(api('/api/v1/settings'), { headers: { Cookie: cookie } })).status).toBe(200);
    const forged = await call(api('/api/v1/settings'), {
      headers: { Cookie: 'keycloak_auth=forged' },
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Invalid authentication token' });
    await svc.admin.hostedSession(true);
    try {
      const expired = await call(api('/api/v1/settings'), { headers: { Cookie: cookie } });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ error: 'ExpiredError' });
      // An API key does not depend on the browser session.
      expect((await call(api('/api/v1/settings'), { headers: bearer })).status).toBe(200);
    } finally {
      await svc.admin.hostedSession(false);
    }
  });

  it('are checked after routing and before validation', async () => {
    const r = await call(api('/api/v1/app-conversations/search?limit=1000'), {
      headers: { Authorization: 'Bearer wrong' },
    });
    expect(r.body).toEqual({ error: 'NoCredentialsError' });
    const invalid = await call(api('/api/v1/app-conversations/search?limit=1000'), {
      headers: bearer,
    });
    expect(invalid.status).toBe(422);
  });
});

describe('organisations', () => {
  it('lists the user’s organisations', async () => {
    const page = await call<Json>(api('/api/organizations'), { headers: bearer });
    expect(page.body).toMatchObject({
      current_org_id: hostedOrgs.find((o) => o.personal)?.id,
      next_page_id: null,
    });
    expect((page.body.items as Json[]).map((o) => o.name)).toEqual(hostedOrgs.map((o) => o.name));
    const first = await call<Json>(api('/api/organizations?limit=1'), { headers: bearer });
    expect(first.body.next_page_id).toBe('1');
  });

  it('take X-Org-Id per request: malformed is 400, an organisation of others 403', async () => {
    const team = hostedOrgs.find((o) => !o.personal)?.id as string;
    const withOrg = (orgId: string) =>
      call(api('/api/v1/app-conversations/search'), { headers: { ...bearer, 'X-Org-Id': orgId } });
    expect((await withOrg(team)).status).toBe(200);
    expect((await withOrg(team.replaceAll('-', '').toUpperCase())).status).toBe(200);
    const malformed = await withOrg('acme');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: 'Invalid X-Org-Id header (must be a UUID)' });
    const stranger = await withOrg(randomUUID());
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ detail: 'User is not a member of the requested organization' });
  });
});

describe('provider tokens', () => {
  it('come from the login: removing the stored ones leaves git working', async () => {
    const own = await startTestService({ server: 'hosted', apiKey, seed: false });
    try {
      const at = (path: string) => `${own.url}${path}`;
      const settings = await call<Json>(at('/api/v1/settings'), { headers: bearer });
      expect(settings.status).toBe(200);
      expect(settings.body.provider_tokens_set).toEqual({
        github: 'github.com',
        gitlab: 'gitlab.com',
      });
      await call(at('/api/v1/secrets/git-providers'), { method: 'DELETE', headers: bearer });
      const repos = await call<Json>(at('/api/v1/git/repositories/search?provider=github'), {
        headers: bearer,
      });
      expect(repos.status).toBe(200);
      expect((repos.body.items as Json[]).length).toBeGreaterThan(0);
    } finally {
      await own.stop();
    }
  });
});

/** A GET from a chosen loopback address, so one user's requests come from two "clients". */
function getFrom(localAddress: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: unknown }>(
    (resolve, reject) => {
      const request = httpRequest(url, { localAddress, headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: JSON.parse(text),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

describe('rate limit', () => {
  it('refuses a user past 10 requests a second with the window in headers', async () => {
    const limited = await startTestService({ server: 'hosted', apiKey, rateLimit: true });
    try {
      // Each address stays under the per-address limiter (10 a second before it delays), so
      // only the per-user window can refuse the eleventh.
      const answers = [];
      for (let i = 0; i < 11; i++) {
        const from = i % 2 === 0 ? '127.0.0.1' : '127.0.0.2';
        answers.push(await getFrom(from, `${limited.url}/api/v1/sandbox-specs/search`, bearer));
      }
      const refused = answers.find((r) => r.status === 429);
      expect(answers.slice(0, 10).every((r) => r.status === 200)).toBe(true);
      expect(refused?.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 second' });
      expect(refused?.headers['x-ratelimit-limit']).toBe('10 per 1 second');
      expect(refused?.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused?.headers['x-ratelimit-reset'])).toBeGreaterThan(1_700_000_000);
      expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.stop();
    }
  });
});

describe('CORS', () => {
  const origin = 'https://somewhere.example';

  it('gives * to requests that carry an API key, and nothing to the others', async () => {
    const keyed = await call(api('/api/v1/settings'), { headers: { ...bearer, Origin: origin } });
    expect(keyed.headers.get('access-control-allow-origin')).toBe('*');
    expect(keyed.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await call(api('/api/v1/settings'), {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const { cookie } = await svc.admin.hostedSession();
    const browser = await call(api('/api/v1/settings'), {
      headers: { Cookie: cookie, Origin: origin },
    });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('access-control-allow-origin')).toBeNull();
    // The credential middleware answers before CORS: its 401 carries no CORS header at all.
    const anonymous = await call(api('/api/v1/settings'), { headers: { Origin: origin } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
  });
});
