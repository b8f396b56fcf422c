// The server's own settings in one shape, whichever interface serves them. Servers from
// OpenHands 1.7 on (and the hosted service) keep settings, provider tokens and secrets under
// `/api/v1` only; older ones under the V0 routes; an agent server reached directly keeps them on
// its own `/api/settings…` routes (docs/contract/server-generations.md). An agent server is known
// from the connection test, never guessed; between the other two the first read decides, and
// every view then reads and writes through the same routes. Nothing here talks to the worker:
// ./use-server-settings.ts does, with these.
import { cloneProviders, tokenSecretName } from '@/lib/api/agent-direct/clone';
import type { ServerKind } from '@/lib/api/detect';
import type { AgentMcpServerPatch } from '@/lib/api/endpoints/agent-settings';
import type { AgentServerSettings } from '@/lib/api/endpoints/agent-settings-responses';
import { ApiError } from '@/lib/api/errors';
import type { Settings as V0Settings } from '@/lib/api/v0/models';
import {
  type AppSettings,
  appSettingsConfirmationMode,
  appSettingsModel,
  type McpServer,
  type SecretInfo,
} from '@/lib/api/v1/models';
import type { McpServerRequest } from '@/lib/api/v1/requests';

/** `v1`: the 1.7+ routes; `v0`: a legacy server's; `agent`: an agent server's own. */
export type SettingsGeneration = 'v1' | 'v0' | 'agent';

/**
 * The generation the connection test settled: an agent server's routes share paths with a legacy
 * server's (`GET /api/settings` answers on both, in different shapes), so that kind is never
 * found by trying. Null: the first read decides between the app servers' routes.
 */
export function knownSettingsGeneration(
  kind: ServerKind | null | undefined,
): SettingsGeneration | null {
  return kind === 'agent' ? 'agent' : null;
}

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
    mcpServers: generation === 'v0' ? null : {},
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

/**
 * The providers whose clone secret (lib/api/agent-direct/clone.ts) is among `names`: on an agent
 * server those secrets are its provider tokens, always for the provider's public host.
 */
export function providerTokensFromSecrets(names: readonly string[]): ProviderHosts {
  const hosts: ProviderHosts = {};
  for (const provider of cloneProviders) {
    if (names.includes(tokenSecretName(provider))) hosts[provider] = null;
  }
  return hosts;
}

/**
 * An agent server's `GET /api/settings` in the common shape. It always answers (defaults before
 * anything is saved), so its settings count as stored. Its provider tokens are secrets, listed
 * apart: `secretNames` null when that list could not be read.
 */
export function fromAgentServerSettings(
  settings: AgentServerSettings,
  secretNames: readonly string[] | null,
): ServerSettings {
  return {
    generation: 'agent',
    stored: true,
    providerTokens: providerTokensFromSecrets(secretNames ?? []),
    mcpServers: { ...(settings.agent_settings.mcp_config ?? {}) },
    model: blankModel(settings.agent_settings.llm?.model),
    llmKeySet: settings.llm_api_key_is_set === true,
    confirmationMode: settings.conversation_settings?.confirmation_mode === true,
  };
}

/**
 * One change to an agent server's MCP servers (components/options/mcp-form.ts finds them from
 * what was read and what the form holds).
 */
export type AgentMcpChange =
  | { kind: 'delete'; name: string }
  | { kind: 'create'; name: string; server: McpServerRequest }
  | { kind: 'update'; name: string; patch: AgentMcpServerPatch };

/**
 * A legacy-settings answer that is an agent server's (its `agent_settings` and
 * `llm_api_key_is_set`, none of a legacy server's flat fields): the server was not tested since
 * it changed. Read as legacy settings it would show nothing true, so it is refused in words.
 */
export function refuseAgentServerShape<T>(settings: T): T {
  if (
    typeof settings === 'object' &&
    settings !== null &&
    'agent_settings' in settings &&
    'llm_api_key_is_set' in settings &&
    !('llm_model' in settings)
  ) {
    throw new ApiError(
      'bad-response',
      'This server’s settings are an agent server’s, not what Handoff found at this address before. Test the connection under Server, so Handoff reads them the way this kind of server keeps them.',
      { endpoint: 'v0.getSettings' },
    );
  }
  return settings;
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
  read: { v1: () => Promise<T>; v0: () => Promise<T>; agent: () => Promise<T> },
): Promise<{ generation: SettingsGeneration; value: T }> {
  if (known === 'agent') return { generation: 'agent', value: await read.agent() };
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

/** An agent server's `SECRET_NAME_PATTERN` is stricter: a letter first, 64 characters at most. */
export const AGENT_SECRET_NAME_MAX = 64;

export type SecretNameProblem = 'empty' | 'spaces' | 'first' | 'characters' | 'long' | 'taken';

/**
 * What is wrong with a secret name before it is sent, or null. `others` are the names already
 * listed (a rename's own current name left out); `generation` the server's, whose rules apply.
 */
export function secretNameProblem(
  name: string,
  others: readonly string[],
  generation: SettingsGeneration = 'v1',
): SecretNameProblem | null {
  if (!name) return 'empty';
  if (/\s/.test(name)) return 'spaces';
  if (!(generation === 'agent' ? /^[A-Za-z]/ : /^[A-Za-z_]/).test(name)) return 'first';
  if (!secretNamePattern.test(name)) return 'characters';
  if (generation === 'agent' && name.length > AGENT_SECRET_NAME_MAX) return 'long';
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
