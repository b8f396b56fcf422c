// V0 REST against the reference service with real fetch: a whole session (create, watch by REST,
// steer, read history) and the bad-input rules with upstream's exact status and body.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesRoot } from './core/fixtures';
import type { RunningService } from './index';
import { call, startTestService, waitFor } from './test-support';

let svc: RunningService;

beforeAll(async () => {
  // What these checks describe is the legacy (0.62) kind.
  svc = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
});
afterAll(async () => {
  await svc.stop();
});

const api = (path: string) => `${svc.url}${path}`;

describe('conversation lifecycle (nested runtime)', () => {
  it('creates, runs on its own runtime with its own key, answers messages, stops', async () => {
    const created = await call<Record<string, unknown>>(api('/api/conversations'), {
      method: 'POST',
      json: {
        repository: 'octo-org/widgets',
        git_provider: 'github',
        selected_branch: 'fix/parser-null',
        initial_user_msg: 'Fix the failing parser test',
        conversation_instructions: 'Be brief',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      status: 'ok',
      conversation_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      message: null,
      conversation_status: 'STARTING',
    });
    const id = created.body.conversation_id as string;

    const info = await waitFor(async () => {
      const r = await call<Record<string, unknown>>(api(`/api/conversations/${id}`));
      return r.body.runtime_status === 'STATUS$READY' ? r.body : null;
    });
    expect(info).toMatchObject({
      status: 'RUNNING',
      selected_repository: 'octo-org/widgets',
      trigger: 'gui',
      conversation_version: 'V0',
      url: expect.stringMatching(new RegExp(`^http://localhost:\\d+/api/conversations/${id}$`)),
    });
    expect(info.session_api_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(info.url).toBe(svc.runtimeUrl(id));

    const runtime = info.url as string;
    const key = { 'X-Session-API-Key': info.session_api_key as string };
    // The runtime demands its own key; the main server cannot attach to a nested conversation.
    expect((await call(`${runtime}/events`)).status).toBe(401);
    expect(
      (await call(`${runtime}/events`, { headers: { 'X-Session-API-Key': 'nope' } })).body,
    ).toEqual({
      detail: 'Unauthorized',
    });
    expect((await call(api(`/api/conversations/${id}/microagents`))).status).toBe(500);

    await svc.admin.waitIdle(id);
    const history = await call<{ events: Record<string, unknown>[]; has_more: boolean }>(
      `${runtime}/events?limit=100`,
      { headers: key },
    );
    expect(history.status).toBe(200);
    const types = history.body.events.map((e) => e.action ?? e.observation);
    expect(types).toEqual([
      'agent_state_changed',
      'system',
      'message',
      'recall',
      'agent_state_changed',
      'recall',
      'finish',
      'agent_state_changed',
    ]);
    expect(history.body.events.at(-1)?.extras).toEqual({ agent_state: 'finished', reason: '' });

    const sent = await call(`${runtime}/message`, {
      method: 'POST',
      headers: key,
      json: { message: 'Thanks, one more thing' },
    });
    expect(sent.body).toEqual({ success: true });
    await svc.admin.waitIdle(id);
    const after = await call<{ events: Record<string, unknown>[] }>(
      `${runtime}/events?reverse=true&limit=4`,
      { headers: key },
    );
    // Newest first: the agent goes back to waiting after its reply to the user's message.
    expect(after.body.events.map((e) => [e.source, e.action ?? e.observation])).toEqual([
      ['environment', 'agent_state_changed'],
      ['agent', 'message'],
      ['environment', 'agent_state_changed'],
      ['user', 'message'],
    ]);
    expect(after.body.events[3]).toMatchObject({ message: 'Thanks, one more thing' });

    const micro = await call<{ microagents: { name: string; type: string }[] }>(
      `${runtime}/microagents`,
      { headers: key },
    );
    expect(micro.body.microagents.map((m) => `${m.type}:${m.name}`)).toEqual(
      expect.arrayContaining([
        'repo:repo',
        'knowledge:testing',
        'repo:cursorrules',
        'knowledge:github',
      ]),
    );

    const stop = await call(api(`/api/conversations/${id}/stop`), { method: 'POST' });
    expect(stop.body).toEqual({
      status: 'ok',
      conversation_id: id,
      message: 'Conversation stopped successfully',
      conversation_status: 'RUNNING',
    });
    const again = await call(api(`/api/conversations/${id}/stop`), { method: 'POST' });
    expect(again.body).toMatchObject({
      message: 'Conversation was not running',
      conversation_status: 'STOPPED',
    });
    const stopped = await call<Record<string, unknown>>(api(`/api/conversations/${id}`));
    expect(stopped.body).toMatchObject({
      status: 'STOPPED',
      runtime_status: null,
      url: null,
      session_api_key: null,
    });
    // A stopped conversation's history is readable from the main server.
    const fromMain = await call<{ events: unknown[] }>(
      api(`/api/conversations/${id}/events?limit=100`),
    );
    expect(fromMain.body.events.length).toBeGreaterThan(8);
  });

  it('start needs a JSON body; unknown ids answer null, false and 404', async () => {
    const id = svc.seedIds.v0.quickQuestion;
    const noBody = await call(api(`/api/conversations/${id}/start`), { method: 'POST' });
    expect(noBody.status).toBe(422);
    expect(noBody.body).toEqual({
      detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }],
    });
    const started = await call(api(`/api/conversations/${id}/start`), { method: 'POST', json: {} });
    expect(started.body).toEqual({
      status: 'ok',
      conversation_id: id,
      message: null,
      conversation_status: 'STARTING',
    });
    await call(api(`/api/conversations/${id}/stop`), { method: 'POST' });

    const unknown = 'f'.repeat(32);
    expect((await call(api(`/api/conversations/${unknown}`))).text).toBe('null');
    expect((await call(api(`/api/conversations/${unknown}`), { method: 'DELETE' })).text).toBe(
      'false',
    );
    expect(
      (await call(api(`/api/conversations/${unknown}/start`), { method: 'POST', json: {} })).body,
    ).toEqual({
      status: 'error',
      conversation_id: unknown,
    });
    expect((await call(api(`/api/conversations/${unknown}/events`))).body).toEqual({
      detail: `Conversation ${unknown} not found`,
    });
    const long = await call(api(`/api/conversations/${'a'.repeat(101)}`));
    expect(long).toMatchObject({ status: 400, body: { detail: 'Conversation ID is too long' } });
    const dots = await call(api('/api/conversations/a..b'));
    expect(dots.body).toEqual({ detail: 'Conversation ID contains invalid path characters' });
  });
});

