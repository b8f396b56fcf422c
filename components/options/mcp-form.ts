// The default MCP servers as an editable form, and back. Validation is lib/api's
// MCPConfigRequestSchema (the service's own rules), so a message shown here is the message the
// service would give, placed next to the field it is about instead of arriving as a 422.
import type { AgentMcpChange } from '@/components/common/server-settings';
import type { AgentMcpServerPatch } from '@/lib/api/endpoints/agent-settings';
import { type MCPConfig, type MCPConfigInput, MCPConfigRequestSchema } from '@/lib/api/v0/mcp';
import type { McpServerRequest } from '@/lib/api/v1/requests';
import { t } from '@/lib/i18n/options';

export interface SseRow {
  id: string;
  url: string;
  apiKey: string;
}
export interface StdioRow {
  id: string;
  name: string;
  command: string;
  /** Shell-like, as upstream accepts it: `--port 8080 --config "a b"`. */
  args: string;
  /** One `KEY=value` per line. */
  env: string;
}
export interface ShttpRow {
  id: string;
  url: string;
  apiKey: string;
  /** Seconds, as typed; empty means the service's default (60). */
  timeout: string;
}
export interface McpForm {
  sse_servers: SseRow[];
  stdio_servers: StdioRow[];
  shttp_servers: ShttpRow[];
}
export type McpList = keyof McpForm;

/** Field errors keyed `<list>.<index>.<field>`, e.g. `stdio_servers.0.command`. */
export type McpErrors = Record<string, string>;

export const emptyMcpForm: McpForm = { sse_servers: [], stdio_servers: [], shttp_servers: [] };

let rowCounter = 0;
/** Stable React keys for rows, unrelated to their contents. */
export function newRowId(): string {
  rowCounter += 1;
  return `mcp-row-${rowCounter}`;
}

export function newRow<L extends McpList>(list: L): McpForm[L][number] {
  const id = newRowId();
  if (list === 'sse_servers') return { id, url: '', apiKey: '' } as McpForm[L][number];
  if (list === 'stdio_servers') {
    return { id, name: '', command: '', args: '', env: '' } as McpForm[L][number];
  }
  return { id, url: '', apiKey: '', timeout: '' } as McpForm[L][number];
}

/** Quotes one argument so that the shell-like split gives it back unchanged. */
export function quoteShellWord(word: string): string {
  if (word === '') return "''";
  if (/^[A-Za-z0-9_\-./:=@%+,]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The stored config as form rows. Anything the schema refuses (a file edited by hand, an old
 * version) starts the form empty rather than failing the page.
 */
export function formFromConfig(config: unknown): McpForm {
  if (config === null || config === undefined) return emptyMcpForm;
  const parsed = MCPConfigRequestSchema.safeParse(config);
  if (!parsed.success) return emptyMcpForm;
  const value = parsed.data;
  return {
    sse_servers: (value.sse_servers ?? []).map((server) => ({
      id: newRowId(),
      url: server.url,
      apiKey: server.api_key ?? '',
    })),
    stdio_servers: (value.stdio_servers ?? []).map((server) => ({
      id: newRowId(),
      name: server.name,
      command: server.command,
      args: (server.args ?? []).map(quoteShellWord).join(' '),
      env: Object.entries(server.env ?? {})
        .map(([key, text]) => `${key}=${text}`)
        .join('\n'),
    })),
    shttp_servers: (value.shttp_servers ?? []).map((server) => ({
      id: newRowId(),
      url: server.url,
      apiKey: server.api_key ?? '',
      timeout:
        server.timeout === null || server.timeout === undefined ? '' : String(server.timeout),
    })),
  };
}

/** `KEY=value` lines as a map; the schema then checks the names. */
function parseEnvLines(
  text: string,
): { ok: true; env: Record<string, string> } | { ok: false; error: string } {
  const env: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const equals = line.indexOf('=');
    if (equals < 0) {
      return { ok: false, error: t('options.mcp.envLine', { line: index + 1, text: line }) };
    }
    env[line.slice(0, equals).trim()] = line.slice(equals + 1);
  }
  return { ok: true, env };
}

/** The service's field names for each form field, to place schema issues. */
const fieldNames: Record<string, string> = {
  url: 'url',
  headers: 'headers',
  api_key: 'apiKey',
  name: 'name',
  command: 'command',
  args: 'args',
  env: 'env',
  timeout: 'timeout',
};

export function errorKey(list: McpList, index: number, field: string): string {
  return `${list}.${index}.${field}`;
}

/** Puts the schema's issues next to their fields (the first per field), or on the form. */
function placeIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  errors: McpErrors,
): void {
  for (const issue of issues) {
    const [list, index, field] = issue.path;
    if (typeof list !== 'string' || typeof index !== 'number' || typeof field !== 'string') {
      continue;
    }
    const key = errorKey(list as McpList, index, fieldNames[field] ?? field);
    errors[key] ??= issue.message;
  }
  if (issues.length && !Object.keys(errors).length) {
    errors.form = issues[0]?.message ?? t('options.mcp.invalid');
  }
}

