// The server's own settings (as opposed to Handoff's): one query, one key, so every view that
// reads them shares the answer and a save in one view refreshes the others. Which routes serve
// them (1.7+ or legacy) is decided here once per server, from the first read (./server-settings.ts),
// and the writes below follow that decision: views never pick routes themselves.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiError } from '@/lib/api/errors';
import { isHostedServiceUrl } from '@/lib/api/url';
import type { POSTProviderModel } from '@/lib/api/v0/requests';
import type { Organization } from '@/lib/api/v1/models';
import type { McpServerRequest } from '@/lib/api/v1/requests';
import { callApi } from '@/lib/messaging/worker-client';
import type { Settings } from '@/lib/settings/schema';
import {
  fromV0Settings,
  fromV1Settings,
  type ProviderHosts,
  providerTokensOf,
  readByGeneration,
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

/** A read on the server's generation of routes, remembering the generation it found. */
async function readOnGeneration<T>(
  queryClient: QueryClient,
  read: { v1: () => Promise<T>; v0: () => Promise<T> },
): Promise<T> {
  const known = queryClient.getQueryData<SettingsGeneration>(generationKey) ?? null;
  const { generation, value } = await readByGeneration(known, read);
  if (generation !== known) queryClient.setQueryData(generationKey, generation);
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
  return useQuery<ServerSettings, ApiError>({
    queryKey: serverSettingsKey,
    queryFn: () =>
      readOnGeneration(queryClient, {
        v1: async () => fromV1Settings(await callApi('v1.getSettings', {})),
        v0: async () => fromV0Settings(await callApi('v0.getSettings', {})),
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
async function allV1Secrets(): Promise<SecretList> {
  const items: SecretList['items'] = [];
  let pageId: string | null | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await callApi('v1.searchSecrets', {
      limit: 100,
      ...(pageId ? { page_id: pageId } : {}),
    });
    items.push(...answer.items);
    pageId = answer.next_page_id;
    if (!pageId) return { generation: 'v1', items, complete: true };
  }
  return { generation: 'v1', items, complete: false };
}

/** The server's custom secrets: names and descriptions, never values. */
export function useServerSecrets({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery<SecretList, ApiError>({
    queryKey: serverSecretsKey,
    queryFn: () =>
      readOnGeneration(queryClient, {
        v1: allV1Secrets,
        v0: async () => ({
          generation: 'v0' as const,
          items: (await callApi('v0.listSecrets', {})).custom_secrets,
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
 * along on legacy servers only: the 1.7+ route takes tokens alone.
 */
export function sendProviderTokens(generation: SettingsGeneration, body: POSTProviderModel) {
  return generation === 'v1'
    ? callApi('v1.setGitProviders', { provider_tokens: body.provider_tokens })
    : callApi('v0.addGitProviders', body);
}

/** Forgets every stored provider token. */
export function clearProviderTokens(generation: SettingsGeneration) {
  return generation === 'v1'
    ? callApi('v1.clearGitProviders', {})
    : callApi('v0.unsetProviderTokens', {});
}

/** 1.7+: replaces the server's whole map of default MCP servers. */
export function saveMcpServers(servers: Record<string, McpServerRequest>) {
  return callApi('v1.saveSettings', { agent_settings_diff: { mcp_config: servers } });
}

/**
 * Sends a new secret (on 1.7+, also replaces the value of one of that name; a description left
 * out keeps the one it had). The value is a plain argument, never a query's or mutation's.
 */
export function createSecret(
  generation: SettingsGeneration,
  secret: { name: string; value: string; description?: string | null },
) {
  return generation === 'v1'
    ? callApi('v1.createSecret', secret)
    : callApi('v0.createSecret', secret);
}

export function updateSecret(
  generation: SettingsGeneration,
  secretId: string,
  change: { name: string; description: string | null },
) {
  return generation === 'v1'
    ? callApi('v1.updateSecret', { secret_id: secretId, ...change })
    : callApi('v0.updateSecret', { secret_id: secretId, ...change });
}

export function deleteSecret(generation: SettingsGeneration, secretId: string) {
  return generation === 'v1'
    ? callApi('v1.deleteSecret', { secret_id: secretId })
    : callApi('v0.deleteSecret', { secret_id: secretId });
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
  const config = useQuery({
    queryKey: apiKey('v1.getWebClientConfig', {}),
    queryFn: () => callApi('v1.getWebClientConfig', {}),
    enabled: Boolean(serverUrl) && testedMode === null,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!serverUrl) return { hosted: false, settled: true };
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
  return useQuery<OrganizationList, ApiError>({
    queryKey: organizationsKey,
    queryFn: async () => {
      const items: Organization[] = [];
      let currentOrgId: string | null = null;
      let pageId: string | null | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await callApi('v1.listOrganizations', {
          limit: 100,
          ...(pageId ? { page_id: pageId } : {}),
        });
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
