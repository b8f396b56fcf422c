// V1 against the reference service with real clients: a start task to READY, the agent server's
// REST and WebSocket (auth modes, full_state first, replay modes, steering), sandboxes and the
// app server's searches, with upstream's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { call, openV1Socket, startTestService, waitFor } from './test-support';

let svc: RunningService;

beforeAll(async () => {
  // What these checks describe is the legacy (0.62) kind.
  svc = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
});
afterAll(async () => {
  await svc.stop();
});

type Json = Record<string, unknown>;
const api = (path: string) => `${svc.url}${path}`;

async function startConversation(text: string, extra: Json = {}): Promise<Json> {
  const task = await call<Json>(api('/api/v1/app-conversations'), {
    method: 'POST',
    json: {
      selected_repository: 'octo-org/widgets',
      selected_branch: 'main',
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text }] },
      ...extra,
    },
  });
  expect(task.status).toBe(200);
  const ready = await waitFor(async () => {
    const r = await call<Json[]>(api(`/api/v1/app-conversations/start-tasks?ids=${task.body.id}`));
    const current = r.body[0] as Json;
    return current.status === 'READY' || current.status === 'ERROR' ? current : null;
  });
  expect(ready.status).toBe('READY');
  const conversations = await call<Json[]>(
    api(`/api/v1/app-conversations?ids=${ready.app_conversation_id}`),
  );
  return conversations.body[0] as Json;
}

function agentBase(conversation: Json): string {
  return String(conversation.conversation_url).replace(/\/api\/conversations\/[0-9a-f]+$/, '');
}

describe('starting a conversation', () => {
  it('walks the start task through every status to READY', async () => {
    const response = await fetch(api('/api/v1/app-conversations/stream-start'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ initial_message: { content: [{ type: 'text', text: 'hi' }] } }),
    });
    const text = await response.text();
    expect(text.startsWith('[\n')).toBe(true);
    const states = JSON.parse(text) as Json[];
    expect(states.map((s) => s.status)).toEqual([
      'WORKING',
      'WAITING_FOR_SANDBOX',
      'PREPARING_REPOSITORY',
      'RUNNING_SETUP_SCRIPT',
      'SETTING_UP_GIT_HOOKS',
      'SETTING_UP_SKILLS',
      'STARTING_CONVERSATION',
      'READY',
    ]);
    const ready = states.at(-1) as Json;
    expect(ready.app_conversation_id).toMatch(/^[0-9a-f]{32}$/);
    expect(ready.agent_server_url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(states[0]?.app_conversation_id).toBeNull();
  });

  it('ends in ERROR with a detail for an inaccessible repository', async () => {
    const task = await call<Json>(api('/api/v1/app-conversations'), {
      method: 'POST',
      json: { selected_repository: 'acme-team/payments', git_provider: 'bitbucket' },
    });
    expect(task.body).toMatchObject({ status: 'WORKING', app_conversation_id: null });
    const done = await waitFor(async () => {
      const r = await call<Json[]>(
        api(`/api/v1/app-conversations/start-tasks?ids=${task.body.id}`),
      );
      return (r.body[0] as Json).status === 'ERROR' ? (r.body[0] as Json) : null;
    });
    expect(done.detail).toContain('acme-team/payments');
  });

  it('returns conversations with their agent-server url and key; batch gets keep order', async () => {
    const conversation = await startConversation('Explain the parser');
    expect(conversation).toMatchObject({
      sandbox_status: 'RUNNING',
      selected_repository: 'octo-org/widgets',
      conversation_url: expect.stringMatching(
        /^http:\/\/localhost:\d+\/api\/conversations\/[0-9a-f]{32}$/,
      ),
      session_api_key: expect.any(String),
    });
    const unknown = '0'.repeat(32);
    const batch = await call<(Json | null)[]>(
      api(`/api/v1/app-conversations?ids=${unknown}&ids=${conversation.id}`),
    );
    expect(batch.body[0]).toBeNull();
    expect(batch.body[1]?.id).toBe(conversation.id);
    const bad = await call<{ detail: Json[] }>(api('/api/v1/app-conversations?ids=not-a-uuid'));
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['query', 'ids', 0] });
    const tooMany = Array.from({ length: 100 }, () => `ids=${unknown}`).join('&');
    expect((await call(api(`/api/v1/app-conversations?${tooMany}`))).status).toBe(500);
    // The same conversation through the V0 routes.
    const v0 = await call<Json>(api(`/api/conversations/${conversation.id}`));
    expect(v0.body).toMatchObject({
      conversation_version: 'V1',
      status: 'RUNNING',
      runtime_status: 'STATUS$READY',
    });
  });

  it('validates page limits like FastAPI', async () => {
    expect((await call(api('/api/v1/app-conversations/search?limit=0'))).body).toEqual({
      detail: [
        {
          type: 'greater_than',
          loc: ['query', 'limit'],
          msg: 'Input should be greater than 0',
          input: '0',
          ctx: { gt: 0 },
        },
      ],
    });
    expect((await call(api('/api/v1/sandboxes/search?limit=101'))).body).toEqual({
      detail: [
        {
          type: 'less_than_equal',
          loc: ['query', 'limit'],
          msg: 'Input should be less than or equal to 100',
          input: '101',
          ctx: { le: 100 },
        },
      ],
    });
    const page = await call<{ items: Json[]; next_page_id: string | null }>(
      api('/api/v1/app-conversations/search?limit=1'),
    );
    expect(page.body.items).toHaveLength(1);
    expect(page.body.next_page_id).not.toBeNull();
  });
});

