// One entry point for every event the service sends, V0 or V1, live or from history. The
// result is a typed union that never loses the original object and never throws on content:
// an unknown type or a malformed event becomes an `unknown` variant, so a newer server can
// never break the timeline.

import * as z from 'zod/mini';
import type { Generation } from './generation';
import './zod-english';
import type { AgentState, ConversationExecutionStatus, EventSource, RuntimeStatus } from './enums';
import { eventKeyOf, stringOrNull, v0IdOf } from './envelope';
import {
  type LlmMetrics,
  type ToolCallMetadata,
  type V0ActionType,
  V0ErrorPayloadSchema,
  type V0ObservationType,
  V0RuntimeStatusPayloadSchema,
  V0TitlePayloadSchema,
  v0ActionArgsSchemas,
  v0EnvelopeShape,
  v0ObservationExtrasSchemas,
} from './v0/events';
import {
  type V1ActionKind,
  type V1EventKind,
  type V1ObservationKind,
  v1ActionSchemas,
  v1EnvelopeShape,
  v1EventShapes,
  v1LegacyActionKinds,
  v1LegacyObservationKinds,
  v1ObservationSchemas,
  v1StateValueSchemas,
} from './v1/events';
import type { ConversationState, ConversationStats } from './v1/models';

// --- The union -------------------------------------------------------------------------------

/** Fields every variant has. */
interface EventBase {
  /** The object exactly as received. Kept for rendering unknown fields and for re-parsing. */
  raw: Record<string, unknown>;
  /**
   * Stable de-duplication key (`v0:<id>` / `v1:<id>`), the same for the same event from the
   * socket, a replay or a REST page. Null for payloads that are not stored events.
   */
  key: string | null;
  /** Naive server-local time as sent; never parse it as UTC. */
  timestamp: string | null;
  source: EventSource | null;
}

interface V0Base extends EventBase {
  generation: 'v0';
  /** Integer id; null on unsaved events. */
  id: number | null;
  /** The server's one-line summary (for `message` actions, the text). */
  message: string | null;
  /** Without `model_response` (a whole LLM response; still in `raw`). */
  tool_call_metadata: ToolCallMetadata | null;
  llm_metrics: LlmMetrics | null;
}

type V0Args<A extends V0ActionType> = z.output<(typeof v0ActionArgsSchemas)[A]>;
type V0Extras<O extends V0ObservationType> = z.output<(typeof v0ObservationExtrasSchemas)[O]>;

/** A V0 action (docs/contract/events.md#v0-actions); narrow on `action` to type `args`. */
export type V0ActionEvent = {
  [A in V0ActionType]: V0Base & {
    type: 'v0.action';
    action: A;
    args: V0Args<A>;
    timeout: number | null;
  };
}[V0ActionType];

/**
 * A V0 observation (docs/contract/events.md#v0-observations); narrow on `observation` to type
 * `extras`.
 */
export type V0ObservationEvent = {
  [O in V0ObservationType]: V0Base & {
    type: 'v0.observation';
    observation: O;
    extras: V0Extras<O>;
    /** Output text. */
    content: string;
    /** Id of the action it answers (see `pairKey`). */
    cause: number | null;
    /** On `run` / `run_ipython`, mirrors the exit code. */
    success: boolean | null;
  };
}[V0ObservationType];

interface V0NoticeBase extends EventBase {
  generation: 'v0';
  id: null;
  key: null;
}

/** `{status_update: true, type, id: "STATUS$…", message}`: runtime progress or failure. */
export interface V0RuntimeStatusEvent extends V0NoticeBase {
  type: 'v0.runtime-status';
  /** `info` or `error`; an error also means the agent state is now `error`. */
  level: string;
  statusId: RuntimeStatus | null;
  message: string | null;
}

/** `{status_update: true, conversation_title}`: the title changed. */
export interface V0TitleChangedEvent extends V0NoticeBase {
  type: 'v0.title-changed';
  conversationId: string | null;
  title: string;
}

/** `{error: true, message}`: an error banner. */
export interface V0ErrorNoticeEvent extends V0NoticeBase {
  type: 'v0.error';
  message: string | null;
}

/**
 * An `agent_state_changed` without an id: sent when the conversation closes
 * (docs/contract/v0-socket.md#status-payloads).
 */
export interface V0AgentStateNoticeEvent extends V0NoticeBase {
  type: 'v0.agent-state-notice';
  agentState: AgentState;
  reason: string | null;
}

