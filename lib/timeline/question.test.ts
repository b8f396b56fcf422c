import { describe, expect, it } from 'vitest';
import { ApiError, parseEvent } from '@/lib/api';
import { v1OrderKey } from '@/lib/stream/order';
import { describeRow, visibilityOf } from './describe';
import { classNamesOf, knownClassNames } from './event-classes';
import { nowState } from './now';
import { type OrderedEvent, RowBuilder } from './pairing';
import {
  answerProblem,
  answersOf,
  FREE_TEXT_OPTION,
  filterOptions,
  openQuestion,
} from './question';

// Shaped as agent servers 1.54+ store them (sdk/event/ask_user.py, response_dispatch.py).
const question = {
  id: 'auth',
  question: 'Which sign-in should the login page use?',
  options: [
    { id: 'jwt', label: 'JWT bearer tokens', description: 'Stateless tokens.' },
    { id: 'session', label: 'Server sessions', description: null },
  ],
  multi_select: false,
};
const action = {
  kind: 'ActionEvent',
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  timestamp: '2026-10-02T10:00:00',
  source: 'agent',
  thought: [{ type: 'text', text: 'Not my choice to make.' }],
  action: { questions: [question], timeout_seconds: null, kind: 'AskUserAction' },
  tool_name: 'ask_user',
  tool_call_id: 'toolu_01',
  tool_call: { id: 'toolu_01', name: 'ask_user', arguments: '{}', origin: 'completion' },
  llm_response_id: 'r1',
  security_risk: 'UNKNOWN',
};
const request = {
  kind: 'AskUserRequestEvent',
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  timestamp: '2026-10-02T10:00:01',
  source: 'agent',
  request_id: 'req-1',
  questions: [question],
  action_id: action.id,
  tool_call_id: 'toolu_01',
  tool_name: 'ask_user',
};
const waiting = {
  kind: 'ConversationStateUpdateEvent',
  id: 'a1b2c3d4-0000-4000-8000-000000000003',
  timestamp: '2026-10-02T10:00:02',
  source: 'environment',
  key: 'execution_status',
  value: 'waiting_for_confirmation',
};
function response(fields: Record<string, unknown>) {
  return {
    kind: 'AskUserResponseEvent',
    id: 'a1b2c3d4-0000-4000-8000-000000000004',
    timestamp: '2026-10-02T10:01:00',
    source: 'user',
    request_id: 'req-1',
    action: 'accept',
    answers: { auth: [{ option_id: 'jwt', label: 'JWT bearer tokens' }] },
    ...fields,
  };
}
const observation = {
  kind: 'ObservationEvent',
  id: 'a1b2c3d4-0000-4000-8000-000000000005',
  timestamp: '2026-10-02T10:01:01',
  source: 'environment',
  tool_name: 'ask_user',
  tool_call_id: 'toolu_01',
  action_id: action.id,
  observation: {
    content: [],
    is_error: false,
    resolution: 'accept',
    answers: { auth: [{ option_id: 'jwt', label: 'JWT bearer tokens' }] },
    message: 'User answered:\n- Which sign-in should the login page use? -> JWT bearer tokens',
    kind: 'AskUserObservation',
  },
};

function item(raw: Record<string, unknown>): OrderedEvent {
  const event = parseEvent(raw);
  return { order: v1OrderKey(raw.timestamp as string, event.key as string), event };
}
const rowsOf = (raws: Record<string, unknown>[]) => new RowBuilder().build(raws.map(item));

describe('reading the agent’s question', () => {
  it('parses both events with their fields', () => {
    const asked = parseEvent(request);
    expect(asked).toMatchObject({
      type: 'v1.ask-user-request',
      request_id: 'req-1',
      questions: [{ id: 'auth', options: [{ id: 'jwt' }, { id: 'session' }] }],
    });
    // The first 1.54 form stored one object per question; later ones a list.
    expect(
      parseEvent(response({ answers: { auth: { option_id: 'jwt', label: 'JWT' } } })),
    ).toMatchObject({ type: 'v1.ask-user-response', action: 'accept' });
    expect(parseEvent({ ...request, questions: 'which?' })).toMatchObject({
      type: 'unknown',
      reason: 'invalid-shape',
    });
  });

  it('is open until an answer names its request, whatever the status says', () => {
    const open = openQuestion(rowsOf([action, request, waiting]));
    expect(open).toMatchObject({
      requestId: 'req-1',
      since: '2026-10-02T10:00:01',
      questions: [{ id: 'auth' }],
    });
    expect(openQuestion(rowsOf([action, request, waiting, response({})]))).toBeNull();
    // An answer to another request leaves this one open.
    expect(
      openQuestion(rowsOf([action, request, waiting, response({ request_id: 'other' })])),
    ).toMatchObject({ requestId: 'req-1' });
    expect(openQuestion(rowsOf([action]))).toBeNull();
  });

  it('names both events for the search, as the SDK’s classes', () => {
    expect(classNamesOf(parseEvent(request))).toEqual(['AskUserRequestEvent', 'Event']);
    expect(knownClassNames('v1')).toEqual(
      expect.arrayContaining(['AskUserRequestEvent', 'AskUserResponseEvent']),
    );
  });
});

