// Start, stop, pause, resume and the answer to an action awaiting confirmation, through the
// worker (which speaks each interface's way). One request at a time, and one answer per pending
// action: a second click on Confirm cannot confirm the next action by accident. Shared by the
// header's controls and the now line's Confirm / Reject.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import type { Generation } from '@/lib/api/generation';
import type { ControlAction } from '@/lib/messaging/rpc';
import { rpc } from '@/lib/messaging/worker-client';
import type { PendingAction } from '@/lib/timeline/now';

export interface ConversationActions {
  act: (action: ControlAction) => Promise<void>;
  /** The action on its way, if any. */
  busy: ControlAction | null;
  /** The last action's failure, until the next action or a dismissal. */
  error: unknown;
  clearError: () => void;
  /** The pending action already answered (its row key). */
  answered: string | null;
}

export function useConversationActions(input: {
  conversationId: string;
  generation: Generation;
  /** Providers for `start` (V0 `providers_set`). */
  providers: string[] | null;
  pending: PendingAction | null;
  onStopping: (stopping: boolean) => void;
}): ConversationActions {
  const { conversationId, generation, providers, pending, onStopping } = input;
  const serverId = useServerScope();
  const [busy, setBusy] = useState<ControlAction | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  // State alone cannot stop two clicks in one task (both see the old state): refs do.
  const inFlight = useRef(false);
  const answeredRef = useRef<string | null>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  // A new pending action may be answered again.
  useEffect(() => {
    if (pending && pending.key !== answered) setError(null);
  }, [pending, answered]);

  const act = useCallback(
    async (action: ControlAction) => {
      if (inFlight.current) return;
      const waiting = pendingRef.current;
      if ((action === 'confirm' || action === 'reject') && waiting) {
        if (answeredRef.current === waiting.key) return;
        answeredRef.current = waiting.key;
        setAnswered(waiting.key);
      }
      inFlight.current = true;
      setBusy(action);
      setError(null);
      if (action === 'stop') onStopping(true);
      try {
        await rpc('conversation.control', {
          conversationId,
          generation,
          action,
          ...(action === 'start' && providers?.length ? { providersSet: providers } : {}),
          ...(serverId ? { serverId } : {}),
        });
      } catch (failure) {
        setError(failure);
        if (action === 'confirm' || action === 'reject') {
          answeredRef.current = null;
          setAnswered(null);
        }
      } finally {
        inFlight.current = false;
        setBusy(null);
        if (action === 'stop') onStopping(false);
      }
    },
    [conversationId, generation, providers, onStopping, serverId],
  );

  return { act, busy, error, clearError: () => setError(null), answered };
}
