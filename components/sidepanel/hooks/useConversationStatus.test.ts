// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseEvent } from '@/lib/api';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { testSnapshot } from '@/lib/messaging/stream-snapshot-test-support';
import { v0OrderKey, v1OrderKey } from '@/lib/stream/order';
import { RowBuilder } from '@/lib/timeline/pairing';
import { useConversationStatus } from './useConversationStatus';

const rows = new RowBuilder().build([
  {
    order: v0OrderKey(5),
    event: parseEvent({
      id: 5,
      timestamp: '2025-01-20T10:00:00',
      source: 'agent',
      action: 'run',
      args: { command: 'rm -rf build', confirmation_state: 'awaiting_confirmation' },
    }),
  },
]);

const snapshot = (conversation: Partial<StreamSnapshot['conversation']>) =>
  testSnapshot('v0', conversation);

describe('useConversationStatus', () => {
  it('names the action waiting for confirmation', () => {
    const { result } = renderHook(() =>
      useConversationStatus({
        generation: 'v0',
        snapshot: snapshot({ agentState: 'awaiting_user_confirmation' }),
        summary: null,
        rows,
        recordGone: false,
      }),
    );
    expect(result.current.pending).toMatchObject({ key: rows[0]?.key });
    expect(result.current.pending?.code).toBe('rm -rf build');
    expect(result.current.now).toMatchObject({ kind: 'confirm', code: 'rm -rf build' });
    expect(result.current.status.label).toBe('Waiting for your confirmation');
  });

  it('has nothing pending once the agent moved on, and says when the conversation is gone', () => {
    const { result } = renderHook(() =>
      useConversationStatus({
        generation: 'v0',
        snapshot: snapshot({ agentState: 'running' }),
        summary: null,
        rows,
        recordGone: true,
      }),
    );
    expect(result.current.pending).toBeNull();
    expect(result.current.deleted).toBe(true);
  });

  it('shows the agent’s question, not its ask_user tool call, as what it waits for', () => {
    const raw = [
      {
        kind: 'ActionEvent',
        id: 'e1',
        timestamp: '2026-10-02T10:00:00',
        source: 'agent',
        action: { kind: 'AskUserAction', questions: [] },
        tool_name: 'ask_user',
        tool_call_id: 't1',
      },
      {
        kind: 'AskUserRequestEvent',
        id: 'e2',
        timestamp: '2026-10-02T10:00:01',
        source: 'agent',
        request_id: 'req-1',
        questions: [{ id: 'auth', question: 'Which sign-in?', options: [] }],
        action_id: 'e1',
      },
    ];
    const v1Rows = new RowBuilder().build(
      raw.map((event) => {
        const parsed = parseEvent(event);
        return { order: v1OrderKey(event.timestamp, parsed.key as string), event: parsed };
      }),
    );
    const { result } = renderHook(() =>
      useConversationStatus({
        generation: 'v1',
        snapshot: testSnapshot('v1', {
          executionStatus: 'waiting_for_confirmation',
          sandboxStatus: 'RUNNING',
        }),
        summary: null,
        rows: v1Rows,
        recordGone: false,
      }),
    );
    expect(result.current.pending).toBeNull();
    expect(result.current.question).toMatchObject({ requestId: 'req-1' });
    expect(result.current.now.kind).toBe('question');
    expect(result.current.status.label).toBe('Has a question for you');
  });
});
