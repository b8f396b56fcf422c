// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseEvent } from '@/lib/api';
import { v0OrderKey } from '@/lib/stream/order';
import { RowBuilder } from '@/lib/timeline/pairing';
import { emptySearch } from '../model/search-fields';
import { useEventSearch } from './useEventSearch';

const rows = new RowBuilder().build(
  [
    { id: 1, source: 'user', action: 'message', args: { content: 'please fix the parser' } },
    { id: 2, source: 'agent', action: 'run', args: { command: 'npm test' } },
    { id: 3, source: 'agent', observation: 'run', cause: 2, content: 'ok', extras: {} },
    { id: 4, source: 'agent', action: 'message', args: { content: 'the parser is fixed' } },
  ].map((raw) => ({
    order: v0OrderKey(raw.id),
    event: parseEvent({ timestamp: '2025-01-20T10:00:00', ...raw }),
  })),
);

type Input = Parameters<typeof useEventSearch>[0];

function render(overrides: Partial<Input> = {}) {
  const jumpTo = vi.fn();
  const loadOlder = vi.fn();
  const initialProps: Input = {
    rows,
    showSystem: false,
    canLoadOlder: false,
    loadingOlder: false,
    olderPages: 0,
    loadOlder,
    jumpTo,
    ...overrides,
  };
  const hook = renderHook((props: Input) => useEventSearch(props), { initialProps });
  return { ...hook, initialProps, jumpTo, loadOlder };
}

describe('useEventSearch', () => {
  it('finds the rows that match and steps through them, wrapping around', () => {
    const { result, jumpTo } = render();
    act(() => result.current.toggle());
    act(() => result.current.setFields({ ...emptySearch, query: 'parser' }));
    expect([...(result.current.matches ?? [])]).toHaveLength(2);
    act(() => result.current.goToMatch(1));
    act(() => result.current.goToMatch(1));
    act(() => result.current.goToMatch(1));
    expect(jumpTo.mock.calls.map(([key]) => key)).toEqual([
      rows[0]?.key,
      rows[2]?.key,
      rows[0]?.key,
    ]);
  });

  it('reads older history while a search runs, since it covers the whole stream', () => {
    const { result, loadOlder } = render({ canLoadOlder: true });
    expect(loadOlder).not.toHaveBeenCalled();
    act(() => result.current.toggle());
    act(() => result.current.setFields({ ...emptySearch, query: 'npm' }));
    expect(result.current.searchingOlder).toBe(true);
    expect(loadOlder).toHaveBeenCalled();
  });

  it('asks for the next older page after each answer, even when no render saw it loading', () => {
    const { result, rerender, initialProps, loadOlder } = render({ canLoadOlder: true });
    act(() => result.current.toggle());
    act(() => result.current.setFields({ ...emptySearch, query: 'npm' }));
    const asked = loadOlder.mock.calls.length;
    // The feed's state is published at most every 100 ms: a page can be asked for and answered
    // in between, so `loadingOlder` is false in both renders and only the count moved.
    rerender({ ...initialProps, olderPages: 1 });
    expect(loadOlder.mock.calls.length).toBe(asked + 1);
  });

  it('opens on "/" but not while the person types in a field', () => {
    const { result } = render();
    const field = document.createElement('input');
    document.body.append(field);
    act(() => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    });
    expect(result.current.open).toBe(false);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '/' }));
    });
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    expect(result.current.fields).toEqual(emptySearch);
  });

  it('"/" puts the cursor in the query, also when the search bar mounts after the key', () => {
    const { result } = render();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '/' }));
    });
    // The bar is loaded on first use: its field appears only now.
    const query = document.createElement('input');
    document.body.append(query);
    act(() => result.current.input(query));
    expect(document.activeElement).toBe(query);

    query.blur();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '/' }));
    });
    expect(document.activeElement).toBe(query);
    query.remove();
  });

  it('a field mounted without "/" (the menu opened the search) is left alone', () => {
    const { result } = render();
    act(() => result.current.toggle());
    const query = document.createElement('input');
    document.body.append(query);
    act(() => result.current.input(query));
    expect(document.activeElement).not.toBe(query);
    query.remove();
  });
});
