// Bad input and bad answers: each becomes a typed ApiError with a message a person can act
// on, never a crash, and the error survives extension messaging.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  type ApiErrorKind,
  createApiClient,
  type FetchLike,
  isCredentialBindingRequired,
  isSerializedApiError,
  reviveError,
  serializeError,
} from '@/lib/api';
import { apiFailure } from '@/lib/api/testing/failure';
import {
  fakeFetch,
  htmlPage,
  jsonResponse,
  type Responder,
  textResponse,
} from './testing/fake-fetch';

const SERVER = 'http://localhost:3000';
const ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function clientAnswering(respond: Responder, apiKey: string | null = 'server-key') {
  const fake = fakeFetch(respond);
  return { client: createApiClient({ baseUrl: SERVER, apiKey, fetch: fake.fetch }), ...fake };
}

describe('unusable server addresses', () => {
  const cases: [string, RegExp][] = [
    ['', /No server address is set/],
    ['not a url', /needs to start with http:\/\/ or https:\/\//],
    ['localhost:3000', /needs to start with http:\/\/ or https:\/\//],
    ['ftp://files.example.test', /only http:\/\/ and https:\/\/ are supported/],
    ['http://admin:secret@localhost:3000', /leave the user name and password out/],
    ['http://localhost:3000/?key=x', /leave out the "\?…" and "#…" parts/],
    ['http://', /not a web address|has no host/],
  ];
  for (const [address, message] of cases) {
    it(`rejects ${JSON.stringify(address)} without sending anything`, async () => {
      const { fetch, requests } = fakeFetch(() => jsonResponse([]));
      const client = createApiClient({ baseUrl: address, fetch });
      expect(client.baseUrl).toBeNull();
      const error = await apiFailure(client.v0.getModels());
      expect(error.kind).toBe('invalid-url');
      expect(error.message).toMatch(message);
      expect(requests).toHaveLength(0);
    });
  }

  it('accepts a base with a path prefix and a trailing slash', () => {
    const client = createApiClient({ baseUrl: ' https://tools.example.test/openhands/ ' });
    expect(client.baseUrl).toBe('https://tools.example.test/openhands');
  });
});

describe('no answer at all', () => {
  it('reports an unreachable server as a network error', async () => {
    const fetch: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    const client = createApiClient({ baseUrl: SERVER, fetch });
    const error = await apiFailure(client.v0.getConfig());
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^Could not reach the server at localhost:3000 \(fetch failed\)/);
    expect(error.status).toBeUndefined();
  });

  it('gives up after the timeout, even while the server keeps the connection open', async () => {
    const hang: FetchLike = (_input, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    const client = createApiClient({ baseUrl: SERVER, fetch: hang, timeoutMs: 40 });
    const error = await apiFailure(client.v0.getConfig());
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within/);
  });

  it('reports a cancelled request as aborted, not as a timeout', async () => {
    const hang: FetchLike = (_input, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    const client = createApiClient({ baseUrl: SERVER, fetch: hang });
    const controller = new AbortController();
    const pending = client.v0.getConfig({}, { signal: controller.signal });
    controller.abort();
    const error = await apiFailure(pending);
    expect(error.kind).toBe('aborted');
    const already = await apiFailure(client.v0.getConfig({}, { signal: AbortSignal.abort() }));
    expect(already.kind).toBe('aborted');
  });
});

describe('error answers', () => {
  it('explains a wrong key (401 {"detail":"Unauthorized"})', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse({ detail: 'Unauthorized' }, { status: 401 }),
    );
    const error = await apiFailure(client.v0.getSettings());
    expect(error).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      serverMessage: 'Unauthorized',
      message: "The server rejected the API key (401). Check the key in Handoff's options.",
      endpoint: 'v0.getSettings',
    });
  });

  it('reads a 401 whose body is a bare JSON string', async () => {
    const { client } = clientAnswering(() => jsonResponse('Invalid token', { status: 401 }));
    const error = await apiFailure(client.v0.listConversations());
    expect(error.kind).toBe('unauthorized');
    expect(error.serverMessage).toBe('Invalid token');
  });

  it('asks for a key when none is configured', async () => {
    const { client } = clientAnswering(
      () => jsonResponse({ detail: 'Unauthorized' }, { status: 401 }),
      null,
    );
    const error = await apiFailure(client.v0.getConfig());
    expect(error.message).toBe("The server needs an API key (401). Add it in Handoff's options.");
  });

  it('names the runtime when a conversation runtime rejects its session key', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse({ detail: 'Unauthorized' }, { status: 401 }),
    );
    const error = await apiFailure(
      client.v0.getEvents({
        conversation: {
          conversation_id: ID,
          url: `http://localhost:40001/api/conversations/${ID}`,
          session_api_key: 'runtime-key',
        },
      }),
    );
    expect(error.message).toMatch(/^The conversation's runtime at localhost:40001 rejected/);
  });

  const statusCases: [number, unknown, ApiErrorKind, RegExp][] = [
    [403, { detail: 'Forbidden' }, 'forbidden', /refused access \(403\)\.$/],
    [403, { detail: 'Not your conversation' }, 'forbidden', /\(403\): Not your conversation\.$/],
    [403, { detail: 'EmailNotVerifiedError' }, 'forbidden', /e-mail address is verified/],
    [
      404,
      { detail: `Conversation ${ID} not found` },
      'not-found',
      /^Not found on the server at localhost:3000 \(404\): Conversation a1b2/,
    ],
    [
      409,
      { detail: 'Conversation already running. Wait for completion or pause first.' },
      'conflict',
      /\(409\): Conversation already running/,
    ],
    [410, { detail: 'Conversation archived' }, 'not-found', /no longer available \(410\)/],
    [
      500,
      { error: 'Something went wrong storing git providers' },
      'server',
      /failed \(500\): Something went wrong/,
    ],
    [
      500,
      { message: 'Failed to stop conversation: boom' },
      'server',
      /failed \(500\): Failed to stop/,
    ],
    [503, { success: false, error: 'agent server down' }, 'server', /\(503\): agent server down/],
    [
      400,
      { detail: 'Invalid limit' },
      'bad-request',
      /rejected the request \(400\): Invalid limit/,
    ],
  ];
  for (const [status, body, kind, message] of statusCases) {
    it(`maps ${status} ${JSON.stringify(body)} to ${kind}`, async () => {
      const { client } = clientAnswering(() => jsonResponse(body, { status }));
      const error = await apiFailure(client.v0.getModels());
      expect(error.kind).toBe(kind);
      expect(error.status).toBe(status);
      expect(error.message).toMatch(message);
    });
  }

  it('reads msg_id bodies: {status:"error", message, msg_id}', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        {
          status: 'error',
          message: 'Settings not found',
          msg_id: 'CONFIGURATION$SETTINGS_NOT_FOUND',
        },
        { status: 400 },
      ),
    );
    const error = await apiFailure(client.v0.createConversation({ initial_user_msg: 'hi' }));
    expect(error).toMatchObject({
      kind: 'bad-request',
      serverMessage: 'Settings not found',
      msgId: 'CONFIGURATION$SETTINGS_NOT_FOUND',
    });
  });

  it('turns a 422 into field errors a form can show', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        {
          detail: [
            {
              type: 'extra_forbidden',
              loc: ['body', 'foo'],
              msg: 'Extra inputs are not permitted',
              input: 1,
            },
            {
              type: 'url_parsing',
              loc: ['body', 'mcp_config', 'sse_servers', 0, 'url'],
              msg: 'Input should be a valid URL',
            },
          ],
        },
        { status: 422 },
      ),
    );
    const error = await apiFailure(client.v0.createConversation({}));
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors).toEqual([
      {
        loc: ['body', 'foo'],
        field: 'foo',
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      },
      {
        loc: ['body', 'mcp_config', 'sse_servers', 0, 'url'],
        field: 'mcp_config.sse_servers.0.url',
        msg: 'Input should be a valid URL',
        type: 'url_parsing',
      },
    ]);
    expect(error.message).toBe(
      'The server rejected the request data (422): foo: Extra inputs are not permitted; mcp_config.sse_servers.0.url: Input should be a valid URL.',
    );
  });

  it('reads Retry-After on 429, in seconds or as a date', async () => {
    const seconds = clientAnswering(() =>
      jsonResponse(
        { message: 'Too many requests' },
        { status: 429, headers: { 'Retry-After': '1' } },
      ),
    );
    const error = await apiFailure(seconds.client.v0.getModels());
    expect(error).toMatchObject({
      kind: 'rate-limited',
      retryAfter: 1,
      serverMessage: 'Too many requests',
    });
    expect(error.message).toBe('Too many requests: the server asked to wait 1 s (429).');

    const date = new Date(Date.now() + 30_000).toUTCString();
    const dated = clientAnswering(() =>
      jsonResponse({}, { status: 429, headers: { 'Retry-After': date } }),
    );
    const later = await apiFailure(dated.client.v0.getModels());
    expect(later.retryAfter).toBeGreaterThanOrEqual(28);
    expect(later.retryAfter).toBeLessThanOrEqual(31);
  });

  it('says an agent server’s cap on running conversations in words, not as a rate limit', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        { detail: 'Conversation run limit reached. Retry the request later.' },
        { status: 429 },
      ),
    );
    const error = await apiFailure(client.v0.getModels());
    expect(error).toMatchObject({ kind: 'rate-limited', limit: 'run-capacity' });
    expect(error.message).toBe(
      'The server is already running as many conversations as it allows, so this one cannot run now. Try again when another has finished or is paused.',
    );
    expect(reviveError(serializeError(error))).toMatchObject({ limit: 'run-capacity' });
  });

  it('knows the run limit in the words of a message the server kept', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        {
          detail:
            'Message saved, but the conversation run limit was reached. Retry POST /api/conversations/c1/run without resending the message.',
        },
        { status: 429 },
      ),
    );
    const error = await apiFailure(client.v0.getModels());
    expect(error).toMatchObject({ kind: 'rate-limited', limit: 'run-capacity' });
  });

  it('says when the hosted service’s daily quota lets the person start again', async () => {
    const reset = new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString();
    const { client } = clientAnswering(() =>
      jsonResponse(
        {
          detail: {
            code: 'daily_conversation_limit_reached',
            message: 'Daily conversation limit reached.',
            limit: 20,
            used: 20,
            reset_at: reset,
          },
        },
        { status: 429 },
      ),
    );
    const error = await apiFailure(client.v0.getModels());
    expect(error).toMatchObject({
      kind: 'rate-limited',
      limit: 'daily-quota',
      resetAt: reset,
      serverMessage: 'Daily conversation limit reached.',
    });
    const when = new Date(reset).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(error.message).toBe(
      `You have started the 20 conversations the hosted service allows you a day. You can start more from ${when}, in about 5 h. Conversations already started go on.`,
    );
  });

  it('still says a quota without a readable reset time', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        { detail: { code: 'daily_conversation_limit_reached', reset_at: 'soon', limit: -1 } },
        { status: 429 },
      ),
    );
    const error = await apiFailure(client.v0.getModels());
    expect(error.message).toBe(
      'You have started as many conversations as the hosted service allows you a day. You can start more tomorrow.',
    );
    expect(error.resetAt).toBeUndefined();
  });

  it('keeps a plain-text error body as the server message', async () => {
    const { client } = clientAnswering(() =>
      textResponse('Internal Server Error', 'text/plain', { status: 500 }),
    );
    const error = await apiFailure(client.v0.getModels());
    expect(error).toMatchObject({
      kind: 'server',
      bodyType: 'text',
      serverMessage: 'Internal Server Error',
    });
  });

  it('recognises a proxy error page (502 text/html)', async () => {
    const { client } = clientAnswering(() =>
      textResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html', {
        status: 502,
        statusText: 'Bad Gateway',
      }),
    );
    const error = await apiFailure(client.v0.getModels());
    expect(error).toMatchObject({ kind: 'server', status: 502, bodyType: 'html' });
    expect(error.message).toBe(
      'The server at localhost:3000, or a proxy in front of it, failed (502 Bad Gateway). It may be down or restarting.',
    );
  });
});

