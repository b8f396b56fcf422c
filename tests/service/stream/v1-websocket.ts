// The agent server's event WebSocket (`/sockets/events/{conversation_id}`, a plain WebSocket;
// software-agent-sdk agent_server/sockets.py) for the release played: a key in the query or
// header is checked before the handshake is accepted (a wrong one fails the handshake with HTTP
// 403, which browsers see as close code 1006; the query key still works in 1.4x, only logged as
// deprecated); without one, from v1.18.1 the first frame must be `{"type":"auth",…}` within
// 10 s or the socket closes with 4001. Then 1013 when the conversation waits for its credential
// binding (v1.37.1) or already has 50 sockets (v1.22.1), 4004 when it is unknown, else
// `full_state` first, the requested replay, live events; a client frame is an SDK Message sent
// with run=true; a bad frame gets a ServerErrorEvent (v1.16.0).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { withoutNulls } from '../agent-server/json';
import { runCapacityOf } from '../agent-server/run-capacity';
import { dashedUuid, parseUuid } from '../core/ids';
import { naiveNow, toNaiveLocal } from '../core/time';
import { INVALID, type PydanticError } from '../http/pydantic';
import { PyJsonError, parsePythonJson } from '../http/pyjson';
import { sdkMessageSchema } from '../models/v1';
import type { V1Domain } from '../v1/domain';

const FIRST_MESSAGE_AUTH_TIMEOUT_MS = 10_000;
/** event_service.py `PubSub(max_subscribers=50)`. */
const MAX_SUBSCRIBERS = 50;

export interface AgentSocketDeps {
  domain: V1Domain;
  /** The agent server's scope: a sandbox id, or the `agent` kind's own. */
  scope: string;
  /** False once the sandbox behind it is gone. */
  alive: () => boolean;
  /** The key in force; null when none is configured (every socket is accepted). */
  sessionKey: () => string | null;
  /**
   * Docker runtime mode: the close code for a conversation whose container the socket cannot be
   * bridged into (1008 unknown, 1011 cannot start), or null to go on.
   */
  gate?: (conversationHex: string) => Promise<number | null>;
  log: (message: string) => void;
  /** Sees each frame that may carry a key, changing nothing (the credentials record). */
  tapFrame?: (frame: unknown) => void;
}

function rejectHandshake(socket: Socket, status = 403): void {
  const phrase = status === 403 ? 'Forbidden' : 'Not Found';
  socket.end(`HTTP/1.1 ${status} ${phrase}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  socket.destroy();
}

function pythonBool(value: string): boolean | null {
  const lowered = value.trim().toLowerCase();
  if (['1', 'on', 't', 'true', 'y', 'yes'].includes(lowered)) return true;
  if (['0', 'off', 'f', 'false', 'n', 'no'].includes(lowered)) return false;
  return null;
}

/** pydantic's `str(ValidationError)`, the `detail` of a ServerErrorEvent for a bad frame. */
export function validationErrorText(model: string, errors: PydanticError[]): string {
  const lines = [`${errors.length} validation error${errors.length === 1 ? '' : 's'} for ${model}`];
  for (const error of errors) {
    const input = JSON.stringify(error.input) ?? 'None';
    lines.push(
      error.loc.join('.'),
      `  ${error.msg} [type=${error.type}, input_value=${input}, input_type=${Array.isArray(error.input) ? 'list' : typeof error.input === 'object' && error.input !== null ? 'dict' : typeof error.input}]`,
      `    For further information visit https://errors.pydantic.dev/2.11/v/${error.type}`,
    );
  }
  return lines.join('\n');
}

function serverErrorEvent(code: string, detail: string): Record<string, unknown> {
  return {
    id: dashedUuid(),
    timestamp: naiveNow(),
    source: 'environment',
    code,
    detail,
    kind: 'ServerErrorEvent',
  };
}

/**
 * What wsproto's `PerMessageDeflate.accept` answers to the first offer (uvicorn's wsproto
 * server always offers it, `ws_per_message_deflate=True`): the parameters it takes, with a
 * bare `client_max_window_bits` answered as `=15`.
 */
