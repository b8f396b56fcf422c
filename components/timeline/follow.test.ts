import { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { AT_END_PX, openingView, readScroll } from './follow';

const box = (scrollTop: number, scrollHeight = 3000, clientHeight = 500) => ({
  scrollTop,
  scrollHeight,
  clientHeight,
});

describe('readScroll', () => {
  it('is at the end within a few pixels of it', () => {
    expect(readScroll(box(2500), 2500)).toBe('at-end');
    expect(readScroll(box(2500 - AT_END_PX), 2500)).toBe('at-end');
  });

  it('content grown below the place the feed pinned is no scroll of the person', () => {
    // Rows arrived: the end moved 400 px down, the view stayed where the feed put it.
    expect(readScroll(box(2500, 3400), 2500)).toBe('unchanged');
  });

  it('a view above the pinned place, away from the end, is the person scrolling up', () => {
    expect(readScroll(box(1000), 2500)).toBe('scrolled-up');
    // Even when rows arrived before their scroll event was handled.
    expect(readScroll(box(1000, 3400), 2500)).toBe('scrolled-up');
  });

  it('the view clamped to a shorter feed is still at its end', () => {
    // Rows measured shorter than estimated: scrollTop fell to the new end on its own.
    expect(readScroll(box(2100, 2600), 2500)).toBe('at-end');
  });

  it('less than a pixel of rounding is not a scroll', () => {
    expect(readScroll(box(2499.5, 3400), 2500)).toBe('unchanged');
  });
});

describe('openingView', () => {
  const firstRender = (count: number, viewport: number) => {
    const opening = openingView(count, 34, viewport);
    const virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
      count,
      initialRect: opening.rect,
      initialOffset: opening.offset,
      estimateSize: () => 34,
      overscan: 8,
      getScrollElement: () => null,
      scrollToFn: () => {},
      observeElementRect: () => {},
      observeElementOffset: () => {},
    });
    return virtualizer.getVirtualItems().map((item) => item.index);
  };

  it('starts the first render at the last rows, a window of them, before any scroll element', () => {
    const indexes = firstRender(100, 900);
    expect(indexes.at(-1)).toBe(99);
    // 900 px of 34 px rows, and the overscan above them: the first ones are not rendered.
    expect(indexes.length).toBeGreaterThanOrEqual(Math.ceil(900 / 34));
    expect(indexes[0]).toBeGreaterThan(50);
  });

  it('starts at the top when every row fits', () => {
    expect(firstRender(5, 900)).toEqual([0, 1, 2, 3, 4]);
    expect(openingView(0, 34, 900).offset).toBe(0);
  });
});
