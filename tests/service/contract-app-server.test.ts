// Contract self-check of the app-server kinds: `v1` (OpenHands 1.7–1.11 self-hosted) and `hosted`.
// Both run upstream's one app server (openhands/app_server), whose only published document is
// the hosted service's OpenAPI; the self-hosted server mounts the same routers without the
// enterprise ones. Every route of the kind's main table must be defined there (method, path,
// parameter names, body presence) and be exercised by a probe whose real answer validates
// against the document's response schema and, where lib/api defines the endpoint, its zod schema.
// A route without a probe, or a probe without a route, fails the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpointResponses } from '@/lib/api/endpoints/responses';
import { createDocumentChecker, type Json, libEndpoints } from './contract-support';
import type { Route } from './http/router';
import type { RunningService } from './index';
import { call, startTestService, waitFor } from './test-support';

const { ajv, docPath, responseValidator, routeTableProblems } = createDocumentChecker();

interface Answer {
  status: number;
  body: unknown;
}

type Kind = 'v1' | 'hosted';

const apiKey = 'contract-app-server-key';
const credentials: Record<Kind, Record<string, string>> = {
  v1: { 'X-Session-API-Key': apiKey },
  hosted: { Authorization: `Bearer ${apiKey}` },
};

/** Routes every probe must cover, per kind: the main table without the admin endpoint. */
function publicRoutes(service: RunningService): Route[] {
  return service.service.mainRoutes().filter((route) => route.contract.source !== 'internal');
}

const routeKey = (route: Route) => `${route.method} ${route.path}`;

function libEndpointFor(route: Route): string | undefined {
  return libEndpoints.get(`server ${route.method} ${docPath(route)}`);
}

