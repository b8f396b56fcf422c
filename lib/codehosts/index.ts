// Code hosts' REST APIs read directly from the extension: the shared request client, each
// host's setup, and what is read of a pull or merge request.

export {
  apiBaseFor,
  type HostApi,
  type HostTarget,
  hostApiOf,
  hostClient,
  hostOriginOf,
} from './hosts';
export { ConditionalCache, type Fetch, HostClient } from './http';
export { CodeHostError, type CodeHostProblem } from './problem';
export * from './pull-status';
export { createPullReader } from './pulls';
