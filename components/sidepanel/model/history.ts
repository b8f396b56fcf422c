// Reading a conversation's whole history into its feed, page by page, for export (and for the
// event search, which pages in older history as it goes).
import type { ConversationFeed, FeedState } from '@/components/sidepanel/model/conversation-feed';

const FIRST_SNAPSHOT_WAIT_MS = 10_000;

function nextState(
  feed: ConversationFeed,
  done: (state: FeedState) => boolean,
): Promise<FeedState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = feed.getState();
      if (!done(state)) return false;
      unsubscribe();
      resolve(state);
      return true;
    };
    const unsubscribe = feed.subscribe(() => void check());
    check();
  });
}

/**
 * Asks for older pages until the server has none left. Resolves true when the feed holds the
 * whole history, false when a page failed (what was read stays).
 */
export async function loadWholeHistory(
  feed: ConversationFeed,
  onProgress?: (events: number) => void,
): Promise<boolean> {
  // The first catch-up must be over before "no older events" means anything: until then, or
  // when it failed, what the feed holds is not the whole history. A worker that cannot reach
  // the server never says, so after a while the cache is all there is.
  const caughtUp = (state: FeedState) =>
    state.loaded && !!state.snapshot && (state.snapshot.synced || !!state.snapshot.historyError);
  const ready = await Promise.race([
    nextState(feed, caughtUp).then((state) => !state.snapshot?.historyError),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), FIRST_SNAPSHOT_WAIT_MS)),
  ]);
  if (!ready) return false;
  for (;;) {
    const state = feed.getState();
    onProgress?.(state.items.length);
    if (!state.snapshot?.hasOlder) return true;
    if (!state.loadingOlder) feed.loadOlder();
    const after = await nextState(feed, (next) => !next.loadingOlder);
    if (after.olderError) return false;
  }
}
