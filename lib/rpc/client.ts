import { browser } from 'wxt/browser';
import {
  type EndpointName,
  type EndpointParams,
  type EndpointResult,
  reviveError,
} from '@/lib/api';
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

/** Calls a service endpoint through the worker, typed from the contract's method table. */
export function callApi<N extends EndpointName>(
  endpoint: N,
  params: EndpointParams<N>,
): Promise<EndpointResult<N>> {
  return rpc('api.call', { endpoint, params }) as Promise<EndpointResult<N>>;
}
