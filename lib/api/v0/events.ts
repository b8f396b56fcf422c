// V0 event records (docs/contract/events.md#v0-event-record) and the non-event payloads of
// `oh_event` (docs/contract/v0-socket.md#status-payloads). Everything except the type field is
// optional (docs/contract/events.md#v0-event-record): the same action type has gained and lost
// fields over the years, and the trajectories in the fixtures carry fields since removed.
import * as z from 'zod/mini';
import '../zod-english';
import {
  AgentStateSchema,
  ConfirmationStateSchema,
  EventSourceSchema,
  RecallTypeSchema,
  RuntimeStatusSchema,
} from '../enums';

const text = z.nullish(z.string());
const flag = z.nullish(z.boolean());
const int = z.nullish(z.number());
const strings = z.nullish(z.array(z.string()));
const record = z.nullish(z.record(z.string(), z.unknown()));

/** Fields every V0 action may carry in `args`. */
const commonArgs = {
  thought: text,
  /** −1/0/1/2 = UNKNOWN/LOW/MEDIUM/HIGH; see `securityRiskFromV0`. */
  security_risk: int,
  confirmation_state: z.nullish(ConfirmationStateSchema),
};

const TaskItemSchema = z.looseObject({
  id: z.nullish(z.union([z.string(), z.number()])),
  title: text,
  status: text,
  notes: text,
});

/** `args` per `action` value (docs/contract/events.md#v0-actions). */
export const v0ActionArgsSchemas = {
  message: z.looseObject({
    ...commonArgs,
    content: text,
    file_urls: strings,
    image_urls: strings,
    wait_for_response: flag,
  }),
  system: z.looseObject({
    ...commonArgs,
    content: text,
    tools: z.nullish(z.array(z.unknown())),
    openhands_version: text,
    agent_class: text,
  }),
  run: z.looseObject({
    ...commonArgs,
    command: text,
    is_input: flag,
    blocking: flag,
    is_static: flag,
    cwd: text,
    /** Set by the server on internal commands; see `isMarkedHidden`. */
    hidden: flag,
  }),
  run_ipython: z.looseObject({
    ...commonArgs,
    code: text,
    include_extra: flag,
    kernel_init_code: text,
  }),
  read: z.looseObject({
    ...commonArgs,
    path: text,
    start: int,
    end: int,
    impl_source: text,
    view_range: z.nullish(z.array(z.number())),
  }),
  write: z.looseObject({ ...commonArgs, path: text, content: text, start: int, end: int }),
  edit: z.looseObject({
    ...commonArgs,
    path: text,
    command: text,
    file_text: text,
    old_str: text,
    new_str: text,
    insert_line: int,
    /** Older edit form: `content` with `start`/`end`. */
    content: text,
    start: int,
    end: int,
    impl_source: text,
  }),
  browse: z.looseObject({ ...commonArgs, url: text, return_axtree: flag }),
  browse_interactive: z.looseObject({
    ...commonArgs,
    browser_actions: text,
    browsergym_send_msg_to_user: text,
    return_axtree: flag,
  }),
  call_tool_mcp: z.looseObject({ ...commonArgs, name: text, arguments: record }),
  think: z.looseObject({ ...commonArgs }),
  finish: z.looseObject({ ...commonArgs, final_thought: text, outputs: record }),
  reject: z.looseObject({ ...commonArgs, outputs: record }),
  delegate: z.looseObject({ ...commonArgs, agent: text, inputs: record }),
  recall: z.looseObject({ ...commonArgs, recall_type: z.nullish(RecallTypeSchema), query: text }),
  change_agent_state: z.looseObject({ ...commonArgs, agent_state: z.nullish(AgentStateSchema) }),
  condensation: z.looseObject({
    forgotten_event_ids: z.nullish(z.array(z.number())),
    forgotten_events_start_id: int,
    forgotten_events_end_id: int,
    summary: text,
    summary_offset: int,
  }),
  condensation_request: z.looseObject({}),
  task_tracking: z.looseObject({
    ...commonArgs,
    command: text,
    task_list: z.nullish(z.array(TaskItemSchema)),
  }),
  loop_recovery: z.looseObject({ option: z.nullish(z.union([z.number(), z.string()])) }),
  null: z.looseObject({}),
} as const;
export type V0ActionType = keyof typeof v0ActionArgsSchemas;
export const v0ActionTypes = Object.keys(v0ActionArgsSchemas) as V0ActionType[];

const CommandMetadataSchema = z.looseObject({
  /** 0 success, −1 still running / soft timeout, other = failure. */
  exit_code: int,
  pid: int,
  username: text,
  hostname: text,
  working_dir: text,
  py_interpreter_path: text,
  prefix: text,
  suffix: text,
});

const browseExtras = {
  url: text,
  trigger_by_action: text,
  screenshot: text,
  screenshot_path: text,
  set_of_marks: text,
  error: flag,
  goal_image_urls: z.nullish(z.array(z.unknown())),
  open_pages_urls: strings,
  active_page_index: int,
  dom_object: record,
  axtree_object: record,
  extra_element_properties: record,
  last_browser_action: text,
  last_browser_action_error: text,
  focused_element_bid: text,
  filter_visible_only: flag,
};