describe('the agent server', () => {
  it('streams full_state first, then the replay, then live events; steers by frames', async () => {
    const conversation = await startConversation('Say hello');
    const base = agentBase(conversation);
    const key = String(conversation.session_api_key);
    const id = String(conversation.id);
    await svc.admin.waitIdle(id);

    const rec = openV1Socket(
      `${base.replace('http', 'ws')}/sockets/events/${id}?resend_all=true&session_api_key=${key}`,
    );
    await rec.opened;
    await waitFor(() =>
      rec.frames.some(
        (f) => f.kind === 'FinishAction' || (f.action as Json | undefined)?.kind === 'FinishAction',
      ),
    );
    const first = rec.frames[0] as Json;
    expect(first).toMatchObject({ kind: 'ConversationStateUpdateEvent', key: 'full_state' });
    expect((first.value as Json).execution_status).toBe('finished');
    const stored = await svc.admin.storedEvents(id);
    expect(rec.frames.slice(1, stored.events.length + 1).map((f) => f.id)).toEqual(
      stored.events.map((e) => e.id),
    );
    expect(rec.frames[1]?.kind).toBe('SystemPromptEvent');

    rec.ws.send(JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'Thanks!' }] }));
    const echo = await waitFor(() =>
      rec.frames.find(
        (f) =>
          f.kind === 'MessageEvent' && f.source === 'user' && JSON.stringify(f).includes('Thanks!'),
      ),
    );
    expect(echo.id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => rec.frames.find((f) => f.kind === 'MessageEvent' && f.source === 'agent'));
    await waitFor(
      () =>
        rec.frames.filter((f) => f.key === 'execution_status' && f.value === 'finished').length >=
        2,
    );

    rec.ws.send('{"role": "user", ');
    rec.ws.send(JSON.stringify({ content: [] }));
    const errors = await waitFor(() => {
      const found = rec.frames.filter((f) => f.kind === 'ServerErrorEvent');
      return found.length >= 2 ? found : null;
    });
    expect(errors[0]).toMatchObject({ source: 'environment', code: 'JSONDecodeError' });
    expect(errors[1]).toMatchObject({ code: 'ValidationError' });
    expect(String(errors[1]?.detail)).toContain(
      '1 validation error for Message\nrole\n  Field required',
    );
    rec.ws.close();
  });

  it('checks the key before the handshake, supports first-message auth, 4001 and 4004', async () => {
    const conversation = await startConversation('Auth check');
    const base = agentBase(conversation).replace('http', 'ws');
    const id = String(conversation.id);
    const key = String(conversation.session_api_key);

    const wrong = openV1Socket(`${base}/sockets/events/${id}?session_api_key=wrong`);
    expect(await wrong.unexpected).toBe(403);

    const firstMessage = openV1Socket(`${base}/sockets/events/${id}`);
    await firstMessage.opened;
    firstMessage.ws.send(JSON.stringify({ type: 'auth', session_api_key: key }));
    await waitFor(() => firstMessage.frames.find((f) => f.key === 'full_state'));
    firstMessage.ws.close();

    const badAuth = openV1Socket(`${base}/sockets/events/${id}`);
    await badAuth.opened;
    badAuth.ws.send(JSON.stringify({ type: 'auth', session_api_key: 'nope' }));
    expect(await badAuth.closed).toEqual({ code: 4001, reason: 'Authentication failed' });

    const missing = openV1Socket(`${base}/sockets/events/${'1'.repeat(32)}?session_api_key=${key}`);
    expect(await missing.closed).toEqual({ code: 4004, reason: 'Conversation not found' });

    // Header auth for non-browser clients.
    const header = openV1Socket(`${base}/sockets/events/${id}`, { 'X-Session-API-Key': key });
    await waitFor(() => header.frames.find((f) => f.key === 'full_state'));
    header.ws.close();
  });

  it('replays since a timestamp (inclusive); resend_mode wins over resend_all', async () => {
    const conversation = await startConversation('Replay modes');
    const id = String(conversation.id);
    await svc.admin.waitIdle(id);
    const base = agentBase(conversation).replace('http', 'ws');
    const key = String(conversation.session_api_key);
    const stored = (await svc.admin.storedEvents(id)).events;
    const pivot = stored[3] as Json;

    const since = openV1Socket(
      `${base}/sockets/events/${id}?resend_mode=since&after_timestamp=${encodeURIComponent(String(pivot.timestamp))}&session_api_key=${key}`,
    );
    await waitFor(() => since.frames.length >= stored.length - 3 + 1);
    expect(since.frames.slice(1).map((f) => f.id)).toEqual(stored.slice(3).map((e) => e.id));
    since.ws.close();

    const modeWins = openV1Socket(
      `${base}/sockets/events/${id}?resend_mode=since&resend_all=true&session_api_key=${key}`,
    );
    await waitFor(() => modeWins.frames.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(modeWins.frames).toHaveLength(1);
    modeWins.ws.close();

    const badMode = openV1Socket(
      `${base}/sockets/events/${id}?resend_mode=everything&session_api_key=${key}`,
    );
    expect(await badMode.unexpected).toBe(403);
  });

  it('serves events search, counts, single events; run defaults to false; run is 409 while running', async () => {
    const conversation = await startConversation('REST steering');
    const id = String(conversation.id);
    await svc.admin.waitIdle(id);
    const base = `${agentBase(conversation)}/api/conversations/${id}`;
    const headers = { 'X-Session-API-Key': String(conversation.session_api_key) };

    expect((await call(`${base}/events/search`)).body).toEqual({ detail: 'Unauthorized' });
    const page = await call<{ items: Json[]; next_page_id: string | null }>(
      `${base}/events/search?limit=2`,
      { headers },
    );
    expect(page.body.items).toHaveLength(2);
    const next = await call<{ items: Json[] }>(
      `${base}/events/search?limit=2&page_id=${page.body.next_page_id}`,
      { headers },
    );
    expect(next.body.items[0]?.id).toBe(page.body.next_page_id);
    const desc = await call<{ items: Json[] }>(
      `${base}/events/search?sort_order=TIMESTAMP_DESC&limit=1`,
      { headers },
    );
    const all = (await svc.admin.storedEvents(id)).events;
    expect(desc.body.items[0]?.id).toBe(all.at(-1)?.id);
    const messages = await call<{ items: Json[] }>(
      `${base}/events/search?kind=MessageEvent&source=user&body=REST`,
      { headers },
    );
    expect(messages.body.items).toHaveLength(1);
    expect((await call(`${base}/events/count?kind=MessageEvent`, { headers })).body).toBe(1);
    expect((await call(`${base}/events/search?limit=101`, { headers })).status).toBe(500);
    const one = await call<Json>(`${base}/events/${all[0]?.id}`, { headers });
    expect(one.body.id).toBe(all[0]?.id);
    expect((await call(`${base}/events/nope`, { headers })).body).toEqual({ detail: 'Not Found' });
    const unknownConversation = `${agentBase(conversation)}/api/conversations/${'2'.repeat(32)}/events/search`;
    expect((await call(unknownConversation, { headers })).body).toEqual({
      detail: 'Conversation not found: 22222222-2222-2222-2222-222222222222',
    });

    const before = all.length;
    await call(`${base}/events`, {
      method: 'POST',
      headers,
      json: { content: [{ type: 'text', text: 'no run' }] },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await svc.admin.storedEvents(id)).events).toHaveLength(before + 1);
    // Two runs at once: at test pace the agent answers within milliseconds, so a second run
    // sent after the first one's answer may already find it finished.
    const runs = await Promise.all([
      call(`${base}/run`, { method: 'POST', headers }),
      call(`${base}/run`, { method: 'POST', headers }),
    ]);
    const [started, refused] = runs[0].status === 200 ? runs : [runs[1], runs[0]];
    expect(started?.body).toEqual({ success: true });
    expect(refused).toMatchObject({
      status: 409,
      body: { detail: 'Conversation already running. Wait for completion or pause first.' },
    });
    await svc.admin.waitIdle(id);
    const info = await call<Json>(base, { headers });
    expect(info.body).toMatchObject({
      execution_status: 'finished',
      id: expect.stringMatching(/-/),
    });

    const image = await call<{ detail: Json[] }>(`${base}/events`, {
      method: 'POST',
      headers,
      json: { content: [{ type: 'image_url', image_url: { url: 'x' } }], run: true },
    });
    expect(image.status).toBe(422);
    expect(image.body.detail.map((d) => (d.loc as unknown[]).join('.'))).toEqual(
      expect.arrayContaining([
        'body.content.0.TextContent.text',
        'body.content.0.ImageContent.image_urls',
      ]),
    );
  });

  it('pauses, waits for confirmation, accepts and rejects', async () => {
    for (const accept of [true, false]) {
      const conversation = await startConversation('[scenario:awaiting-confirmation] Rebuild');
      const id = String(conversation.id);
      const base = `${agentBase(conversation)}/api/conversations/${id}`;
      const headers = { 'X-Session-API-Key': String(conversation.session_api_key) };
      await waitFor(
        async () =>
          (await call<Json>(base, { headers })).body.execution_status ===
          'waiting_for_confirmation',
      );
      const pending = (await svc.admin.storedEvents(id)).events.findLast(
        (e) => e.kind === 'ActionEvent',
      ) as Json;
      const answer = await call(`${base}/events/respond_to_confirmation`, {
        method: 'POST',
        headers,
        json: { accept, reason: accept ? undefined : 'Not now' },
      });
      expect(answer.body).toEqual({ success: true });
      await svc.admin.waitIdle(id);
      const events = (await svc.admin.storedEvents(id)).events;
      const reply = events.find((e) => e.action_id === pending.id) as Json;
      if (accept) {
        expect(reply.kind).toBe('ObservationEvent');
        expect((await call<Json>(base, { headers })).body.execution_status).toBe('finished');
      } else {
        expect(reply).toMatchObject({ kind: 'UserRejectObservation', rejection_reason: 'Not now' });
        expect((await call<Json>(base, { headers })).body.execution_status).toBe('idle');
        await call(`${base}/events`, {
          method: 'POST',
          headers,
          json: { content: [{ type: 'text', text: 'go' }], run: true },
        });
        await svc.admin.waitIdle(id);
        expect((await call(`${base}/pause`, { method: 'POST', headers })).body).toEqual({
          success: true,
        });
        const last = (await svc.admin.storedEvents(id)).events.slice(-3).map((e) => e.kind);
        expect(last).toContain('ConversationStateUpdateEvent');
      }
    }
  });

  it('reports conversation errors', async () => {
    const conversation = await startConversation('[scenario:error] go');
    const id = String(conversation.id);
    await svc.admin.waitIdle(id);
    const events = (await svc.admin.storedEvents(id)).events;
    expect(events.at(-2)).toMatchObject({
      kind: 'ConversationErrorEvent',
      code: 'BudgetExceededError',
    });
    expect(events.at(-1)).toMatchObject({ key: 'execution_status', value: 'error' });
    const v0 = await call<Json>(api(`/api/conversations/${id}`));
    expect(v0.body.runtime_status).toBe('STATUS$ERROR');
  });
});

