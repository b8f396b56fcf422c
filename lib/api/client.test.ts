// Where requests go and which credential they carry (docs/contract/auth.md), and what callers get
// back.
import { describe, expect, it } from 'vitest';
import {
  agentServerBaseUrl,
  apiEndpoints,
  createApiClient,
  endpointNames,
  isEndpointName,
  parseStreamedArray,
} from '@/lib/api';
import { v0Trajectory, v1Frames } from '../../tests/support/upstream-fixtures';
import { fakeFetch, jsonResponse, type RecordedRequest, textResponse } from './testing/fake-fetch';

const ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function credentialsOf(request: RecordedRequest) {
  return {
    sessionKey: request.headers.get('x-session-api-key'),
    authorization: request.headers.get('authorization'),
  };
}

function recorder(answer: unknown = {}) {
  return fakeFetch(() => jsonResponse(answer));
}

describe('server credentials', () => {
  it('sends X-Session-API-Key to a self-hosted server and never a cookie', async () => {
    const { fetch, requests } = recorder([]);
    const client = createApiClient({ baseUrl: 'http://localhost:3000', apiKey: 'k1', fetch });
    expect(client.authScheme).toBe('session-key');
    await client.v0.getModels();
    expect(credentialsOf(requests[0] as RecordedRequest)).toEqual({
      sessionKey: 'k1',
      authorization: null,
    });
    expect(requests[0]?.credentials).toBe('omit');
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
  });

  it('sends Authorization: Bearer to the hosted service by default', async () => {
    const { fetch, requests } = recorder({ items: [] });
    const client = createApiClient({
      baseUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-oh',
      fetch,
    });
    expect(client.authScheme).toBe('bearer');
    await client.v1.searchAppConversations({ limit: 1 });
    expect(credentialsOf(requests[0] as RecordedRequest)).toEqual({
      sessionKey: null,
      authorization: 'Bearer sk-oh',
    });
  });

  it('follows an explicit scheme and sends nothing without a key or to health probes', async () => {
    const { fetch, requests } = recorder({ status: 'ok' });
    const bearer = createApiClient({
      baseUrl: 'http://openhands.internal',
      apiKey: 'k',
      authScheme: 'bearer',
      fetch,
    });
    await bearer.v0.getConfig();
    await bearer.server.alive();
    await createApiClient({ baseUrl: 'http://localhost:3000', fetch }).v0.getConfig();
    expect(requests.map(credentialsOf)).toEqual([
      { sessionKey: null, authorization: 'Bearer k' },
      { sessionKey: null, authorization: null },
      { sessionKey: null, authorization: null },
    ]);
  });

  it('keeps a path prefix of the configured address', async () => {
    const { fetch, requests } = recorder({ events: [], has_more: false });
    const client = createApiClient({ baseUrl: 'https://tools.example.test/openhands', fetch });
    await client.v0.getEvents({
      conversation: { conversation_id: ID, url: `/api/conversations/${ID}` },
    });
    expect(requests[0]?.url.href).toBe(
      `https://tools.example.test/openhands/api/conversations/${ID}/events`,
    );
  });
});

