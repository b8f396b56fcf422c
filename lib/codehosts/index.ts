// Code hosts' REST APIs read directly from the extension: the shared request client, each
// host's setup, what is read of a pull or merge request, and what is handed back of it.

export {
  type HandBackComment,
  type HandBackDraft,
  type HandBackTarget,
  type HandBackTask,
  handBackDraft,
  handBackTasks,
  handBackText,
  MAX_MESSAGE_CHARS,
  SUGGESTED_TASK_TYPE,
  writeAccess,
} from './hand-back';
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