/** `extras` per `observation` value (docs/contract/events.md#v0-observations). */
export const v0ObservationExtrasSchemas = {
  run: z.looseObject({ command: text, metadata: z.nullish(CommandMetadataSchema), hidden: flag }),
  run_ipython: z.looseObject({ code: text, image_urls: strings }),
  read: z.looseObject({ path: text, impl_source: text }),
  write: z.looseObject({ path: text }),
  edit: z.looseObject({
    path: text,
    prev_exist: flag,
    old_content: text,
    new_content: text,
    impl_source: text,
    /** Unified diff, when the server computed one. */
    diff: text,
  }),
  browse: z.looseObject(browseExtras),
  /** Not an upstream observation type, but the web UI lists it; same extras as `browse`. */
  browse_interactive: z.looseObject(browseExtras),
  mcp: z.looseObject({ name: text, arguments: record }),
  think: z.looseObject({}),
  error: z.looseObject({
    /** May be an i18n key such as `AGENT_ERROR$BAD_ACTION`. */
    error_id: text,
  }),
  success: z.looseObject({}),
  null: z.looseObject({}),
  agent_state_changed: z.looseObject({ agent_state: AgentStateSchema, reason: text }),
  user_rejected: z.looseObject({}),
  condense: z.looseObject({}),
  recall: z.looseObject({
    recall_type: z.nullish(RecallTypeSchema),
    repo_name: text,
    repo_directory: text,
    repo_branch: text,
    repo_instructions: text,
    /** `{<host>: <port>}`. */
    runtime_hosts: z.nullish(z.record(z.string(), z.unknown())),
    additional_agent_instructions: text,
    date: text,
    custom_secrets_descriptions: z.nullish(z.record(z.string(), z.unknown())),
    conversation_instructions: text,
    working_dir: text,
    microagent_knowledge: z.nullish(
      z.array(z.looseObject({ name: text, trigger: text, content: text })),
    ),
  }),
  delegate: z.looseObject({ outputs: record }),
  download: z.looseObject({ file_path: text }),
  task_tracking: z.looseObject({ command: text, task_list: z.nullish(z.array(TaskItemSchema)) }),
  loop_detection: z.looseObject({}),
} as const;
export type V0ObservationType = keyof typeof v0ObservationExtrasSchemas;
export const v0ObservationTypes = Object.keys(v0ObservationExtrasSchemas) as V0ObservationType[];

/**
 * `tool_call_metadata` without `model_response`: that is a whole LLM response (large, never to
 * be rendered or logged). It stays in the event's `raw` for anyone who needs it.
 */
export const ToolCallMetadataSchema = z.object({
  function_name: text,
  tool_call_id: text,
  total_calls_in_response: int,
});
export type ToolCallMetadata = z.infer<typeof ToolCallMetadataSchema>;

export const LlmMetricsSchema = z.looseObject({
  accumulated_cost: int,
  max_budget_per_task: int,
  accumulated_token_usage: z.nullish(
    z.looseObject({
      model: text,
      prompt_tokens: int,
      completion_tokens: int,
      cache_read_tokens: int,
      cache_write_tokens: int,
      context_window: int,
      per_turn_token: int,
    }),
  ),
  costs: z.nullish(z.array(z.unknown())),
  response_latencies: z.nullish(z.array(z.unknown())),
  token_usages: z.nullish(z.array(z.unknown())),
});
export type LlmMetrics = z.infer<typeof LlmMetricsSchema>;

/**
 * Top-level fields shared by V0 actions and observations (docs/contract/events.md#v0-event-record).
 */
export const v0EnvelopeShape = {
  /** Integer ≥ 0; absent on unsaved events and status payloads. */
  id: z.nullish(z.number().check(z.int())),
  /** Naive server-local time: never parse it as UTC. */
  timestamp: text,
  source: z.nullish(EventSourceSchema),
  message: text,
  tool_call_metadata: z.nullish(ToolCallMetadataSchema),
  llm_metrics: z.nullish(LlmMetricsSchema),
};

/** A stored V0 action record, for validating whole records (the reference service uses it). */
export const V0ActionRecordSchema = z.looseObject({
  ...v0EnvelopeShape,
  action: z.string(),
  args: z.nullish(z.looseObject({})),
  timeout: z.nullish(z.number()),
});

/** A stored V0 observation record. */
export const V0ObservationRecordSchema = z.looseObject({
  ...v0EnvelopeShape,
  observation: z.string(),
  /** The `id` of the action that caused it: the pairing key. */
  cause: z.nullish(z.number().check(z.int())),
  content: text,
  extras: z.nullish(z.looseObject({})),
  /** On `run` / `run_ipython`. */
  success: flag,
});

// --- Non-event payloads of `oh_event` (docs/contract/v0-socket.md#status-payloads) ---------------

/** `{status_update: true, type, id: <RuntimeStatus>, message}`. */
export const V0RuntimeStatusPayloadSchema = z.looseObject({
  status_update: z.literal(true),
  /** `info` or `error`; `error` also forces the agent state to `error`. */
  type: z.nullish(z.string()),
  id: z.nullish(RuntimeStatusSchema),
  message: text,
});

/** `{status_update: true, type: "info", message: <conversation id>, conversation_title}`. */
export const V0TitlePayloadSchema = z.looseObject({
  status_update: z.literal(true),
  type: z.nullish(z.string()),
  message: text,
  conversation_title: z.string(),
});

/** `{error: true, message}`: shown as an error banner. */
export const V0ErrorPayloadSchema = z.looseObject({
  error: z.literal(true),
  message: text,
});
