// The class names the service gives events, for the event search's `include_types` and
// `exclude_types`. Upstream's EventFilter holds event *classes* and tests them with
// `isinstance` (openhands/events/event_filter.py), so a type is named by its Python class
// (`CmdRunAction`, not `run`) and a base class matches every subclass (`Action`, `Observation`,
// `Event`). V1 events are named by their `kind`, which is their SDK class name, with the SDK's
// bases (`LLMConvertibleEvent`, `ObservationBaseEvent`, `Event`).

import type { ApiEvent } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';

/** V0 `action` value → class (openhands/events/action/*, 0.62.0). */
export const v0ActionClasses: Readonly<Record<string, string>> = {
  message: 'MessageAction',
  system: 'SystemMessageAction',
  run: 'CmdRunAction',
  run_ipython: 'IPythonRunCellAction',
  read: 'FileReadAction',
  write: 'FileWriteAction',
  edit: 'FileEditAction',
  browse: 'BrowseURLAction',
  browse_interactive: 'BrowseInteractiveAction',
  call_tool_mcp: 'MCPAction',
  think: 'AgentThinkAction',
  finish: 'AgentFinishAction',
  reject: 'AgentRejectAction',
  delegate: 'AgentDelegateAction',
  recall: 'RecallAction',
  change_agent_state: 'ChangeAgentStateAction',
  condensation: 'CondensationAction',
  condensation_request: 'CondensationRequestAction',
  task_tracking: 'TaskTrackingAction',
  loop_recovery: 'LoopRecoveryAction',
  null: 'NullAction',
};

/** V0 `observation` value → class (openhands/events/observation/*, 0.62.0). */
export const v0ObservationClasses: Readonly<Record<string, string>> = {
  run: 'CmdOutputObservation',
  run_ipython: 'IPythonRunCellObservation',
  read: 'FileReadObservation',
  write: 'FileWriteObservation',
  edit: 'FileEditObservation',
  browse: 'BrowserOutputObservation',
  mcp: 'MCPObservation',
  think: 'AgentThinkObservation',
  error: 'ErrorObservation',
  success: 'SuccessObservation',
  null: 'NullObservation',
  agent_state_changed: 'AgentStateChangedObservation',
  user_rejected: 'UserRejectObservation',
  condense: 'AgentCondensationObservation',
  recall: 'RecallObservation',
  delegate: 'AgentDelegateObservation',
  download: 'FileDownloadObservation',
  task_tracking: 'TaskTrackingObservation',
  loop_detection: 'LoopDetectionObservation',
};

/** V1 kind → its SDK base classes, nearest first (openhands-sdk/openhands/sdk/event/*). */
const v1Bases: Readonly<Record<string, readonly string[]>> = {
  ActionEvent: ['LLMConvertibleEvent'],
  MessageEvent: ['LLMConvertibleEvent'],
  SystemPromptEvent: ['LLMConvertibleEvent'],
  CondensationSummaryEvent: ['LLMConvertibleEvent'],
  ObservationEvent: ['ObservationBaseEvent', 'LLMConvertibleEvent'],
  UserRejectObservation: ['ObservationBaseEvent', 'LLMConvertibleEvent'],
  AgentErrorEvent: ['ObservationBaseEvent', 'LLMConvertibleEvent'],
};

/**
 * Every class name an event is an instance of, most specific first. Events the service would
 * not know how to load (unknown types) are only instances of their family's base classes.
 */
export function classNamesOf(event: ApiEvent): string[] {
  const raw = event.raw;
  if (typeof raw.kind === 'string') {
    return [raw.kind, ...(v1Bases[raw.kind] ?? []), 'Event'];
  }
  if (typeof raw.action === 'string') {
    const name = v0ActionClasses[raw.action];
    return name ? [name, 'Action', 'Event'] : ['Action', 'Event'];
  }
  if (typeof raw.observation === 'string') {
    const name = v0ObservationClasses[raw.observation];
    return name ? [name, 'Observation', 'Event'] : ['Observation', 'Event'];
  }
  return ['Event'];
}

/** Names offered in the search bar, per generation (bases first, then the concrete classes). */
export function knownClassNames(generation: Generation): string[] {
  if (generation === 'v0') {
    return [
      'Event',
      'Action',
      'Observation',
      ...Object.values(v0ActionClasses),
      ...Object.values(v0ObservationClasses),
    ];
  }
  return [
    'Event',
    'LLMConvertibleEvent',
    'ObservationBaseEvent',
    'MessageEvent',
    'ActionEvent',
    'ObservationEvent',
    'UserRejectObservation',
    'AgentErrorEvent',
    'ConversationErrorEvent',
    'SystemPromptEvent',
    'ConversationStateUpdateEvent',
    'PauseEvent',
    'Condensation',
    'CondensationRequest',
    'CondensationSummaryEvent',
    'TokenEvent',
    'LLMCompletionLogEvent',
    'ServerErrorEvent',
    'AskUserRequestEvent',
    'AskUserResponseEvent',
  ];
}

/**
 * The examples the search bar shows, in the generation's own type names: a V1 conversation's
 * events are SDK kinds, so V0 class names there would be refused as unknown.
 */
export function typeExamples(generation: Generation): {
  include: string;
  exclude: string;
  base: string;
} {
  return generation === 'v0'
    ? {
        include: 'CmdRunAction, Observation',
        exclude: 'AgentStateChangedObservation',
        base: 'Action',
      }
    : {
        include: 'ActionEvent, ObservationBaseEvent',
        exclude: 'ConversationStateUpdateEvent',
        base: 'ObservationBaseEvent',
      };
}