describe.each(['v1', 'hosted'] as const)('the %s kind against the hosted OpenAPI', (kind) => {
  let svc: RunningService;
  const probes = new Map<string, () => Promise<Answer>>();
  const headers = credentials[kind];
  const probe = (method: string, path: string, run: () => Promise<Answer>) =>
    probes.set(`${method} ${path}`, run);

  beforeAll(async () => {
    svc = await startTestService({ server: kind, apiKey, scenario: 'finish-quickly' });
    const u = (path: string) => `${svc.url}${path}`;
    const get = (path: string) => call(u(path), { headers });
    const send = (method: string, path: string, json?: unknown) =>
      call(u(path), { method, headers, json });
    const v1Id = svc.seedIds.v1.parserFix;
    const eventId = String(svc.service.data.app_conversations[v1Id]?.events[3]?.id);
    const specId = svc.service.data.sandbox_specs[0]?.id ?? '';

    probe('GET', '/alive', () => get('/alive'));
    probe('GET', '/health', () => get('/health'));
    probe('GET', '/server_info', () => get('/server_info'));
    probe('GET', '/ready', () => get('/ready'));
    probe('GET', '/api/v1/web-client/config', () => call(u('/api/v1/web-client/config')));
    probe('GET', '/api/v1/users/me', () => get('/api/v1/users/me'));
    probe('GET', '/api/v1/skills/search', () => get('/api/v1/skills/search?limit=2'));
    probe('GET', '/api/v1/config/models/search', () =>
      get('/api/v1/config/models/search?limit=5&query=claude'),
    );
    probe('GET', '/api/v1/config/providers/search', () => get('/api/v1/config/providers/search'));

    probe('GET', '/api/v1/app-conversations/search', () =>
      get('/api/v1/app-conversations/search?limit=10'),
    );
    probe('GET', '/api/v1/app-conversations/count', () => get('/api/v1/app-conversations/count'));
    probe('GET', '/api/v1/app-conversations', () =>
      get(`/api/v1/app-conversations?ids=${v1Id}&ids=${'0'.repeat(32)}`),
    );
    probe('POST', '/api/v1/app-conversations', () =>
      send('POST', '/api/v1/app-conversations', {
        initial_message: { content: [{ type: 'text', text: 'contract' }] },
      }),
    );
    probe('POST', '/api/v1/app-conversations/stream-start', async () => {
      const r = await send('POST', '/api/v1/app-conversations/stream-start', {});
      return { status: r.status, body: JSON.parse(r.text) };
    });
    probe('GET', '/api/v1/app-conversations/start-tasks/search', () =>
      get('/api/v1/app-conversations/start-tasks/search'),
    );
    probe('GET', '/api/v1/app-conversations/start-tasks/count', () =>
      get('/api/v1/app-conversations/start-tasks/count'),
    );
    probe('GET', '/api/v1/app-conversations/start-tasks', () =>
      get(
        `/api/v1/app-conversations/start-tasks?ids=${svc.seedIds.tasks.parserFix}&ids=${'0'.repeat(32)}`,
      ),
    );
    probe('PATCH', '/api/v1/app-conversations/{conversation_id}', () =>
      send('PATCH', `/api/v1/app-conversations/${v1Id}`, { title: 'Contract' }),
    );
    probe('DELETE', '/api/v1/app-conversations/{conversation_id}', () =>
      send('DELETE', `/api/v1/app-conversations/${svc.seedIds.v1.parserFixDone}`),
    );
    probe('POST', '/api/v1/app-conversations/{conversation_id}/send-message', () =>
      send('POST', `/api/v1/app-conversations/${v1Id}/send-message`, {
        content: [{ type: 'text', text: 'hi' }],
        run: false,
      }),
    );
    probe('GET', '/api/v1/app-conversations/{conversation_id}/skills', () =>
      get(`/api/v1/app-conversations/${v1Id}/skills`),
    );
    probe('GET', '/api/v1/conversation/{conversation_id}/events/search', () =>
      get(`/api/v1/conversation/${v1Id}/events/search?limit=50`),
    );
    probe('GET', '/api/v1/conversation/{conversation_id}/events/count', () =>
      get(`/api/v1/conversation/${v1Id}/events/count`),
    );
    probe('GET', '/api/v1/conversation/{conversation_id}/events', () =>
      get(`/api/v1/conversation/${v1Id}/events?id=${eventId}&id=${'1'.repeat(32)}`),
    );
    probe('POST', '/api/v1/conversations/{conversation_id}/pending-messages', () =>
      send('POST', `/api/v1/conversations/task-${'2'.repeat(32)}/pending-messages`, {
        content: [{ type: 'text', text: 'queued' }],
      }),
    );

    probe('GET', '/api/v1/settings', () => get('/api/v1/settings'));
    probe('POST', '/api/v1/settings', () =>
      send('POST', '/api/v1/settings', { language: 'en', agent_settings_diff: {} }),
    );
    probe('POST', '/api/v1/secrets/git-providers', () =>
      send('POST', '/api/v1/secrets/git-providers', {
        provider_tokens: {
          github: { token: '', host: 'github.com' },
          gitlab: { token: '', host: 'gitlab.com' },
        },
      }),
    );
    probe('DELETE', '/api/v1/secrets/git-providers', async () => {
      const other = await startTestService({ server: kind, seed: false, apiKey });
      try {
        return await call(`${other.url}/api/v1/secrets/git-providers`, {
          method: 'DELETE',
          headers,
        });
      } finally {
        await other.stop();
      }
    });
    probe('GET', '/api/v1/secrets/search', () => get('/api/v1/secrets/search'));
    probe('POST', '/api/v1/secrets', () =>
      send('POST', '/api/v1/secrets', { name: 'CONTRACT', value: 'v' }),
    );
    probe('PUT', '/api/v1/secrets/{secret_id}', () =>
      send('PUT', '/api/v1/secrets/NPM_TOKEN', { name: 'NPM_TOKEN', description: 'd' }),
    );
    probe('DELETE', '/api/v1/secrets/{secret_id}', () =>
      send('DELETE', '/api/v1/secrets/CONTRACT'),
    );

    probe('GET', '/api/v1/git/installations/search', () =>
      get('/api/v1/git/installations/search?provider=github&limit=1'),
    );
    probe('GET', '/api/v1/git/repositories/search', () =>
      get('/api/v1/git/repositories/search?provider=github&limit=1'),
    );
    probe('GET', '/api/v1/git/branches/search', () =>
      get('/api/v1/git/branches/search?provider=github&repository=octo-org/widgets&query='),
    );
    probe('GET', '/api/v1/git/suggested-tasks/search', () =>
      get('/api/v1/git/suggested-tasks/search?limit=2'),
    );

    probe('GET', '/api/v1/sandboxes/search', () => get('/api/v1/sandboxes/search'));
    probe('GET', '/api/v1/sandboxes', () =>
      get(`/api/v1/sandboxes?id=${svc.seedIds.sandboxes.running}&id=none`),
    );
    probe('POST', '/api/v1/sandboxes', () => send('POST', '/api/v1/sandboxes'));
    probe('POST', '/api/v1/sandboxes/{sandbox_id}/pause', async () => {
      const created = await send('POST', '/api/v1/sandboxes');
      return send('POST', `/api/v1/sandboxes/${(created.body as Json).id}/pause`);
    });
    probe('POST', '/api/v1/sandboxes/{sandbox_id}/resume', async () => {
      const created = await send('POST', '/api/v1/sandboxes');
      const id = String((created.body as Json).id);
      await waitFor(
        async () =>
          ((await get(`/api/v1/sandboxes?id=${id}`)).body as Json[])[0]?.status === 'RUNNING',
      );
      await send('POST', `/api/v1/sandboxes/${id}/pause`);
      return send('POST', `/api/v1/sandboxes/${id}/resume`);
    });
    probe('DELETE', '/api/v1/sandboxes/{id}', async () => {
      const created = await send('POST', '/api/v1/sandboxes');
      const id = (created.body as Json).id;
      return send('DELETE', `/api/v1/sandboxes/${id}?sandbox_id=${id}`);
    });
    probe('GET', '/api/v1/sandbox-specs/search', () => get('/api/v1/sandbox-specs/search'));
    probe('GET', '/api/v1/sandbox-specs', () => get(`/api/v1/sandbox-specs?id=${specId}&id=none`));

    if (kind === 'hosted') {
      probe('GET', '/api/organizations', () => get('/api/organizations?limit=1'));
      probe('GET', '/saas', () => get('/saas'));
      // The device sign-in needs no credential; its token route answers 200 once approved.
      probe('POST', '/oauth/device/authorize', () =>
        call(u('/oauth/device/authorize'), { method: 'POST' }),
      );
      probe('POST', '/oauth/device/token', async () => {
        const code = await call<Json>(u('/oauth/device/authorize'), { method: 'POST' });
        await svc.admin.approveDeviceCode({ userCode: String(code.body.user_code) });
        return call(u('/oauth/device/token'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `device_code=${code.body.device_code}`,
        });
      });
      probe('GET', '/api/keys/current', () => get('/api/keys/current'));
      // A key of its own to delete: the probes' key must keep working.
      probe('DELETE', '/api/keys/{key_id}', async () => {
        const code = await call<Json>(u('/oauth/device/authorize'), { method: 'POST' });
        await svc.admin.approveDeviceCode({ userCode: String(code.body.user_code) });
        const token = await call<Json>(u('/oauth/device/token'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `device_code=${code.body.device_code}`,
        });
        const headers = { Authorization: `Bearer ${token.body.access_token}` };
        const current = await call<Json>(u('/api/keys/current'), { headers });
        return call(u(`/api/keys/${current.body.id}`), { method: 'DELETE', headers });
      });
    }
  }, 30_000);

  afterAll(async () => {
    await svc?.stop();
  });

  it('defines every route in the hosted document, with its parameters and body', () => {
    const routes = publicRoutes(svc);
    expect(routes.every((route) => route.contract.source === 'cloud')).toBe(true);
    expect(routeTableProblems(`${kind} main`, routes).problems).toEqual([]);
  });

  it('has a probe for every route and a route for every probe', () => {
    const routes = new Set(publicRoutes(svc).map(routeKey));
    expect([...routes].filter((key) => !probes.has(key))).toEqual([]);
    expect([...probes.keys()].filter((key) => !routes.has(key))).toEqual([]);
  });

  it('answers every probe as the document and lib/api describe', async () => {
    const problems: string[] = [];
    let ajvChecked = 0;
    for (const route of publicRoutes(svc)) {
      const run = probes.get(routeKey(route));
      if (!run) continue;
      const answer = await run();
      if (answer.status >= 300) {
        problems.push(
          `${routeKey(route)}: status ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
        );
        continue;
      }
      const validate = responseValidator(route, answer.status);
      if (validate) {
        ajvChecked++;
        if (!validate(answer.body)) {
          problems.push(`${routeKey(route)}: ${ajv.errorsText(validate.errors).slice(0, 400)}`);
        }
      }
      const endpoint = libEndpointFor(route);
      if (endpoint && answer.body !== undefined) {
        const schema = endpointResponses[
          endpoint as keyof typeof endpointResponses
        ] as z.core.$ZodType;
        const parsed = z.safeParse(schema, answer.body);
        if (!parsed.success) {
          problems.push(
            `${routeKey(route)}: lib/api ${endpoint}: ${JSON.stringify(parsed.error.issues).slice(0, 300)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(ajvChecked).toBeGreaterThan(40);
  }, 30_000);
});
