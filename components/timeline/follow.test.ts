import { describe, expect, it } from 'vitest';
import { AT_END_PX, readScroll } from './follow';

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
