// Each server kind serves its own generation and nothing of another: the route tables are
// compared, then every route of the other generations is called on each kind and must come back
// as upstream answers a route it does not have. With the web UI mounted (upstream's default) a
// GET gets the index page and any other method 405; without it FastAPI answers 404 (405 where
// the path exists for another method). Socket.IO exists only on 0.62.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from './http/router';
import type { RunningService } from './index';
import { call, openV0Socket, openV1Socket, startTestService } from './test-support';

type Kind = 'v1' | 'legacy' | 'hosted';

const apiKey = 'kinds-key';
const credentials: Record<Kind, Record<string, string>> = {
  v1: { 'X-Session-API-Key': apiKey },
  // 0.62 guards only its V0 routes with the key; its V1 routes take nothing.
  legacy: { 'X-Session-API-Key': apiKey },
  hosted: { Authorization: `Bearer ${apiKey}` },
};

const services = {} as Record<Kind, RunningService>;
let headless: RunningService;

const key = (route: Route) => `${route.method} ${route.path}`;

function table(svc: RunningService): Route[] {
  return svc.service.mainRoutes().filter((route) => route.contract.source !== 'internal');
}

/** Every route of `from` that `of` does not serve. */
function missing(from: Route[], of: Route[]): Route[] {
  const served = new Set(of.map(key));
  return from.filter((route) => !served.has(key(route)));
}

const sample: Record<string, string> = {
  conversation_id: '7c1f3b2a94de4f0b8a6e2d5b9c0e4f11',
  secret_id: 'NPM_TOKEN',
  sandbox_id: 'sbxRunningWidgets01',
  id: 'sbxRunningWidgets01',
  repository_name: 'octo-org/widgets',
  event_id: '1',
  path: 'src/parser.ts',
};

function concretePath(route: Route): string {
  return route.path.replace(/\{(\w+)(:path)?\}/g, (_, name: string) => sample[name] ?? 'x');
}

/** How `kind` answers each route; the routes it wrongly serves, one line each. */
async function servedAnyway(
  svc: RunningService,
  kind: Kind,
  routes: Route[],
  expectation: (method: string) => { status: number; contentType: RegExp; body?: unknown },
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    const response = await call(`${svc.url}${concretePath(route)}`, {
      method: route.method,
      headers: credentials[kind],
      json: route.method === 'GET' ? undefined : {},
    });
    const expected = expectation(route.method);
    const contentType = response.headers.get('content-type') ?? '';
    const bodyOk =
      expected.body === undefined ||
      JSON.stringify(response.body) === JSON.stringify(expected.body);
    if (response.status !== expected.status || !expected.contentType.test(contentType) || !bodyOk) {
      wrong.push(`${key(route)} → ${response.status} ${contentType} ${response.text.slice(0, 80)}`);
    }
  }
  return wrong;
}

/** A route the kind does not have, with the web UI mounted. */
const withWebUi = (method: string) =>
  method === 'GET'
    ? { status: 200, contentType: /^text\/html/ }
    : { status: 405, contentType: /^application\/json/, body: { detail: 'Method Not Allowed' } };

beforeAll(async () => {
  services.v1 = await startTestService({ server: 'v1', apiKey });
  services.legacy = await startTestService({ server: 'legacy', apiKey, runtime: 'standalone' });
  services.hosted = await startTestService({ server: 'hosted', apiKey });
  headless = await startTestService({ server: 'v1', apiKey, frontend: false });
}, 30_000);

afterAll(async () => {
  await Promise.all([...Object.values(services), headless].map((svc) => svc?.stop()));
});

