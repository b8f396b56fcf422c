import { browser } from 'wxt/browser';
import {
  type EndpointName,
  type EndpointParams,
  type EndpointResult,
  endpointRequests,
  parseEndpointResult,
  prepareCall,
  reviveError,
} from '@/lib/api';
import type { RequestSpec } from '@/lib/api/endpoint';
import type { RpcMethodName, RpcParamsIn, RpcResponse, RpcResults } from './rpc';

/**
 * Asks the worker to run a method. Resolves with its result or rejects with an ApiError, the
 * same error model the API client uses, so pages handle one kind of failure.
 */
export async function rpc<M extends RpcMethodName>(
  method: M,
  params: RpcParamsIn<M>,
): Promise<RpcResults[M]> {
  let response: RpcResponse<RpcResults[M]> | undefined;
  try {
    response = await browser.runtime.sendMessage({ type: 'handoff/rpc', method, params });
  } catch (error) {
    throw reviveError(error);
  }
  if (!response) throw reviveError(new Error('Handoff’s background did not answer. Try again.'));
  if (!response.ok) throw reviveError(response.error);
  return response.result;
}

/**
 * Calls a service endpoint through the worker (which holds the key): the call is validated and
 * built here, sent there, and its answer validated here against the contract, so a malformed
 * answer becomes an ApiError like any other failure.
 */
export async function callApi<N extends EndpointName>(
  endpoint: N,
  params: EndpointParams<N>,
  /** The server it goes to (lib/settings/servers.ts); left out: the default server. */
  serverId?: string,
): Promise<EndpointResult<N>> {
  const spec = endpointRequests[endpoint] as unknown as RequestSpec;
  const call = prepareCall(endpoint, spec, params);
  let raw: unknown;
  try {
    // QueryValue arrays are readonly; the schema's are not: same data.
    raw = await rpc('api.send', {
      ...(call as RpcParamsIn<'api.send'>),
      ...(serverId ? { serverId } : {}),
    });
  } catch (error) {
    const recovered = spec.recover?.(reviveError(error));
    if (recovered === undefined) throw error;
    raw = recovered;
  }
  if (spec.readText && typeof raw === 'string') raw = spec.readText(raw);
  return parseEndpointResult(endpoint, raw);
}
