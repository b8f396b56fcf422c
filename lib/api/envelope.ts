// What the background worker needs to know about an event, read without zod. The worker
// de-duplicates events, stores them raw and derives "needs attention" from a few state facts;
// it never renders them. Validating every event with the event schemas (`parseEvent`) would
// put them into its bundle, whose whole size must stay under 40 KB gzipped, so this module
// reads the same facts with plain property checks. Pages keep using `parseEvent`; the key,
// id, timestamp, source and type name read here agree with it on every well-formed event
// (tests/unit/api/envelope.test.ts checks that on the upstream samples).
import { type SecurityRisk, securityRiskFromV0, securityRiskValues } from './enums';
import type { Generation } from './generation';
import { v1LegacyActionKinds, v1LegacyObservationKinds } from './v1/legacy-kinds';

/**
 * What an object received as an event is:
 * - `event`: a V0 action or observation, or a V1 event of any kind;
 * - `runtime-status`: V0 `{status_update: true, type, id: "STATUS$…", message}`;
 * - `title-changed`: V0 `{status_update: true, conversation_title}`;
 * - `error-notice`: V0 `{error: true, message}`;
 * - `agent-state-notice`: a V0 `agent_state_changed` without an id (sent when a
 *   conversation closes, docs/contract/v0-socket.md#status-payloads);
 * - `unrecognised`: none of these.
 */
export type EnvelopeForm =
  | 'event'
  | 'runtime-status'
  | 'title-changed'
  | 'error-notice'
  | 'agent-state-notice'
  | 'unrecognised';

/** Plain facts about one event; every field is always present (null when it does not apply). */
export interface EventEnvelope {
  /** As `parseEvent` tells them apart: `kind` → v1; `action`, `observation`, an integer id or a
   * V0 status/error payload → v0; else null. */
  generation: Generation | null;
  form: EnvelopeForm;
  /** The de-duplication key, equal to `parseEvent(raw).key`: `v0:<id>` / `v1:<uuid without
   * dashes, lower case>`; null for payloads that are not stored events. */
  key: string | null;
  /** V0: integer id ≥ 0; V1: the id as sent (UUID with dashes on the agent server). */
  id: number | string | null;
  /** Naive server-local time as sent; never parse it as UTC. */
  timestamp: string | null;
  source: string | null;
  /** V0: the `action` or `observation` name (`run`, `agent_state_changed`, …); V1: the event
   * `kind` (`ActionEvent`, `ConversationStateUpdateEvent`, …); null for V0 status payloads. */
  typeName: string | null;
  /** V0 action / observation (V0 uses some names for both, e.g. `run`); V1 `ActionEvent` /
   * `ObservationEvent`; else null. */
  category: 'action' | 'observation' | null;
  /** V1 `ActionEvent.action.kind` / `ObservationEvent.observation.kind` with legacy names
   * mapped (`ExecuteBashAction` → `TerminalAction`); null without one. */
  payloadKind: string | null;

