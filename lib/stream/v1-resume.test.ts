// A V1 stream against a fake agent server that behaves as upstream does where it matters here:
// events stored in an append-only log, a `stats` update stored after events stamped later (the
// step held the lock), an event search that walks the log in stored order from 1.22.1 (sorted by
// timestamp before), and a socket that subscribes, sends `full_state`, replays what its address
// asks for in the search's order, then sends each newly stored event.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import type { StreamEntry } from '@/lib/messaging/stream-snapshot';
import type { CachedEvent, StreamCursor } from './cache';
import { ConversationStream, type EventStore } from './conversation-stream';
import { eventFacts } from './event-facts';
import { v1OrderKey } from './order';
import { V1SocketTransport } from './v1-socket';

const ID = '7c1f3b2a94de4f0b8a6e2d5b9c0e4f11';

interface StoredEvent {
  id: string;
  timestamp: string;
  kind: string;
  source: string;
  [field: string]: unknown;
}

/** A naive server timestamp `second` seconds after 10:00 (fractions allowed), as Python writes it. */
function at(second: number): string {
  const micros = Math.round(second * 1_000_000);
  const whole = Math.floor(micros / 1_000_000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `2026-08-20T10:${pad(Math.floor(whole / 60))}:${pad(whole % 60)}.${pad(micros % 1_000_000, 6)}`;
}

function message(id: string, second: number): StoredEvent {
  return {
    id,
    timestamp: at(second),
    kind: 'MessageEvent',
    source: 'agent',
    llm_message: { role: 'assistant', content: [{ type: 'text', text: id }] },
  };
}

function stats(id: string, second: number): StoredEvent {
  return {
    id,
    timestamp: at(second),
    kind: 'ConversationStateUpdateEvent',
    source: 'environment',
    key: 'stats',
    value: { usage_to_metrics: {} },
  };
}

class MemoryStore implements EventStore {
  events = new Map<string, CachedEvent>();
  cursor: StreamCursor | undefined;
  async cacheEvents(events: readonly CachedEvent[], cursor?: StreamCursor) {
    for (const cached of events) this.events.set(cached.order, cached);
    if (cursor) this.cursor = cursor;
  }
  async readCursor() {
    return this.cursor;
  }
  async readCachedOrders() {
    return [...this.events.keys()].sort();
  }
  ids(): string[] {
    return [...this.events.values()].map((cached) => (cached.raw as StoredEvent).id).sort();
  }

  /**
   * The store as one background page sees it. `kill()` is the page going away at once (a reload,
   * a crash): whatever it had not written yet is never written.
   */
  session(): EventStore & { kill(): void } {
    let alive = true;
    return {
      cacheEvents: async (events, cursor) => {
        if (alive) await this.cacheEvents(events, cursor);
      },
      readCursor: () => this.readCursor(),
      readCachedOrders: () => this.readCachedOrders(),
      kill: () => {
        alive = false;
      },
    };
  }
}

interface SearchQuery {
  page_id?: string;
  limit?: number;
  sort_order?: 'TIMESTAMP' | 'TIMESTAMP_DESC';
  timestamp__gte?: string;
  timestamp__lt?: string;
}

class FakeAgentServer {
  readonly log: StoredEvent[] = [];
  readonly calls: { name: string; params: Record<string, unknown> }[] = [];
  /** Items the search has answered with, all calls together. */
  served = 0;
  private readonly sockets = new Set<NodeWebSocket>();
  private wss: WebSocketServer | null = null;
  private close: (() => void) | null = null;
  base = '';
  /** How long each call takes to answer, as over a network (the socket's frames do not wait). */
  latencyMs = 0;
  /** While set, `server_info` waits for it. */
  serverInfoHeld: Promise<void> | null = null;

  constructor(readonly version: string) {}

  /** Before 1.22.1 the search sorted every event by timestamp (a stable sort). */
  get sorts(): boolean {
    const [major, minor, patch] = this.version.split('.').map(Number) as [number, number, number];
    return major === 1 && (minor < 22 || (minor === 22 && patch < 1));
  }

  async listen(): Promise<void> {
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    wss.on('connection', (socket, request) => {
      const url = new URL(request.url ?? '/', 'http://x');
      // Subscribed first, then the state, then the replay the address asked for.
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.send(
        JSON.stringify({
          id: `state-${Math.random()}`,
          timestamp: at(0),
          kind: 'ConversationStateUpdateEvent',
          source: 'environment',
          key: 'full_state',
          value: { execution_status: 'running' },
        }),
      );
      const mode =
        url.searchParams.get('resend_mode') ??
        (url.searchParams.get('resend_all') === 'true' ? 'all' : null);
      const since = url.searchParams.get('after_timestamp');
      if (mode === 'all') for (const event of this.ordered()) socket.send(JSON.stringify(event));
      if (mode === 'since' && since) {
        for (const event of this.ordered()) {
          if (event.timestamp >= since) socket.send(JSON.stringify(event));
        }
      }
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    this.base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    this.wss = wss;
    this.close = () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      http.close();
    };
  }

  stop(): void {
    this.close?.();
  }

  /** Appends to the log and sends the event to every subscribed socket. */
  store(...events: StoredEvent[]): void {
    for (const event of events) {
      this.log.push(event);
      for (const socket of this.sockets) socket.send(JSON.stringify(event));
    }
  }

  /** Cuts every socket, as a network failure would. */
  dropSockets(): void {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }

  get connected(): number {
    return this.wss?.clients.size ?? 0;
  }

  private ordered(): StoredEvent[] {
    const copy = [...this.log];
    if (this.sorts)
      copy.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    return copy;
  }

  private matches(event: StoredEvent, query: SearchQuery): boolean {
    if (query.timestamp__gte && event.timestamp < query.timestamp__gte) return false;
    if (query.timestamp__lt && event.timestamp >= query.timestamp__lt) return false;
    return true;
  }

  search(query: SearchQuery): { items: StoredEvent[]; next_page_id: string | null } {
    const limit = query.limit ?? 100;
    const desc = query.sort_order === 'TIMESTAMP_DESC';
    const list = this.ordered();
    if (this.sorts) {
      // 1.3–1.22.0: filter, sort, then start at the page id's place (or the first).
      const filtered = list.filter((event) => this.matches(event, query));
      if (desc) filtered.reverse();
      const found = query.page_id ? filtered.findIndex((e) => e.id === query.page_id) : -1;
      const start = found === -1 ? 0 : found;
      const items = filtered.slice(start, start + limit);
      this.served += items.length;
      return { items, next_page_id: filtered[start + limit]?.id ?? null };
    }
    // 1.22.1+: walk the log by index from the page id (inclusive; unknown: the natural start).
    const found = query.page_id ? list.findIndex((e) => e.id === query.page_id) : -1;
    const start = found === -1 ? (desc ? list.length - 1 : 0) : found;
    const items: StoredEvent[] = [];
    let next: string | null = null;
    for (let index = start; desc ? index >= 0 : index < list.length; index += desc ? -1 : 1) {
      const event = list[index] as StoredEvent;
      if (!this.matches(event, query)) continue;
      if (items.length >= limit) {
        next = event.id;
        break;
      }
      items.push(event);
    }
    this.served += items.length;
    return { items, next_page_id: next };
  }

  readonly caller = {
    call: async (name: string, params: unknown): Promise<unknown> => {
      const query = params as Record<string, unknown>;
      this.calls.push({ name, params: query });
      if (this.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      if (name === 'agent.getConversationServer') await this.serverInfoHeld;
      switch (name) {
        case 'v1.getAppConversations':
          return [
            {
              id: ID,
              sandbox_id: 'sb1',
              sandbox_status: 'RUNNING',
              execution_status: 'running',
              conversation_url: `${this.base}/api/conversations/${ID}`,
              session_api_key: null,
            },
          ];
        case 'agent.getConversationServer':
          return { title: 'OpenHands Agent Server', version: this.version };
        case 'agent.searchEvents':
          return this.search(query as SearchQuery);
        case 'agent.countEvents':
          return this.log.filter((event) => this.matches(event, query as SearchQuery)).length;
        default:
          throw new Error(`unexpected call ${name}`);
      }
    },
  };
}

const servers: FakeAgentServer[] = [];
const streams: ConversationStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.stop();
  for (const server of servers.splice(0)) server.stop();
});

async function agentServer(version: string): Promise<FakeAgentServer> {
  const server = new FakeAgentServer(version);
  await server.listen();
  servers.push(server);
  return server;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A watched conversation as the worker runs it: the real socket transport, a memory cache. */
function watch(server: FakeAgentServer, store: EventStore) {
  const delivered: StreamEntry[] = [];
  const stream = new ConversationStream(ID, 'v1', {
    caller: server.caller,
    serverUrl: 'http://127.0.0.1:3000',
    socketFallbackKey: null,
    facts: eventFacts,
    store,
    createV0Transport: () => {
      throw new Error('not a V0 conversation');
    },
    createV1Transport: (options) =>
      new V1SocketTransport({
        ...options,
        backoff: { baseMs: 20, maxMs: 50, jitter: 0 },
        createSocket: (url) => new NodeWebSocket(url) as unknown as WebSocket,
      }),
    resolveUrl: (reference) => new URL(reference, 'http://127.0.0.1:3000'),
    agentServerBase: (url) => url.replace(/\/api\/conversations\/.*$/, ''),
    onEntries: (_id, entries) => delivered.push(...entries),
    onSnapshot() {},
    pollMs: { starting: 60_000, idle: 60_000 },
  });
  streams.push(stream);
  return { stream, delivered };
}

/** Waits until the stream is live, subscribed and caught up, then writes its cache. */
async function settled(stream: ConversationStream, server: FakeAgentServer): Promise<void> {
  await until(() => stream.snapshot().transport.phase === 'live' && server.connected > 0, 'live');
  await until(() => stream.caughtUp(), 'caught up');
  await stream.flush();
}

function deliveredIds(delivered: StreamEntry[]): string[] {
  return delivered.map((entry) => entry.raw.id as string);
}

const storedIds = (server: FakeAgentServer) => server.log.map((event) => event.id).sort();

describe.each(['1.43.1', '1.20.0'])('a V1 stream on agent server %s', (version) => {
  it('holds a stats update stored late, after events stamped later, across a dropped socket, once', async () => {
    const server = await agentServer(version);
    server.store(message('m1', 1), message('m2', 2));
    const store = new MemoryStore();
    const { stream, delivered } = watch(server, store);
    await stream.start();
    await settled(stream, server);
    expect(store.ids()).toEqual(['m1', 'm2']);

    // A step: the model answered at second 3 (its stats are created then), the action and the
    // observation are stored while the step holds the lock.
    server.store(message('action', 4), message('observation', 5));
    await until(() => deliveredIds(delivered).includes('observation'), 'the live step');
    server.dropSockets();
    // The step lets go of the lock: the stats update is stored now, stamped before the action.
    server.store(stats('stats-3', 3), message('m6', 6));
    await until(() => stream.snapshot().counters.reconnects > 0, 'a reconnect');
    await settled(stream, server);
    await until(() => store.ids().length === server.log.length, 'every stored event cached');

    expect(store.ids()).toEqual(storedIds(server));
    // Each event reached the panel exactly once.
    expect(deliveredIds(delivered).sort()).toEqual(storedIds(server));
  });

  it('holds late events stored while the worker was stopped, resuming from the cached cursor', async () => {
    const server = await agentServer(version);
    server.store(message('m1', 1), message('m2', 2), message('action', 4));
    const store = new MemoryStore();
    const first = watch(server, store);
    await first.stream.start();
    await settled(first.stream, server);
    server.store(message('observation', 5));
    await until(() => deliveredIds(first.delivered).includes('observation'), 'the live event');
    await first.stream.flush();
    // The browser stops the worker: the stream is gone, its cursor and cache stay.
    first.stream.stop();
    await first.stream.flush();
    await until(() => server.connected === 0, 'the socket closed');
    server.store(stats('stats-3', 3), message('m6', 6), stats('stats-5', 5.5));

    const second = watch(server, store);
    await second.stream.start();
    await settled(second.stream, server);
    await until(() => store.ids().length === server.log.length, 'every stored event cached');

    expect(store.ids()).toEqual(storedIds(server));
    // The restarted worker sends on only what the first one had not.
    expect(deliveredIds(second.delivered).sort()).toEqual(['m6', 'stats-3', 'stats-5']);
  });
});

describe('opening and resuming on an agent server that walks its log in stored order', () => {
  it('opens a 10,000-event conversation with one page, not the whole log', async () => {
    const server = await agentServer('1.43.1');
    for (let index = 0; index < 10_000; index++) {
      server.log.push(message(`e${index}`, index / 10));
    }
    const store = new MemoryStore();
    const { stream } = watch(server, store);
    await stream.start();
    await settled(stream, server);
    // The newest page, then the page from the anchor (the newest event) once subscribed.
    expect(server.served).toBeLessThanOrEqual(101);
    expect(stream.snapshot().hasOlder).toBe(true);
    expect(store.events.size).toBe(100);
    expect(store.cursor?.anchor).toBe('e9999');
    // Older pages are read on demand, in the log's order, and meet the newest page exactly.
    const added = await stream.loadOlder();
    expect(added).toBe(100);
    await stream.flush();
    expect(store.ids()).toContain('e9800');
  });

  it('reads the whole log once, de-duplicating, for a cursor written before anchors existed', async () => {
    const server = await agentServer('1.43.1');
    server.store(message('m1', 1), message('action', 4), message('observation', 5));
    server.store(stats('stats-3', 3), message('m6', 6));
    const store = new MemoryStore();
    // What the old resume left: everything but the late stats update, and no anchor.
    for (const event of server.log.filter((e) => e.id !== 'stats-3')) {
      const order = v1OrderKey(event.timestamp, `v1:${event.id}`);
      store.events.set(order, { conversationId: ID, order, key: `v1:${event.id}`, raw: event });
    }
    store.cursor = {
      conversationId: ID,
      generation: 'v1',
      lastTimestamp: at(6),
      oldestTimestamp: at(1),
      hasOlder: false,
      updatedAt: 1,
    };
    const { stream, delivered } = watch(server, store);
    await stream.start();
    await settled(stream, server);
    await until(() => store.ids().length === server.log.length, 'the hole filled');
    expect(deliveredIds(delivered)).toEqual(['stats-3']);
    expect(store.cursor?.anchor).toBe('m6');
  });

  it('moves the anchor with each stored live event, so a reconnect reads one short page', async () => {
    const server = await agentServer('1.43.1');
    server.store(message('m1', 1));
    const store = new MemoryStore();
    const { stream } = watch(server, store);
    await stream.start();
    await settled(stream, server);
    for (let index = 2; index < 250; index++) server.store(message(`m${index}`, index));
    await until(() => stream.snapshot().counters.received >= 249, 'the live events');
    await stream.flush();
    expect(store.cursor?.anchor).toBe('m249');
    server.served = 0;
    server.dropSockets();
    await until(() => stream.snapshot().counters.reconnects > 0, 'a reconnect');
    await settled(stream, server);
    // The early read and the proven one each start at the anchor: one event each.
    expect(server.served).toBeLessThanOrEqual(2);
  });
});

describe('a server that sorts its search by timestamp (before 1.22.1)', () => {
  it('finds the late event by counting, and reads again only from a cut near the newest', async () => {
    const server = await agentServer('1.20.0');
    for (let index = 0; index < 1000; index++) server.store(message(`e${index}`, index));
    const store = new MemoryStore();
    const { stream } = watch(server, store);
    await stream.start();
    await settled(stream, server);
    // Held: the newest page. Older history stays older history.
    expect(store.events.size).toBe(100);
    server.dropSockets();
    server.store(stats('late', 995.5), message('e1000', 1000));
    await until(() => stream.snapshot().counters.reconnects > 0, 'a reconnect');
    server.served = 0;
    await settled(stream, server);
    await until(() => store.ids().includes('late'), 'the late event');
    expect(store.ids()).toContain('e1000');
    // Not the whole log again: the count narrowed where to read.
    expect(server.served).toBeLessThan(400);
    const counts = server.calls.filter((call) => call.name === 'agent.countEvents');
    expect(counts.length).toBeGreaterThan(0);
  });
});

/** Stores `perTick` events every 5 ms, stamped as they are stored, until stopped. */
function steadyAgent(server: FakeAgentServer, first: number, perTick = 3) {
  let next = first;
  const timer = setInterval(() => {
    for (let index = 0; index < perTick; index++, next++) {
      server.store(message(`e${next}`, next / 100));
    }
  }, 5);
  return { stop: () => clearInterval(timer) };
}

/** Loads older pages until the stream says there are none, as a person scrolling to the top. */
async function loadAllOlder(stream: ConversationStream): Promise<void> {
  for (let pages = 0; stream.snapshot().hasOlder; pages++) {
    if (pages > 200) throw new Error('older history never ended');
    await stream.loadOlder();
  }
  await stream.flush();
}

// The 10,000-event journey in Firefox reloads the background page while an agent streams. Its
// first open came after the agent had started: live frames were held before the catch-up had
// asked the server's version, and the open was taken for a resume. On a server that sorts its
// search, that read on from the live frames alone and never offered what came before them.
describe.each(['1.3.0', '1.43.1'])(
  'a conversation already streaming when opened, on %s',
  (version) => {
    it('reads the newest page rather than the whole log, and older pages reach back to the start, across reloads', async () => {
      const server = await agentServer(version);
      for (let index = 0; index < 1000; index++) server.store(message(`e${index}`, index / 100));
      server.latencyMs = 15;
      const store = new MemoryStore();
      const agent = steadyAgent(server, 1000);
      let session = store.session();
      let current = watch(server, session);
      try {
        await current.stream.start();
        await until(() => current.stream.caughtUp(), 'caught up');
        // Frames came first, yet the open read the newest page: the rest is offered as older.
        expect(current.delivered.length).toBeLessThan(1000);
        expect(current.stream.snapshot().hasOlder).toBe(true);
        expect(server.served).toBeLessThan(1000);
        for (let reload = 0; reload < 4; reload++) {
          await new Promise((resolve) => setTimeout(resolve, 40 + reload * 30));
          session.kill();
          current.stream.stop();
          session = store.session();
          current = watch(server, session);
          await current.stream.start();
        }
      } finally {
        agent.stop();
      }
      await settled(current.stream, server);
      await loadAllOlder(current.stream);
      await until(() => store.events.size >= server.log.length, 'every stored event cached').catch(
        () => {},
      );
      expect(store.ids()).toEqual(storedIds(server));
    });

    it('killed before the newest page was read, the next start still offers what came before the live frames', async () => {
      const server = await agentServer(version);
      for (let index = 0; index < 500; index++) server.store(message(`e${index}`, index / 100));
      let release = () => {};
      server.serverInfoHeld = new Promise((resolve) => {
        release = resolve;
      });
      const store = new MemoryStore();
      const agent = steadyAgent(server, 500);
      const session = store.session();
      const first = watch(server, session);
      const second = watch(server, store.session());
      try {
        await first.stream.start();
        await until(() => first.delivered.length > 0, 'live frames');
        // The frames are written with their cursor; the page dies before its first catch-up.
        await first.stream.flush();
        session.kill();
        first.stream.stop();
        release();
        await second.stream.start();
        await settled(second.stream, server);
      } finally {
        agent.stop();
      }
      await settled(second.stream, server);
      await loadAllOlder(second.stream);
      await until(() => store.events.size >= server.log.length, 'every stored event cached').catch(
        () => {},
      );
      expect(store.ids()).toEqual(storedIds(server));
    });
  },
);