describe('InitSessionRequest and other bodies', () => {
  it('rejects unknown fields, wrong types and malformed JSON like FastAPI', async () => {
    const extra = await call(api('/api/conversations'), {
      method: 'POST',
      json: { initial_user_msg: 'hi', foo: 'bar' },
    });
    expect(extra.status).toBe(422);
    expect(extra.body).toEqual({
      detail: [
        {
          type: 'extra_forbidden',
          loc: ['body', 'foo'],
          msg: 'Extra inputs are not permitted',
          input: 'bar',
        },
      ],
    });
    // conversation_id is only allowed on nested runtimes (ALLOW_SET_CONVERSATION_ID).
    const withId = await call<{ detail: { type: string; loc: unknown[] }[] }>(
      api('/api/conversations'),
      {
        method: 'POST',
        json: { conversation_id: 'abc' },
      },
    );
    expect(withId.body.detail[0]).toMatchObject({
      type: 'extra_forbidden',
      loc: ['body', 'conversation_id'],
    });

    const types = await call(api('/api/conversations'), {
      method: 'POST',
      json: { repository: 42, git_provider: 'sourcehut', image_urls: 'x' },
    });
    expect(types.body).toEqual({
      detail: [
        {
          type: 'string_type',
          loc: ['body', 'repository'],
          msg: 'Input should be a valid string',
          input: 42,
        },
        {
          type: 'enum',
          loc: ['body', 'git_provider'],
          msg: "Input should be 'github', 'gitlab', 'bitbucket', 'enterprise_sso' or 'azure_devops'",
          input: 'sourcehut',
          ctx: { expected: "'github', 'gitlab', 'bitbucket', 'enterprise_sso' or 'azure_devops'" },
        },
        {
          type: 'list_type',
          loc: ['body', 'image_urls'],
          msg: 'Input should be a valid list',
          input: 'x',
        },
      ],
    });

    const malformed = await call(api('/api/conversations'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"initial_user_msg": "hi",}',
    });
    expect(malformed.body).toEqual({
      detail: [
        {
          type: 'json_invalid',
          loc: ['body', 26],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: 'Expecting property name enclosed in double quotes' },
        },
      ],
    });
    const array = await call(api('/api/conversations'), { method: 'POST', json: [1] });
    expect(array.body).toEqual({
      detail: [
        {
          type: 'model_attributes_type',
          loc: ['body'],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input: [1],
        },
      ],
    });
  });

  it('validates MCP config with upstream rules', async () => {
    const bad = await call<{ detail: Record<string, unknown>[] }>(api('/api/conversations'), {
      method: 'POST',
      json: {
        mcp_config: {
          sse_servers: ['ftp://example.com'],
          stdio_servers: [{ name: 'fs server', command: 'npx foo' }],
          shttp_servers: [{ url: 'https://mcp.example.com', timeout: 0 }],
          extra: true,
        },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d) => [d.type, (d.loc as unknown[]).join('.'), d.msg])).toEqual([
      [
        'value_error',
        'body.mcp_config.sse_servers.0.url',
        'Value error, URL scheme must be http, https, ws, or wss',
      ],
      [
        'value_error',
        'body.mcp_config.stdio_servers.0.name',
        'Value error, Server name can only contain letters, numbers, hyphens, and underscores',
      ],
      [
        'value_error',
        'body.mcp_config.stdio_servers.0.command',
        'Value error, Command should be a single executable without spaces (use arguments field for parameters)',
      ],
      [
        'value_error',
        'body.mcp_config.shttp_servers.0.timeout',
        'Value error, Timeout must be positive',
      ],
      ['extra_forbidden', 'body.mcp_config.extra', 'Extra inputs are not permitted'],
    ]);
    const good = await call(api('/api/settings'), {
      method: 'POST',
      json: {
        mcp_config: {
          sse_servers: ['https://mcp.example.com/sse'],
          stdio_servers: [
            { name: 'fs', command: 'npx', args: '-y "@mcp/fs server"', env: 'A=1,B_2=x' },
          ],
        },
      },
    });
    expect(good.body).toEqual({ message: 'Settings stored' });
    const stored = await call<{ mcp_config: unknown }>(api('/api/settings'));
    expect(stored.body.mcp_config).toEqual({
      sse_servers: [{ url: 'https://mcp.example.com/sse', api_key: null }],
      stdio_servers: [
        { name: 'fs', command: 'npx', args: ['-y', '@mcp/fs server'], env: { A: '1', B_2: 'x' } },
      ],
      shttp_servers: [],
    });
  });

  it('PATCH title: 1–200 chars, extra fields forbidden, stripped, 404 body', async () => {
    const id = svc.seedIds.v0.todoApp;
    expect(
      (await call(api(`/api/conversations/${id}`), { method: 'PATCH', json: { title: '' } })).body,
    ).toEqual({
      detail: [
        {
          type: 'string_too_short',
          loc: ['body', 'title'],
          msg: 'String should have at least 1 character',
          input: '',
          ctx: { min_length: 1 },
        },
      ],
    });
    const tooLong = await call<{ detail: { type: string }[] }>(api(`/api/conversations/${id}`), {
      method: 'PATCH',
      json: { title: 'x'.repeat(201), pinned: true },
    });
    expect(tooLong.body.detail.map((d) => d.type)).toEqual(['string_too_long', 'extra_forbidden']);
    const ok = await call(api(`/api/conversations/${id}`), {
      method: 'PATCH',
      json: { title: '  Renamed  ' },
    });
    expect(ok.text).toBe('true');
    expect((await call<{ title: string }>(api(`/api/conversations/${id}`))).body.title).toBe(
      'Renamed',
    );
    const missing = await call(api(`/api/conversations/${'0'.repeat(32)}`), {
      method: 'PATCH',
      json: { title: 'x' },
    });
    expect(missing).toMatchObject({
      status: 404,
      body: {
        status: 'error',
        message: 'Conversation not found',
        msg_id: 'CONVERSATION$NOT_FOUND',
      },
    });
  });

  it('replays a trajectory given as replay_json', async () => {
    const trajectory = readFileSync(`${fixturesRoot}upstream/v0_traj_basic.json`, 'utf8');
    const created = await call<{ conversation_id: string }>(api('/api/conversations'), {
      method: 'POST',
      json: { initial_user_msg: 'Make a 2048 game', replay_json: trajectory },
    });
    const id = created.body.conversation_id;
    await waitFor(() => svc.service.v0.loops.get(id)?.status === 'RUNNING');
    await svc.admin.waitIdle(id);
    const { events } = await svc.admin.storedEvents(id);
    const played = events.map((e) => e.action ?? e.observation).slice(-3);
    expect(played).toEqual(['edit', 'edit', 'finish']);
    const edit = events.find((e) => e.observation === 'edit');
    const action = events.find((e) => e.action === 'edit');
    expect(edit?.cause).toBe(action?.id);
    await call(api(`/api/conversations/${id}/stop`), { method: 'POST' });
  });

  it('verifies the repository against stored tokens (401 bare string)', async () => {
    const r = await call(api('/api/conversations'), {
      method: 'POST',
      json: { repository: 'acme-team/payments', git_provider: 'bitbucket' },
    });
    expect(r.status).toBe(401);
    expect(r.body).toBe('Unable to access repo acme-team/payments');
  });
});

