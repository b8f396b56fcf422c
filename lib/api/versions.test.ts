import { describe, expect, it } from 'vitest';
import { olderThan } from './versions';

describe('olderThan', () => {
  it('compares major, minor and patch as numbers, and takes a prefix or a suffix in its stride', () => {
    expect(olderThan('1.27.9', '1.28.0')).toBe(true);
    expect(olderThan('1.28.0', '1.28.0')).toBe(false);
    expect(olderThan('1.100.0', '1.28.0')).toBe(false);
    expect(olderThan('v1.9', '1.28.0')).toBe(true);
    expect(olderThan('2.0.0-rc1', '1.28.0')).toBe(false);
  });

  it('calls nothing older when the version cannot be read', () => {
    expect(olderThan(null, '1.28.0')).toBe(false);
    expect(olderThan('main', '1.28.0')).toBe(false);
  });
});