export type V0Event =
  | V0ActionEvent
  | V0ObservationEvent
  | V0RuntimeStatusEvent
  | V0TitleChangedEvent
  | V0ErrorNoticeEvent
  | V0AgentStateNoticeEvent;

interface V1Base extends EventBase {
  generation: 'v1';
  /** UUID string (with dashes on the agent server). */
  id: string | null;
  parent_id: string | null;
}

type V1Fields<K extends V1EventKind> = z.output<z.ZodMiniObject<(typeof v1EventShapes)[K]>>;
type V1Variant<T extends string, K extends V1EventKind, Omitted extends string = never> = V1Base &
  Omit<V1Fields<K>, Omitted> & { type: T; kind: K };

/** An action object of a kind this layer does not know (or that failed its kind's schema). */
export type V1OtherPayload = { kind: string } & Record<string, unknown>;

type V1ActionEventBase = V1Variant<'v1.action', 'ActionEvent', 'action'>;
/**
 * A V1 ActionEvent; narrow on `actionKind` to type `action`. Legacy kinds are mapped
 * (`ExecuteBashAction` → `TerminalAction`); `other` keeps the object of an unknown kind (or of a
 * known kind whose fields did not fit) so the event still pairs; `null` is a tool call that could
 * not be executed.
 */
export type V1ActionEvent =
  | {
      [K in V1ActionKind]: V1ActionEventBase & {
        actionKind: K;
        action: z.output<(typeof v1ActionSchemas)[K]>;
      };
    }[V1ActionKind]
  | (V1ActionEventBase & { actionKind: 'other'; action: V1OtherPayload })
  | (V1ActionEventBase & { actionKind: null; action: null });

type V1ObservationEventBase = V1Variant<'v1.observation', 'ObservationEvent', 'observation'>;
/** A V1 ObservationEvent; narrow on `observationKind` to type `observation`. */
export type V1ObservationEvent =
  | {
      [K in V1ObservationKind]: V1ObservationEventBase & {
        observationKind: K;
        observation: z.output<(typeof v1ObservationSchemas)[K]>;
      };
    }[V1ObservationKind]
  | (V1ObservationEventBase & { observationKind: 'other'; observation: V1OtherPayload });

type V1StateUpdateBase = V1Variant<
  'v1.state-update',
  'ConversationStateUpdateEvent',
  'value' | 'key'
> & {
  /**
   * The state field that changed: the wire `key` (`full_state`, `execution_status`, `stats`,
   * `confirmation_policy`, …). Renamed because `key` is the de-duplication key here.
   */
  stateField: string;
};
/**
 * A ConversationStateUpdateEvent; narrow on `stateKey` to type `value`. `stateKey` is the
 * wire key when the contract names it and its value fits, else `other` (see `stateField`).
 */
export type V1StateUpdateEvent =
  | (V1StateUpdateBase & { stateKey: 'full_state'; value: ConversationState })
  | (V1StateUpdateBase & { stateKey: 'execution_status'; value: ConversationExecutionStatus })
  | (V1StateUpdateBase & { stateKey: 'stats'; value: ConversationStats })
  /** Any other state field (`confirmation_policy`, …), or a value that failed its schema. */
  | (V1StateUpdateBase & { stateKey: 'other'; value: unknown });

export type V1MessageEvent = V1Variant<'v1.message', 'MessageEvent'>;
export type V1UserRejectEvent = V1Variant<'v1.user-reject', 'UserRejectObservation'>;
export type V1AgentErrorEvent = V1Variant<'v1.agent-error', 'AgentErrorEvent'>;
export type V1ConversationErrorEvent = V1Variant<'v1.conversation-error', 'ConversationErrorEvent'>;
export type V1ServerErrorEvent = V1Variant<'v1.server-error', 'ServerErrorEvent'>;
export type V1SystemPromptEvent = V1Variant<'v1.system-prompt', 'SystemPromptEvent'>;
export type V1PauseEvent = V1Variant<'v1.pause', 'PauseEvent'>;
export type V1CondensationEvent = V1Variant<'v1.condensation', 'Condensation'>;
export type V1CondensationRequestEvent = V1Variant<
  'v1.condensation-request',
  'CondensationRequest'
>;
export type V1CondensationSummaryEvent = V1Variant<
  'v1.condensation-summary',
  'CondensationSummaryEvent'
