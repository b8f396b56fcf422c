import { describe, expect, it } from 'vitest';
import {
  agentStateWords,
  errorIdWords,
  executionStatusWords,
  runtimeStatusWords,
  startTaskWords,
  statusWords,
  streamWords,
} from '@/lib/timeline/status-words';

describe('words for every value', () => {
  it.each([
    ['loading', 'Starting the agent…'],
    ['init', 'Starting the agent…'],
    ['running', 'Working'],
    ['awaiting_user_input', 'Waiting for your message'],
    ['paused', 'Paused'],
    ['stopped', 'Agent stopped'],
    ['finished', 'Finished'],
    ['rejected', 'Agent declined the task'],
    ['error', 'Error'],
    ['awaiting_user_confirmation', 'Waiting for your confirmation'],
    ['user_confirmed', 'Action confirmed'],
    ['user_rejected', 'Action rejected'],
    ['rate_limited', 'Rate limited, retrying'],
  ])('agent state %s reads "%s"', (state, words) => {
    expect(agentStateWords(state)).toBe(words);
  });

  it('keeps "Finished" apart from "waiting", unlike the web UI', () => {
    expect(agentStateWords('finished')).not.toBe(agentStateWords('awaiting_user_input'));
    expect(executionStatusWords('finished')).toBe('Finished');
    expect(executionStatusWords('idle')).toBe('Waiting for your message');
  });

  it('humanises values it has no words for', () => {
    expect(agentStateWords('thinking_hard')).toBe('Thinking hard');
    expect(runtimeStatusWords('STATUS$WARMING_UP_GPU')).toBe('Warming up gpu');
    expect(executionStatusWords('deleting')).toBe('Being deleted');
  });

  it('has words for the runtime statuses the web UI leaves as keys', () => {
    expect(runtimeStatusWords('STATUS$STOPPED')).toBe('Stopped');
    expect(runtimeStatusWords('STATUS$READY')).toBe('Ready');
    expect(runtimeStatusWords('STATUS$RUNTIME_STARTED')).toBe('Runtime started');
    expect(runtimeStatusWords('STATUS$ERROR_LLM_OUT_OF_CREDITS')).toBe('Out of LLM credits');
  });

  it('says start-task steps in its own words, not every word capitalised', () => {
    expect(startTaskWords('WAITING_FOR_SANDBOX')).toBe('Waiting for the sandbox');
    expect(startTaskWords('PREPARING_REPOSITORY')).toBe('Cloning the repository');
    expect(startTaskWords('SETTING_UP_SKILLS')).toBe('Loading skills');
    expect(startTaskWords('ERROR', 'Sandbox failed')).toBe('Failed to start: Sandbox failed');
    expect(startTaskWords('BRAND_NEW_STEP')).toBe('Brand new step');
  });

  it('translates known error ids and leaves others to the server’s words', () => {
    expect(errorIdWords('AGENT_ERROR$ACTION_TIMEOUT')).toBe('The action timed out.');
    expect(errorIdWords('AGENT_ERROR$SOMETHING_ELSE')).toBeNull();
  });
});