describe('per-conversation routes (docs/contract/auth.md#per-conversation-url-and-key)', () => {
  it('uses /api/conversations/{id} on the server with the server key when url is null', async () => {
    const { fetch, requests } = recorder({ events: [], has_more: false });
    const client = createApiClient({
      baseUrl: 'http://localhost:3000',
      apiKey: 'server-key',
      fetch,
    });
    await client.v0.getEvents({
      conversation: { conversation_id: ID, url: null, session_api_key: null },
      reverse: true,
      limit: 100,
    });
    const request = requests[0] as RecordedRequest;
    expect(request.url.href).toBe(
      `http://localhost:3000/api/conversations/${ID}/events?reverse=true&limit=100`,
    );
    expect(credentialsOf(request)).toEqual({ sessionKey: 'server-key', authorization: null });
  });

  it('sends a nested runtime its own session key', async () => {
    const { fetch, requests } = recorder({ vscode_url: null });
    const client = createApiClient({
      baseUrl: 'http://localhost:3000',
      apiKey: 'server-key',
      fetch,
    });
    await client.v0.getVscodeUrl({
      conversation: {
        conversation_id: ID,
        url: `http://localhost:40001/api/conversations/${ID}`,
        session_api_key: 'runtime-key',
      },
    });
    const request = requests[0] as RecordedRequest;
    expect(request.url.href).toBe(`http://localhost:40001/api/conversations/${ID}/vscode-url`);
    expect(credentialsOf(request)).toEqual({ sessionKey: 'runtime-key', authorization: null });
  });

  it('never sends the hosted Bearer key to a runtime host', async () => {
    const { fetch, requests } = recorder({ events: [], has_more: false });
    const client = createApiClient({
      baseUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-oh',
      fetch,
    });
    const url = `https://rt1.prod-runtime.all-hands.dev/api/conversations/${ID}`;
    await client.v0.getEvents({
      conversation: { conversation_id: ID, url, session_api_key: 'rt' },
    });
    await client.v0.getEvents({
      conversation: { conversation_id: ID, url, session_api_key: null },
    });
    expect(requests.map(credentialsOf)).toEqual([
      { sessionKey: 'rt', authorization: null },
      { sessionKey: null, authorization: null },
    ]);
  });

  it('keeps the server key from a runtime on another origin, the same host on another port included', async () => {
    const { fetch, requests } = recorder({ events: [], has_more: false });
    const client = createApiClient({
      baseUrl: 'http://localhost:3000',
      apiKey: 'server-key',
      fetch,
    });
    for (const url of [
      `http://localhost:40001/api/conversations/${ID}`,
      `https://localhost:3000/api/conversations/${ID}`,
      `http://evil.test/api/conversations/${ID}`,
    ]) {
      await client.v0.getEvents({
        conversation: { conversation_id: ID, url, session_api_key: null },
      });
    }
    expect(requests.map(credentialsOf)).toEqual([
      { sessionKey: null, authorization: null },
      { sessionKey: null, authorization: null },
      { sessionKey: null, authorization: null },
    ]);
  });

  it('says why a runtime elsewhere without its own key is refused', async () => {
    const { fetch } = fakeFetch(() => jsonResponse({ detail: 'Unauthorized' }, { status: 401 }));
    const client = createApiClient({
      baseUrl: 'http://localhost:3000',
      apiKey: 'server-key',
      fetch,
    });
    const error = await client.v0
      .getEvents({
        conversation: {
          conversation_id: ID,
          url: `http://localhost:40001/api/conversations/${ID}`,
        },
      })
      .catch((failure: unknown) => failure as Error);
    expect((error as Error).message).toMatch(
      /asked for a key \(401\)\. The server gave it none of its own, and Handoff sends the server's key only to the server itself/,
    );
  });

  it('follows no redirect and says so, for the server and for runtimes alike', async () => {
    const { fetch, requests } = fakeFetch(
      () => new Response(null, { status: 307, headers: { location: 'http://evil.test/steal' } }),
    );
    const client = createApiClient({
      baseUrl: 'http://localhost:3000',
      apiKey: 'server-key',
      fetch,
    });
    const error = await client.v0.getConfig().catch((failure: unknown) => failure as Error);
    expect((error as Error).message).toBe(
      "The server at localhost:3000 answered with a redirect (307). Handoff does not follow redirects, so the key never goes to another address. If the server has moved, enter its new address in Handoff's options.",
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]?.redirect).toBe('manual');
  });

  it('accepts a whole ConversationInfo as the conversation', async () => {
    const { fetch, requests } = recorder({ events: [], has_more: false });
    const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch });
    const info = { conversation_id: ID, title: 'x', status: 'RUNNING', url: null, pr_number: [] };
    await client.v0.getEvents({ conversation: info });
    expect(requests[0]?.url.pathname).toBe(`/api/conversations/${ID}/events`);
  });

  it('refuses a conversation address that is not http(s) before sending a key to it', async () => {
    const { fetch, requests } = recorder();
    const client = createApiClient({ baseUrl: 'http://localhost:3000', apiKey: 'k', fetch });
    await expect(
      client.v0.getEvents({ conversation: { conversation_id: ID, url: 'file:///etc/passwd' } }),
    ).rejects.toMatchObject({ kind: 'bad-response' });
    expect(requests).toHaveLength(0);
  });
});