/**
 * Checks the form against the service's rules. Success gives the MCPConfig to store (null when
 * there are no servers); failure gives one message per field.
 */
export function validateMcpForm(
  form: McpForm,
): { ok: true; config: MCPConfig | null } | { ok: false; errors: McpErrors } {
  const errors: McpErrors = {};
  const input: MCPConfigInput = {
    sse_servers: form.sse_servers.map((row) => ({
      url: row.url,
      ...(row.apiKey.trim() ? { api_key: row.apiKey.trim() } : {}),
    })),
    stdio_servers: form.stdio_servers.map((row, index) => {
      const env = parseEnvLines(row.env);
      if (!env.ok) errors[errorKey('stdio_servers', index, 'env')] = env.error;
      return {
        name: row.name,
        command: row.command,
        args: row.args,
        env: env.ok ? env.env : {},
      };
    }),
    shttp_servers: form.shttp_servers.map((row, index) => {
      const timeout = row.timeout.trim();
      let seconds: number | undefined;
      if (timeout) {
        if (/^\d+$/.test(timeout)) seconds = Number(timeout);
        else errors[errorKey('shttp_servers', index, 'timeout')] = t('options.mcp.timeoutNumber');
      }
      return {
        url: row.url,
        ...(row.apiKey.trim() ? { api_key: row.apiKey.trim() } : {}),
        ...(seconds === undefined ? {} : { timeout: seconds }),
      };
    }),
  };
  const parsed = MCPConfigRequestSchema.safeParse(input);
  if (!parsed.success) placeIssues(parsed.error.issues, errors);
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  const config = parsed.data;
  const empty =
    !config.sse_servers?.length && !config.stdio_servers?.length && !config.shttp_servers?.length;
  return { ok: true, config: empty ? null : config };
}

// --- MCP servers kept on a 1.7+ server (`agent_settings.mcp_config`) ----------------------------
//
// There every server has a name (the map's key) and remote servers take headers instead of an
// API key. The form keeps the three lists of the older form; each row also keeps the fields of
// the server's entry that it does not edit (`auth`, `cwd`, `description`, a `transport` left to
// be inferred, …), which go back unchanged: the server replaces its whole map with the one it
// is sent, so a field left out would be lost. Secrets come back masked (`**********`); sent back
// as they came, they keep the stored values.

/** An entry's fields the form does not edit, sent back as they came. */
export type McpKept = Record<string, unknown>;

export interface ServerSseRow {
  id: string;
  name: string;
  url: string;
  /** One `Name: value` per line. */
  headers: string;
  kept: McpKept;
}
export interface ServerStdioRow {
  id: string;
  name: string;
  command: string;
  args: string;
  env: string;
  kept: McpKept;
}
export interface ServerShttpRow extends ServerSseRow {
  timeout: string;
}
export interface ServerMcpForm {
  sse_servers: ServerSseRow[];
  stdio_servers: ServerStdioRow[];
  shttp_servers: ServerShttpRow[];
}

/** What the server shows instead of a secret's value. */
export const maskedSecret = '**********';

/** The transport each list writes for a server added here. */
const listTransports: Record<McpList, string> = {
  sse_servers: 'sse',
  stdio_servers: 'stdio',
  shttp_servers: 'http',
};

/** The fields each list's rows edit; everything else of an entry is kept as it came. */
const editedFields: Record<McpList, readonly string[]> = {
  sse_servers: ['url', 'headers'],
  stdio_servers: ['command', 'args', 'env'],
  shttp_servers: ['url', 'headers', 'timeout'],
};

