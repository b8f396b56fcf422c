import { describe, expect, it } from 'vitest';
import { highlightParts, preview, printable, snippetAround } from './text';

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
