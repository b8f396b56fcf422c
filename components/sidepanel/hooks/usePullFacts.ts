import { useQuery } from '@tanstack/react-query';
import { normaliseId } from '@/lib/api/conversation-summary';
import type { PullFacts } from '@/lib/codehosts/pull-facts';
import { rpc } from '@/lib/messaging/worker-client';

const none: PullFacts[] = [];

/**
 * What the worker knows of the pull requests a conversation opened, from its index (the same
 * read the list makes, shared under one key), fresh every few seconds.
 */
export function usePullFacts(conversationId: string): PullFacts[] {
  const index = useQuery({
    queryKey: ['panel', 'conversation-index'],
    queryFn: () => rpc('conversations.index', {}),
    refetchInterval: 5_000,
    retry: false,
  });
  const pulls = index.data?.pulls;
  if (!pulls) return none;
  const id = normaliseId(conversationId);
  for (const [key, facts] of Object.entries(pulls)) if (normaliseId(key) === id) return facts;
  return none;
}
