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
