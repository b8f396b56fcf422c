// The `v1` kind's quirks, each as upstream's 1.x app server has it (openhands/app_server at
// 11ca68ab2, release 1.11.0): where the key is checked, nested settings, provider tokens, git,
// the start request with a suggested task, pending messages, history paging, sandboxes, limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { call, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const apiKey = 'app-server-key';
const auth = { 'X-Session-API-Key': apiKey };

let svc: RunningService;
const api = (path: string) => `${svc.url}${path}`;
const get = <T = Json>(path: string) => call<T>(api(path), { headers: auth });
const send = <T = Json>(method: string, path: string, json?: unknown) =>
  call<T>(api(path), { method, headers: auth, json });

async function startTask(body: Json, service = svc): Promise<Json> {
  const task = await call<Json>(`${service.url}/api/v1/app-conversations`, {
    method: 'POST',
    headers: auth,
    json: body,
  });
  expect(task.status).toBe(200);
  return task.body;
}

async function untilReady(taskId: string, service = svc): Promise<Json> {
  return waitFor(async () => {
    const r = await call<Json[]>(
      `${service.url}/api/v1/app-conversations/start-tasks?ids=${taskId}`,
      { headers: auth },
    );
    const task = r.body[0];
    if (task?.status === 'ERROR') throw new Error(`start task failed: ${task.detail}`);
    return task?.status === 'READY' ? task : null;
  });
}

beforeAll(async () => {
  svc = await startTestService({ apiKey, scenario: 'finish-quickly' });
});

afterAll(async () => {
  await svc?.stop();
});

describe('the key', () => {
  it('is the default kind, and the key guards every /api/v1 route but the web client config', async () => {
    expect(svc.service.options.server).toBe('v1');
    expect((await call(api('/api/v1/app-conversations/search'))).body).toEqual({
      detail: 'Unauthorized',
    });
    expect((await call(api('/api/v1/settings'))).status).toBe(401);
    expect(
      (await call(api('/api/v1/settings'), { headers: { 'X-Session-API-Key': 'x' } })).status,
    ).toBe(401);
    // Bearer is the hosted service's header; a self-hosted server ignores it.
    expect(
      (await call(api('/api/v1/settings'), { headers: { Authorization: `Bearer ${apiKey}` } }))
        .status,
    ).toBe(401);
    const config = await call<Json>(api('/api/v1/web-client/config'));
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ app_mode: 'oss', providers_configured: [] });
    for (const probe of ['/alive', '/health', '/ready', '/server_info']) {
      expect((await call(api(probe))).status).toBe(200);
    }
  });

  it('is checked after routing: a path the server lacks gets the web UI, key or not', async () => {
    const unknown = await call(api('/api/v1/no-such-route'));
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('is checked before validation, but after the body is decoded', async () => {
    // Invalid query and no key: the key is refused first.
    expect((await call(api('/api/v1/app-conversations/search?limit=1000'))).body).toEqual({
      detail: 'Unauthorized',
    });
    const invalid = await get<{ detail: Json[] }>('/api/v1/app-conversations/search?limit=1000');
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({
      type: 'less_than_equal',
      loc: ['query', 'limit'],
    });
    // A body that is not JSON fails FastAPI's decoding before any dependency runs.
    const garbage = await call<{ detail: Json[] }>(api('/api/v1/settings'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"language": ',
    });
    expect(garbage.status).toBe(422);
    expect(garbage.body.detail[0]?.type).toBe('json_invalid');
  });
});

