// Programmatic API of the local reference service, for vitest, Playwright and scripts:
//
//   const service = await startService({ port: 0, pace: 0.01, rateLimit: false });
//   fetch(`${service.url}/api/conversations`) …
//   await service.admin.dropSockets();
//   await service.stop();
import { AdminClient } from './admin';
import type { ServiceOptions } from './options';
import { seedIds } from './seed/seed';
import { ReferenceService } from './service';

export interface RunningService {
  /** Main server origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** The server key in force (it changes when the admin helper rotates it). */
  readonly apiKey: string | null;
  /** Typed fault-control helper. */
  admin: AdminClient;
  /** Ids of the seeded conversations, sandboxes and start tasks. */
  seedIds: typeof seedIds;
  /** The service object itself, for assertions a test cannot make over HTTP. */
  service: ReferenceService;
  /** The per-conversation url of a running nested V0 runtime, or null. */
  runtimeUrl(conversationId: string): string | null;
  /** The agent-server base url of a running sandbox, or null. */
  agentServerUrl(sandboxId: string): string | null;
  stop(): Promise<void>;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const service = new ReferenceService(options);
  await service.start();
  return {
    url: service.url,
    port: service.port,
    get apiKey() {
      return service.apiKey;
    },
    admin: new AdminClient(service.url),
    seedIds,
    service,
    runtimeUrl: (conversationId) => {
      const port = service.v0.loops.get(conversationId)?.runtime?.listener.port;
      return port ? `http://localhost:${port}/api/conversations/${conversationId}` : null;
    },
    agentServerUrl: (sandboxId) => {
      const sandbox = service.data.sandboxes[sandboxId];
      return sandbox ? service.v1.agentServerUrl(sandbox) : null;
    },
    stop: () => service.stop(),
  };
}

export { AdminClient } from './admin';
export type { ScenarioName, ServiceOptions } from './options';
export { scenarioNames } from './options';
export { seedIds } from './seed/seed';
export { ReferenceService } from './service';