describe('the timeline', () => {
  it('shows the question in words, with its choices under it', () => {
    const [row] = rowsOf([request]);
    const view = describeRow(row as never);
    expect(view).toMatchObject({
      category: 'question',
      title: 'Asked you',
      code: 'Which sign-in should the login page use?',
      visibility: 'shown',
      detail: {
        kind: 'text',
        text: 'Which sign-in should the login page use?\nChoices:\n- JWT bearer tokens: Stateless tokens.\n- Server sessions',
      },
    });
    const free = rowsOf([
      { ...request, questions: [{ id: 'name', question: 'Call it what?', options: [] }] },
    ])[0];
    expect(describeRow(free as never).detail).toEqual({
      kind: 'text',
      text: 'Call it what?\nAn answer in words.',
    });
  });

  it('says who closed it and how', () => {
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{}, 'You answered', 'JWT bearer tokens'],
      [{ answers: { auth: { option_id: 'jwt', label: 'JWT' } } }, 'You answered', 'JWT'],
      [{ answers: {} }, 'You answered without choosing anything', null],
      [{ action: 'decline', answers: {} }, 'You declined to answer', null],
      [{ action: 'cancel', answers: {} }, 'You left the choice to the agent', null],
      // The server's own cancel: a time-out, a restart, the conversation closing.
      [
        { action: 'cancel', answers: {}, source: 'environment' },
        'The question closed without an answer',
        null,
      ],
    ];
    for (const [fields, title, code] of cases) {
      const [row] = rowsOf([response(fields)]);
      expect(describeRow(row as never), title).toMatchObject({
        category: 'answer',
        title,
        code,
        visibility: 'shown',
      });
    }
  });

  it('keeps the ask_user tool call and its result with the system events', () => {
    const rows = rowsOf([action, request, waiting, response({}), observation]);
    const tool = rows.find((row) => row.primary.event.type === 'v1.action');
    expect(tool?.answer?.event.type).toBe('v1.observation');
    expect(visibilityOf(parseEvent(action))).toBe('system');
    expect(visibilityOf(parseEvent(observation))).toBe('system');
    expect(describeRow(tool as never)).toMatchObject({
      title: 'Asked a question',
      detail: { kind: 'text', text: expect.stringContaining('User answered:') },
    });
  });
});

describe('the now line', () => {
  it('asks the person instead of offering a confirmation', () => {
    const rows = rowsOf([action, request, waiting]);
    const state = nowState({
      generation: 'v1',
      executionStatus: 'waiting_for_confirmation',
      sandboxStatus: 'RUNNING',
      rows,
      pending: null,
      question: openQuestion(rows),
    });
    expect(state).toMatchObject({
      kind: 'question',
      headline: 'Needs you',
      words: 'the agent asks you',
      since: '2026-10-02T10:00:01',
      tone: 'orange',
    });
    // Without one, waiting_for_confirmation is still a confirmation.
    expect(
      nowState({
        generation: 'v1',
        executionStatus: 'waiting_for_confirmation',
        sandboxStatus: 'RUNNING',
        rows,
        pending: null,
      }).kind,
    ).toBe('confirm');
  });
});

