// Someone else's words (a page's title, a command the agent wants to run, a reviewer's comment)
// made safe to show as plain text of ours: one rule for every place that does it. Nothing here
// renders anything; these only take out what plain text must not carry.

/**
 * Direction marks and overrides: invisible, and able to make one command read as another
 * (`rm -rf /` shown backwards). Never kept.
 */
const DIRECTION = '\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** Line breaks, controls and direction characters: all become one space on a single line. */
const BREAKS_AND_CONTROLS = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${DIRECTION}]+`,
  'g',
);
/** Controls other than tab and line breaks, and direction characters: dropped from a block. */
const CONTROLS_IN_BLOCK = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${DIRECTION}]`,
  'g',
);

/**
 * One line of text, at most `max` characters: line breaks, controls and direction characters
 * become spaces, runs of space one space. A longer text is cut, ending in "…" unless `cut` is
 * 'plain' (a value that is data, such as a branch name, is cut without a mark). '' when nothing
 * is left.
 */
export function oneLine(text: string, max: number, cut: 'ellipsis' | 'plain' = 'ellipsis'): string {
  const flat = text.replace(BREAKS_AND_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return cut === 'plain' ? flat.slice(0, max).trim() : `${flat.slice(0, max - 1)}…`;
}

/**
 * A block of text that keeps its lines (a review comment), at most `max` characters: controls
 * and direction characters are dropped, the ends trimmed, a longer text cut with "…". '' when
 * nothing is left.
 */
export function plainBlock(text: string, max: number): string {
  const clean = text.replace(CONTROLS_IN_BLOCK, '').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
