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
import type { RpcMethods } from '@/lib/background/rpc-methods';
import type { ParamsOf, ResultOf, RpcResponse } from './protocol';

/**
 * Asks the worker to run a method. Resolves with its result or rejects with an ApiError, the
 * same error model the API client uses, so pages handle one kind of failure.
 */
export async function rpc<M extends keyof RpcMethods & string>(
  method: M,
  ...args: undefined extends ParamsOf<RpcMethods, M>
    ? [params?: ParamsOf<RpcMethods, M>]
    : [params: ParamsOf<RpcMethods, M>]
): Promise<ResultOf<RpcMethods, M>> {
  let response: RpcResponse<ResultOf<RpcMethods, M>> | undefined;
  try {
    response = await browser.runtime.sendMessage({ type: 'handoff/rpc', method, params: args[0] });
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
): Promise<EndpointResult<N>> {
  const spec = endpointRequests[endpoint] as unknown as RequestSpec;
  const call = prepareCall(endpoint, spec, params);
  let raw: unknown;
  try {
    // QueryValue arrays are readonly; the schema's are not: same data.
    raw = await rpc('api.send', call as ParamsOf<RpcMethods, 'api.send'>);
  } catch (error) {
    const recovered = spec.recover?.(reviveError(error));
    if (recovered === undefined) throw error;
    raw = recovered;
  }
  if (spec.readText && typeof raw === 'string') raw = spec.readText(raw);
  return parseEndpointResult(endpoint, raw);
}
