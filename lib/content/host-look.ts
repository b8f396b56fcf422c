// The button takes its size from the host's own buttons beside it, so it lines up with them on
// every host and after every redesign without a table of sizes to keep current.

/** What the host's buttons are, inside a container the button was placed in. */
const HOST_BUTTON = 'button,a.btn,a.gl-button,[role="button"]';

/** Only ordinary button sizes are copied: a container or an icon-only control says nothing. */
const HEIGHT_PX = { min: 20, max: 40 };
const FONT_PX = { min: 11, max: 16 };
const PADDING_PX = { min: 4, max: 16 };

/** The host button nearest to ours: the next sibling's, then the previous one's. */
export function neighbourButton(root: Element): HTMLElement | null {
  for (const sibling of [root.nextElementSibling, root.previousElementSibling]) {
    if (!sibling) continue;
    const found = sibling.matches(HOST_BUTTON) ? sibling : sibling.querySelector(HOST_BUTTON);
    // Every match is an HTML element; checking with `instanceof` would cost the page the
    // interface object of its isolated world.
    if (found) return found as HTMLElement;
  }
  return null;
}

const within = (value: number, range: { min: number; max: number }) =>
  value >= range.min && value <= range.max;

/**
 * Copies the neighbour's height, font size, corner radius and side padding onto the button's
 * host element as custom properties (the shadow styles read them), and drops the button's own
 * margin where the host's container already spaces its children with a gap. Every style is read
 * before anything is written: a read after a write makes the browser recompute the page's styles
 * there and then, on the page's main thread, once per read.
 */
export function applyHostLook(root: HTMLElement, neighbour: HTMLElement, height: number): boolean {
  const view = root.ownerDocument.defaultView;
  if (!view || !within(height, HEIGHT_PX)) return false;
  // One method for every property, rather than a property accessor each: the page pays for each
  // kind of DOM member a script first uses.
  const style = view.getComputedStyle(neighbour);
  const font = Number.parseFloat(style.getPropertyValue('font-size'));
  if (!within(font, FONT_PX)) return false;
  const radius = style.getPropertyValue('border-top-left-radius');
  const padding = style.getPropertyValue('padding-inline-start');
  const container = root.parentElement ? view.getComputedStyle(root.parentElement) : null;
  const spaced =
    !!container &&
    /flex|grid/.test(container.getPropertyValue('display')) &&
    Number.parseFloat(container.getPropertyValue('column-gap')) > 0;
  // One attribute write: the host element is ours alone, and its style declaration object would
  // be one more kind of DOM object for the page to pay for.
  const pad = within(Number.parseFloat(padding), PADDING_PX) ? `--h-pad:${padding}` : '';
  root.setAttribute(
    'style',
    `--h-size:${Math.round(height)}px;--h-font:${font}px;--h-radius:${radius};${pad}`,
  );
  root.toggleAttribute('data-gapped', spaced);
  return true;
}

/**
 * Copies the neighbour's look once the browser has laid the button out: a ResizeObserver on the
 * button's own host element reports right after layout, when reading sizes and styles costs no
 * extra layout. (The neighbour itself may be an inline box, which a ResizeObserver never reports.)
 * Returns a cancel for a button moved before then.
 */
export function matchHostLook(root: HTMLElement): () => void {
  // The content script's own ResizeObserver: in Firefox the page's would come through a wrapper.
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    const neighbour = neighbourButton(root);
    // Its layout height as a number: a DOMRect would be one more kind of object to pay for.
    if (neighbour) applyHostLook(root, neighbour, neighbour.offsetHeight);
  });
  observer.observe(root);
  return () => observer.disconnect();
}

/** Back to the button's own look (floating, or placed where no host button is near). */
export function clearHostLook(root: HTMLElement): void {
  root.removeAttribute('style');
  root.removeAttribute('data-gapped');
}
