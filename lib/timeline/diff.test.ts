import { describe, expect, it } from 'vitest';
import { diffContents, indentWidth, parseUnifiedDiff } from '@/lib/timeline/diff';

describe('diffContents (V1 file edits: old and new content)', () => {
  it('marks added, removed and context lines with hunk headers', () => {
    const result = diffContents('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(result.added).toBe(2);
    expect(result.removed).toBe(1);
    expect(result.lines[0]?.kind).toBe('hunk');
    expect(result.lines.filter((line) => line.kind === 'del').map((line) => line.text)).toEqual([
      'b',
    ]);
    expect(result.lines.filter((line) => line.kind === 'add').map((line) => line.text)).toEqual([
      'B',
      'd',
    ]);
    expect(result.lines.some((line) => line.kind === 'context' && line.text === 'a')).toBe(true);
  });

  it('shows a new file as all additions', () => {
    const result = diffContents('', 'one\ntwo\n');
    expect(result.added).toBe(2);
    expect(result.removed).toBe(0);
  });

  it('has nothing to show for identical content', () => {
    expect(diffContents('same\n', 'same\n').lines).toEqual([]);
  });

  it('gives up on huge files instead of blocking the panel', () => {
    const big = 'x\n'.repeat(250_000);
    expect(diffContents(big, `${big}y\n`).tooLarge).toBe(true);
  });
});

describe('parseUnifiedDiff (V0 extras.diff)', () => {
  it('classifies each line of the server’s diff', () => {
    const result = parseUnifiedDiff(
      '--- /workspace/app.py\n+++ /workspace/app.py\n@@ -1,2 +1,2 @@\n-print(1)\n+print(2)\n keep\n',
    );
    expect(result.lines.map((line) => line.kind)).toEqual([
      'meta',
      'meta',
      'hunk',
      'del',
      'add',
      'context',
    ]);
    expect(result.added).toBe(1);
    expect(result.removed).toBe(1);
    expect(result.lines[3]?.text).toBe('print(1)');
  });
});

describe('line numbers and indentation', () => {
  it('numbers old and new lines from each hunk header', () => {
    const result = parseUnifiedDiff('@@ -10,3 +10,3 @@\n keep\n-old\n+new\n tail\n');
    expect(result.lines.map((line) => [line.oldNumber, line.newNumber])).toEqual([
      [undefined, undefined],
      [10, 10],
      [11, undefined],
      [undefined, 11],
      [12, 12],
    ]);
    const computed = diffContents('a\nb\nc\n', 'a\nB\nc\n');
    expect(computed.lines.find((line) => line.kind === 'add')?.newNumber).toBe(2);
  });

  it('measures leading whitespace with tabs to the next stop of four', () => {
    expect(indentWidth('    x')).toBe(4);
    expect(indentWidth('\t  x')).toBe(6);
    expect(indentWidth(' \tx')).toBe(4);
    expect(indentWidth('x  ')).toBe(0);
  });
});
