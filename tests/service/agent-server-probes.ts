// One real request for every route an agent server may have, for the contract tests: each probe
// sets up what it needs itself (a command to look up, a secret to delete), so it can run in any
// order against a sandbox's agent server or the `agent` kind's own.
import { request as httpRequest } from 'node:http';
import type { Route } from './http/router';
import { call } from './test-support';

export interface ProbeAnswer {
  status: number;
  body: unknown;
  /** A status other than 2xx that upstream gives for this probe. */
  expected?: number;
}

export type AgentProbe = () => Promise<ProbeAnswer>;

export interface AgentProbeTarget {
  base: () => string;
  headers: () => Record<string, string>;
  /** A conversation this server holds, and one of its event ids. */
  conversationId: () => string;
  eventId: () => string;
  /** A folder on the server with a clone in it (for skills and git routes). */
  projectDir: () => string;
}

/** A GET with a JSON body (which fetch refuses to send), as FastAPI reads `list[str]` bodies. */
export function getWithBody(
  url: string,
  json: unknown,
  headers: Record<string, string>,
): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(json);
    const req = httpRequest(
      url,
      {
        method: 'GET',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A `multipart/form-data` POST with one file in the field `file`, as the SDK's client sends. */
export async function postFile(
  url: string,
  text: string,
  headers: Record<string, string>,
): Promise<ProbeAnswer> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'upload.txt');
  const response = await fetch(url, { method: 'POST', headers, body: form });
  const body = await response.text();
  return { status: response.status, body: body ? JSON.parse(body) : undefined };
}

