// What agent servers 1.48–1.58 added, against the `agent` kind playing the newest release and
// 1.43.1 for contrast: `/server_info`'s runtime fields and capabilities, run capacity (429),
// stopping a command, one conversation's own bash/file/git routes, repository search, the
// public skills fetched over the network, and the auth that is the same in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWEST_AGENT_SERVER_VERSION } from './agent-server/release';
import type { RunningService } from './index';
import { agentSeedIds, agentSeedPaths } from './seed/agent-server';
import { call, openV1Socket, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'newer-agent-key';
const headers = { 'X-Session-API-Key': KEY };

function client(svc: RunningService) {
  return (path: string, init: Parameters<typeof call>[1] = {}) =>
    call<Json>(`${svc.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
}

function startBody(text: string | null, extra: Json = {}): Json {
  return {
    workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
    agent_settings: { llm: { model: 'anthropic/claude-sonnet-4-5-20250929' } },
    ...(text === null
      ? {}
      : { initial_message: { role: 'user', content: [{ type: 'text', text }], run: true } }),
    ...extra,
  };
}

const message = (text: string, run: boolean) => ({
  role: 'user',
  content: [{ type: 'text', text }],
  run,
});

let svc: RunningService;
let old: RunningService;
let api: ReturnType<typeof client>;
let oldApi: ReturnType<typeof client>;

beforeAll(async () => {
  svc = await startTestService({
    server: 'agent',
    apiKey: KEY,
    scenario: 'finish-quickly',
    maxConcurrentRuns: 2,
  });
  old = await startTestService({
    server: 'agent',
    apiKey: KEY,
    scenario: 'finish-quickly',
    agentVersion: '1.43.1',
    maxConcurrentRuns: 1,
  });
  api = client(svc);
  oldApi = client(old);
});
afterAll(async () => {
  await svc.stop();
  await old.stop();
});

async function statusOf(target: ReturnType<typeof client>, id: string) {
  return (await target(`/api/conversations/${id}`)).body.execution_status;
}

describe('/server_info', () => {
  it('reports the runtime and the newer capabilities from 1.48.0, not before', async () => {
    const info = (await call<Json>(`${svc.url}/server_info`)).body;
    expect(info).toMatchObject({
      version: NEWEST_AGENT_SERVER_VERSION,
      sdk_version: NEWEST_AGENT_SERVER_VERSION,
      conversation_runtime: 'local',
      workspace_mode: 'host',
      app_backend_ingress_url: null,
      build_git_sha: 'unknown',
    });
    expect(info.capabilities).toEqual(
      expect.arrayContaining([
        'conversation_runtime_routes_v1',
        'idempotent_conversation_create_v1',
        'tool_catalog_v1',
        'profile_secret_scope_v1',
        'credential_binding_v1',
      ]),
    );
    // The field order of upstream's ServerInfo model.
    const keys = Object.keys(info);
    expect(keys.indexOf('conversation_runtime')).toBeLessThan(keys.indexOf('capabilities'));
    expect(keys.indexOf('capabilities')).toBeLessThan(keys.indexOf('app_backend_ingress_url'));

    const older = (await call<Json>(`${old.url}/server_info`)).body;
    expect(older.version).toBe('1.43.1');
    expect(older).not.toHaveProperty('conversation_runtime');
    expect(older).not.toHaveProperty('workspace_mode');
    expect(older.capabilities).toEqual([
      'credential_binding_v1',
      'credential_binding_readiness_probe_v1',
      'credential_binding_activation_guard_v1',
    ]);
  });
});

describe('run capacity (1.54.0)', () => {
  it('refuses a new conversation at capacity and writes nothing; an id it has is still 200', async () => {
    await svc.admin.holdRunSlots(2);
    try {
      const before = (await api('/api/conversations/count')).body;
      const id = crypto.randomUUID();
      const refused = await api('/api/conversations', {
        method: 'POST',
        json: startBody('hello', { conversation_id: id }),
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        detail: 'Conversation run limit reached. Retry the request later.',
      });
      // No Retry-After: api.py answers the detail alone.
      expect(refused.headers.get('retry-after')).toBeNull();
      expect((await api(`/api/conversations/${id}`)).status).toBe(404);
      expect((await api('/api/conversations/count')).body).toBe(before);
      // Re-sending the create of a conversation the server has needs no slot.
      const again = await api('/api/conversations', {
        method: 'POST',
        json: startBody(null, { conversation_id: agentSeedIds.conversations.docsTypo }),
      });
      expect(again.status).toBe(200);
    } finally {
      await svc.admin.holdRunSlots(0);
    }
    const id = crypto.randomUUID();
    const created = await api('/api/conversations', {
      method: 'POST',
      json: startBody(null, { conversation_id: id }),
    });
    expect(created.status).toBe(201);
  });

  it('refuses /run and keeps the conversation as it was; 409 still comes first', async () => {
    const idle = await api('/api/conversations', { method: 'POST', json: startBody(null) });
    const id = String(idle.body.id);
    await svc.admin.holdRunSlots(2);
    try {
      const refused = await api(`/api/conversations/${id}/run`, { method: 'POST' });
      expect(refused).toMatchObject({
        status: 429,
        body: { detail: 'Conversation run limit reached. Retry the request later.' },
      });
      expect(await statusOf(api, id)).toBe('idle');
    } finally {
      await svc.admin.holdRunSlots(0);
    }
    expect((await api(`/api/conversations/${id}/run`, { method: 'POST' })).status).toBe(200);
  });

  it('stores a message sent with run:true, then says so with 429; /run later answers it', async () => {
    const idle = await api('/api/conversations', { method: 'POST', json: startBody(null) });
    const id = String(idle.body.id);
    await svc.admin.holdRunSlots(2);
    try {
      const sent = await api(`/api/conversations/${id}/events`, {
        method: 'POST',
        json: message('saved though refused', true),
      });
      expect(sent.status).toBe(429);
      expect(sent.body.detail).toBe(
        `Message saved, but the conversation run limit was reached. Retry POST /api/conversations/${id}/run without resending the message.`,
      );
      const found = await api(
        `/api/conversations/${id}/events/search?body=saved%20though%20refused`,
      );
      expect((found.body.items as Json[]).length).toBe(1);
      expect(await statusOf(api, id)).toBe('idle');
      // The socket's message gets the same words as a ServerErrorEvent, and is stored too.
      const socket = openV1Socket(
        `${svc.url.replace('http', 'ws')}/sockets/events/${id}?session_api_key=${KEY}`,
      );
      await waitFor(() => socket.frames.find((f) => f.key === 'full_state'));
      socket.ws.send(JSON.stringify(message('over the socket', false)));
      const error = await waitFor(() => socket.frames.find((f) => f.kind === 'ServerErrorEvent'));
      expect(error).toMatchObject({
        code: 'ConversationRunLimitExceeded',
        detail: sent.body.detail,
      });
      socket.ws.close();
      const count = await api(`/api/conversations/${id}/events/count?body=over%20the%20socket`);
      expect(count.body).toBe(1);
    } finally {
      await svc.admin.holdRunSlots(0);
    }
    expect((await api(`/api/conversations/${id}/run`, { method: 'POST' })).status).toBe(200);
    await waitFor(async () => (await statusOf(api, id)) === 'finished');
  });

  it('takes a run:true message into a running conversation without a second run', async () => {
    const started = await api('/api/conversations', {
      method: 'POST',
      json: startBody('[scenario:long] keep going'),
    });
    const id = String(started.body.id);
    await waitFor(async () => (await statusOf(api, id)) === 'running');
    // The running conversation holds one slot, the admin the other: the server is full.
    await svc.admin.holdRunSlots(1);
    try {
      const sent = await api(`/api/conversations/${id}/events`, {
        method: 'POST',
        json: message('while it runs', true),
      });
      expect(sent).toMatchObject({ status: 200, body: { success: true } });
      expect((await api(`/api/conversations/${id}/run`, { method: 'POST' })).status).toBe(409);
      const updates = await svc.admin.storedEvents(id);
      const runningUpdates = updates.events.filter(
        (e) => e.key === 'execution_status' && e.value === 'running',
      );
      expect(runningUpdates).toHaveLength(1);
    } finally {
      await svc.admin.holdRunSlots(0);
      await api(`/api/conversations/${id}/interrupt`, { method: 'POST' });
    }
  });

  it('refuses to accept a confirmation at capacity; a rejection needs no slot', async () => {
    const started = await api('/api/conversations', {
      method: 'POST',
      json: startBody('[scenario:awaiting-confirmation] build it'),
    });
    const id = String(started.body.id);
    await waitFor(async () => (await statusOf(api, id)) === 'waiting_for_confirmation');
    await svc.admin.holdRunSlots(2);
    try {
      const accept = await api(`/api/conversations/${id}/events/respond_to_confirmation`, {
        method: 'POST',
        json: { accept: true },
      });
      expect(accept).toMatchObject({
        status: 429,
        body: { detail: 'Conversation run limit reached. Retry the request later.' },
      });
      expect(await statusOf(api, id)).toBe('waiting_for_confirmation');
      const reject = await api(`/api/conversations/${id}/events/respond_to_confirmation`, {
        method: 'POST',
        json: { accept: false },
      });
      expect(reject.status).toBe(200);
    } finally {
      await svc.admin.holdRunSlots(0);
    }
  });

  it('is not there in 1.43.1: its runs are never refused', async () => {
    await old.admin.holdRunSlots(5);
    try {
      const started = await oldApi('/api/conversations', {
        method: 'POST',
        json: startBody('hello'),
      });
      expect(started.status).toBe(201);
    } finally {
      await old.admin.holdRunSlots(0);
    }
  });
});

describe('stopping a command (1.54.0)', () => {
  it('ends the command with -15 and nothing printed; again is fine, unknown 404, garbage 422', async () => {
    const started = await api('/api/bash/start_bash_command', {
      method: 'POST',
      json: { command: 'sleep 600; echo not reached', cwd: agentSeedPaths.home },
    });
    const id = String(started.body.id);
    const other = await api('/api/bash/start_bash_command', {
      method: 'POST',
      json: { command: 'sleep 0.2; echo other', cwd: agentSeedPaths.home },
    });
    const stopped = await api(`/api/bash/bash_commands/${id}/stop`, { method: 'POST' });
    expect(stopped).toMatchObject({ status: 200, body: { success: true } });
    const output = await waitFor(async () => {
      const items = (await api(`/api/bash/bash_events/search?command_id__eq=${id}`)).body
        .items as Json[];
      return items[0];
    });
    expect(output).toMatchObject({ kind: 'BashOutput', exit_code: -15, stdout: null });
    const otherOutput = await waitFor(async () => {
      const items = (
        await api(`/api/bash/bash_events/search?command_id__eq=${String(other.body.id)}`)
      ).body.items as Json[];
      return items[0];
    });
    expect(otherOutput).toMatchObject({ exit_code: 0, stdout: 'other\n' });
    const dashed = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
    expect((await api(`/api/bash/bash_commands/${dashed}/stop`, { method: 'POST' })).status).toBe(
      200,
    );
    const unknown = await api(`/api/bash/bash_commands/${'0'.repeat(32)}/stop`, {
      method: 'POST',
    });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect((await api('/api/bash/bash_commands/not-a-uuid/stop', { method: 'POST' })).status).toBe(
      422,
    );
    expect((await oldApi(`/api/bash/bash_commands/${id}/stop`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe("one conversation's own routes (1.48.0)", () => {
  const conversation = `/api/conversations/${agentSeedIds.conversations.parserFix}`;

  it('runs commands in its workspace by default and refuses a cwd outside it', async () => {
    const pwd = await api(`${conversation}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'pwd' },
    });
    expect(pwd.body).toMatchObject({ exit_code: 0, stdout: `${agentSeedPaths.widgets}\n` });
    for (const cwd of [agentSeedPaths.home, `${agentSeedPaths.widgets}/../..`, 'widgets']) {
      const refused = await api(`${conversation}/bash/execute_bash_command`, {
        method: 'POST',
        json: { command: 'pwd', cwd },
      });
      expect(refused).toMatchObject({
        status: 422,
        body: { detail: 'cwd must be inside the conversation workspace' },
      });
    }
    const unknown = await api(`/api/conversations/${'6'.repeat(32)}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'pwd' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (
        await oldApi(`${conversation}/bash/execute_bash_command`, {
          method: 'POST',
          json: { command: 'pwd' },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps its commands out of the global history and out of other conversations', async () => {
    const ran = await api(`${conversation}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'echo scoped-marker' },
    });
    const commandId = String(ran.body.command_id);
    const own = await api(`${conversation}/bash/bash_events/search?kind__eq=BashCommand`);
    expect((own.body.items as Json[]).some((e) => e.id === commandId)).toBe(true);
    expect((own.body.items as Json[]).find((e) => e.id === commandId)?.cwd).toBe(
      agentSeedPaths.widgets,
    );
    expect((await api(`${conversation}/bash/bash_events/${commandId}`)).status).toBe(200);
    const global = await api('/api/bash/bash_events/search?kind__eq=BashCommand');
    expect((global.body.items as Json[]).some((e) => e.id === commandId)).toBe(false);
    expect((await api(`/api/bash/bash_events/${commandId}`)).status).toBe(404);
    expect(
      (await api(`/api/bash/bash_commands/${commandId}/stop`, { method: 'POST' })).status,
    ).toBe(404);
    const other = `/api/conversations/${agentSeedIds.conversations.docsTypo}`;
    const theirs = await api(`${other}/bash/bash_events/search`);
    expect((theirs.body.items as Json[]).some((e) => e.command_id === commandId)).toBe(false);
  });

  it('stops its own command with -15', async () => {
    const started = await api(`${conversation}/bash/start_bash_command`, {
      method: 'POST',
      json: { command: 'sleep 600' },
    });
    const id = String(started.body.id);
    expect(started.body.cwd).toBe(agentSeedPaths.widgets);
    const stopped = await api(`${conversation}/bash/bash_commands/${id}/stop`, {
      method: 'POST',
    });
    expect(stopped.body).toEqual({ success: true });
    const output = await waitFor(async () => {
      const items = (await api(`${conversation}/bash/bash_events/search?command_id__eq=${id}`)).body
        .items as Json[];
      return items[0];
    });
    expect(output.exit_code).toBe(-15);
  });

  it('reads files and git only inside its workspace', async () => {
    const inside = await api(
      `${conversation}/file/download?path=${agentSeedPaths.widgets}/README.md`,
    );
    expect(inside.status).toBe(200);
    const outside = await api(`${conversation}/file/download?path=/etc/hostname`);
    expect(outside).toMatchObject({
      status: 422,
      body: { detail: 'path must be inside the conversation workspace' },
    });
    const relative = await api(`${conversation}/git/changes?path=README.md`);
    expect(relative.status).toBe(422);
    const sibling = await api(`${conversation}/git/changes?path=${agentSeedPaths.widgets}-other`);
    expect(sibling.status).toBe(422);
    const changes = await api(`${conversation}/git/changes?path=${agentSeedPaths.widgets}`);
    expect(changes.status).toBe(200);
    // The global route serves any path.
    expect((await api('/api/git/changes?path=/etc')).status).toBe(200);
  });

  it('says its runtime is available; an unknown conversation is Not Found', async () => {
    expect((await api(`${conversation}/runtime`)).body).toEqual({
      runtime_status: 'available',
      can_resume: true,
      runtime_error: null,
    });
    expect((await api(`/api/conversations/${'7'.repeat(32)}/runtime`)).body).toEqual({
      detail: 'Not Found',
    });
  });
});

