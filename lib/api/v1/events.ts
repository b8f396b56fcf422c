// V1 event kinds (docs/contract/events.md#v1-events) with their action and observation kinds. The
// SDK forbids extra fields, but servers of different versions add fields and v1.3.0 sends explicit
// nulls where newer servers omit the key, so every field is optional here unless the event means
// nothing without it.
import * as z from 'zod/mini';
import '../zod-english';
import {
  ConversationExecutionStatusSchema,
  EventSourceSchema,
  MessageRoleSchema,
  SecurityRiskSchema,
} from '../enums';
import { ContentItemSchema, ConversationStateSchema, ConversationStatsSchema } from './models';

const text = z.nullish(z.string());
const flag = z.nullish(z.boolean());
const num = z.nullish(z.number());
const contentList = z.nullish(z.array(ContentItemSchema));

/** Fields of every V1 event. */
export const v1EnvelopeShape = {
  kind: z.string(),
  /** UUID with dashes on the agent server. */
  id: text,
  /** Naive server-local time: never parse it as UTC. */
  timestamp: text,
  source: z.nullish(EventSourceSchema),
  /** Newer servers. */
  parent_id: text,
};

// --- Actions ---------------------------------------------------------------------------------

function actionSchema<K extends string, S extends z.core.$ZodShape>(kind: K, shape: S) {
  return z.looseObject({ ...shape, kind: z.literal(kind) });
}

const fileEditorAction = {
  /** `view`, `create`, `str_replace`, `insert`, `undo_edit`. */
  command: z.string(),
  path: z.string(),
  file_text: text,
  old_str: text,
  new_str: text,
  insert_line: num,
  view_range: z.nullish(z.array(z.number())),
};

const TaskItemSchema = z.looseObject({ title: text, notes: text, status: text });

/** Known `ActionEvent.action` kinds, by their current name. */
export const v1ActionSchemas = {
  TerminalAction: actionSchema('TerminalAction', {
    command: z.string(),
    is_input: flag,
    timeout: num,
    reset: flag,
  }),
  FileEditorAction: actionSchema('FileEditorAction', fileEditorAction),
  PlanningFileEditorAction: actionSchema('PlanningFileEditorAction', fileEditorAction),
  TaskTrackerAction: actionSchema('TaskTrackerAction', {
    /** `view` or `plan`. */
    command: text,
    task_list: z.nullish(z.array(TaskItemSchema)),
  }),
  FinishAction: actionSchema('FinishAction', { message: z.string() }),
  ThinkAction: actionSchema('ThinkAction', { thought: z.string() }),
  MCPToolAction: actionSchema('MCPToolAction', {
    data: z.nullish(z.record(z.string(), z.unknown())),
  }),
  BrowserNavigateAction: actionSchema('BrowserNavigateAction', { url: z.string(), new_tab: flag }),
  BrowserClickAction: actionSchema('BrowserClickAction', { index: z.number(), new_tab: flag }),
  BrowserTypeAction: actionSchema('BrowserTypeAction', { index: z.number(), text: z.string() }),
  BrowserGetStateAction: actionSchema('BrowserGetStateAction', { include_screenshot: flag }),
  BrowserGetContentAction: actionSchema('BrowserGetContentAction', {
    extract_links: flag,
    start_from_char: num,
  }),
  BrowserScrollAction: actionSchema('BrowserScrollAction', { direction: text }),
  BrowserGoBackAction: actionSchema('BrowserGoBackAction', {}),
  BrowserListTabsAction: actionSchema('BrowserListTabsAction', {}),
  BrowserSwitchTabAction: actionSchema('BrowserSwitchTabAction', { tab_id: z.string() }),
  BrowserCloseTabAction: actionSchema('BrowserCloseTabAction', { tab_id: z.string() }),
  BrowserGetStorageAction: actionSchema('BrowserGetStorageAction', {}),
  BrowserSetStorageAction: actionSchema('BrowserSetStorageAction', {
    storage_state: z.nullish(z.record(z.string(), z.unknown())),
  }),
  BrowserStartRecordingAction: actionSchema('BrowserStartRecordingAction', {}),
  BrowserStopRecordingAction: actionSchema('BrowserStopRecordingAction', {}),
  GlobAction: actionSchema('GlobAction', { pattern: z.string(), path: text }),
  GrepAction: actionSchema('GrepAction', { pattern: z.string(), path: text, include: text }),
  EditAction: actionSchema('EditAction', {
    file_path: z.string(),
    old_string: z.string(),
    new_string: z.string(),
    expected_replacements: num,
  }),
  ListDirectoryAction: actionSchema('ListDirectoryAction', { dir_path: text, recursive: flag }),
  ReadFileAction: actionSchema('ReadFileAction', {
    file_path: z.string(),
    offset: num,
    limit: num,
  }),
  WriteFileAction: actionSchema('WriteFileAction', { file_path: z.string(), content: z.string() }),
  DelegateAction: actionSchema('DelegateAction', {}),
  /** The `ask_user` tool (agent servers 1.54+): its questions are in the AskUserRequestEvent. */
  AskUserAction: actionSchema('AskUserAction', {
    questions: z.nullish(z.array(z.unknown())),
    timeout_seconds: num,
  }),
} as const;
export type V1ActionKind = keyof typeof v1ActionSchemas;
export const v1ActionKinds = Object.keys(v1ActionSchemas) as V1ActionKind[];

