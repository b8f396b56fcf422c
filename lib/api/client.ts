// The typed client: one generic `call` over the method table, plus the same methods grouped by
// API (`client.v0.getConversation(…)`). Every method takes one plain params object and
// resolves with data parsed by the endpoint's lenient schema, or rejects with an ApiError.
// It is built from the two halves of the table: the raw client's transport sends the request,
// `parseEndpointResult` validates the answer, so a page that validates a raw result from the
// worker gets exactly what this client would have returned.

import type { RequestSpec } from './endpoint';
import {
  type EndpointName,
  type EndpointParams,
  endpointNames,
  endpointRequests,
} from './endpoints/requests';
import { type EndpointResult, parseEndpointResult } from './endpoints/responses';
import type { Generation } from './generation';
import {
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  createTransport,
} from './raw-client';

export {
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  defaultAuthScheme,
} from './raw-client';
export type { EndpointParams, EndpointResult };

type RequiredKeys<T> = {
  [K in keyof T]-?: undefined extends T[K] ? never : K;
}[keyof T];
/** True when no key is required (`{}` params read as `Record<string, never>`). */
type NothingRequired<T> = string extends keyof T
  ? true
  : [RequiredKeys<T>] extends [never]
    ? true
    : false;

/** Params may be left out when none are required. */
export type EndpointMethod<N extends EndpointName> =
  NothingRequired<EndpointParams<N>> extends true
    ? (params?: EndpointParams<N>, options?: CallOptions) => Promise<EndpointResult<N>>
    : (params: EndpointParams<N>, options?: CallOptions) => Promise<EndpointResult<N>>;

type Group = 'server' | Generation | 'agent';
export type GroupMethods<G extends Group> = {
  [N in EndpointName as N extends `${G}.${infer Method}` ? Method : never]: EndpointMethod<N>;
};

export interface ApiClient {
  /** The validated base URL, or null when the configured address is unusable. */
  readonly baseUrl: string | null;
  readonly authScheme: AuthScheme;
  /** Calls an endpoint by name. */
  call<N extends EndpointName>(
    name: N,
    params: EndpointParams<N>,
    options?: CallOptions,
  ): Promise<EndpointResult<N>>;
  readonly server: GroupMethods<'server'>;
  readonly v0: GroupMethods<'v0'>;
  readonly v1: GroupMethods<'v1'>;
  readonly agent: GroupMethods<'agent'>;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const transport = createTransport(config);

  async function call(name: EndpointName, params: unknown, options?: CallOptions) {
    const answer = await transport.send(
      name,
      endpointRequests[name] as unknown as RequestSpec,
      params,
      options,
    );
    return parseEndpointResult(name, answer.value, answer.context);
  }

  function group<G extends Group>(prefix: G): GroupMethods<G> {
    const methods: Record<string, unknown> = {};
    for (const name of endpointNames) {
      if (!name.startsWith(`${prefix}.`)) continue;
      methods[name.slice(prefix.length + 1)] = (params: unknown, options?: CallOptions) =>
        call(name, params, options);
    }
    return methods as GroupMethods<G>;
  }

  return {
    baseUrl: transport.baseUrl,
    authScheme: transport.authScheme,
    call: call as ApiClient['call'],
    server: group('server'),
    v0: group('v0'),
    v1: group('v1'),
    agent: group('agent'),
  };
}
