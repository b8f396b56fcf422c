import { useLayoutEffect, useMemo, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import { useWorkerConnection } from '@/components/common/worker-queries';
import type { Generation } from '@/lib/api/generation';
import { ConversationFeed, type FeedState } from '../model/conversation-feed';

/**
 * A conversation's events for as long as the component shows it (the cache at once, then live
 * entries from the worker), re-rendering at most every `intervalMs`: at 200 events a second
 * the feed changes every frame, and redrawing the conversation (10,000 rows to pair and filter) 60 times a second would starve the frames the
 * person scrolls with. The first change (the cache) shows at once.
 */
export function useThrottledFeed(
  conversationId: string,
  generation: Generation,
  intervalMs = 100,
): { feed: ConversationFeed; state: FeedState } {
  const connection = useWorkerConnection();
  // Watched on the server the view is scoped to, never on one the worker would guess.
  const serverId = useServerScope();
  const feed = useMemo(
    () => new ConversationFeed(conversationId, generation, connection, serverId),
    [conversationId, generation, connection, serverId],
  );
  const [state, setState] = useState(() => feed.getState());
  // A layout effect: the cache read starts before the browser paints the empty view, a frame
  // earlier than an effect would.
  useLayoutEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      timer = undefined;
      last = performance.now();
      setState(feed.getState());
    };
    const unsubscribe = feed.subscribe(() => {
      const wait = intervalMs - (performance.now() - last);
      if (wait <= 0) publish();
      else timer ??= setTimeout(publish, wait);
    });
    setState(feed.getState());
    feed.start();
    return () => {
      unsubscribe();
      clearTimeout(timer);
      feed.stop();
    };
  }, [feed, intervalMs]);
  return { feed, state };
}
