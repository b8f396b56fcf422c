// The agent's questions to the person (agent servers 1.54.0+): the `ask_user` tool pauses the run
// with an AskUserRequestEvent, and a client answers it through
// `POST …/events/respond_to_ask_user` with accept (and the chosen options), decline or cancel.
// Played as upstream has it (software-agent-sdk, commits 3dc1fe82 and 94ba82e3):
// - openhands-sdk/openhands/sdk/event/ask_user.py and ask_user_schema.py: the event pair and
//   `validate_ask_user_answers` (unknown question or option, two picks for a single choice);
// - sdk/agent/response_dispatch.py: the request is emitted after the tool's ActionEvent and the
//   status becomes `waiting_for_confirmation`; a run while it is unanswered pauses there again;
//   the answer becomes the tool's AskUserObservation with upstream's words;
// - agent_server/event_service.py `_respond_to_ask_user`: the one pending request (the newest
//   unanswered one) must match `request_id`, else `AskUserRequestError` (409 in event_router.py);
//   the response is stored, the full state published, and the run resumed.
// The pending request is read from the stored events, as `pending_ask_user_request` reads the
// active branch, so a question appended by a test (admin.appendEvents) is answered the same way.
import { randomUUID } from 'node:crypto';
import {
  assistantMessageEvent,
  llmResponseId,
  stateUpdate,
  textContent,
  toolCallId,
  type V1Template,
} from '../agent/v1-scenarios';
import type { AppConversationRecord, V1Event } from '../core/state';
import { httpException } from '../http/respond';
import type { V1Domain } from '../v1/domain';
import { withoutNulls } from './json';

export interface QuestionOption {
  id: string;
  label: string;
  description?: string | null;
}

export interface QuestionInfo {
  id: string;
  question: string;
  options?: QuestionOption[];
  multi_select?: boolean;
}

export interface AskUserAnswer {
  option_id: string;
  label: string;
}

export type AskUserAction = 'accept' | 'decline' | 'cancel';

export interface AskUserResponse {
  request_id: string;
  action: AskUserAction;
  answers: Record<string, AskUserAnswer[]>;
}

/** `ASK_USER_TIMEOUT_SOURCE`: a response the server made itself (time-out, close, restart). */
export const ASK_USER_TIMEOUT_SOURCE = 'environment';

/** The scenarios that play a question, and what each asks. */
export const askUserScenarios = ['ask-user', 'ask-user-free'] as const;
export type AskUserScenario = (typeof askUserScenarios)[number];

export function isAskUserScenario(name: string): name is AskUserScenario {
  return (askUserScenarios as readonly string[]).includes(name);
}

/** `AskUserRequestError`: answered by event_router.py with 409 and its words as the detail. */
function requestError(message: string) {
  return httpException(409, message);
}

/** `pending_ask_user_request`: the newest request no stored response names. */
export function pendingQuestion(record: AppConversationRecord): V1Event | null {
  const answered = new Set(
    record.events
      .filter((event) => event.kind === 'AskUserResponseEvent')
      .map((event) => String(event.request_id)),
  );
  for (let index = record.events.length - 1; index >= 0; index--) {
    const event = record.events[index] as V1Event;
    if (event.kind === 'AskUserRequestEvent' && !answered.has(String(event.request_id))) {
      return event;
    }
  }
  return null;
}

function questionsOf(request: V1Event): QuestionInfo[] {
  return Array.isArray(request.questions) ? (request.questions as QuestionInfo[]) : [];
}

/**
 * `validate_ask_user_answers`: a partial answer is fine (an empty list counts as unanswered); an
 * unknown question id, an option a question does not offer, or two picks where one is allowed
 * are the client's mistake. A question without options takes any text as its label.
 */
export function validateAnswers(
  questions: readonly QuestionInfo[],
  answers: Record<string, AskUserAnswer[]>,
): void {
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const [questionId, selections] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) throw requestError(`Unknown question id '${questionId}'.`);
    if (!question.multi_select && selections.length > 1) {
      throw requestError(`Question '${questionId}' does not allow multiple selections.`);
    }
    const options = question.options ?? [];
    if (!options.length) continue;
    const known = new Set(options.map((option) => option.id));
    for (const selection of selections) {
      if (!known.has(selection.option_id)) {
        throw requestError(
          `Unknown option id '${selection.option_id}' for question '${questionId}'.`,
        );
      }
    }
  }
}

/** `build_ask_user_observation`: what the tool call returns to the agent. */
export function observationOf(
  questions: readonly QuestionInfo[],
  action: AskUserAction,
  answers: Record<string, AskUserAnswer[]>,
): Record<string, unknown> {
  const common = { content: [], is_error: false, kind: 'AskUserObservation' };
  if (action === 'accept') {
    const lines = questions
      .filter((question) => answers[question.id]?.length)
      .map(
        (question) =>
          `- ${question.question} -> ${(answers[question.id] ?? []).map((a) => a.label).join(', ')}`,
      );
    return {
      ...common,
      resolution: 'accept',
      answers,
      message: lines.length
        ? `User answered:\n${lines.join('\n')}`
        : 'User accepted without selecting an option.',
    };
  }
  if (action === 'decline') {
    return {
      ...common,
      resolution: 'decline',
      answers: {},
      message: 'User declined to answer the question(s).',
    };
  }
  return {
    ...common,
    resolution: 'cancel',
    answers: {},
    message:
      'The question was dismissed (cancelled). Proceed using your best judgement or try a different approach.',
  };
}

// --- The scripted agent ------------------------------------------------------------------------

