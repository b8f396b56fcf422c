// Where each event class lives in the SDK (v1.43.1): events/search and events/count compare
// their `kind` filter with `f"{event.__class__.__module__}.{event.__class__.__name__}"`
// (event_service.py `_event_matches_filters`), so only the fully qualified name matches and a
// bare `MessageEvent` matches nothing.
const modules: Record<string, string> = {
  ACPToolCallEvent: 'openhands.sdk.event.acp_tool_call',
  ActionEvent: 'openhands.sdk.event.llm_convertible.action',
  AgentErrorEvent: 'openhands.sdk.event.llm_convertible.observation',
  Condensation: 'openhands.sdk.event.condenser',
  CondensationRequest: 'openhands.sdk.event.condenser',
  CondensationSummaryEvent: 'openhands.sdk.event.condenser',
  ConversationErrorEvent: 'openhands.sdk.event.conversation_error',
  ConversationStateUpdateEvent: 'openhands.sdk.event.conversation_state',
  HookExecutionEvent: 'openhands.sdk.event.hook_execution',
  InterruptEvent: 'openhands.sdk.event.user_action',
  LLMCompletionLogEvent: 'openhands.sdk.event.llm_completion_log',
  MessageEvent: 'openhands.sdk.event.llm_convertible.message',
  ObservationEvent: 'openhands.sdk.event.llm_convertible.observation',
  PauseEvent: 'openhands.sdk.event.user_action',
  ServerErrorEvent: 'openhands.agent_server.models',
  StreamingDeltaEvent: 'openhands.sdk.event.streaming_delta',
  SystemPromptEvent: 'openhands.sdk.event.llm_convertible.system',
  TokenEvent: 'openhands.sdk.event.token',
  UserRejectObservation: 'openhands.sdk.event.llm_convertible.observation',
};

/** The class's `module.name` for a stored event's `kind`. */
export function qualifiedEventKind(kind: string): string {
  const module = modules[kind];
  return module ? `${module}.${kind}` : kind;
}
