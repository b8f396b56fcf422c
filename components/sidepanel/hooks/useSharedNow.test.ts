// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSharedNow } from './useSharedNow';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSharedNow', () => {
  it('moves on for every reader, so "3 min ago" becomes "4 min ago" without a reload', () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 10, 1, 10, 0, 0) });
    const first = renderHook(() => useSharedNow());
    const second = renderHook(() => useSharedNow());
    const start = first.result.current;
    expect(second.result.current).toBe(start);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(first.result.current - start).toBeGreaterThanOrEqual(40_000);
    expect(second.result.current).toBe(first.result.current);
    first.unmount();
    second.unmount();
  });

  it('catches up at once when read again after nobody read it for a while', () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 10, 1, 10, 0, 0) });
    const early = renderHook(() => useSharedNow());
    early.unmount();
    vi.setSystemTime(Date.UTC(2025, 10, 1, 12, 0, 0));
    const late = renderHook(() => useSharedNow());
    expect(late.result.current).toBe(Date.UTC(2025, 10, 1, 12, 0, 0));
    late.unmount();
  });
});