export function newServerRow<L extends McpList>(list: L): ServerMcpForm[L][number] {
  const id = newRowId();
  const kept = { transport: listTransports[list] };
  if (list === 'stdio_servers') {
    return { id, name: '', command: '', args: '', env: '', kept } as ServerMcpForm[L][number];
  }
  if (list === 'sse_servers') {
    return { id, name: '', url: '', headers: '', kept } as ServerMcpForm[L][number];
  }
  return { id, name: '', url: '', headers: '', timeout: '', kept } as ServerMcpForm[L][number];
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function pairsOf(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).map(([key, text]) => [key, textOf(text)]);
}

/** The entry without the fields its list edits, and without unset (null) fields. */
function keptOf(server: Record<string, unknown>, list: McpList): McpKept {
  const kept: McpKept = {};
  for (const [key, value] of Object.entries(server)) {
    if (value === null || value === undefined || editedFields[list].includes(key)) continue;
    kept[key] = value;
  }
  return kept;
}

/**
 * The server's map as form rows: a local server (a command, or `transport: stdio`) is a stdio
 * row, a remote one an SSE row when its transport says so, else a streamable HTTP one.
 */
export function serverFormFromMap(
  servers: Record<string, Record<string, unknown>> | null | undefined,
): ServerMcpForm {
  const form: ServerMcpForm = { sse_servers: [], stdio_servers: [], shttp_servers: [] };
  for (const [name, server] of Object.entries(servers ?? {})) {
    if (typeof server.command === 'string' || server.transport === 'stdio') {
      form.stdio_servers.push({
        id: newRowId(),
        name,
        command: textOf(server.command),
        args: Array.isArray(server.args)
          ? server.args.map(String).map(quoteShellWord).join(' ')
          : '',
        env: pairsOf(server.env)
          .map(([key, text]) => `${key}=${text}`)
          .join('\n'),
        kept: keptOf(server, 'stdio_servers'),
      });
      continue;
    }
    const list = server.transport === 'sse' ? 'sse_servers' : 'shttp_servers';
    const row: ServerSseRow = {
      id: newRowId(),
      name,
      url: textOf(server.url),
      headers: pairsOf(server.headers)
        .map(([key, text]) => `${key}: ${text}`)
        .join('\n'),
      kept: keptOf(server, list),
    };
    if (list === 'sse_servers') form.sse_servers.push(row);
    else {
      const timeout = typeof server.timeout === 'number' ? String(server.timeout) : '';
      form.shttp_servers.push({ ...row, timeout });
    }
  }
  return form;
}

/**
 * Servers Handoff kept in this browser (the older form) as rows for a 1.7+ server: an API key
 * becomes an `Authorization: Bearer` header, and remote servers are named after their host.
 */
export function serverRowsFromLocal(config: unknown, taken: readonly string[]): ServerMcpForm {
  const local = formFromConfig(config);
  const names = new Set(taken);
  const nameFor = (url: string): string => {
    let base: string;
    try {
      base = new URL(url).hostname.replace(/[^A-Za-z0-9_-]+/g, '-');
    } catch {
      base = 'server';
    }
    let name = base || 'server';
    for (let number = 2; names.has(name); number++) name = `${base}-${number}`;
    names.add(name);
    return name;
  };
  const bearer = (apiKey: string) => (apiKey ? `Authorization: Bearer ${apiKey}` : '');
  return {
    sse_servers: local.sse_servers.map((row) => ({
      ...newServerRow('sse_servers'),
      name: nameFor(row.url),
      url: row.url,
      headers: bearer(row.apiKey),
    })),
    stdio_servers: local.stdio_servers.map((row) => {
      names.add(row.name);
      return { ...newServerRow('stdio_servers'), ...row, id: newRowId() };
    }),
    shttp_servers: local.shttp_servers.map((row) => ({
      ...newServerRow('shttp_servers'),
      name: nameFor(row.url),
      url: row.url,
      headers: bearer(row.apiKey),
      timeout: row.timeout,
    })),
  };
}

/** `Name: value` lines as a map. */
function parseHeaderLines(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; error: string } {
  const headers: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon).trim();
    if (!name || /\s/.test(name)) {
      return { ok: false, error: t('options.mcp.headerLine', { line: index + 1, text: line }) };
    }
    headers[name] = line.slice(colon + 1).trim();
  }
  return { ok: true, headers };
}