/** Probes by `METHOD path` (the route's own path template). */
export function agentServerProbes(target: AgentProbeTarget): Map<string, AgentProbe> {
  const a = (path: string) => `${target.base()}${path}`;
  const h = () => target.headers();
  const get = (path: string) => call(a(path), { headers: h() });
  const send = (method: string, path: string, json?: unknown) =>
    call(a(path), { method, headers: h(), json });
  const conversation = () => `/api/conversations/${target.conversationId()}`;
  const probes = new Map<string, AgentProbe>();
  const probe = (method: string, path: string, run: AgentProbe) =>
    probes.set(`${method} ${path}`, run);
  let started = 0;

  probe('GET', '/alive', () => get('/alive'));
  probe('GET', '/health', () => get('/health'));
  probe('GET', '/ready', () => get('/ready'));
  probe('GET', '/server_info', () => get('/server_info'));
  probe('GET', '/', () => get('/'));

  probe('GET', '/api/conversations/{conversation_id}/events/search', () =>
    get(`${conversation()}/events/search?limit=100`),
  );
  probe('GET', '/api/conversations/{conversation_id}/events/count', () =>
    get(`${conversation()}/events/count`),
  );
  probe('POST', '/api/conversations/{conversation_id}/events/respond_to_confirmation', () =>
    send('POST', `${conversation()}/events/respond_to_confirmation`, { accept: false }),
  );
  // No question is open on the probed conversation: event_router.py's 409 (1.54.0+).
  probe('POST', '/api/conversations/{conversation_id}/events/respond_to_ask_user', async () => ({
    ...(await send('POST', `${conversation()}/events/respond_to_ask_user`, {
      request_id: '3b0c6a63-0c6e-4b3f-9a52-9f1d0e7c2a10',
      action: 'cancel',
    })),
    expected: 409,
  }));
  probe('GET', '/api/conversations/{conversation_id}/events/{event_id}', () =>
    get(`${conversation()}/events/${target.eventId()}`),
  );
  probe('GET', '/api/conversations/{conversation_id}/events', () =>
    getWithBody(a(`${conversation()}/events`), [target.eventId(), 'missing'], h()),
  );
  probe('POST', '/api/conversations/{conversation_id}/events', () =>
    send('POST', `${conversation()}/events`, { content: [{ type: 'text', text: 'contract' }] }),
  );
  probe('GET', '/api/conversations/search', () => get('/api/conversations/search'));
  probe('GET', '/api/conversations/count', () => get('/api/conversations/count'));
  probe('GET', '/api/conversations', () =>
    get(`/api/conversations?ids=${target.conversationId()}&ids=${'3'.repeat(32)}`),
  );
  probe('POST', '/api/conversations', async () => {
    // The second start with the same id is the idempotent 200 the document describes.
    const id = crypto.randomUUID();
    const body = {
      conversation_id: id,
      workspace: {
        kind: 'LocalWorkspace',
        working_dir: `${target.projectDir()}-contract-${++started}`,
      },
      // A whole agent: every release takes it (agent_settings came in 1.22.1).
      agent: {
        llm: { model: 'anthropic/claude-sonnet-4-5-20250929' },
        tools: [{ name: 'terminal' }],
        kind: 'Agent',
      },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'contract' }], run: true },
    };
    const first = await send('POST', '/api/conversations', body);
    if (first.status !== 201) return first;
    return send('POST', '/api/conversations', body);
  });
  probe('GET', '/api/conversations/{conversation_id}', () => get(conversation()));
  probe('PATCH', '/api/conversations/{conversation_id}', () =>
    send('PATCH', conversation(), { title: 'Agent title' }),
  );
  probe('DELETE', '/api/conversations/{conversation_id}', async () => ({
    ...(await send('DELETE', `/api/conversations/${'4'.repeat(32)}`)),
    expected: 400,
  }));
  probe('POST', '/api/conversations/{conversation_id}/pause', () =>
    send('POST', `${conversation()}/pause`),
  );
  probe('POST', '/api/conversations/{conversation_id}/interrupt', () =>
    send('POST', `${conversation()}/interrupt`),
  );
  probe('POST', '/api/conversations/{conversation_id}/run', () =>
    send('POST', `${conversation()}/run`),
  );
  probe('POST', '/api/conversations/{conversation_id}/secrets', () =>
    send('POST', `${conversation()}/secrets`, { secrets: { PROBE_SECRET: 'not-a-real-value' } }),
  );
  probe('POST', '/api/conversations/{conversation_id}/confirmation_policy', () =>
    send('POST', `${conversation()}/confirmation_policy`, { policy: { kind: 'NeverConfirm' } }),
  );
  probe('POST', '/api/conversations/{conversation_id}/generate_title', () =>
    send('POST', `${conversation()}/generate_title`, { max_length: 20 }),
  );
  probe('GET', '/api/acp/conversations/search', () => get('/api/acp/conversations/search'));
  probe('GET', '/api/acp/conversations/{conversation_id}', () =>
    get(`/api/acp/conversations/${target.conversationId()}`),
  );
  probe('GET', '/api/acp/conversations', () =>
    get(`/api/acp/conversations?ids=${target.conversationId()}`),
  );

  probe('GET', '/api/vscode/url', () => get('/api/vscode/url'));
  probe('GET', '/api/git/changes/{path:path}', () => get('/api/git/changes/workspace/project'));
  probe('GET', '/api/git/diff/{path:path}', () => get('/api/git/diff/src/parser.ts'));
  probe('GET', '/api/git/changes', () => get(`/api/git/changes?path=${target.projectDir()}`));
  probe('GET', '/api/git/diff', () =>
    get(`/api/git/diff?path=${target.projectDir()}/src/parser.ts`),
  );

  probe('GET', '/api/settings', () => get('/api/settings'));
  probe('PATCH', '/api/settings', () =>
    send('PATCH', '/api/settings', { misc_settings_diff: { contract: true } }),
  );
  const mcp = '/api/settings/mcp/contract';
  const mcpServer = { url: 'https://mcp.example.test/contract', transport: 'http' };
  probe('POST', '/api/settings/mcp/{settings_key}', async () => {
    await send('DELETE', mcp);
    return { ...(await send('POST', mcp, mcpServer)), expected: 201 };
  });
  probe('PATCH', '/api/settings/mcp/{settings_key}', async () => {
    await send('POST', mcp, mcpServer);
    return send('PATCH', mcp, { description: 'Contract server' });
  });
  probe('DELETE', '/api/settings/mcp/{settings_key}', async () => {
    await send('POST', mcp, mcpServer);
    return send('DELETE', mcp);
  });
  probe('GET', '/api/settings/secrets', () => get('/api/settings/secrets'));
  probe('PUT', '/api/settings/secrets', () =>
    send('PUT', '/api/settings/secrets', { name: 'CONTRACT', value: 'v', description: 'd' }),
  );
  probe('GET', '/api/settings/secrets/{name}', async () => {
    await send('PUT', '/api/settings/secrets', { name: 'CONTRACT', value: 'v' });
    return get('/api/settings/secrets/CONTRACT');
  });
  probe('DELETE', '/api/settings/secrets/{name}', async () => {
    await send('PUT', '/api/settings/secrets', { name: 'CONTRACT', value: 'v' });
    return send('DELETE', '/api/settings/secrets/CONTRACT');
  });
  probe('GET', '/api/profiles', () => get('/api/profiles'));
  probe('GET', '/api/agent-profiles', () => get('/api/agent-profiles'));

  probe('GET', '/api/file/home', () => get('/api/file/home'));
  probe('POST', '/api/file/upload', () =>
    postFile(a('/api/file/upload?path=/tmp/contract/upload.txt'), 'contract\n', h()),
  );
  probe('GET', '/api/file/download', async () => {
    await postFile(a('/api/file/upload?path=/tmp/contract/download.txt'), 'contract\n', h());
    return get('/api/file/download?path=/tmp/contract/download.txt');
  });
  // The path parameter holds the absolute path, so its slash follows the route's own.
  probe('POST', '/api/file/upload/{path:path}', () =>
    postFile(a('/api/file/upload//tmp/contract/upload.txt'), 'contract\n', h()),
  );
  probe('POST', '/api/bash/execute_bash_command', () =>
    send('POST', '/api/bash/execute_bash_command', { command: 'echo contract', timeout: 10 }),
  );
  probe('POST', '/api/bash/start_bash_command', () =>
    send('POST', '/api/bash/start_bash_command', { command: 'pwd' }),
  );
  probe('GET', '/api/bash/bash_events/search', () => get('/api/bash/bash_events/search'));
  probe('GET', '/api/bash/bash_events/{event_id}', async () => {
    const started = await send('POST', '/api/bash/start_bash_command', { command: 'true' });
    return get(`/api/bash/bash_events/${(started.body as { id: string }).id}`);
  });
  probe('DELETE', '/api/bash/bash_events', () => send('DELETE', '/api/bash/bash_events'));
  probe('POST', '/api/skills', () =>
    send('POST', '/api/skills', { load_public: true, project_dir: target.projectDir() }),
  );

  // One conversation's runtime (1.48.0) and the command stop (1.54.0).
  const runtime = '/api/conversations/{runtime_conversation_id}';
  const workspace = async () =>
    ((await get(conversation())).body as { workspace: { working_dir: string } }).workspace
      .working_dir;
  const startIn = async (prefix: string, command: string) =>
    (
      (await send('POST', `${prefix}/bash/start_bash_command`, { command })).body as {
        id: string;
      }
    ).id;
  probe('POST', `${runtime}/bash/execute_bash_command`, () =>
    send('POST', `${conversation()}/bash/execute_bash_command`, { command: 'pwd', timeout: 10 }),
  );
  probe('POST', `${runtime}/bash/start_bash_command`, () =>
    send('POST', `${conversation()}/bash/start_bash_command`, { command: 'pwd' }),
  );
  probe('GET', `${runtime}/bash/bash_events/search`, () =>
    get(`${conversation()}/bash/bash_events/search`),
  );
  probe('GET', `${runtime}/bash/bash_events/{event_id}`, async () =>
    get(`${conversation()}/bash/bash_events/${await startIn(conversation(), 'true')}`),
  );
  probe('DELETE', `${runtime}/bash/bash_events`, () =>
    send('DELETE', `${conversation()}/bash/bash_events`),
  );
  probe('POST', `${runtime}/bash/bash_commands/{command_id}/stop`, async () => {
    const id = await startIn(conversation(), 'sleep 30');
    return send('POST', `${conversation()}/bash/bash_commands/${id}/stop`);
  });
  probe('POST', '/api/bash/bash_commands/{command_id}/stop', async () => {
    const id = await startIn('/api', 'sleep 30');
    return send('POST', `/api/bash/bash_commands/${id}/stop`);
  });
  probe('POST', `${runtime}/file/upload`, async () =>
    postFile(
      a(`${conversation()}/file/upload?path=${await workspace()}/contract/upload.txt`),
      'contract\n',
      h(),
    ),
  );
  probe('GET', `${runtime}/file/download`, async () => {
    const path = `${await workspace()}/contract/download.txt`;
    await postFile(a(`${conversation()}/file/upload?path=${path}`), 'contract\n', h());
    return get(`${conversation()}/file/download?path=${path}`);
  });
  probe('GET', `${runtime}/git/changes`, async () =>
    get(`${conversation()}/git/changes?path=${await workspace()}`),
  );
  probe('GET', `${runtime}/git/diff`, async () =>
    get(`${conversation()}/git/diff?path=${await workspace()}/README.md`),
  );
  probe('GET', '/api/conversations/{conversation_id}/runtime', () =>
    get(`${conversation()}/runtime`),
  );
  probe('POST', '/api/conversations/{conversation_id}/runtime/reprovision', () =>
    send('POST', `${conversation()}/runtime/reprovision`),
  );
  probe('GET', '/api/git/repositories/search', () =>
    get('/api/git/repositories/search?provider=github&limit=2'),
  );
  return probes;
}

