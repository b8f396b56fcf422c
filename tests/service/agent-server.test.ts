// The `agent` server kind: an agent server alone (Agent Canvas, or a bare
// openhands-agent-server, the newest release played), with real clients: discovery and auth,
// settings and encrypted secrets, conversations, steering, events and sockets, the bash routes
// with the simulated git clone, skills from the clone, and what an older release answers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Fernet } from './agent-server/fernet';
import { NEWEST_AGENT_SERVER_VERSION } from './agent-server/release';
import { postFile } from './agent-server-probes';
import type { RunningService } from './index';
import { agentSeedIds, agentSeedPaths } from './seed/agent-server';
import { call, openV1Socket, sleep, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'local-backend-key';
const headers = { 'X-Session-API-Key': KEY };
const GITHUB_TOKEN = 'ghp_LocalReferenceService0000000000000001';

let svc: RunningService;

beforeAll(async () => {
  svc = await startTestService({ server: 'agent', apiKey: KEY, scenario: 'finish-quickly' });
});
afterAll(async () => {
  await svc.stop();
});

const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call<Json>(`${svc.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });

async function bash(command: string, cwd: string | null = agentSeedPaths.workspace, timeout = 30) {
  const answer = await api('/api/bash/execute_bash_command', {
    method: 'POST',
    json: { command, cwd, timeout },
  });
  expect(answer.status).toBe(200);
  return answer.body as {
    id: string;
    command_id: string;
    exit_code: number;
    stdout: string | null;
    stderr: string | null;
    kind: string;
  };
}

function startBody(extra: Json = {}): Json {
  return {
    workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
    agent_settings: { llm: { model: 'anthropic/claude-sonnet-4-5-20250929' } },
    ...extra,
  };
}

async function start(text: string | null, extra: Json = {}) {
  const answer = await api('/api/conversations', {
    method: 'POST',
    json: startBody({
      ...(text === null
        ? {}
        : { initial_message: { role: 'user', content: [{ type: 'text', text }], run: true } }),
      ...extra,
    }),
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const hex = (id: unknown) => String(id).replaceAll('-', '');

/** The `full_state` a new subscriber gets first. */
async function stateOf(id: unknown): Promise<Json> {
  const socket = openV1Socket(
    `${svc.url.replace('http', 'ws')}/sockets/events/${hex(id)}?session_api_key=${KEY}`,
  );
  const frame = await waitFor(() => socket.frames.find((f) => f.key === 'full_state'));
  socket.ws.close();
  return frame.value as Json;
}

describe('discovery and auth', () => {
  it('says it is an agent server without a key; /api needs X-Session-API-Key', async () => {
    const info = await call<Json>(`${svc.url}/server_info`);
    expect(info.body).toMatchObject({
      title: 'OpenHands Agent Server',
      version: NEWEST_AGENT_SERVER_VERSION,
    });
    expect((await call(`${svc.url}/alive`)).body).toEqual({ status: 'ok' });
    expect((await call(`${svc.url}/health`)).body).toEqual({ status: 'ok' });
    expect(await call(`${svc.url}/api/settings`)).toMatchObject({
      status: 401,
      body: { detail: 'Unauthorized' },
    });
    const wrong = await call(`${svc.url}/api/settings`, { headers: { 'X-Session-API-Key': 'x' } });
    expect(wrong.status).toBe(401);
    expect((await api('/api/settings')).status).toBe(200);
  });

  it('serves no /api/v1 route, no V0 route and no web UI', async () => {
    const v1Kind = await startTestService();
    const legacyKind = await startTestService({ server: 'legacy' });
    try {
      const own = svc.service.mainRoutes();
      const ownPattern = (path: string, method: string) =>
        own.some((route) => route.pattern.test(path) && route.method === method);
      // Every route of the app-server kinds: the 1.x app server's and the legacy V0 ones.
      const foreign = [...v1Kind.service.mainRoutes(), ...legacyKind.service.mainRoutes()].filter(
        (route) => !route.path.startsWith('/__admin') && route.auth !== 'none',
      );
      expect(foreign.length).toBeGreaterThan(80);
      const answered: string[] = [];
      for (const route of foreign) {
        const path = route.path
          .replace(/\{[a-z_]+:path\}/g, 'octo-org/widgets')
          .replace(/\{[a-z_]+\}/g, '7c1f3b2a94de4f0b8a6e2d5b9c0e4f11');
        // A path the agent server defines itself (e.g. GET /api/conversations/{id}) is its own.
        if (ownPattern(path, route.method)) continue;
        const answer = await api(path, {
          method: route.method,
          json: route.method === 'GET' ? undefined : {},
        });
        const ok =
          (answer.status === 404 && (answer.body as Json).detail === 'Not Found') ||
          (answer.status === 405 && (answer.body as Json).detail === 'Method Not Allowed');
        if (!ok) answered.push(`${route.method} ${path} → ${answer.status}`);
      }
      expect(answered).toEqual([]);
      expect(own.filter((route) => route.path.startsWith('/api/v1'))).toEqual([]);
      expect(
        own.filter((route) => ['v0', 'cloud', 'documented'].includes(route.contract.source)),
      ).toEqual([]);
      for (const path of [
        '/api/v1/web-client/config',
        '/api/options/config',
        '/',
        '/socket.io/?EIO=4&transport=polling',
      ]) {
        const answer = await call(`${svc.url}${path}`);
        if (path === '/') expect((answer.body as Json).title).toBe('OpenHands Agent Server');
        else expect(answer).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
      }
    } finally {
      await v1Kind.stop();
      await legacyKind.stop();
    }
  });
});

describe('settings and secrets', () => {
  it('redacts secrets, or encrypts them with X-Expose-Secrets: encrypted', async () => {
    const plain = (await api('/api/settings')).body;
    const llm = (plain.agent_settings as Json).llm as Json;
    expect(llm).toMatchObject({
      model: 'anthropic/claude-sonnet-4-5-20250929',
      api_key: '**********',
    });
    expect(plain.llm_api_key_is_set).toBe(true);
    const mcp = (plain.agent_settings as Json).mcp_config as Record<string, Json>;
    expect(mcp.docs).toMatchObject({
      url: 'https://mcp.example.test/sse',
      headers: { Authorization: '**********' },
    });
    const encrypted = (await api('/api/settings', { headers: { 'X-Expose-Secrets': 'encrypted' } }))
      .body;
    const token = ((encrypted.agent_settings as Json).llm as Json).api_key as string;
    expect(token).toMatch(/^gAAAAA[A-Za-z0-9_=-]+$/);
    // The token is Fernet, but of this server's key only.
    expect(new Fernet('some other key').decrypt(token)).toBeNull();
    expect((await api('/api/settings', { headers: { 'X-Expose-Secrets': 'maybe' } })).body).toEqual(
      {
        detail:
          "Invalid X-Expose-Secrets header value: 'maybe'. Valid values are: 'encrypted', 'plaintext'.",
      },
    );

    // Round trip: the encrypted settings start a conversation whose key the server decrypts…
    const agentSettings = encrypted.agent_settings as Json;
    const started = await start(null, { agent_settings: agentSettings, secrets_encrypted: true });
    // ConversationInfo validates its redacted dump again: every secret reads null there.
    expect(((started.agent as Json).llm as Json).api_key).toBeNull();
    expect(((await stateOf(started.id)).agent as Json).llm).toMatchObject({
      api_key: '**********',
    });
    // …and a token of another key decrypts to nothing.
    const foreign = new Fernet('another server').encrypt('sk-foreign');
    const lost = await start(null, {
      agent_settings: { llm: { model: 'm', api_key: foreign } },
      secrets_encrypted: true,
    });
    expect(((lost.agent as Json).llm as Json).api_key).toBeNull();
    expect(((await stateOf(lost.id)).agent as Json).llm).not.toHaveProperty('api_key');
    // A redacted key sent back as it was read is no key at all (validate_secret).
    const redacted = await start(null, { agent_settings: plain.agent_settings });
    expect(((await stateOf(redacted.id)).agent as Json).llm).not.toHaveProperty('api_key');
  });

  it('patches settings by merge; a redacted key posted back clears it', async () => {
    const changed = await api('/api/settings', {
      method: 'PATCH',
      json: { agent_settings_diff: { llm: { base_url: 'https://llm.example.test' } } },
    });
    expect(((changed.body.agent_settings as Json).llm as Json).base_url).toBe(
      'https://llm.example.test',
    );
    expect(changed.body.llm_api_key_is_set).toBe(true);
    expect((await api('/api/settings', { method: 'PATCH', json: {} })).status).toBe(400);
    const cleared = await api('/api/settings', {
      method: 'PATCH',
      json: { agent_settings_diff: { llm: { api_key: '**********' } } },
    });
    expect(cleared.body.llm_api_key_is_set).toBe(false);
    const restored = await api('/api/settings', {
      method: 'PATCH',
      json: {
        agent_settings_diff: {
          llm: { api_key: 'sk-ant-local-reference-service-not-a-real-key', base_url: null },
        },
      },
    });
    expect(restored.body.llm_api_key_is_set).toBe(true);
    expect(((restored.body.agent_settings as Json).llm as Json).base_url).toBeNull();
  });

  it('adds, changes and removes one MCP server', async () => {
    const path = '/api/settings/mcp/search';
    const created = await api(path, {
      method: 'POST',
      json: { url: 'https://mcp.example.test/search', transport: 'http' },
    });
    expect(created.status).toBe(201);
    expect(((created.body.agent_settings as Json).mcp_config as Json).search).toMatchObject({
      url: 'https://mcp.example.test/search',
      transport: 'http',
    });
    expect(await api(path, { method: 'POST', json: { url: 'https://x.test' } })).toMatchObject({
      status: 409,
      body: { detail: "MCP server 'search' already exists" },
    });
    const patched = await api(path, { method: 'PATCH', json: { description: 'Search' } });
    expect(
      ((patched.body.agent_settings as Json).mcp_config as Record<string, Json>).search
        ?.description,
    ).toBe('Search');
    expect((await api('/api/settings/mcp/none', { method: 'PATCH', json: {} })).status).toBe(404);
    const stdio = await api('/api/settings/mcp/local', {
      method: 'POST',
      json: { transport: 'stdio' },
    });
    expect(stdio.status).toBe(422);
    expect((await api(path, { method: 'PATCH', json: { bogus: 1 } })).status).toBe(422);
    const removed = await api(path, { method: 'DELETE' });
    expect((removed.body.agent_settings as Json).mcp_config).not.toHaveProperty('search');
    expect((await api(path, { method: 'DELETE' })).status).toBe(404);
  });

  it('lists, stores, reads and deletes secrets', async () => {
    const listed = (await api('/api/settings/secrets')).body.secrets as Json[];
    expect(listed.map((s) => s.name)).toEqual(['github_token', 'gitlab_token', 'NPM_TOKEN']);
    expect(listed.every((s) => !('value' in s))).toBe(true);
    const value = await call(`${svc.url}/api/settings/secrets/github_token`, { headers });
    expect(value.text).toBe(GITHUB_TOKEN);
    expect(value.headers.get('content-type')).toContain('text/plain');
    expect((await api('/api/settings/secrets/bitbucket_token')).body).toEqual({
      detail: 'Secret not found',
    });
    expect(
      (
        await api('/api/settings/secrets', {
          method: 'PUT',
          json: { name: 'DEPLOY_KEY', value: 'k1' },
        })
      ).body,
    ).toEqual({ name: 'DEPLOY_KEY', description: null });
    const invalid = await api('/api/settings/secrets', {
      method: 'PUT',
      json: { name: 'bad-name', value: 'v' },
    });
    expect(invalid.status).toBe(422);
    expect(String((invalid.body as Json).detail)).toContain('Invalid secret name format');
    expect((await api('/api/settings/secrets/DEPLOY_KEY', { method: 'DELETE' })).body).toEqual({
      deleted: true,
    });
    expect((await api('/api/settings/secrets/DEPLOY_KEY', { method: 'DELETE' })).status).toBe(404);
  });

  it('lists LLM and agent profiles', async () => {
    expect((await api('/api/profiles')).body).toEqual({
      profiles: [
        {
          name: 'default',
          model: 'anthropic/claude-sonnet-4-5-20250929',
          base_url: null,
          provider_connection_id: null,
          provider_connection_broken: false,
          api_key_set: true,
        },
      ],
      active_profile: 'default',
    });
    const agents = (await api('/api/agent-profiles')).body;
    expect(agents.active_agent_profile_id).toBe(agentSeedIds.agentProfile);
    expect((agents.profiles as Json[])[0]).toMatchObject({
      id: agentSeedIds.agentProfile,
      name: 'default',
    });
  });
});

describe('conversations', () => {
  it('creates with the caller’s id (201), then answers the same conversation (200)', async () => {
    const id = crypto.randomUUID();
    const body = startBody({
      conversation_id: id,
      initial_message: {
        role: 'user',
        content: [{ type: 'text', text: 'Tidy up the parser tests please' }],
        run: true,
      },
      confirmation_policy: { kind: 'ConfirmRisky' },
      max_iterations: 40,
      autotitle: true,
      tags: { team: 'parsing', ticket: '482' },
      secrets: {
        GITHUB_TOKEN: { kind: 'LookupSecret', url: '/api/settings/secrets/github_token' },
      },
    });
    const before = (await api('/api/conversations/count')).body;
    const first = await api('/api/conversations', { method: 'POST', json: body });
    expect(first.status).toBe(201);
    const again = await api('/api/conversations', { method: 'POST', json: body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    expect((await api('/api/conversations/count')).body).toBe(Number(before) + 1);
    await svc.admin.waitIdle(id);
    const info = (await api(`/api/conversations/${id}`)).body;
    expect(info).toMatchObject({
      id,
      title: 'Tidy up the parser tests please',
      execution_status: 'finished',
      max_iterations: 40,
      confirmation_policy: { kind: 'ConfirmRisky' },
      tags: { team: 'parsing', ticket: '482' },
      workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
      // A relative lookup url is resolved against the server's own address (1.22.0).
      secret_registry: {
        secret_sources: {
          GITHUB_TOKEN: {
            kind: 'LookupSecret',
            url: `${svc.url}/api/settings/secrets/github_token`,
            headers: {},
          },
        },
      },
    });
    expect(((info.agent as Json).tools as Json[]).map((t) => t.name)).toEqual([
      'terminal',
      'file_editor',
      'task_tracker',
    ]);
  });

  it('refuses bad start requests like pydantic does', async () => {
    const tags = await api('/api/conversations', {
      method: 'POST',
      json: startBody({ tags: { Team: 'x' } }),
    });
    expect(tags.status).toBe(422);
    expect((tags.body.detail as Json[])[0]).toMatchObject({
      type: 'value_error',
      loc: ['body', 'tags'],
      msg: "Value error, Tag key 'Team' is invalid: keys must be lowercase alphanumeric only",
      ctx: { error: "Tag key 'Team' is invalid: keys must be lowercase alphanumeric only" },
    });
    const neither = await api('/api/conversations', {
      method: 'POST',
      json: { workspace: { working_dir: agentSeedPaths.widgets } },
    });
    expect((neither.body.detail as Json[])[0]).toMatchObject({
      type: 'value_error',
      loc: ['body'],
      msg: 'Value error, One of `agent`, `agent_settings`, or `agent_profile_id` must be provided',
    });
    const both = await api('/api/conversations', {
      method: 'POST',
      json: startBody({ agent_profile_id: agentSeedIds.agentProfile }),
    });
    expect((both.body.detail as Json[])[0]?.msg).toBe(
      'Value error, `agent_profile_id` is mutually exclusive with `agent` and `agent_settings`',
    );
    const policy = await api('/api/conversations', {
      method: 'POST',
      json: startBody({ confirmation_policy: { kind: 'Sometimes' } }),
    });
    expect((policy.body.detail as Json[])[0]).toMatchObject({
      loc: ['body', 'confirmation_policy'],
    });
    const iterations = await api('/api/conversations', {
      method: 'POST',
      json: startBody({ max_iterations: 0 }),
    });
    expect((iterations.body.detail as Json[])[0]).toMatchObject({ type: 'greater_than_equal' });
    // Secret-looking keys of an echoed input are redacted (api.py _sanitize_validation_errors).
    const leaky = await api('/api/conversations', {
      method: 'POST',
      json: {
        workspace: { working_dir: '/tmp' },
        secrets: { NPM_TOKEN: { kind: 'StaticSecret', value: 'sk-visible' } },
      },
    });
    expect((leaky.body.detail as Json[])[0]?.input).toMatchObject({ secrets: '<redacted>' });
    expect(JSON.stringify(leaky.body)).not.toContain('sk-visible');
    const unknownProfile = '00000000-0000-4000-8000-000000000001';
    expect(
      await api('/api/conversations', {
        method: 'POST',
        json: { workspace: { working_dir: '/tmp' }, agent_profile_id: unknownProfile },
      }),
    ).toMatchObject({
      status: 404,
      body: { detail: `Agent profile with id '${unknownProfile}' not found` },
    });
    expect(
      await api('/api/conversations', {
        method: 'POST',
        json: startBody({ parent_conversation_id: '00000000-0000-4000-8000-000000000002' }),
      }),
    ).toMatchObject({
      status: 422,
      body: { detail: 'Parent conversation 00000000-0000-4000-8000-000000000002 not found' },
    });
  });

  it('starts from an agent profile and records which', async () => {
    const started = await start(null, {
      agent_settings: undefined,
      agent_profile_id: agentSeedIds.agentProfile,
    });
    expect(started.launched_agent_profile).toEqual({
      agent_profile_id: agentSeedIds.agentProfile,
      revision: 1,
    });
  });

  it('searches, pages, filters and batch-gets; limit above 100 is the upstream 500', async () => {
    const first = await api('/api/conversations/search?limit=1&sort_order=CREATED_AT');
    const items = first.body.items as Json[];
    expect(items).toHaveLength(1);
    expect(first.body.next_page_id).toMatch(/^[0-9a-f]{32}$/);
    const second = await api(
      `/api/conversations/search?limit=1&sort_order=CREATED_AT&page_id=${first.body.next_page_id}`,
    );
    expect(hex((second.body.items as Json[])[0]?.id)).toBe(first.body.next_page_id);
    // Skills are trimmed from every ConversationInfo unless asked for.
    expect((((items[0] as Json).agent as Json).agent_context as Json).skills).toEqual([]);
    const paused = (await api('/api/conversations/search?status=paused')).body.items as Json[];
    expect(paused.map((c) => hex(c.id))).toContain(agentSeedIds.conversations.docsTypo);
    expect(paused.every((c) => c.execution_status === 'paused')).toBe(true);
    const tooMany = await api('/api/conversations/search?limit=101');
    expect(tooMany.status).toBe(500);
    expect(tooMany.body).toMatchObject({ detail: 'Internal Server Error', exception: '' });
    expect(tooMany.body.error_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await api('/api/conversations/search?limit=0')).status).toBe(422);
    const batch = await call<(Json | null)[]>(
      `${svc.url}/api/conversations?ids=${'0'.repeat(32)}&ids=${agentSeedIds.conversations.parserFix}`,
      { headers },
    );
    expect(batch.body[0]).toBeNull();
    expect(batch.body[1]?.tags).toEqual({ repo: 'widgets', team: 'parsing' });
  });

  it('patches title and tags (tags replaced wholesale), deletes, and answers unknown ids', async () => {
    const conversation = await start(null, { tags: { a: '1', b: '2' } });
    const path = `/api/conversations/${conversation.id}`;
    expect(
      (await api(path, { method: 'PATCH', json: { title: '  Renamed  ', tags: { c: '3' } } })).body,
    ).toEqual({ success: true });
    const info = (await api(path)).body;
    expect(info).toMatchObject({ title: 'Renamed', tags: { c: '3' } });
    expect((await api(path, { method: 'PATCH', json: { tags: { Bad: 'x' } } })).status).toBe(422);
    expect((await api(path, { method: 'PATCH', json: { title: '' } })).status).toBe(422);
    const unknown = `/api/conversations/${'9'.repeat(32)}`;
    expect((await api(unknown, { method: 'PATCH', json: { title: 'x' } })).body).toEqual({
      success: false,
    });
    expect(await api(unknown)).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect((await api(`${unknown}/events/search`)).body).toEqual({
      detail: 'Conversation not found: 99999999-9999-9999-9999-999999999999',
    });
    for (const action of ['pause', 'interrupt']) {
      expect(await api(`${unknown}/${action}`, { method: 'POST' })).toMatchObject({
        status: 400,
        body: { detail: 'Bad Request' },
      });
    }
    expect(await api(`${unknown}/run`, { method: 'POST' })).toMatchObject({ status: 404 });
    expect((await api(path, { method: 'DELETE' })).body).toEqual({ success: true });
    expect((await api(path)).status).toBe(404);
    expect(await api(path, { method: 'DELETE' })).toMatchObject({
      status: 400,
      body: { detail: 'Bad Request' },
    });
  });
});

describe('steering, events and sockets', () => {
  it('waits for confirmation; accept runs the action, reject answers it with a rejection', async () => {
    for (const accept of [true, false]) {
      const conversation = await start('[scenario:awaiting-confirmation] Rebuild');
      const path = `/api/conversations/${conversation.id}`;
      await waitFor(
        async () => (await api(path)).body.execution_status === 'waiting_for_confirmation',
      );
      expect(
        (
          await api(`${path}/events/respond_to_confirmation`, {
            method: 'POST',
            json: { accept, reason: 'Not now' },
          })
        ).body,
      ).toEqual({ success: true });
      await svc.admin.waitIdle(hex(conversation.id));
      const events = (await svc.admin.storedEvents(hex(conversation.id))).events;
      if (accept) expect((await api(path)).body.execution_status).toBe('finished');
      else {
        expect(
          events.some(
            (e) => e.kind === 'UserRejectObservation' && e.rejection_reason === 'Not now',
          ),
        ).toBe(true);
        expect((await api(path)).body.execution_status).toBe('idle');
      }
    }
  });

  it('stamps parent_id on every stored event and drops null fields from searches', async () => {
    const conversation = await start('Say hello');
    const id = hex(conversation.id);
    await svc.admin.waitIdle(id);
    const events = (await svc.admin.storedEvents(id)).events;
    let leaf: string | null = null;
    for (const event of events) {
      expect(event.parent_id ?? null).toBe(leaf);
      if (event.kind !== 'ConversationStateUpdateEvent') leaf = String(event.id);
    }
    // Frame 19 of the seeded history carries an explicit `"sender": null`.
    const stored = (await svc.admin.storedEvents(agentSeedIds.conversations.docsTypo)).events;
    expect(stored.some((e) => 'sender' in e && e.sender === null)).toBe(true);
    const searched = (
      await api(`/api/conversations/${agentSeedIds.conversations.docsTypo}/events/search`)
    ).body.items as Json[];
    expect(JSON.stringify(searched)).not.toContain(':null');
  });

  it('takes the key as the first frame, still accepts it in the query, refuses a wrong one', async () => {
    const base = `${svc.url.replace('http', 'ws')}/sockets/events/${agentSeedIds.conversations.docsTypo}`;
    const first = openV1Socket(`${base}?resend_mode=all`);
    await first.opened;
    first.ws.send(JSON.stringify({ type: 'auth', session_api_key: KEY }));
    const state = await waitFor(() => first.frames.find((f) => f.key === 'full_state'));
    expect((state.value as Json).execution_status).toBe('paused');
    await waitFor(() => first.frames.length >= 27);
    expect(first.raw.slice(1).join('\n')).not.toContain(':null');
    first.ws.close();
    const query = openV1Socket(`${base}?session_api_key=${KEY}`);
    await waitFor(() => query.frames.find((f) => f.key === 'full_state'));
    query.ws.close();
    expect(await openV1Socket(`${base}?session_api_key=wrong`).unexpected).toBe(403);
    const badFrame = openV1Socket(base);
    await badFrame.opened;
    badFrame.ws.send(JSON.stringify({ type: 'auth', session_api_key: 'nope' }));
    expect(await badFrame.closed).toEqual({ code: 4001, reason: 'Authentication failed' });
    const missing = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${'5'.repeat(32)}?session_api_key=${KEY}`,
    );
    expect(await missing.closed).toEqual({ code: 4004, reason: 'Conversation not found' });
  });

  it('closes the 51st socket of a conversation with 1013', async () => {
    const url = `${svc.url.replace('http', 'ws')}/sockets/events/${agentSeedIds.conversations.parserFix}?session_api_key=${KEY}`;
    const sockets = Array.from({ length: 50 }, () => openV1Socket(url));
    await Promise.all(sockets.map((s) => waitFor(() => s.frames.length > 0)));
    const extra = openV1Socket(url);
    expect(await extra.closed).toEqual({
      code: 1013,
      reason: 'Too many connections for this conversation',
    });
    for (const socket of sockets) socket.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
  });

  it('answers 409 and closes sockets with 1013 until the credential binding is activated', async () => {
    const conversation = await start(null);
    const id = hex(conversation.id);
    await svc.admin.waitIdle(id);
    await svc.admin.requireCredentialBinding(id);
    const path = `/api/conversations/${conversation.id}`;
    for (const [method, suffix] of [
      ['GET', '/events/search'],
      ['POST', '/run'],
      ['POST', '/pause'],
      ['POST', '/interrupt'],
    ] as const) {
      expect(await api(`${path}${suffix}`, { method })).toMatchObject({
        status: 409,
        body: { detail: 'credential_binding_activation_required', retryable: true },
      });
    }
    // Reading the conversation does not load it, so it still answers.
    expect((await api(path)).status).toBe(200);
    const socket = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${id}?session_api_key=${KEY}`,
    );
    expect(await socket.closed).toEqual({
      code: 1013,
      reason: 'credential_binding_activation_required',
    });
    await svc.admin.requireCredentialBinding(id, false);
    expect((await api(`${path}/events/search`)).status).toBe(200);
  });
});

describe('steering at the real pace', () => {
  let slow: RunningService;
  beforeAll(async () => {
    slow = await startTestService({ server: 'agent', apiKey: KEY, pace: 1 });
  });
  afterAll(async () => {
    await slow.stop();
  });

  it('sends (run defaults to false), runs, and refuses a second run with 409', async () => {
    const at = (path: string, init: Parameters<typeof call>[1] = {}) =>
      call<Json>(`${slow.url}${path}`, { ...init, headers });
    const started = await at('/api/conversations', { method: 'POST', json: startBody() });
    const id = hex(started.body.id);
    await slow.admin.waitIdle(id);
    const path = `/api/conversations/${started.body.id}`;
    await at(`${path}/events`, {
      method: 'POST',
      json: { content: [{ type: 'text', text: '[scenario:finish-quickly] Hi there' }] },
    });
    await slow.admin.waitIdle(id);
    expect((await at(path)).body.execution_status).toBe('idle');
    expect((await at(`${path}/run`, { method: 'POST' })).body).toEqual({ success: true });
    // At the real pace the agent takes a third of a second: it is still running.
    expect(await at(`${path}/run`, { method: 'POST' })).toMatchObject({
      status: 409,
      body: { detail: 'Conversation already running. Wait for completion or pause first.' },
    });
    await slow.admin.waitIdle(id);
    expect((await at(path)).body.execution_status).toBe('finished');
  });

  it('cancels a running agent at once: errors for unfinished tool calls, paused, InterruptEvent', async () => {
    const post = (path: string, json?: unknown) =>
      call<Json>(`${slow.url}${path}`, { method: 'POST', headers, json });
    const started = await post(
      '/api/conversations',
      startBody({
        initial_message: {
          role: 'user',
          content: [{ type: 'text', text: '[scenario:long] go' }],
          run: true,
        },
      }),
    );
    const id = hex(started.body.id);
    await waitFor(async () => (await slow.admin.storedEvents(id)).events.length > 20);
    // A tool call the agent made and never finished.
    const [orphan] = await slow.admin.appendEvents(id, [
      {
        source: 'agent',
        thought: [],
        action: { command: 'sleep 600', kind: 'TerminalAction' },
        tool_name: 'terminal',
        tool_call_id: 'toolu_01orphan',
        tool_call: {
          id: 'toolu_01orphan',
          name: 'terminal',
          arguments: '{}',
          origin: 'completion',
        },
        llm_response_id: 'chatcmpl-orphan',
        security_risk: 'LOW',
        kind: 'ActionEvent',
      },
    ]);
    expect((await post(`/api/conversations/${started.body.id}/interrupt`)).body).toEqual({
      success: true,
    });
    const events = (await slow.admin.storedEvents(id)).events;
    const tail = events.slice(-2);
    expect(tail.map((e) => e.kind)).toEqual(['ConversationStateUpdateEvent', 'InterruptEvent']);
    expect(tail[0]).toMatchObject({ key: 'execution_status', value: 'paused' });
    expect(
      events.find((e) => e.kind === 'AgentErrorEvent' && e.tool_call_id === 'toolu_01orphan'),
    ).toMatchObject({
      error: 'Tool call interrupted before completion. The conversation was paused.',
      classification: { kind: 'agent_action', retryable: true, user_action: 'retry' },
    });
    expect(orphan).toBeDefined();
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await slow.admin.storedEvents(id)).events).toHaveLength(count);
    // Nothing running: interrupt is a pause, which does nothing once paused.
    expect((await post(`/api/conversations/${started.body.id}/interrupt`)).body).toEqual({
      success: true,
    });
    expect((await slow.admin.storedEvents(id)).events).toHaveLength(count);
  });

  it('pauses with the status update before the PauseEvent', async () => {
    const post = (path: string, json?: unknown) =>
      call<Json>(`${slow.url}${path}`, { method: 'POST', headers, json });
    const started = await post(
      '/api/conversations',
      startBody({
        initial_message: {
          role: 'user',
          content: [{ type: 'text', text: '[scenario:long] go' }],
          run: true,
        },
      }),
    );
    const id = hex(started.body.id);
    await waitFor(async () => (await slow.admin.storedEvents(id)).events.length > 5);
    await post(`/api/conversations/${started.body.id}/pause`);
    // The scripted steps take a millisecond each: long enough for any step to end.
    await sleep(100);
    const events = (await slow.admin.storedEvents(id)).events;
    const at = events.findIndex((e) => e.key === 'execution_status' && e.value === 'paused');
    expect(events[at + 1]?.kind).toBe('PauseEvent');
    // The agent step under way still ends (its model answer, its tool's result and stats), no
    // other one starts.
    const after = events.slice(at + 2);
    expect(
      after.filter((e) => e.source === 'agent' && e.kind !== 'ConversationStateUpdateEvent').length,
    ).toBeLessThanOrEqual(1);
  });
});

describe('the command routes and the simulated clone', () => {
  it('runs a command and answers its last BashOutput', async () => {
    const output = await bash('echo hello && pwd');
    expect(output).toMatchObject({
      kind: 'BashOutput',
      exit_code: 0,
      stdout: `hello\n${agentSeedPaths.workspace}\n`,
      stderr: null,
    });
    expect(output.id).toMatch(/^[0-9a-f]{32}$/);
    expect(output.command_id).toMatch(/^[0-9a-f]{32}$/);
    const missing = await bash('ls', '/nowhere');
    expect(missing).toMatchObject({
      exit_code: -1,
      stderr: "Error executing command: [Errno 2] No such file or directory: '/nowhere'",
    });
    expect(await bash('frobnicate')).toMatchObject({
      exit_code: 127,
      stderr: '/bin/sh: 1: frobnicate: not found\n',
    });
    expect(
      (await api('/api/bash/execute_bash_command', { method: 'POST', json: { cwd: '/' } })).status,
    ).toBe(422);
  });

  it('clones a public repository: a folder appears, with the files the skills come from', async () => {
    const output = await bash(
      'git clone --depth 1 https://github.com/octo-org/widgets.git widgets-public',
    );
    expect(output).toMatchObject({ exit_code: 0, stderr: "Cloning into 'widgets-public'...\n" });
    expect((await bash('test -d widgets-public && ls widgets-public')).stdout).toBe(
      'AGENTS.md\nREADME.md\npackage.json\nsrc\n',
    );
    expect(
      (await bash('git rev-parse --abbrev-ref HEAD', `${agentSeedPaths.workspace}/widgets-public`))
        .stdout,
    ).toBe('main\n');
    // A shallow clone fetched one branch only.
    expect(await bash('git -C widgets-public checkout release/2.4')).toMatchObject({
      exit_code: 1,
      stderr: "error: pathspec 'release/2.4' did not match any file(s) known to git\n",
    });
    expect(
      await bash('git clone https://github.com/octo-org/widgets.git widgets-public'),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "fatal: destination path 'widgets-public' already exists and is not an empty directory.\n",
    });
    const favourites = (await api('/api/file/home')).body;
    expect(favourites).toEqual({
      home: agentSeedPaths.home,
      favorites: [{ label: 'workspace', path: agentSeedPaths.workspace }],
      locations: [{ label: '/', path: '/' }],
    });
  });

  it('fails like git for an unknown branch, a private repository without a token and a bad token', async () => {
    const branch = await bash(
      'git clone -b no-such-branch https://github.com/octo-org/widgets.git nb',
    );
    expect(branch).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'nb'...\nwarning: Could not find remote branch no-such-branch to clone.\nfatal: Remote branch no-such-branch not found in upstream origin\n",
    });
    expect((await bash('test -d nb')).exit_code).toBe(1);
    expect(
      await bash('git clone https://gitlab.com/acme/platform/backend/api.git api'),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'api'...\nfatal: could not read Username for 'https://gitlab.com': No such device or address\n",
    });
    const badToken = await bash(
      'git clone https://oauth2:glpat-wrong@gitlab.com/acme/platform/backend/api.git api',
    );
    expect(badToken.exit_code).toBe(128);
    expect(badToken.stderr).toContain(
      "fatal: Authentication failed for 'https://gitlab.com/acme/platform/backend/api.git/'",
    );
    expect(badToken.stderr).not.toContain('glpat-wrong');
    expect(await bash('git clone https://github.com/octo-org/no-such-repo.git')).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'no-such-repo'...\nfatal: could not read Username for 'https://github.com': No such device or address\n",
    });
    expect(
      await bash(`git clone https://${GITHUB_TOKEN}@github.com/octo-org/no-such-repo.git`),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'no-such-repo'...\nremote: Repository not found.\nfatal: repository 'https://github.com/octo-org/no-such-repo.git/' not found\n",
    });
  });

  it('clones a private repository with the token from the secrets, then checks a branch out', async () => {
    // The SDK's clone helper puts `<provider>_token` from the secrets into the URL.
    const token = (await call(`${svc.url}/api/settings/secrets/gitlab_token`, { headers })).text;
    const url = `https://oauth2:${token}@gitlab.com/acme/platform/backend/api.git`;
    expect((await bash(`git clone ${url} backend-api`)).exit_code).toBe(0);
    const dir = `${agentSeedPaths.workspace}/backend-api`;
    expect(await bash('git checkout feature/rate-limits', dir)).toMatchObject({
      exit_code: 0,
      stdout: "branch 'feature/rate-limits' set up to track 'origin/feature/rate-limits'.\n",
      stderr: "Switched to a new branch 'feature/rate-limits'\n",
    });
    expect((await bash('git branch --show-current', dir)).stdout).toBe('feature/rate-limits\n');
    expect(await bash('git checkout nope', dir)).toMatchObject({ exit_code: 1 });
    expect((await bash('git status', '/no/such/folder')).exit_code).toBe(-1);
    expect(await bash('git status', agentSeedPaths.workspace)).toMatchObject({
      exit_code: 128,
      stderr: 'fatal: not a git repository (or any of the parent directories): .git\n',
    });
  });

  it('kills a clone that hangs at the command time-out; nothing is left behind', async () => {
    await svc.admin.hangClones(1);
    const began = Date.now();
    const output = await bash(
      'git clone https://github.com/octo-org/docs-site.git hung',
      agentSeedPaths.workspace,
      1,
    );
    expect(Date.now() - began).toBeGreaterThanOrEqual(950);
    expect(output).toMatchObject({
      exit_code: -1,
      stdout: null,
      stderr: "Cloning into 'hung'...\n",
    });
    expect((await bash('test -d hung')).exit_code).toBe(1);
    expect((await bash('git clone https://github.com/octo-org/docs-site.git hung')).exit_code).toBe(
      0,
    );
  });

  it('pkill ends the processes whose command line matches, its own shell included when it matches', async () => {
    const sleeping = bash('sleep 20');
    await waitFor(async () => (await bash("pgrep -f '^sleep 20$'")).exit_code === 0 || null);
    // The pattern is also in pkill's own shell's command line: that shell is ended too.
    expect(await bash("pkill -f 'sleep 20'; echo after")).toMatchObject({
      exit_code: -15,
      stdout: null,
    });
    expect(await sleeping).toMatchObject({ exit_code: -15 });
    const again = bash('sleep 20');
    await waitFor(async () => (await bash("pgrep -f '^sleep 20$'")).exit_code === 0 || null);
    // A character class matches the sleep and not the text that names it.
    expect(await bash("pkill -f '[s]leep 20'; echo after")).toMatchObject({
      exit_code: 0,
      stdout: 'after\n',
    });
    expect(await again).toMatchObject({ exit_code: -15 });
    expect(await bash("pgrep -f '[s]leep'")).toMatchObject({ exit_code: 1, stdout: null });
    expect((await bash('pkill -s ""')).exit_code).toBe(2);
    expect((await bash("pkill -f '('")).exit_code).toBe(2);
  });

  it('a clone ended by pkill -f answers only at its time-out: git’s remote helper holds its output', async () => {
    await svc.admin.hangClones(1);
    const began = Date.now();
    const clone = bash('git clone https://github.com/octo-org/docs-site.git held', undefined, 2);
    await waitFor(async () => (await bash('test -d held')).exit_code === 0 || null);
    expect((await bash("pkill -f '[g]it .*clone .*held'")).exit_code).toBe(0);
    expect((await bash("pgrep -f '[r]emote-https origin'")).exit_code).toBe(0);
    expect(await clone).toMatchObject({ exit_code: -1, stderr: "Cloning into 'held'...\n" });
    expect(Date.now() - began).toBeGreaterThanOrEqual(1900);
    expect((await bash("pgrep -f '[r]emote-https origin'")).exit_code).toBe(1);
    expect((await bash('test -d held')).exit_code).toBe(1);
  });

  it('a clone ended with its whole session answers at once, killed by TERM, and leaves no folder', async () => {
    await svc.admin.hangClones(1);
    const clone = bash(
      "mkdir -p sub && git clone https://github.com/octo-org/docs-site.git 'sub/ended'",
      undefined,
      20,
    );
    await waitFor(async () => (await bash('test -d sub/ended')).exit_code === 0 || null);
    const began = Date.now();
    const kill = await bash(`pkill -s "$(pgrep -d, -f '[g]it .*clone .*sub/ended')"`);
    expect(kill).toMatchObject({ exit_code: 0, stdout: null, stderr: null });
    expect(await clone).toMatchObject({
      exit_code: -15,
      stdout: null,
      stderr: "Cloning into 'sub/ended'...\n",
    });
    expect(Date.now() - began).toBeLessThan(1000);
    expect((await bash('test -d sub/ended')).exit_code).toBe(1);
    expect((await bash("pgrep -f '[r]emote-https'")).exit_code).toBe(1);
    // Nothing left to end: pgrep prints nothing and pkill is given no session.
    expect((await bash(`pkill -s "$(pgrep -d, -f '[g]it .*clone .*sub/ended')"`)).exit_code).toBe(
      2,
    );
    expect((await bash(`echo "[$(echo 'a   b')]" $(echo 'c   d')`)).stdout).toBe('[a   b] c d\n');
  });

  it('starts a command in the background; its events can be polled', async () => {
    const command = (
      await api('/api/bash/start_bash_command', {
        method: 'POST',
        json: { command: 'sleep 1 && echo done' },
      })
    ).body;
    expect(command).toMatchObject({
      kind: 'BashCommand',
      command: 'sleep 1 && echo done',
      cwd: null,
      timeout: 300,
    });
    const query = `/api/bash/bash_events/search?command_id__eq=${command.id}`;
    expect((await api(query)).body.items).toEqual([]);
    const output = await waitFor(async () => ((await api(query)).body.items as Json[])[0]);
    expect(output).toMatchObject({
      kind: 'BashOutput',
      command_id: command.id,
      exit_code: 0,
      stdout: 'done\n',
    });
    expect((await api(`/api/bash/bash_events/${command.id}`)).body).toMatchObject({
      kind: 'BashCommand',
    });
    const kinds = (
      (await api('/api/bash/bash_events/search?kind__eq=BashCommand&limit=100')).body
        .items as Json[]
    ).map((e) => e.kind);
    expect(new Set(kinds)).toEqual(new Set(['BashCommand']));
    expect((await api('/api/bash/bash_events/search?limit=101')).status).toBe(500);
  });
});

