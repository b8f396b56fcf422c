// The default MCP servers as an editable form, and back. Validation is lib/api's
// MCPConfigRequestSchema (the service's own rules), so a message shown here is the message the
// service would give, placed next to the field it is about instead of arriving as a 422.
import { type MCPConfig, type MCPConfigInput, MCPConfigRequestSchema } from '@/lib/api/v0/mcp';
import { t } from '@/lib/i18n';

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
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [list, index, field] = issue.path;
      if (typeof list !== 'string' || typeof index !== 'number' || typeof field !== 'string') {
        continue;
      }
      const key = errorKey(list as McpList, index, fieldNames[field] ?? field);
      errors[key] ??= issue.message;
    }
    if (!Object.keys(errors).length) {
      errors.form = parsed.error.issues[0]?.message ?? t('options.mcp.invalid');
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  const config = parsed.data;
  const empty =
    !config.sse_servers?.length && !config.stdio_servers?.length && !config.shttp_servers?.length;
  return { ok: true, config: empty ? null : config };
}
