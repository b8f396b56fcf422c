// The reference service (tests/service) as a test's counterpart: one running service per server
// kind a test file asks for, started on first use, each with a lib/api client that talks to it
// the way Handoff would (its key, the auth scheme of that kind). A file calls `stopAll` once in
// `afterAll`. Kept here so every suite that checks the client against real answers starts
// services the same way.
import { type ApiClient, createApiClient } from '@/lib/api';
import type { RunningService, ServiceOptions } from '../service';
import { startTestService } from '../service/test-support';

/**
 * The servers a test can ask for: the kinds of docs/contract/server-generations.md, plus a 1.x
 * app server on a fresh install (no settings, no provider tokens, nothing seeded).
 */
export const referenceKinds = {
  v1: { server: 'v1' },
  'v1-fresh': { server: 'v1', seed: false },
  hosted: { server: 'hosted' },
  legacy: { server: 'legacy' },
  agent: { server: 'agent' },
} as const satisfies Record<string, ServiceOptions>;
export type ReferenceKind = keyof typeof referenceKinds;

export interface ReferenceServer {
  kind: ReferenceKind;
  service: RunningService;
  /** Sends the configured key: `Authorization: Bearer` on hosted, `X-Session-API-Key` elsewhere. */
  client: ApiClient;
}

export interface ReferenceServers {
  get(kind: ReferenceKind): Promise<ReferenceServer>;
  stopAll(): Promise<void>;
}

export function referenceServers(): ReferenceServers {
  const started = new Map<ReferenceKind, Promise<ReferenceServer>>();

  async function start(kind: ReferenceKind): Promise<ReferenceServer> {
    const apiKey = `reference-${kind}-key`;
    // Agents finish at once, so no conversation is still running when the next test looks.
    const service = await startTestService({
      ...referenceKinds[kind],
      apiKey,
      scenario: 'finish-quickly',
    });
    const client = createApiClient({
      baseUrl: service.url,
      apiKey,
      authScheme: kind === 'hosted' ? 'bearer' : 'session-key',
    });
    return { kind, service, client };
  }

  return {
    get(kind) {
      let server = started.get(kind);
      if (!server) {
        server = start(kind);
        started.set(kind, server);
      }
      return server;
    },
    async stopAll() {
      const servers = [...started.values()];
      started.clear();
      await Promise.all(servers.map(async (server) => (await server).service.stop()));
    },
  };
}
