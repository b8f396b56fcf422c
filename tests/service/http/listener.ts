// One HTTP listener (the main server, a nested runtime or an agent server) with the middleware
// stack of its upstream counterpart:
//   OpenHands server (0.62 and the 1.x app server), outermost first: RateLimitMiddleware →
//   CacheControlMiddleware → LocalhostCORSMiddleware → routes → the web UI mount (any unknown
//   GET → index.html, any other method → 405), or FastAPI's 404/405 JSON without the web UI. So a
//   429 carries neither cache nor CORS headers there.
//   Hosted service (enterprise saas_server.py): the auth-cookie middleware comes first (a request
//   without credentials is refused before anything else), then cache control, the API-key-aware
//   CORS, the rate limiter, routes.
//   Agent server: LocalhostCORSMiddleware → routes → FastAPI's 404/405 JSON.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sleep } from '../core/time';
import { json, reasonPhrase, type ServiceResponse, spaIndex, text } from './respond';
import { type Incoming, matchRoute, type Route, runRoute } from './router';

export type ListenerFlavor = 'openhands' | 'agent-server';

export interface ListenerConfig {
  name: string;
  flavor: ListenerFlavor;
  host: string;
  routes: () => readonly Route[];
  authorize: (route: Route, req: Incoming, rawParams: Record<string, string>) => void;
  rateLimit: () => boolean;
  corsOrigins: string[] | null;
  /** The CORS policy for one request; by default the localhost rule over `corsOrigins`. */
  corsFor?: (req: Incoming) => CorsPolicy;
  /** Whether the web UI is mounted (openhands flavour). Default true. */
  spaFallback?: () => boolean;
  /** The outermost middleware (the hosted auth-cookie check): a response ends the request. */
  outermost?: (req: Incoming) => ServiceResponse | null;
  /** Requests the rate limiter never counts. */
  rateLimitExempt?: (req: Incoming) => boolean;
  /** The hosted stack runs the rate limiter inside CORS, so its 429 carries CORS headers. */
  rateLimitInsideCors?: boolean;
  /** The status an upgrade gets when no handler takes it (uvicorn refuses the handshake). */
  refusedUpgradeStatus?: () => number;
  maxBodyBytes: number;
  /** Admin faults: a delay, or a response that replaces the route's. */
  intercept?: (req: Incoming, route: Route | null) => Promise<ServiceResponse | null>;
  /** Reshapes a route's answer (an agent server's own exception handlers). */
  finish?: (req: Incoming, response: ServiceResponse) => ServiceResponse;
  /** Handles a WebSocket upgrade; return false to leave it to others (Socket.IO). */
  onUpgrade?: (req: IncomingMessage, socket: Socket, head: Buffer) => boolean;
  /** Sees every request and upgrade first, changing nothing (the credentials record). */
  tap?: (req: IncomingMessage) => void;
  log?: boolean;
}

/**
 * Which origins a CORS policy lets in when no list is configured. `localhost`: 0.62 and the agent
 * server (LocalhostCORSMiddleware). `any`: the 1.x app server, whose middleware lets every origin
 * in while `PERMITTED_CORS_ORIGINS` is unset. `none`: a plain allowlist (the hosted service's
 * cookie path). `wildcard`: `*` without credentials (the hosted service's API-key path).
 */
export type CorsDefault = 'localhost' | 'any' | 'none' | 'wildcard';

/** Starlette's CORSMiddleware with one of the upstream origin rules. */
export class CorsPolicy {
  constructor(
    private readonly permitted: string[] | null,
    private readonly fallback: CorsDefault = 'localhost',
  ) {}

  private get wildcard(): boolean {
    return this.fallback === 'wildcard';
  }

  isAllowed(origin: string): boolean {
    if (this.wildcard) return true;
    if (this.permitted && this.permitted.length > 0) return this.permitted.includes(origin);
    if (this.fallback === 'any') return true;
    if (this.fallback === 'none') return false;
    try {
      const hostname = new URL(origin).hostname;
      return hostname === 'localhost' || hostname === '127.0.0.1';
    } catch {
      return false;
    }
  }

  static readonly allMethods = 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT';

  preflight(origin: string, method: string, requestHeaders: string | undefined): ServiceResponse {
    const headers: Record<string, string> = this.wildcard
      ? { 'access-control-allow-origin': '*' }
      : { vary: 'Origin' };
    headers['access-control-allow-methods'] = CorsPolicy.allMethods;
    headers['access-control-max-age'] = '600';
    if (!this.wildcard) headers['access-control-allow-credentials'] = 'true';
    const failures: string[] = [];
    if (!this.isAllowed(origin)) failures.push('origin');
    else if (!this.wildcard) headers['access-control-allow-origin'] = origin;
    if (!CorsPolicy.allMethods.split(', ').includes(method)) failures.push('method');
    if (requestHeaders !== undefined) headers['access-control-allow-headers'] = requestHeaders;
    if (failures.length > 0) return text(`Disallowed CORS ${failures.join(', ')}`, 400, headers);
    return text('OK', 200, headers);
  }

