// The `agent` server kind: an agent server alone on the main port, as Agent Canvas or a bare
// `openhands-agent-server` serves it. Only its own routes answer (no `/api/v1`, no V0, no
// Socket.IO); its key is the service's key; the admin endpoint stays at `/__admin`.

import { Listener } from '../http/listener';
import { httpException } from '../http/respond';
import type { Incoming, Route } from '../http/router';
import { adminRoutes } from '../routes/admin';
import { agentServerRoutes } from '../routes/agent-server';
import { dockerRuntimeRoutes, dockerSocketGate } from '../routes/agent-server-docker';
import { agentServerHealthRoutes } from '../routes/health';
import { seedStandaloneAgentServer } from '../seed/agent-server';
import type { ReferenceService } from '../service';
import { createAgentSocketHandler } from '../stream/v1-websocket';
import { agentServerResponseShaper } from './responses';
import { STANDALONE_SCOPE } from './servers';

const routeTables = new WeakMap<ReferenceService, Route[]>();

export function standaloneAgentServerRoutes(service: ReferenceService): Route[] {
  let routes = routeTables.get(service);
  if (!routes) {
    const local = agentServerRoutes(service, STANDALONE_SCOPE);
    routes = [
      ...adminRoutes(service),
      ...agentServerHealthRoutes(service),
      // Docker runtime mode: the docker router comes before the local conversation routes.
      ...(service.options.conversationRuntime === 'docker'
        ? dockerRuntimeRoutes(service, () => local)
        : []),
      ...local,
    ];
    routeTables.set(service, routes);
  }
  return routes;
}

function headerOf(req: Incoming, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startStandaloneAgentServer(service: ReferenceService): Promise<Listener> {
  const { options, v1 } = service;
  if (options.conversationRuntime === 'docker' && !v1.agent.release.has('conversationRuntime')) {
    throw new Error(
      `the Docker runtime mode played here needs agent server 1.48.0 or later, not ${v1.agent.release.version}`,
    );
  }
  if (options.seed && !service.data.agent_servers?.[STANDALONE_SCOPE]) {
    seedStandaloneAgentServer(service.data);
  }
  v1.agent.servers.standaloneKey = () => service.apiKey;
  const listener = new Listener({
    name: 'agent',
    flavor: 'agent-server',
    host: options.host,
    routes: () => standaloneAgentServerRoutes(service),
    // check_session_api_key: with no key configured every route is open.
    authorize: (route, req) => {
      if (route.auth !== 'agent' || service.apiKey === null) return;
      if (headerOf(req, 'x-session-api-key') !== service.apiKey) throw httpException(401);
    },
    rateLimit: () => false,
    corsOrigins: options.corsOrigins,
    maxBodyBytes: options.maxBodyBytes,
    intercept: (req, route) => service.intercept('agent', req, route),
    tap: (req) => service.credentialsSeen.fromRequest('agent', req),
    finish: agentServerResponseShaper(v1.agent.release),
    onUpgrade: createAgentSocketHandler({
      domain: v1,
      scope: STANDALONE_SCOPE,
      alive: () => true,
      sessionKey: () => service.apiKey,
      log: (message) => service.log(message),
      tapFrame: (frame) => service.credentialsSeen.fromFrame('agent', frame),
      gate: options.conversationRuntime === 'docker' ? dockerSocketGate(service) : undefined,
    }),
    log: options.log,
  });
  await listener.listen(options.port);
  v1.agent.servers.listening(STANDALONE_SCOPE, listener.port);
  service.persist();
  return listener;
}