>;
export type V1TokenEvent = V1Variant<'v1.token', 'TokenEvent'>;
export type V1LlmCompletionLogEvent = V1Variant<'v1.llm-completion-log', 'LLMCompletionLogEvent'>;
export type V1AskUserRequestEvent = V1Variant<'v1.ask-user-request', 'AskUserRequestEvent'>;
export type V1AskUserResponseEvent = V1Variant<'v1.ask-user-response', 'AskUserResponseEvent'>;

export type V1Event =
  | V1MessageEvent
  | V1ActionEvent
  | V1ObservationEvent
  | V1UserRejectEvent
  | V1AgentErrorEvent
  | V1ConversationErrorEvent
  | V1ServerErrorEvent
  | V1SystemPromptEvent
  | V1StateUpdateEvent
  | V1PauseEvent
  | V1CondensationEvent
  | V1CondensationRequestEvent
  | V1CondensationSummaryEvent
  | V1TokenEvent
  | V1LlmCompletionLogEvent
  | V1AskUserRequestEvent
  | V1AskUserResponseEvent;

/** Anything not recognised, kept whole: render it as generic JSON, never drop it. */
export interface UnknownEvent extends EventBase {
  type: 'unknown';
  /** Best guess from the shape: `kind` → v1, `action`/`observation`/integer id → v0. */
  generation: Generation | null;
  id: number | string | null;
  /** The `action`, `observation` or `kind` value, when there is one. */
  typeName: string | null;
  /** `unknown-type`: a type this layer does not know; `invalid-shape`: a known type whose
   * fields did not fit; `unrecognised`: no type field at all. */
  reason: 'unknown-type' | 'invalid-shape' | 'unrecognised';
  /** For `invalid-shape`: which field was wrong. */
  problem: string | null;
}

/**
 * Every event the service sends, as `parseEvent` returns it.
 *
 * How to consume it:
 * - `switch (event.type)`: `v0.action`, `v0.observation`, `v0.runtime-status`,
 *   `v0.title-changed`, `v0.error`, `v0.agent-state-notice`, `v1.message`, `v1.action`,
 *   `v1.observation`, `v1.state-update`, `v1.user-reject`, `v1.agent-error`,
 *   `v1.conversation-error`, `v1.server-error`, `v1.system-prompt`, `v1.pause`,
 *   `v1.condensation*`, `v1.token`, `v1.llm-completion-log`, `v1.ask-user-request`,
 *   `v1.ask-user-response`, `unknown`.
 * - Then narrow once more on the second discriminant: `action` / `observation` (V0),
 * `actionKind` / `observationKind` / `stateKey` (V1). Example: `if (e.type === 'v0.action' &&
 * e.action === 'run') e.args.command`; `if (e.type === 'v1.observation' && e.observationKind ===
 * 'TerminalObservation') e.observation.exit_code`.
 * - De-duplicate by `key` (null: not a stored event). Pair actions and observations with
 *   `pairKey`. Wire field names are kept (`args`, `extras`, `llm_message`, …); absent and
 *   `null` fields both read as nullish, so use `??`.
 * - `raw` is always the original object. To send events across extension messaging cheaply,
 *   send `raw` and call `parseEvent` again on the other side.
 */
export type ApiEvent = V0Event | V1Event | UnknownEvent;
export type ApiEventType = ApiEvent['type'];

/** Keys are computed the same way by the zod-free envelope reader the worker uses. */
export { eventKeyOf };

// --- Parsing ---------------------------------------------------------------------------------

function summariseIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function unknownEvent(
  raw: Record<string, unknown>,
  reason: UnknownEvent['reason'],
  problem: string | null = null,
): UnknownEvent {
  const typeName =
    stringOrNull(raw.kind) ?? stringOrNull(raw.action) ?? stringOrNull(raw.observation);
  let generation: UnknownEvent['generation'] = null;
  if (typeof raw.kind === 'string') generation = 'v1';
  else if (
    typeof raw.action === 'string' ||
    typeof raw.observation === 'string' ||
    v0IdOf(raw.id) !== null
  ) {
    generation = 'v0';
  }
  let id: number | string | null = null;
  if (generation === 'v0') id = v0IdOf(raw.id);
  else if (typeof raw.id === 'string' || typeof raw.id === 'number') id = raw.id;
  return {
    type: 'unknown',
    generation,
    id,
    key: generation && id !== null ? eventKeyOf(generation, id) : null,
    timestamp: stringOrNull(raw.timestamp),
    source: stringOrNull(raw.source),
    raw,
    typeName,
    reason,
    problem,
  };
}

