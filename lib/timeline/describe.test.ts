import { describe, expect, it } from 'vitest';
import { parseEvent } from '@/lib/api';
import { v0OrderKey, v1OrderKey } from '@/lib/stream/order';
import { describeRow, rowFailed, visibilityOf } from '@/lib/timeline/describe';
import { costOf } from '@/lib/timeline/metrics';
import { type OrderedEvent, RowBuilder, type TimelineRow } from '@/lib/timeline/pairing';

function v0(raw: Record<string, unknown>): OrderedEvent {
  return { order: v0OrderKey(raw.id as number), event: parseEvent(raw) };
}
function v1(raw: Record<string, unknown>): OrderedEvent {
  const event = parseEvent(raw);
  return { order: v1OrderKey(raw.timestamp as string, event.key as string), event };
}
const rowsOf = (items: OrderedEvent[]) => new RowBuilder().build(items);
/** The one row a test's events make. */
function onlyRow(items: OrderedEvent[]): TimelineRow {
  const [row] = rowsOf(items);
  if (!row) throw new Error('no row');
  return row;
}

describe('describeRow', () => {
  it('describes a failed V0 command with its exit code, output and duration', () => {
    const row = onlyRow([
      v0({
        id: 1,
        timestamp: '2025-01-20T10:00:00',
        source: 'agent',
        action: 'run',
        args: { command: 'npm test', thought: 'Check' },
      }),
      v0({
        id: 2,
        timestamp: '2025-01-20T10:00:02.500',
        source: 'agent',
        observation: 'run',
        cause: 1,
        content: 'FAIL src/a.test.ts',
        extras: { command: 'npm test', metadata: { exit_code: 1 } },
      }),
    ]);
    const view = describeRow(row);
    expect(view).toMatchObject({
      category: 'command',
      title: 'Ran',
      code: 'npm test',
      outcome: 'failure',
      exitCode: 1,
      durationMs: 2500,
      thought: 'Check',
      detail: { kind: 'command', command: 'npm test', output: 'FAIL src/a.test.ts', exitCode: 1 },
    });
    expect(rowFailed(row)).toBe(true);
  });

  it('maps the SDK’s old and new terminal kinds alike and reads exit_code', () => {
    const row = onlyRow([
      v1({
        kind: 'ActionEvent',
        id: 'cccccccc-0000-4000-8000-000000000001',
        timestamp: '2025-01-20T10:00:00',
        source: 'agent',
        tool_name: 'terminal',
        action: { kind: 'ExecuteBashAction', command: 'ls' },
      }),
      v1({
        kind: 'ObservationEvent',
        id: 'cccccccc-0000-4000-8000-000000000002',
        timestamp: '2025-01-20T10:00:01',
        source: 'environment',
        action_id: 'cccccccc-0000-4000-8000-000000000001',
        observation: {
          kind: 'TerminalObservation',
          content: [{ type: 'text', text: 'a.txt' }],
          exit_code: 0,
        },
      }),
    ]);
    expect(describeRow(row)).toMatchObject({
      category: 'command',
      code: 'ls',
      outcome: 'success',
      exitCode: 0,
    });
  });

  it('gives a V1 file edit old and new content to compare, and reads is_error', () => {
    const row = onlyRow([
      v1({
        kind: 'ActionEvent',
        id: 'dddddddd-0000-4000-8000-000000000001',
        timestamp: '2025-01-20T10:00:00',
        source: 'agent',
        tool_name: 'file_editor',
        action: {
          kind: 'FileEditorAction',
          command: 'str_replace',
          path: '/w/a.py',
          old_str: 'a',
          new_str: 'b',
        },
      }),
      v1({
        kind: 'ObservationEvent',
        id: 'dddddddd-0000-4000-8000-000000000002',
        timestamp: '2025-01-20T10:00:01',
        source: 'environment',
        action_id: 'dddddddd-0000-4000-8000-000000000001',
        observation: {
          kind: 'FileEditorObservation',
          command: 'str_replace',
          path: '/w/a.py',
          old_content: 'a\n',
          new_content: 'b\n',
          is_error: false,
        },
      }),
    ]);
    expect(describeRow(row)).toMatchObject({
      category: 'file-edit',
      title: 'Edited',
      code: '/w/a.py',
      detail: { kind: 'file-change', oldContent: 'a\n', newContent: 'b\n', unifiedDiff: null },
    });
  });

  it('shows unknown event types as such, with their JSON on hand', () => {
    const row = onlyRow([
      v1({ kind: 'QuantumEvent', id: 'e1', timestamp: '2025-01-20T10:00:00', source: 'agent' }),
    ]);
    expect(describeRow(row)).toMatchObject({
      category: 'unknown',
      title: 'Unknown event: QuantumEvent',
    });
  });

  it('marks an action awaiting confirmation and its risk', () => {
    const row = onlyRow([
      v0({
        id: 5,
        timestamp: '2025-01-20T10:00:00',
        source: 'agent',
        action: 'run',
        args: {
          command: 'rm -rf build',
          confirmation_state: 'awaiting_confirmation',
          security_risk: 2,
        },
      }),
    ]);
    expect(describeRow(row)).toMatchObject({
      awaitingConfirmation: true,
      risk: 'HIGH',
      outcome: 'running',
    });
  });
});

