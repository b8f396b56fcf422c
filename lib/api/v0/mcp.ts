// MCPConfig (docs/contract/v0-rest.md#provider-tokens-and-mcp-servers) with the server's own
// validation rules, so the options page can show a precise message instead of a 422. Like upstream,
// stdio `args` may be typed as one shell-like string and `env` as "K=V,K2=V2"; both are normalised
// to the list/map the server stores.
import * as z from 'zod/mini';
import '../zod-english';

/**
 * Splits a command line the way POSIX shells (and Python's `shlex.split`) do: whitespace
 * separates words, single quotes are literal, double quotes allow `\"`, `\\`, `\$` and `` \` ``
 * escapes, a backslash outside quotes escapes the next character.
 */
export function splitShellWords(input: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < input.length; index++) {
    const char = input[index] as string;
    if (quote === "'") {
      if (char === "'") quote = null;
      else current += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') {
        quote = null;
      } else if (char === '\\' && index + 1 < input.length) {
        const next = input[index + 1] as string;
        if ('\\"$`\n'.includes(next)) {
          current += next;
          index++;
        } else {
          current += char;
        }
      } else {
        current += char;
      }
      continue;
    }
    if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '\\') {
      if (index + 1 >= input.length) throw new Error('No escaped character');
      current += input[index + 1];
      index++;
    } else {
      current += char;
    }
  }
  if (quote) throw new Error('No closing quotation');
  if (inWord) words.push(current);
  return words;
}

const envNamePattern = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * Reports a problem from inside a transform. zod/mini gives transforms the bare parse payload
 * (classic zod adds `addIssue` to it), so the issue is pushed the way classic zod pushes it.
 */
function addTransformIssue(payload: z.core.ParsePayload, message: string): typeof z.NEVER {
  payload.issues.push({ code: 'custom', message, input: payload.value });
  return z.NEVER;
}

/** Upstream's URL rule: a scheme among http/https/ws/wss and a host. */
const McpUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1, { error: 'URL cannot be empty', abort: true }),
  z.superRefine((value, context) => {
    const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(value);
    if (!match) {
      context.addIssue({
        code: 'custom',
        message: 'URL must include a scheme (http:// or https://)',
      });
      return;
    }
    if (!match[2]) {
      context.addIssue({ code: 'custom', message: 'URL must include a valid domain/host' });
      return;
    }
    if (!['http', 'https', 'ws', 'wss'].includes((match[1] as string).toLowerCase())) {
      context.addIssue({ code: 'custom', message: 'URL scheme must be http, https, ws, or wss' });
    }
  }),
);

export const MCPSSEServerConfigSchema = z.strictObject({
  url: McpUrlSchema,
  api_key: z.nullish(z.string()),
});

export const MCPSHTTPServerConfigSchema = z.strictObject({
  url: McpUrlSchema,
  api_key: z.nullish(z.string()),
  /** Seconds for a tool call; the server's default is 60. */
  timeout: z.nullish(
    z
      .number()
      .check(
        z.int(),
        z.gte(1, 'Timeout must be positive'),
        z.lte(3600, 'Timeout cannot exceed 3600 seconds'),
      ),
  ),
});

const StdioArgsSchema = z.pipe(
  z.union([z.array(z.string()), z.string()]),
  z.transform((value: string[] | string, payload): string[] => {
    if (Array.isArray(value)) return value;
    if (!value.trim()) return [];
    try {
      return splitShellWords(value.trim());
    } catch (error) {
      return addTransformIssue(
        payload,
        `Invalid argument format: ${(error as Error).message}. Use shell-like format, e.g. "arg1 arg2" or '--config "value with spaces"'`,
      );
    }
  }),
);

const StdioEnvSchema = z.pipe(
  z.union([z.record(z.string(), z.string()), z.string()]),
  z.transform((value: Record<string, string> | string, payload): Record<string, string> => {
    const entries: [string, string][] = [];
    if (typeof value === 'string') {
      for (const rawPair of value.split(',')) {
        const pair = rawPair.trim();
        if (!pair) continue;
        const equals = pair.indexOf('=');
        if (equals < 0) {
          return addTransformIssue(
            payload,
            `Environment variable '${pair}' must be in KEY=VALUE format`,
          );
        }
        entries.push([pair.slice(0, equals).trim(), pair.slice(equals + 1)]);
      }
    } else {
      entries.push(...Object.entries(value));
    }
    for (const [key] of entries) {
      if (!key) return addTransformIssue(payload, 'Environment variable key cannot be empty');
      if (!envNamePattern.test(key)) {
        return addTransformIssue(
          payload,
          `Invalid environment variable name '${key}'. Must start with a letter or underscore and contain only letters, digits and underscores`,
        );
      }
    }
    return Object.fromEntries(entries);
  }),
);

export const MCPStdioServerConfigSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Server name cannot be empty', abort: true }),
      z.regex(
        /^[a-zA-Z0-9_-]+$/,
        'Server name can only contain letters, numbers, hyphens, and underscores',
      ),
    ),
  command: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Command cannot be empty', abort: true }),
    z.refine(
      (value) => !value.includes(' '),
      'Command should be a single executable without spaces (use arguments field for parameters)',
    ),
  ),
  args: z.optional(StdioArgsSchema),
  env: z.optional(StdioEnvSchema),
});

/**
 * A URL server may be given as its bare URL, as upstream allows. A preprocess (rather than a
 * union) keeps the precise message of the URL rule when the string is not a usable URL.
 */
function urlServer<T extends z.core.$ZodType>(
  server: T,
): z.ZodMiniType<z.output<T>, string | z.input<T>> {
  return z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? { url: value } : value)),
    server,
  ) as unknown as z.ZodMiniType<z.output<T>, string | z.input<T>>;
}

/**
 * The request form of MCPConfig (`extra='forbid'` upstream). Duplicate server URLs are
 * rejected across SSE and streamable-HTTP servers: upstream checks SSE URLs only, but two
 * entries for one URL are never what a person meant.
 */
export const MCPConfigRequestSchema = z
  .strictObject({
    sse_servers: z.optional(z.array(urlServer(MCPSSEServerConfigSchema))),
    stdio_servers: z.optional(z.array(MCPStdioServerConfigSchema)),
    shttp_servers: z.optional(z.array(urlServer(MCPSHTTPServerConfigSchema))),
  })
  .check(
    z.superRefine((config, context) => {
      const seen = new Set<string>();
      const servers = [
        ...(config.sse_servers ?? []).map(
          (server, index) => ['sse_servers', index, server] as const,
        ),
        ...(config.shttp_servers ?? []).map(
          (server, index) => ['shttp_servers', index, server] as const,
        ),
      ];
      for (const [list, index, server] of servers) {
        const url = (server as { url: string }).url;
        if (seen.has(url)) {
          context.addIssue({
            code: 'custom',
            path: [list, index, 'url'],
            message: `Duplicate MCP server URLs are not allowed (${url})`,
          });
        }
        seen.add(url);
      }
    }),
  );
export type MCPConfigInput = z.input<typeof MCPConfigRequestSchema>;
export type MCPConfig = z.output<typeof MCPConfigRequestSchema>;