const emptyToObject = (value: unknown) => (value === null || value === undefined ? {} : value);

const v0ActionSchemas = Object.fromEntries(
  Object.entries(v0ActionArgsSchemas).map(([action, args]) => [
    action,
    z.object({
      ...v0EnvelopeShape,
      action: z.literal(action),
      args: z.pipe(z.transform(emptyToObject), args),
      timeout: z.nullish(z.number()),
    }),
  ]),
) as unknown as Record<V0ActionType, z.ZodMiniType<Record<string, unknown>>>;

const v0ObservationSchemas = Object.fromEntries(
  Object.entries(v0ObservationExtrasSchemas).map(([observation, extras]) => [
    observation,
    z.object({
      ...v0EnvelopeShape,
      observation: z.literal(observation),
      extras: z.pipe(z.transform(emptyToObject), extras),
      content: z.nullish(z.string()),
      cause: z.nullish(z.number().check(z.int())),
      success: z.nullish(z.boolean()),
    }),
  ]),
) as unknown as Record<V0ObservationType, z.ZodMiniType<Record<string, unknown>>>;

function v0Common(raw: Record<string, unknown>, parsed: Record<string, unknown>) {
  const id = v0IdOf(parsed.id);
  return {
    generation: 'v0' as const,
    id,
    key: id === null ? null : eventKeyOf('v0', id),
    timestamp: stringOrNull(parsed.timestamp),
    source: stringOrNull(parsed.source),
    message: stringOrNull(parsed.message),
    tool_call_metadata: (parsed.tool_call_metadata ?? null) as ToolCallMetadata | null,
    llm_metrics: (parsed.llm_metrics ?? null) as LlmMetrics | null,
    raw,
  };
}

function isKnown<T extends string>(table: Record<T, unknown>, name: string): name is T {
  return Object.hasOwn(table, name);
}

function parseV0(raw: Record<string, unknown>): ApiEvent {
  // Status payloads first (docs/contract/events.md#robustness): they share fields (`id`, `type`)
  // with events.
  if (raw.status_update === true) {
    const title = V0TitlePayloadSchema.safeParse(raw);
    if (title.success) {
      return {
        type: 'v0.title-changed',
        generation: 'v0',
        id: null,
        key: null,
        timestamp: null,
        source: null,
        raw,
        conversationId: title.data.message ?? null,
        title: title.data.conversation_title,
      };
    }
    const status = V0RuntimeStatusPayloadSchema.safeParse(raw);
    if (!status.success) return unknownEvent(raw, 'invalid-shape', summariseIssue(status.error));
    return {
      type: 'v0.runtime-status',
      generation: 'v0',
      id: null,
      key: null,
      timestamp: null,
      source: null,
      raw,
      level: status.data.type ?? 'info',
      statusId: status.data.id ?? null,
      message: status.data.message ?? null,
    };
  }
  if (raw.error === true && raw.action === undefined && raw.observation === undefined) {
    const notice = V0ErrorPayloadSchema.safeParse(raw);
    if (!notice.success) return unknownEvent(raw, 'invalid-shape', summariseIssue(notice.error));
    return {
      type: 'v0.error',
      generation: 'v0',
      id: null,
      key: null,
      timestamp: null,
      source: null,
      raw,
      message: notice.data.message ?? null,
    };
  }
  if (typeof raw.action === 'string') {
    const action = raw.action;
    if (!isKnown(v0ActionSchemas, action)) return unknownEvent(raw, 'unknown-type');
    const parsed = v0ActionSchemas[action].safeParse(raw);
    if (!parsed.success) return unknownEvent(raw, 'invalid-shape', summariseIssue(parsed.error));
    return {
      ...v0Common(raw, parsed.data),
      type: 'v0.action',
      action,
      args: parsed.data.args,
      timeout: typeof parsed.data.timeout === 'number' ? parsed.data.timeout : null,
    } as V0ActionEvent;
  }
  if (typeof raw.observation === 'string') {
    const observation = raw.observation;
    if (!isKnown(v0ObservationSchemas, observation)) return unknownEvent(raw, 'unknown-type');
    const parsed = v0ObservationSchemas[observation].safeParse(raw);
    if (!parsed.success) return unknownEvent(raw, 'invalid-shape', summariseIssue(parsed.error));
    const common = v0Common(raw, parsed.data);
    if (observation === 'agent_state_changed' && common.id === null) {
      const extras = parsed.data.extras as V0Extras<'agent_state_changed'>;
      return {
        type: 'v0.agent-state-notice',
        generation: 'v0',
        id: null,
        key: null,
        timestamp: common.timestamp,
        source: common.source,
        raw,
        agentState: extras.agent_state,
        reason: extras.reason ?? null,
      };
    }
    return {
      ...common,
      type: 'v0.observation',
      observation,
      extras: parsed.data.extras,
      content: stringOrNull(parsed.data.content) ?? '',
      cause: v0IdOf(parsed.data.cause),
      success: typeof parsed.data.success === 'boolean' ? parsed.data.success : null,
    } as V0ObservationEvent;
  }
  return unknownEvent(raw, 'unrecognised');
}

