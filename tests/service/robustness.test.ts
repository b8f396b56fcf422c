// Garbage against every route: malformed or deeply nested JSON, wrong types, odd path values.
// Each answer must be one upstream could give (422, 400, 401, 404, 405, 409, 410, or the 500s the
// service reproduces on purpose), the service must never hit an error of its own, and it must
// keep serving afterwards.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Route } from './http/router';
import type { RunningService } from './index';
import { call, startTestService } from './test-support';

let svc: RunningService;

beforeAll(async () => {
  // What these checks describe is the legacy (0.62) kind.
  svc = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
});
afterAll(async () => {
  await svc.stop();
});

const bodies: (string | undefined)[] = [
  undefined,
  '{',
  '[]',
  'null',
  '"text"',
  '{"title": 5, "content": {}, "initial_message": [], "provider_tokens": []}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  JSON.stringify({ initial_user_msg: 'x'.repeat(200_000), extra_field: true }),
];

const pathValues: Record<string, string[]> = {
  conversation_id: ['nope', '0'.repeat(32), 'a%2F..%2Fb', 'é'.repeat(40)],
  secret_id: ['MISSING'],
  sandbox_id: ['missing'],
  id: ['missing'],
  repository_name: ['a/b', 'github.com/octo-org/widgets'],
  event_id: ['missing'],
  path: ['x/y'],
};

function concretePaths(route: Route): string[] {
  let paths = [route.path];
  for (const name of route.paramNames) {
    const values = pathValues[name] ?? ['x'];
    paths = paths.flatMap((path) =>
      values.map((value) => path.replace(new RegExp(`\\{${name}(:path)?\\}`), value)),
    );
  }
  return paths;
}

describe('robustness', () => {
  it('answers garbage like upstream on every route and keeps serving', async () => {
    const errors = vi.spyOn(console, 'error');
    const allowed = new Set([200, 201, 400, 401, 404, 405, 409, 410, 413, 422, 500, 503]);
    const agent = svc.agentServerUrl(svc.seedIds.sandboxes.running) as string;
    const agentKey =
      svc.service.data.sandboxes[svc.seedIds.sandboxes.running]?.session_api_key ?? '';
    const targets: [string, Route, Record<string, string>][] = [
      ...svc.service
        .mainRoutes()
        .map((r) => [svc.url, r, {}] as [string, Route, Record<string, string>]),
      ...svc.service
        .agentRoutes(svc.seedIds.sandboxes.running)
        .map(
          (r) =>
            [agent, r, { 'X-Session-API-Key': agentKey }] as [
              string,
              Route,
              Record<string, string>,
            ],
        ),
    ];
    const unexpected: string[] = [];
    for (const [origin, route, headers] of targets) {
      if (route.path.startsWith('/__admin') || route.method === 'DELETE') continue;
      for (const path of concretePaths(route)) {
        for (const body of route.method === 'GET' ? [undefined] : bodies) {
          const answer = await call(`${origin}${path}?limit=abc&ids=zzz&page_id=%00&query=`, {
            method: route.method,
            headers: {
              ...headers,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body,
          });
          if (!allowed.has(answer.status))
            unexpected.push(`${route.method} ${path}: ${answer.status}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
    const ownErrors = errors.mock.calls.filter((args) => String(args[0]).startsWith('[service'));
    errors.mockRestore();
    expect(ownErrors).toEqual([]);
    expect((await call(`${svc.url}/alive`)).body).toEqual({ status: 'ok' });
    const deep = await call(`${svc.url}/api/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expect(deep).toMatchObject({
      status: 400,
      body: { detail: 'There was an error parsing the body' },
    });
  }, 30_000);
});

describe.each(['v1', 'hosted'] as const)('robustness of the %s kind', (kind) => {
  it('answers garbage like upstream on every route and keeps serving', async () => {
    const key = 'robust-key';
    const other = await startTestService({ server: kind, apiKey: key, scenario: 'finish-quickly' });
    const errors = vi.spyOn(console, 'error');
    try {
      const headers: Record<string, string> =
        kind === 'hosted' ? { Authorization: `Bearer ${key}` } : { 'X-Session-API-Key': key };
      // 403: git without a token for the provider asked; 429: the pending-message queue.
      const allowed = new Set([
        200, 201, 400, 401, 403, 404, 405, 409, 410, 413, 422, 429, 500, 503,
      ]);
      const unexpected: string[] = [];
      for (const route of other.service.mainRoutes()) {
        if (route.path.startsWith('/__admin') || route.method === 'DELETE') continue;
        for (const path of concretePaths(route)) {
          for (const body of route.method === 'GET' ? [undefined] : bodies) {
            const answer = await call(
              `${other.url}${path}?limit=abc&ids=zzz&page_id=%00&query=&provider=github`,
              {
                method: route.method,
                headers: {
                  ...headers,
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
                body,
              },
            );
            if (!allowed.has(answer.status)) {
              unexpected.push(`${route.method} ${path}: ${answer.status}`);
            }
          }
        }
      }
      expect(unexpected).toEqual([]);
      const ownErrors = errors.mock.calls.filter((args) => String(args[0]).startsWith('[service'));
      expect(ownErrors).toEqual([]);
      expect((await call(`${other.url}/alive`)).body).toEqual({ status: 'ok' });
    } finally {
      errors.mockRestore();
      await other.stop();
    }
  }, 30_000);
});
