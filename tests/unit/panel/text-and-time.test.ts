import { describe, expect, it } from 'vitest';
import { highlightParts, preview, printable, snippetAround } from '@/lib/timeline/text';
import { clockOf, durationBetween, formatDuration, naiveMillis } from '@/lib/timeline/time';

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

describe('text from events', () => {
  it('drops terminal colour codes and shows control characters as replacement marks', () => {
    expect(printable('\u001b[31mred\u001b[0m ok\u0000\u0007\ttab\nline')).toBe(
      'red ok\ufffd\ufffd\ttab\nline',
    );
  });

  it('cuts long outputs and says how much is left', () => {
    expect(preview('abcdef', 4)).toEqual({ text: 'abcd', omitted: 2 });
    expect(preview('abc', 4)).toEqual({ text: 'abc', omitted: 0 });
  });

  it('finds the search words case-insensitively for marking', () => {
    expect(highlightParts('Run NPM test and npm ci', 'npm')).toEqual([
      { text: 'Run ', match: false },
      { text: 'NPM', match: true },
      { text: ' test and ', match: false },
      { text: 'npm', match: true },
      { text: ' ci', match: false },
    ]);
  });

  it('shows the words around a match', () => {
    const text = `${'a'.repeat(100)} needle ${'b'.repeat(100)}`;
    expect(snippetAround(text, 'NEEDLE', 10)).toBe(`…${'a'.repeat(9)} needle ${'b'.repeat(9)}…`);
    expect(snippetAround('nothing here', 'needle')).toBeNull();
  });
});