/**
 * Older names of the same kinds (`ExecuteBashAction` → `TerminalAction`, …). They live in
 * ./legacy-kinds, which imports no zod, so the worker's event reader can map them too.
 */
export { v1LegacyActionKinds, v1LegacyObservationKinds } from './legacy-kinds';

// --- Observations ----------------------------------------------------------------------------

function observationSchema<K extends string, S extends z.core.$ZodShape>(kind: K, shape: S) {
  return z.looseObject({ content: contentList, is_error: flag, ...shape, kind: z.literal(kind) });
}

const CommandMetadataSchema = z.looseObject({
  exit_code: num,
  pid: num,
  username: text,
  hostname: text,
  working_dir: text,
  py_interpreter_path: text,
  prefix: text,
  suffix: text,
});

const fileEditorObservation = {
  command: text,
  path: text,
  prev_exist: flag,
  /** The diff is computed client-side from old/new. */
  old_content: text,
  new_content: text,
};

/** Known `ObservationEvent.observation` kinds, by their current name. */
export const v1ObservationSchemas = {
  TerminalObservation: observationSchema('TerminalObservation', {
    command: text,
    /** −1 = still running / soft timeout. */
    exit_code: num,
    timeout: flag,
    metadata: z.nullish(CommandMetadataSchema),
    full_output_save_dir: text,
  }),
  FileEditorObservation: observationSchema('FileEditorObservation', fileEditorObservation),
  PlanningFileEditorObservation: observationSchema(
    'PlanningFileEditorObservation',
    fileEditorObservation,
  ),
  TaskTrackerObservation: observationSchema('TaskTrackerObservation', {
    command: text,
    task_list: z.nullish(z.array(TaskItemSchema)),
  }),
  FinishObservation: observationSchema('FinishObservation', {}),
  ThinkObservation: observationSchema('ThinkObservation', {}),
  MCPToolObservation: observationSchema('MCPToolObservation', { tool_name: text }),
  BrowserObservation: observationSchema('BrowserObservation', {
    screenshot_data: text,
    full_output_save_dir: text,
  }),
  GlobObservation: observationSchema('GlobObservation', {
    files: z.nullish(z.array(z.string())),
    pattern: text,
    search_path: text,
    truncated: flag,
  }),
  GrepObservation: observationSchema('GrepObservation', {
    matches: z.nullish(z.array(z.unknown())),
    pattern: text,
    search_path: text,
    include_pattern: text,
    truncated: flag,
  }),
  EditObservation: observationSchema('EditObservation', {
    file_path: text,
    is_new_file: flag,
    replacements_made: num,
    old_content: text,
    new_content: text,
  }),
  ListDirectoryObservation: observationSchema('ListDirectoryObservation', {
    dir_path: text,
    entries: z.nullish(z.array(z.unknown())),
    total_count: num,
    is_truncated: flag,
  }),
  ReadFileObservation: observationSchema('ReadFileObservation', {
    file_path: text,
    file_content: text,
    is_truncated: flag,
    lines_shown: z.nullish(z.array(z.number())),
    total_lines: num,
  }),
  WriteFileObservation: observationSchema('WriteFileObservation', {
    file_path: text,
    is_new_file: flag,
    old_content: text,
    new_content: text,
  }),
  DelegateObservation: observationSchema('DelegateObservation', {}),
  /** What the agent was told of the person's answer (`accept`, `decline` or `cancel`). */
  AskUserObservation: observationSchema('AskUserObservation', {
    resolution: text,
    message: text,
    answers: z.optional(z.unknown()),
  }),
} as const;
export type V1ObservationKind = keyof typeof v1ObservationSchemas;
export const v1ObservationKinds = Object.keys(v1ObservationSchemas) as V1ObservationKind[];

// --- Events ----------------------------------------------------------------------------------

export const MessageSchema = z.looseObject({
  role: MessageRoleSchema,
  content: z.nullish(z.array(ContentItemSchema)),
  tool_calls: z.nullish(z.array(z.unknown())),
  tool_call_id: text,
  name: text,
  reasoning_content: text,
  thinking_blocks: z.nullish(z.array(z.unknown())),
});

/**
 * One question of an AskUserRequestEvent (openhands-sdk/openhands/sdk/event/ask_user_schema.py
 * `QuestionInfo`): no options means the person answers in their own words.
 */
