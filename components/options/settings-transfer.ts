// Export and import of settings. The file never carries secrets: the API keys live in
// IndexedDB and are not part of Settings, git provider tokens are never kept at all, and MCP
// servers' keys are left out. An import is checked whole before anything is written, so a bad
// file changes nothing.
//
// Two versions: 1 holds one server's address (what a single-server Handoff writes and reads); 2
// holds every server with its name, and the rules. A Handoff with one unnamed server and no rules
// still writes version 1, which an older Handoff reads too.
import { withoutSecrets } from '@/components/common/without-secrets';
import { MCPConfigRequestSchema } from '@/lib/api/v0/mcp';
import { t } from '@/lib/i18n/options';
import { newServerId } from '@/lib/servers/registry';
import { normaliseRulePattern } from '@/lib/servers/rules';
import { normaliseHostOrigin, normaliseServerUrl } from '@/lib/settings/addresses';
import {
  type ServerEntry,
  ServerEntrySchema,
  type ServerRule,
  type Settings,
  SettingsSchema,
} from '@/lib/settings/schema';
import { sameServerAddress, serverById, serverName } from '@/lib/settings/servers';
import { checkCloneFolder } from './clone-folder-form';

export const SETTINGS_FILE_FORMAT = 'handoff-settings';
/** One server's address at the top. */
export const SETTINGS_FILE_VERSION = 1;
/** Every server, by name, and the rules. */
export const SERVERS_FILE_VERSION = 2;

/**
 * What a file carries: preferences, not bookkeeping (`credentialsChangedAt`, `serverInfo`), nor
 * the hosted organisation (it belongs to the account's key, which the file never carries).
 */
export const exportedKeys = [
  'serverUrl',
  'authScheme',
  'apiPreference',
  'selfHostedHosts',
  'notifications',
  'quietMinutes',
  'defaultInstructions',
  'clickBehaviour',
  'defaultMcpConfig',
  'cloneFolders',
] as const satisfies readonly (keyof Settings)[];
type ExportedKey = (typeof exportedKeys)[number];

/** The server fields a version 1 file has at the top; version 2 has them per server. */
const topLevelServerKeys = ['serverUrl', 'authScheme', 'apiPreference'] as const;
/** What version 2 carries beside the servers: everything but the one server's fields. */
const preferenceKeys = exportedKeys.filter(
  (key) => !(topLevelServerKeys as readonly string[]).includes(key),
);
/** What a version 2 file says of each server: never its key, kind or organisation. */
const serverKeys = ['id', 'name', 'serverUrl', 'authScheme', 'apiPreference'] as const;
export type ImportedServer = Pick<ServerEntry, (typeof serverKeys)[number]>;

export type ImportedSettings = Partial<Pick<Settings, ExportedKey>> & {
  /** Version 2: every server of the file, the default one and the rules. */
  servers?: ImportedServer[];
  defaultServerId?: string | null;
  serverRules?: ServerRule[];
};

/** Whether a version 1 file would lose something: a second server, a name, a rule. */
function needsServerList(settings: Settings): boolean {
  return (
    settings.servers.length > 1 ||
    settings.serverRules.length > 0 ||
    settings.servers.some((server) => server.name.trim() !== '')
  );
}

export function exportSettings(settings: Settings, now: Date = new Date()): string {
  const picked: Record<string, unknown> = {};
  const several = needsServerList(settings);
  for (const key of several ? preferenceKeys : exportedKeys) {
    picked[key] = withoutSecrets(settings[key]);
  }
  if (several) {
    picked.servers = settings.servers.map((server) =>
      Object.fromEntries(serverKeys.map((key) => [key, server[key]])),
    );
    picked.defaultServerId = settings.defaultServerId;
    picked.serverRules = settings.serverRules;
  }
  return `${JSON.stringify(
    {
      format: SETTINGS_FILE_FORMAT,
      version: several ? SERVERS_FILE_VERSION : SETTINGS_FILE_VERSION,
      exportedAt: now.toISOString(),
      settings: picked,
    },
    null,
    2,
  )}\n`;
}