export function wsprotoDeflateAnswer(offerHeader: string | undefined): string | null {
  const offer = (offerHeader ?? '')
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.split(';')[0]?.trim() === 'permessage-deflate');
  if (offer === undefined) return null;
  const parameters: string[] = [];
  let client: number | null = null;
  let server: number | null = null;
  let clientNoContext = false;
  let serverNoContext = false;
  for (const bit of offer
    .split(';')
    .slice(1)
    .map((part) => part.trim())) {
    const value = bit.includes('=') ? Number(bit.split('=')[1]?.trim()) : 15;
    if (bit.startsWith('client_no_context_takeover')) clientNoContext = true;
    else if (bit.startsWith('server_no_context_takeover')) serverNoContext = true;
    else if (bit.startsWith('client_max_window_bits')) client = value;
    else if (bit.startsWith('server_max_window_bits')) server = value;
  }
  if (clientNoContext) parameters.push('client_no_context_takeover');
  if (serverNoContext) parameters.push('server_no_context_takeover');
  for (const bits of [client, server]) {
    if (bits !== null && (!Number.isInteger(bits) || bits < 9 || bits > 15)) return null;
  }
  if (client !== null) parameters.push(`client_max_window_bits=${client}`);
  if (server !== null) parameters.push(`server_max_window_bits=${server}`);
  return ['permessage-deflate', ...parameters].join('; ');
}

export function createAgentSocketHandler(deps: AgentSocketDeps) {
  const deflate = deps.domain.agent.release.has('socketDeflate');
  // uvicorn's default WebSocket message limit; wsproto compresses every message once
  // permessage-deflate is agreed.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024 * 1024,
    perMessageDeflate: deflate ? { threshold: 0 } : false,
  });
  if (deflate) {
    // ws agrees on the same parameters; the header is written as wsproto writes it.
    wss.on('headers', (headers, req) => {
      const index = headers.findIndex((line) =>
        line.toLowerCase().startsWith('sec-websocket-extensions:'),
      );
      const answer = wsprotoDeflateAnswer(req.headers['sec-websocket-extensions']);
      if (index !== -1 && answer) headers[index] = `Sec-WebSocket-Extensions: ${answer}`;
    });
  }

  return function onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const match = /^\/sockets\/events\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      rejectHandshake(socket, 404);
      return true;
    }
    const release = deps.domain.agent.release;
    const conversationHex = parseUuid(decodeURIComponent(match[1] as string));
    const query = url.searchParams;
    const resendAll = query.has('resend_all') ? pythonBool(query.get('resend_all') ?? '') : false;
    const resendMode = query.get('resend_mode');
    const afterRaw = query.get('after_timestamp');
    const after = afterRaw === null ? null : toNaiveLocal(afterRaw);
    // Query/path validation failures close the socket before it is accepted (HTTP 403).
    if (
      !deps.alive() ||
      conversationHex === null ||
      resendAll === null ||
      (resendMode !== null && resendMode !== 'all' && resendMode !== 'since') ||
      (afterRaw !== null && after === null)
    ) {
      rejectHandshake(socket);
      return true;
    }
    const headerKey = req.headers['x-session-api-key'];
    const offered =
      query.get('session_api_key') ?? (typeof headerKey === 'string' ? headerKey : null);
    const required = deps.sessionKey();
    if (required !== null && offered !== required) {
      // A wrong key, or (before first-message auth existed) no key at all.
      if (offered !== null || !release.has('firstMessageAuth')) {
        rejectHandshake(socket);
        return true;
      }
    }

    wss.handleUpgrade(req, socket, head, (ws) => {
      const start = () =>
        subscribe(ws, deps, conversationHex, resendMode ?? (resendAll ? 'all' : null), after);
      if (required === null || offered !== null) {
        start();
        return;
      }
      // First-message auth.
      const timer = setTimeout(
        () => ws.close(4001, 'Authentication failed'),
        FIRST_MESSAGE_AUTH_TIMEOUT_MS,
      );
      ws.once('message', (data, isBinary) => {
        clearTimeout(timer);
        let frame: unknown;
        try {
          frame = isBinary ? null : JSON.parse(data.toString());
        } catch {
          frame = null;
        }
        deps.tapFrame?.(frame);
        if (
          typeof frame === 'object' &&
          frame !== null &&
          (frame as Record<string, unknown>).type === 'auth' &&
          deps.alive() &&
          (frame as Record<string, unknown>).session_api_key === deps.sessionKey()
        ) {
          start();
        } else {
          ws.close(4001, 'Authentication failed');
        }
      });
      ws.once('close', () => clearTimeout(timer));
    });
    return true;
  };
}

