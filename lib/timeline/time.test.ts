import { describe, expect, it } from 'vitest';
import { clockOf, durationBetween, formatDuration, naiveMillis } from './time';

describe('server times (naive, never read as UTC)', () => {
  it('subtracts two naive timestamps exactly, fractions included', () => {
    expect(durationBetween('2025-01-20T20:29:35.040676', '2025-01-20T20:29:37.5')).toBe(2460);
    expect(durationBetween('2025-01-20T23:59:59', '2025-01-21T00:00:01')).toBe(2000);
    expect(durationBetween('2025-01-20T10:00:00', '2025-01-20T09:00:00')).toBeNull();
    expect(naiveMillis('not a time')).toBeNull();
  });

  it('shows the server’s clock time as written, whatever the browser’s zone', () => {
    expect(clockOf('2025-01-20T20:29:35.040676')).toBe('20:29:35');
  });

  it('says durations in words people read at a glance', () => {
    expect(formatDuration(400)).toBe('0.4 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(7_440_000)).toBe('2 h 4 min');
  });
});
