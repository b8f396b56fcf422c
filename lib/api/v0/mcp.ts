// MCPConfig (§4.7) with the server's own validation rules, so the options page can show a
// precise message instead of a 422. Like upstream, stdio `args` may be typed as one shell-like
// string and `env` as "K=V,K2=V2"; both are normalised to the list/map the server stores.
import { z } from 'zod';

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

/** Upstream's URL rule: a scheme among http/https/ws/wss and a host. */
const McpUrlSchema = z
  .string()
  .trim()
  .min(1, { error: 'URL cannot be empty', abort: true })
  .superRefine((value, context) => {
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
  });

export const MCPSSEServerConfigSchema = z.strictObject({
  url: McpUrlSchema,
  api_key: z.string().nullish(),
});

export const MCPSHTTPServerConfigSchema = z.strictObject({
  url: McpUrlSchema,
  api_key: z.string().nullish(),
  /** Seconds for a tool call; the server's default is 60. */
  timeout: z
    .number()
    .int()
    .min(1, 'Timeout must be positive')
    .max(3600, 'Timeout cannot exceed 3600 seconds')
    .nullish(),
});

const StdioArgsSchema = z
  .union([z.array(z.string()), z.string()])
  .transform((value, context): string[] => {
    if (Array.isArray(value)) return value;
    if (!value.trim()) return [];
    try {
      return splitShellWords(value.trim());
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: `Invalid argument format: ${(error as Error).message}. Use shell-like format, e.g. "arg1 arg2" or '--config "value with spaces"'`,
      });
      return z.NEVER;
    }
  });

const StdioEnvSchema = z
  .union([z.record(z.string(), z.string()), z.string()])
  .transform((value, context): Record<string, string> => {
    const entries: [string, string][] = [];
    if (typeof value === 'string') {
      for (const rawPair of value.split(',')) {
        const pair = rawPair.trim();
        if (!pair) continue;
        const equals = pair.indexOf('=');
        if (equals < 0) {
          context.addIssue({
            code: 'custom',
            message: `Environment variable '${pair}' must be in KEY=VALUE format`,
          });
          return z.NEVER;
        }
        entries.push([pair.slice(0, equals).trim(), pair.slice(equals + 1)]);
      }
    } else {
      entries.push(...Object.entries(value));
    }
    for (const [key] of entries) {
      if (!key) {
        context.addIssue({ code: 'custom', message: 'Environment variable key cannot be empty' });
        return z.NEVER;
      }
      if (!envNamePattern.test(key)) {
        context.addIssue({
          code: 'custom',
          message: `Invalid environment variable name '${key}'. Must start with a letter or underscore and contain only letters, digits and underscores`,
        });
        return z.NEVER;
      }
    }
    return Object.fromEntries(entries);
  });

export const MCPStdioServerConfigSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Server name cannot be empty', abort: true })
    .regex(
      /^[a-zA-Z0-9_-]+$/,
      'Server name can only contain letters, numbers, hyphens, and underscores',
    ),
  command: z
    .string()
    .trim()
    .min(1, { error: 'Command cannot be empty', abort: true })
    .refine(
      (value) => !value.includes(' '),
      'Command should be a single executable without spaces (use arguments field for parameters)',
    ),
  args: StdioArgsSchema.optional(),
  env: StdioEnvSchema.optional(),
});

/**
 * A URL server may be given as its bare URL, as upstream allows. A preprocess (rather than a
 * union) keeps the precise message of the URL rule when the string is not a usable URL.
 */
function urlServer<T extends z.ZodType>(server: T): z.ZodType<z.output<T>, string | z.input<T>> {
  return z.preprocess(
    (value) => (typeof value === 'string' ? { url: value } : value),
    server,
  ) as unknown as z.ZodType<z.output<T>, string | z.input<T>>;
}

/**
 * The request form of MCPConfig (`extra='forbid'` upstream). Duplicate server URLs are
 * rejected across SSE and streamable-HTTP servers: upstream checks SSE URLs only, but two
 * entries for one URL are never what a person meant.
 */
export const MCPConfigRequestSchema = z
  .strictObject({
    sse_servers: z.array(urlServer(MCPSSEServerConfigSchema)).optional(),
    stdio_servers: z.array(MCPStdioServerConfigSchema).optional(),
    shttp_servers: z.array(urlServer(MCPSHTTPServerConfigSchema)).optional(),
  })
  .superRefine((config, context) => {
    const seen = new Set<string>();
    const servers = [
      ...(config.sse_servers ?? []).map((server, index) => ['sse_servers', index, server] as const),
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
  });
export type MCPConfigInput = z.input<typeof MCPConfigRequestSchema>;
export type MCPConfig = z.output<typeof MCPConfigRequestSchema>;

/** MCPConfig as read back from settings: lenient, any extra field kept. */
export const MCPConfigSchema = z.looseObject({
  sse_servers: z.array(z.looseObject({ url: z.string(), api_key: z.string().nullish() })).nullish(),
  stdio_servers: z
    .array(
      z.looseObject({
        name: z.string(),
        command: z.string(),
        args: z.array(z.string()).nullish(),
        env: z.record(z.string(), z.string()).nullish(),
      }),
    )
    .nullish(),
  shttp_servers: z
    .array(
      z.looseObject({
        url: z.string(),
        api_key: z.string().nullish(),
        timeout: z.number().nullish(),
      }),
    )
    .nullish(),
});