const choiceQuestion: QuestionInfo = {
  id: 'auth',
  question: 'Which sign-in should the login page use?',
  options: [
    {
      id: 'jwt',
      label: 'JWT bearer tokens',
      description: 'Stateless tokens in the Authorization header.',
    },
    { id: 'session', label: 'Server sessions', description: 'A session cookie, state kept here.' },
    { id: 'oauth', label: 'OAuth with GitHub', description: null },
  ],
  multi_select: false,
};

const freeQuestion: QuestionInfo = {
  id: 'name',
  question: 'What should the new command be called?',
  options: [],
  multi_select: false,
};

/** The ActionEvent of an `ask_user` tool call (AskUserAction in its `action`). */
export function askUserAction(questions: QuestionInfo[], thought: string): Record<string, unknown> {
  const id = toolCallId();
  return {
    source: 'agent',
    thought: [textContent(thought)],
    thinking_blocks: [],
    action: { questions, timeout_seconds: null, kind: 'AskUserAction' },
    tool_name: 'ask_user',
    tool_call_id: id,
    tool_call: {
      id,
      name: 'ask_user',
      arguments: JSON.stringify({ questions }),
      origin: 'completion',
    },
    llm_response_id: llmResponseId(),
    security_risk: 'UNKNOWN',
    kind: 'ActionEvent',
  };
}

/** The request that pauses the run (its `action_id` comes from the template's `actionRef`). */
export function askUserRequest(action: Record<string, unknown>): Record<string, unknown> {
  return {
    source: 'agent',
    request_id: randomUUID(),
    questions: (action.action as { questions: QuestionInfo[] }).questions,
    tool_call_id: action.tool_call_id,
    tool_name: 'ask_user',
    timeout_seconds: null,
    kind: 'AskUserRequestEvent',
  };
}

/** The agent asks one question (with choices, or free text) and waits for the person. */
export function askUserScenario(name: AskUserScenario): V1Template[] {
  const free = name === 'ask-user-free';
  const action = askUserAction(
    [free ? freeQuestion : choiceQuestion],
    free
      ? 'The task does not say what to call the command; I should ask.'
      : 'The repository supports several sign-in methods; the choice is not mine to make.',
  );
  return [
    { delay: 600, ref: 'ask', event: action },
    { delay: 20, actionRef: 'ask', event: askUserRequest(action) },
    { delay: 10, event: stateUpdate('execution_status', 'waiting_for_confirmation') },
  ];
}

/** What the scripted agent does with the answer: reads it, says so, finishes. */
function continuation(
  request: V1Event,
  response: AskUserResponse,
  questions: QuestionInfo[],
): V1Template[] {
  const picked = Object.values(response.answers)
    .flat()
    .map((answer) => answer.label);
  const words =
    response.action === 'accept'
      ? picked.length
        ? `Thanks: I will go with ${picked.join(', ')}.`
        : 'You accepted without choosing, so I will keep the current behaviour.'
      : response.action === 'decline'
        ? 'Understood, I will not ask again and will leave the choice as it is.'
        : 'No answer came, so I will use my best judgement.';
  return [
    {
      delay: 300,
      event: {
        source: 'environment',
        tool_name: request.tool_name ?? 'ask_user',
        tool_call_id: request.tool_call_id,
        observation: observationOf(questions, response.action, response.answers),
        action_id: request.action_id,
        kind: 'ObservationEvent',
      },
    },
    { delay: 500, event: assistantMessageEvent(words) },
    { delay: 10, event: stateUpdate('execution_status', 'finished') },
  ];
}

// --- The server's side -------------------------------------------------------------------------

/**
 * A run while a question is unanswered (`run`, a message with `run: true`, an accepted
 * confirmation): the loop sets `running`, finds the ask_user action still unresolved and pauses
 * at `waiting_for_confirmation` again. True when it held the run.
 */
export function holdForQuestion(v1: V1Domain, record: AppConversationRecord): boolean {
  if (!pendingQuestion(record)) return false;
  if (record.execution_status !== 'running') {
    v1.append(record, stateUpdate('execution_status', 'running'));
  }
  v1.append(record, stateUpdate('execution_status', 'waiting_for_confirmation'));
  return true;
}

/**
 * `respond_to_ask_user` (`_respond_to_ask_user` with source `user`; the server's own time-out
 * and teardown answer with `environment`): validated against the one pending request, stored,
 * the full state published, then the run resumed with the tool's observation.
 */
export function answerQuestion(
  v1: V1Domain,
  record: AppConversationRecord,
  response: AskUserResponse,
  options: { source?: string; omitNulls: boolean },
): void {
  const request = pendingQuestion(record);
  if (!request) throw requestError('No pending ask_user request for this conversation.');
  if (String(request.request_id) !== response.request_id) {
    throw requestError('The response request_id does not match the pending ask_user request.');
  }
  const questions = questionsOf(request);
  if (response.action === 'accept') validateAnswers(questions, response.answers);
  v1.append(record, {
    source: options.source ?? 'user',
    request_id: response.request_id,
    action: response.action,
    answers: response.answers,
    kind: 'AskUserResponseEvent',
  });
  // `_publish_state_update`: subscribers get the state (not stored), still waiting.
  const state = v1.fullState(record);
  v1.broadcast(record.id, options.omitNulls ? withoutNulls(state) : state);
  // `run()`: a conversation already running picks the answer up on its own.
  if (record.execution_status === 'running') return;
  v1.append(record, stateUpdate('execution_status', 'running'));
  v1.play(record, continuation(request, response, questions));
}
