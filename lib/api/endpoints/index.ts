// The method table: every endpoint of the client by name. The worker can expose exactly this
// table over extension messaging (`apiEndpoints[name].params` validates a remote call).
import { serverEndpoints, v0Endpoints } from './v0';
import { agentEndpoints, v1Endpoints } from './v1';

export const apiEndpoints = {
  ...serverEndpoints,
  ...v0Endpoints,
  ...v1Endpoints,
  ...agentEndpoints,
};

export type ApiEndpoints = typeof apiEndpoints;
export type EndpointName = keyof ApiEndpoints;
export const endpointNames = Object.keys(apiEndpoints) as EndpointName[];

export function isEndpointName(value: unknown): value is EndpointName {
  return typeof value === 'string' && Object.hasOwn(apiEndpoints, value);
}

export { parseStreamedArray } from './v1';
