// The server's own settings (as opposed to Handoff's): one query, one key, so every view that
// reads them shares the answer and a save in one view refreshes the others. Which routes serve
// them is decided here once per server (./server-settings.ts): an agent server's, when the
// connection test found one; else 1.7+ or legacy, from the first read. The writes below follow
// that decision: views never pick routes themselves.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CloneProvider, tokenSecretName } from '@/lib/api/agent-direct/clone';
import type { AgentMcpServerPatch } from '@/lib/api/endpoints/agent-settings';
import { type ApiError, toApiError } from '@/lib/api/errors';
import { isHostedServiceUrl } from '@/lib/api/url';
import type { POSTProviderModel } from '@/lib/api/v0/requests';
import type { Organization } from '@/lib/api/v1/models';
import type { McpServerRequest } from '@/lib/api/v1/requests';
import { callApi } from '@/lib/messaging/worker-client';
import type { Settings } from '@/lib/settings/schema';
import { scopeSettings } from '@/lib/settings/servers';
import { loadSettings } from '@/lib/settings/store';
import { scopeKey, useServerScope } from './server-scope';
import {
  type AgentMcpChange,
  fromAgentServerSettings,
  fromV0Settings,
  fromV1Settings,
  knownSettingsGeneration,
  type ProviderHosts,
  providerTokensOf,
  readByGeneration,
  refuseAgentServerShape,
  type SecretList,
  type ServerSettings,
  type SettingsGeneration,
} from './server-settings';
import { apiKey } from './worker-queries';

export { providerTokensOf, type ServerSettings, type SettingsGeneration };

/** Under `api`, so a change of server or key (OptionsApp) starts them over with the rest. */
export const serverSettingsKey = ['api', 'server-settings'] as const;
export const serverSecretsKey = ['api', 'server-secrets'] as const;
export const organizationsKey = ['api', 'organizations'] as const;
const generationKey = ['api', 'settings-generation'] as const;

/** Pages read before a list is called incomplete (100 items each). */
const MAX_PAGES = 10;

interface ServerSettingsOptions {
  enabled?: boolean;
  /** How long an answer is fresh (the query client's default when left out). */
  staleTime?: number;
}

/**
 * A read on the server's generation of routes, remembering the generation it found. An agent
 * server is what the last connection test stored (read afresh, so every page agrees: the options
 * page starts its queries over when the test's answer changes).
 */
async function readOnGeneration<T>(
  queryClient: QueryClient,
  serverId: string | undefined,
  read: { v1: () => Promise<T>; v0: () => Promise<T>; agent: () => Promise<T> },
): Promise<T> {
  const all = await loadSettings();
  const settings = serverId ? (scopeSettings(all, serverId) ?? all) : all;
  const tested = knownSettingsGeneration(settings.serverInfo?.kind);
  const key = [...generationKey, scopeKey(serverId)];
  const found = queryClient.getQueryData<SettingsGeneration>(key) ?? null;
  // Only the test names an agent server: a remembered one may be the server before a change.
  const known = tested ?? (found === 'agent' ? null : found);
  const { generation, value } = await readByGeneration(known, read);
  if (generation !== known) queryClient.setQueryData(key, generation);
  return value;
}

/**
 * The server's settings in one shape whatever its generation (`stored: false` on a fresh
 * install, which answers 404 until something is saved). Not retried: a server without the
 * route will not grow one.
 */
export function useServerSettings({
  enabled = true,
  staleTime = 5 * 60_000,
}: ServerSettingsOptions = {}) {
  const queryClient = useQueryClient();
  const serverId = useServerScope();
  return useQuery<ServerSettings, ApiError>({
    queryKey: [...serverSettingsKey, scopeKey(serverId)],
    queryFn: () =>
      readOnGeneration(queryClient, serverId, {
        v1: async () => fromV1Settings(await callApi('v1.getSettings', {}, serverId)),
        v0: async () =>
          fromV0Settings(refuseAgentServerShape(await callApi('v0.getSettings', {}, serverId))),
        agent: async () => {
          // The provider tokens are secrets there: their names come with the settings, and a
          // server too old for secrets still shows its settings.
          const [settings, secrets] = await Promise.all([
            callApi('agent.getSettings', {}, serverId),
            callApi('agent.listSecrets', {}, serverId).catch(() => null),
          ]);
          return fromAgentServerSettings(
            settings,
            secrets?.secrets.map((secret) => secret.name) ?? null,
          );
        },
      }),
    enabled,
    staleTime,
    retry: false,
  });
}

