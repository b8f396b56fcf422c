import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppConversationStartTask } from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import { callApi } from '@/lib/messaging/worker-client';
import {
  type NewConversationDraft,
  type StartCapabilities,
  toAppConversationStartRequest,
  toInitSessionRequest,
} from '../model/new-conversation';

export type StartState =
  | { phase: 'idle' }
  | { phase: 'creating' }
  /** V1: the start task is on its way to READY (its status says how far). */
  | { phase: 'starting'; task: AppConversationStartTask }
  | { phase: 'failed'; error: unknown }
  /** V1: the start task ended in ERROR; `detail` says why. */
  | { phase: 'task-failed'; detail: string | null };

/** V1 start tasks are polled this often (the web UI waits 3 s; a panel can afford more). */
const POLL_MS = 1500;
/** A start task that neither succeeds nor fails within this long is reported as stuck. */
const GIVE_UP_MS = 10 * 60_000;

/**
 * Creates a conversation the way its interface wants: V0 answers with the conversation's id at
 * once; V1 answers with a start task that is polled until READY (then the conversation's id is
 * known) or ERROR.
 */
export function useStartConversation(
  onStarted: (conversationId: string, generation: Generation) => void,
) {
  const [state, setState] = useState<StartState>({ phase: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(
    async (draft: NewConversationDraft, capabilities?: StartCapabilities) => {
      setState({ phase: 'creating' });
      try {
        if (draft.generation === 'v0') {
          const answer = await callApi('v0.createConversation', toInitSessionRequest(draft));
          if (answer.status !== 'ok' || !answer.conversation_id) {
            throw new Error(answer.message || 'The server did not create the conversation.');
          }
          if (alive.current) {
            setState({ phase: 'idle' });
            onStarted(answer.conversation_id, 'v0');
          }
          return;
        }
        let task = await callApi(
          'v1.startAppConversation',
          toAppConversationStartRequest(draft, capabilities),
        );
        const since = Date.now();
        while (alive.current) {
          if (task.status === 'READY' && task.app_conversation_id) {
            setState({ phase: 'idle' });
            onStarted(task.app_conversation_id, 'v1');
            return;
          }
          if (task.status === 'ERROR') {
            setState({ phase: 'task-failed', detail: task.detail ?? null });
            return;
          }
          if (Date.now() - since > GIVE_UP_MS) {
            setState({ phase: 'task-failed', detail: task.detail ?? null });
            return;
          }
          setState({ phase: 'starting', task });
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          const [latest] = await callApi('v1.getStartTasks', { ids: [task.id] });
          if (latest) task = latest;
        }
      } catch (error) {
        if (alive.current) setState({ phase: 'failed', error });
      }
    },
    [onStarted],
  );

  return { state, start, reset: () => setState({ phase: 'idle' }) };
}
