// Functions that run in the side panel page, shared by the Chromium and Firefox suites (sent to
// the page as source: self-contained).

/**
 * Every event id the timeline shows, top to bottom (`rowsOnly`: each row's first event only,
 * which is the rows' order). The timeline is virtualised, so it is scrolled through in steps and
 * the ids in view collected at each step.
 */
export async function collectTimelineIdsInPage(rowsOnly: boolean): Promise<string[]> {
  const feed = document.querySelector('[role="feed"][aria-label="Conversation events"]');
  if (!feed) return [];
  // The timeline renders the rows in view after a scroll, not during it: every read waits a
  // moment after the scroll that precedes it, and then two frames, since a busy machine can
  // let the moment pass before the scroll was handled (a step would then skip rows).
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await frame();
    await frame();
  };
  feed.scrollTop = 0;
  await settle();
  const seen = new Set<string>();
  const selector = rowsOnly ? 'article[data-event-id]' : '[data-event-id]';
  for (let step = 0; step < 2000; step++) {
    for (const node of feed.querySelectorAll(selector)) {
      seen.add(node.getAttribute('data-event-id') ?? '');
    }
    if (feed.scrollTop + feed.clientHeight >= feed.scrollHeight - 1) break;
    feed.scrollTop += Math.max(50, feed.clientHeight * 0.6);
    await settle();
  }
  return [...seen];
}