describe('statusWords (the status pill)', () => {
  it('puts a failed V1 start first', () => {
    const words = statusWords({
      generation: 'v1',
      startTask: { status: 'ERROR', detail: 'No sandbox' },
      executionStatus: 'running',
    });
    expect(words).toEqual({ label: 'Failed to start', tone: 'red', detail: 'No sandbox' });
  });

  it('says Stopped in grey for a stopped conversation, noting a finished agent', () => {
    expect(statusWords({ generation: 'v0', status: 'STOPPED', agentState: 'finished' })).toEqual({
      label: 'Stopped',
      tone: 'grey',
      detail: 'The agent had finished its task.',
    });
    expect(
      statusWords({ generation: 'v0', status: 'RUNNING', runtimeStatus: 'STATUS$STOPPED' }).label,
    ).toBe('Stopped');
  });

  it('shows the runtime’s progress until the agent is ready', () => {
    expect(
      statusWords({
        generation: 'v0',
        status: 'STARTING',
        runtimeStatus: 'STATUS$STARTING_RUNTIME',
      }),
    ).toMatchObject({ label: 'Starting the runtime (a minute or two)…', tone: 'yellow' });
    expect(
      statusWords({
        generation: 'v0',
        status: 'RUNNING',
        runtimeStatus: 'STATUS$SETTING_UP_WORKSPACE',
        agentState: 'running',
      }),
    ).toMatchObject({ label: 'Working', tone: 'green' });
  });

  it('reports runtime errors in red with the server’s words', () => {
    expect(
      statusWords({
        generation: 'v0',
        status: 'RUNNING',
        runtimeStatus: 'STATUS$ERROR_LLM_OUT_OF_CREDITS',
        agentState: 'error',
        error: 'Add credits',
      }),
    ).toMatchObject({ label: 'Out of LLM credits', tone: 'red', detail: 'Add credits' });
  });

  it('colours the agent states as the web UI does', () => {
    const tone = (agentState: string) =>
      statusWords({ generation: 'v0', status: 'RUNNING', agentState }).tone;
    expect(tone('awaiting_user_confirmation')).toBe('orange');
    expect(tone('awaiting_user_input')).toBe('blue');
    expect(tone('paused')).toBe('yellow');
    expect(tone('running')).toBe('green');
    expect(tone('finished')).toBe('green');
    expect(tone('error')).toBe('red');
  });

  it('speaks V1 execution statuses, with the sandbox first', () => {
    expect(
      statusWords({
        generation: 'v1',
        sandboxStatus: 'RUNNING',
        executionStatus: 'waiting_for_confirmation',
      }),
    ).toMatchObject({
      label: 'Waiting for your confirmation',
      tone: 'orange',
    });
    expect(statusWords({ generation: 'v1', sandboxStatus: 'STARTING' }).label).toBe(
      'Sandbox starting',
    );
    expect(
      statusWords({ generation: 'v1', status: 'STOPPED', sandboxStatus: 'PAUSED' }).label,
    ).toBe('Stopped');
  });

  it('puts a lost stream before the agent state it last knew', () => {
    const waiting = { generation: 'v0' as const, agentState: 'awaiting_user_confirmation' };
    expect(
      statusWords({
        ...waiting,
        transport: {
          phase: 'retrying',
          attempt: 3,
          retryAt: Date.now() + 9000,
          reason: 'unreachable',
        },
      }),
    ).toMatchObject({ label: 'Reconnecting', tone: 'yellow' });
    expect(
      statusWords({ ...waiting, transport: { phase: 'failed', reason: 'unauthorized' } }),
    ).toMatchObject({ label: 'Offline', tone: 'red' });
    expect(statusWords({ ...waiting, transport: { phase: 'live' } }).label).toBe(
      'Waiting for your confirmation',
    );
  });

  it('says when a conversation was deleted', () => {
    expect(statusWords({ generation: 'v0', notFound: true, error: 'gone' })).toMatchObject({
      label: 'Deleted',
      tone: 'red',
    });
  });
});

describe('streamWords', () => {
  it('says what the stream does and why', () => {
    const now = 1_000_000;
    expect(streamWords({ phase: 'live' }, now)).toBe('Live');
    expect(
      streamWords(
        { phase: 'retrying', attempt: 2, retryAt: now + 4200, reason: 'unreachable' },
        now,
      ),
    ).toBe('Reconnecting in 5 s: the server cannot be reached');
    expect(streamWords({ phase: 'failed', reason: 'unauthorized' }, now)).toBe(
      'Stream failed: the key was rejected',
    );
    expect(streamWords({ phase: 'failed', reason: 'not-found' }, now)).toBe(
      'Stream failed: the conversation was not found',
    );
    expect(streamWords({ phase: 'idle' }, now)).toBe('Not live: the conversation is not running');
  });
});
