// Several servers in one settings record. `servers` lists them; the top-level server fields are
// the default server's, derived on every read and written through on every save, so code that
// speaks to one server reads them as before and a single-server record reads as its one server,
// named `default` (its key and index keep the names they had: ./secrets.ts, trusted-store.ts).
import { checkedServerUrl } from './addresses';
import { SERVER_FIELDS, type ServerEntry, type Settings } from './schema';

/** The id a single-server Handoff's server gets when its settings are first read as a list. */
export const FIRST_SERVER_ID = 'default';

type ServerFields = Pick<Settings, (typeof SERVER_FIELDS)[number]>;

function fieldsOf(source: ServerFields): ServerFields {
  return {
    serverUrl: source.serverUrl,
    authScheme: source.authScheme,
    apiPreference: source.apiPreference,
    credentialsChangedAt: source.credentialsChangedAt,
    serverInfo: source.serverInfo,
    organizationId: source.organizationId,
  };
}

/** Two addresses of one server (a trailing slash, a default port) count as one. */
export function sameServerAddress(a: string, b: string): boolean {
  return (checkedServerUrl(a) ?? a) === (checkedServerUrl(b) ?? b);
}

/**
 * The servers of a record as data: each address checked, ids and addresses once each (a later
 * duplicate is dropped, never merged into another server), and a record from before servers were
 * listed read as one server.
 */
function serversOf(settings: Settings, serverUrl: string | null): ServerEntry[] {
  if (!settings.servers.length) {
    return serverUrl ? [{ id: FIRST_SERVER_ID, name: '', ...fieldsOf(settings), serverUrl }] : [];
  }
  const servers: ServerEntry[] = [];
  for (const server of settings.servers) {
    const url = checkedServerUrl(server.serverUrl);
    if (!url || servers.some((known) => known.id === server.id || known.serverUrl === url)) {
      continue;
    }
    servers.push({ ...server, serverUrl: url, name: server.name.trim().slice(0, 80) });
  }
  return servers;
}

/**
 * The server fields of a record without a server. How new conversations start is a choice the
 * person may make before adding one: it is kept, and the first server takes it.
 */
const noServer = (
  credentialsChangedAt: number,
  apiPreference: Settings['apiPreference'] = 'auto',
): ServerFields => ({
  serverUrl: null,
  authScheme: 'session-key',
  apiPreference,
  credentialsChangedAt,
  serverInfo: null,
  organizationId: null,
});

/** The record with its servers checked and the default server's fields at the top. */
export function withServers(settings: Settings, serverUrl: string | null): Settings {
  const servers = serversOf(settings, serverUrl);
  const first = servers.find((server) => server.id === settings.defaultServerId) ?? servers[0];
  const ids = new Set(servers.map((server) => server.id));
  return {
    ...settings,
    ...(first ? fieldsOf(first) : noServer(settings.credentialsChangedAt, settings.apiPreference)),
    servers,
    defaultServerId: first?.id ?? null,
    serverRules: settings.serverRules.filter((rule) => ids.has(rule.serverId)),
  };
}

/** The server of that id, or null. */
export function serverById(settings: Settings, id: string | null | undefined): ServerEntry | null {
  return settings.servers.find((server) => server.id === id) ?? null;
}

/**
 * The settings as one server sees them: its fields at the top, as the default server's are.
 * Null when there is no such server.
 */
export function scopeSettings(settings: Settings, serverId: string): Settings | null {
  const server = serverById(settings, serverId);
  return server ? { ...settings, ...fieldsOf(server) } : null;
}

/**
 * A patch applied: server fields go to the server named (the default one when none is), a
 * server address set where there is no server yet adds one, and `serverUrl: null` removes the
 * server it names. Everything else is the record's own.
 */
export function patched(current: Settings, patch: Partial<Settings>, serverId?: string): Settings {
  const next: Settings = { ...current, ...patch };
  const fields = Object.fromEntries(
    SERVER_FIELDS.filter((name) => name in patch).map((name) => [name, patch[name]]),
  ) as Partial<ServerFields>;
  if (!Object.keys(fields).length) return next;
  const servers = patch.servers ?? current.servers;
  const target = serverId ?? next.defaultServerId ?? servers[0]?.id;
  const server = servers.find((known) => known.id === target);
  if (server) {
    next.servers =
      fields.serverUrl === null
        ? servers.filter((known) => known !== server)
        : servers.map((known) =>
            known === server
              ? { ...known, ...fields, serverUrl: fields.serverUrl ?? known.serverUrl }
              : known,
          );
  } else if (fields.serverUrl) {
    next.servers = [
      ...servers,
      {
        ...fieldsOf({
          ...noServer(0, servers.length ? 'auto' : current.apiPreference),
          ...fields,
        }),
        id: serverId ?? FIRST_SERVER_ID,
        name: '',
        serverUrl: fields.serverUrl,
      },
    ];
  }
  return next;
}

/** A server's name for people: the one they gave it, else its address without the scheme. */
export function serverName(server: Pick<ServerEntry, 'name' | 'serverUrl'>): string {
  return server.name.trim() || server.serverUrl.replace(/^https?:\/\//, '');
}