describe('sandboxes and searches', () => {
  it('pauses, resumes and deletes sandboxes with the query-parameter quirk', async () => {
    const conversation = await startConversation('Sandbox life');
    const sandboxId = String(conversation.sandbox_id);
    const paused = await call(api(`/api/v1/sandboxes/${sandboxId}/pause`), { method: 'POST' });
    expect(paused.body).toEqual({ success: true });
    const [info] = (await call<Json[]>(api(`/api/v1/sandboxes?id=${sandboxId}&id=missing`))).body;
    expect(info).toMatchObject({ status: 'PAUSED', session_api_key: null, exposed_urls: null });
    const [app] = (await call<Json[]>(api(`/api/v1/app-conversations?ids=${conversation.id}`)))
      .body;
    expect(app).toMatchObject({
      sandbox_status: 'PAUSED',
      execution_status: null,
      conversation_url: null,
      session_api_key: null,
    });
    expect((await call<Json>(api(`/api/conversations/${conversation.id}`))).body.status).toBe(
      'STOPPED',
    );
    expect(
      (await call(api(`/api/v1/sandboxes/${sandboxId}/resume`), { method: 'POST' })).body,
    ).toEqual({ success: true });
    const resumed = await waitFor(async () => {
      const [s] = (await call<Json[]>(api(`/api/v1/sandboxes?id=${sandboxId}`))).body;
      return s?.status === 'RUNNING' ? s : null;
    });
    expect(resumed.session_api_key).toEqual(expect.any(String));
    expect((resumed.exposed_urls as Json[]).map((u) => u.name)).toEqual([
      'AGENT_SERVER',
      'VSCODE',
      'WORKER_1',
      'WORKER_2',
    ]);

    const noQuery = await call(api(`/api/v1/sandboxes/${sandboxId}`), { method: 'DELETE' });
    expect(noQuery.body).toEqual({
      detail: [
        { type: 'missing', loc: ['query', 'sandbox_id'], msg: 'Field required', input: null },
      ],
    });
    const deleted = await call(api(`/api/v1/sandboxes/ignored?sandbox_id=${sandboxId}`), {
      method: 'DELETE',
    });
    expect(deleted.body).toEqual({ success: true });
    const [gone] = (await call<Json[]>(api(`/api/v1/app-conversations?ids=${conversation.id}`)))
      .body;
    expect(gone?.sandbox_status).toBe('MISSING');
    expect((await call<Json>(api(`/api/conversations/${conversation.id}`))).body.status).toBe(
      'ARCHIVED',
    );
    expect((await call(api('/api/v1/sandboxes/none/pause'), { method: 'POST' })).body).toEqual({
      detail: 'Not Found',
    });
  });

  it('searches events, tasks and specs on the app server', async () => {
    const id = svc.seedIds.v1.parserFix;
    const search = await call<{ items: Json[] }>(
      api(`/api/v1/events/search?conversation_id__eq=${id}&kind__eq=MessageEvent`),
    );
    expect(search.body.items.length).toBeGreaterThanOrEqual(3);
    expect(search.body.items.every((e) => e.kind === 'MessageEvent')).toBe(true);
    expect((await call(api(`/api/v1/events/count?conversation_id__eq=${id}`))).body).toBe(26);
    const badKind = await call<{ detail: Json[] }>(api('/api/v1/events/search?kind__eq=Nope'));
    expect(badKind.body.detail[0]?.type).toBe('literal_error');
    // 0.62 had only the path above: the later one falls through to the web UI's page.
    const laterPath = await call(api(`/api/v1/conversation/${id}/events/search?limit=5`));
    expect(laterPath.headers.get('content-type')).toMatch(/^text\/html/);
    const tasks = await call<{ items: Json[] }>(
      api(`/api/v1/app-conversations/start-tasks/search?conversation_id__eq=${id}`),
    );
    expect(tasks.body.items.map((t) => t.id)).toEqual([svc.seedIds.tasks.parserFix]);
    expect(
      (await call(api('/api/v1/app-conversations/start-tasks/count'))).body,
    ).toBeGreaterThanOrEqual(2);
    const specs = await call<{ items: Json[] }>(api('/api/v1/sandbox-specs/search'));
    expect(specs.body.items[0]?.working_dir).toBe('/workspace/project');
  });

  it('renames and deletes V1 conversations through the V0 routes, as 0.62 did', async () => {
    const conversation = await startConversation('Rename me');
    const id = String(conversation.id);
    expect(
      (
        await call(api(`/api/conversations/${id}`), {
          method: 'PATCH',
          json: { title: 'Renamed V1' },
        })
      ).text,
    ).toBe('true');
    const [renamed] = (await call<Json[]>(api(`/api/v1/app-conversations?ids=${id}`))).body;
    expect(renamed?.title).toBe('Renamed V1');
    // The app server's own rename and delete routes came later.
    for (const method of ['PATCH', 'DELETE']) {
      const later = await call(api(`/api/v1/app-conversations/${id}`), { method, json: {} });
      expect(later.body).toEqual({ detail: 'Method Not Allowed' });
    }
    expect((await call(api(`/api/conversations/${id}`), { method: 'DELETE' })).text).toBe('true');
    expect((await call(api(`/api/conversations/${id}`))).text).toBe('null');
  });
});
