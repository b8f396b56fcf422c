// The answer to the agent's open question, through the worker (`conversation.answer`). One answer
// per question: a second click, a key held down or a second panel's click on the same question
// sends nothing more, and an answer the server refused because the question was closed is not
// retried. A failure that may pass (the network) lets the person answer again.
import { useCallback, useRef, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import type { Generation } from '@/lib/api/generation';
import { rpc } from '@/lib/messaging/worker-client';
import { answerProblem } from '@/lib/timeline/question';

export type AnswerAction = 'accept' | 'decline' | 'cancel';
export type Answers = Record<string, { option_id: string; label: string }[]>;

export interface QuestionAnswer {
  answer: (requestId: string, action: AnswerAction, answers?: Answers) => Promise<void>;
  /** The request whose answer is on its way. */
  sending: string | null;
  /** Requests answered from this panel. */
  answered: ReadonlySet<string>;
  /**
   * Requests whose answer the server would not take again: found closed, or kept while it could
   * not go on yet. Nothing more is sent for them.
   */
  closed: ReadonlySet<string>;
  /** The last answer's failure, until the next answer or a dismissal. */
  error: unknown;
  clearError: () => void;
}

export function useQuestionAnswer(input: {
  conversationId: string;
  generation: Generation;
}): QuestionAnswer {
  const { conversationId, generation } = input;
  const serverId = useServerScope();
  const [sending, setSending] = useState<string | null>(null);
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState<unknown>(null);
  // State alone cannot stop two clicks in one task (both see the old state): refs do.
  const taken = useRef(new Set<string>());

  const answer = useCallback(
    async (requestId: string, action: AnswerAction, answers: Answers = {}) => {
      if (taken.current.has(requestId)) return;
      taken.current.add(requestId);
      setSending(requestId);
      setError(null);
      try {
        await rpc('conversation.answer', {
          conversationId,
          generation,
          requestId,
          action,
          answers: action === 'accept' ? answers : {},
          ...(serverId ? { serverId } : {}),
        });
        setAnswered((before) => new Set(before).add(requestId));
      } catch (failure) {
        setError(failure);
        // A closed question, or an answer the server kept though it could not go on yet, stays
        // answered: sending again would only be refused.
        const kind = answerProblem(failure).kind;
        if (kind === 'question-closed' || kind === 'answer-kept') {
          setClosed((before) => new Set(before).add(requestId));
        } else {
          taken.current.delete(requestId);
        }
      } finally {
        setSending(null);
      }
    },
    [conversationId, generation, serverId],
  );

  return { answer, sending, answered, closed, error, clearError: () => setError(null) };
}