describe('repository search (1.54.0)', () => {
  it('reports a missing token, and refuses other providers and bad parameters', async () => {
    const fresh = await startTestService({ server: 'agent', apiKey: KEY, seed: false });
    try {
      const none = await client(fresh)(
        '/api/git/repositories/search?provider=github&page_id=garbage',
      );
      expect(none).toMatchObject({
        status: 200,
        body: { items: [], next_page_id: null, missing_token: true },
      });
      const gitlab = await client(fresh)('/api/git/repositories/search?provider=gitlab');
      expect(gitlab).toMatchObject({
        status: 400,
        body: { detail: "Repository discovery is not supported for provider 'gitlab'" },
      });
    } finally {
      await fresh.stop();
    }
    expect((await api('/api/git/repositories/search?provider=bitbucket')).status).toBe(400);
    expect((await api('/api/git/repositories/search')).status).toBe(422);
    expect((await api('/api/git/repositories/search?provider=svn')).status).toBe(422);
    expect((await api('/api/git/repositories/search?provider=github&limit=101')).status).toBe(422);
    expect((await api('/api/git/repositories/search?provider=github&page_id=0')).body).toEqual({
      detail: 'Invalid repository page_id',
    });
    expect((await oldApi('/api/git/repositories/search?provider=github')).status).toBe(404);
  });

  it("lists the token's repositories, pushed first, in pages with a page:offset cursor", async () => {
    const first = await api('/api/git/repositories/search?provider=github&limit=2');
    expect(first.status).toBe(200);
    const items = first.body.items as Json[];
    expect(items).toHaveLength(2);
    expect(first.body.missing_token).toBe(false);
    expect(first.body.next_page_id).toBe('1:2');
    expect(Object.keys(items[0] as Json)).toEqual([
      'id',
      'full_name',
      'git_provider',
      'is_public',
      'stargazers_count',
      'pushed_at',
      'main_branch',
    ]);
    expect(String((items[0] as Json).pushed_at) >= String((items[1] as Json).pushed_at)).toBe(true);
    const second = await api(
      `/api/git/repositories/search?provider=github&limit=2&page_id=${first.body.next_page_id}`,
    );
    const names = [...items, ...(second.body.items as Json[])].map((item) => item.full_name);
    expect(new Set(names).size).toBe(names.length);
    const filtered = await api('/api/git/repositories/search?provider=github&query=WIDGETS');
    expect((filtered.body.items as Json[]).map((item) => item.full_name)).toContain(
      'octo-org/widgets',
    );
    for (const item of filtered.body.items as Json[]) {
      expect(String(item.full_name).toLowerCase()).toContain('widgets');
    }
  });

  it('passes a refused token through as 401 and has no network offline (502)', async () => {
    await api('/api/settings/secrets', {
      method: 'PUT',
      json: { name: 'GH_TOKEN', value: 'not-a-github-token' },
    });
    const fresh = await startTestService({ server: 'agent', apiKey: KEY, seed: false });
    const offline = await startTestService({
      server: 'agent',
      apiKey: KEY,
      seed: false,
      offline: true,
    });
    try {
      await client(fresh)('/api/settings/secrets', {
        method: 'PUT',
        json: { name: 'GH_TOKEN', value: 'not-a-github-token' },
      });
      const refused = await client(fresh)('/api/git/repositories/search?provider=github');
      expect(refused).toMatchObject({
        status: 401,
        body: { detail: 'GitHub repository search failed' },
      });
      expect(refused.text).not.toContain('not-a-github-token');
      await client(offline)('/api/settings/secrets', {
        method: 'PUT',
        json: { name: 'github_token', value: 'ghp_LocalReferenceService0000000000000001' },
      });
      const unreachable = await client(offline)('/api/git/repositories/search?provider=github');
      expect(unreachable).toMatchObject({
        status: 502,
        body: {
          detail: 'Internal Server Error',
          exception: '502: GitHub repository search failed',
        },
      });
      expect(unreachable.text).not.toContain('ghp_');
    } finally {
      await fresh.stop();
      await offline.stop();
      await api('/api/settings/secrets/GH_TOKEN', { method: 'DELETE' });
    }
  });
});

