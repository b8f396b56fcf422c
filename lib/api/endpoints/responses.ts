// The response table: every endpoint's answer schema by name, and the page-side validation of
// a raw result (what the worker's raw client resolves with, possibly after crossing extension
// messaging). Only pages, tests and the full client import this; the worker does not.
import * as z from 'zod/mini';
import '../zod-english';
import { ApiError, type ApiErrorDetails, toApiError } from '../errors';
import { agentSettingsResponses } from './agent-settings-responses';
import type { EndpointName } from './requests';
import { serverResponses, v0Responses } from './v0-responses';
import { agentResponses, v1Responses } from './v1-responses';

export const endpointResponses = {
  ...serverResponses,
  ...v0Responses,
  ...v1Responses,
  ...agentResponses,
  ...agentSettingsResponses,
} satisfies Record<EndpointName, z.core.$ZodType>;

export type EndpointResponses = typeof endpointResponses;

/** What a call of endpoint `N` resolves with: the output of its response schema. */
export type EndpointResult<N extends EndpointName> = z.output<EndpointResponses[N]>;

/** Where a raw result came from, for the error message and details when it does not fit. */
export interface ResultContext
  extends Pick<ApiErrorDetails, 'status' | 'bodyType' | 'method' | 'url'> {
  /** The host that answered, named in the message ("The server at localhost:3000 …"). */
  host?: string;
}

/**
 * Validates a raw result of endpoint `name` (the JSON body, or a recovered answer such as the
 * `null` of a fresh install's settings) and returns it typed, with the schema's transforms
 * applied (events parsed, ids as strings…). Anything that does not fit the contract becomes a
 * `bad-response` ApiError naming the field at fault.
 */
export function parseEndpointResult<N extends EndpointName>(
  name: N,
  raw: unknown,
  context: ResultContext = {},
): EndpointResult<N> {
  const schema: z.core.$ZodType = endpointResponses[name];
  let parsed: z.core.util.SafeParseResult<unknown>;
  try {
    parsed = z.safeParse(schema, raw);
  } catch (error) {
    throw toApiError(error);
  }
  if (parsed.success) return parsed.data as EndpointResult<N>;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  const server = context.host ? `The server at ${context.host}` : 'The server';
  throw new ApiError(
    'bad-response',
    `${server} answered ${name} in an unexpected format (${where}${issue?.message ?? 'invalid'}). It may run a version Handoff does not support.`,
    {
      status: context.status,
      bodyType: context.bodyType,
      endpoint: name,
      method: context.method,
      url: context.url,
    },
  );
}