  /** Headers of a simple (non-preflight) response to a request that sent `Origin`. */
  simpleHeaders(origin: string): Record<string, string> {
    if (this.wildcard) return { 'access-control-allow-origin': '*' };
    const headers: Record<string, string> = { 'access-control-allow-credentials': 'true' };
    if (this.isAllowed(origin)) {
      headers['access-control-allow-origin'] = origin;
      headers.vary = 'Origin';
    }
    return headers;
  }
}

/** InMemoryRateLimiter(requests=10, seconds=1): >10 in a second waits 1 s, >20 gets 429. */
class RateLimiter {
  private readonly history = new Map<string, number[]>();

  /** `ok`, `delay` (serve after 1 s) or `reject`. */
  check(key: string): 'ok' | 'delay' | 'reject' {
    const now = Date.now();
    const recent = (this.history.get(key) ?? []).filter((t) => t > now - 1000);
    recent.push(now);
    this.history.set(key, recent);
    if (recent.length > 20) return 'reject';
    if (recent.length > 10) return 'delay';
    return 'ok';
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class Listener {
  readonly server: Server;
  private readonly connections = new Set<Socket>();
  private readonly upgraded = new Set<Socket>();
  private readonly cors: CorsPolicy;
  private readonly limiter = new RateLimiter();
  private boundPort: number | null = null;
  private listening = false;

  constructor(private readonly config: ListenerConfig) {
    this.cors = new CorsPolicy(config.corsOrigins);
    this.server = createServer((req, res) => {
      config.tap?.(req);
      this.handle(req, res).catch((error) => {
        console.error(`[service:${config.name}] request failed`, error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      });
    });
    this.server.keepAliveTimeout = 5_000;
    this.server.on('connection', (socket) => {
      this.connections.add(socket);
      socket.on('close', () => {
        this.connections.delete(socket);
        this.upgraded.delete(socket);
      });
    });
    this.server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      this.upgraded.add(socket);
      config.tap?.(req);
      if (config.onUpgrade?.(req, socket, head)) return;
      const refused = config.refusedUpgradeStatus?.();
      if (refused !== undefined) {
        socket.end(
          `HTTP/1.1 ${refused} ${reasonPhrase(refused)}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
      }
    });
  }

  get port(): number {
    if (this.boundPort === null) throw new Error(`${this.config.name} is not listening`);
    return this.boundPort;
  }

  get isListening(): boolean {
    return this.listening;
  }

  get origin(): string {
    return `http://${this.config.host}:${this.port}`;
  }

  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        this.server.off('listening', onListening);
        reject(error);
      };
      const onListening = () => {
        this.server.off('error', onError);
        resolve();
      };
      this.server.once('error', onError);
      this.server.once('listening', onListening);
      this.server.listen(port, this.config.host);
    });
    this.boundPort = (this.server.address() as AddressInfo).port;
    this.listening = true;
    return this.boundPort;
  }

  /** Rebinds the port it had (e.g. after a restart); falls back to any port if it was taken. */
  async relisten(): Promise<number> {
    const previous = this.boundPort ?? 0;
    try {
      return await this.listen(previous);
    } catch {
      return this.listen(0);
    }
  }

  /** Stops accepting and drops every connection (the toolchain gotcha: close them all). */
  async close(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    for (const socket of this.connections) socket.destroy();
    await closed;
  }

  /** Cuts every upgraded (WebSocket) connection as a network failure would. */
  dropUpgraded(): number {
    const count = this.upgraded.size;
    for (const socket of this.upgraded) socket.destroy();
    this.upgraded.clear();
    return count;
  }

  /** The whole body, or null when it exceeds the limit (the rest is read and dropped). */
  private async readBody(req: IncomingMessage): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= this.config.maxBodyBytes) chunks.push(chunk as Buffer);
    }
    return size > this.config.maxBodyBytes ? null : Buffer.concat(chunks);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://placeholder');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = url.pathname;
    }
    const remoteAddress = req.socket.remoteAddress ?? '';
    const body = await this.readBody(req);
    const incoming: Incoming = {
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      url,
      headers: req.headers,
      body: body ?? Buffer.alloc(0),
      remoteAddress,
    };
    let response: ServiceResponse;
    if (body === null) {
      response = text(reasonPhrase(413), 413);
    } else if (this.config.flavor === 'openhands') {
      response = await this.openhandsStack(incoming);
    } else {
      response = await this.agentServerStack(incoming);
    }
    await this.write(res, incoming, response);
    if (this.config.log) {
      console.log(
        `[${this.config.name}] ${incoming.method} ${req.url} → ${response.status} (${Date.now() - started} ms)`,
      );
    }
  }

  private async write(res: ServerResponse, req: Incoming, response: ServiceResponse) {
    if (res.headersSent || res.destroyed) return;
    if (response.stream) {
      res.writeHead(response.status, response.headers);
      try {
        for await (const chunk of response.stream) {
          if (res.destroyed) return;
          res.write(chunk);
        }
      } catch {
        // An exception after the headers went out: uvicorn drops the connection mid-body.
        res.destroy();
        return;
      }
      res.end();
      return;
    }
    const payload = typeof response.body === 'string' ? Buffer.from(response.body) : response.body;
    res.writeHead(response.status, { ...response.headers, 'content-length': payload.length });
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /** RateLimitMiddleware: null to go on (after a 1 s wait when over 10/s), else the 429. */
  private async rateLimited(req: Incoming): Promise<ServiceResponse | null> {
    if (!this.config.rateLimit() || this.config.rateLimitExempt?.(req)) return null;
    const verdict = this.limiter.check(req.remoteAddress);
    if (verdict === 'reject') {
      return json({ message: 'Too many requests' }, 429, { 'retry-after': '1' });
    }
    if (verdict === 'delay') await sleep(1000);
    return null;
  }

  private async openhandsStack(req: Incoming): Promise<ServiceResponse> {
    const refused = this.config.outermost?.(req);
    if (refused) return refused;
    let response: ServiceResponse;
    if (this.config.rateLimitInsideCors) {
      response = await this.corsLayer(
        req,
        async () => (await this.rateLimited(req)) ?? this.routeOrSpa(req),
      );
    } else {
      const limited = await this.rateLimited(req);
      if (limited) return limited;
      response = await this.corsLayer(req, () => this.routeOrSpa(req));
    }
    if (req.path.startsWith('/assets')) {
      response.headers['cache-control'] = 'public, max-age=2592000, immutable';
    } else {
      response.headers['cache-control'] = 'no-cache, no-store, must-revalidate, max-age=0';
      response.headers.pragma = 'no-cache';
      response.headers.expires = '0';
    }
    return response;
  }

  private async agentServerStack(req: Incoming): Promise<ServiceResponse> {
    return this.corsLayer(req, async () => {
      const { match, pathMatched } = matchRoute(this.config.routes(), req.method, req.path);
      const faulted = await this.config.intercept?.(req, match?.route ?? null);
      if (faulted) return faulted;
      if (match) {
        const response = await runRoute(match, req, this.config.authorize);
        return this.config.finish ? this.config.finish(req, response) : response;
      }
      if (pathMatched) return json({ detail: 'Method Not Allowed' }, 405);
      return json({ detail: 'Not Found' }, 404);
    });
  }

  private async corsLayer(
    req: Incoming,
    next: () => Promise<ServiceResponse>,
  ): Promise<ServiceResponse> {
    const origin = req.headers.origin;
    const cors = this.config.corsFor?.(req) ?? this.cors;
    const preflightMethod = req.headers['access-control-request-method'];
    if (req.method === 'OPTIONS' && origin && typeof preflightMethod === 'string') {
      const requested = req.headers['access-control-request-headers'];
      return cors.preflight(
        origin,
        preflightMethod,
        Array.isArray(requested) ? requested.join(',') : requested,
      );
    }
    const response = await next();
    if (origin) Object.assign(response.headers, cors.simpleHeaders(origin));
    return response;
  }

  private async routeOrSpa(req: Incoming): Promise<ServiceResponse> {
    const { match, pathMatched } = matchRoute(this.config.routes(), req.method, req.path);
    const faulted = await this.config.intercept?.(req, match?.route ?? null);
    if (faulted) return faulted;
    if (match) return runRoute(match, req, this.config.authorize);
    if (this.config.spaFallback?.() === false) {
      if (pathMatched) return json({ detail: 'Method Not Allowed' }, 405);
      return json({ detail: 'Not Found' }, 404);
    }
    // The web UI mount catches every other path: a GET gets the index page, a route that
    // exists only for another method is caught here too, so it never looks like a 404.
    if (req.method === 'GET' || req.method === 'HEAD') return spaIndex();
    return json({ detail: 'Method Not Allowed' }, 405);
  }
}

export { header as readHeader };
