import { type AgentDirectClient, createAgentDirectClient } from '@/lib/api/agent-direct/client';
import { ApiError } from '@/lib/api/errors';
import { createTransport, type Transport } from '@/lib/api/transport';
import { agentServerBaseUrl, resolveServerUrl } from '@/lib/api/url';
import { cloneFolderFor } from '@/lib/settings/clone-folders';
import type { Settings } from '@/lib/settings/schema';
import { readApiKeyFor } from '@/lib/settings/secrets';
import { loadSettings } from '@/lib/settings/store';
import { forgetConversationTargets } from './conversation-targets';
import { workerCaller } from './worker-endpoints';

// The worker imports lib/api's modules directly, never its index: the index re-exports every
// response and event schema, which the worker's 40 KB budget has no room for. Pages validate
// what the worker returns (lib/messaging/worker-client.ts).

export interface ServiceConnection {
  /**
   * The worker's own endpoints by name (./worker-endpoints); on an agent server with no app
   * server, its conversations answered as an app server's would (lib/api/agent-direct).
   */
  client: { call(name: string, params: unknown): Promise<unknown> };
  /** Set on an agent server alone: the app-server calls of pages it answers itself. */
  agentDirect: AgentDirectClient | null;
  /** For calls pages prepared (`api.send`). */
  transport: Transport;
  settings: Settings;
  apiKey: string | null;
  resolveUrl(reference: string): URL;
  agentServerBase(conversationUrl: string): string;
}

let cached: ServiceConnection | null = null;

/** Forgets the connection so the next call reads settings and key afresh. */
export function invalidateServiceClient(): void {
  cached = null;
  forgetConversationTargets();
}

/**
 * The connection to the configured server, built from the settings and the key. Only the
 * worker calls this: the key never leaves it.
 */
export async function serviceConnection(): Promise<ServiceConnection> {
  if (cached) return cached;
  const settings = await loadSettings();
  const serverUrl = settings.serverUrl;
  if (!serverUrl) {
    throw new ApiError(
      'invalid-url',
      'Handoff is not connected to a server yet. Open Handoff’s options and enter your server’s address.',
    );
  }
  // Only the key saved for this server's origin: an address changed since gets none.
  const apiKey = await readApiKeyFor(serverUrl);
  const transport = createTransport({
    baseUrl: serverUrl,
    apiKey,
    authScheme: settings.authScheme,
    orgId: settings.organizationId,
  });
  const caller = workerCaller(transport);
  const agentDirect =
    settings.serverInfo?.kind === 'agent'
      ? createAgentDirectClient(
          transport,
          serverUrl,
          caller,
          async () => cloneFolderFor((await loadSettings()).cloneFolders, serverUrl) || null,
          apiKey,
        )
      : null;
  cached = {
    client: agentDirect ?? caller,
    agentDirect,
    transport,
    settings,
    apiKey,
    resolveUrl: (reference) => resolveServerUrl(serverUrl, reference),
    agentServerBase: (conversationUrl) => agentServerBaseUrl(conversationUrl, serverUrl),
  };
  return cached;
}