describe('successful status, unusable body', () => {
  it('reports the web UI fallback (200 text/html on a JSON route) as a wrong address', async () => {
    const { client } = clientAnswering(() => textResponse(htmlPage, 'text/html; charset=utf-8'));
    const error = await apiFailure(client.v0.getConfig());
    expect(error).toMatchObject({ kind: 'bad-response', status: 200, bodyType: 'html' });
    expect(error.message).toMatch(
      /answered with a web page instead of JSON: is this the service's address/,
    );
  });

  it('recognises HTML even when the content type claims JSON', async () => {
    const { client } = clientAnswering(() => textResponse(htmlPage, 'application/json'));
    expect((await apiFailure(client.v1.searchAppConversations())).bodyType).toBe('html');
  });

  it('reports plain text and empty bodies instead of crashing on JSON.parse', async () => {
    const text = clientAnswering(() => textResponse('OK then', 'text/plain'));
    expect(await apiFailure(text.client.v0.getModels())).toMatchObject({
      kind: 'bad-response',
      bodyType: 'text',
    });
    const empty = clientAnswering(() => new Response('', { status: 200 }));
    expect(await apiFailure(empty.client.v0.getModels())).toMatchObject({
      kind: 'bad-response',
      bodyType: 'empty',
    });
  });

  it('reports JSON of the wrong shape with the field at fault', async () => {
    const { client } = clientAnswering(() => jsonResponse({ results: 'none' }));
    const error = await apiFailure(client.v0.listConversations());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toMatch(
      /answered v0\.listConversations in an unexpected format \(results: /,
    );
  });
});

describe('documented answers that are not errors', () => {
  it('returns null for a conversation the server does not know (200 null)', async () => {
    const { client } = clientAnswering(() => jsonResponse(null));
    expect(await client.v0.getConversation({ conversation_id: ID })).toBeNull();
  });

  it('returns null settings on a fresh install (404 {"error":"Settings not found"})', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse({ error: 'Settings not found' }, { status: 404 }),
    );
    expect(await client.v0.getSettings()).toBeNull();
  });

  it('still fails when /api/settings is missing altogether (404 page)', async () => {
    const { client } = clientAnswering(() => textResponse(htmlPage, 'text/html', { status: 404 }));
    expect((await apiFailure(client.v0.getSettings())).kind).toBe('not-found');
  });

  it('treats agent-server run 409 (already running) as success', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        { detail: 'Conversation already running. Wait for completion or pause first.' },
        { status: 409 },
      ),
    );
    const conversation = { conversation_url: 'http://localhost:8000/api/conversations/abc' };
    expect(await client.agent.run({ conversation })).toEqual({
      success: true,
      already_running: true,
    });
  });
});

