// Following the latest event: how the feed reads a scroll position against where its own last
// move to the end left it. Kept apart from the component so the rule can be tested without a
// layout engine.

/** "At the latest event" tolerance: a few pixels of rounding must not stop following. */
export const AT_END_PX = 24;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * `at-end`: the view shows the end (so it follows); `scrolled-up`: the view is above the place
 * the feed's own last move to the end (`pinnedTop`) left it, and not at the end, which only the
 * person does; `unchanged`: neither (content grew below, or the person scrolled down).
 */
export function readScroll(
  box: ScrollBox,
  pinnedTop: number,
): 'at-end' | 'scrolled-up' | 'unchanged' {
  const distance = box.scrollHeight - box.scrollTop - box.clientHeight;
  if (distance <= AT_END_PX) return 'at-end';
  if (box.scrollTop < pinnedTop - 1) return 'scrolled-up';
  return 'unchanged';
}

/**
 * Where the virtualiser starts before it has seen its scroll element: the last `viewport` px of
 * `count` rows of `estimate` px. The feed opens at its end, so its first render already holds
 * the last rows; starting at the top (with no height at all) cost a render of nothing, one of
 * the first rows, and a third of the last ones once the move to the end was seen.
 */
export function openingView(
  count: number,
  estimate: number,
  viewport: number,
): { rect: { width: number; height: number }; offset: number } {
  return {
    rect: { width: 0, height: viewport },
    offset: Math.max(0, count * estimate - viewport),
  };
}
