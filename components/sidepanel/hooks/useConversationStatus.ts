// What the conversation is doing, in words for the status pill, and the action waiting for the
// person's confirmation, if any. The live stream's facts win over the record's, which may be
// seconds old.
import { useMemo, useState } from 'react';
import type { Generation } from '@/lib/api/generation';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { viewOf } from '@/lib/timeline/describe';
import type { TimelineRow } from '@/lib/timeline/pairing';
import { statusWords } from '@/lib/timeline/status-words';
import type { PendingConfirmation } from '../ConversationControls';
import type { ConversationSummary } from '../model/conversation-list';

export function useConversationStatus(input: {
  generation: Generation;
  snapshot: StreamSnapshot | null;
  summary: ConversationSummary | null;
  rows: readonly TimelineRow[];
  /** The record says the conversation is not on the server any more. */
  recordGone: boolean;
}) {
  const { generation, snapshot, summary, rows, recordGone } = input;
  const facts = snapshot?.conversation ?? null;
  const [stopping, setStopping] = useState(false);

  const awaiting =
    generation === 'v1'
      ? facts?.executionStatus === 'waiting_for_confirmation'
      : facts?.agentState === 'awaiting_user_confirmation';
  const pending: PendingConfirmation | null = useMemo(() => {
    if (!awaiting) return null;
    for (let index = rows.length - 1; index >= 0; index--) {
      const row = rows[index] as TimelineRow;
      if (!row.pending) continue;
      const view = viewOf(row);
      return {
        key: row.key,
        title: [view.title, view.code].filter(Boolean).join(' '),
        risk: view.risk,
      };
    }
    return null;
  }, [awaiting, rows]);

  const deleted = !!facts?.notFound || recordGone;
  const status = statusWords({
    generation,
    status: facts?.status ?? summary?.status,
    runtimeStatus: facts?.runtimeStatus ?? summary?.runtimeStatus,
    agentState: facts?.agentState,
    executionStatus: facts?.executionStatus ?? summary?.executionStatus,
    sandboxStatus: facts?.sandboxStatus ?? summary?.sandboxStatus,
    transport: snapshot?.transport,
    stopping,
    error: facts?.error,
    notFound: deleted,
  });

  return {
    status,
    pending,
    deleted,
    setStopping,
    /** The conversation's state for the controls, newest source first. */
    state: {
      status: facts?.status ?? summary?.status ?? null,
      agentState: facts?.agentState ?? null,
      executionStatus: facts?.executionStatus ?? summary?.executionStatus ?? null,
      sandboxStatus: facts?.sandboxStatus ?? summary?.sandboxStatus ?? null,
    },
  };
}
