// The conversation's record on the server (repository, branch, trigger, times, pull requests),
// read from whichever interface it lives on, and whether it was deleted elsewhere.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiKey, useApiQuery } from '@/components/common/worker-queries';
import type { Generation } from '@/lib/api/generation';
import { fromV0, fromV1 } from '../model/conversation-list';
import type { ServerApis } from './useServerApis';

const POLL_STARTING_MS = 3000;
/** Cheap, and it notices a conversation deleted elsewhere while the panel shows it. */
const POLL_MS = 10_000;

export function useConversationRecord(
  conversationId: string,
  generation: Generation,
  options: { enabled: boolean; starting: boolean; apis: ServerApis },
) {
  const queryClient = useQueryClient();
  const refetchInterval = options.starting ? POLL_STARTING_MS : POLL_MS;
  const v0Record = useApiQuery(
    'v0.getConversation',
    { conversation_id: conversationId },
    {
      enabled: options.enabled && generation === 'v0' && options.apis.v0 !== false,
      refetchInterval,
    },
  );
  const v1Record = useApiQuery(
    'v1.getAppConversations',
    { ids: [conversationId] },
    {
      enabled: options.enabled && generation === 'v1' && options.apis.v1 !== false,
      refetchInterval,
    },
  );
  const query = generation === 'v0' ? v0Record : v1Record;
  const record = generation === 'v0' ? (v0Record.data ?? null) : (v1Record.data?.[0] ?? null);
  const summary = useMemo(() => {
    if (generation === 'v0') return v0Record.data ? fromV0(v0Record.data) : null;
    const app = v1Record.data?.[0];
    return app ? fromV1(app) : null;
  }, [generation, v0Record.data, v1Record.data]);
  /** The server answered that the conversation is not there. */
  const gone =
    generation === 'v0'
      ? v0Record.isSuccess && v0Record.data === null
      : v1Record.isSuccess && v1Record.data?.[0] === null;
  /** Read the record again (after a rename, say). */
  const invalidate = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: apiKey('v0.getConversation') });
    void queryClient.invalidateQueries({ queryKey: apiKey('v1.getAppConversations') });
  }, [queryClient]);
  /**
   * The record now, read from the server when the panel has not read it yet (an export straight
   * after opening must not go out without it); null when it cannot be read.
   */
  const read = useCallback(async (): Promise<unknown> => {
    if (generation === 'v0') {
      if (v0Record.data !== undefined) return v0Record.data;
      return (await v0Record.refetch()).data ?? null;
    }
    if (v1Record.data !== undefined) return v1Record.data[0] ?? null;
    return (await v1Record.refetch()).data?.[0] ?? null;
  }, [generation, v0Record, v1Record]);
  return { query, record, summary, gone, invalidate, read };
}