describe('documented answers that are errors after all', () => {
  const conversation = { conversation_url: 'http://localhost:8000/api/conversations/abc' };
  const bindingRequired = () =>
    jsonResponse(
      { detail: 'credential_binding_activation_required', retryable: true },
      { status: 409 },
    );

  it('keeps run’s 409 for a credential binding to activate, and says what it is', async () => {
    const { client } = clientAnswering(bindingRequired);
    const error = await apiFailure(client.agent.run({ conversation }));
    expect(error.kind).toBe('conflict');
    expect(error.serverMessage).toBe('credential_binding_activation_required');
    expect(error.message).toMatch(/sign-in to be activated again/);
    expect(isCredentialBindingRequired(error)).toBe(true);
    // What pages receive from the worker.
    expect(isCredentialBindingRequired(serializeError(error))).toBe(true);
    expect(isCredentialBindingRequired(reviveError(structuredClone(error.toJSON())))).toBe(true);
  });

  it('recognises it on any agent-server route, and nothing else as it', async () => {
    const { client } = clientAnswering(bindingRequired);
    const error = await apiFailure(client.agent.searchEvents({ conversation }));
    expect(isCredentialBindingRequired(error)).toBe(true);
    const running = new ApiError('conflict', 'busy', { status: 409, serverMessage: 'running' });
    expect(isCredentialBindingRequired(running)).toBe(false);
    expect(isCredentialBindingRequired(null)).toBe(false);
    expect(isCredentialBindingRequired('credential_binding_activation_required')).toBe(false);
  });

  it('reads a V1 settings 404 as a fresh install only with upstream’s own body', async () => {
    const fresh = clientAnswering(() =>
      jsonResponse({ error: 'Settings not found' }, { status: 404 }),
    );
    expect(await fresh.client.v1.getSettings()).toBeNull();
    // FastAPI's answer for a route the server does not have (an older or another server).
    const missing = clientAnswering(() => jsonResponse({ detail: 'Not Found' }, { status: 404 }));
    expect((await apiFailure(missing.client.v1.getSettings())).kind).toBe('not-found');
  });
});