const v1TypeOfKind: Record<V1EventKind, V1Event['type']> = {
  MessageEvent: 'v1.message',
  ActionEvent: 'v1.action',
  ObservationEvent: 'v1.observation',
  UserRejectObservation: 'v1.user-reject',
  AgentErrorEvent: 'v1.agent-error',
  ConversationErrorEvent: 'v1.conversation-error',
  ServerErrorEvent: 'v1.server-error',
  SystemPromptEvent: 'v1.system-prompt',
  ConversationStateUpdateEvent: 'v1.state-update',
  PauseEvent: 'v1.pause',
  Condensation: 'v1.condensation',
  CondensationRequest: 'v1.condensation-request',
  CondensationSummaryEvent: 'v1.condensation-summary',
  TokenEvent: 'v1.token',
  LLMCompletionLogEvent: 'v1.llm-completion-log',
  AskUserRequestEvent: 'v1.ask-user-request',
  AskUserResponseEvent: 'v1.ask-user-response',
};

const v1WholeEventSchemas = Object.fromEntries(
  Object.entries(v1EventShapes).map(([kind, shape]) => [
    kind,
    z.object({ ...v1EnvelopeShape, ...shape, kind: z.literal(kind) }),
  ]),
) as unknown as Record<V1EventKind, z.ZodMiniType<Record<string, unknown>>>;

/** Reads a nested action/observation against its kind table; unknown or unfit → `other`. */
function readKinded<K extends string>(
  value: Record<string, unknown>,
  schemas: Record<K, z.ZodMiniType>,
  legacy: Readonly<Record<string, K>>,
): { kind: K | 'other'; payload: unknown } {
  const wireKind = String(value.kind);
  const kind = legacy[wireKind] ?? wireKind;
  if (isKnown(schemas, kind)) {
    const parsed = schemas[kind].safeParse({ ...value, kind });
    if (parsed.success) return { kind, payload: parsed.data };
  }
  return { kind: 'other', payload: value };
}

function readStateValue(
  key: string,
  value: unknown,
): { stateKey: string; stateField: string; value: unknown } {
  if (key === 'full_state' || key === 'execution_status' || key === 'stats') {
    const parsed = v1StateValueSchemas[key].safeParse(value);
    if (parsed.success) return { stateKey: key, stateField: key, value: parsed.data };
  }
  return { stateKey: 'other', stateField: key, value };
}

function parseV1(raw: Record<string, unknown>): ApiEvent {
  const kind = raw.kind as string;
  if (!isKnown(v1WholeEventSchemas, kind)) return unknownEvent(raw, 'unknown-type');
  const parsed = v1WholeEventSchemas[kind].safeParse(raw);
  if (!parsed.success) return unknownEvent(raw, 'invalid-shape', summariseIssue(parsed.error));
  const fields = parsed.data;
  const id = stringOrNull(fields.id);
  const event: Record<string, unknown> = {
    ...fields,
    type: v1TypeOfKind[kind],
    generation: 'v1',
    id,
    key: id === null ? null : eventKeyOf('v1', id),
    timestamp: stringOrNull(fields.timestamp),
    source: stringOrNull(fields.source),
    parent_id: stringOrNull(fields.parent_id),
    raw,
  };
  if (kind === 'ActionEvent') {
    const action = fields.action as Record<string, unknown> | null | undefined;
    if (action) {
      const read = readKinded(action, v1ActionSchemas, v1LegacyActionKinds);
      event.actionKind = read.kind;
      event.action = read.payload;
    } else {
      event.actionKind = null;
      event.action = null;
    }
  } else if (kind === 'ObservationEvent') {
    const read = readKinded(
      fields.observation as Record<string, unknown>,
      v1ObservationSchemas,
      v1LegacyObservationKinds,
    );
    event.observationKind = read.kind;
    event.observation = read.payload;
  } else if (kind === 'ConversationStateUpdateEvent') {
    Object.assign(event, readStateValue(fields.key as string, fields.value));
  }
  return event as unknown as V1Event;
}