describe('visibilityOf', () => {
  it('hides state changes, system prompts and commands typed in the terminal; shows the rest', () => {
    const state = parseEvent({
      id: 1,
      source: 'environment',
      observation: 'agent_state_changed',
      content: '',
      extras: { agent_state: 'running' },
    });
    const typed = parseEvent({ id: 2, source: 'user', action: 'run', args: { command: 'ls' } });
    const hidden = parseEvent({
      id: 3,
      source: 'agent',
      action: 'run',
      args: { command: 'git config', hidden: true },
    });
    const message = parseEvent({
      id: 4,
      source: 'user',
      action: 'message',
      args: { content: 'hi' },
    });
    const prompt = parseEvent({
      kind: 'SystemPromptEvent',
      id: 's',
      timestamp: 't',
      source: 'agent',
      system_prompt: { type: 'text', text: 'x' },
      tools: [],
    });
    const reject = parseEvent({
      kind: 'UserRejectObservation',
      id: 'r',
      timestamp: 't',
      source: 'environment',
      action_id: 'a',
    });
    expect([state, typed, hidden, message, prompt, reject].map(visibilityOf)).toEqual([
      'system',
      'system',
      'hidden',
      'shown',
      'system',
      'shown',
    ]);
  });
});

describe('costOf', () => {
  it('reads V0 running totals and sums V1 stats per usage', () => {
    expect(
      costOf([
        v0({
          id: 1,
          source: 'agent',
          action: 'message',
          args: { content: 'x' },
          llm_metrics: {
            accumulated_cost: 0.25,
            accumulated_token_usage: { prompt_tokens: 100, completion_tokens: 20 },
          },
        }),
      ]),
    ).toEqual({ cost: 0.25, tokens: 120 });
    expect(
      costOf([
        v1({
          kind: 'ConversationStateUpdateEvent',
          id: 'ffffffff-0000-4000-8000-000000000001',
          timestamp: '2025-01-20T10:00:00',
          source: 'environment',
          key: 'stats',
          value: {
            usage_to_metrics: {
              agent: {
                accumulated_cost: 0.5,
                accumulated_token_usage: { prompt_tokens: 10, completion_tokens: 5 },
              },
              condenser: {
                accumulated_cost: 0.25,
                accumulated_token_usage: { prompt_tokens: 1, completion_tokens: 1 },
              },
            },
          },
        }),
      ]),
    ).toEqual({ cost: 0.75, tokens: 17 });
  });
});