describe('hosted organisation (X-Org-Id)', () => {
  const ORG = '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f';

  it('goes with every keyed call to the configured server', async () => {
    const { fetch, requests } = recorder({ items: [], next_page_id: null });
    const client = createApiClient({
      baseUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-oh',
      orgId: ORG,
      fetch,
    });
    await client.v1.searchAppConversations({ limit: 1 });
    await client.v1.listOrganizations({});
    expect(requests.map((request) => request.headers.get('x-org-id'))).toEqual([ORG, ORG]);
  });

  it('never goes to an agent server, nor with the keyless configuration probe', async () => {
    const { fetch, requests } = recorder({ items: [], next_page_id: null, app_mode: 'saas' });
    const client = createApiClient({
      baseUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-oh',
      orgId: ORG,
      fetch,
    });
    await client.agent.searchEvents({
      conversation: {
        conversation_url: `https://sandbox.example.test/api/conversations/${ID}`,
        session_api_key: 'sandbox-key',
      },
    });
    await client.v1.getWebClientConfig();
    expect(requests.map((request) => request.headers.get('x-org-id'))).toEqual([null, null]);
  });

  it('is left out when none is chosen', async () => {
    const { fetch, requests } = recorder({ items: [], next_page_id: null });
    const client = createApiClient({ baseUrl: 'https://app.all-hands.dev', apiKey: 'k', fetch });
    await client.v1.searchAppConversations({ limit: 1 });
    expect(requests[0]?.headers.get('x-org-id')).toBeNull();
  });
});

describe('agent-server routes (docs/contract/agent-server.md)', () => {
  const conversation = {
    conversation_url: `https://sandbox.example.test/agent-7/api/conversations/${ID}`,
    session_api_key: 'sandbox-key',
  };

  it('calls under conversation_url with the sandbox key only, whatever the server scheme', async () => {
    const { fetch, requests } = recorder({ items: [], next_page_id: null });
    const client = createApiClient({
      baseUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-oh',
      fetch,
    });
    await client.agent.searchEvents({ conversation, kind: 'MessageEvent', limit: 50 });
    const request = requests[0] as RecordedRequest;
    expect(request.url.href).toBe(
      `https://sandbox.example.test/agent-7/api/conversations/${ID}/events/search?kind=MessageEvent&limit=50`,
    );
    expect(credentialsOf(request)).toEqual({ sessionKey: 'sandbox-key', authorization: null });
  });

  it('refuses an agent-server address that is not a conversation URL', async () => {
    const { fetch, requests } = recorder();
    const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch });
    await expect(
      client.agent.pause({ conversation: { conversation_url: 'http://localhost:8000' } }),
    ).rejects.toMatchObject({ kind: 'invalid-params' });
    expect(requests).toHaveLength(0);
  });

  it('derives the agent-server base for the WebSocket, keeping the path prefix', () => {
    expect(agentServerBaseUrl(conversation.conversation_url)).toBe(
      'https://sandbox.example.test/agent-7',
    );
    expect(agentServerBaseUrl(`http://localhost:8000/api/conversations/${ID}/`)).toBe(
      'http://localhost:8000',
    );
    expect(agentServerBaseUrl(`/api/conversations/${ID}`, 'http://localhost:3000')).toBe(
      'http://localhost:3000',
    );
  });
});

