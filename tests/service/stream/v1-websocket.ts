// The agent server's event WebSocket (`/sockets/events/{conversation_id}`, a plain WebSocket), as
// agent servers ≥ v1.18.1 run it (docs/contract/agent-server.md#event-websocket): a key in the
// query or header is checked before the handshake is accepted (a wrong one fails the handshake with
// HTTP 403, which browsers see as close code 1006); without one, the first frame must be
// `{"type":"auth",…}` within 10 s or the socket closes with 4001. Then: `full_state` first, the
// requested replay, live events; a client frame is an SDK Message sent with run=true; a bad frame
// gets a ServerErrorEvent.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { dashedUuid, parseUuid } from '../core/ids';
import type { SandboxRecord } from '../core/state';
import { naiveNow, toNaiveLocal } from '../core/time';
import { INVALID, type PydanticError } from '../http/pydantic';
import { PyJsonError, parsePythonJson } from '../http/pyjson';
import { sdkMessageSchema } from '../models/v1';
import type { V1Domain } from '../v1/domain';

const FIRST_MESSAGE_AUTH_TIMEOUT_MS = 10_000;

export interface AgentSocketDeps {
  domain: V1Domain;
  sandbox: () => SandboxRecord | undefined;
  log: (message: string) => void;
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

export function createAgentSocketHandler(deps: AgentSocketDeps) {
  // uvicorn's default WebSocket message limit.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });

  return function onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const match = /^\/sockets\/events\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      rejectHandshake(socket, 404);
      return true;
    }
    const sandbox = deps.sandbox();
    const conversationHex = parseUuid(decodeURIComponent(match[1] as string));
    const query = url.searchParams;
    const resendAll = query.has('resend_all') ? pythonBool(query.get('resend_all') ?? '') : false;
    const resendMode = query.get('resend_mode');
    const afterRaw = query.get('after_timestamp');
    const after = afterRaw === null ? null : toNaiveLocal(afterRaw);
    // Query/path validation failures close the socket before it is accepted (HTTP 403).
    if (
      !sandbox ||
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
    if (offered !== null && offered !== sandbox.session_api_key) {
      rejectHandshake(socket);
      return true;
    }

    wss.handleUpgrade(req, socket, head, (ws) => {
      const start = () =>
        subscribe(ws, deps, conversationHex, resendMode ?? (resendAll ? 'all' : null), after);
      if (offered !== null) {
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
        const current = deps.sandbox();
        if (
          typeof frame === 'object' &&
          frame !== null &&
          (frame as Record<string, unknown>).type === 'auth' &&
          current &&
          (frame as Record<string, unknown>).session_api_key === current.session_api_key
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
  const sandbox = deps.sandbox();
  const record = deps.domain.conversation(conversationHex);
  if (!sandbox || !record || record.sandbox_id !== sandbox.id) {
    ws.close(4004, 'Conversation not found');
    return;
  }
  const subscribers = deps.domain.subscribers.get(record.id) ?? new Set<WebSocket>();
  subscribers.add(ws);
  deps.domain.subscribers.set(record.id, subscribers);
  ws.send(JSON.stringify(deps.domain.fullState(record)));

  if (mode === 'all' || (mode === 'since' && after !== null)) {
    const replay = [...record.events]
      .filter((event) => mode === 'all' || (after !== null && event.timestamp >= after))
      .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    for (const event of replay) ws.send(JSON.stringify(event));
  }

  ws.on('message', (data, isBinary) => {
    const current = deps.domain.conversation(conversationHex);
    if (!current) return;
    const reply = (code: string, detail: string) =>
      ws.send(JSON.stringify(serverErrorEvent(code, detail)));
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
    deps.domain.sendMessage(
      current,
      message.role,
      message.content as Record<string, unknown>[],
      true,
    );
  });
  ws.on('close', () => {
    deps.domain.subscribers.get(record.id)?.delete(ws);
  });
  ws.on('error', () => {
    deps.domain.subscribers.get(record.id)?.delete(ws);
  });
}