export const AskUserOptionSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  description: text,
});
export const AskUserQuestionSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  options: z.nullish(z.array(AskUserOptionSchema)),
  multi_select: flag,
});
export type AskUserQuestion = z.output<typeof AskUserQuestionSchema>;

/** One selection of an answer; its `label` carries the words typed for a question without options. */
export const AskUserAnswerSchema = z.looseObject({ option_id: z.string(), label: z.string() });

export const MessageToolCallSchema = z.looseObject({
  id: text,
  name: text,
  /** A JSON string as the LLM produced it (may include `security_risk`). */
  arguments: text,
  /** `completion` or `responses`. */
  origin: text,
});

/**
 * Per event kind: the fields beyond the envelope, as plain shapes. ActionEvent's `action` and
 * ObservationEvent's `observation` are read separately against the kind tables above.
 */
export const v1EventShapes = {
  MessageEvent: {
    llm_message: MessageSchema,
    llm_response_id: text,
    activated_skills: z.nullish(z.array(z.string())),
    extended_content: contentList,
    sender: text,
    critic_result: z.optional(z.unknown()),
  },
  ActionEvent: {
    /** Null when the LLM's tool call could not be executed; re-read per kind when parsing. */
    action: z.nullish(z.looseObject({ kind: z.string() })),
    thought: contentList,
    reasoning_content: text,
    thinking_blocks: z.nullish(z.array(z.unknown())),
    responses_reasoning_item: z.optional(z.unknown()),
    tool_name: text,
    tool_call_id: text,
    tool_call: z.nullish(MessageToolCallSchema),
    /** Shared by the parallel tool calls of one LLM response. */
    llm_response_id: text,
    security_risk: z.nullish(SecurityRiskSchema),
    summary: text,
    critic_result: z.optional(z.unknown()),
  },
  ObservationEvent: {
    observation: z.looseObject({ kind: z.string() }),
    /** The `id` of the ActionEvent this answers: the pairing key. */
    action_id: z.string(),
    tool_name: text,
    tool_call_id: text,
  },
  UserRejectObservation: {
    action_id: z.string(),
    tool_name: text,
    tool_call_id: text,
    rejection_reason: text,
    /** `user` or `hook` (newer servers). */
    rejection_source: text,
  },
  AgentErrorEvent: { error: z.string(), tool_name: text, tool_call_id: text },
  ConversationErrorEvent: { code: text, detail: text },
  ServerErrorEvent: { code: text, detail: text },
  SystemPromptEvent: {
    system_prompt: z.nullish(ContentItemSchema),
    /** OpenAI function tools (v1.3.0) or kind-tagged tool definitions (newer): opaque. */
    tools: z.nullish(z.array(z.unknown())),
    dynamic_context: z.nullish(ContentItemSchema),
  },
  ConversationStateUpdateEvent: { key: z.string(), value: z.unknown() },
  PauseEvent: {},
  Condensation: {
    forgotten_event_ids: z.nullish(z.array(z.string())),
    summary: text,
    summary_offset: num,
    llm_response_id: text,
  },
  CondensationRequest: {},
  CondensationSummaryEvent: { summary: text },
  TokenEvent: {
    prompt_token_ids: z.nullish(z.array(z.number())),
    response_token_ids: z.nullish(z.array(z.number())),
  },
  LLMCompletionLogEvent: { filename: text, log_data: text, model_name: text, usage_id: text },
  /** The agent asks the person and waits (agent servers 1.54+, sdk/event/ask_user.py). */
  AskUserRequestEvent: {
    /** What an answer names; distinct from the tool call's id. */
    request_id: z.string(),
    questions: z.array(AskUserQuestionSchema),
    /** The `ask_user` ActionEvent this request resolves. */
    action_id: text,
    tool_call_id: text,
    tool_name: text,
    timeout_seconds: num,
  },
  /**
   * The answer: `accept` (with `answers` by question id; one selection or, on newer servers, a
   * list), `decline` or `cancel`. Source `user` for a person's answer, `environment` for one the
   * server gave itself (a time-out, a restart, the conversation closing).
   */
  AskUserResponseEvent: {
    request_id: z.string(),
    action: z.string(),
    answers: z.nullish(
      z.record(z.string(), z.union([AskUserAnswerSchema, z.array(AskUserAnswerSchema)])),
    ),
  },
} as const;
export type V1EventKind = keyof typeof v1EventShapes;
export const v1EventKinds = Object.keys(v1EventShapes) as V1EventKind[];

/** Typed values of the `ConversationStateUpdateEvent` keys the contract names. */
export const v1StateValueSchemas = {
  full_state: ConversationStateSchema,
  execution_status: ConversationExecutionStatusSchema,
  stats: ConversationStatsSchema,
} as const;
