// parseEvent on every upstream sample event, the V1 frames, the status payloads of
// docs/contract/v0-socket.md#status-payloads, and on what a newer or broken server might send.
import { describe, expect, it } from 'vitest';
import {
  type ApiEvent,
  agentStateOf,
  ConversationStateSchema,
  commandExitCode,
  eventKeyOf,
  executionStatusOf,
  isMarkedHidden,
  joinTextContent,
  pairKey,
  parseEvent,
} from '@/lib/api';
import { componentValidator, describeErrors } from '../../tests/support/openapi';
import {
  readSharedJson,
  v0Trajectory,
  v0TrajectoryNames,
  v1Frames,
} from '../../tests/support/upstream-fixtures';

function typeOf(event: ApiEvent): string {
  switch (event.type) {
    case 'v0.action':
      return `v0.action:${event.action}`;
    case 'v0.observation':
      return `v0.observation:${event.observation}`;
    case 'v1.action':
      return `v1.action:${event.actionKind}`;
    case 'v1.observation':
      return `v1.observation:${event.observationKind}`;
    case 'v1.state-update':
      return `v1.state-update:${event.stateKey}`;
    default:
      return event.type;
  }
}

describe('V0 trajectories (every item of the four upstream files)', () => {
  for (const name of v0TrajectoryNames) {
    it(`parses ${name} into typed actions and observations`, () => {
      const items = v0Trajectory(name);
      expect(items.length).toBeGreaterThan(0);
      for (const raw of items) {
        const event = parseEvent(raw);
        const expected =
          typeof raw.action === 'string'
            ? `v0.action:${raw.action}`
            : `v0.observation:${raw.observation}`;
        expect(typeOf(event)).toBe(expected);
        expect(event.generation).toBe('v0');
        expect(event.id).toBe(raw.id);
        expect(event.key).toBe(`v0:${raw.id}`);
        expect(event.timestamp).toBe(raw.timestamp);
        expect(event.source).toBe(raw.source);
        expect(event.raw).toBe(raw);
      }
    });
  }

  it('pairs each observation with the action its cause names', () => {
    const events = v0Trajectory('v0_traj_basic_gui_mode.json').map(parseEvent);
    const byKey = new Map(events.map((event) => [event.key, event]));
    const observations = events.filter((event) => event.type === 'v0.observation');
    const paired = observations.filter((observation) => pairKey(observation) !== null);
    // Causes 1, 4, 7, 9, 11, 13 and 15: three `null` observations and four real ones.
    expect(paired.map((observation) => observation.cause)).toEqual([1, 4, 7, 9, 11, 13, 15]);
    for (const observation of paired) {
      const action = byKey.get(pairKey(observation));
      expect(action?.type).toBe('v0.action');
      expect(action && pairKey(action)).toBe(pairKey(observation));
    }
  });

  it('types the fields a panel reads: command, exit code, edit diff, agent state', () => {
    const events = v0Trajectory('v0_traj_basic_gui_mode.json').map(parseEvent);
    const run = events.find((event) => event.id === 7);
    if (run?.type !== 'v0.action' || run.action !== 'run') throw new Error('id 7 is a run action');
    expect(run.args.command).toBe('mkdir -p /workspace/todo-app');
    expect(run.args.thought).toMatch(/^I'll help you create a Vue\.js application/);
    expect(isMarkedHidden(run)).toBe(false);

    const output = events.find((event) => event.id === 14);
    if (output?.type !== 'v0.observation' || output.observation !== 'run') throw new Error('id 14');
    expect(output.extras.metadata?.exit_code).toBe(-1);
    expect(commandExitCode(output)).toBe(-1);
    expect(output.content).toContain('Serving HTTP on 0.0.0.0 port 8000');
    expect(output.cause).toBe(13);

    expect(events.map(agentStateOf).filter(Boolean)).toEqual([
      'loading',
      'init',
      'running',
      'awaiting_user_input',
    ]);

    const edit = parseEvent(v0Trajectory('v0_traj_basic.json')[2]);
    if (edit.type !== 'v0.observation' || edit.observation !== 'edit') throw new Error('edit');
    expect(edit.content.startsWith('--- /workspace/game_2048.py')).toBe(true);
    expect(edit.extras.path).toBe('/workspace/game_2048.py');
  });

  it('keeps fields since removed upstream (translated_ipython_code) in args', () => {
    const edit = parseEvent(v0Trajectory('v0_traj_basic.json')[1]);
    if (edit.type !== 'v0.action' || edit.action !== 'edit') throw new Error('edit action');
    expect(edit.args.translated_ipython_code).toMatch(/^print\(file_editor/);
    expect(edit.args.path).toBe('/workspace/game_2048.py');
  });

  it('drops the large model_response from the typed copy only', () => {
    const raw = v0Trajectory('v0_traj_basic.json')[1] as Record<string, unknown>;
    const event = parseEvent(raw);
    if (event.type !== 'v0.action') throw new Error('action');
    expect(event.tool_call_metadata?.function_name).toBe('str_replace_editor');
    expect(event.tool_call_metadata).not.toHaveProperty('model_response');
    expect((raw.tool_call_metadata as Record<string, unknown>).model_response).toBeDefined();
  });
});

describe('V0 non-event payloads on oh_event (docs/contract/v0-socket.md#status-payloads)', () => {
  it('reads a runtime status update (string id, no event key)', () => {
    const event = parseEvent({
      status_update: true,
      type: 'error',
      id: 'STATUS$ERROR_LLM_AUTHENTICATION',
      message: 'Invalid API key',
    });
    expect(event).toMatchObject({
      type: 'v0.runtime-status',
      generation: 'v0',
      id: null,
      key: null,
      level: 'error',
      statusId: 'STATUS$ERROR_LLM_AUTHENTICATION',
      message: 'Invalid API key',
    });
  });

  it('reads a title change', () => {
    const event = parseEvent({
      status_update: true,
      type: 'info',
      message: 'a1b2c3',
      conversation_title: 'Fix the parser',
    });
    expect(event).toMatchObject({
      type: 'v0.title-changed',
      conversationId: 'a1b2c3',
      title: 'Fix the parser',
      key: null,
    });
  });

  it('reads an error banner payload', () => {
    const event = parseEvent({ error: true, message: 'Agent crashed' });
    expect(event).toMatchObject({ type: 'v0.error', message: 'Agent crashed', key: null });
  });

  it('reads an id-less agent_state_changed as the closing notice, a stored one as an event', () => {
    const notice = parseEvent({
      observation: 'agent_state_changed',
      content: '',
      extras: { agent_state: 'stopped', reason: '' },
    });
    expect(notice).toMatchObject({
      type: 'v0.agent-state-notice',
      agentState: 'stopped',
      key: null,
    });
    expect(agentStateOf(notice)).toBe('stopped');

    const stored = parseEvent({
      id: 40,
      observation: 'agent_state_changed',
      source: 'environment',
      content: '',
      extras: { agent_state: 'awaiting_user_confirmation' },
    });
    expect(typeOf(stored)).toBe('v0.observation:agent_state_changed');
    expect(stored.key).toBe('v0:40');
    expect(agentStateOf(stored)).toBe('awaiting_user_confirmation');
  });

  it('reads hidden run events as the server marked them', () => {
    const hidden = parseEvent({
      id: 9,
      action: 'run',
      source: 'agent',
      args: { command: 'git config user.name', hidden: true },
    });
    expect(isMarkedHidden(hidden)).toBe(true);
  });
});

// What each frame of agent_server_events.json is, from its README.
const expectedFrameTypes = [
  'v1.state-update:full_state',
  'v1.system-prompt',
  'v1.message',
  'v1.state-update:execution_status',
  'v1.action:TerminalAction',
  'v1.observation:TerminalObservation',
  'v1.action:FileEditorAction',
  'v1.observation:FileEditorObservation',
  'v1.agent-error',
  'v1.action:FileEditorAction',
  'v1.observation:FileEditorObservation',
  'v1.action:TerminalAction',
  'v1.observation:TerminalObservation',
  'v1.action:FinishAction',
  'v1.observation:FinishObservation',
  'v1.state-update:execution_status',
  'v1.state-update:stats',
  'v1.message',
  'v1.state-update:execution_status',
  'v1.message',
  'v1.state-update:execution_status',
  'v1.message',
  'v1.state-update:execution_status',
  'v1.action:TerminalAction',
  'v1.pause',
  'v1.observation:TerminalObservation',
  'v1.state-update:execution_status',
  'v1.action:TerminalAction',
  'v1.observation:TerminalObservation',
];

describe('V1 agent-server frames', () => {
  const frames = v1Frames();

  it('parses every frame into its typed variant, none unknown', () => {
    expect(frames.map((frame) => typeOf(parseEvent(frame)))).toEqual(expectedFrameTypes);
    for (const frame of frames) {
      const event = parseEvent(frame);
      expect(event.generation).toBe('v1');
      expect(event.raw).toBe(frame);
      expect(event.key).toBe(eventKeyOf('v1', frame.id as string));
    }
  });

  it('maps the SDK ≤ 1.1 ExecuteBash kinds of frames 27–28 to the terminal kinds', () => {
    const action = parseEvent(frames[27]);
    const observation = parseEvent(frames[28]);
    if (action.type !== 'v1.action' || action.actionKind !== 'TerminalAction')
      throw new Error('27');
    if (
      observation.type !== 'v1.observation' ||
      observation.observationKind !== 'TerminalObservation'
    )
      throw new Error('28');
    expect(action.action.kind).toBe('TerminalAction');
    expect(action.action.command).toBe('python --version');
    expect((action.raw.action as { kind: string }).kind).toBe('ExecuteBashAction');
    expect(observation.observation.exit_code).toBe(0);
    expect(pairKey(observation)).toBe(pairKey(action));
  });

  it('pairs observations with their actions by action_id, across an interleaved PauseEvent', () => {
    const events = frames.map(parseEvent);
    const pairs = new Map<string, number[]>();
    events.forEach((event, index) => {
      const key = pairKey(event);
      if (key) pairs.set(key, [...(pairs.get(key) ?? []), index]);
    });
    expect([...pairs.values()]).toEqual([
      [4, 5],
      [6, 7],
      [9, 10],
      [11, 12],
      [13, 14],
      [23, 25],
      [27, 28],
    ]);
  });

  it('types the fields a panel reads', () => {
    const failed = parseEvent(frames[5]);
    if (failed.type !== 'v1.observation' || failed.observationKind !== 'TerminalObservation')
      throw new Error('5');
    expect(failed.observation.exit_code).toBe(1);
    expect(commandExitCode(failed)).toBe(1);
    expect(joinTextContent(failed.observation.content)).toContain('test_parse_skips_comments');

    const action = parseEvent(frames[11]);
    if (action.type !== 'v1.action' || action.actionKind !== 'TerminalAction')
      throw new Error('11');
    expect(action.action.timeout).toBe(120);
    expect(action.security_risk).toBe('LOW');
    expect(joinTextContent(action.thought)).toBe('Now let me run the whole test suite again.');
    expect(action.tool_call?.arguments).toContain('"timeout": 120');

    const edit = parseEvent(frames[10]);
    if (edit.type !== 'v1.observation' || edit.observationKind !== 'FileEditorObservation')
      throw new Error('10');
    expect(edit.observation.old_content).toContain('key, value = line.split');
    expect(edit.observation.new_content).toContain('return None');

    const question = parseEvent(frames[19]);
    if (question.type !== 'v1.message') throw new Error('19');
    expect(question.llm_message.role).toBe('assistant');
    expect(question.sender).toBeNull();

    const error = parseEvent(frames[8]);
    if (error.type !== 'v1.agent-error') throw new Error('8');
    expect(error.error).toMatch(/^Error validating args/);

    expect(frames.map((frame) => executionStatusOf(parseEvent(frame))).filter(Boolean)).toEqual([
      'running',
      'running',
      'finished',
      'running',
      'finished',
      'running',
      'paused',
    ]);

    const stats = parseEvent(frames[16]);
    if (stats.type !== 'v1.state-update' || stats.stateKey !== 'stats') throw new Error('16');
    expect(stats.value.usage_to_metrics?.agent?.accumulated_cost).toBe(0.084132);
  });

  it('reads absent and null fields alike', () => {
    const withNull = parseEvent(frames[19]);
    const { sender: _, ...withoutSender } = frames[19] as Record<string, unknown>;
    const absent = parseEvent(withoutSender);
    if (withNull.type !== 'v1.message' || absent.type !== 'v1.message') throw new Error('messages');
    expect(withNull.sender ?? null).toBe(absent.sender ?? null);
  });

  it('agrees with the agent-server OpenAPI document: frames 0–26 are valid Events', () => {
    const validate = componentValidator('agent', 'Event');
    frames.slice(0, 27).forEach((frame, index) => {
      expect(validate(frame), `frame ${index}: ${describeErrors(validate)}`).toBe(true);
    });
    // The 2026 document no longer defines ExecuteBash*: the validator does reject those frames.
    expect(validate(frames[27])).toBe(false);
    expect(validate(frames[28])).toBe(false);
  });

  it('parses the persisted SDK state as a full_state value, keeping every field', () => {
    const state = readSharedJson<Record<string, unknown>>(
      'fixtures/upstream/v1_sdk_conversation_base_state.json',
    );
    const event = parseEvent({
      kind: 'ConversationStateUpdateEvent',
      id: '0b6f2f4e-5a3c-4d8e-9b1a-6c7d8e9f0a12',
      timestamp: '2026-03-02T10:15:09.811402',
      source: 'environment',
      key: 'full_state',
      value: state,
    });
    if (event.type !== 'v1.state-update' || event.stateKey !== 'full_state')
      throw new Error('state');
    expect(event.value.execution_status).toBe('idle');
    expect(event.value.agent?.kind).toBe('Agent');
    expect(event.value.agent?.llm?.model).toBe('gpt-4o-mini');
    expect(event.value.confirmation_policy?.kind).toBe('NeverConfirm');
    expect(executionStatusOf(event)).toBe('idle');
    expect(ConversationStateSchema.parse(state)).toEqual(state);
  });
});

describe('unknown and malformed input', () => {
  it('keeps an unknown V0 type whole, with its id and key', () => {
    const raw = { id: 12, action: 'teleport', source: 'agent', args: { to: 'mars' } };
    expect(parseEvent(raw)).toMatchObject({
      type: 'unknown',
      generation: 'v0',
      id: 12,
      key: 'v0:12',
      typeName: 'teleport',
      reason: 'unknown-type',
      raw,
    });
    expect(parseEvent({ id: 13, observation: 'telepathy', content: '' })).toMatchObject({
      type: 'unknown',
      key: 'v0:13',
      typeName: 'telepathy',
    });
  });

  it('keeps an unknown V1 kind (a newer server) whole, with its id and key', () => {
    const raw = {
      kind: 'HookExecutionEvent',
      id: '11111111-2222-3333-4444-555555555555',
      source: 'environment',
      hook: 'PreToolUse',
    };
    expect(parseEvent(raw)).toMatchObject({
      type: 'unknown',
      generation: 'v1',
      id: raw.id,
      key: 'v1:11111111222233334444555555555555',
      typeName: 'HookExecutionEvent',
      raw,
    });
  });

  it('keeps an ActionEvent whose action kind is unknown as `other`, still pairable', () => {
    const frame = structuredClone(v1Frames()[4]) as Record<string, unknown>;
    frame.action = { kind: 'TeleportAction', destination: 'mars' };
    const event = parseEvent(frame);
    if (event.type !== 'v1.action' || event.actionKind !== 'other') throw new Error('other');
    expect(event.action).toEqual({ kind: 'TeleportAction', destination: 'mars' });
    expect(pairKey(event)).toBe(eventKeyOf('v1', frame.id as string));
  });

  it('turns a known type with wrong field types into `unknown` naming the field', () => {
    const event = parseEvent({ id: 5, action: 'run', args: { command: 42 } });
    expect(event).toMatchObject({ type: 'unknown', reason: 'invalid-shape', key: 'v0:5' });
    expect(event.type === 'unknown' && event.problem).toMatch(/^args\.command/);
    const frame = parseEvent({ kind: 'ObservationEvent', id: 'x', observation: { kind: 'X' } });
    expect(frame).toMatchObject({ type: 'unknown', reason: 'invalid-shape', key: 'v1:x' });
  });

  it('keeps extra fields and accepts unknown enum values', () => {
    const event = parseEvent({
      kind: 'ConversationStateUpdateEvent',
      id: 'e1',
      key: 'execution_status',
      value: 'hibernating',
      shard: 7,
    });
    expect(executionStatusOf(event)).toBe('hibernating');
    expect(event.raw.shard).toBe(7);
    const policy = parseEvent({
      kind: 'ConversationStateUpdateEvent',
      id: 'e2',
      key: 'confirmation_policy',
      value: { kind: 'AlwaysConfirm' },
    });
    expect(policy).toMatchObject({
      type: 'v1.state-update',
      stateKey: 'other',
      stateField: 'confirmation_policy',
      key: 'v1:e2',
      value: { kind: 'AlwaysConfirm' },
    });
    const v0 = parseEvent({ id: 1, action: 'message', args: { content: 'hi', mood: 'happy' } });
    if (v0.type !== 'v0.action' || v0.action !== 'message') throw new Error('message');
    expect(v0.args.mood).toBe('happy');
  });

  it('calls an object with no type field unrecognised instead of failing', () => {
    expect(parseEvent({ hello: 'world' })).toMatchObject({
      type: 'unknown',
      reason: 'unrecognised',
      generation: null,
      key: null,
    });
  });

  it('throws only for values that are not objects', () => {
    for (const value of [null, undefined, 'event', 42, true, [], [{ id: 1 }]]) {
      expect(() => parseEvent(value)).toThrow(TypeError);
    }
  });

  it('gives the same key to one V1 event written with and without dashes', () => {
    expect(eventKeyOf('v1', '7C1F3B2A-94DE-4F0B-8A6E-2D5B9C0E4F11')).toBe(
      eventKeyOf('v1', '7c1f3b2a94de4f0b8a6e2d5b9c0e4f11'),
    );
    expect(eventKeyOf('v0', 7)).not.toBe(eventKeyOf('v1', '7'));
  });
});