/**
 * Parses any event object exactly as the service sends it: V0 `oh_event` payloads (events and the
 * status payloads of docs/contract/v0-socket.md#status-payloads), V0 REST `/events` items, V1
 * WebSocket frames and V1 search items. Never throws for content: unknown or malformed events
 * become `unknown` variants. Throws a TypeError only when `raw` is not a plain object.
 */
export function parseEvent(raw: unknown): ApiEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new TypeError(
      `An event must be a JSON object, got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}.`,
    );
  }
  const record = raw as Record<string, unknown>;
  return typeof record.kind === 'string' ? parseV1(record) : parseV0(record);
}

/**
 * A zod schema that turns any event object into an ApiEvent (for pages of events). It checks
 * rather than copies, so `raw` is the very object that was parsed.
 */
export const ApiEventSchema = z.pipe(
  z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'An event must be a JSON object',
  ),
  z.transform((raw: Record<string, unknown>): ApiEvent => parseEvent(raw)),
);

/**
 * `GET …/events` of V0: `{events, has_more}` (docs/contract/v0-rest.md#per-conversation-routes).
 */
export const V0EventPageSchema = z.looseObject({
  events: z.array(ApiEventSchema),
  has_more: z.boolean(),
});
export type V0EventPage = z.infer<typeof V0EventPageSchema>;

/** V1 event searches (app server and agent server): `{items, next_page_id}`. */
export const V1EventPageSchema = z.looseObject({
  items: z.array(ApiEventSchema),
  next_page_id: z.nullish(z.string()),
});
export type V1EventPage = z.infer<typeof V1EventPageSchema>;

// --- Contract facts consumers need ----------------------------------------------------------

/**
 * The key of the action an event belongs to, equal for an action and its observation: V0
 * `observation.cause` → the action's `id`; V1 `action_id` → the ActionEvent's `id` (also for
 * `UserRejectObservation`). Null for events that do not pair.
 */
export function pairKey(event: ApiEvent): string | null {
  switch (event.type) {
    case 'v0.action':
      return event.id === null ? null : eventKeyOf('v0', event.id);
    case 'v0.observation':
      return event.cause === null ? null : eventKeyOf('v0', event.cause);
    case 'v1.action':
      return event.id === null ? null : eventKeyOf('v1', event.id);
    case 'v1.observation':
    case 'v1.user-reject':
      return eventKeyOf('v1', event.action_id);
    default:
      return null;
  }
}

/** The server marked this V0 `run` action or observation hidden (`args.hidden`/`extras.hidden`). */
export function isMarkedHidden(event: ApiEvent): boolean {
  if (event.type === 'v0.action' && event.action === 'run') return event.args.hidden === true;
  if (event.type === 'v0.observation' && event.observation === 'run') {
    return event.extras.hidden === true;
  }
  return false;
}

/**
 * Exit code of a command result: 0 success, −1 still running / soft timeout, other failure;
 * null when the event is not a command result or carries no code.
 */
export function commandExitCode(event: ApiEvent): number | null {
  if (event.type === 'v0.observation' && event.observation === 'run') {
    return event.extras.metadata?.exit_code ?? null;
  }
  if (event.type === 'v1.observation' && event.observationKind === 'TerminalObservation') {
    return event.observation.exit_code ?? event.observation.metadata?.exit_code ?? null;
  }
  return null;
}

/** The V0 agent state an event announces (`agent_state_changed`, stored or id-less). */
export function agentStateOf(event: ApiEvent): AgentState | null {
  if (event.type === 'v0.observation' && event.observation === 'agent_state_changed') {
    return event.extras.agent_state;
  }
  if (event.type === 'v0.agent-state-notice') return event.agentState;
  return null;
}

/** The V1 execution status an event announces (`full_state` or `execution_status` updates). */
export function executionStatusOf(event: ApiEvent): ConversationExecutionStatus | null {
  if (event.type !== 'v1.state-update') return null;
  if (event.stateKey === 'execution_status') return event.value;
  if (event.stateKey === 'full_state') return event.value.execution_status ?? null;
  return null;
}
