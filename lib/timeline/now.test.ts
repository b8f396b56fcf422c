import { describe, expect, it } from 'vitest';
import { parseEvent } from '@/lib/api';
import { v0OrderKey, v1OrderKey } from '@/lib/stream/order';
import { lastActivityAt, type NowInput, nowState } from './now';
import { RowBuilder } from './pairing';

function v0Rows(raws: Record<string, unknown>[]) {
  return new RowBuilder().build(
    raws.map((raw, index) => ({
      order: v0OrderKey(index + 1),
      event: parseEvent({ id: index + 1, timestamp: `2025-01-20T10:00:0${index}`, ...raw }),
    })),
  );
}

const running = v0Rows([
  { source: 'user', action: 'message', args: { content: 'fix it' } },
  { source: 'agent', action: 'run', args: { command: 'npm test' } },
]);
const answered = v0Rows([
  { source: 'agent', action: 'run', args: { command: 'npm test' } },
  {
    source: 'agent',
    observation: 'run',
    cause: 1,
    content: 'ok',
    extras: { metadata: { exit_code: 0 } },
  },
  { source: 'agent', observation: 'agent_state_changed', extras: { agent_state: 'running' } },
]);

function now(input: Partial<NowInput>) {
  return nowState({ generation: 'v0', rows: [], pending: null, ...input });
}

describe('nowState', () => {
  it('names the step under way, from the newest action still waiting for its result', () => {
    const state = now({ agentState: 'running', status: 'RUNNING', rows: running });
    expect(state).toMatchObject({
      kind: 'working',
      words: 'Running',
      code: 'npm test',
      since: '2025-01-20T10:00:01',
      busy: true,
    });
  });

  it('says the agent is thinking between steps, timed from its last visible activity', () => {
    const state = now({ agentState: 'running', rows: answered });
    expect(state).toMatchObject({
      kind: 'working',
      words: 'Thinking',
      since: '2025-01-20T10:00:01',
    });
    // The state change after the result is bookkeeping, not activity.
    expect(lastActivityAt(answered)).toBe('2025-01-20T10:00:01');
  });

  it('is loud when the person is needed, with the action inline', () => {
    const state = now({
      agentState: 'awaiting_user_confirmation',
      rows: running,
      pending: {
        key: running[1]?.key ?? '',
        code: 'rm -rf build',
        codeIsPath: false,
        title: 'Running',
        risk: 'HIGH',
      },
    });
    expect(state).toMatchObject({
      kind: 'confirm',
      headline: 'Needs you',
      words: 'the agent wants to run',
      code: 'rm -rf build',
    });
    expect(now({ generation: 'v1', executionStatus: 'idle' })).toMatchObject({
      kind: 'reply',
      headline: 'Needs you',
    });
  });

  it('puts the connection first: a stale "needs you" never shows with the server gone', () => {
    const retrying = now({
      agentState: 'awaiting_user_confirmation',
      transport: { phase: 'retrying', attempt: 2, retryAt: 12_345, reason: 'unreachable' },
    });
    expect(retrying).toMatchObject({ kind: 'reconnecting', retryAt: 12_345, offline: true });
    expect(retrying.problem?.kind).toBe('unreachable');
    // The next attempt under way is no better: the confirmation still could not be sent.
    const trying = now({
      agentState: 'awaiting_user_confirmation',
      transport: { phase: 'connecting', attempt: 2 },
    });
    expect(trying).toMatchObject({ kind: 'reconnecting', offline: true });
    // The first connection, before anything was lost, shows the agent's state.
    expect(
      now({
        agentState: 'awaiting_user_confirmation',
        transport: { phase: 'connecting', attempt: 0 },
      }).kind,
    ).toBe('confirm');
    const failed = now({
      agentState: 'running',
      transport: { phase: 'failed', reason: 'unauthorized' },
    });
    expect(failed).toMatchObject({ kind: 'offline', headline: 'Offline', offline: true });
    expect(failed.problem?.kind).toBe('wrong-key');
    expect(now({ agentState: 'running', offline: true }).kind).toBe('offline');
    const unreachable = now({
      status: 'STOPPED',
      recordError: { name: 'ApiError', kind: 'network', message: 'Failed to fetch' },
    });
    expect(unreachable).toMatchObject({ kind: 'offline' });
    expect(unreachable.problem?.title).toBe('The server cannot be reached');
  });

  it('says what went wrong in words, from the runtime status or the error event', () => {
    const v0 = now({
      agentState: 'error',
      runtimeStatus: 'STATUS$ERROR_LLM_OUT_OF_CREDITS',
      error: "You're out of OpenHands Credits.",
    });
    expect(v0).toMatchObject({ kind: 'error', headline: 'Error' });
    expect(v0.problem?.kind).toBe('out-of-credits');
    const v1Rows = new RowBuilder().build([
      {
        order: v1OrderKey('2025-01-20T10:00:00', 'e1'),
        event: parseEvent({
          kind: 'ConversationErrorEvent',
          id: 'e1',
          timestamp: '2025-01-20T10:00:00',
          source: 'environment',
          code: 'BudgetExceededError',
          detail: 'Budget has been exceeded!',
        }),
      },
    ]);
    const v1 = now({
      generation: 'v1',
      executionStatus: 'error',
      sandboxStatus: 'RUNNING',
      rows: v1Rows,
    });
    expect(v1.problem).toMatchObject({
      kind: 'out-of-credits',
      raw: 'BudgetExceededError\nBudget has been exceeded!',
    });
    expect(now({ generation: 'v1', executionStatus: 'stuck' }).problem?.kind).toBe('stuck');
    expect(now({ agentState: 'error' }).problem?.kind).toBe('unknown');
    // A V0 agent that stopped on an error says why in its state change.
    const reason = v0Rows([
      {
        source: 'agent',
        observation: 'agent_state_changed',
        extras: { agent_state: 'error', reason: "RuntimeError: You're out of OpenHands Credits." },
      },
    ]);
    expect(now({ agentState: 'error', rows: reason }).problem?.kind).toBe('out-of-credits');
  });

  it('tells finished, paused, stopped and starting apart', () => {
    expect(now({ agentState: 'finished', rows: answered })).toMatchObject({
      kind: 'finished',
      headline: 'Finished',
    });
    expect(now({ status: 'STOPPED', agentState: 'finished' }).kind).toBe('finished');
    expect(
      now({ generation: 'v1', executionStatus: 'paused', sandboxStatus: 'RUNNING' }).kind,
    ).toBe('paused');
    expect(now({ generation: 'v1', sandboxStatus: 'PAUSED' })).toMatchObject({
      kind: 'stopped',
      headline: 'Sandbox paused',
    });
    expect(now({ status: 'STARTING', runtimeStatus: 'STATUS$STARTING_RUNTIME' })).toMatchObject({
      kind: 'starting',
      busy: true,
    });
    expect(now({ generation: 'v1', sandboxStatus: 'MISSING' }).problem?.kind).toBe('sandbox-lost');
    expect(now({ deleted: true, agentState: 'running' }).kind).toBe('deleted');
    expect(now({}).kind).toBe('unknown');
  });
});
