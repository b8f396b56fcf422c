// The agent server inside sandboxes: the newest release for the v1 (and hosted) kinds, the v1.3.0-era one the
// service always had for the legacy kind. The same module serves both; these tests pin what
// differs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWEST_AGENT_SERVER_VERSION } from './agent-server/release';
import type { RunningService } from './index';
import { call, openV1Socket, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

function sandboxAgent(svc: RunningService) {
  const sandboxId = svc.seedIds.sandboxes.running;
  const base = svc.agentServerUrl(sandboxId) as string;
  const key = svc.service.data.sandboxes[sandboxId]?.session_api_key as string;
  const at = (path: string, init: Parameters<typeof call>[1] = {}) =>
    call<Json>(`${base}${path}`, {
      ...init,
      headers: { 'X-Session-API-Key': key, ...init.headers },
    });
  return { base, key, at, conversation: `/api/conversations/${svc.seedIds.v1.parserFix}` };
}

describe('the newest agent server in the sandboxes of the v1 kind', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ scenario: 'finish-quickly' });
  });
  afterAll(async () => {
    await svc.stop();
  });

  it('reports the newest release with its credential-binding capabilities', async () => {
    const { base } = sandboxAgent(svc);
    const info = (await call<Json>(`${base}/server_info`)).body;
    expect(info).toMatchObject({
      title: 'OpenHands Agent Server',
      version: NEWEST_AGENT_SERVER_VERSION,
    });
    expect(info.capabilities).toContain('credential_binding_v1');
    expect((await call(`${base}/health`)).body).toEqual({ status: 'ok' });
  });

  it('starts a conversation of its own that the app server does not list', async () => {
    const { at } = sandboxAgent(svc);
    const started = await at('/api/conversations', {
      method: 'POST',
      json: {
        workspace: { kind: 'LocalWorkspace', working_dir: '/workspace/project' },
        agent_settings: { llm: { model: 'litellm_proxy/claude-sonnet-4-5-20250929' } },
        initial_message: { role: 'user', content: [{ type: 'text', text: 'Direct' }], run: true },
      },
    });
    expect(started.status).toBe(201);
    const id = String(started.body.id).replaceAll('-', '');
    await svc.admin.waitIdle(id);
    const agentIds = ((await at('/api/conversations/search')).body.items as Json[]).map((c) =>
      String(c.id).replaceAll('-', ''),
    );
    expect(agentIds).toContain(id);
    expect(agentIds).toContain(svc.seedIds.v1.parserFix);
    const app = await call<{ items: Json[] }>(
      `${svc.url}/api/v1/app-conversations/search?limit=100`,
    );
    expect(app.body.items.map((c) => c.id)).not.toContain(id);
    // The app server cloned the conversation's repository into the project folder.
    const skills = (
      await at('/api/skills', { method: 'POST', json: { project_dir: '/workspace/project' } })
    ).body;
    expect((skills.skills as Json[]).map((s) => s.name)).toContain('release-checklist');
  });

  it('interrupts; answers JSON 500s; serves no ACP routes any more (removed in 1.27.0)', async () => {
    const { at, conversation } = sandboxAgent(svc);
    expect((await at(`${conversation}/interrupt`, { method: 'POST' })).body).toEqual({
      success: true,
    });
    const crash = await at(`${conversation}/events/search?limit=101`);
    expect(crash.status).toBe(500);
    expect(crash.body).toMatchObject({ detail: 'Internal Server Error', exception: '' });
    expect(await at(`/api/acp/${conversation.slice(5)}`)).toMatchObject({ status: 404 });
    expect((await at(`${conversation}/generate_title`, { method: 'POST', json: {} })).status).toBe(
      404,
    );
  });

  it('still takes the key in the query (the client’s way) and as the first frame', async () => {
    const { base, key } = sandboxAgent(svc);
    const ws = `${base.replace('http', 'ws')}/sockets/events/${svc.seedIds.v1.parserFix}`;
    const query = openV1Socket(`${ws}?session_api_key=${key}`);
    await waitFor(() => query.frames.find((f) => f.key === 'full_state'));
    query.ws.close();
    const frame = openV1Socket(ws);
    await frame.opened;
    frame.ws.send(JSON.stringify({ type: 'auth', session_api_key: key }));
    await waitFor(() => frame.frames.find((f) => f.key === 'full_state'));
    frame.ws.close();
  });

  it('makes a conversation wait for its credential binding (409, close 1013)', async () => {
    const { at, base, key, conversation } = sandboxAgent(svc);
    await svc.admin.requireCredentialBinding(svc.seedIds.v1.parserFix);
    try {
      expect(await at(`${conversation}/events/search`)).toMatchObject({
        status: 409,
        body: { detail: 'credential_binding_activation_required', retryable: true },
      });
      const socket = openV1Socket(
        `${base.replace('http', 'ws')}/sockets/events/${svc.seedIds.v1.parserFix}?session_api_key=${key}`,
      );
      expect(await socket.closed).toEqual({
        code: 1013,
        reason: 'credential_binding_activation_required',
      });
    } finally {
      await svc.admin.requireCredentialBinding(svc.seedIds.v1.parserFix, false);
    }
    expect((await at(`${conversation}/events/search`)).status).toBe(200);
  });
});

describe('the legacy kind keeps its v1.3.0 agent server', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
  });
  afterAll(async () => {
    await svc.stop();
  });

  it('answers as it always did', async () => {
    const { base, at, conversation } = sandboxAgent(svc);
    expect((await call<Json>(`${base}/server_info`)).body.version).toBe('1.3.0');
    expect((await call(`${base}/health`)).body).toBe('OK');
    expect((await at(`${conversation}/interrupt`, { method: 'POST' })).status).toBe(404);
    expect((await at('/api/settings')).status).toBe(404);
    expect((await at('/api/conversations', { method: 'POST', json: {} })).status).toBe(405);
    const crash = await at(`${conversation}/events/search?limit=101`);
    expect(crash).toMatchObject({ status: 500, text: 'Internal Server Error' });
    // Its unknown-conversation answers are the ones it always gave.
    expect(
      (await at(`/api/conversations/${'6'.repeat(32)}/pause`, { method: 'POST' })).status,
    ).toBe(404);
    const events = (await at(`${conversation}/events/search`)).body.items as Json[];
    expect(events.some((e) => e.parent_id !== undefined)).toBe(false);
    // No subscriber limit and no credential binding before 1.22.1 / 1.37.1.
    await svc.admin.requireCredentialBinding(svc.seedIds.v1.parserFix);
    expect((await at(`${conversation}/events/search`)).status).toBe(200);
  });
});