describe('skills', () => {
  it('loads a clone’s skills by the SDK rules', async () => {
    const answer = (
      await api('/api/skills', {
        method: 'POST',
        json: { load_user: true, load_project: true, project_dir: agentSeedPaths.widgets },
      })
    ).body;
    const skills = answer.skills as Json[];
    const byName = new Map(skills.map((s) => [s.name, s]));
    expect(byName.get('agents')).toMatchObject({
      type: 'repo',
      source: `${agentSeedPaths.widgets}/AGENTS.md`,
    });
    expect(byName.get('cursorrules')).toMatchObject({ type: 'repo' });
    expect(byName.get('release-checklist')).toMatchObject({
      type: 'agentskills',
      is_agentskills_format: true,
      triggers: ['release'],
      description: 'Steps to cut a widgets release',
    });
    expect(byName.get('testing')).toMatchObject({
      type: 'knowledge',
      triggers: ['test', 'pytest', 'vitest'],
    });
    expect(byName.get('release_notes')).toMatchObject({
      type: 'knowledge',
      triggers: ['/release-notes', '/release_notes'],
    });
    // The front matter's `type: repo` is ignored: no triggers makes it always-on.
    expect(byName.get('repo')).toMatchObject({ type: 'repo' });
    expect([...byName.keys()]).not.toContain('Bad_Name');
    expect([...byName.keys()]).not.toContain('README');
    // Legacy folders are searched recursively; the name is the path without `.md`.
    expect(byName.get('nested/ignored')).toMatchObject({ type: 'knowledge', triggers: ['nested'] });
    expect(answer.sources).toMatchObject({ project: 7, sdk_base: 3, org: 0 });
    const noProject = (
      await api('/api/skills', {
        method: 'POST',
        json: { load_project: false, project_dir: agentSeedPaths.widgets },
      })
    ).body;
    expect((noProject.skills as Json[]).map((s) => s.name)).toEqual(['github', 'docker', 'npm']);
  });

  it('reads nested AGENTS.md files as rules for their folder, and the folder as Path() does', async () => {
    const clone = '/tmp/skills-clone';
    await bash(`git clone https://github.com/octo-org/widgets.git ${clone}`, '/');
    const write = (path: string, text: string) =>
      postFile(`${svc.url}/api/file/upload?path=${encodeURIComponent(path)}`, text, headers);
    await write(`${clone}/server/AGENTS.md`, 'Server rules.\n');
    // In a git work tree git lists hidden folders too; elsewhere the walk skips them.
    await write(`${clone}/.config/CLAUDE.md`, 'Hidden but tracked.\n');
    await write('/tmp/plain/docs/gemini.md', 'Docs rules.\n');
    await write('/tmp/plain/.cache/AGENTS.md', 'Skipped.\n');
    await write('/tmp/plain/node_modules/dep/AGENTS.md', 'Skipped.\n');
    const folderSkills = async (project_dir: string, on: RunningService = svc) => {
      const answer = await call<Json>(`${on.url}/api/skills`, {
        method: 'POST',
        headers,
        json: { load_public: false, load_user: false, project_dir },
      });
      expect(answer.status).toBe(200);
      return answer.body as { skills: Json[]; sources: Json };
    };
    const inClone = await folderSkills(`${clone}//`);
    const rules = inClone.skills.filter((skill) => String(skill.name).includes(':'));
    expect(rules).toEqual([
      expect.objectContaining({
        name: 'claude:.config',
        type: 'knowledge',
        triggers: [],
        source: `${clone}/.config/CLAUDE.md`,
      }),
      expect.objectContaining({ name: 'agents:server', content: 'Server rules.\n' }),
    ]);
    expect(inClone.skills.map((skill) => skill.name)).toContain('release-checklist');
    expect(inClone.sources).toMatchObject({ project: inClone.skills.length, sdk_base: 0 });
    const plain = await folderSkills('/tmp/plain');
    expect(plain.skills.map((skill) => skill.name)).toEqual(['gemini:docs']);
    // A folder that is not there has no skills: the route does not say it is missing.
    expect(await folderSkills('/tmp/no-such-folder')).toMatchObject({ skills: [] });

    const older = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.33.0' });
    try {
      await call(`${older.url}/api/bash/execute_bash_command`, {
        method: 'POST',
        headers,
        json: {
          command: `git clone https://github.com/octo-org/widgets.git ${clone}`,
          timeout: 30,
        },
      });
      await postFile(
        `${older.url}/api/file/upload?path=${encodeURIComponent(`${clone}/server/AGENTS.md`)}`,
        'Server rules.\n',
        headers,
      );
      const names = (await folderSkills(clone, older)).skills.map((skill) => skill.name);
      expect(names).toContain('agents');
      expect(names).not.toContain('agents:server');
    } finally {
      await older.stop();
    }
  });

  it('loads the server user’s own skills with load_user, the first folder winning', async () => {
    const write = (path: string, text: string) =>
      postFile(`${svc.url}/api/file/upload?path=${encodeURIComponent(path)}`, text, headers);
    await write('/home/openhands/.agents/skills/house-style.md', 'Tabs, never spaces.\n');
    await write('/home/openhands/.openhands/skills/house-style.md', 'Loses to .agents.\n');
    await write(
      '/home/openhands/.openhands/microagents/on-call.md',
      '---\ntriggers: [page]\n---\nCall.\n',
    );
    try {
      const answer = await api('/api/skills', {
        method: 'POST',
        json: { load_public: true, load_user: true, load_project: false },
      });
      const skills = answer.body.skills as Json[];
      expect(skills.map((skill) => skill.name)).toEqual([
        'github',
        'docker',
        'npm',
        'house-style',
        'on-call',
      ]);
      expect(skills.find((skill) => skill.name === 'house-style')?.content).toBe(
        'Tabs, never spaces.\n',
      );
      expect(answer.body.sources).toMatchObject({ sdk_base: 5, project: 0 });
      const without = await api('/api/skills', {
        method: 'POST',
        json: { load_public: false, load_user: false, load_project: false },
      });
      expect(without.body.skills).toEqual([]);
    } finally {
      await bash(
        'rm -rf /home/openhands/.agents /home/openhands/.openhands/skills /home/openhands/.openhands/microagents',
        '/',
      );
    }
  });

  it('shows what a conversation loaded only with include_skills=true', async () => {
    const id = agentSeedIds.conversations.parserFix;
    const trimmed = (await api(`/api/conversations/${id}`)).body;
    expect(((trimmed.agent as Json).agent_context as Json).skills).toEqual([]);
    const full = (await api(`/api/conversations/${id}?include_skills=true`)).body;
    const names = (((full.agent as Json).agent_context as Json).skills as Json[]).map(
      (s) => s.name,
    );
    // It was started with the workspace's skills switched on, and nothing else.
    expect(names).toEqual(expect.arrayContaining(['agents', 'release-checklist', 'testing']));
    expect(names).not.toContain('github');
  });
});