/** The git providers the server holds tokens for (provider → host), once its settings are read. */
export function useProviderTokens(options: ServerSettingsOptions = {}): ProviderHosts {
  const settings = useServerSettings(options);
  return useMemo(() => providerTokensOf(settings.data), [settings.data]);
}

/** Every page of the 1.7+ secret search (the cursor is the last name of the page before). */
async function allV1Secrets(serverId: string | undefined): Promise<SecretList> {
  const items: SecretList['items'] = [];
  let pageId: string | null | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await callApi(
      'v1.searchSecrets',
      { limit: 100, ...(pageId ? { page_id: pageId } : {}) },
      serverId,
    );
    items.push(...answer.items);
    pageId = answer.next_page_id;
    if (!pageId) return { generation: 'v1', items, complete: true };
  }
  return { generation: 'v1', items, complete: false };
}

/** The server's custom secrets: names and descriptions, never values. */
export function useServerSecrets({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const serverId = useServerScope();
  return useQuery<SecretList, ApiError>({
    queryKey: [...serverSecretsKey, scopeKey(serverId)],
    queryFn: () =>
      readOnGeneration(queryClient, serverId, {
        v1: () => allV1Secrets(serverId),
        v0: async () => ({
          generation: 'v0' as const,
          items: (await callApi('v0.listSecrets', {}, serverId)).custom_secrets,
          complete: true,
        }),
        agent: async () => ({
          generation: 'agent' as const,
          items: [...(await callApi('agent.listSecrets', {}, serverId)).secrets].sort((a, b) =>
            a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
          ),
          complete: true,
        }),
      }),
    enabled,
    retry: false,
  });
}

// --- Writes, on the routes of the generation the read found ----------------------------------

/**
 * Stores the whole provider-token map (the server replaces its own with it). MCP servers go
 * along on legacy servers only: the 1.7+ route takes tokens alone. (An agent server keeps its
 * tokens as secrets: `saveAgentToken`.)
 */
export function sendProviderTokens(
  generation: 'v1' | 'v0',
  body: POSTProviderModel,
  serverId?: string,
) {
  return generation === 'v1'
    ? callApi('v1.setGitProviders', { provider_tokens: body.provider_tokens }, serverId)
    : callApi('v0.addGitProviders', body, serverId);
}

/** Forgets every stored provider token. */
export function clearProviderTokens(generation: 'v1' | 'v0', serverId?: string) {
  return generation === 'v1'
    ? callApi('v1.clearGitProviders', {}, serverId)
    : callApi('v0.unsetProviderTokens', {}, serverId);
}

/** 1.7+: replaces the server's whole map of default MCP servers. */
export function saveMcpServers(servers: Record<string, McpServerRequest>, serverId?: string) {
  return callApi('v1.saveSettings', { agent_settings_diff: { mcp_config: servers } }, serverId);
}

/**
 * An agent server: sends only what changed, so secret values it shows redacted stay as stored
 * (sent back, a redacted value would erase them). From 1.39.0 each server through its own route,
 * removals first (so a renamed server can take a freed name); a new server whose name was taken
 * meanwhile is refused (409) rather than merged. Older servers take the same changes as one
 * merge patch of the settings. Stops at the first failure, which it throws.
 */
export async function saveAgentMcpServers(
  changes: readonly AgentMcpChange[],
  { perServerRoutes, serverId }: { perServerRoutes: boolean; serverId?: string | undefined },
): Promise<void> {
  if (!perServerRoutes) {
    const mcp_config: Record<string, AgentMcpServerPatch | null> = {};
    for (const change of changes) {
      mcp_config[change.name] =
        change.kind === 'delete'
          ? null
          : change.kind === 'create'
            ? (change.server as AgentMcpServerPatch)
            : change.patch;
    }
    await callApi('agent.updateSettings', { agent_settings_diff: { mcp_config } }, serverId);
    return;
  }
  const order = { delete: 0, update: 1, create: 2 } as const;
  for (const change of [...changes].sort((a, b) => order[a.kind] - order[b.kind])) {
    const settings_key = change.name;
    if (change.kind === 'delete') {
      await callApi('agent.deleteMcpServer', { settings_key }, serverId);
    } else if (change.kind === 'update') {
      await callApi('agent.updateMcpServer', { settings_key, ...change.patch }, serverId);
    } else await callApi('agent.createMcpServer', { settings_key, ...change.server }, serverId);
  }
}

/**
 * Sends a new secret (on 1.7+, also replaces the value of one of that name; a description left
 * out keeps the one it had). The value is a plain argument, never a query's or mutation's.
 */
export async function createSecret(
  generation: SettingsGeneration,
  secret: { name: string; value: string; description?: string | null },
  serverId?: string,
): Promise<void> {
  // An agent server replaces the description too: the caller sends the one to keep.
  if (generation === 'agent') await callApi('agent.saveSecret', secret, serverId);
  else if (generation === 'v1') await callApi('v1.createSecret', secret, serverId);
  else await callApi('v0.createSecret', secret, serverId);
}

/** Renames or describes a secret. Not on an agent server, which takes a value with every change. */
export async function updateSecret(
  generation: 'v1' | 'v0',
  secretId: string,
  change: { name: string; description: string | null },
  serverId?: string,
): Promise<void> {
  const params = { secret_id: secretId, ...change };
  if (generation === 'v1') await callApi('v1.updateSecret', params, serverId);
  else await callApi('v0.updateSecret', params, serverId);
}

export async function deleteSecret(
  generation: SettingsGeneration,
  secretId: string,
  serverId?: string,
) {
  if (generation === 'agent') await callApi('agent.deleteSecret', { name: secretId }, serverId);
  else if (generation === 'v1') {
    await callApi('v1.deleteSecret', { secret_id: secretId }, serverId);
  } else await callApi('v0.deleteSecret', { secret_id: secretId }, serverId);
}

/**
 * An agent server: stores a git provider's token as the secret its clone helper reads, keeping
 * the description it had (or saying what it is for). The token is a plain argument, never a
 * query's or a mutation's.
 */
export async function saveAgentToken(
  provider: CloneProvider,
  token: string,
  description: string,
  serverId?: string,
): Promise<void> {
  await callApi(
    'agent.saveSecret',
    { name: tokenSecretName(provider), value: token, description },
    serverId,
  );
}

/** An agent server: forgets a git provider's token (a missing one is already forgotten). */
export async function forgetAgentToken(provider: CloneProvider, serverId?: string): Promise<void> {
  try {
    await callApi('agent.deleteSecret', { name: tokenSecretName(provider) }, serverId);
  } catch (error) {
    if (toApiError(error).kind !== 'not-found') throw error;
  }
}

// --- Hosted service ----------------------------------------------------------------------------

export interface HostedAnswer {
  /** The hosted service: tokens come from its login, organisations exist. */
  hosted: boolean;
  /** False while Handoff is still asking. */
  settled: boolean;
}

/**
 * Whether the server is the hosted service: what the last connection test found, else the web
 * client's configuration (keyless, on every 1.2+ app server), else the address.
 */
export function useHostedService(settings: Settings): HostedAnswer {
  const serverUrl = settings.serverUrl;
  const testedMode = settings.serverInfo?.mode ?? null;
  // An agent server on its own has no web client to ask.
  const agent = settings.serverInfo?.kind === 'agent';
  const serverId = useServerScope();
  const config = useQuery({
    queryKey: apiKey('v1.getWebClientConfig', {}, serverId),
    queryFn: () => callApi('v1.getWebClientConfig', {}, serverId),
    enabled: Boolean(serverUrl) && testedMode === null && !agent,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!serverUrl || agent) return { hosted: false, settled: true };
  if (testedMode !== null) return { hosted: testedMode === 'saas', settled: true };
  if (config.data) return { hosted: config.data.app_mode === 'saas', settled: true };
  if (config.isError) return { hosted: isHostedServiceUrl(serverUrl), settled: true };
  return { hosted: false, settled: false };
}

export interface OrganizationList {
  items: Organization[];
  /** Where requests act without `X-Org-Id`. */
  currentOrgId: string | null;
  complete: boolean;
}

/** Hosted service: the organisations the key's user belongs to, every page. */
export function useOrganizations({ enabled }: { enabled: boolean }) {
  const serverId = useServerScope();
  return useQuery<OrganizationList, ApiError>({
    queryKey: [...organizationsKey, scopeKey(serverId)],
    queryFn: async () => {
      const items: Organization[] = [];
      let currentOrgId: string | null = null;
      let pageId: string | null | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await callApi(
          'v1.listOrganizations',
          { limit: 100, ...(pageId ? { page_id: pageId } : {}) },
          serverId,
        );
        items.push(...answer.items);
        currentOrgId ??= answer.current_org_id ?? null;
        pageId = answer.next_page_id;
        if (!pageId) return { items, currentOrgId, complete: true };
      }
      return { items, currentOrgId, complete: false };
    },
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
