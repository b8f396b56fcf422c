import { type AgentDirectClient, createAgentDirectClient } from '@/lib/api/agent-direct/client';
import { ApiError } from '@/lib/api/errors';
import { createTransport, type Transport } from '@/lib/api/transport';
import { agentServerBaseUrl, resolveServerUrl } from '@/lib/api/url';
import { cloneFolderFor } from '@/lib/settings/clone-folders';
import type { Settings } from '@/lib/settings/schema';
import { readApiKeyFor } from '@/lib/settings/secrets';
import { scopeSettings, serverById } from '@/lib/settings/servers';
import { loadSettings } from '@/lib/settings/store';
import { forgetConversationTargets } from './conversation-targets';
import { workerCaller } from './worker-endpoints';

// The worker imports lib/api's modules directly, never its index: the index re-exports every
// response and event schema, which the worker's budget has no room for. Pages validate what the
// worker returns (lib/messaging/worker-client.ts).

export interface ServiceConnection {
  /** The server this connection speaks to (lib/settings/servers.ts). */
  serverId: string;
  /**
   * The worker's own endpoints by name (./worker-endpoints); on an agent server with no app
   * server, its conversations answered as an app server's would (lib/api/agent-direct).
   */
  client: { call(name: string, params: unknown): Promise<unknown> };
  /** Set on an agent server alone: the app-server calls of pages it answers itself. */
  agentDirect: AgentDirectClient | null;
  /** For calls pages prepared (`api.send`). */
  transport: Transport;
  /** The settings as this server sees them: its own fields at the top. */
  settings: Settings;
  apiKey: string | null;
  resolveUrl(reference: string): URL;
  agentServerBase(conversationUrl: string): string;
}

const cached = new Map<string, Promise<ServiceConnection>>();

/** Forgets the connections (one server's, or all) so the next call reads settings and key afresh. */
export function invalidateServiceClient(serverId?: string): void {
  if (serverId === undefined) cached.clear();
  else {
    cached.delete(serverId);
    // The default server's connection is also kept unnamed: it may be this one.
    cached.delete('');
  }
  forgetConversationTargets();
}

async function connect(serverId: string | undefined): Promise<ServiceConnection> {
  const all = await loadSettings();
  const server = serverById(all, serverId ?? all.defaultServerId);
  if (!server) {
    throw new ApiError(
      'invalid-url',
      serverId && all.servers.length
        ? 'That server has been removed from Handoff. Add it again in Handoff’s options to reach its conversations.'
        : 'Handoff is not connected to a server yet. Open Handoff’s options and enter your server’s address.',
    );
  }
  const settings = scopeSettings(all, server.id) as Settings;
  const serverUrl = server.serverUrl;
  // Only the key this server saved for its own origin: an address changed since gets none, and
  // no other server's key is ever read here.
  const apiKey = await readApiKeyFor(serverUrl, server.id);
  const transport = createTransport({
    baseUrl: serverUrl,
    apiKey,
    authScheme: server.authScheme,
    orgId: server.organizationId,
  });
  const caller = workerCaller(transport);
  const agentDirect =
    server.serverInfo?.kind === 'agent'
      ? createAgentDirectClient(
          transport,
          serverUrl,
          caller,
          async () => cloneFolderFor((await loadSettings()).cloneFolders, serverUrl) || null,
          apiKey,
        )
      : null;
  return {
    serverId: server.id,
    client: agentDirect ?? caller,
    agentDirect,
    transport,
    settings,
    apiKey,
    resolveUrl: (reference) => resolveServerUrl(serverUrl, reference),
    agentServerBase: (conversationUrl) => agentServerBaseUrl(conversationUrl, serverUrl),
  };
}

/**
 * The connection to one server (the default one when none is named), built from its settings
 * and its own key. Only the worker calls this: keys never leave it.
 */
export function serviceConnection(serverId?: string): Promise<ServiceConnection> {
  const name = serverId ?? '';
  let connection = cached.get(name);
  if (!connection) {
    connection = connect(serverId);
    cached.set(name, connection);
    // A failure is not kept: the next call reads the settings again.
    connection.catch(() => cached.delete(name));
  }
  return connection;
}
