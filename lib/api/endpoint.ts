// What an endpoint is: a plain, declarative record in two halves. The request half (method,
// upstream path template, zod schema of its one params object, how params become a request)
// is all the background worker needs to send a call; the response half (the schema of the
// answer) is only needed where results are validated. Keeping them in separate modules lets a
// bundler leave every response and event schema out of the worker, whose whole bundle must
// stay under 64 KB gzipped. The client is generic over these records, the contract tests
// iterate over them, and the worker exposes them over extension messaging by name.

import * as z from 'zod/mini';
import type { ApiError } from './errors';
import type { Generation } from './generation';
import type { RequestTarget } from './http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `server`: health probes; `v0`/`v1`: main server; `agent`: a V1 conversation's agent server. */
export type EndpointGroup = 'server' | Generation | 'agent';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[];

/**
 * Upstream rejects ids longer than 100 characters or containing `..`, slashes, NUL or control
 * characters with 400 (docs/contract/v0-rest.md#conventions); checking first also keeps ids from
 * rewriting the request path.
 */
export const ConversationIdSchema = z.string().check(
  z.minLength(1, 'A conversation id is required'),
  z.maxLength(100, 'A conversation id has at most 100 characters'),
  z.refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
    (value) => !/(\.\.|[/\\]|[\u0000-\u001f\u007f])/.test(value),
    'A conversation id cannot contain "..", slashes or control characters',
  ),
);

/**
 * Where the conversation's own API lives, for V0 per-conversation routes
 * (docs/contract/auth.md#per-conversation-url-and-key).
 */
export const V0ConversationRefSchema = z.object({
  conversation_id: ConversationIdSchema,
  /** `ConversationInfo.url`; null → `/api/conversations/{id}` on the server. */
  url: z.nullish(z.string()),
  /** `ConversationInfo.session_api_key`; null → the server key (never the hosted Bearer key). */
  session_api_key: z.nullish(z.string()),
});
export type V0ConversationRef = z.input<typeof V0ConversationRefSchema>;

/**
 * Where a V1 conversation's agent server lives (docs/contract/agent-server.md#base-url-and-key):
 * pass the AppConversation itself.
 */
export const AgentConversationRefSchema = z.object({
  /**
   * `<agent server>/api/conversations/<id>` (docs/contract/v1-app-server.md#appconversation); the
   * calls append to it.
   */
  conversation_url: z
    .string({ error: 'The conversation has no agent server address: is its sandbox running?' })
    .check(
      z.minLength(1, {
        error: 'The conversation has no agent server address: is its sandbox running?',
        abort: true,
      }),
      z.regex(
        /\/api\/(?:acp\/)?conversations\/[^/?#]+\/?$/,
        'The agent server address should end with /api/conversations/<id>',
      ),
    ),
  session_api_key: z.nullish(z.string()),
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
  /** Extra request headers; only the worker's own calls set them (pages cannot). */
  headers?: Record<string, string>;
  /** Sent as a multipart form with one file field instead of JSON. */
  upload?: { field: string; fileName: string; text: string };
}

/** Any zod schema (classic or mini); what the endpoint records are generic over. */
export type AnySchema = z.core.$ZodType;

/**
 * The request half of an endpoint: everything needed to send it, nothing about its answer.
 * What each endpoint is for is a comment on its entry in the tables (comments cost the
 * worker's bundle nothing).
 */
export interface RequestSpec<P extends AnySchema = AnySchema> {
  group: EndpointGroup;
  method: HttpMethod;
  /**
   * The upstream path template, exactly as in the OpenAPI documents or docs/contract/routes.md. For
   * `runtime` and `agent-server` targets it starts with `/api/conversations/{conversation_id}`,
   * which is replaced by the conversation's own base URL.
   */
  path: string;
  target: RequestTarget;
  /** Schema of the one params object; the worker validates remote calls with it. */
  params: P;
  request: (params: z.output<P>) => RequestParts;
  /** Reads the body text instead of parsing it as one JSON value. */
  readText?: (text: string) => unknown;
  /**
   * Turns some error answers into an answer (e.g. agent-server `run` 409 = already running).
   * The value stands for the body the server would have sent, so it must pass the endpoint's
   * response schema: raw and validated results then agree.
   */
  recover?: (error: ApiError) => unknown;
  /** Path params sent with their slashes unencoded (`{repository_name:path}` upstream). */
  slashParams?: readonly string[];
  /** Requests that legitimately take long (streamed start). */
  timeoutMs?: number;
  /** Sent without credentials (health probes). */
  anonymous?: boolean;
}

/** Keeps the literal types of a request record (params inference). */
export function defineRequest<P extends AnySchema>(spec: RequestSpec<P>): RequestSpec<P> {
  return spec;
}

/** A whole endpoint: its request half plus the schema of its JSON answer. */
export interface EndpointSpec<P extends AnySchema = AnySchema, R = unknown> extends RequestSpec<P> {
  /** Schema of the JSON answer. */
  response: z.core.$ZodType<R>;
}

// --- Shared parameter schemas ----------------------------------------------------------------

/** Any other id placed in a path segment (sandbox, secret, event). */
export const PathIdSchema = z.string().check(
  z.minLength(1, 'An id is required'),
  z.refine(
    (value) => value !== '.' && value !== '..' && !/[/\\]/.test(value),
    'An id cannot be "." or ".." or contain slashes',
  ),
);

/** `owner/repo`, `group/sub/project` or `domain/owner/repo`; slashes stay in the path. */
export const RepositoryPathSchema = z.string().check(
  z.minLength(1, 'A repository is required'),
  z.refine(
    (value) => value.split('/').every((segment) => segment && segment !== '.' && segment !== '..'),
    'A repository is written like owner/repo, without empty, "." or ".." parts',
  ),
);

/** V1 pages: `limit` 1..100 (`422` outside). */
export const PageLimitSchema = z.number().check(z.int(), z.gte(1), z.lte(100));

export const V0_CONVERSATION_PREFIX = '/api/conversations/{conversation_id}';
