import { describe, expect, it } from 'vitest';
import { oneLine, plainBlock } from './plain';

describe('someone else’s words as plain text', () => {
  it('one line: breaks, controls and direction characters become one space', () => {
    expect(oneLine('Fix\nthe\u0007build\u2028now', 100)).toBe('Fix the build now');
    // A right-to-left override would show "rm -rf" backwards: it goes.
    expect(oneLine('echo \u202efr- mr\u202c done', 100)).toBe('echo fr- mr done');
    expect(oneLine('  \u200f \n ', 100)).toBe('');
  });

  it('one line: cut with a mark, or plainly where the value is data', () => {
    expect(oneLine('abcdefghij', 5)).toBe('abcd…');
    expect(oneLine('abcdefghij', 5, 'plain')).toBe('abcde');
    expect(oneLine('abcd efgh', 5, 'plain')).toBe('abcd');
  });

  it('a block keeps its lines and tabs, and loses controls and direction characters', () => {
    expect(plainBlock(' line one\n\tline two\u0000\u202e \n', 100)).toBe('line one\n\tline two');
    expect(plainBlock('x'.repeat(10), 4)).toBe('xxx…');
    expect(plainBlock('\u0001\u200e', 10)).toBe('');
  });
});
