// Tiny servers that play the other side of an attack: one that records every request it gets
// (to prove a key never arrived), one that redirects everything elsewhere, one that hands out
// conversations whose runtime lives on another origin. Each listens on 127.0.0.1 on a free port
// and stops with the test; none of this belongs in the reference service.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export interface HostileServer {
  url: string;
  seen: SeenRequest[];
  /** Every credential any request carried, in headers or query. */
  credentials(): string[];
  stop(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse, server: HostileServer) => void;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
  });
  response.end(JSON.stringify(body));
}

async function listen(handle: Handler): Promise<HostileServer> {
  const seen: SeenRequest[] = [];
  const hostile: HostileServer = {
    url: '',
    seen,
    credentials: () =>
      seen.flatMap((request) => {
        const found: string[] = [];
        for (const name of ['x-session-api-key', 'authorization', 'x-access-token']) {
          const value = request.headers[name];
          if (typeof value === 'string') found.push(value);
        }
        const key = new URL(request.path, 'http://x').searchParams.get('session_api_key');
        if (key) found.push(key);
        return found;
      }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    seen.push({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
    });
    handle(request, response, hostile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostile.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = hostile.stop;
  hostile.stop = () => {
    server.closeAllConnections();
    return stop();
  };
  return hostile;
}

/** Answers every request with 401, as a server would that wants a key it was not given. */
export function startRecorder(): Promise<HostileServer> {
  return listen((_request, response) => json(response, 401, { detail: 'Unauthorized' }));
}

/** Redirects every request (307, method and headers kept by a following client) to `target`. */
export function startRedirector(target: string): Promise<HostileServer> {
  return listen((request, response) => {
    response.writeHead(307, { location: `${target}${request.url ?? '/'}` });
    response.end();
  });
}

/**
 * An app server whose V0 conversation `id` says its runtime lives at `runtime` (another origin)
 * with no key of its own: the case where a client that falls back to the server key leaks it.
 */
export function startForeignRuntimeServer(id: string, runtime: string): Promise<HostileServer> {
  return listen((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === `/api/conversations/${id}`) {
      json(response, 200, {
        conversation_id: id,
        title: 'Elsewhere',
        status: 'RUNNING',
        url: `${runtime}/api/conversations/${id}`,
        session_api_key: null,
      });
      return;
    }
    json(response, 404, { detail: 'Not Found' });
  });
}
