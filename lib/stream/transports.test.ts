import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import type { TransportState } from '@/lib/messaging/stream-snapshot';
import { type V0SocketOptions, V0SocketTransport } from './v0-socket';
import { eventsSocketUrl, RUNTIME_START_TRIES, V1SocketTransport } from './v1-socket';

const fastBackoff = { baseMs: 20, maxMs: 50, jitter: 0 };
// Node 20 has no WebSocket of its own; the transports take one from `ws`.
const createSocket = (url: string) => new NodeWebSocket(url) as unknown as WebSocket;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(server: HttpServer): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

function collector() {
  const events: Record<string, unknown>[] = [];
  const payloads: Record<string, unknown>[] = [];
  const states: TransportState[] = [];
  const malformed: string[] = [];
  return {
    events,
    payloads,
    states,
    malformed,
    callbacks: {
      onEvents: (batch: Record<string, unknown>[]) => events.push(...batch),
      onPayload: (payload: Record<string, unknown>) => payloads.push(payload),
      onState: (state: TransportState) => states.push(state),
      onMalformed: (detail: string) => malformed.push(detail),
    },
  };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('V0SocketTransport', () => {
  /** A transport for conversation `abc` with these tests' defaults, stopped after the test. */
  function v0Transport(
    origin: string,
    options: Partial<V0SocketOptions> & Pick<V0SocketOptions, 'callbacks'>,
  ) {
    const transport = new V0SocketTransport({
      createSocket,
      origin,
      path: '/socket.io',
      conversationId: 'abc',
      sessionApiKey: null,
      latestEventId: () => -1,
      backoff: fastBackoff,
      ...options,
    });
    cleanups.push(() => transport.stop());
    return transport;
  }

  async function socketServer(
    setup: (io: SocketIoServer) => void,
    heartbeat: { pingInterval?: number; pingTimeout?: number } = {},
  ) {
    const http = createServer();
    const io = new SocketIoServer(http, { cors: { origin: '*' }, ...heartbeat });
    setup(io);
    const port = await listen(http);
    cleanups.push(async () => {
      io.close();
      http.closeAllConnections();
    });
    return { io, origin: `http://127.0.0.1:${port}` };
  }

  it('receives replayed and live events, tells payloads apart and replays from the latest id', async () => {
    const queries: Record<string, unknown>[] = [];
    const { io, origin } = await socketServer((server) => {
      server.on('connection', (socket) => {
        queries.push(socket.handshake.query);
        const after = Number(socket.handshake.query.latest_event_id);
        for (const id of [1, 2, 3].filter((n) => n > after))
          socket.emit('oh_event', { id, action: 'message' });
        socket.emit('oh_event', { status_update: true, type: 'info', id: 'STATUS$READY' });
      });
    });
    const seen = collector();
    let latest = -1;
    const transport = v0Transport(origin, {
      sessionApiKey: 'k1',
      providersSet: ['github', 'gitlab'],
      latestEventId: () => latest,
      callbacks: {
        ...seen.callbacks,
        onEvents: (batch) => {
          seen.events.push(...batch);
          latest = Math.max(latest, ...batch.map((e) => e.id as number));
        },
      },
    });
    transport.start();
    await until(() => seen.events.length === 3 && seen.payloads.length === 1);
    expect(queries[0]).toMatchObject({
      conversation_id: 'abc',
      latest_event_id: '-1',
      providers_set: 'github,gitlab',
      session_api_key: 'k1',
    });
    // The server drops every socket: the transport comes back asking only for newer events.
    io.disconnectSockets(true);
    await until(() => queries.length === 2 && transport.state.phase === 'live');
    expect(queries[1]?.latest_event_id).toBe('3');
    expect(seen.states.some((s) => s.phase === 'retrying')).toBe(true);
  });

  it('treats a key refusal as final and says so', async () => {
    const { origin } = await socketServer((server) => {
      server.use((_socket, next) => next(new Error('invalid_session_api_key')));
    });
    const seen = collector();
    const transport = v0Transport(origin, {
      sessionApiKey: 'wrong',
      callbacks: seen.callbacks,
    });
    transport.start();
    await until(() => transport.state.phase === 'failed');
    expect(transport.state).toMatchObject({
      reason: 'unauthorized',
      detail: 'invalid_session_api_key',
    });
  });

  it('times out a server that accepts the socket and never answers', async () => {
    const { origin } = await socketServer((server) => {
      server.use(() => {
        // Never calls next(): upstream's hang when a required key is missing.
      });
    });
    const seen = collector();
    const transport = v0Transport(origin, {
      connectTimeoutMs: 200,
      backoff: { baseMs: 10_000, maxMs: 10_000, jitter: 0 },
      callbacks: seen.callbacks,
    });
    transport.start();
    await until(() => transport.state.phase === 'retrying');
    expect(transport.state).toMatchObject({ reason: 'no-answer' });
  });

  it('queues messages until the stream is live', async () => {
    const received: unknown[] = [];
    const { origin } = await socketServer((server) => {
      server.on('connection', (socket) => socket.on('oh_user_action', (p) => received.push(p)));
    });
    const transport = v0Transport(origin, {
      callbacks: collector().callbacks,
    });
    const message = { action: 'message', args: { content: 'hi' } };
    transport.send(message);
    transport.start();
    await until(() => received.length === 1);
    expect(received[0]).toEqual(message);
  });
  it('an address refused at once is retried, and its words keep no key', async () => {
    const seen = collector();
    const transport = v0Transport('http://127.0.0.1:9', {
      sessionApiKey: 'secret-key',
      backoff: { baseMs: 10_000, maxMs: 10_000, jitter: 0 },
      createSocket: (url) => {
        throw new SyntaxError(`The URL '${url}' is invalid.`);
      },
      callbacks: seen.callbacks,
    });
    transport.start();
    expect(transport.state).toMatchObject({ phase: 'retrying', reason: 'unreachable' });
    const detail = (transport.state as { detail?: string }).detail ?? '';
    expect(detail).toContain('session_api_key=…');
    expect(detail).not.toContain('secret-key');
  });

  it("answers the server's pings, so a quiet conversation stays connected", async () => {
    let connections = 0;
    const { origin } = await socketServer(
      (server) => server.on('connection', () => connections++),
      { pingInterval: 60, pingTimeout: 40 },
    );
    const seen = collector();
    const transport = v0Transport(origin, {
      callbacks: seen.callbacks,
    });
    transport.start();
    await until(() => transport.state.phase === 'live');
    // Several ping rounds: a client that never answers is dropped after 100 ms.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(transport.state.phase).toBe('live');
    expect(connections).toBe(1);
    expect(seen.states.some((state) => state.phase === 'retrying')).toBe(false);
  });

  it('leaves a server that stops pinging, and connects again', async () => {
    const http = createServer();
    const server = new WebSocketServer({ server: http });
    let connections = 0;
    server.on('connection', (socket) => {
      connections++;
      socket.send(
        '0{"sid":"s","upgrades":[],"pingInterval":50,"pingTimeout":50,"maxPayload":1000}',
      );
      // Accepts the namespace, then goes silent: no ping ever comes.
      socket.on('message', (data) => {
        if (String(data) === '40') socket.send('40{"sid":"n"}');
      });
    });
    const port = await listen(http);
    cleanups.push(() => {
      server.close();
      http.closeAllConnections();
    });
    const seen = collector();
    const transport = v0Transport(`http://127.0.0.1:${port}`, {
      callbacks: seen.callbacks,
    });
    transport.start();
    await until(() => connections >= 2);
    expect(seen.states).toContainEqual(
      expect.objectContaining({ phase: 'retrying', detail: 'ping timeout' }),
    );
  });
});

describe('V1SocketTransport', () => {
  async function wsServer(onConnection: (socket: NodeWebSocket, url: URL) => void) {
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    wss.on('connection', (socket, request) =>
      onConnection(socket, new URL(request.url ?? '/', 'http://x')),
    );
    const port = await listen(http);
    cleanups.push(async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      http.close();
    });
    return `http://127.0.0.1:${port}`;
  }

  it('builds a URL that asks for no replay: the stream reads what it missed from the search', () => {
    const first = new URL(eventsSocketUrl('https://agent.example/runtime/', 'c1', 'key'));
    expect(first.protocol).toBe('wss:');
    expect(first.pathname).toBe('/runtime/sockets/events/c1');
    expect(Object.fromEntries(first.searchParams)).toEqual({ session_api_key: 'key' });
    const later = new URL(eventsSocketUrl('http://a:1', 'c1', null));
    expect([...later.searchParams.keys()]).toEqual([]);
  });

  it('delivers frames, counts malformed ones, reconnects, and says once per connection when it is subscribed', async () => {
    const urls: URL[] = [];
    const base = await wsServer((socket, url) => {
      urls.push(url);
      socket.send(
        JSON.stringify({ kind: 'ConversationStateUpdateEvent', key: 'full_state', id: 's' }),
      );
      socket.send('not json');
      socket.send(JSON.stringify([1, 2]));
      socket.send(JSON.stringify({ kind: 'MessageEvent', id: `m${urls.length}`, timestamp: 't1' }));
      if (urls.length === 1) setTimeout(() => socket.terminate(), 50);
    });
    const seen = collector();
    let subscribed = 0;
    const transport = new V1SocketTransport({
      agentServerUrl: () => base,
      conversationId: 'c1',
      sessionApiKey: () => 'k',
      backoff: fastBackoff,
      callbacks: { ...seen.callbacks, onSubscribed: () => subscribed++ },
      createSocket,
    });
    cleanups.push(() => transport.stop());
    transport.start();
    await until(() => urls.length === 2 && seen.events.length === 4);
    expect(seen.malformed).toEqual([
      'frame is not JSON',
      'frame is not an object',
      'frame is not JSON',
      'frame is not an object',
    ]);
    expect(subscribed).toBe(2);
    expect(urls[1]?.searchParams.has('resend_mode')).toBe(false);
    expect(urls[1]?.searchParams.has('resend_all')).toBe(false);
  });

  it.each([
    [4001, 'Authentication failed', 'unauthorized'],
    [4004, 'no', 'not-found'],
    // Docker runtime mode: the server has no container for this conversation.
    [1008, '', 'not-found'],
    [1013, 'credential_binding_activation_required', 'credential-binding'],
  ])('treats close code %i (%s) as final: %s', async (code, why, reason) => {
    const base = await wsServer((socket) => socket.close(code, why));
    const seen = collector();
    const transport = new V1SocketTransport({
      agentServerUrl: () => base,
      conversationId: 'c1',
      sessionApiKey: () => 'k',
      backoff: fastBackoff,
      callbacks: seen.callbacks,
      createSocket,
    });
    cleanups.push(() => transport.stop());
    transport.start();
    await until(() => transport.state.phase === 'failed');
    expect(transport.state).toMatchObject({ phase: 'failed', reason });
  });

  it('retries a container that cannot start (1011) with growing delays, then gives up and says why', async () => {
    let connections = 0;
    const opened: number[] = [];
    const base = await wsServer((socket) =>
      socket.once('message', () => {
        connections++;
        opened.push(Date.now());
        socket.close(1011);
      }),
    );
    const seen = collector();
    const transport = new V1SocketTransport({
      agentServerUrl: () => base,
      conversationId: 'c1',
      sessionApiKey: () => 'k',
      backoff: { baseMs: 20, maxMs: 1000, jitter: 0 },
      callbacks: seen.callbacks,
      createSocket,
    });
    cleanups.push(() => transport.stop());
    transport.start();
    await until(() => transport.state.phase === 'failed');
    expect(transport.state).toMatchObject({ phase: 'failed', reason: 'runtime-failed' });
    expect(connections).toBe(RUNTIME_START_TRIES);
    const retries = seen.states.filter((state) => state.phase === 'retrying');
    expect(retries).toHaveLength(RUNTIME_START_TRIES - 1);
    expect(
      retries.every((state) => state.phase === 'retrying' && state.reason === 'runtime-failed'),
    ).toBe(true);
    // The socket opens each time, which would reset a plain backoff: the delays still grow.
    const gaps = opened.slice(1).map((at, index) => at - (opened[index] as number));
    expect(gaps.at(-1)).toBeGreaterThan((gaps[0] as number) * 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toBe(RUNTIME_START_TRIES);
  });

  it('retries a full conversation (1013) with backoff, with the key the record names now', async () => {
    const keys: string[] = [];
    const base = await wsServer((socket) =>
      socket.once('message', (data) => {
        keys.push(JSON.parse(String(data)).session_api_key);
        socket.close(1013, 'Too many connections for this conversation');
      }),
    );
    let key = 'old';
    const transport = new V1SocketTransport({
      agentServerUrl: () => base,
      conversationId: 'c1',
      sessionApiKey: () => key,
      backoff: fastBackoff,
      callbacks: collector().callbacks,
      createSocket,
    });
    cleanups.push(() => transport.stop());
    transport.start();
    await until(() => transport.state.phase === 'retrying');
    expect(transport.state).toMatchObject({ reason: 'too-many-connections' });
    key = 'new';
    await until(() => keys.length >= 2);
    expect(keys).toContain('new');
  });

  it('sends the key in the first frame, never in the address', async () => {
    const seen: { url: URL; first: string }[] = [];
    const base = await wsServer((socket, url) =>
      socket.once('message', (data) => seen.push({ url, first: String(data) })),
    );
    const transport = new V1SocketTransport({
      agentServerUrl: () => base,
      conversationId: 'c1',
      sessionApiKey: () => 'sandbox-key',
      backoff: fastBackoff,
      callbacks: collector().callbacks,
      createSocket,
    });
    cleanups.push(() => transport.stop());
    transport.send({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    transport.start();
    await until(() => seen.length === 1);
    expect(seen[0]?.url.searchParams.has('session_api_key')).toBe(false);
    expect(JSON.parse(seen[0]?.first ?? '')).toEqual({
      type: 'auth',
      session_api_key: 'sandbox-key',
    });
  });

  it('falls back to the query for agent servers before v1.18.1, which refuse a handshake without it', async () => {
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true });
    const offered: (string | null)[] = [];
    http.on('upgrade', (request, socket, head) => {
      const key = new URL(request.url ?? '/', 'http://x').searchParams.get('session_api_key');
      offered.push(key);
      if (key !== 'old-key') {
        socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) =>
        ws.send(JSON.stringify({ kind: 'ConversationStateUpdateEvent', key: 'full_state' })),
      );
    });
    const port = await listen(http);
    cleanups.push(async () => {
      for (const client of wss.clients) client.terminate();
      http.closeAllConnections();
      http.close();
    });
    const seen = collector();
    const transport = new V1SocketTransport({
      agentServerUrl: () => `http://127.0.0.1:${port}`,
      conversationId: 'c1',
      sessionApiKey: () => 'old-key',
      backoff: fastBackoff,
      callbacks: seen.callbacks,
      // A refused handshake is an error event in Node's client too; a browser closes with 1006.
      createSocket: (url) => {
        const socket = new NodeWebSocket(url);
        socket.on('error', () => {});
        return socket as unknown as WebSocket;
      },
    });
    cleanups.push(() => transport.stop());
    transport.start();
    await until(() => seen.events.length === 1);
    expect(offered).toEqual([null, 'old-key']);
  });

  it('sends queued messages once open', async () => {
    const received: string[] = [];
    const base = await wsServer((socket) =>
      socket.on('message', (data) => received.push(String(data))),
    );
    const transport = new V1SocketTransport({
      agentServerUrl: () => base,
      conversationId: 'c1',
      sessionApiKey: () => null,
      backoff: fastBackoff,
      callbacks: collector().callbacks,
      createSocket,
    });
    cleanups.push(() => transport.stop());
    transport.send({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    transport.start();
    await until(() => received.length === 1);
    expect(JSON.parse(received[0] as string)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'hi' }],
    });
  });
});
