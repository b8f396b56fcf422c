// The `agent` kind in Docker runtime mode (`--conversation-runtime docker`, from 1.48.0): each
// conversation runs in a container of its own, whose `/workspace` is a host folder, reached
// through `/api/conversations/{id}/…`; what it refuses and how a container that cannot start
// shows, over REST and on the socket.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { agentSeedIds, agentSeedPaths } from './seed/agent-server';
import { call, openV1Socket, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'docker-mode-key';
const headers = { 'X-Session-API-Key': KEY };
const agent = { llm: { model: 'openai/qa-stub', api_key: 'qa' }, tools: [], kind: 'Agent' };

let svc: RunningService;
const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call<Json>(`${svc.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
const hostBash = async (command: string) =>
  (
    await api('/api/bash/execute_bash_command', {
      method: 'POST',
      json: { command, cwd: agentSeedPaths.home },
    })
  ).body;
const wsUrl = (id: string) =>
  `${svc.url.replace('http', 'ws')}/sockets/events/${id}?session_api_key=${KEY}`;

beforeAll(async () => {
  svc = await startTestService({
    server: 'agent',
    apiKey: KEY,
    scenario: 'finish-quickly',
    conversationRuntime: 'docker',
  });
});
afterAll(async () => {
  await svc.stop();
});
afterEach(async () => {
  await svc.admin.failContainers({ failing: false });
});

async function create(extra: Json = {}) {
  const answer = await api('/api/conversations', { method: 'POST', json: { agent, ...extra } });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('a conversation in its own container', () => {
  it('says so in /server_info', async () => {
    const info = (await call<Json>(`${svc.url}/server_info`)).body;
    expect(info.conversation_runtime).toBe('docker');
    expect(info.capabilities).toContain('conversation_runtime_routes_v1');
  });

  it('starts in /workspace, a folder the server made on the host; the catalog lists it', async () => {
    const started = await create();
    const id = String(started.id);
    const hex = id.replaceAll('-', '');
    expect(started.workspace).toEqual({ working_dir: '/workspace', kind: 'LocalWorkspace' });
    const hostFolder = `/home/openhands/.openhands/runtime-data/${hex}/workspace`;
    expect((await hostBash(`test -d ${hostFolder} && echo yes`)).stdout).toBe('yes\n');
    expect((await api(`/api/conversations/${id}`)).body.id).toBe(id);
    const listed = (await api('/api/conversations/search')).body.items as Json[];
    expect(listed.some((item) => item.id === id)).toBe(true);
    const pwd = await api(`/api/conversations/${id}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'pwd' },
    });
    expect(pwd.body).toMatchObject({ exit_code: 0, stdout: '/workspace\n' });
  });

  it('mounts the host folder the start names: a clone made on the host shows in /workspace', async () => {
    const folder = `${agentSeedPaths.workspace}/mounted`;
    const cloned = await hostBash(
      `mkdir -p ${folder} && cd ${folder} && git clone https://github.com/octo-org/widgets.git`,
    );
    expect(cloned.exit_code).toBe(0);
    const started = await create({ workspace: { kind: 'LocalWorkspace', working_dir: folder } });
    const id = String(started.id);
    expect(started.workspace).toEqual({ working_dir: '/workspace', kind: 'LocalWorkspace' });
    const inside = await api(`/api/conversations/${id}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'ls /workspace/widgets' },
    });
    expect(inside.body.stdout).toContain('README.md');
    // What the container writes under /workspace lands in the host folder...
    await api(`/api/conversations/${id}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'mkdir /workspace/made-inside' },
    });
    expect((await hostBash(`test -d ${folder}/made-inside && echo yes`)).stdout).toBe('yes\n');
    // ...and anywhere else on the container's own disk only.
    await api(`/api/conversations/${id}/bash/execute_bash_command`, {
      method: 'POST',
      json: { command: 'mkdir -p /workspace/../tmp/container-only', cwd: '/workspace' },
    });
    expect((await hostBash('test -d /tmp/container-only || echo absent')).stdout).toBe('absent\n');
    // The global /api/bash runs on the host, which has no /workspace.
    expect((await hostBash('ls /workspace')).exit_code).not.toBe(0);
  });

  it('keeps its commands inside /workspace', async () => {
    const id = String((await create()).id);
    for (const cwd of ['/tmp', '/workspace/../etc', 'workspace']) {
      const refused = await api(`/api/conversations/${id}/bash/execute_bash_command`, {
        method: 'POST',
        json: { command: 'pwd', cwd },
      });
      expect(refused).toMatchObject({
        status: 422,
        body: { detail: 'cwd must be inside the conversation workspace' },
      });
    }
    const download = await api(`/api/conversations/${id}/file/download?path=/etc/passwd`);
    expect(download.body).toEqual({ detail: 'path must be inside the conversation workspace' });
  });

  it('runs its agent and streams it over the socket', async () => {
    const started = await create({
      initial_message: { role: 'user', content: [{ type: 'text', text: 'hello' }], run: true },
    });
    const id = String(started.id);
    const socket = openV1Socket(wsUrl(id));
    await waitFor(() => socket.frames.find((f) => f.key === 'full_state'));
    await waitFor(
      async () => (await api(`/api/conversations/${id}`)).body.execution_status === 'finished',
    );
    const events = await api(`/api/conversations/${id}/events/search`);
    expect((events.body.items as Json[]).length).toBeGreaterThan(2);
    socket.ws.close();
  });
});