describe('newer event kinds', () => {
  it('streams deltas on the socket without storing them; hooks and ACP tools are stored', async () => {
    const conversation = await start(null);
    const id = hex(conversation.id);
    await svc.admin.waitIdle(id);
    const socket = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${id}?session_api_key=${KEY}`,
    );
    await waitFor(() => socket.frames.length > 0);
    await svc.admin.setScenario(id, 'streaming');
    await api(`/api/conversations/${conversation.id}/events`, {
      method: 'POST',
      json: { content: [{ type: 'text', text: 'go' }], run: true },
    });
    await svc.admin.waitIdle(id);
    // Frames are compressed (permessage-deflate) on their way: wait for the run's last one.
    await waitFor(() =>
      socket.frames.some((f) => f.key === 'execution_status' && f.value === 'finished'),
    );
    const deltas = socket.frames.filter((f) => f.kind === 'StreamingDeltaEvent');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((d) => d.content).join('')).toBe(
      'The parser now skips lines without "=" instead of crashing.',
    );
    expect(
      (await svc.admin.storedEvents(id)).events.some((e) => e.kind === 'StreamingDeltaEvent'),
    ).toBe(false);
    socket.ws.close();

    const hooks = await start('[scenario:hooks] push the fix');
    await svc.admin.waitIdle(hex(hooks.id));
    const hookEvents = (await svc.admin.storedEvents(hex(hooks.id))).events;
    expect(
      hookEvents
        .filter((e) => e.kind === 'HookExecutionEvent')
        .map((e) => [e.hook_event_type, e.blocked]),
    ).toEqual([
      ['PreToolUse', false],
      ['PostToolUse', false],
      ['PreToolUse', true],
    ]);
    expect(hookEvents.find((e) => e.kind === 'UserRejectObservation')).toMatchObject({
      rejection_source: 'hook',
    });

    const acp = await start('[scenario:acp-tools] fix it');
    await svc.admin.waitIdle(hex(acp.id));
    const acpEvents = (await svc.admin.storedEvents(hex(acp.id))).events.filter(
      (e) => e.kind === 'ACPToolCallEvent',
    );
    expect(acpEvents.map((e) => e.tool_kind)).toEqual(['read', 'edit']);
  });

  it('answers a bad socket frame with a ServerErrorEvent without null fields', async () => {
    const socket = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${agentSeedIds.conversations.parserFix}?session_api_key=${KEY}`,
    );
    await waitFor(() => socket.frames.length > 0);
    socket.ws.send('{"role": ');
    const error = await waitFor(() => socket.frames.find((f) => f.kind === 'ServerErrorEvent'));
    expect(error).toMatchObject({ source: 'environment', code: 'JSONDecodeError' });
    socket.ws.close();
  });
});