const serverNamePattern = /^[a-zA-Z0-9_-]+$/;

/** A map entry: the kept fields, then the edited ones (an empty one left out). */
function entryOf(kept: McpKept, edited: Record<string, unknown>): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...kept };
  for (const [key, value] of Object.entries(edited)) {
    const empty =
      value === undefined ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'object' && value !== null && !Object.keys(value).length);
    if (!empty) entry[key] = value;
  }
  return entry;
}

/**
 * Checks the form with the rules of the older form (URLs, commands, arguments, environment,
 * timeouts, duplicate URLs: the same messages), plus a name on every server, each its own, and
 * headers as `Name: value` lines. Success gives the whole map to send.
 */
export function validateServerMcpForm(
  form: ServerMcpForm,
): { ok: true; servers: Record<string, McpServerRequest> } | { ok: false; errors: McpErrors } {
  const errors: McpErrors = {};
  const headersOf = (list: McpList, rows: readonly ServerSseRow[]) =>
    rows.map((row, index) => {
      const parsed = parseHeaderLines(row.headers);
      if (!parsed.ok) errors[errorKey(list, index, 'headers')] = parsed.error;
      return parsed.ok ? parsed.headers : {};
    });
  const sseHeaders = headersOf('sse_servers', form.sse_servers);
  const shttpHeaders = headersOf('shttp_servers', form.shttp_servers);
  const envs = form.stdio_servers.map((row, index) => {
    const env = parseEnvLines(row.env);
    if (!env.ok) errors[errorKey('stdio_servers', index, 'env')] = env.error;
    return env.ok ? env.env : {};
  });
  const timeouts = form.shttp_servers.map((row, index) => {
    const timeout = row.timeout.trim();
    if (!timeout) return undefined;
    if (/^\d+$/.test(timeout)) return Number(timeout);
    errors[errorKey('shttp_servers', index, 'timeout')] = t('options.mcp.timeoutNumber');
    return undefined;
  });

  // Every name, in the order the rows show; the second of two equal names is the one to fix.
  const seen = new Set<string>();
  for (const list of ['sse_servers', 'stdio_servers', 'shttp_servers'] as const) {
    form[list].forEach((row, index) => {
      const name = row.name.trim();
      const key = errorKey(list, index, 'name');
      if (!name) errors[key] = 'Server name cannot be empty';
      else if (!serverNamePattern.test(name)) {
        errors[key] = 'Server name can only contain letters, numbers, hyphens, and underscores';
      } else if (seen.has(name)) errors[key] = t('options.mcp.nameTaken', { name });
      seen.add(name);
    });
  }

  // The older form's rules, with the names checked above standing in for stdio ones.
  const parsed = MCPConfigRequestSchema.safeParse({
    sse_servers: form.sse_servers.map((row) => ({ url: row.url })),
    stdio_servers: form.stdio_servers.map((row, index) => ({
      name: 'checked-above',
      command: row.command,
      args: row.args,
      env: envs[index] ?? {},
    })),
    shttp_servers: form.shttp_servers.map((row, index) => ({
      url: row.url,
      ...(timeouts[index] === undefined ? {} : { timeout: timeouts[index] }),
    })),
  } satisfies MCPConfigInput);
  if (!parsed.success) placeIssues(parsed.error.issues, errors);
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };

  const checked = parsed.data;
  const servers: Record<string, McpServerRequest> = {};
  form.sse_servers.forEach((row, index) => {
    servers[row.name.trim()] = entryOf(row.kept, {
      url: checked.sse_servers?.[index]?.url,
      headers: sseHeaders[index],
    }) as McpServerRequest;
  });
  form.stdio_servers.forEach((row, index) => {
    const server = checked.stdio_servers?.[index];
    servers[row.name.trim()] = entryOf(row.kept, {
      command: server?.command,
      args: server?.args,
      env: server?.env,
    }) as McpServerRequest;
  });
  form.shttp_servers.forEach((row, index) => {
    const server = checked.shttp_servers?.[index];
    servers[row.name.trim()] = entryOf(row.kept, {
      url: server?.url,
      headers: shttpHeaders[index],
      timeout: server?.timeout ?? undefined,
    }) as McpServerRequest;
  });
  return { ok: true, servers };
}

