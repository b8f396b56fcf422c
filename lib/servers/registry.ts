// Adding, naming, ordering and removing servers, from extension pages. A removed server takes its
// key, its conversation index and its rules with it; what a page must ask the browser itself
// (dropping a host permission) it does inside the person's click.
import { SettingsError, saveServer } from '@/lib/settings/editor';
import type { ServerRule, Settings } from '@/lib/settings/schema';
import { writeApiKey } from '@/lib/settings/secrets';
import { serverById, serverName } from '@/lib/settings/servers';
import { loadSettings, saveSettings } from '@/lib/settings/store';
import { indexRecord, removeRecord } from '@/lib/settings/trusted-store';
import { normaliseRulePattern } from './rules';

/** A fresh id: short, and never one a single-server Handoff used. */
export function newServerId(settings: Settings): string {
  for (;;) {
    const id = `s-${crypto.randomUUID().slice(0, 8)}`;
    if (!serverById(settings, id)) return id;
  }
}

/**
 * Adds a server with its address and, when given, its key. Refused in words when another server
 * has that address. Resolves with the new server's id.
 */
export async function addServer(input: {
  name: string;
  serverUrl: string;
  apiKey?: string | null;
}): Promise<string> {
  const settings = await loadSettings();
  // The name is checked before anything is stored, so a name taken leaves no server half added.
  checkServerName(settings, null, input.name);
  const id = newServerId(settings);
  await saveServer({ serverId: id, serverUrl: input.serverUrl, apiKey: input.apiKey ?? null });
  await renameServer(id, input.name);
  return id;
}

/** Refuses in words a name another server already goes by (`serverId`: the one being named). */
export function checkServerName(settings: Settings, serverId: string | null, name: string): void {
  const trimmed = name.trim();
  const taken = settings.servers.find(
    (server) =>
      server.id !== serverId &&
      trimmed &&
      serverName(server).toLowerCase() === trimmed.toLowerCase(),
  );
  if (taken) {
    throw new SettingsError(
      'name',
      `Another server is already called “${trimmed}”. Pick another name.`,
    );
  }
}

export async function renameServer(serverId: string, name: string): Promise<void> {
  const settings = await loadSettings();
  checkServerName(settings, serverId, name);
  const trimmed = name.trim();
  await saveSettings({
    servers: settings.servers.map((server) =>
      server.id === serverId ? { ...server, name: trimmed.slice(0, 80) } : server,
    ),
  });
}

export async function setDefaultServer(serverId: string): Promise<void> {
  await saveSettings({ defaultServerId: serverId });
}

/**
 * Removes a server: its key, its cached conversations, and the rules that named it. Its
 * conversations stay on the server itself.
 */
export async function removeServer(serverId: string): Promise<void> {
  const settings = await loadSettings();
  const server = serverById(settings, serverId);
  if (!server) return;
  await saveSettings({
    servers: settings.servers.filter((known) => known.id !== serverId),
    defaultServerId: settings.defaultServerId === serverId ? null : settings.defaultServerId,
    serverRules: settings.serverRules.filter((rule) => rule.serverId !== serverId),
  });
  await writeApiKey(null, null, serverId);
  await removeRecord(indexRecord(serverId));
}

/** Stores the rules, each pattern checked; the first one wrong is refused in words. */
export async function saveServerRules(rules: readonly ServerRule[]): Promise<ServerRule[]> {
  const settings = await loadSettings();
  const checked: ServerRule[] = [];
  for (const rule of rules) {
    const pattern = normaliseRulePattern(rule.pattern);
    if (!pattern.ok) throw new SettingsError('rule', pattern.error);
    if (!serverById(settings, rule.serverId)) {
      throw new SettingsError(
        'rule',
        `The rule for ${pattern.value} names a server that has been removed.`,
      );
    }
    if (checked.some((known) => known.pattern === pattern.value)) {
      throw new SettingsError(
        'rule',
        `Two rules are for ${pattern.value}: keep one, so starts from there have one server.`,
      );
    }
    checked.push({ pattern: pattern.value, serverId: rule.serverId });
  }
  return (await saveSettings({ serverRules: checked })).serverRules;
}
