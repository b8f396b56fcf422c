// The worker's zod-free event reader against parseEvent: on every upstream sample (the four V0
// trajectories and every V1 agent-server frame) and on the status payloads of
// docs/contract/v0-socket.md#status-payloads, both must read the same key, id, timestamp, source
// and type, and the same state facts.
import { describe, expect, it } from 'vitest';
import {
  type ApiEvent,
  agentStateOf,
  type EventEnvelope,
  executionStatusOf,
  pairKey,
  parseEvent,
  readEventEnvelope,
} from '@/lib/api';
import { v0Trajectory, v0TrajectoryNames, v1Frames } from '../../tests/support/upstream-fixtures';

/** The type name parseEvent gives: action/observation name (V0), event kind (V1). */
function typeNameOf(event: ApiEvent): string | null {
  switch (event.type) {
    case 'v0.action':
      return event.action;
    case 'v0.observation':
      return event.observation;
    case 'v0.agent-state-notice':
      return 'agent_state_changed';
    case 'v0.runtime-status':
    case 'v0.title-changed':
    case 'v0.error':
      return null;
    case 'unknown':
      return event.typeName;
    default:
      return event.kind;
  }
}

/** The nested action/observation kind of a V1 event, as parseEvent maps it. */
function payloadKindOf(event: ApiEvent): string | null {
  if (event.type === 'v1.action') {
    return event.actionKind === 'other' ? event.action.kind : event.actionKind;
  }
  if (event.type === 'v1.observation') {
    return event.observationKind === 'other' ? event.observation.kind : event.observationKind;
  }
  return null;
}

/**
 * Identity (key, id, timestamp, source, type name) must always agree. The nested kind and the
 * state facts are compared on well-formed events only: the envelope reads them without
 * validating the rest, where parseEvent turns a malformed event into an `unknown` one.
 */
function expectAgreement(raw: Record<string, unknown>): EventEnvelope {
  const event = parseEvent(raw);
  const envelope = readEventEnvelope(raw);
  if (!envelope) throw new Error('an object always has an envelope');
  expect({
    generation: envelope.generation,
    key: envelope.key,
    id: envelope.id,
    timestamp: envelope.timestamp,
    source: envelope.source,
    typeName: envelope.typeName,
  }).toEqual({
    generation: event.generation,
    key: event.key,
    id: event.id,
    timestamp: event.timestamp,
    source: event.source,
    typeName: typeNameOf(event),
  });
  if (event.type !== 'unknown') {
    expect({
      payloadKind: envelope.payloadKind,
      agentState: envelope.agentState,
      executionStatus: envelope.executionStatus,
    }).toEqual({
      payloadKind: payloadKindOf(event),
      agentState: agentStateOf(event),
      executionStatus: executionStatusOf(event),
    });
  }
  return envelope;
}

describe('readEventEnvelope agrees with parseEvent', () => {
  for (const name of v0TrajectoryNames) {
    it(`on every event of ${name}`, () => {
      const items = v0Trajectory(name);
      expect(items.length).toBeGreaterThan(0);
      for (const raw of items) {
        const envelope = expectAgreement(raw);
        expect(envelope.form).toBe('event');
        expect(envelope.category).toBe(typeof raw.action === 'string' ? 'action' : 'observation');
      }
    });
  }

  it('on every frame of the V1 agent-server sample', () => {
    const frames = v1Frames();
    expect(frames.length).toBeGreaterThan(0);
    for (const raw of frames) {
      const envelope = expectAgreement(raw);
      expect(envelope.form).toBe('event');
      expect(parseEvent(raw).type).not.toBe('unknown');
    }
    // The sample has dashed agent-server UUIDs: the key drops the dashes, the id keeps them.
    const first = readEventEnvelope(frames[0]);
    expect(first?.key).toBe(`v1:${String(frames[0]?.id).replace(/-/g, '')}`);
    expect(first?.id).toBe(frames[0]?.id);
  });

  it('on the status payloads of docs/contract/v0-socket.md#status-payloads and on odd shapes', () => {
    const samples: Record<string, unknown>[] = [
      { status_update: true, type: 'error', id: 'STATUS$ERROR_LLM_AUTHENTICATION', message: 'no' },
      { status_update: true, type: 'info', message: 'c1', conversation_title: 'Fix it' },
      { error: true, message: 'Agent crashed' },
      { observation: 'agent_state_changed', extras: { agent_state: 'stopped', reason: 'closed' } },
      { id: 4, observation: 'agent_state_changed', extras: { agent_state: 'paused' } },
      { id: 5, action: 'teleport', args: {} },
      { kind: 'TeleportEvent', id: 'x' },
      { kind: 'ObservationEvent', id: 'x', observation: { kind: 'X' } },
      { id: 9 },
      {},
    ];
    for (const raw of samples) expectAgreement(raw);
  });
});