describe('an answer from the person’s choices', () => {
  const free = { id: 'name', question: 'Call it what?', options: [], multi_select: false };
  const many = {
    id: 'langs',
    question: 'Which languages?',
    options: [
      { id: 'ts', label: 'TypeScript' },
      { id: 'py', label: 'Python' },
      { id: 'go', label: 'Go' },
    ],
    multi_select: true,
  };

  it('is whole only when every question has its answer', () => {
    expect(answersOf([question], {})).toBeNull();
    expect(answersOf([question], { auth: { picked: ['session'], words: '' } })).toEqual({
      auth: [{ option_id: 'session', label: 'Server sessions' }],
    });
    expect(answersOf([question, free], { auth: { picked: ['jwt'], words: '' } })).toBeNull();
    expect(answersOf([free], { name: { picked: [], words: '   ' } })).toBeNull();
    expect(answersOf([free], { name: { picked: [], words: ' deploy now ' } })).toEqual({
      name: [{ option_id: FREE_TEXT_OPTION, label: 'deploy now' }],
    });
  });

  it('keeps every pick of a multiple choice in the question’s order, one of a single choice', () => {
    expect(answersOf([many], { langs: { picked: ['go', 'ts'], words: '' } })).toEqual({
      langs: [
        { option_id: 'ts', label: 'TypeScript' },
        { option_id: 'go', label: 'Go' },
      ],
    });
    expect(
      answersOf([question], { auth: { picked: ['session', 'jwt'], words: '' } })?.auth,
    ).toHaveLength(1);
    // A pick the question does not offer (a stale draft) is no answer.
    expect(answersOf([question], { auth: { picked: ['saml'], words: '' } })).toBeNull();
  });

  it('filters hundreds of choices by every word typed, in labels and descriptions', () => {
    const options = Array.from({ length: 300 }, (_, n) => ({
      id: `o${n}`,
      label: `Region ${n}`,
      description: n % 2 ? 'europe' : 'america',
    }));
    expect(filterOptions(options, '')).toHaveLength(300);
    // Each word on its own, anywhere: "29" is in Region 129 too.
    expect(filterOptions(options, 'region 29').map((o) => o.id)).toEqual([
      'o29',
      'o129',
      'o229',
      'o290',
      'o291',
      'o292',
      'o293',
      'o294',
      'o295',
      'o296',
      'o297',
      'o298',
      'o299',
    ]);
    expect(filterOptions(options, 'EUROPE 29 region').map((o) => o.id)).toEqual([
      'o29',
      'o129',
      'o229',
      'o291',
      'o293',
      'o295',
      'o297',
      'o299',
    ]);
    expect(filterOptions(options, 'asia')).toEqual([]);
  });
});

describe('a failed answer in words', () => {
  const conflict = (detail: string) =>
    new ApiError('conflict', 'Conflict', { status: 409, serverMessage: detail }).toJSON();

  it('says the question was answered already, when nothing is pending any more', () => {
    expect(
      answerProblem(conflict('No pending ask_user request for this conversation.')),
    ).toMatchObject({ kind: 'question-closed', title: 'This question was already answered' });
    // The worker's own refusal: another question is open now.
    expect(
      answerProblem(new ApiError('conflict', 'x', { msgId: 'HANDOFF$QUESTION_CLOSED' }).toJSON()),
    ).toMatchObject({ kind: 'question-closed' });
  });

  it('says the answer no longer fits, for the other refusals', () => {
    for (const detail of [
      'The response request_id does not match the pending ask_user request.',
      "Unknown option id 'saml' for question 'auth'.",
      "Question 'auth' does not allow multiple selections.",
    ]) {
      expect(answerProblem(conflict(detail)).kind, detail).toBe('answer-refused');
    }
  });

  it('names the version a server without the route needs', () => {
    for (const status of [404, 405]) {
      const problem = answerProblem(
        new ApiError('not-found', 'Not Found', { status, serverMessage: 'Not Found' }).toJSON(),
      );
      expect(problem).toMatchObject({ kind: 'server-too-old', step: null });
      expect(problem.next).toContain('1.54');
    }
  });

  it('tells a deleted conversation and a busy server apart from the rest', () => {
    expect(
      answerProblem(
        new ApiError('not-found', 'Not Found', {
          status: 404,
          serverMessage: 'Conversation not found: 0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
        }).toJSON(),
      ).kind,
    ).toBe('conversation-gone');
    expect(
      answerProblem(
        new ApiError('rate-limited', 'Too Many Requests', {
          status: 429,
          serverMessage: 'Conversation run limit reached. Retry the request later.',
        }).toJSON(),
      ),
    ).toMatchObject({ kind: 'answer-kept', step: 'resume' });
    // Anything else reads as any failed request does.
    expect(answerProblem(new ApiError('network', 'Failed to fetch').toJSON()).kind).toBe(
      'unreachable',
    );
  });
});
