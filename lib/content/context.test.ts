// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ContentScriptContext } from './context';

describe('a content script copy', () => {
  it('retires when a newer copy of the same script starts, and only then', async () => {
    vi.useFakeTimers();
    try {
      const older = new ContentScriptContext('github');
      const heard: string[] = [];
      const retired = vi.fn();
      older.onInvalidated(retired);
      older.addEventListener(document, 'turbo:render', () => heard.push('render'));
      older.setTimeout(() => heard.push('timer'), 1000);

      // Another host's script on the same page is not a newer copy of this one.
      const other = new ContentScriptContext('gitlab');
      document.dispatchEvent(new Event('turbo:render'));
      expect(older.isValid).toBe(true);
      expect(other.isValid).toBe(true);
      expect(heard).toEqual(['render']);

      const newer = new ContentScriptContext('github');
      expect(older.isValid).toBe(false);
      expect(newer.isValid).toBe(true);
      expect(retired).toHaveBeenCalledTimes(1);
      document.dispatchEvent(new Event('turbo:render'));
      await vi.advanceTimersByTimeAsync(2000);
      expect(heard).toEqual(['render']);
      older.notifyInvalidated();
      expect(retired).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs a timer once and forgets it', async () => {
    vi.useFakeTimers();
    try {
      const context = new ContentScriptContext('bitbucket');
      const fired = vi.fn();
      context.setTimeout(fired, 10);
      await vi.advanceTimersByTimeAsync(20);
      expect(fired).toHaveBeenCalledTimes(1);
      const cancelled = vi.fn();
      const cancel = context.onInvalidated(cancelled);
      cancel();
      context.notifyInvalidated();
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
