// The two halves of the client: the raw client the worker uses (request table only, answers
// unvalidated) and parseEndpointResult on the page side. Together they must give exactly what
// the full client gives, and the raw client must send and fail exactly like it.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  type ApiErrorKind,
  apiEndpoints,
  createApiClient,
  createRawClient,
  type EndpointName,
  type EndpointParams,
  endpointNames,
  endpointRequests,
  endpointResponses,
  parseEndpointResult,
} from '@/lib/api';
import { apiFailure } from '@/lib/api/testing/failure';
import { v0Trajectory, v1Frames } from '../../tests/support/upstream-fixtures';
import {
  fakeFetch,
  htmlPage,
  jsonResponse,
  type RecordedRequest,
  textResponse,
} from './testing/fake-fetch';

const SERVER = 'http://localhost:3000';
const ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const runtime = { conversation_id: ID, url: null, session_api_key: 'runtime-key' };
const agent = {
  conversation_url: `https://sandbox.example.test/api/conversations/${ID}`,
  session_api_key: 'sandbox-key',
};

/** One fake server, both clients on it; requests are recorded per client. */
function clientsAnswering(answer: () => Response, apiKey: string | null = 'server-key') {
  const full = fakeFetch(answer);
  const raw = fakeFetch(answer);
  return {
    full: createApiClient({ baseUrl: SERVER, apiKey, fetch: full.fetch }),
    raw: createRawClient({ baseUrl: SERVER, apiKey, fetch: raw.fetch }),
    fullRequests: full.requests,
    rawRequests: raw.requests,
  };
}

function sent(request: RecordedRequest | undefined) {
  if (!request) throw new Error('no request was sent');
  return {
    method: request.method,
    url: request.url.href,
    headers: Object.fromEntries(request.headers),
    body: request.body,
    credentials: request.credentials,
  };
}

interface Case<N extends EndpointName> {
  name: N;
  params: EndpointParams<N>;
  answer: () => Response;
}
const cases: Case<EndpointName>[] = [
  { name: 'server.alive', params: {}, answer: () => jsonResponse({ status: 'ok' }) },
  {
    name: 'v0.getConversation',
    params: { conversation_id: ID },
    answer: () => jsonResponse(null),
  },
  {
    name: 'v0.getEvents',
    params: { conversation: runtime, limit: 100, reverse: true },
    answer: () =>
      jsonResponse({ events: v0Trajectory('v0_traj_basic_interactions.json'), has_more: false }),
  },
  {
    name: 'v0.getSettings',
    params: {},
    answer: () => jsonResponse({ error: 'Settings not found' }, { status: 404 }),
  },
  {
    name: 'v0.getInstallations',
    params: { provider: 'github' },
    answer: () => jsonResponse([12, 'acme']),
  },
  {
    name: 'v0.createConversation',
    params: {
      repository: 'octo/widgets',
      mcp_config: { stdio_servers: [{ name: 'fetch', command: 'uvx', args: 'a "b c"' }] },
    },
    answer: () => jsonResponse({ status: 'ok', conversation_id: ID }),
  },
  {
    name: 'v1.getSkills',
    params: { conversation_id: ID },
    answer: () => jsonResponse({ skills: [{ name: 'testing' }] }),
  },
  {
    name: 'v1.streamStartAppConversation',
    params: { selected_repository: 'octo/widgets' },
    answer: () =>
      textResponse('[{"id":"t1","status":"WORKING"},\n{"id":"t1","status":"READY"}', 'text/plain'),
  },
  {
    name: 'agent.searchEvents',
    params: { conversation: agent, limit: 50 },
    answer: () => jsonResponse({ items: v1Frames(), next_page_id: null }),
  },
  {
    name: 'agent.run',
    params: { conversation: agent },
    answer: () => jsonResponse({ detail: 'Conversation already running.' }, { status: 409 }),
  },
  { name: 'agent.run', params: { conversation: agent }, answer: () => jsonResponse({}) },
];

describe('raw client + parseEndpointResult = full client', () => {
  for (const [index, { name, params, answer }] of cases.entries()) {
    it(`${name} (case ${index + 1}): same request, and the same result once validated`, async () => {
      const { full, raw, fullRequests, rawRequests } = clientsAnswering(answer);
      const expected = await full.call(name, params);
      const rawResult = await raw.call(name, params);
      expect(parseEndpointResult(name, rawResult)).toEqual(expected);
      expect(rawRequests.map(sent)).toEqual(fullRequests.map(sent));
    });
  }

  it('resolves with the body as sent: no transforms, no events parsed', async () => {
    const page = { items: v1Frames().slice(0, 2), next_page_id: null };
    const { raw } = clientsAnswering(() => jsonResponse(page));
    expect(await raw.call('agent.searchEvents', { conversation: agent })).toEqual(page);
    const ids = clientsAnswering(() => jsonResponse([12, 'acme']));
    expect(await ids.raw.call('v0.getInstallations', { provider: 'github' })).toEqual([12, 'acme']);
  });

  it('resolves with the documented stand-ins for "not found" and "already running"', async () => {
    const settings = clientsAnswering(() =>
      jsonResponse({ error: 'Settings not found' }, { status: 404 }),
    );
    expect(await settings.raw.call('v0.getSettings', {})).toBeNull();
    const conversation = clientsAnswering(() => jsonResponse(null));
    expect(await conversation.raw.call('v0.getConversation', { conversation_id: ID })).toBeNull();
    const running = clientsAnswering(() => jsonResponse({ detail: 'running' }, { status: 409 }));
    expect(await running.raw.call('agent.run', { conversation: agent })).toEqual({
      success: true,
      already_running: true,
    });
  });
});