/** Whether any value the form shows is a secret the server masked. */
export function showsMaskedSecret(form: ServerMcpForm): boolean {
  return [...form.sse_servers, ...form.shttp_servers, ...form.stdio_servers].some((row) =>
    ('headers' in row ? row.headers : row.env).includes(maskedSecret),
  );
}

// --- An agent server: the changes, not the whole map ----------------------------------------
//
// An agent server takes MCP servers by merge patch and shows their secrets redacted; a redacted
// value sent back would erase the stored one. So only what the person changed is sent: a value
// still shown as ********** is left out (kept as stored), a header or variable taken out is
// removed by name, and a server taken out is removed whole.

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Equal as settings: a field that is null and one that is absent are the same. */
function sameSetting(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameSetting(item, b[index]))
    );
  }
  if (isEntry(a) && isEntry(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameSetting(a[key], b[key]));
  }
  return a === b;
}

/** The fields whose values are secrets, shown redacted and patched name by name. */
const secretMaps = ['headers', 'env'] as const;

/**
 * A secret map's patch: names taken out → null, new or changed values as typed, values still
 * redacted left out. Null when the whole map went; undefined when nothing changed.
 */
function secretMapPatch(
  before: unknown,
  after: unknown,
): Record<string, string | null> | null | undefined {
  const old = isEntry(before) ? before : {};
  const now = isEntry(after) ? after : {};
  if (!Object.keys(now).length) return Object.keys(old).length ? null : undefined;
  const patch: Record<string, string | null> = {};
  for (const name of Object.keys(old)) if (!Object.hasOwn(now, name)) patch[name] = null;
  for (const [name, value] of Object.entries(now)) {
    // Redacted: kept as stored (a renamed header's value cannot be carried over: it is left out).
    if (value === maskedSecret) continue;
    if (old[name] !== value) patch[name] = String(value);
  }
  return Object.keys(patch).length ? patch : undefined;
}

/** Whether a value holds a redacted secret anywhere (an `auth` block, say). */
function holdsMasked(value: unknown): boolean {
  if (value === maskedSecret) return true;
  if (Array.isArray(value)) return value.some(holdsMasked);
  return isEntry(value) && Object.values(value).some(holdsMasked);
}

/** A new server as it can be sent: redacted values are not values, so they are left out. */
function withoutMasked(server: Entry): Entry {
  const clean: Entry = {};
  for (const [key, value] of Object.entries(server)) {
    if ((secretMaps as readonly string[]).includes(key) && isEntry(value)) {
      const kept = Object.fromEntries(
        Object.entries(value).filter(([, text]) => text !== maskedSecret),
      );
      if (Object.keys(kept).length) clean[key] = kept;
    } else if (!holdsMasked(value)) clean[key] = value;
  }
  return clean;
}

/** One existing server's merge patch, or null when it is unchanged. */
function serverPatch(before: Entry, after: Entry): AgentMcpServerPatch | null {
  const patch: Entry = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if ((secretMaps as readonly string[]).includes(key)) {
      const change = secretMapPatch(before[key], after[key]);
      if (change !== undefined) patch[key] = change;
    } else if (!sameSetting(before[key], after[key])) patch[key] = after[key] ?? null;
  }
  return Object.keys(patch).length ? (patch as AgentMcpServerPatch) : null;
}

/**
 * What turns the servers as read (`before`, secrets redacted) into the ones the form checked
 * (`after`, from validateServerMcpForm): removals, new servers and patches of changed ones.
 */
export function agentMcpChanges(
  before: Readonly<Record<string, Entry>> | null | undefined,
  after: Readonly<Record<string, McpServerRequest>>,
): AgentMcpChange[] {
  const old = before ?? {};
  const changes: AgentMcpChange[] = [];
  for (const name of Object.keys(old)) {
    if (!Object.hasOwn(after, name)) changes.push({ kind: 'delete', name });
  }
  for (const [name, server] of Object.entries(after)) {
    const stored = old[name];
    if (!stored) {
      changes.push({
        kind: 'create',
        name,
        server: withoutMasked(server as Entry) as McpServerRequest,
      });
      continue;
    }
    const patch = serverPatch(stored, server as Entry);
    if (patch) changes.push({ kind: 'update', name, patch });
  }
  return changes;
}