/** `handoff-settings-2026-01-31.json`. */
export function exportFileName(now: Date = new Date()): string {
  return `handoff-settings-${now.toISOString().slice(0, 10)}.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type ImportResult = { ok: true; settings: ImportedSettings } | { ok: false; error: string };

/**
 * Reads a settings file. Fields it does not have keep their current values; a field it has
 * must be valid, and any field Handoff does not know (a key, a token) refuses the whole file.
 */
export function parseSettingsFile(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: t('options.transfer.notJson', { reason: (error as Error).message }),
    };
  }
  if (!isRecord(data) || data.format !== SETTINGS_FILE_FORMAT) {
    return { ok: false, error: t('options.transfer.notOurs') };
  }
  if (data.version !== SETTINGS_FILE_VERSION && data.version !== SERVERS_FILE_VERSION) {
    return { ok: false, error: t('options.transfer.version', { version: String(data.version) }) };
  }
  const withServers = data.version === SERVERS_FILE_VERSION;
  const raw = data.settings;
  if (!isRecord(raw)) return { ok: false, error: t('options.transfer.noSettings') };
  const known: readonly string[] = withServers
    ? [...preferenceKeys, 'servers', 'defaultServerId', 'serverRules']
    : exportedKeys;
  const unknown = Object.keys(raw).filter((key) => !known.includes(key));
  if (unknown.length) {
    return {
      ok: false,
      error: t('options.transfer.unknownFields', { fields: unknown.join(', ') }),
    };
  }
  const { servers: rawServers, defaultServerId, serverRules, ...rest } = raw;
  const parsed = SettingsSchema.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: t('options.transfer.invalidField', {
        field: issue?.path.map(String).join('.') || 'settings',
        reason: issue?.message ?? '',
      }),
    };
  }
  const settings: Record<string, unknown> = {};
  for (const key of exportedKeys) if (key in raw) settings[key] = parsed.data[key];
  const picked = settings as ImportedSettings;
  if (withServers) {
    const servers = parseServers(rawServers, defaultServerId, serverRules);
    if (!servers.ok) return servers;
    Object.assign(picked, servers.value);
  }

  if (typeof picked.serverUrl === 'string') {
    const result = normaliseServerUrl(picked.serverUrl);
    if (!result.ok) {
      return {
        ok: false,
        error: t('options.transfer.invalidField', { field: 'serverUrl', reason: result.error }),
      };
    }
    picked.serverUrl = result.value;
  }
  if (picked.selfHostedHosts) {
    const hosts: Settings['selfHostedHosts'] = [];
    for (const [index, host] of picked.selfHostedHosts.entries()) {
      const result = normaliseHostOrigin(host.origin);
      if (!result.ok) {
        return {
          ok: false,
          error: t('options.transfer.invalidField', {
            field: `selfHostedHosts.${index}.origin`,
            reason: result.error,
          }),
        };
      }
      if (!hosts.some((known) => known.origin === result.value)) {
        hosts.push({ origin: result.value, provider: host.provider });
      }
    }
    picked.selfHostedHosts = hosts;
  }
  if (picked.defaultMcpConfig !== undefined && picked.defaultMcpConfig !== null) {
    const mcp = MCPConfigRequestSchema.safeParse(picked.defaultMcpConfig);
    if (!mcp.success) {
      const issue = mcp.error.issues[0];
      return {
        ok: false,
        error: t('options.transfer.invalidField', {
          field: ['defaultMcpConfig', ...(issue?.path ?? []).map(String)].join('.'),
          reason: issue?.message ?? '',
        }),
      };
    }
    picked.defaultMcpConfig = mcp.data;
  }
  if ('cloneFolders' in raw) {
    // Checked as typed in the file: the schema turns what is not text into the default.
    const folders = raw.cloneFolders;
    if (!isRecord(folders)) {
      return {
        ok: false,
        error: t('options.transfer.invalidField', {
          field: 'cloneFolders',
          reason: t('options.transfer.cloneFoldersShape'),
        }),
      };
    }
    const checked: Record<string, string> = {};
    for (const [origin, folder] of Object.entries(folders)) {
      const server = normaliseServerUrl(origin);
      const result =
        typeof folder !== 'string'
          ? { ok: false as const, error: t('options.transfer.cloneFoldersShape') }
          : !server.ok || new URL(server.value).origin !== origin
            ? { ok: false as const, error: t('options.transfer.cloneFoldersOrigin') }
            : checkCloneFolder(folder);
      if (!result.ok) {
        return {
          ok: false,
          error: t('options.transfer.invalidField', {
            field: `cloneFolders.${origin}`,
            reason: result.error,
          }),
        };
      }
      if (result.value) checked[origin] = result.value;
    }
    picked.cloneFolders = checked;
  }
  return { ok: true, settings: picked };
}

const invalid = (field: string, reason: string) =>
  ({ ok: false, error: t('options.transfer.invalidField', { field, reason }) }) as const;

type ServersPart = Required<Pick<ImportedSettings, 'servers' | 'defaultServerId' | 'serverRules'>>;

/** A version 2 file's servers, default and rules, each checked as the options page checks them. */
function parseServers(
  rawServers: unknown,
  rawDefault: unknown,
  rawRules: unknown,
): { ok: true; value: ServersPart } | { ok: false; error: string } {
  if (!Array.isArray(rawServers)) return invalid('servers', t('options.transfer.serversShape'));
  const servers: ImportedServer[] = [];
  for (const [index, entry] of rawServers.entries()) {
    const field = `servers.${index}`;
    if (!isRecord(entry)) return invalid(field, t('options.transfer.serversShape'));
    const extra = Object.keys(entry).filter(
      (key) => !(serverKeys as readonly string[]).includes(key),
    );
    if (extra.length) {
      return {
        ok: false,
        error: t('options.transfer.unknownFields', { fields: extra.join(', ') }),
      };
    }
    const parsed = ServerEntrySchema.safeParse(entry);
    if (!parsed.success) return invalid(field, t('options.transfer.serversShape'));
    const server = parsed.data;
    const address = normaliseServerUrl(server.serverUrl);
    if (!address.ok) return invalid(`${field}.serverUrl`, address.error);
    if (servers.some((known) => known.id === server.id)) {
      return invalid(`${field}.id`, t('options.transfer.serversShape'));
    }
    if (servers.some((known) => sameServerAddress(known.serverUrl, address.value))) {
      return { ok: false, error: t('options.transfer.serversTwice', { address: address.value }) };
    }
    servers.push({
      id: server.id,
      name: server.name.trim().slice(0, 80),
      serverUrl: address.value,
      authScheme: server.authScheme,
      apiPreference: server.apiPreference,
    });
  }
  const defaultServerId =
    typeof rawDefault === 'string' && servers.some((server) => server.id === rawDefault)
      ? rawDefault
      : null;
  const serverRules: ServerRule[] = [];
  for (const [index, rule] of (Array.isArray(rawRules) ? rawRules : []).entries()) {
    if (!isRecord(rule) || typeof rule.pattern !== 'string' || typeof rule.serverId !== 'string') {
      return invalid(`serverRules.${index}`, t('options.transfer.rulesShape'));
    }
    const pattern = normaliseRulePattern(rule.pattern);
    if (!pattern.ok) return invalid(`serverRules.${index}.pattern`, pattern.error);
    if (!servers.some((server) => server.id === rule.serverId)) {
      return { ok: false, error: t('options.transfer.ruleServer', { pattern: pattern.value }) };
    }
    if (serverRules.some((known) => known.pattern === pattern.value)) {
      return { ok: false, error: t('options.transfer.ruleTwice', { pattern: pattern.value }) };
    }
    serverRules.push({ pattern: pattern.value, serverId: rule.serverId });
  }
  if (rawRules !== undefined && !Array.isArray(rawRules)) {
    return invalid('serverRules', t('options.transfer.rulesShape'));
  }
  return { ok: true, value: { servers, defaultServerId, serverRules } };
}

export type ImportPlan =
  | {
      ok: true;
      /** One write: the file applies whole or not at all. */
      patch: Partial<Settings>;
      /** Servers the file adds here (without keys). */
      added: number;
      /** A version 1 file naming another address than the default server's. */
      serverChanged: boolean;
    }
  | { ok: false; error: string };

/**
 * How an imported file changes these settings. Version 1 changes the default server, as it always
 * did (its key stays bound to the address it was saved for). Version 2 adds each server it has
 * that is new here, updates the ones that are the same server (same id, same address) and
 * keeps every other: an import never removes a server or a key. A server whose address another
 * server here already has is refused, as two servers at one address are everywhere.
 */
export function planImport(current: Settings, imported: ImportedSettings): ImportPlan {
  const { servers: fileServers, defaultServerId, serverRules, ...preferences } = imported;
  if (!fileServers) {
    const serverChanged =
      preferences.serverUrl !== undefined && preferences.serverUrl !== current.serverUrl;
    return {
      ok: true,
      // The organisation and the kind were found on the previous server.
      patch: {
        ...preferences,
        ...(serverChanged ? { serverInfo: null, organizationId: null } : {}),
      },
      added: 0,
      serverChanged,
    };
  }
  let servers = [...current.servers];
  const ids = new Map<string, string>();
  let added = 0;
  for (const file of fileServers) {
    const here = servers.find((server) => sameServerAddress(server.serverUrl, file.serverUrl));
    if (here && here.id !== file.id) {
      return {
        ok: false,
        error: t('options.transfer.serverTaken', {
          file: serverName(file),
          mine: serverName(here),
          address: here.serverUrl,
        }),
      };
    }
    const named = file.name
      ? servers.find(
          (server) =>
            server.id !== here?.id && serverName(server).toLowerCase() === file.name.toLowerCase(),
        )
      : undefined;
    if (named) {
      return {
        ok: false,
        error: t('options.transfer.nameTaken', { name: file.name, address: named.serverUrl }),
      };
    }
    if (here) {
      servers = servers.map((server) =>
        server === here
          ? {
              ...server,
              name: file.name,
              authScheme: file.authScheme,
              apiPreference: file.apiPreference,
            }
          : server,
      );
      ids.set(file.id, here.id);
      continue;
    }
    // An id this browser gave another server (`default`, most often) names a different one.
    const id = serverById({ ...current, servers }, file.id)
      ? newServerId({ ...current, servers })
      : file.id;
    servers.push({
      ...file,
      id,
      credentialsChangedAt: 0,
      serverInfo: null,
      organizationId: null,
    });
    ids.set(file.id, id);
    added++;
  }
  const fileRules = (serverRules ?? []).map((rule) => ({
    pattern: rule.pattern,
    serverId: ids.get(rule.serverId) ?? rule.serverId,
  }));
  const keptRules = current.serverRules.filter(
    (rule) => !fileRules.some((known) => known.pattern === rule.pattern),
  );
  return {
    ok: true,
    patch: {
      ...preferences,
      servers,
      defaultServerId: (defaultServerId && ids.get(defaultServerId)) || current.defaultServerId,
      serverRules: [...fileRules, ...keptRules],
    },
    added,
    serverChanged: false,
  };
}