describe('POST /api/skills', () => {
  it('loads public skills by default, which is a clone over the network; none offline', async () => {
    const offline = await startTestService({ server: 'agent', apiKey: KEY, offline: true });
    try {
      const offlineApi = client(offline);
      const explicit = await offlineApi('/api/skills', {
        method: 'POST',
        json: {
          load_public: false,
          load_user: false,
          load_org: false,
          project_dir: agentSeedPaths.widgets,
        },
      });
      expect(explicit.status).toBe(200);
      expect((await offline.admin.agentNetwork()).public_skill_fetches).toBe(0);
      // A client that leaves the switches out asks for the public repository.
      const defaults = await offlineApi('/api/skills', {
        method: 'POST',
        json: { project_dir: agentSeedPaths.widgets },
      });
      expect(defaults.status).toBe(200);
      expect(defaults.body.sources).toMatchObject({ sdk_base: 0 });
      expect(await offline.admin.agentNetwork()).toEqual({
        offline: true,
        public_skill_fetches: 1,
      });
      // A failed clone is not remembered: the next request tries again.
      await offlineApi('/api/skills', { method: 'POST', json: {} });
      expect((await offline.admin.agentNetwork()).public_skill_fetches).toBe(2);
    } finally {
      await offline.stop();
    }
    const online = await api('/api/skills', { method: 'POST', json: { load_user: false } });
    expect((online.body.sources as Json).sdk_base).toBeGreaterThan(0);
  });
});

