// The request half of the client over the whole endpoint table: validates a call's params,
// sends it (./transport) and resolves with the JSON body as it came (`unknown`), without
// checking its shape. Pages validate a raw result with `parseEndpointResult`; `createApiClient`
// (./client) is this plus that validation. The worker does not use this table: it names the
// few endpoints it needs and sends them with `createTransport`.

import type { RequestSpec } from './endpoint';
import { type EndpointName, type EndpointParams, endpointRequests } from './endpoints/requests';
import {
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  createTransport,
} from './transport';

export {
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  createTransport,
  defaultAuthScheme,
  type PreparedCall,
  prepareCall,
  type RawAnswer,
  type Transport,
} from './transport';

export interface RawClient {
  /** The validated base URL, or null when the configured address is unusable. */
  readonly baseUrl: string | null;
  readonly authScheme: AuthScheme;
  /**
   * Calls an endpoint by name and resolves with its answer unvalidated: the JSON body, the
   * items of a streamed start, or the documented stand-ins for some error answers (`null` for
   * settings not yet stored, `{success: true, already_running: true}` for agent-server `run`
   * 409). Rejects with an ApiError exactly as the full client does, except that a body of the
   * wrong shape is not detected here: pass the result to `parseEndpointResult`.
   */
  call<N extends EndpointName>(
    name: N,
    params: EndpointParams<N>,
    options?: CallOptions,
  ): Promise<unknown>;
}

/** The client the worker uses; see `RawClient`. */
export function createRawClient(config: ApiClientConfig): RawClient {
  const transport = createTransport(config);
  return {
    baseUrl: transport.baseUrl,
    authScheme: transport.authScheme,
    call: async (name, params, options) =>
      (
        await transport.send(
          name,
          endpointRequests[name] as unknown as RequestSpec,
          params,
          options,
        )
      ).value,
  };
}