describe('readEventEnvelope facts', () => {
  it('reads V0 runtime status, title, error and id-less agent-state payloads', () => {
    expect(
      readEventEnvelope({
        status_update: true,
        type: 'error',
        id: 'STATUS$ERROR_LLM_OUT_OF_CREDITS',
        message: 'Out of credits',
      }),
    ).toMatchObject({
      generation: 'v0',
      form: 'runtime-status',
      key: null,
      runtimeStatus: {
        level: 'error',
        statusId: 'STATUS$ERROR_LLM_OUT_OF_CREDITS',
        message: 'Out of credits',
      },
    });
    expect(
      readEventEnvelope({ status_update: true, message: 'c1', conversation_title: 'Fix it' }),
    ).toMatchObject({
      form: 'title-changed',
      titleChange: { title: 'Fix it', conversationId: 'c1' },
      runtimeStatus: null,
    });
    expect(readEventEnvelope({ error: true, message: 'boom' })).toMatchObject({
      form: 'error-notice',
      errorNotice: { message: 'boom' },
    });
    expect(
      readEventEnvelope({
        observation: 'agent_state_changed',
        timestamp: '2025-11-20T10:00:00',
        extras: { agent_state: 'awaiting_user_input', reason: '' },
      }),
    ).toMatchObject({
      form: 'agent-state-notice',
      key: null,
      timestamp: '2025-11-20T10:00:00',
      agentState: 'awaiting_user_input',
      agentStateReason: '',
    });
  });

  it('reads V1 execution status, conversation errors and agent errors', () => {
    const full = readEventEnvelope({
      kind: 'ConversationStateUpdateEvent',
      id: 'a',
      key: 'full_state',
      value: { execution_status: 'waiting_for_confirmation', stats: {} },
    });
    expect(full).toMatchObject({
      stateField: 'full_state',
      executionStatus: 'waiting_for_confirmation',
    });
    const stats = readEventEnvelope({
      kind: 'ConversationStateUpdateEvent',
      id: 'b',
      key: 'stats',
      value: { usage_to_metrics: {} },
    });
    expect(stats).toMatchObject({ stateField: 'stats', executionStatus: null });
    expect(
      readEventEnvelope({
        kind: 'ConversationErrorEvent',
        id: 'c',
        source: 'environment',
        code: 'LLMAuthenticationError',
        detail: 'Invalid API key',
      }),
    ).toMatchObject({
      conversationError: { code: 'LLMAuthenticationError', detail: 'Invalid API key' },
      agentError: null,
    });
    expect(
      readEventEnvelope({ kind: 'AgentErrorEvent', id: 'd', error: 'bad tool', tool_name: 'x' }),
    ).toMatchObject({ agentError: { error: 'bad tool', toolName: 'x' }, conversationError: null });
  });

  it('reads the agent’s question and its answer (agent servers 1.54+)', () => {
    expect(
      readEventEnvelope({
        kind: 'AskUserRequestEvent',
        id: 'q',
        request_id: 'req-1',
        questions: [{ id: 'auth', question: 'Which sign-in?', options: [] }],
      }),
    ).toMatchObject({
      typeName: 'AskUserRequestEvent',
      askUser: { requestId: 'req-1', answered: false, question: 'Which sign-in?' },
    });
    expect(
      readEventEnvelope({
        kind: 'AskUserResponseEvent',
        id: 'r',
        request_id: 'req-1',
        action: 'cancel',
      }),
    ).toMatchObject({ askUser: { requestId: 'req-1', answered: true, question: null } });
    // Without a request id there is nothing to answer or close.
    expect(readEventEnvelope({ kind: 'AskUserRequestEvent', id: 's' })).toMatchObject({
      askUser: null,
    });
  });

  it('names the action every upstream observation answers, as pairKey does', () => {
    const samples = [...v0TrajectoryNames.flatMap((name) => v0Trajectory(name)), ...v1Frames()];
    let answers = 0;
    for (const raw of samples) {
      const event = parseEvent(raw);
      if (event.type !== 'v0.observation' && event.type !== 'v1.observation') continue;
      if (event.type === 'v1.observation' || event.cause !== null) answers++;
      expect(readEventEnvelope(raw).answers).toBe(pairKey(event));
    }
    expect(answers).toBeGreaterThan(5);
    expect(
      readEventEnvelope({ kind: 'UserRejectObservation', id: 'x', action_id: 'AB-12' }).answers,
    ).toBe('v1:AB-12');
  });

  it('reads what a waiting action wants to do, V1 and V0', () => {
    const terminal = v1Frames().find(
      (raw) => readEventEnvelope(raw).payloadKind === 'TerminalAction',
    );
    expect(readEventEnvelope(terminal ?? {}).action).toEqual({
      kind: 'command',
      tool: 'terminal',
      command: 'cd /workspace/widgets && python -m pytest tests/test_parser.py -q',
      path: null,
      operation: null,
      risk: 'LOW',
      awaiting: true,
    });
    expect(
      readEventEnvelope({
        kind: 'ActionEvent',
        id: 'f',
        tool_name: 'file_editor',
        security_risk: 'SOMETHING_NEW',
        action: { kind: 'StrReplaceEditorAction', command: 'str_replace', path: 'src/app.ts' },
      }).action,
    ).toMatchObject({ kind: 'file', path: 'src/app.ts', operation: 'str_replace', risk: null });
    // An action the LLM's call could not become is nothing to confirm.
    expect(readEventEnvelope({ kind: 'ActionEvent', id: 'g', action: null }).action).toBeNull();
    const v0 = (args: Record<string, unknown>, action = 'run') =>
      readEventEnvelope({ id: 7, source: 'agent', action, args }).action;
    expect(
      v0({ command: 'npm test', security_risk: 2, confirmation_state: 'awaiting_confirmation' }),
    ).toEqual({
      kind: 'command',
      tool: 'run',
      command: 'npm test',
      path: null,
      operation: null,
      risk: 'HIGH',
      awaiting: true,
    });
    expect(
      v0({ path: 'a.md', security_risk: -1, confirmation_state: 'confirmed' }, 'edit'),
    ).toMatchObject({
      kind: 'file',
      path: 'a.md',
      operation: 'edit',
      risk: 'UNKNOWN',
      awaiting: false,
    });
    // Messages never go through confirmation.
    expect(v0({ content: 'hi' }, 'message')).toBeNull();
    // Every upstream V0 run action carries its verdict.
    const runs = v0TrajectoryNames
      .flatMap((name) => v0Trajectory(name))
      .filter((raw) => raw.action === 'run');
    expect(runs.length).toBeGreaterThan(0);
    for (const raw of runs) {
      expect(readEventEnvelope(raw).action).toMatchObject({ kind: 'command', awaiting: false });
    }
  });

  it('reads the first question’s id and choices', () => {
    expect(
      readEventEnvelope({
        kind: 'AskUserRequestEvent',
        id: 'q',
        request_id: 'req-1',
        questions: [
          {
            id: 'auth',
            question: 'Which sign-in?',
            options: [
              { id: 'a', label: 'GitHub' },
              { id: 7, label: 'bad' },
              { id: 'b', label: 'Email' },
            ],
          },
          { id: 'more', question: 'And?', options: [] },
        ],
      }).askUser,
    ).toEqual({
      requestId: 'req-1',
      answered: false,
      question: 'Which sign-in?',
      questionId: 'auth',
      questionCount: 2,
      options: [
        { id: 'a', label: 'GitHub' },
        { id: 'b', label: 'Email' },
      ],
    });
  });

  it('maps legacy V1 kinds like parseEvent does', () => {
    const action = readEventEnvelope({
      kind: 'ActionEvent',
      id: 'e',
      action: { kind: 'ExecuteBashAction', command: 'ls' },
    });
    const observation = readEventEnvelope({
      kind: 'ObservationEvent',
      id: 'f',
      action_id: 'e',
      observation: { kind: 'ExecuteBashObservation', exit_code: 0 },
    });
    expect(action).toMatchObject({ category: 'action', payloadKind: 'TerminalAction' });
    expect(observation).toMatchObject({
      category: 'observation',
      payloadKind: 'TerminalObservation',
    });
  });

  it('returns null instead of throwing for anything that is not an object', () => {
    for (const value of [null, undefined, 'event', 42, [], [{ id: 1 }]]) {
      expect(readEventEnvelope(value)).toBeNull();
    }
  });
});