type Json = Record<string, unknown>;

/**
 * What newer agent servers send beyond agent_server_openapi.json (synced from SDK main in Feb
 * 2026): every stored event carries `parent_id` (SDK v1.31.0), and `/health` answers
 * `{"status":"ok"}` (v1.21.0) where the document still says a string.
 */
export function patchAgentServerDocument(doc: Json): void {
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  for (const member of (schemas.Event?.oneOf ?? []) as { $ref: string }[]) {
    const schema = schemas[member.$ref.split('/').pop() as string] as
      | { properties?: Record<string, unknown> }
      | undefined;
    if (schema?.properties) schema.properties.parent_id = { type: 'string' };
  }
  const health = (doc.paths as Record<string, Record<string, Json>>)['/health']?.get as
    | { responses: Record<string, { content: Record<string, { schema: Json }> }> }
    | undefined;
  const content = health?.responses['200']?.content['application/json'];
  if (content) {
    content.schema = {
      anyOf: [
        content.schema,
        { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
      ],
    };
  }
}

/** The probes for exactly the routes of a table (a release has only some of them). */
export function probesFor(routes: Route[], all: Map<string, AgentProbe>) {
  const chosen = new Map<string, AgentProbe>();
  const missing: string[] = [];
  for (const route of routes) {
    if (route.contract.source === 'internal') continue;
    const key = `${route.method} ${route.path}`;
    const run = all.get(key);
    if (run) chosen.set(key, run);
    else missing.push(key);
  }
  return { chosen, missing };
}