describe('listing and history paging', () => {
  it('merges V0 and V1 conversations newest first with a base64 JSON page id', async () => {
    const first = await call<{ results: Record<string, unknown>[]; next_page_id: string | null }>(
      api('/api/conversations?limit=2'),
    );
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next_page_id).not.toBeNull();
    const decoded = JSON.parse(Buffer.from(first.body.next_page_id as string, 'base64').toString());
    expect(Object.keys(decoded)).toEqual(['v0', 'v1']);
    const versions = new Set<unknown>();
    let page: string | null = first.body.next_page_id;
    const seen = first.body.results.map((r) => r.conversation_id);
    for (const r of first.body.results) versions.add(r.conversation_version);
    while (page) {
      const next = await call<{ results: Record<string, unknown>[]; next_page_id: string | null }>(
        api(`/api/conversations?limit=2&page_id=${encodeURIComponent(page)}`),
      );
      next.body.results.forEach((r) => {
        seen.push(r.conversation_id);
        versions.add(r.conversation_version);
      });
      page = next.body.next_page_id;
    }
    expect(versions).toEqual(new Set(['V0', 'V1']));
    expect(seen).toContain(svc.seedIds.v1.parserFix);
    const filtered = await call<{ results: Record<string, unknown>[] }>(
      api('/api/conversations?selected_repository=acme/platform/backend/api&limit=50'),
    );
    expect(filtered.body.results.map((r) => r.conversation_id)).toEqual([
      svc.seedIds.v0.renameFile,
    ]);
    expect((await call(api('/api/conversations?conversation_trigger=nope'))).status).toBe(422);
  });

  it('pages events forward and backward, with Invalid limit and has_more', async () => {
    const id = svc.seedIds.v0.todoApp;
    const all = await call<{ events: { id: number }[]; has_more: boolean }>(
      api(`/api/conversations/${id}/events?limit=100`),
    );
    expect(all.body.events.map((e) => e.id)).toEqual([...Array(18).keys()]);
    expect(all.body.has_more).toBe(false);
    const back = await call<{ events: { id: number }[]; has_more: boolean }>(
      api(`/api/conversations/${id}/events?reverse=true&limit=5`),
    );
    expect(back.body.events.map((e) => e.id)).toEqual([17, 16, 15, 14, 13]);
    expect(back.body.has_more).toBe(true);
    const older = await call<{ events: { id: number }[] }>(
      api(`/api/conversations/${id}/events?reverse=true&end_id=12&limit=5`),
    );
    expect(older.body.events.map((e) => e.id)).toEqual([12, 11, 10, 9, 8]);
    const zero = await call(api(`/api/conversations/${id}/events?limit=0`));
    expect(zero.body).toEqual({ events: [], has_more: true });
    for (const limit of ['101', '-1']) {
      const bad = await call(api(`/api/conversations/${id}/events?limit=${limit}`));
      expect(bad).toMatchObject({ status: 400, body: { detail: 'Invalid limit' } });
    }
    const notInt = await call(api(`/api/conversations/${id}/events?start_id=x`));
    expect(notInt.body).toEqual({
      detail: [
        {
          type: 'int_parsing',
          loc: ['query', 'start_id'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: 'x',
        },
      ],
    });
    // The gap-ful upstream trajectory keeps its ids.
    const gaps = await call<{ events: { id: number }[] }>(
      api(`/api/conversations/${svc.seedIds.v0.game2048}/events`),
    );
    expect(gaps.body.events.map((e) => e.id)).toEqual([0, 3, 4, 5]);
    const trajectory = await call<{ trajectory: unknown[] }>(
      api(`/api/conversations/${id}/trajectory`),
    );
    expect(trajectory.body.trajectory).toHaveLength(18);
  });
});

