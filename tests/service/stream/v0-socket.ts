// The V0 live stream: a real Socket.IO server (protocol v5 / Engine.IO v4) on the port of the
// conversation's REST API. The connect handler is reproduced as upstream runs it
// (docs/contract/v0-socket.md#what-happens-on-connect): the history replay is written *before* the
// CONNECT packet (a connection middleware that emits before calling `next`), refusals become
// `connect_error`, and the handler's known crashes (missing key, bad providers_set) leave the
// client with no answer at all.
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { liveForm, ROOM, type V0Domain } from '../v0/domain';

export type V0SocketScope = { kind: 'main' } | { kind: 'runtime'; conversationId: string };

export interface V0SocketDeps {
  domain: V0Domain;
  /** The key this server checks (`SESSION_API_KEY`), or null when none is configured. */
  requiredKey: (scope: V0SocketScope, conversationId: string) => string | null;
  hasSettings: () => boolean;
  /** The main server of a nested deployment cannot join conversations (unsupported_operation). */
  canJoinHere: (scope: V0SocketScope) => boolean;
  log: (message: string) => void;
  /** Sees each handshake, changing nothing (the credentials record). */
  tap?: (req: Socket['request'], scope: V0SocketScope) => void;
}

const providerTypes = new Set(['github', 'gitlab', 'bitbucket', 'enterprise_sso', 'azure_devops']);

/** `urllib.parse.parse_qs`: repeated keys collected, blank values dropped. */
export function parseQs(search: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(search)) {
    if (value === '') continue;
    const list = out.get(key) ?? [];
    list.push(value);
    out.set(key, list);
  }
  return out;
}

/** Python's `int()` on a string (whitespace, sign and underscores allowed). */
function pythonInt(value: string): number | null {
  const trimmed = value.trim();
  return /^[-+]?\d+(_\d+)*$/.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : null;
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Thrown where the upstream handler crashes: the client then hears nothing. */
class Hang extends Error {}

export function attachV0Socket(
  httpServer: HttpServer,
  deps: V0SocketDeps,
  scope: V0SocketScope,
): Server {
  const io = new Server(httpServer, {
    cors: { origin: '*' },
    maxHttpBufferSize: 4 * 1024 * 1024,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    serveClient: false,
    // A crashed connect handler never answers: keep the half-open socket for a day rather than
    // letting the library time it out after 45 s (which upstream does not do).
    connectTimeout: 24 * 60 * 60 * 1000,
  });

  io.use((socket, next) => {
    try {
      connect(socket, deps, scope);
      next();
    } catch (error) {
      if (error instanceof Refusal) {
        const refusal = new Error(error.message) as Error & { data?: unknown };
        if (error.data !== undefined) refusal.data = error.data;
        next(refusal);
        return;
      }
      if (error instanceof Hang) {
        deps.log(`socket connect hangs: ${error.message}`);
        return;
      }
      deps.log(`socket connect crashed: ${String(error)}`);
    }
  });

  io.on('connection', (socket) => {
    const conversationId = socket.data.conversationId as string;
    const onAction = (data: unknown) => {
      if (!deps.domain.dispatch(conversationId, data)) {
        deps.log(`dropped a malformed oh_user_action on ${conversationId}`);
      }
    };
    socket.on('oh_user_action', onAction);
    socket.on('oh_action', onAction);
    socket.on('disconnect', () => {
      deps.domain.connections.get(conversationId)?.delete(socket.id);
    });
  });

  return io;
}

function connect(socket: Socket, deps: V0SocketDeps, scope: V0SocketScope): void {
  deps.tap?.(socket.request, scope);
  const search = new URL(socket.request.url ?? '/', 'http://placeholder').search;
  const query = parseQs(search);
  const latestRaw = query.get('latest_event_id')?.[0];
  const latestEventId = latestRaw === undefined ? -1 : (pythonInt(latestRaw) ?? -1);
  const conversationId = query.get('conversation_id')?.[0];
  const providers = (query.get('providers_set') ?? []).flatMap((item) =>
    item.split(',').filter(Boolean),
  );
  for (const provider of providers) {
    if (!providerTypes.has(provider)) {
      throw new Hang(`'${provider}' is not a valid ProviderType`);
    }
  }
  if (!conversationId) throw new Refusal('No conversation_id in query params');

  const expected = deps.requiredKey(scope, conversationId);
  if (expected !== null) {
    const given = query.get('session_api_key');
    if (!given) throw new Hang("KeyError: 'session_api_key'");
    if (given[0] !== expected) throw new Refusal('invalid_session_api_key');
  }
  if (scope.kind === 'runtime' && scope.conversationId !== conversationId) {
    throw new Refusal('Failed to join conversation');
  }

  const record = deps.domain.ensureMetadata(conversationId);

  // Replay before CONNECT: Null* and RecallAction skipped, only the last agent_state_changed,
  // last, all with their stored source.
  let lastStateChange: Record<string, unknown> | null = null;
  for (const event of record.events) {
    if (event.id < latestEventId + 1) continue;
    if (event.action === 'null' || event.observation === 'null' || event.action === 'recall') {
      continue;
    }
    if (event.observation === 'agent_state_changed') {
      lastStateChange = event;
      continue;
    }
    socket.emit('oh_event', event);
  }
  if (lastStateChange) socket.emit('oh_event', lastStateChange);

  if (!deps.hasSettings()) {
    throw new Refusal('Settings not found', { msg_id: 'CONFIGURATION$SETTINGS_NOT_FOUND' });
  }
  if (!deps.canJoinHere(scope)) throw new Hang('ValueError: unsupported_operation');

  // join_conversation starts the agent loop when it is not running.
  void deps.domain.startLoop(conversationId).catch((error) => deps.log(String(error)));
  socket.data.conversationId = conversationId;
  socket.join(ROOM(conversationId));
  const connected = deps.domain.connections.get(conversationId) ?? new Set<string>();
  connected.add(socket.id);
  deps.domain.connections.set(conversationId, connected);
}

export { liveForm };
