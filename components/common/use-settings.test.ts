// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '@/lib/settings/schema';

let resolveLoad: (settings: Settings) => void = () => {};
let notify: (settings: Settings) => void = () => {};
vi.mock('@/lib/settings/store', () => ({
  loadSettings: () =>
    new Promise<Settings>((resolve) => {
      resolveLoad = resolve;
    }),
  watchSettings: (callback: (settings: Settings) => void) => {
    notify = callback;
    return () => {};
  },
}));

const { useSettings } = await import('./use-settings');

describe('useSettings', () => {
  it('keeps a change that arrived while the first read was still on its way', async () => {
    const { result } = renderHook(() => useSettings());
    const newer = { ...defaultSettings, serverUrl: 'https://new.example.test' };
    const stale = { ...defaultSettings, serverUrl: 'https://old.example.test' };
    act(() => notify(newer));
    await act(async () => resolveLoad(stale));
    expect(result.current?.serverUrl).toBe('https://new.example.test');
  });
});
