// The panel's view of the person's servers: their names for lists and forms, which server a start
// from a page goes to (the person's rules, lib/servers/rules.ts), and what to say of a server whose
// conversations could not be read. Words only; the servers themselves live in the settings.
import type { MessageKey } from '@/lib/i18n';
import { pickServer } from '@/lib/servers/rules';
import type { Settings } from '@/lib/settings/schema';
import { serverById, serverName } from '@/lib/settings/servers';

export interface PanelServer {
  id: string;
  /** The person's name for it, or its address. */
  name: string;
}

/** Every server, in the person's order, by the name they gave it. */
export function panelServers(settings: Settings): PanelServer[] {
  return settings.servers.map((server) => ({ id: server.id, name: serverName(server) }));
}

/** More than one server: conversations and starts say which one they are on. */
export function hasSeveralServers(settings: Settings | null): boolean {
  return (settings?.servers.length ?? 0) > 1;
}

/** A server's name, or null when no server has that id (removed from Handoff). */
export function serverNameOf(settings: Settings, serverId: string | undefined): string | null {
  const server = serverById(settings, serverId);
  return server ? serverName(server) : null;
}

/** Which server a start goes to, and why, in the terms the form words it. */
export interface StartServer {
  /** Null only when there is no server at all. */
  serverId: string | null;
  /** `rule`: the person's rule for `pattern`; `default`: no rule matched. */
  why: 'rule' | 'default' | 'conflict';
  pattern: string | null;
  /** `conflict`: the names of the servers the equally precise rules named, in their order. */
  conflicting: string[];
}

/** Where a page is, for the rules: its code host and repository. */
export interface StartPlace {
  host: string;
  repository: string;
}

/**
 * The server a start from `place` goes to by the person's rules; without a page, the default
 * server.
 */
export function startServerOf(settings: Settings, place: StartPlace | null): StartServer {
  if (!place) {
    const fallback = serverById(settings, settings.defaultServerId) ?? settings.servers[0];
    return { serverId: fallback?.id ?? null, why: 'default', pattern: null, conflicting: [] };
  }
  const pick = pickServer(settings, { host: place.host, repository: place.repository });
  const serverId = pick.server?.id ?? null;
  if (pick.conflict.length) {
    const names = [
      ...new Set(
        pick.conflict.map((rule) => serverNameOf(settings, rule.serverId) ?? rule.serverId),
      ),
    ];
    return {
      serverId,
      why: 'conflict',
      pattern: pick.conflict[0]?.pattern ?? null,
      conflicting: names,
    };
  }
  return pick.rule
    ? { serverId, why: 'rule', pattern: pick.rule.pattern, conflicting: [] }
    : { serverId, why: 'default', pattern: null, conflicting: [] };
}

/**
 * What a person can do about a server whose list could not be read, by how it failed (an
 * ApiError's kind, as the panel's read or the worker's index met it).
 */
export function downServerStep(kind: string): MessageKey {
  if (kind === 'unauthorized' || kind === 'forbidden') return 'panel.servers.stepKey';
  if (kind === 'network' || kind === 'timeout' || kind === 'server' || kind === 'rate-limited') {
    return 'panel.servers.stepRunning';
  }
  return 'panel.servers.stepAddress';
}
