import { describe, expect, it } from 'vitest';
import { queryValue } from './shared';

// Bitbucket pages name their branch in the query (`?at=refs/heads/main`), read by hand rather
// than through URLSearchParams; it must read every well-formed query the way URLSearchParams
// does.
describe('queryValue', () => {
  const searches = [
    '',
    '?',
    '?at=main',
    'at=main',
    '?at=refs%2Fheads%2Ffeature%2Fx',
    '?at=refs/heads/feature/x&until=abc',
    '?until=abc&at=second',
    '?at=first&at=second',
    '?at',
    '?at=',
    '?a+t=spaced&at=a+b',
    '?%61t=encoded-name',
    '?at=100%25',
    '?at=%E2%82%AC',
    '?at=%F0%9F%98%80',
    '?x=1&&at=after-empty',
    '?at=a=b',
  ];
  it.each(searches)('reads %j as URLSearchParams does', (search) => {
    for (const name of ['at', 'until', 'a t', 'x']) {
      expect(queryValue(search, name)).toBe(new URLSearchParams(search).get(name));
    }
  });

  it('names no value where the value has a malformed escape, and skips a malformed name', () => {
    expect(queryValue('?at=bad%zzescape', 'at')).toBeNull();
    expect(queryValue('?at=%E2%82', 'at')).toBeNull();
    expect(queryValue('?%zz=1&at=main', 'at')).toBe('main');
  });
});