  /** V0 agent state announced by an `agent_state_changed` observation (stored or id-less). */
  agentState: string | null;
  /** Its `extras.reason`, when given. */
  agentStateReason: string | null;
  /** V0 runtime status payload: `level` is `info` or `error` (error also means the agent
   * state is now `error`), `statusId` a `STATUS$…` key. */
  runtimeStatus: { level: string; statusId: string | null; message: string | null } | null;
  /** V0 title payload; `conversationId` is its `message`. */
  titleChange: { title: string; conversationId: string | null } | null;
  /** V0 `{error: true}` payload. */
  errorNotice: { message: string | null } | null;
  /** V1 `ConversationStateUpdateEvent`: the state field that changed (`full_state`,
   * `execution_status`, `stats`, …). */
  stateField: string | null;
  /** V1 execution status announced by a state update: the `execution_status` value, or
   * `full_state.execution_status`. Read without validating the rest of the state. */
  executionStatus: string | null;
  /** V1 `ConversationErrorEvent`. */
  conversationError: { code: string | null; detail: string | null } | null;
  /** V1 `AgentErrorEvent`. */
  agentError: { error: string | null; toolName: string | null } | null;
  /**
   * V1 `AskUserRequestEvent` (the agent asks the person; `question` is the first question's
   * text) or `AskUserResponseEvent` (`answered`: the request it answers is closed).
   */
  askUser: AskUserFacts | null;
  /**
   * An action that may wait for the person's go-ahead: every V1 `ActionEvent` with an action,
   * and V0 actions that carry `args.confirmation_state` (the controller re-emits the pending one
   * with its verdict, docs/contract/v0-socket.md). Plain facts, never validated beyond type.
   */
  action: ActionFacts | null;
  /**
   * The key of the action this event answers (`eventKeyOf`, as `pairKey` in lib/api/events.ts):
   * V0 `cause`; V1 `action_id` (observations, `UserRejectObservation`, `AgentErrorEvent`).
   */
  answers: string | null;
}

export interface AskUserFacts {
  requestId: string;
  answered: boolean;
  /** The first question's text. */
  question: string | null;
  /** The first question's id (what an answer is keyed by). */
  questionId?: string | null;
  /** How many questions the request asks. */
  questionCount?: number;
  /** The first question's options, as sent (id and label). */
  options?: { id: string; label: string }[];
}

/** The risk words a V1 action may carry (./enums.ts), for telling them from anything else. */
const risks: ReadonlySet<string> = new Set(securityRiskValues);

/** V0 `args.security_risk` on its scale (−1 to 2, ./enums.ts); null when it says none of those. */
function v0Risk(value: unknown): SecurityRisk | null {
  return Number.isInteger(value) && (value as number) >= -1 && (value as number) <= 2
    ? securityRiskFromV0(value as number)
    : null;
}