describe('an older agent server (--agent-version)', () => {
  it('1.20.0 wants a whole agent, has no interrupt, no home route, no secrets, but ACP routes', async () => {
    const old = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.20.0' });
    try {
      const at = (path: string, init: Parameters<typeof call>[1] = {}) =>
        call<Json>(`${old.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
      expect((await call<Json>(`${old.url}/server_info`)).body.version).toBe('1.20.0');
      expect((await call(`${old.url}/health`)).body).toBe('OK');
      const started = await at('/api/conversations', { method: 'POST', json: startBody() });
      expect(started.status).toBe(422);
      expect((started.body.detail as Json[])[0]).toMatchObject({
        type: 'missing',
        loc: ['body', 'agent'],
      });
      const withAgent = await at('/api/conversations', {
        method: 'POST',
        json: {
          workspace: { working_dir: '/tmp/old' },
          agent: { llm: { model: 'm' }, kind: 'Agent' },
        },
      });
      expect(withAgent.status).toBe(201);
      expect(
        (await at(`/api/conversations/${withAgent.body.id}/interrupt`, { method: 'POST' })).status,
      ).toBe(404);
      expect((await at('/api/file/home')).status).toBe(404);
      expect((await at('/api/settings/secrets')).status).toBe(404);
      expect((await at('/api/settings')).status).toBe(200);
      expect((await at('/api/acp/conversations/search')).status).toBe(200);
      expect((await api('/api/acp/conversations/search')).status).toBe(404);
    } finally {
      await old.stop();
    }
  });

  it('1.28.0 takes agent_settings but gives an agent without tools (defaults came in 1.31.2)', async () => {
    const old = await startTestService({
      server: 'agent',
      apiKey: KEY,
      agentVersion: '1.28.0',
      scenario: 'default',
    });
    try {
      const started = await call<Json>(`${old.url}/api/conversations`, {
        method: 'POST',
        headers,
        json: startBody({
          initial_message: { content: [{ type: 'text', text: 'Fix the parser' }], run: true },
        }),
      });
      expect(started.status).toBe(201);
      expect((started.body.agent as Json).tools).toEqual([]);
      const id = hex(started.body.id);
      await old.admin.waitIdle(id);
      const events = (await old.admin.storedEvents(id)).events;
      const prompt = events.find((e) => e.kind === 'SystemPromptEvent') as Json;
      expect((prompt.tools as Json[]).map((t) => t.kind)).toEqual(['FinishTool', 'ThinkTool']);
      // A bare agent can only answer: no tool calls at all. The answer's stats are stored
      // once its step has let go of the state, after `finished`.
      expect(events.some((e) => e.kind === 'ActionEvent')).toBe(false);
      expect(events.slice(-2)).toMatchObject([
        { key: 'execution_status', value: 'finished' },
        { key: 'stats' },
      ]);
    } finally {
      await old.stop();
    }
  });
});

describe('robustness', () => {
  it('answers garbage on every route the way upstream could, and keeps serving', async () => {
    const errors = vi.spyOn(console, 'error');
    const bodies = [undefined, '{', '[]', 'null', '{"command": 5, "workspace": [], "tags": "x"}'];
    const values: Record<string, string> = {
      conversation_id: 'nope',
      event_id: 'missing',
      settings_key: 'x%2Fy',
      name: '9bad',
    };
    const unexpected: string[] = [];
    for (const route of svc.service.mainRoutes()) {
      if (route.path.startsWith('/__admin') || route.method === 'DELETE') continue;
      const path = route.path.replace(
        /\{(\w+)(:path)?\}/g,
        (_m, name: string) => values[name] ?? 'x',
      );
      for (const body of route.method === 'GET' ? [undefined] : bodies) {
        const answer = await call(`${svc.url}${path}?limit=abc&ids=zzz&page_id=%00`, {
          method: route.method,
          headers: {
            ...headers,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body,
        });
        if (![200, 201, 400, 404, 405, 409, 422, 500].includes(answer.status)) {
          unexpected.push(`${route.method} ${path}: ${answer.status}`);
        }
        if (
          answer.status === 500 &&
          (answer.body as Json | undefined)?.detail !== 'Internal Server Error'
        ) {
          unexpected.push(`${route.method} ${path}: a 500 that is not upstream's JSON`);
        }
      }
    }
    expect(unexpected).toEqual([]);
    const own = errors.mock.calls.filter((args) => String(args[0]).startsWith('[service'));
    errors.mockRestore();
    expect(own).toEqual([]);
    expect((await call(`${svc.url}/alive`)).body).toEqual({ status: 'ok' });
  }, 30_000);
});