describe('settings', () => {
  it('are 404 on a fresh install, then nested and deep-merged', async () => {
    const fresh = await startTestService({ apiKey, seed: false });
    try {
      const at = (path: string) => `${fresh.url}${path}`;
      const none = await call(at('/api/v1/settings'), { headers: auth });
      expect(none.status).toBe(404);
      expect(none.body).toEqual({ error: 'Settings not found' });

      const stored = await call(at('/api/v1/settings'), {
        method: 'POST',
        headers: auth,
        json: {
          language: 'de',
          agent_settings_diff: {
            llm: { model: 'openai/gpt-5-2025-08-07', api_key: 'sk-test-1' },
            mcp_config: { docs: { url: 'https://mcp.example.com/sse' } },
          },
          conversation_settings_diff: { confirmation_mode: true },
          no_such_setting: 'ignored',
        },
      });
      expect(stored.body).toEqual({ message: 'Settings stored' });

      const merged = await call(at('/api/v1/settings'), {
        method: 'POST',
        headers: auth,
        json: {
          agent_settings_diff: {
            llm: { base_url: 'https://llm.example.com' },
            mcp_config: { tools: { command: 'npx', args: ['tools-server'] } },
          },
        },
      });
      expect(merged.status).toBe(200);

      const view = await call<Json>(at('/api/v1/settings'), { headers: auth });
      const agent = view.body.agent_settings as Json;
      expect(agent.llm).toMatchObject({
        model: 'openai/gpt-5-2025-08-07',
        base_url: 'https://llm.example.com',
        api_key: null,
      });
      // mcp_config is replaced as a whole, never merged.
      expect(agent.mcp_config).toEqual({ tools: { command: 'npx', args: ['tools-server'] } });
      expect(view.body).toMatchObject({
        language: 'de',
        llm_api_key_set: true,
        provider_tokens_set: {},
        conversation_settings: expect.objectContaining({ confirmation_mode: true }),
      });
      expect(view.body).not.toHaveProperty('no_such_setting');
      expect(view.body).not.toHaveProperty('llm_model');
    } finally {
      await fresh.stop();
    }
  });

  it('refuses the old nested keys with 422 and a bad value with 400', async () => {
    const old = await send('POST', '/api/v1/settings', { agent_settings: { llm: {} } });
    expect(old.status).toBe(422);
    expect(old.body).toEqual({
      error: 'Use *_diff nested settings payloads instead of legacy keys',
      keys: ['agent_settings'],
    });
    const bad = await send('POST', '/api/v1/settings', {
      conversation_settings_diff: { max_iterations: 'many' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('error');
    expect((await send('POST', '/api/v1/settings', [1, 2])).status).toBe(422);
  });
});

describe('provider tokens', () => {
  it('replace the whole map: an empty token keeps the stored one, an omitted provider is dropped', async () => {
    const other = await startTestService({ apiKey });
    try {
      const at = (path: string) => `${other.url}${path}`;
      const before = await call<Json>(at('/api/v1/settings'), { headers: auth });
      expect(before.body.provider_tokens_set).toEqual({
        github: 'github.com',
        gitlab: 'gitlab.com',
      });
      const stored = other.service.data.secrets.provider_tokens.github?.token;
      const posted = await call(at('/api/v1/secrets/git-providers'), {
        method: 'POST',
        headers: auth,
        json: { provider_tokens: { github: { token: '', host: 'github.example.com' } } },
      });
      expect(posted.body).toEqual({ message: 'Git providers stored' });
      const after = await call<Json>(at('/api/v1/settings'), { headers: auth });
      expect(after.body.provider_tokens_set).toEqual({ github: 'github.example.com' });
      expect(other.service.data.secrets.provider_tokens.github?.token).toBe(stored);

      const wrong = await call(at('/api/v1/secrets/git-providers'), {
        method: 'POST',
        headers: auth,
        json: { provider_tokens: { gitlab: { token: 'ghp_NotAGitLabToken000000000000001' } } },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        detail: 'Invalid token. Please make sure it is a valid gitlab token.',
      });

      expect(
        (await call(at('/api/v1/secrets/git-providers'), { method: 'DELETE', headers: auth })).body,
      ).toEqual({ message: 'Unset Git provider tokens' });
      const cleared = await call<Json>(at('/api/v1/settings'), { headers: auth });
      expect(cleared.body.provider_tokens_set).toEqual({});
    } finally {
      await other.stop();
    }
  });
});

describe('custom secrets', () => {
  it('are listed by name, created or overwritten, renamed and deleted', async () => {
    expect((await send('POST', '/api/v1/secrets', { name: 'API_TOKEN', value: 'a' })).status).toBe(
      201,
    );
    expect(
      (await send('POST', '/api/v1/secrets', { name: 'API_TOKEN', value: 'b', description: 'x' }))
        .status,
    ).toBe(201);
    const bad = await send<{ detail: Json[] }>('POST', '/api/v1/secrets', {
      name: '1-bad',
      value: 'v',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]?.type).toBe('value_error');
    const page = await get<{ items: Json[]; next_page_id: string | null }>(
      '/api/v1/secrets/search?limit=1',
    );
    expect(page.body.items).toEqual([{ name: 'API_TOKEN', description: 'x' }]);
    expect(page.body.next_page_id).toBe('API_TOKEN');
    const next = await get<{ items: Json[] }>('/api/v1/secrets/search?limit=1&page_id=API_TOKEN');
    expect(next.body.items.map((s) => s.name)).toEqual(['NPM_TOKEN']);
    expect((await send('PUT', '/api/v1/secrets/API_TOKEN', { name: 'NPM_TOKEN' })).body).toEqual({
      detail: 'Secret NPM_TOKEN already exists',
    });
    expect((await send('PUT', '/api/v1/secrets/GONE', { name: 'GONE' })).status).toBe(404);
    expect((await send('DELETE', '/api/v1/secrets/API_TOKEN')).body).toEqual({
      message: 'Secret deleted successfully',
    });
    expect((await send('DELETE', '/api/v1/secrets/API_TOKEN')).status).toBe(404);
  });
});

describe('git', () => {
  it('answers 403 without a provider token', async () => {
    const bare = await startTestService({ apiKey, seed: false });
    try {
      for (const path of [
        '/api/v1/git/installations/search?provider=github',
        '/api/v1/git/repositories/search?provider=github',
        '/api/v1/git/branches/search?provider=github&repository=octo-org/widgets&query=',
        '/api/v1/git/suggested-tasks/search',
      ]) {
        const r = await call(`${bare.url}${path}`, { headers: auth });
        expect(r.status).toBe(403);
        expect(r.body).toEqual({ detail: 'Git provider token required (such as GitHub).' });
      }
    } finally {
      await bare.stop();
    }
  });

  it('pages with base64 page numbers and knows which routes do not page', async () => {
    const first = await get<{ items: Json[]; next_page_id: string | null }>(
      '/api/v1/git/repositories/search?provider=github&limit=1',
    );
    expect(first.body.items).toHaveLength(1);
    expect(first.body.next_page_id).toBe(Buffer.from('2').toString('base64url'));
    const second = await get<{ items: Json[] }>(
      `/api/v1/git/repositories/search?provider=github&limit=1&page_id=${first.body.next_page_id}`,
    );
    expect(second.body.items[0]?.full_name).not.toBe(first.body.items[0]?.full_name);
    // A search ignores the page: the same first page again.
    const search = (page: string) =>
      get<{ items: Json[] }>(
        `/api/v1/git/repositories/search?provider=github&query=o&limit=1&page_id=${page}`,
      );
    expect((await search('Mg')).body.items).toEqual((await search('Mw')).body.items);
    expect(
      (await get('/api/v1/git/repositories/search?provider=github&sort_order=stars-desc')).status,
    ).toBe(400);
    expect((await get('/api/v1/git/installations/search?provider=gitlab')).body).toEqual({
      detail: "Provider ProviderType.GITLAB doesn't support installations",
    });
    // Bitbucket has no token here: the provider call fails unhandled.
    expect((await get('/api/v1/git/repositories/search?provider=bitbucket')).status).toBe(500);
    const branches = await get<{ items: Json[] }>(
      '/api/v1/git/branches/search?provider=github&repository=octo-org/widgets&query=fix',
    );
    expect(branches.body.items.length).toBeGreaterThan(0);
    const tasks = await get<{ items: Json[] }>('/api/v1/git/suggested-tasks/search');
    expect(
      tasks.body.items.every((t) => ['github', 'gitlab'].includes(String(t.git_provider))),
    ).toBe(true);
  });
});

describe('starting a conversation', () => {
  it('fails with 500 when initial_message comes with suggested_task', async () => {
    const suggested = {
      git_provider: 'github',
      task_type: 'FAILING_CHECKS',
      repo: 'octo-org/widgets',
      issue_number: 482,
      title: 'Fix the parser',
    };
    const both = await send('POST', '/api/v1/app-conversations', {
      initial_message: { content: [{ type: 'text', text: 'mine' }] },
      suggested_task: suggested,
    });
    expect(both.status).toBe(500);
    expect(both.text).toBe('Internal Server Error');

    const task = await startTask({ suggested_task: suggested });
    const ready = await untilReady(String(task.id));
    const [conversation] = (
      await get<Json[]>(`/api/v1/app-conversations?ids=${ready.app_conversation_id}`)
    ).body;
    expect(conversation).toMatchObject({
      trigger: 'suggested_task',
      selected_repository: 'octo-org/widgets',
      git_provider: 'github',
    });
    const events = svc.service.data.app_conversations[String(ready.app_conversation_id)]?.events;
    const first = events?.find((e) => e.kind === 'MessageEvent' && e.source === 'user');
    expect(JSON.stringify(first)).toContain('#482');
  });

  it('advertises the sandbox agent server at http://localhost:<port>', async () => {
    const [conversation] = (
      await get<Json[]>(`/api/v1/app-conversations?ids=${svc.seedIds.v1.parserFix}`)
    ).body;
    expect(String(conversation?.conversation_url)).toMatch(
      new RegExp(`^http://localhost:\\d+/api/conversations/${svc.seedIds.v1.parserFix}$`),
    );
    // The 1.x models' fields.
    expect(conversation).toMatchObject({ agent_kind: 'openhands', tags: {}, acp_server: null });
  });
});

describe('pending messages', () => {
  it('queue under task-<id> while the conversation starts, and reach the agent at READY', async () => {
    const slow = await startTestService({ apiKey, pace: 0.2, scenario: 'finish-quickly' });
    try {
      const task = await startTask(
        { initial_message: { content: [{ type: 'text', text: 'Start here' }] } },
        slow,
      );
      const target = `${slow.url}/api/v1/conversations/task-${task.id}/pending-messages`;
      const queued = [];
      for (const text of ['first while starting', 'second while starting']) {
        queued.push(
          await call<Json>(target, {
            method: 'POST',
            headers: auth,
            json: { role: 'user', content: [{ type: 'text', text }] },
          }),
        );
      }
      expect(queued.map((r) => r.status)).toEqual([201, 201]);
      expect(queued.map((r) => r.body.position)).toEqual([1, 2]);
      expect(queued[0]?.body).toMatchObject({ queued: true, id: expect.any(String) });
      const ready = await untilReady(String(task.id), slow);
      const id = String(ready.app_conversation_id);
      await waitFor(() => {
        const texts = JSON.stringify(slow.service.data.app_conversations[id]?.events ?? []);
        return texts.includes('first while starting') && texts.includes('second while starting');
      });
      expect(slow.service.data.pending_messages).toEqual([]);
    } finally {
      await slow.stop();
    }
  });

  it('refuses an 11th queued message and bad bodies', async () => {
    const target = api(`/api/v1/conversations/task-${'5'.repeat(32)}/pending-messages`);
    const post = (body: string) =>
      call(target, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
    const message = JSON.stringify({ content: [{ type: 'text', text: 'hello' }] });
    for (let i = 1; i <= 10; i++) expect((await post(message)).status).toBe(201);
    const eleventh = await post(message);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      detail: 'Too many pending messages. Maximum 10 messages per conversation.',
    });
    const other = api(`/api/v1/conversations/task-${'6'.repeat(32)}/pending-messages`);
    const bad = (body: string) =>
      call(other, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
    expect((await bad('not json')).body).toEqual({ detail: 'Invalid request body' });
    expect((await bad('{"content": []}')).body).toEqual({
      detail: 'content must be a non-empty list',
    });
    expect((await bad('{"content": [{"type": "text"}]}')).status).toBe(400);
    expect((await bad('[1]')).status).toBe(500);
  });
});

describe('history', () => {
  const id = () => svc.seedIds.v1.parserFixDone;

  it('pages by integer offset at /api/v1/conversation/{id}/events/search', async () => {
    const all = svc.service.data.app_conversations[id()]?.events.length ?? 0;
    expect(all).toBeGreaterThan(10);
    const seen: string[] = [];
    let pageId: string | null = null;
    const offsets: (string | null)[] = [];
    do {
      const query: string = pageId ? `&page_id=${pageId}` : '';
      const page = await get<{ items: Json[]; next_page_id: string | null }>(
        `/api/v1/conversation/${id()}/events/search?limit=5${query}`,
      );
      seen.push(...page.body.items.map((e) => String(e.id)));
      pageId = page.body.next_page_id;
      offsets.push(pageId);
    } while (pageId);
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
    expect(offsets.slice(0, 2)).toEqual(['5', '10']);
    const count = await get(`/api/v1/conversation/${id()}/events/count`);
    expect(count.body).toBe(all);
  });

  it('answers bad paging like upstream: 422 over 100, 500 for a page id that is not an integer', async () => {
    const base = `/api/v1/conversation/${id()}/events/search`;
    const tooMany = await get<{ detail: Json[] }>(`${base}?limit=101`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0]).toMatchObject({ loc: ['query', 'limit'] });
    const word = await get(`${base}?page_id=abc`);
    expect(word.status).toBe(500);
    expect(word.text).toBe('Internal Server Error');
    expect((await get('/api/v1/conversation/not-a-uuid/events/search')).status).toBe(500);
    const unknown = await get(`/api/v1/conversation/${'9'.repeat(32)}/events/search`);
    expect(unknown.body).toEqual({ items: [], next_page_id: null });
    const ids = Array.from({ length: 101 }, () => `id=${'1'.repeat(32)}`).join('&');
    const batch = await get(`/api/v1/conversation/${id()}/events?${ids}`);
    expect(batch.status).toBe(400);
    expect(batch.body).toEqual({ detail: 'Cannot request more than 100 events at once, got 101' });
    // 0.62's history path is gone.
    const old = await get(`/api/v1/events/search?conversation_id__eq=${id()}`);
    expect(old.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('conversation routes of 2026', () => {
  it('send a message only to a running sandbox, rename, list skills and delete', async () => {
    const task = await startTask({ initial_message: { content: [{ type: 'text', text: 'Hi' }] } });
    const ready = await untilReady(String(task.id));
    const conversationId = String(ready.app_conversation_id);
    await svc.admin.waitIdle(conversationId);
    const sent = await send('POST', `/api/v1/app-conversations/${conversationId}/send-message`, {
      content: [{ type: 'text', text: 'more' }],
    });
    expect(sent.body).toMatchObject({ success: true, sandbox_status: 'RUNNING' });
    const renamed = await send('PATCH', `/api/v1/app-conversations/${conversationId}`, {
      title: 'Renamed',
    });
    expect(renamed.body).toMatchObject({ title: 'Renamed' });
    const skills = await get<{ skills: Json[] }>(
      `/api/v1/app-conversations/${svc.seedIds.v1.parserFix}/skills`,
    );
    expect(skills.body.skills.map((s) => s.name)).toContain('testing');

    await svc.admin.failSandbox(String(ready.sandbox_id), 'OOMKilled');
    const failed = await send('POST', `/api/v1/app-conversations/${conversationId}/send-message`, {
      content: [{ type: 'text', text: 'hello?' }],
    });
    expect(failed.status).toBe(503);
    expect((await send('DELETE', `/api/v1/app-conversations/${conversationId}`)).body).toEqual({
      success: true,
    });
    expect((await send('DELETE', `/api/v1/app-conversations/${conversationId}`)).status).toBe(404);
  });

  it('answers 409 to a message for a paused sandbox', async () => {
    const paused = await send(
      'POST',
      `/api/v1/app-conversations/${svc.seedIds.v1.parserFixDone}/send-message`,
      { content: [{ type: 'text', text: 'wake up' }] },
    );
    expect(paused.status).toBe(409);
  });
});

describe('limits and CORS', () => {
  it('delays past 10 requests a second and refuses past 20 with 429 and Retry-After', async () => {
    const limited = await startTestService({ apiKey, rateLimit: true, seed: false });
    try {
      const answers = await Promise.all(
        Array.from({ length: 22 }, () => call(`${limited.url}/alive`)),
      );
      const refused = answers.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0]?.body).toEqual({ message: 'Too many requests' });
      expect(refused[0]?.headers.get('retry-after')).toBe('1');
      // Resuming a sandbox is never counted.
      const resumes = await Promise.all(
        Array.from({ length: 25 }, () =>
          call(`${limited.url}/api/v1/sandboxes/none/resume`, { method: 'POST', headers: auth }),
        ),
      );
      expect(resumes.every((r) => r.status === 404)).toBe(true);
    } finally {
      await limited.stop();
    }
  });

  it('lets any origin in while no CORS origins are configured', async () => {
    const origin = 'chrome-extension://abcdefghijklmnop';
    const r = await call(api('/api/v1/web-client/config'), { headers: { Origin: origin } });
    expect(r.headers.get('access-control-allow-origin')).toBe(origin);
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    const listed = await startTestService({
      apiKey,
      seed: false,
      corsOrigins: ['https://a.example'],
    });
    try {
      const refused = await call(`${listed.url}/api/v1/web-client/config`, {
        headers: { Origin: origin },
      });
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await listed.stop();
    }
  });
});
