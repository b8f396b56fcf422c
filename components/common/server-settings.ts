// The server's own settings in one shape, whichever interface serves them. Servers from
// OpenHands 1.7 on (and the hosted service) keep settings, provider tokens and secrets under
// `/api/v1` only; older ones under the V0 routes (docs/contract/server-generations.md). Which one
// a server has is learnt once, from the first read, and every view then reads and writes through
// the same routes. Nothing here talks to the worker: ./use-server-settings.ts does, with these.
import { ApiError } from '@/lib/api/errors';
import type { Settings as V0Settings } from '@/lib/api/v0/models';
import {
  type AppSettings,
  appSettingsConfirmationMode,
  appSettingsModel,
  type McpServer,
  type SecretInfo,
} from '@/lib/api/v1/models';

/** `v1`: the 1.7+ routes; `v0`: a legacy server's. */
export type SettingsGeneration = 'v1' | 'v0';

/** Provider → the host its token is for (null: the provider's public host). */
export type ProviderHosts = Record<string, string | null>;

export interface ServerSettings {
  /** Which routes serve these settings (and take changes to them). */
  generation: SettingsGeneration;
  /**
   * False on a fresh install: the server has stored nothing yet and cannot say which provider
   * tokens it holds, so the values below are defaults, not answers.
   */
  stored: boolean;
  providerTokens: ProviderHosts;
  /**
   * The default MCP servers kept on the server (`agent_settings.mcp_config`; secret values come
   * back masked). Null where the server keeps none for Handoff: on legacy servers Handoff keeps
   * its own list and sends it with each conversation.
   */
  mcpServers: Record<string, McpServer> | null;
  /** The LLM new conversations use; null when none is configured. */
  model: string | null;
  llmKeySet: boolean;
  confirmationMode: boolean;
}

function hostsOf(set: Record<string, string | null | undefined> | null | undefined): ProviderHosts {
  const hosts: ProviderHosts = {};
  for (const [provider, host] of Object.entries(set ?? {})) hosts[provider] = host || null;
  return hosts;
}

function blankModel(model: string | null | undefined): string | null {
  return model?.trim() ? model : null;
}

/** What a fresh install (no settings stored yet) stands for. */
export function freshServerSettings(generation: SettingsGeneration): ServerSettings {
  return {
    generation,
    stored: false,
    providerTokens: {},
    mcpServers: generation === 'v1' ? {} : null,
    model: null,
    llmKeySet: false,
    confirmationMode: false,
  };
}

/** `GET /api/v1/settings` (null on a fresh install) in the common shape. */
export function fromV1Settings(settings: AppSettings | null): ServerSettings {
  if (!settings) return freshServerSettings('v1');
  return {
    generation: 'v1',
    stored: true,
    providerTokens: hostsOf(settings.provider_tokens_set),
    mcpServers: { ...(settings.agent_settings?.mcp_config ?? {}) },
    model: blankModel(appSettingsModel(settings)),
    llmKeySet: settings.llm_api_key_set === true,
    confirmationMode: appSettingsConfirmationMode(settings),
  };
}

/** `GET /api/settings` of a legacy server (null on a fresh install) in the common shape. */
export function fromV0Settings(settings: V0Settings | null): ServerSettings {
  if (!settings) return freshServerSettings('v0');
  return {
    generation: 'v0',
    stored: true,
    providerTokens: hostsOf(settings.provider_tokens_set),
    mcpServers: null,
    model: blankModel(settings.llm_model),
    llmKeySet: settings.llm_api_key_set === true,
    confirmationMode: settings.confirmation_mode === true,
  };
}

/** Which git providers the server holds a token for, with the host each token is for. */
export function providerTokensOf(settings: ServerSettings | null | undefined): ProviderHosts {
  return settings?.providerTokens ?? {};
}

/**
 * A route the server lacks: 404 Not Found, 405, or the web app's page where JSON was expected.
 * Only reads use this to tell a legacy server; a missing resource names itself and is not one.
 */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof ApiError && error.isMissingRoute();
}

/**
 * Runs a read on the routes of the server's generation. Unknown yet: the V1 route first, and
 * the V0 one only when the server lacks it. Once known, only that generation's route is asked;
 * a server that lacks both keeps the V1 answer's error, which says what answered instead.
 */
export async function readByGeneration<T>(
  known: SettingsGeneration | null,
  read: { v1: () => Promise<T>; v0: () => Promise<T> },
): Promise<{ generation: SettingsGeneration; value: T }> {
  if (known === 'v0') return { generation: 'v0', value: await read.v0() };
  try {
    return { generation: 'v1', value: await read.v1() };
  } catch (error) {
    if (known === 'v1' || !isMissingRoute(error)) throw error;
    try {
      return { generation: 'v0', value: await read.v0() };
    } catch (legacyError) {
      throw isMissingRoute(legacyError) ? error : legacyError;
    }
  }
}

// --- Custom secrets --------------------------------------------------------------------------

export interface SecretList {
  generation: SettingsGeneration;
  /** Names and descriptions, sorted by name; values are never read. */
  items: SecretInfo[];
  /** False when the server had more pages than Handoff reads: the list is cut short. */
  complete: boolean;
}

/** Upstream's `validate_env_var_name`: a secret becomes an environment variable in the sandbox. */
export const secretNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type SecretNameProblem = 'empty' | 'spaces' | 'first' | 'characters' | 'taken';

/**
 * What is wrong with a secret name before it is sent, or null. `others` are the names already
 * listed (a rename's own current name left out).
 */
export function secretNameProblem(
  name: string,
  others: readonly string[],
): SecretNameProblem | null {
  if (!name) return 'empty';
  if (/\s/.test(name)) return 'spaces';
  if (!/^[A-Za-z_]/.test(name)) return 'first';
  if (!secretNamePattern.test(name)) return 'characters';
  if (others.includes(name)) return 'taken';
  return null;
}

// --- Hosted service --------------------------------------------------------------------------

/**
 * The page of the server's own web app where a setting lives: `integrations` (git providers),
 * `secrets`, `mcp`, or the LLM settings at `/settings` itself.
 */
export function webAppSettingsUrl(
  serverUrl: string,
  page: 'llm' | 'integrations' | 'secrets' | 'mcp',
): string {
  const base = serverUrl.replace(/\/+$/, '');
  return page === 'llm' ? `${base}/settings` : `${base}/settings/${page}`;
}