describe('answers', () => {
  it('parses V0 event pages into typed events', async () => {
    const history = v0Trajectory('v0_traj_wrong_initial_state.json');
    const { fetch } = fakeFetch(() => jsonResponse({ events: history, has_more: true }));
    const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch });
    const page = await client.v0.getEvents({ conversation: { conversation_id: ID } });
    expect(page.has_more).toBe(true);
    expect(page.events.map((event) => event.key)).toEqual(history.map((raw) => `v0:${raw.id}`));
    expect(page.events[3]?.type).toBe('v0.action');
  });

  it('parses V1 search pages and keeps unknown kinds as unknown events', async () => {
    const items = [
      ...v1Frames().slice(2, 4),
      { kind: 'StreamingDeltaEvent', id: 'd1', delta: 'x' },
    ];
    const { fetch } = fakeFetch(() => jsonResponse({ items, next_page_id: 'p2' }));
    const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch });
    const page = await client.v1.searchEvents({ conversation_id__eq: ID });
    expect(page.items.map((event) => event.type)).toEqual([
      'v1.message',
      'v1.state-update',
      'unknown',
    ]);
    expect(page.next_page_id).toBe('p2');
  });

  it('keeps extra response fields and accepts unknown enum values', async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse({
        conversation_id: ID,
        title: 'x',
        status: 'HIBERNATING',
        git_provider: 'sourcehut',
        brand_new_field: { a: 1 },
      }),
    );
    const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch });
    const conversation = await client.v0.getConversation({ conversation_id: ID });
    expect(conversation?.status).toBe('HIBERNATING');
    expect(conversation?.git_provider).toBe('sourcehut');
    expect(conversation?.brand_new_field).toEqual({ a: 1 });
  });

  it('reads every state of a streamed start, also when the stream is cut short', async () => {
    const task = (status: string) => ({ id: 't1', created_by_user_id: null, status, request: {} });
    const whole = `[${JSON.stringify(task('WORKING'))},\n${JSON.stringify(task('READY'))}]`;
    const { fetch } = fakeFetch(() => textResponse(whole, 'application/json'));
    const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch });
    const states = await client.v1.streamStartAppConversation({});
    expect(states.map((state) => state.status)).toEqual(['WORKING', 'READY']);
    const cut = `[${JSON.stringify(task('WORKING'))},\n${JSON.stringify({ ...task('PREPARING_REPOSITORY'), detail: 'a "quoted} brace' })},\n{"id":`;
    expect(parseStreamedArray(cut)).toEqual([
      task('WORKING'),
      { ...task('PREPARING_REPOSITORY'), detail: 'a "quoted} brace' },
    ]);
  });
});

describe('the method table', () => {
  it('names every endpoint `<group>.<method>` and exposes the same methods on the client', () => {
    // `/server_info` belongs with the health probes (no key, the configured address), but callers
    // ask it whether that address is an agent server, hence its name.
    const namedForItsUse: Record<string, string> = { 'agent.getServerInfo': 'server' };
    const client = createApiClient({ baseUrl: 'http://localhost:3000' });
    for (const name of endpointNames) {
      const [group, method] = name.split('.') as [string, string];
      expect(apiEndpoints[name].group).toBe(namedForItsUse[name] ?? group);
      expect(
        typeof (client as unknown as Record<string, Record<string, unknown>>)[group]?.[method],
      ).toBe('function');
    }
    expect(isEndpointName('v0.getConversation')).toBe(true);
    expect(isEndpointName('constructor')).toBe(false);
  });

  it('validates remote-call params with the endpoint schema, as the worker will', () => {
    const params = apiEndpoints['v1.getSandboxes'].params;
    expect(params.safeParse({ id: ['a', 'b'] }).success).toBe(true);
    expect(params.safeParse({ ids: ['a'] }).success).toBe(false);
    expect(params.safeParse({ id: [] }).success).toBe(false);
  });
});
