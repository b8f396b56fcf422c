// The local reference service: owns the stored data, the listeners (main server, one nested
// runtime per running V0 conversation, one agent server per running V1 sandbox), the auth rules
// of each, the V0/V1 domains and the injected faults. It plays one server kind at a time
// (options.ts `server`): the route table, auth, CORS and error pages all follow that kind.
import type { IncomingMessage } from 'node:http';
import type { Server as SocketIoServer } from 'socket.io';
import type { Pacing } from './agent/runner';
import { agentServerResponseShaper } from './agent-server/responses';
import { standaloneAgentServerRoutes, startStandaloneAgentServer } from './agent-server/standalone';
import { CredentialsSeen } from './core/credentials-seen';
import { Faults, type ListenerKind } from './core/faults';
import type { ServiceHost } from './core/host';
import { emptyData, loadData, Persister, type ServiceData } from './core/state';
import { resetClock, sleep } from './core/time';
import { CorsPolicy, Listener } from './http/listener';
import { httpException, json, type ServiceResponse } from './http/respond';
import type { Incoming, Route } from './http/router';
import {
  type ResolvedOptions,
  resolveOptions,
  type ScenarioName,
  type ServiceOptions,
} from './options';
import { adminRoutes } from './routes/admin';
import { agentServerRoutes } from './routes/agent-server';
import type { RouteHost } from './routes/common';
import { agentServerHealthRoutes, appServerHealthRoutes, healthRoutes } from './routes/health';
import { HostedAuth, hostedRoutes } from './routes/hosted';
import { DeviceSignIn, deviceSignInRoutes } from './routes/hosted-device';
import { HostedKeys, hostedKeyRoutes } from './routes/hosted-keys';
import { withDailyQuota } from './routes/hosted-start';
import { v0ConversationScopedRoutes } from './routes/v0-conversation';
import { v0ConversationRoutes } from './routes/v0-conversations';
import { v0GitRoutes } from './routes/v0-git';
import { v0SelfHostedSettingsRoutes, v0SettingsRoutes } from './routes/v0-settings';
import { v1AppRoutes } from './routes/v1-app';
import { v1GitRoutes } from './routes/v1-git';
import { v1PendingMessageRoutes } from './routes/v1-pending';
import { v1ServerRoutes } from './routes/v1-server';
import { v1SettingsRoutes } from './routes/v1-settings';
import { seedData } from './seed/seed';
import { attachV0Socket, type V0SocketScope } from './stream/v0-socket';
import { createAgentSocketHandler } from './stream/v1-websocket';
import { V0Domain } from './v0/domain';
import { V1Domain } from './v1/domain';