describe('settings, providers, secrets', () => {
  it('reads settings with token flags and never the secrets', async () => {
    const r = await call<Record<string, unknown>>(api('/api/settings'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      llm_api_key: null,
      llm_api_key_set: true,
      search_api_key_set: false,
      provider_tokens_set: { github: 'github.com', gitlab: 'gitlab.com' },
    });
    expect(r.body).not.toHaveProperty('secrets_store');
    const stored = await call(api('/api/settings'), {
      method: 'POST',
      json: { language: 'fr', llm_model: null },
    });
    expect(stored.body).toEqual({ message: 'Settings stored' });
    const again = await call<Record<string, unknown>>(api('/api/settings'));
    expect(again.body).toMatchObject({
      language: 'fr',
      llm_model: 'anthropic/claude-sonnet-4-5-20250929',
      agent: null,
    });
    expect((await call(api('/api/reset-settings'), { method: 'POST' })).status).toBe(410);
  });

  it('checks token formats per provider; whitespace is invalid; the last provider decides', async () => {
    const bad = await call(api('/api/add-git-providers'), {
      method: 'POST',
      json: {
        provider_tokens: {
          github: { token: 'ghp_has space in it 0000000000', host: 'github.com' },
        },
      },
    });
    expect(bad).toMatchObject({
      status: 401,
      body: { error: 'Invalid token. Please make sure it is a valid github token.' },
    });
    const wrongProvider = await call(api('/api/add-git-providers'), {
      method: 'POST',
      json: { provider_tokens: { gitlab: { token: 'ghp_0123456789012345678901234567' } } },
    });
    expect(wrongProvider.body).toEqual({
      error: 'Invalid token. Please make sure it is a valid gitlab token.',
    });
    const badKey = await call<{ detail: { type: string; loc: unknown[] }[] }>(
      api('/api/add-git-providers'),
      {
        method: 'POST',
        json: { provider_tokens: { sourcehut: { token: 'x' } } },
      },
    );
    expect(badKey.body.detail[0]).toMatchObject({
      type: 'enum',
      loc: ['body', 'provider_tokens', 'sourcehut', '[key]'],
    });
    const keep = await call(api('/api/add-git-providers'), {
      method: 'POST',
      json: {
        provider_tokens: {
          github: { token: '', host: 'github.com' },
          gitlab: { token: 'glpat-abcdefghijklmnopqrstuv', host: 'gitlab.com' },
        },
      },
    });
    expect(keep.body).toEqual({ message: 'Git providers stored' });
    const settings = await call<{ provider_tokens_set: unknown }>(api('/api/settings'));
    expect(settings.body.provider_tokens_set).toEqual({
      github: 'github.com',
      gitlab: 'gitlab.com',
    });
  });

  it('manages custom secrets', async () => {
    expect((await call(api('/api/secrets'))).body).toEqual({
      custom_secrets: [{ name: 'NPM_TOKEN', description: 'Publishes @octo-org packages' }],
    });
    const created = await call(api('/api/secrets'), {
      method: 'POST',
      json: { name: 'API', value: 's3cret' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { message: 'Secret created successfully' },
    });
    const dup = await call(api('/api/secrets'), {
      method: 'POST',
      json: { name: 'API', value: 'x' },
    });
    expect(dup).toMatchObject({ status: 400, body: { message: 'Secret API already exists' } });
    expect(
      (await call(api('/api/secrets/API'), { method: 'PUT', json: { name: 'API2' } })).body,
    ).toEqual({
      message: 'Secret updated successfully',
    });
    expect((await call(api('/api/secrets/API'), { method: 'DELETE' })).body).toEqual({
      error: 'Secret with ID API not found',
    });
    expect((await call(api('/api/secrets/API2'), { method: 'DELETE' })).body).toEqual({
      message: 'Secret deleted successfully',
    });
  });
});

describe('git provider routes', () => {
  it('searches repositories and branches', async () => {
    const repos = await call<{ full_name: string }[]>(
      api('/api/user/search/repositories?query=widgets&per_page=5'),
    );
    expect(repos.body.map((r) => r.full_name)).toEqual(['octo-org/widgets']);
    const missing = await call(api('/api/user/search/repositories'));
    expect(missing.body).toEqual({
      detail: [{ type: 'missing', loc: ['query', 'query'], msg: 'Field required', input: null }],
    });
    const branches = await call<{ name: string }[]>(
      api('/api/user/search/branches?repository=octo-org/widgets&query=fix/'),
    );
    expect(branches.body.map((b) => b.name)).toEqual(['fix/parser-null']);
    const paged = await call<Record<string, unknown>>(
      api('/api/user/repository/branches?repository=acme/platform/backend/api&per_page=2'),
    );
    expect(paged.body).toMatchObject({
      has_next_page: true,
      current_page: 1,
      per_page: 2,
      total_count: 4,
    });
    const installs = await call(api('/api/user/installations?provider=gitlab'));
    expect(installs).toMatchObject({
      status: 400,
      body: "Provider ProviderType.GITLAB doesn't support installations",
    });
  });

  it('lists microagents by the folder rules of docs/contract/v0-rest.md#microagent-files', async () => {
    const github = await call<{ name: string; path: string }[]>(
      api('/api/user/repository/octo-org/widgets/microagents'),
    );
    expect(github.body.map((m) => m.path)).toEqual([
      '.cursorrules',
      '.openhands/microagents/release_notes.md',
      '.openhands/microagents/repo.md',
      '.openhands/microagents/testing.md',
    ]);
    expect(github.body[0]?.name).toBe('cursorrules');
    const gitlab = await call<{ path: string }[]>(
      api('/api/user/repository/acme/platform/backend/api/microagents'),
    );
    expect(gitlab.body.map((m) => m.path)).toEqual([
      '.cursorrules',
      '.openhands/microagents/broken.md',
      '.openhands/microagents/ops/deploy.md',
      '.openhands/microagents/ops/runbooks/database.md',
      '.openhands/microagents/repo.md',
      '.openhands/microagents/testing.md',
    ]);
    const special = await call<{ path: string }[]>(
      api('/api/user/repository/acme/openhands-config/microagents'),
    );
    expect(special.body.map((m) => m.path)).toEqual([
      'microagents/security.md',
      'microagents/teams/frontend.md',
    ]);
    const dotOpenhands = await call<{ path: string }[]>(
      api('/api/user/repository/octocat/.openhands/microagents'),
    );
    expect(dotOpenhands.body.map((m) => m.path)).toEqual([
      'microagents/containers.md',
      'microagents/org-conventions.md',
    ]);

    const content = await call(
      api(
        '/api/user/repository/octo-org/widgets/microagents/content?file_path=.openhands/microagents/testing.md',
      ),
    );
    expect(content.body).toEqual({
      content:
        "Run the project's tests with `npm test` before committing. Unit tests live next to the code.\n",
      path: '.openhands/microagents/testing.md',
      triggers: ['test', 'pytest', 'vitest'],
      git_provider: 'github',
    });
    const noToken = await call(api('/api/user/repository/acme-team/payments/microagents'));
    expect(noToken).toMatchObject({
      status: 401,
      body: 'Unable to fetch microagents for acme-team/payments',
    });
    const failing = await call(api('/api/user/repository/octo-org/flaky-service/microagents'));
    expect(failing).toMatchObject({
      status: 500,
      body: 'Error scanning repository: Unknown error: 502 Bad Gateway',
    });
  });
});

describe('transport rules', () => {
  it('falls back to the SPA page for unknown GETs and 405 for other methods', async () => {
    const page = await call(api('/api/v2/whatever'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<!DOCTYPE html>');
    const post = await call(api('/api/options/models'), { method: 'POST' });
    expect(post).toMatchObject({ status: 405, body: { detail: 'Method Not Allowed' } });
    expect(page.headers.get('cache-control')).toBe(
      'no-cache, no-store, must-revalidate, max-age=0',
    );
  });

  it('answers CORS only for localhost origins', async () => {
    const local = await fetch(api('/alive'), { headers: { Origin: 'http://localhost:5173' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('access-control-allow-credentials')).toBe('true');
    const extension = await fetch(api('/alive'), {
      headers: { Origin: 'chrome-extension://abcdefghijklmnop' },
    });
    expect(extension.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(api('/api/conversations'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abcdefghijklmnop',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-session-api-key',
      },
    });
    expect(preflight.status).toBe(400);
    expect(await preflight.text()).toBe('Disallowed CORS origin');
    const okPreflight = await fetch(api('/api/conversations'), {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:8080', 'Access-Control-Request-Method': 'POST' },
    });
    expect(okPreflight.status).toBe(200);
    expect(okPreflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
  });

  it('refuses oversized bodies and survives garbage', async () => {
    // What these checks describe is the legacy (0.62) kind.
    const tiny = await startTestService({ server: 'legacy', maxBodyBytes: 1024, seed: false });
    try {
      const big = await call(`${tiny.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: 'x'.repeat(5000) },
      });
      expect(big.status).toBe(413);
      const fresh = await call(`${tiny.url}/api/settings`);
      expect(fresh).toMatchObject({ status: 404, body: { error: 'Settings not found' } });
      const noSettings = await call<Record<string, unknown>>(`${tiny.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: 'hello' },
      });
      expect(noSettings).toMatchObject({
        status: 400,
        body: {
          status: 'error',
          message: 'Settings not found',
          msg_id: 'CONFIGURATION$SETTINGS_NOT_FOUND',
        },
      });
      for (const body of ['\u0000\u0001', '{"a":', '[[[[', 'null']) {
        const r = await call(`${tiny.url}/api/settings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(r.status).toBe(422);
      }
      expect((await call(`${tiny.url}/alive`)).body).toEqual({ status: 'ok' });
    } finally {
      await tiny.stop();
    }
  });
});

describe('auth and rate limit', () => {
  it('demands X-Session-API-Key on V0 routes only', async () => {
    // What these checks describe is the legacy (0.62) kind.
    const keyed = await startTestService({ server: 'legacy', apiKey: 'secret-key', seed: false });
    try {
      expect((await call(`${keyed.url}/api/settings`)).body).toEqual({ detail: 'Unauthorized' });
      expect(
        (
          await call(`${keyed.url}/api/settings`, {
            headers: { 'X-Session-API-Key': 'secret-key' },
          })
        ).status,
      ).toBe(404);
      // A decode error is reported before the key check, like FastAPI.
      const early = await call(`${keyed.url}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      });
      expect(early.status).toBe(422);
      expect((await call(`${keyed.url}/alive`)).status).toBe(200);
      expect((await call(`${keyed.url}/server_info`)).status).toBe(200);
      expect((await call(`${keyed.url}/api/v1/app-conversations/search?limit=1`)).body).toEqual({
        items: [],
        next_page_id: null,
      });
    } finally {
      await keyed.stop();
    }
  });

  it('hosted mode: Bearer everywhere, config exempt, no V0 conversation routes', async () => {
    // What these checks describe is the legacy (0.62) kind.
    const hosted = await startTestService({
      server: 'legacy',
      hosted: true,
      apiKey: 'sk-oh-hosted',
    });
    try {
      const config = await call<Record<string, unknown>>(`${hosted.url}/api/options/config`);
      expect(config.body.APP_MODE).toBe('saas');
      expect((await call(`${hosted.url}/api/v1/app-conversations/search`)).body).toEqual({
        error: 'NoCredentialsError',
      });
      const bearer = { Authorization: 'Bearer sk-oh-hosted' };
      expect(
        (await call(`${hosted.url}/api/v1/app-conversations/search?limit=1`, { headers: bearer }))
          .status,
      ).toBe(200);
      expect(
        (
          await call(`${hosted.url}/api/v1/app-conversations/search?limit=1`, {
            headers: { 'X-Session-API-Key': 'sk-oh-hosted' },
          })
        ).status,
      ).toBe(200);
      const v0 = await call(`${hosted.url}/api/conversations`, { headers: bearer });
      expect(v0.status).toBe(200);
      expect(v0.headers.get('content-type')).toContain('text/html');
    } finally {
      await hosted.stop();
    }
  });

  it('standalone mode: relative url and null key', async () => {
    // What these checks describe is the legacy (0.62) kind.
    const standalone = await startTestService({
      server: 'legacy',
      runtime: 'standalone',
      scenario: 'finish-quickly',
    });
    try {
      const id = standalone.seedIds.v0.todoApp;
      await call(`${standalone.url}/api/conversations/${id}/start`, {
        method: 'POST',
        json: { providers_set: ['github'] },
      });
      const info = await call<Record<string, unknown>>(`${standalone.url}/api/conversations/${id}`);
      expect(info.body).toMatchObject({ url: `/api/conversations/${id}`, session_api_key: null });
      expect((await call(`${standalone.url}/api/conversations/${id}/config`)).body).toEqual({
        runtime_id: null,
        session_id: id,
      });
    } finally {
      await standalone.stop();
    }
  });

  it('delays past 10 requests per second and answers 429 past 20', async () => {
    // What these checks describe is the legacy (0.62) kind.
    const limited = await startTestService({ server: 'legacy', rateLimit: true, seed: false });
    try {
      const started = Date.now();
      const responses = await Promise.all(
        Array.from({ length: 24 }, () =>
          fetch(`${limited.url}/alive`).then(async (r) => ({ r, body: await r.text() })),
        ),
      );
      const rejected = responses.filter(({ r }) => r.status === 429);
      expect(rejected).toHaveLength(4);
      // Requests 11–20 were served, a second late.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      const [first] = rejected;
      expect(first?.r.headers.get('retry-after')).toBe('1');
      // The limiter is the outermost middleware: no cache headers on its answer.
      expect(first?.r.headers.get('cache-control')).toBeNull();
      expect(JSON.parse(first?.body ?? '')).toEqual({ message: 'Too many requests' });
    } finally {
      await limited.stop();
    }
  });
});
