import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const noJitter = { baseMs: 1000, maxMs: 30_000, jitter: 0.5, random: () => 0 };

  it('doubles from the base and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads retries within the jitter band and never above the cap', () => {
    const delays = Array.from({ length: 200 }, (_, i) =>
      backoffDelay(8, { baseMs: 1000, maxMs: 30_000, jitter: 0.5, random: () => i / 200 }),
    );
    expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(15_000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});