describe('the raw client fails like the full client', () => {
  const failures: [string, () => Response, ApiErrorKind][] = [
    ['the web UI fallback (200 HTML)', () => textResponse(htmlPage, 'text/html'), 'bad-response'],
    ['a plain-text body', () => textResponse('OK then', 'text/plain'), 'bad-response'],
    ['an empty body', () => new Response('', { status: 200 }), 'bad-response'],
    [
      'a rejected key',
      () => jsonResponse({ detail: 'Unauthorized' }, { status: 401 }),
      'unauthorized',
    ],
    ['a missing route', () => textResponse(htmlPage, 'text/html', { status: 404 }), 'not-found'],
    [
      'a 422',
      () =>
        jsonResponse({ detail: [{ loc: ['query', 'x'], msg: 'bad', type: 't' }] }, { status: 422 }),
      'validation',
    ],
    ['a proxy error', () => textResponse(htmlPage, 'text/html', { status: 502 }), 'server'],
  ];
  for (const [what, answer, kind] of failures) {
    it(`on ${what}: ${kind}, with the same message and details`, async () => {
      const { full, raw } = clientsAnswering(answer);
      const expected = await apiFailure(full.v0.getSettings());
      const actual = await apiFailure(raw.call('v0.getSettings', {}));
      expect(actual.kind).toBe(kind);
      expect(actual.toJSON()).toEqual(expected.toJSON());
    });
  }

  it('rejects invalid params before sending, with the same field errors', async () => {
    const { full, raw, fullRequests, rawRequests } = clientsAnswering(() => jsonResponse({}));
    const bad = [
      ['v0.getConversation', { conversation_id: '../settings' }],
      ['v0.getEvents', { conversation: { conversation_id: ID }, limit: 101 }],
      ['v0.createConversation', { repository: 'a/b', repo: 'typo' }],
      ['agent.pause', { conversation: { conversation_url: null } }],
      ['v0.saveSettings', { mcp_config: { stdio_servers: [{ name: 'x', command: 'a b' }] } }],
    ] as const;
    for (const [name, params] of bad) {
      const expected = await apiFailure(full.call(name, params as never));
      const actual = await apiFailure(raw.call(name, params as never));
      expect(actual.kind).toBe('invalid-params');
      expect(actual.toJSON()).toEqual(expected.toJSON());
    }
    expect(rawRequests).toHaveLength(0);
    expect(fullRequests).toHaveLength(0);
  });

  it('rejects an unusable server address the same way', async () => {
    const raw = createRawClient({ baseUrl: 'localhost:3000' });
    expect(raw.baseUrl).toBeNull();
    const error = await apiFailure(raw.call('v0.getModels', {}));
    expect(error.kind).toBe('invalid-url');
    expect(error.message).toBe(
      (await apiFailure(createApiClient({ baseUrl: 'localhost:3000' }).v0.getModels())).message,
    );
  });
});

describe('parseEndpointResult', () => {
  it('applies the response schema: events parsed, ids as strings, unknown fields kept', () => {
    const page = parseEndpointResult('agent.searchEvents', {
      items: v1Frames().slice(0, 1),
      next_page_id: null,
      extra: 1,
    });
    expect(page.items[0]?.generation).toBe('v1');
    expect(page.extra).toBe(1);
    expect(parseEndpointResult('v0.getInstallations', [12, 'acme'])).toEqual(['12', 'acme']);
    expect(parseEndpointResult('v0.getSettings', null)).toBeNull();
  });

  it('throws a bad-response ApiError naming the endpoint and the field at fault', () => {
    let error: unknown;
    try {
      parseEndpointResult('v0.listConversations', { results: 'none' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('bad-response');
    expect((error as ApiError).endpoint).toBe('v0.listConversations');
    expect((error as ApiError).message).toMatch(
      /^The server answered v0\.listConversations in an unexpected format \(results: .+\)\. It may run a version Handoff does not support\.$/,
    );
  });

  it('names the host and keeps the request details when the worker passes them on', () => {
    let error: ApiError | undefined;
    try {
      parseEndpointResult(
        'server.alive',
        { status: 5 },
        {
          host: 'localhost:3000',
          status: 200,
          bodyType: 'json',
          method: 'GET',
          url: 'http://localhost:3000/alive',
        },
      );
    } catch (caught) {
      error = caught as ApiError;
    }
    expect(error?.message).toMatch(/^The server at localhost:3000 answered server\.alive/);
    expect(error?.toJSON()).toMatchObject({
      status: 200,
      bodyType: 'json',
      method: 'GET',
      url: 'http://localhost:3000/alive',
      endpoint: 'server.alive',
    });
  });

  it('covers every endpoint, and the full table is the two halves together', () => {
    expect(Object.keys(endpointRequests)).toEqual(endpointNames);
    expect(Object.keys(endpointResponses).sort()).toEqual([...endpointNames].sort());
    for (const name of endpointNames) {
      expect(apiEndpoints[name].params).toBe(endpointRequests[name].params);
      expect(apiEndpoints[name].response).toBe(endpointResponses[name]);
    }
  });
});