describe('route tables', () => {
  it('keep the generations apart', () => {
    const v1 = table(services.v1);
    const legacy = table(services.legacy);
    const hosted = table(services.hosted);
    const paths = (routes: Route[]) => routes.map(key);
    // Nothing of V0 (every V0 route lives outside /api/v1) on the 1.x and hosted servers.
    const legacyV0 = legacy.filter(
      (r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/v1'),
    );
    expect(legacyV0.length).toBeGreaterThan(30);
    expect(paths(v1).filter((k) => paths(legacyV0).includes(k))).toEqual([]);
    expect(paths(hosted).filter((k) => paths(legacyV0).includes(k))).toEqual([]);
    // 0.62's history path is not on the later servers, and theirs is not on 0.62.
    expect(paths(v1)).not.toContain('GET /api/v1/events/search');
    expect(paths(legacy)).not.toContain('GET /api/v1/conversation/{conversation_id}/events/search');
    expect(paths(v1)).toContain('GET /api/v1/conversation/{conversation_id}/events/search');
    // The hosted service is the 1.x app server plus its own routes, nothing taken away.
    expect(missing(v1, hosted)).toEqual([]);
    expect(missing(hosted, v1).map(key).sort()).toEqual([
      'DELETE /api/keys/{key_id}',
      'GET /api/keys/current',
      'GET /api/organizations',
      'GET /saas',
      'POST /oauth/device/authorize',
      'POST /oauth/device/token',
    ]);
    // Every 1.x route is in the hosted document; legacy keeps the 0.62 sources.
    expect(v1.filter((r) => r.contract.source !== 'cloud').map(key)).toEqual([]);
    expect(legacy.some((r) => r.contract.source === 'v0')).toBe(true);
  });
});

describe('routes of other generations', () => {
  it('v1 serves none of 0.62 (V0 and its V1 history paths)', async () => {
    const foreign = missing(table(services.legacy), table(services.v1));
    expect(foreign.map(key)).toContain('GET /api/options/config');
    expect(foreign.map(key)).toContain('GET /api/v1/events/search');
    expect(await servedAnyway(services.v1, 'v1', foreign, withWebUi)).toEqual([]);
  });

  it('v1 serves none of the hosted service’s own routes', async () => {
    const foreign = missing(table(services.hosted), table(services.v1));
    expect(await servedAnyway(services.v1, 'v1', foreign, withWebUi)).toEqual([]);
  });

  it('hosted serves none of 0.62', async () => {
    const foreign = missing(table(services.legacy), table(services.hosted));
    expect(await servedAnyway(services.hosted, 'hosted', foreign, withWebUi)).toEqual([]);
  });

  it('legacy serves none of the 1.x or hosted routes, as 0.62 did', async () => {
    const foreign = missing(table(services.hosted), table(services.legacy));
    expect(foreign.map(key)).toContain('GET /api/v1/git/repositories/search');
    expect(foreign.map(key)).toContain('GET /api/v1/conversation/{conversation_id}/events/search');
    expect(foreign.map(key)).toContain('GET /api/v1/web-client/config');
    expect(await servedAnyway(services.legacy, 'legacy', foreign, withWebUi)).toEqual([]);
  });

  it('answers 404 for them when the web UI is not mounted', async () => {
    const foreign = missing(table(services.legacy), table(headless));
    const wrong = await servedAnyway(headless, 'v1', foreign, () => ({
      status: 404,
      contentType: /^application\/json/,
      body: { detail: 'Not Found' },
    }));
    expect(wrong).toEqual([]);
    const otherMethod = await call(`${headless.url}/api/v1/settings`, {
      method: 'PUT',
      headers: credentials.v1,
      json: {},
    });
    expect(otherMethod.status).toBe(405);
  });
});

describe('Socket.IO', () => {
  it('exists only on legacy', async () => {
    const legacy = openV0Socket(services.legacy.url, {
      conversation_id: services.legacy.seedIds.v0.todoApp,
      latest_event_id: '-1',
      session_api_key: apiKey,
    });
    await legacy.connected;
    legacy.socket.close();

    // The upgrade fails in the web UI mount (uvicorn's 500) or is closed by the router before it
    // is accepted (403); the polling transport gets the index page or a 404.
    for (const [svc, upgradeStatus, pollingStatus] of [
      [services.v1, 500, 200],
      [services.hosted, 500, 200],
      [headless, 403, 404],
    ] as const) {
      const upgrade = openV1Socket(
        `${svc.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
      );
      expect(await upgrade.unexpected).toBe(upgradeStatus);
      const polling = await call(`${svc.url}/socket.io/?EIO=4&transport=polling`);
      expect(polling.status).toBe(pollingStatus);
      expect(polling.body).not.toMatchObject({ sid: expect.anything() });
      const client = openV0Socket(svc.url, { conversation_id: String(sample.conversation_id) });
      await expect(client.connected).rejects.toThrow();
      client.socket.close();
    }
  });
});
