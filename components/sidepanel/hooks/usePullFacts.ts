import { useQuery } from '@tanstack/react-query';
import { normaliseId } from '@/lib/api/conversation-summary';
import type { PullFacts } from '@/lib/codehosts/pull-facts';
import { rpc } from '@/lib/messaging/worker-client';

/**
 * The worker's index as panels read it (`conversations.index`): it answers without asking the
 * server, so it is read often. One query under one key, for the list and the conversation view.
 */
export function useWorkerIndex() {
  return useQuery({
    queryKey: ['panel', 'conversation-index'],
    queryFn: () => rpc('conversations.index', {}),
    refetchInterval: 5_000,
    retry: false,
  });
}

const none: PullFacts[] = [];

/** What the worker knows of the pull requests a conversation opened, from its index. */
export function usePullFacts(conversationId: string): PullFacts[] {
  const pulls = useWorkerIndex().data?.pulls;
  if (!pulls) return none;
  const id = normaliseId(conversationId);
  for (const [key, facts] of Object.entries(pulls)) if (normaliseId(key) === id) return facts;
  return none;
}
