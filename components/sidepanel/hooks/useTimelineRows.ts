// A feed's events as timeline rows and the run's cost so far. Both are rebuilt only when the
// feed changes, and rows that did not change keep their identity (memoised rows stay put).
import { useMemo, useRef } from 'react';
import { CostTracker } from '@/lib/timeline/metrics';
import { RowBuilder } from '@/lib/timeline/pairing';
import type { FeedState } from '../model/conversation-feed';

export function useTimelineRows(state: FeedState) {
  const builder = useRef(new RowBuilder());
  const costTracker = useRef(new CostTracker());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the feed's items change in place; its version says when.
  const rows = useMemo(() => builder.current.build(state.items), [state.version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the feed's items change in place; its version says when.
  const cost = useMemo(() => costTracker.current.read(state.items), [state.version]);
  return { rows, cost };
}