describe('invalid parameters never reach the server', () => {
  it('rejects ids that would rewrite the path, limits over 100 and unknown body fields', async () => {
    const { client, requests } = clientAnswering(() => jsonResponse({}));
    const bad = [
      client.v0.getConversation({ conversation_id: '../settings' }),
      client.v0.getEvents({ conversation: { conversation_id: ID }, limit: 101 }),
      client.v0.createConversation({ repository: 'a/b', repo: 'typo' } as never),
      client.agent.pause({ conversation: { conversation_url: null } as never }),
    ];
    const errors = await Promise.all(bad.map(apiFailure));
    expect(errors.map((error) => error.kind)).toEqual([
      'invalid-params',
      'invalid-params',
      'invalid-params',
      'invalid-params',
    ]);
    expect(errors[0]?.fieldErrors?.[0]?.field).toBe('conversation_id');
    expect(errors[1]?.fieldErrors?.[0]?.field).toBe('limit');
    expect(errors[2]?.fieldErrors?.[0]?.type).toBe('unrecognized_keys');
    expect(errors[3]?.message).toMatch(/no agent server address: is its sandbox running\?/);
    expect(requests).toHaveLength(0);
  });
});

describe('errors across extension messaging', () => {
  it('round-trips through structured cloning and JSON with every field', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(
        { detail: [{ type: 'missing', loc: ['query', 'query'], msg: 'Field required' }] },
        { status: 422 },
      ),
    );
    const original = await apiFailure(client.v0.searchRepositories({ query: '' }));
    const cloned = structuredClone(serializeError(original));
    const viaJson = JSON.parse(JSON.stringify(original));
    for (const plain of [cloned, viaJson]) {
      expect(isSerializedApiError(plain)).toBe(true);
      const revived = reviveError(plain);
      expect(revived).toBeInstanceOf(ApiError);
      expect(revived).toBeInstanceOf(Error);
      expect(revived.toJSON()).toEqual(original.toJSON());
      expect(revived.fieldErrors?.[0]?.field).toBe('query');
      expect(revived.message).toBe(original.message);
    }
  });

  it('turns foreign errors and junk into `unknown` ApiErrors', () => {
    expect(serializeError(new TypeError('boom'))).toEqual({
      name: 'ApiError',
      kind: 'unknown',
      message: 'boom',
    });
    expect(reviveError({ some: 'thing' }).kind).toBe('unknown');
    expect(reviveError('text').message).toBe('text');
  });
});