export interface ActionFacts {
  /** `command`: a terminal command; `file`: a file edit; `tool`: anything else. */
  kind: 'command' | 'file' | 'tool';
  /** V1 `tool_name` (else the action kind); V0 the action name. */
  tool: string | null;
  /** The command line of a terminal action. */
  command: string | null;
  /** The file a file action touches. */
  path: string | null;
  /** What it does to the file: V1 `command` (`create`, `str_replace`, …), V0 `edit`/`write`. */
  operation: string | null;
  /** `LOW`, `MEDIUM`, `HIGH` or `UNKNOWN`; null when not said. */
  risk: string | null;
  /** Waits for the person: V0 `awaiting_confirmation`; V1 any action not yet answered. */
  awaiting: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * The key of an event id. V1 UUIDs are normalised (lower case, no dashes) because the agent
 * server writes them with dashes while the app server writes UUIDs as bare hex.
 */
export function eventKeyOf(generation: Generation, id: number | string): string {
  if (generation === 'v0') return `v0:${id}`;
  const text = String(id);
  return `v1:${uuidPattern.test(text) ? text.replace(/-/g, '').toLowerCase() : text}`;
}

/** A V0 event id: an integer ≥ 0, anything else is no id. */
export function v0IdOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function recordOrNull(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function blank(generation: EventEnvelope['generation'], form: EnvelopeForm): EventEnvelope {
  return {
    generation,
    form,
    key: null,
    id: null,
    timestamp: null,
    source: null,
    typeName: null,
    category: null,
    payloadKind: null,
    agentState: null,
    agentStateReason: null,
    runtimeStatus: null,
    titleChange: null,
    errorNotice: null,
    stateField: null,
    executionStatus: null,
    conversationError: null,
    agentError: null,
    askUser: null,
    action: null,
    answers: null,
  };
}

/** Follows `parseEvent`'s order: status payloads, error payloads, actions, observations. */
function readV0(raw: Record<string, unknown>): EventEnvelope {
  if (raw.status_update === true) {
    if (typeof raw.conversation_title === 'string') {
      const envelope = blank('v0', 'title-changed');
      envelope.titleChange = {
        title: raw.conversation_title,
        conversationId: stringOrNull(raw.message),
      };
      return envelope;
    }
    const envelope = blank('v0', 'runtime-status');
    envelope.runtimeStatus = {
      level: stringOrNull(raw.type) ?? 'info',
      statusId: stringOrNull(raw.id),
      message: stringOrNull(raw.message),
    };
    return envelope;
  }
  if (raw.error === true && raw.action === undefined && raw.observation === undefined) {
    const envelope = blank('v0', 'error-notice');
    envelope.errorNotice = { message: stringOrNull(raw.message) };
    return envelope;
  }

  const id = v0IdOf(raw.id);
  const isAction = typeof raw.action === 'string';
  const isObservation = !isAction && typeof raw.observation === 'string';
  const envelope = blank(
    isAction || isObservation || id !== null ? 'v0' : null,
    isAction || isObservation ? 'event' : 'unrecognised',
  );
  envelope.id = id;
  envelope.key = id === null ? null : eventKeyOf('v0', id);
  envelope.timestamp = stringOrNull(raw.timestamp);
  envelope.source = stringOrNull(raw.source);
  if (isAction) {
    envelope.typeName = raw.action as string;
    envelope.category = 'action';
    envelope.action = readV0Action(raw.action as string, recordOrNull(raw.args));
  } else if (isObservation) {
    envelope.typeName = raw.observation as string;
    envelope.category = 'observation';
    const cause = v0IdOf(raw.cause);
    if (cause !== null) envelope.answers = eventKeyOf('v0', cause);
    if (raw.observation === 'agent_state_changed') {
      const extras = recordOrNull(raw.extras);
      envelope.agentState = stringOrNull(extras?.agent_state);
      envelope.agentStateReason = stringOrNull(extras?.reason);
      if (id === null) envelope.form = 'agent-state-notice';
    }
  }
  return envelope;
}

/** A V0 action that went through confirmation (only those carry `confirmation_state`). */
function readV0Action(name: string, args: Record<string, unknown> | null): ActionFacts | null {
  const state = stringOrNull(args?.confirmation_state);
  if (!args || state === null) return null;
  const risk = v0Risk(args.security_risk);
  const command = name === 'run' || name === 'run_ipython';
  const file = name === 'edit' || name === 'write' || name === 'read';
  return {
    kind: command ? 'command' : file ? 'file' : 'tool',
    tool: name,
    command: command ? stringOrNull(name === 'run' ? args.command : args.code) : null,
    path: file ? stringOrNull(args.path) : null,
    operation: file ? name : null,
    risk,
    awaiting: state === 'awaiting_confirmation',
  };
}

/** A V1 `ActionEvent`'s action, whatever tool it is for. */
function readV1Action(
  raw: Record<string, unknown>,
  payloadKind: string | null,
): ActionFacts | null {
  const action = recordOrNull(raw.action);
  if (!action) return null;
  const command = payloadKind === 'TerminalAction';
  const file = payloadKind === 'FileEditorAction' || payloadKind === 'PlanningFileEditorAction';
  const risk = stringOrNull(raw.security_risk);
  return {
    kind: command ? 'command' : file ? 'file' : 'tool',
    tool: stringOrNull(raw.tool_name) ?? payloadKind,
    command: command ? stringOrNull(action.command) : null,
    path: file ? stringOrNull(action.path) : null,
    operation: file ? stringOrNull(action.command) : null,
    risk: risk !== null && risks.has(risk) ? risk : null,
    awaiting: true,
  };
}

function kindOf(value: unknown, legacy: Readonly<Record<string, string>>): string | null {
  const kind = stringOrNull(recordOrNull(value)?.kind);
  return kind === null ? null : (legacy[kind] ?? kind);
}

function readV1(raw: Record<string, unknown>, kind: string): EventEnvelope {
  const envelope = blank('v1', 'event');
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? raw.id : null;
  envelope.id = id;
  envelope.key = id === null ? null : eventKeyOf('v1', id);
  envelope.timestamp = stringOrNull(raw.timestamp);
  envelope.source = stringOrNull(raw.source);
  envelope.typeName = kind;
  // Observations, rejections and agent errors name the action they answer.
  if (typeof raw.action_id === 'string') envelope.answers = eventKeyOf('v1', raw.action_id);
  switch (kind) {
    case 'ActionEvent':
      envelope.category = 'action';
      envelope.payloadKind = kindOf(raw.action, v1LegacyActionKinds);
      envelope.action = readV1Action(raw, envelope.payloadKind);
      break;
    case 'ObservationEvent':
      envelope.category = 'observation';
      envelope.payloadKind = kindOf(raw.observation, v1LegacyObservationKinds);
      break;
    case 'ConversationStateUpdateEvent': {
      const field = stringOrNull(raw.key);
      envelope.stateField = field;
      if (field === 'execution_status') envelope.executionStatus = stringOrNull(raw.value);
      else if (field === 'full_state') {
        envelope.executionStatus = stringOrNull(recordOrNull(raw.value)?.execution_status);
      }
      break;
    }
    case 'ConversationErrorEvent':
      envelope.conversationError = {
        code: stringOrNull(raw.code),
        detail: stringOrNull(raw.detail),
      };
      break;
    case 'AgentErrorEvent':
      envelope.agentError = {
        error: stringOrNull(raw.error),
        toolName: stringOrNull(raw.tool_name),
      };
      break;
    case 'AskUserRequestEvent':
    case 'AskUserResponseEvent': {
      const requestId = stringOrNull(raw.request_id);
      if (requestId === null) break;
      const questions = Array.isArray(raw.questions) ? raw.questions : [];
      const first = recordOrNull(questions[0]);
      envelope.askUser = {
        requestId,
        answered: kind === 'AskUserResponseEvent',
        question: stringOrNull(first?.question),
      };
      if (first) {
        const options = Array.isArray(first.options) ? first.options : [];
        envelope.askUser.questionId = stringOrNull(first.id);
        envelope.askUser.questionCount = questions.length;
        envelope.askUser.options = options.flatMap((option) => {
          const { id, label } = recordOrNull(option) ?? {};
          return typeof id === 'string' && typeof label === 'string' ? [{ id, label }] : [];
        });
      }
      break;
    }
  }
  return envelope;
}

/**
 * Reads the facts the worker needs from any object the service sends as an event: V0 `oh_event`
 * payloads (events and the status payloads of docs/contract/v0-socket.md#status-payloads), V0 REST
 * `/events` items, V1 WebSocket frames and V1 search items. Nothing is validated beyond the fields
 * it reads, and it never throws: for anything that is not a plain object (null, an array, a
 * string…) it returns null, where `parseEvent` would throw a TypeError. Called with a record type,
 * it is typed as always returning an envelope.
 *
 * Example, for a V1 frame `{kind: "ConversationStateUpdateEvent", id: "5a1f…-…", key:
 * "execution_status", value: "finished", …}`: `{generation: "v1", form: "event", key:
 * "v1:5a1f…", typeName: "ConversationStateUpdateEvent", stateField: "execution_status",
 * executionStatus: "finished", …}` with every other fact null.
 */
export function readEventEnvelope(raw: Record<string, unknown>): EventEnvelope;
export function readEventEnvelope(raw: unknown): EventEnvelope | null;
export function readEventEnvelope(raw: unknown): EventEnvelope | null {
  const record = recordOrNull(raw);
  if (!record) return null;
  return typeof record.kind === 'string' ? readV1(record, record.kind) : readV0(record);
}
