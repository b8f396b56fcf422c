// V1 conversations through V0 eyes: how an execution status reads as a V0 agent state
// (docs/ui/status-words.md#where-state-comes-from) and a sandbox status as a V0 conversation status
// (docs/contract/v0-rest.md#v1-conversations-through-v0-routes), so the worker's attention rules
// and the panel's words treat both interfaces alike. Zod-free: the worker imports it.

/** V1 execution status seen as the V0 agent state it corresponds to; null when unknown. */
export function agentStateOfExecution(status: string | null | undefined): string | null {
  switch (status) {
    case null:
    case undefined:
      return null;
    case 'idle':
      return 'awaiting_user_input';
    case 'waiting_for_confirmation':
      return 'awaiting_user_confirmation';
    case 'stuck':
      return 'error';
    default:
      return status;
  }
}

/** V1 sandbox status seen as the V0 conversation status it corresponds to; null when unknown. */
export function conversationStatusOfSandbox(
  sandboxStatus: string | null | undefined,
): string | null {
  switch (sandboxStatus) {
    case 'RUNNING':
      return 'RUNNING';
    case 'STARTING':
      return 'STARTING';
    case 'PAUSED':
      return 'STOPPED';
    case 'ERROR':
      return 'ERROR';
    case 'MISSING':
      return 'ARCHIVED';
    default:
      return null;
  }
}
