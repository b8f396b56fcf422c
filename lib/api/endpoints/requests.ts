// The request table: every endpoint's request half by name. This is all the background worker
// needs to validate and send any call (`endpointRequests[name].params` checks a remote call's
// params). It imports no response or event schema, which keeps them out of the worker's
// bundle: its whole size must stay under 40 KB gzipped.
import type * as z from 'zod/mini';
import { agentSettingsRequests } from './agent-settings';
import { serverRequests, v0Requests } from './v0';
import { agentRequests, v1Requests } from './v1';

export const endpointRequests = {
  ...serverRequests,
  ...v0Requests,
  ...v1Requests,
  ...agentRequests,
  ...agentSettingsRequests,
};

export type EndpointRequests = typeof endpointRequests;
export type EndpointName = keyof EndpointRequests;
export const endpointNames = Object.keys(endpointRequests) as EndpointName[];

export function isEndpointName(value: unknown): value is EndpointName {
  return typeof value === 'string' && Object.hasOwn(endpointRequests, value);
}

/** What a call of endpoint `N` takes: the input of its params schema. */
export type EndpointParams<N extends EndpointName> = z.input<EndpointRequests[N]['params']>;