function subscribe(
  ws: WebSocket,
  deps: AgentSocketDeps,
  conversationHex: string,
  mode: string | null,
  after: string | null,
): void {
  const { agent } = deps.domain;
  if (deps.gate) {
    const gate = deps.gate;
    void gate(conversationHex).then((code) => {
      if (code !== null) ws.close(code);
      else subscribe(ws, { ...deps, gate: undefined }, conversationHex, mode, after);
    });
    return;
  }
  const record = deps.alive() ? agent.find(deps.scope, conversationHex) : undefined;
  if (record && agent.needsActivation(record)) {
    ws.close(1013, 'credential_binding_activation_required');
    return;
  }
  if (!record) {
    ws.close(4004, 'Conversation not found');
    return;
  }
  const subscribers = deps.domain.subscribers.get(record.id) ?? new Set<WebSocket>();
  if (agent.release.has('subscriberLimit') && subscribers.size >= MAX_SUBSCRIBERS) {
    ws.close(1013, 'Too many connections for this conversation');
    return;
  }
  subscribers.add(ws);
  deps.domain.subscribers.set(record.id, subscribers);
  ws.send(JSON.stringify(deps.domain.fullState(record)));

  if (mode === 'all' || (mode === 'since' && after !== null)) {
    const omitNulls = agent.release.has('socketOmitsNulls');
    // Replayed through events/search: in the order stored from 1.22.1, by timestamp before.
    const replay = [...record.events].filter(
      (event) => mode === 'all' || (after !== null && event.timestamp >= after),
    );
    if (!agent.release.has('searchAppendOrder')) {
      replay.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    }
    for (const event of replay) ws.send(JSON.stringify(omitNulls ? withoutNulls(event) : event));
  }

  ws.on('message', (data, isBinary) => {
    const current = agent.find(deps.scope, conversationHex);
    if (!current) return;
    // Before v1.16.0 a bad frame was only logged.
    const answersBadFrames = agent.release.has('serverErrorFrames');
    const reply = (code: string, detail: string) => {
      if (answersBadFrames) ws.send(JSON.stringify(serverErrorEvent(code, detail)));
    };
    if (isBinary) {
      reply('KeyError', "'text'");
      return;
    }
    const text = data.toString();
    let frame: unknown;
    try {
      frame = parsePythonJson(text);
    } catch (error) {
      if (error instanceof PyJsonError) {
        const line = text.slice(0, error.pos).split('\n').length;
        const column = error.pos - text.lastIndexOf('\n', error.pos - 1);
        reply(
          'JSONDecodeError',
          `${error.pythonMessage}: line ${line} column ${column} (char ${error.pos})`,
        );
      } else reply('JSONDecodeError', String(error));
      return;
    }
    // A redundant auth frame after query-key auth is ignored.
    deps.tapFrame?.(frame);
    if (
      typeof frame === 'object' &&
      frame !== null &&
      Object.keys(frame).length === 2 &&
      (frame as Record<string, unknown>).type === 'auth' &&
      'session_api_key' in frame
    ) {
      return;
    }
    const errors: PydanticError[] = [];
    const message = sdkMessageSchema.validate(frame, [], errors, 'json');
    if (message === INVALID) {
      reply('ValidationError', validationErrorText('Message', errors));
      return;
    }
    // At run capacity the message is stored and the run refused (1.54.0).
    const refusal = runCapacityOf(agent).refusalFor(deps.scope, current, true);
    deps.domain.sendMessage(
      current,
      message.role,
      message.content as Record<string, unknown>[],
      refusal === null,
    );
    if (refusal !== null) reply('ConversationRunLimitExceeded', refusal);
  });
  ws.on('close', () => {
    deps.domain.subscribers.get(record.id)?.delete(ws);
  });
  ws.on('error', () => {
    deps.domain.subscribers.get(record.id)?.delete(ws);
  });
}
