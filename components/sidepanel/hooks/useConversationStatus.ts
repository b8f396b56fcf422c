// What the conversation is doing: the status pill's words, the "now" line, and the action
// waiting for the person's confirmation, if any. The live stream's facts win over the record's,
// which may be seconds old.
import { useMemo, useState } from 'react';
import type { Generation } from '@/lib/api/generation';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { viewOf } from '@/lib/timeline/describe';
import { type NowState, nowState, type PendingAction } from '@/lib/timeline/now';
import type { TimelineRow } from '@/lib/timeline/pairing';
import { statusWords } from '@/lib/timeline/status-words';
import type { ConversationSummary } from '../model/conversation-list';

export function useConversationStatus(input: {
  generation: Generation;
  snapshot: StreamSnapshot | null;
  summary: ConversationSummary | null;
  rows: readonly TimelineRow[];
  /** The record says the conversation is not on the server any more. */
  recordGone: boolean;
  /** Reading the record failed (the server may be down). */
  recordError?: unknown;
  /** The browser is offline. */
  offline?: boolean;
}) {
  const { generation, snapshot, summary, rows, recordGone, recordError, offline } = input;
  const facts = snapshot?.conversation ?? null;
  const [stopping, setStopping] = useState(false);

  const awaiting =
    generation === 'v1'
      ? facts?.executionStatus === 'waiting_for_confirmation'
      : facts?.agentState === 'awaiting_user_confirmation';
  const pending: PendingAction | null = useMemo(() => {
    if (!awaiting) return null;
    for (let index = rows.length - 1; index >= 0; index--) {
      const row = rows[index] as TimelineRow;
      if (!row.pending) continue;
      const view = viewOf(row);
      return {
        key: row.key,
        title: view.title,
        code: view.detail.kind === 'command' ? view.detail.command : (view.code ?? view.title),
        codeIsPath: view.codeIsPath,
        risk: view.risk,
      };
    }
    return null;
  }, [awaiting, rows]);

  const deleted = !!facts?.notFound || recordGone;
  const conversationStatus = facts?.status ?? summary?.status ?? null;
  const runtimeStatus = facts?.runtimeStatus ?? summary?.runtimeStatus ?? null;
  const agentState = facts?.agentState ?? null;
  const executionStatus = facts?.executionStatus ?? summary?.executionStatus ?? null;
  const sandboxStatus = facts?.sandboxStatus ?? summary?.sandboxStatus ?? null;
  const error = facts?.error ?? null;
  const transport = snapshot?.transport ?? null;
  const state = {
    status: conversationStatus,
    runtimeStatus,
    agentState,
    executionStatus,
    sandboxStatus,
  };
  const status = statusWords({
    generation,
    ...state,
    transport,
    stopping,
    error,
    notFound: deleted,
  });
  const now: NowState = useMemo(
    () =>
      nowState({
        generation,
        status: conversationStatus,
        runtimeStatus,
        agentState,
        executionStatus,
        sandboxStatus,
        error,
        transport,
        offline: !!offline,
        deleted,
        stopping,
        rows,
        pending,
        recordError,
      }),
    [
      generation,
      conversationStatus,
      runtimeStatus,
      agentState,
      executionStatus,
      sandboxStatus,
      error,
      transport,
      offline,
      deleted,
      stopping,
      rows,
      pending,
      recordError,
    ],
  );

  return {
    status,
    now,
    pending,
    deleted,
    stopping,
    setStopping,
    /** The conversation's state for the controls, newest source first. */
    state,
  };
}
