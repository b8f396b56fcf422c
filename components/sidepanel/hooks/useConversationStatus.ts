// What the conversation is doing: the status pill's words, the "now" line, and the action
// waiting for the person's confirmation, if any. The live stream's facts win over the record's,
// which may be seconds old.
import { useMemo, useState } from 'react';
import type { Generation } from '@/lib/api/generation';
import { t } from '@/lib/i18n';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { viewOf } from '@/lib/timeline/describe';
import { type NowState, nowState, type PendingAction } from '@/lib/timeline/now';
import type { TimelineRow } from '@/lib/timeline/pairing';
import { isAskUserAction, type OpenQuestion, openQuestion } from '@/lib/timeline/question';
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
  // The agent's question no answer has closed, whatever the status says for now; what
  // `waiting_for_confirmation` waits for is then its answer.
  const asked: OpenQuestion | null = useMemo(
    () => (generation === 'v1' ? openQuestion(rows) : null),
    [generation, rows],
  );
  const question = awaiting ? asked : null;
  const pending: PendingAction | null = useMemo(() => {
    if (!awaiting || question) return null;
    for (let index = rows.length - 1; index >= 0; index--) {
      const row = rows[index] as TimelineRow;
      // The `ask_user` tool call waits for an answer, never for a confirmation.
      if (!row.pending || isAskUserAction(row.primary.event)) continue;
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
  }, [awaiting, question, rows]);

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
  const words = statusWords({
    generation,
    ...state,
    transport,
    stopping,
    error,
    notFound: deleted,
  });
  const status =
    question && words.tone === 'orange' ? { ...words, label: t('panel.status.question') } : words;
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
        question,
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
      question,
      recordError,
    ],
  );

  return {
    status,
    now,
    pending,
    question,
    /** The open question even while the status says something else for a moment. */
    asked,
    deleted,
    stopping,
    setStopping,
    /** The conversation's state for the controls, newest source first. */
    state,
  };
}
