// The method table: every endpoint of the client by name, both halves together. The worker
// imports the request half only (./requests, with the raw client); pages validate with the
// response half (./responses); this whole table is for the full client, tests and the
// reference service.
import type { RequestSpec } from '../endpoint';
import {
  type EndpointName,
  type EndpointRequests,
  endpointNames,
  endpointRequests,
} from './requests';
import { type EndpointResponses, endpointResponses } from './responses';

export type ApiEndpoints = {
  [N in EndpointName]: EndpointRequests[N] & { response: EndpointResponses[N] };
};

export const apiEndpoints = Object.fromEntries(
  endpointNames.map((name) => [
    name,
    { ...(endpointRequests[name] as RequestSpec), response: endpointResponses[name] },
  ]),
) as ApiEndpoints;

export {
  type EndpointName,
  type EndpointParams,
  type EndpointRequests,
  endpointNames,
  endpointRequests,
  isEndpointName,
} from './requests';
export {
  type EndpointResponses,
  type EndpointResult,
  endpointResponses,
  parseEndpointResult,
  type ResultContext,
} from './responses';
export { parseStreamedArray } from './v1';