describe('what Docker mode refuses', () => {
  it('reads the start request by hand', async () => {
    const raw = (body: string) =>
      call<Json>(`${svc.url}/api/conversations`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
    expect((await raw('')).body).toEqual({ detail: 'Invalid JSON body' });
    expect((await raw('{"oops"')).status).toBe(400);
    expect(await raw('[1]')).toMatchObject({
      status: 422,
      body: { detail: 'Expected a JSON object' },
    });
    expect(
      await raw(JSON.stringify({ workspace: { kind: 'RemoteWorkspace', host: 'http://x' } })),
    ).toMatchObject({
      status: 422,
      body: { detail: 'Docker conversations require a local workspace' },
    });
    expect(await raw(JSON.stringify({ conversation_id: 'not-a-uuid' }))).toMatchObject({
      status: 400,
      body: { detail: 'Invalid conversation_id' },
    });
    const noAgent = await raw(JSON.stringify({}));
    expect(noAgent.status).toBe(422);
    expect(String(noAgent.body.detail)).toContain('StartConversationRequest');
  });

  it('answers 501 for what it cannot forward, before any lookup', async () => {
    const id = crypto.randomUUID();
    for (const [method, tail] of [
      ['POST', 'fork'],
      ['POST', 'switch_llm'],
      ['POST', 'switch_profile'],
      ['PUT', 'credential-bindings/CODEX_AUTH_JSON'],
    ] as const) {
      const answer = await api(`/api/conversations/${id}/${tail}`, { method, json: {} });
      expect(answer).toMatchObject({
        status: 501,
        body: {
          detail: 'Internal Server Error',
          exception: '501: This operation is unavailable in Docker runtime mode',
        },
      });
    }
  });

  it('does not know a conversation without a manifest (404 in its words, socket 1008)', async () => {
    const id = crypto.randomUUID();
    expect((await api(`/api/conversations/${id}/run`, { method: 'POST' })).body).toEqual({
      detail: 'Conversation not found',
    });
    expect((await api(`/api/conversations/${id}/runtime`)).body).toEqual({
      detail: 'Conversation not found',
    });
    expect((await api(`/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await openV1Socket(wsUrl(id)).closed).code).toBe(1008);
    // A conversation from before Docker mode has no container: its history only.
    const seeded = agentSeedIds.conversations.docsTypo;
    expect((await api(`/api/conversations/${seeded}/events/search`)).status).toBe(200);
    expect((await api(`/api/conversations/${seeded}/run`, { method: 'POST' })).status).toBe(404);
    expect((await openV1Socket(wsUrl(seeded)).closed).code).toBe(1008);
  });
});

describe('a container that cannot start', () => {
  it('fails the create with 502 and keeps the manifest until the conversation is deleted', async () => {
    await svc.admin.failContainers();
    const id = crypto.randomUUID();
    const refused = await api('/api/conversations', {
      method: 'POST',
      json: { conversation_id: id, agent },
    });
    expect(refused).toMatchObject({
      status: 502,
      body: {
        detail: 'Internal Server Error',
        exception: '502: Could not create conversation container',
      },
    });
    expect((await api(`/api/conversations/${id}`)).status).toBe(404);
    expect((await api(`/api/conversations/${id}/runtime`)).body).toEqual({
      detail: 'Conversation not found',
    });
    expect(
      (await api(`/api/conversations/${id}/runtime/reprovision`, { method: 'POST' })).body,
    ).toEqual({
      detail: 'Internal Server Error',
      exception: '502: Could not start conversation container',
    });
    expect((await openV1Socket(wsUrl(id)).closed).code).toBe(1011);
    const deleted = await api(`/api/conversations/${id}`, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, text: '' });
    expect((await api(`/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('makes a running conversation unreachable: 502 on its routes, 1011 on its socket', async () => {
    const id = String((await create()).id);
    expect((await api(`/api/conversations/${id}/runtime`)).body.runtime_status).toBe('available');
    await svc.admin.failContainers({ conversationId: id });
    expect((await api(`/api/conversations/${id}/runtime`)).body.runtime_status).toBe('missing');
    const events = await api(`/api/conversations/${id}/events/search`);
    expect(events).toMatchObject({
      status: 502,
      body: { exception: '502: Could not start conversation container' },
    });
    expect((await openV1Socket(wsUrl(id)).closed).code).toBe(1011);
    // Still in the catalog, which is the server's own.
    expect((await api(`/api/conversations/${id}`)).status).toBe(200);
    await svc.admin.failContainers({ conversationId: id, failing: false });
    expect(
      (await api(`/api/conversations/${id}/runtime/reprovision`, { method: 'POST' })).body,
    ).toEqual({ runtime_status: 'available', can_resume: true, runtime_error: null });
    expect((await api(`/api/conversations/${id}/events/search`)).status).toBe(200);
  });

  it('stops a container on DELETE …/runtime and starts it again on the next call', async () => {
    const id = String((await create()).id);
    const stopped = await api(`/api/conversations/${id}/runtime`, { method: 'DELETE' });
    expect(stopped.status).toBe(204);
    expect((await api(`/api/conversations/${id}/runtime`)).body.runtime_status).toBe('missing');
    const key = await api(`/api/conversations/${id}/runtime/credentials`, { method: 'POST' });
    expect(typeof key.body.session_api_key).toBe('string');
    expect((await api(`/api/conversations/${id}/events/count`)).status).toBe(200);
    expect((await api(`/api/conversations/${id}/runtime`)).body.runtime_status).toBe('available');
  });
});

describe('Docker mode and older releases', () => {
  it('needs 1.48.0 or later', async () => {
    await expect(
      startTestService({ server: 'agent', conversationRuntime: 'docker', agentVersion: '1.43.1' }),
    ).rejects.toThrow(/1\.48\.0/);
    await expect(startTestService({ server: 'v1', conversationRuntime: 'docker' })).rejects.toThrow(
      /agent kind/,
    );
  });
});