function headerOf(req: Incoming, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class ReferenceService implements ServiceHost, RouteHost {
  readonly options: ResolvedOptions;
  readonly data: ServiceData;
  readonly v0: V0Domain;
  readonly v1: V1Domain;
  readonly faults = new Faults();
  /** Every credential a client offered, on any listener (core/credentials-seen.ts). */
  readonly credentialsSeen = new CredentialsSeen();
  readonly startedAt = Date.now();
  lastRequestAt = Date.now();
  /** Bumped by every restart, so a client of the admin helper can see one happened. */
  generation = 0;
  /** The server key in force (rotated by the admin helper). */
  apiKey: string | null;
  /** The hosted kind's multi-user auth; null for the other kinds. */
  readonly hostedAuth: HostedAuth | null;
  /** The hosted kind's device sign-in; null for the other kinds. */
  readonly deviceSignIn: DeviceSignIn | null;

  private readonly persister: Persister;
  private main: Listener | null = null;
  private mainIo: SocketIoServer | null = null;
  private readonly runtimeIos = new Map<string, SocketIoServer>();
  private scenario: ScenarioName;
  private closing = false;

  constructor(options: ServiceOptions = {}) {
    this.options = resolveOptions(options);
    this.apiKey = this.options.apiKey;
    this.scenario = this.options.scenario;
    this.deviceSignIn = this.options.server === 'hosted' ? new DeviceSignIn(this) : null;
    this.hostedAuth =
      this.options.server === 'hosted'
        ? new HostedAuth(
            () => this.apiKey,
            () => this.options.rateLimit,
            (key) => this.deviceSignIn?.keyInfo(key) ?? null,
            () => this.deviceSignIn?.configuredKeyDeleted ?? false,
          )
        : null;
    const restored = this.options.dataFile ? loadData(this.options.dataFile) : null;
    this.data = restored ?? emptyData();
    if (!restored && this.options.seed) seedData(this.data, this.options.server);
    this.persister = new Persister(this.options.dataFile, () => this.data);
    this.v0 = new V0Domain(this);
    this.v1 = new V1Domain(this);
    if (restored) this.afterRestore();
  }

  /** What was running when the file was written comes back as after a real restart. */
  private afterRestore(): void {
    for (const task of Object.values(this.data.start_tasks)) {
      if (task.status !== 'READY' && task.status !== 'ERROR') {
        task.status = 'ERROR';
        task.detail = 'The server restarted before the conversation was ready';
      }
    }
    this.v1.restoreAfterRestart();
  }

  // --- ServiceHost -----------------------------------------------------------------------------

  persist(): void {
    this.persister.markDirty();
  }

  pacing(): Pacing {
    return { multiplier: this.options.pace, eventsPerSecond: this.options.eventsPerSecond };
  }

  log(message: string): void {
    if (this.options.log) console.log(`[service] ${message}`);
  }

  defaultScenario(): ScenarioName {
    return this.scenario;
  }

  setDefaultScenario(name: ScenarioName): void {
    this.scenario = name;
  }

  *v0SocketServers(): Iterable<SocketIoServer> {
    if (this.mainIo) yield this.mainIo;
    yield* this.runtimeIos.values();
  }

  async openRuntime(conversationId: string) {
    const listener = new Listener({
      name: `runtime:${conversationId.slice(0, 8)}`,
      flavor: 'openhands',
      host: this.options.host,
      routes: () => this.runtimeRoutes(conversationId),
      authorize: (route, req) => this.authorizeRuntime(conversationId, route, req),
      rateLimit: () => this.options.rateLimit,
      corsOrigins: this.options.corsOrigins,
      maxBodyBytes: this.options.maxBodyBytes,
      intercept: (req, route) => this.intercept('runtime', req, route),
      tap: (req) => this.credentialsSeen.fromRequest(`runtime:${conversationId}`, req),
      log: this.options.log,
    });
    const io = attachV0Socket(listener.server, this.socketDeps(), {
      kind: 'runtime',
      conversationId,
    });
    this.runtimeIos.set(conversationId, io);
    await listener.listen(0);
    return { listener, io };
  }

  async closeRuntime(
    conversationId: string,
    runtime: { listener: Listener; io: SocketIoServer },
  ): Promise<void> {
    this.runtimeIos.delete(conversationId);
    await runtime.listener.close();
    await runtime.io.close().catch(() => {});
  }

  async openAgentServer(sandboxId: string, port: number | null): Promise<Listener> {
    const onUpgrade = createAgentSocketHandler({
      domain: this.v1,
      scope: sandboxId,
      alive: () => this.data.sandboxes[sandboxId] !== undefined,
      sessionKey: () => this.data.sandboxes[sandboxId]?.session_api_key ?? null,
      log: (m) => this.log(m),
      tapFrame: (frame) => this.credentialsSeen.fromFrame(`agent:${sandboxId}`, frame),
    });
    const listener = new Listener({
      name: `agent:${sandboxId.slice(0, 8)}`,
      flavor: 'agent-server',
      host: this.options.host,
      routes: () => this.agentRoutes(sandboxId),
      authorize: (route, req) => {
        if (route.auth !== 'agent') return;
        const sandbox = this.data.sandboxes[sandboxId];
        if (!sandbox || headerOf(req, 'x-session-api-key') !== sandbox.session_api_key) {
          throw httpException(401);
        }
      },
      rateLimit: () => false,
      corsOrigins: this.options.corsOrigins,
      maxBodyBytes: this.options.maxBodyBytes,
      intercept: (req, route) => this.intercept('agent', req, route),
      tap: (req) => this.credentialsSeen.fromRequest(`agent:${sandboxId}`, req),
      finish: agentServerResponseShaper(this.v1.agent.release),
      onUpgrade,
      log: this.options.log,
    });
    if (port) {
      try {
        await listener.listen(port);
        return listener;
      } catch {
        // The old port is taken: any port will do.
      }
    }
    await listener.listen(0);
    return listener;
  }

  // --- route tables ----------------------------------------------------------------------------

  private cachedMain: Route[] | null = null;
  private readonly cachedRuntime = new Map<string, Route[]>();
  private readonly cachedAgent = new Map<string, Route[]>();

  /** Every route the main listener serves, in matching order: the kind's and no other. */
  mainRoutes(): Route[] {
    if (this.options.server === 'agent') return standaloneAgentServerRoutes(this);
    if (!this.cachedMain) {
      this.cachedMain = [...adminRoutes(this), ...this.kindRoutes()];
    }
    return this.cachedMain;
  }

  private kindRoutes(): Route[] {
    switch (this.options.server) {
      case 'legacy':
        return [
          ...healthRoutes(this),
          ...v0SettingsRoutes(this),
          ...(this.options.hosted
            ? []
            : [
                ...v0ConversationRoutes(this),
                ...v0ConversationScopedRoutes(this, { kind: 'main' }),
                ...v0SelfHostedSettingsRoutes(this),
                ...v0GitRoutes(this),
              ]),
          ...v1AppRoutes(this, 'v062'),
        ];
      case 'v1':
      case 'hosted':
        return [
          ...appServerHealthRoutes(this),
          ...v1ServerRoutes(this),
          // The hosted service counts the conversations each user starts a day.
          ...(this.options.server === 'hosted'
            ? withDailyQuota(this, v1AppRoutes(this, 'current'))
            : v1AppRoutes(this, 'current')),
          ...v1PendingMessageRoutes(this),
          ...v1SettingsRoutes(this),
          ...v1GitRoutes(this),
          ...(this.options.server === 'hosted' ? hostedRoutes(this) : []),
          ...(this.deviceSignIn
            ? [
                ...deviceSignInRoutes(this.deviceSignIn),
                ...hostedKeyRoutes(new HostedKeys(this.deviceSignIn, () => this.apiKey)),
              ]
            : []),
        ];
      case 'agent':
        return [];
    }
  }

  runtimeRoutes(conversationId: string): Route[] {
    let routes = this.cachedRuntime.get(conversationId);
    if (!routes) {
      routes = [
        ...healthRoutes(this),
        ...v0ConversationScopedRoutes(this, { kind: 'runtime', conversationId }),
      ];
      this.cachedRuntime.set(conversationId, routes);
    }
    return routes;
  }

  agentRoutes(sandboxId: string): Route[] {
    let routes = this.cachedAgent.get(sandboxId);
    if (!routes) {
      routes = [...agentServerHealthRoutes(this), ...agentServerRoutes(this, sandboxId)];
      this.cachedAgent.set(sandboxId, routes);
    }
    return routes;
  }

  // --- auth ------------------------------------------------------------------------------------

  /**
   * The route's own auth, run after routing and the body's JSON decoding and before any
   * validation error is reported (FastAPI's dependency order).
   */
  private authorizeMain(route: Route, req: Incoming): void {
    if (route.auth === 'none' || route.auth === 'admin') return;
    switch (this.options.server) {
      case 'legacy':
        if (this.options.hosted) return;
        // 0.62: SESSION_API_KEY guards the V0 routes only.
        if (route.auth === 'v0' && this.apiKey !== null) {
          if (headerOf(req, 'x-session-api-key') !== this.apiKey) throw httpException(401);
        }
        return;
      case 'v1':
        // 1.x: the same check as a router dependency of every /api/v1 router but the web
        // client's config and the webhooks.
        if (this.apiKey !== null && headerOf(req, 'x-session-api-key') !== this.apiKey) {
          throw httpException(401);
        }
        return;
      case 'hosted':
        this.hostedAuth?.authorize(req, route.auth === 'v1');
        return;
      case 'agent':
        return;
    }
  }

  /**
   * The 0.62 service's hosted mode: every `/api` path except the config probe needs
   * `Authorization: Bearer <key>` (or the key in `X-Session-API-Key`), matched route or not.
   */
  private hostedGuard(req: Incoming): ServiceResponse | null {
    if (this.options.server !== 'legacy' || !this.options.hosted) return null;
    if (req.method === 'OPTIONS') return null;
    if (!req.path.startsWith('/api') || req.path === '/api/options/config') return null;
    const authorization = headerOf(req, 'authorization');
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
    const fallback = headerOf(req, 'x-session-api-key') ?? null;
    const cookie = headerOf(req, 'cookie')?.includes('keycloak_auth=') ?? false;
    if (bearer === null && fallback === null && !cookie) {
      return json({ error: 'NoCredentialsError' }, 401);
    }
    const offered = bearer ?? fallback;
    if (this.apiKey !== null && offered !== this.apiKey) {
      return json({ error: 'Invalid API key' }, 401);
    }
    return null;
  }

  private authorizeRuntime(conversationId: string, route: Route, req: Incoming): void {
    if (route.auth === 'none') return;
    if (headerOf(req, 'x-session-api-key') !== this.v0.sessionKey(conversationId)) {
      throw httpException(401);
    }
  }

  private socketDeps() {
    return {
      domain: this.v0,
      requiredKey: (scope: V0SocketScope, conversationId: string) =>
        scope.kind === 'runtime' ? this.v0.sessionKey(conversationId) : this.apiKey,
      hasSettings: () => this.data.settings !== null,
      canJoinHere: (scope: V0SocketScope) =>
        scope.kind === 'runtime' || this.options.runtime === 'standalone',
      log: (m: string) => this.log(m),
      tap: (req: IncomingMessage, scope: V0SocketScope) =>
        this.credentialsSeen.fromRequest(
          scope.kind === 'runtime' ? `runtime:${scope.conversationId}` : 'main',
          req,
        ),
    };
  }

  async intercept(kind: ListenerKind, req: Incoming, route: Route | null) {
    this.lastRequestAt = Date.now();
    if (kind === 'main') {
      const denied = this.hostedGuard(req);
      if (denied) return denied;
    }
    const { delayMs, response } = this.faults.take(kind, req, route);
    if (delayMs > 0) await sleep(delayMs);
    return response;
  }

  // --- lifecycle -------------------------------------------------------------------------------

  get port(): number {
    if (!this.main) throw new Error('The service is not started');
    return this.main.port;
  }

  get url(): string {
    return `http://${this.options.host}:${this.port}`;
  }

  /** The main listener's middleware, as the kind's upstream stacks it. */
  private mainStack() {
    const { server, frontend, corsOrigins } = this.options;
    if (server === 'legacy') return { spaFallback: () => frontend };
    const resume = /^\/api\/v1\/sandboxes\/[^/]+\/resume\/?$/;
    const stack = {
      spaFallback: () => frontend,
      // Without Socket.IO nothing takes an upgrade: the web UI mount fails it (uvicorn's 500),
      // and without the web UI the router closes it before accepting (403).
      refusedUpgradeStatus: () => (frontend ? 500 : 403),
      // The 1.x rate limiter never counts a sandbox resume.
      rateLimitExempt: (req: Incoming) => req.method === 'POST' && resume.test(req.path),
      corsFor: () => new CorsPolicy(corsOrigins, 'any'),
    };
    const hosted = this.hostedAuth;
    if (!hosted) return stack;
    return {
      ...stack,
      outermost: (req: Incoming) => hosted.middleware(req),
      rateLimitInsideCors: true,
      corsFor: (req: Incoming) => hosted.corsFor(req, corsOrigins),
    };
  }

  async start(): Promise<void> {
    if (this.options.server === 'agent') {
      // An agent server alone: no app server, no sandboxes, no V0.
      this.main = await startStandaloneAgentServer(this);
      this.log(`agent server listening on ${this.url}`);
      return;
    }
    const main = new Listener({
      name: 'main',
      flavor: 'openhands',
      host: this.options.host,
      routes: () => this.mainRoutes(),
      authorize: (route, req) => this.authorizeMain(route, req),
      rateLimit: () => this.options.rateLimit,
      corsOrigins: this.options.corsOrigins,
      maxBodyBytes: this.options.maxBodyBytes,
      intercept: (req, route) => this.intercept('main', req, route),
      tap: (req) => this.credentialsSeen.fromRequest('main', req),
      log: this.options.log,
      ...this.mainStack(),
    });
    // Socket.IO exists only on 0.62, and there not in its hosted mode.
    if (this.options.server === 'legacy' && !this.options.hosted) {
      this.mainIo = attachV0Socket(main.server, this.socketDeps(), { kind: 'main' });
    }
    this.main = main;
    await main.listen(this.options.port);
    // Sandboxes that were running come back with their agent servers.
    for (const sandbox of Object.values(this.data.sandboxes)) {
      if (sandbox.status === 'RUNNING' || sandbox.status === 'STARTING') {
        const listener = await this.openAgentServer(sandbox.id, sandbox.agent_port);
        this.v1.servers.set(sandbox.id, listener);
        sandbox.agent_port = listener.port;
        sandbox.status = 'RUNNING';
      }
    }
    this.persist();
    this.log(`listening on ${this.url}`);
  }

  /** Every listener currently open: main, nested runtimes, agent servers. */
  private listeners(): Listener[] {
    const out: Listener[] = [];
    if (this.main) out.push(this.main);
    for (const loop of this.v0.loops.values()) if (loop.runtime) out.push(loop.runtime.listener);
    out.push(...this.v1.servers.values());
    return out;
  }

  /** Cuts every live stream (V0 Socket.IO and V1 WebSocket) as a network failure would. */
  dropSockets(): number {
    let dropped = 0;
    for (const listener of this.listeners()) dropped += listener.dropUpgraded();
    return dropped;
  }

  /** Stops listening for `seconds` (connections are refused), then listens again. */
  async refuseConnections(seconds: number): Promise<void> {
    const listeners = this.listeners();
    await Promise.all(listeners.map((l) => l.close()));
    setTimeout(() => {
      if (this.closing) return;
      void Promise.all(listeners.map((l) => l.relisten())).catch((error) =>
        this.log(String(error)),
      );
    }, seconds * 1000).unref();
  }

  /**
   * A server restart: every listener goes down and comes back on the same port, the data is
   * kept, standalone V0 agent loops (which live in the server process) end; nested runtimes and
   * sandboxes (separate containers upstream) keep running.
   */
  async restart(): Promise<void> {
    this.persister.flush();
    const listeners = this.listeners();
    await Promise.all(listeners.map((l) => l.close()));
    if (this.options.runtime === 'standalone') {
      for (const id of [...this.v0.loops.keys()]) await this.v0.stopLoop(id);
    }
    await Promise.all(listeners.filter((l) => !l.isListening).map((l) => l.relisten()));
    this.generation++;
    this.log(`restarted (generation ${this.generation})`);
  }

  async stop(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const id of [...this.v0.loops.keys()]) await this.v0.stopLoop(id);
    this.v1.dispose();
    await Promise.all([...this.v1.servers.values()].map((l) => l.close()));
    this.v1.servers.clear();
    this.mainIo?.disconnectSockets(true);
    await this.main?.close();
    await this.mainIo?.close().catch(() => {});
    this.persister.flush();
    resetClock();
  }
}
