// What an endpoint is: a plain, declarative record (method, upstream path template, zod schema
// of its one params object, how params become a request, how the answer is read). The client
// is generic over these records, the contract tests iterate over them, and the worker can
// expose them over extension messaging by name, validating remote calls with `params`.
import { z } from 'zod';
import type { ApiError } from './errors';
import type { RequestTarget } from './http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `server`: health probes; `v0`/`v1`: main server; `agent`: a V1 conversation's agent server. */
export type EndpointGroup = 'server' | 'v0' | 'v1' | 'agent';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[];

/**
 * Upstream rejects ids longer than 100 characters or containing `..`, slashes, NUL or control
 * characters with 400 (§4); checking first also keeps ids from rewriting the request path.
 */
export const ConversationIdSchema = z
  .string()
  .min(1, 'A conversation id is required')
  .max(100, 'A conversation id has at most 100 characters')
  .refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
    (value) => !/(\.\.|[/\\]|[\u0000-\u001f\u007f])/.test(value),
    'A conversation id cannot contain "..", slashes or control characters',
  );

/** Where the conversation's own API lives, for V0 per-conversation routes (§3.2). */
export const V0ConversationRefSchema = z.object({
  conversation_id: ConversationIdSchema,
  /** `ConversationInfo.url`; null → `/api/conversations/{id}` on the server. */
  url: z.string().nullish(),
  /** `ConversationInfo.session_api_key`; null → the server key (never the hosted Bearer key). */
  session_api_key: z.string().nullish(),
});
export type V0ConversationRef = z.input<typeof V0ConversationRefSchema>;

/** Where a V1 conversation's agent server lives (§8.1): pass the AppConversation itself. */
export const AgentConversationRefSchema = z.object({
  /** `<agent server>/api/conversations/<id>` (§7.3); the calls append to it. */
  conversation_url: z
    .string({ error: 'The conversation has no agent server address: is its sandbox running?' })
    .min(1, {
      error: 'The conversation has no agent server address: is its sandbox running?',
      abort: true,
    })
    .regex(
      /\/api\/conversations\/[^/?#]+\/?$/,
      'The agent server address should end with /api/conversations/<id>',
    ),
  session_api_key: z.string().nullish(),
});
export type AgentConversationRef = z.input<typeof AgentConversationRefSchema>;

export interface RequestParts {
  /** Values for the `{name}` placeholders of the path template. */
  path?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** For `runtime` and `agent-server` endpoints: whose API to call. */
  runtime?: z.output<typeof V0ConversationRefSchema>;
  agentServer?: z.output<typeof AgentConversationRefSchema>;
}

export interface EndpointSpec<P extends z.ZodType = z.ZodType, R = unknown> {
  group: EndpointGroup;
  method: HttpMethod;
  /**
   * The upstream path template, exactly as in the OpenAPI documents or service-api.md. For
   * `runtime` and `agent-server` targets it starts with `/api/conversations/{conversation_id}`,
   * which is replaced by the conversation's own base URL.
   */
  path: string;
  target: RequestTarget;
  /** One line for people browsing the method table. */
  summary: string;
  /** Schema of the one params object; the worker validates remote calls with it. */
  params: P;
  request: (params: z.output<P>) => RequestParts;
  /** Schema of the JSON answer. */
  response: z.ZodType<R>;
  /** Reads the body text instead of parsing it as one JSON value. */
  readText?: (text: string) => unknown;
  /** Turns some error answers into results (e.g. agent-server `run` 409 = already running). */
  recover?: (error: ApiError) => R | undefined;
  /** Path params sent with their slashes unencoded (`{repository_name:path}` upstream). */
  slashParams?: readonly string[];
  /** Requests that legitimately take long (streamed start). */
  timeoutMs?: number;
  /** Sent without credentials (health probes). */
  anonymous?: boolean;
}

/** Keeps the literal types of an endpoint record (params and result inference). */
export function defineEndpoint<P extends z.ZodType, R>(
  spec: EndpointSpec<P, R>,
): EndpointSpec<P, R> {
  return spec;
}

// --- Shared parameter schemas ----------------------------------------------------------------

/** Any other id placed in a path segment (sandbox, secret, event). */
export const PathIdSchema = z
  .string()
  .min(1, 'An id is required')
  .refine(
    (value) => value !== '.' && value !== '..' && !/[/\\]/.test(value),
    'An id cannot be "." or ".." or contain slashes',
  );

/** `owner/repo`, `group/sub/project` or `domain/owner/repo`; slashes stay in the path. */
export const RepositoryPathSchema = z
  .string()
  .min(1, 'A repository is required')
  .refine(
    (value) => value.split('/').every((segment) => segment && segment !== '.' && segment !== '..'),
    'A repository is written like owner/repo, without empty, "." or ".." parts',
  );

/** V1 pages: `limit` 1..100 (`422` outside). */
export const PageLimitSchema = z.number().int().min(1).max(100);

export const V0_CONVERSATION_PREFIX = '/api/conversations/{conversation_id}';
