// Changing settings, from extension pages (the options page, the side panel's setup). Pages may
// hold the key; content scripts never can (it lives in extension-origin IndexedDB). The worker
// does not write settings: it reads them and reacts to every change (lib/background/main.ts),
// which keeps its bundle within budget and gives one path for every change.
import { detectServer, type ServerDetection } from '@/lib/api/detect';
import type { AuthScheme } from '@/lib/api/transport';
import { normaliseHostOrigin, normaliseServerUrl, originPattern } from './addresses';
import type { SelfHostedHost, Settings } from './schema';
import { bindApiKey, readApiKeyFor, readStoredKey, serverOrigin, writeApiKey } from './secrets';
import { FIRST_SERVER_ID, sameServerAddress, scopeSettings, serverName } from './servers';
import { loadSettings, saveSettings } from './store';

export class SettingsError extends Error {
  constructor(
    readonly field: 'serverUrl' | 'apiKey' | 'origin' | 'name' | 'rule',
    message: string,
  ) {
    super(message);
  }
}

export interface CredentialsView {
  settings: Settings;
  apiKeySet: boolean;
  /** The key's last characters, so people can tell which one is stored. */
  apiKeyHint: string | null;
  /** The server origin the key was saved for; null when it was saved for none. */
  apiKeyOrigin: string | null;
  /** Whether the key goes to the saved server: false when it was saved for another one. */
  apiKeyInUse: boolean;
}

function hint(key: string | null): string | null {
  return key ? `…${key.slice(-4)}` : null;
}

/**
 * What the options page shows of a server's address and key: the default server's, or the one
 * `serverId` names (its fields then at the top of `settings`, ./servers.ts).
 */
export async function readCredentialsView(serverId?: string): Promise<CredentialsView> {
  const all = await loadSettings();
  const id = serverId ?? all.defaultServerId ?? FIRST_SERVER_ID;
  const settings = scopeSettings(all, id) ?? all;
  const stored = await readStoredKey(id);
  const origin = serverOrigin(settings.serverUrl);
  return {
    settings,
    apiKeySet: stored !== null,
    apiKeyHint: hint(stored?.key ?? null),
    apiKeyOrigin: stored?.origin ?? null,
    apiKeyInUse: stored !== null && origin !== null && stored.origin === origin,
  };
}

/** Checks and normalises a server address, or throws a SettingsError that says what to fix. */
export function checkServerUrl(input: string): string {
  const result = normaliseServerUrl(input);
  if (!result.ok) throw new SettingsError('serverUrl', result.error);
  return result.value;
}

/** The permission pattern for an address: request it inside the click, before any await. */
export function permissionFor(address: string): string {
  return originPattern(address);
}

/**
 * Saves the server address and, when given, the key (`null` clears it), stored for this
 * server's origin. A key saved for another server stays with it unless `useStoredKey` says the
 * person confirmed it may go to this one too. Bumps `credentialsChangedAt` so the worker, which
 * cannot see IndexedDB writes, rebuilds its connections with the new key.
 */
export async function saveServer(input: {
  serverUrl: string;
  apiKey?: string | null;
  useStoredKey?: boolean;
  /** The server to change; the default one when left out. */
  serverId?: string;
  /** How its key is sent, when known (a sign-in gives a Bearer token). */
  authScheme?: AuthScheme;
}): Promise<CredentialsView> {
  const serverUrl = checkServerUrl(input.serverUrl);
  const all = await loadSettings();
  const id = input.serverId ?? all.defaultServerId ?? FIRST_SERVER_ID;
  const clash = all.servers.find(
    (server) => server.id !== id && sameServerAddress(server.serverUrl, serverUrl),
  );
  if (clash) {
    throw new SettingsError(
      'serverUrl',
      `Your server “${serverName(clash)}” already has this address. Use that one, or enter another address.`,
    );
  }
  if (input.apiKey !== undefined) {
    const key = input.apiKey?.trim() ?? '';
    if (/\s/.test(key)) throw new SettingsError('apiKey', 'The key cannot contain spaces.');
    await writeApiKey(key || null, serverUrl, id);
  } else if (input.useStoredKey) {
    await bindApiKey(serverUrl, id);
  }
  const previous = scopeSettings(all, id);
  await saveSettings(
    {
      serverUrl,
      // What was found or picked on another server (its kind, its organisation) says nothing here.
      ...(previous?.serverUrl !== serverUrl ? { serverInfo: null, organizationId: null } : {}),
      ...(input.authScheme ? { authScheme: input.authScheme } : {}),
      credentialsChangedAt: Date.now(),
    },
    id,
  );
  return readCredentialsView(id);
}

/**
 * "Test connection": probes the address (the saved one by default) with the key (by default the
 * stored one, and only when it was saved for this address's origin, or `useStoredKey` says the
 * person confirmed it may go there) and remembers what the saved server serves and which header
 * worked.
 * `authScheme` says which header to try first (by default: Bearer for the hosted service's
 * address, X-Session-API-Key otherwise).
 */
export async function testConnection(input?: {
  serverUrl?: string;
  apiKey?: string | null;
  useStoredKey?: boolean;
  authScheme?: AuthScheme;
  /** The server tested; the default one when left out. */
  serverId?: string;
}): Promise<ServerDetection> {
  const all = await loadSettings();
  const id = input?.serverId ?? all.defaultServerId ?? FIRST_SERVER_ID;
  const settings = scopeSettings(all, id) ?? { ...all, serverUrl: null };
  const serverUrl = checkServerUrl(input?.serverUrl ?? settings.serverUrl ?? '');
  const apiKey =
    input?.apiKey !== undefined
      ? input.apiKey
      : input?.useStoredKey
        ? ((await readStoredKey(id))?.key ?? null)
        : await readApiKeyFor(serverUrl, id);
  const result = await detectServer({
    baseUrl: serverUrl,
    apiKey,
    ...(input?.authScheme ? { authScheme: input.authScheme } : {}),
  });
  if (serverUrl === settings.serverUrl && result.reachable) {
    await saveSettings(
      {
        ...(result.authScheme ? { authScheme: result.authScheme } : {}),
        serverInfo: {
          v0: result.v0,
          v1: result.v1,
          mode: result.mode,
          kind: result.kind,
          version: result.version,
          checkedAt: new Date().toISOString(),
        },
      },
      id,
    );
  }
  return result;
}

/** Checks a self-hosted address, or throws a SettingsError that says what to fix. */
export function checkHostOrigin(input: string): string {
  const result = normaliseHostOrigin(input);
  if (!result.ok) throw new SettingsError('origin', result.error);
  return result.value;
}

/** Records a self-hosted code host; the worker registers its content script and fills open tabs. */
export async function addSelfHostedHost(host: SelfHostedHost): Promise<SelfHostedHost[]> {
  const origin = checkHostOrigin(host.origin);
  const settings = await loadSettings();
  const others = settings.selfHostedHosts.filter((known) => known.origin !== origin);
  return (await saveSettings({ selfHostedHosts: [...others, { origin, provider: host.provider }] }))
    .selfHostedHosts;
}

export async function removeSelfHostedHost(origin: string): Promise<SelfHostedHost[]> {
  const settings = await loadSettings();
  return (
    await saveSettings({
      selfHostedHosts: settings.selfHostedHosts.filter((host) => host.origin !== origin),
    })
  ).selfHostedHosts;
}