describe('auth on /api and on the socket (1.43.1 and later)', () => {
  it('takes the key only as X-Session-API-Key on /api', async () => {
    for (const target of [svc, old]) {
      const url = `${target.url}/api/conversations/count`;
      expect((await call(url, { headers: { Authorization: `Bearer ${KEY}` } })).status).toBe(401);
      expect((await call(`${url}?session_api_key=${KEY}`)).status).toBe(401);
      expect(
        (await call(url, { headers: { Cookie: `oh_workspace_session_key=${KEY}` } })).status,
      ).toBe(401);
      expect((await call(url, { headers })).status).toBe(200);
    }
  });

  it('closes with 4001 for any first frame but the right auth frame; a wrong header key is a 403', async () => {
    const base = `${svc.url.replace('http', 'ws')}/sockets/events/${agentSeedIds.conversations.docsTypo}`;
    for (const frame of [
      JSON.stringify({ type: 'hello', session_api_key: KEY }),
      JSON.stringify({ type: 'auth' }),
      JSON.stringify([1]),
      'not json',
    ]) {
      const socket = openV1Socket(base);
      await socket.opened;
      socket.ws.send(frame);
      expect(await socket.closed).toEqual({ code: 4001, reason: 'Authentication failed' });
    }
    expect(await openV1Socket(base, { 'X-Session-API-Key': 'wrong' }).unexpected).toBe(403);
    // An unknown conversation is only looked up after the auth.
    const unknown = openV1Socket(`${base.slice(0, base.lastIndexOf('/'))}/${'5'.repeat(32)}`);
    await unknown.opened;
    unknown.ws.send(JSON.stringify({ type: 'auth', session_api_key: 'wrong' }));
    expect((await unknown.closed).code).toBe(4001);
  });

  it('closes a socket that sends no auth frame within 10 s with 4001', async () => {
    const base = `${svc.url.replace('http', 'ws')}/sockets/events/${agentSeedIds.conversations.docsTypo}`;
    const socket = openV1Socket(base);
    await socket.opened;
    const openedAt = Date.now();
    expect(await socket.closed).toEqual({ code: 4001, reason: 'Authentication failed' });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(9_500);
  }, 15_000);
});
