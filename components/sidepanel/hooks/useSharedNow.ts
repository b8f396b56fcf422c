import { useSyncExternalStore } from 'react';

// One clock for many readers: every row of a long list says how long ago its conversation
// changed, and one timer keeps them all current instead of one timer a row.

const TICK_MS = 20_000;
const readers = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const reader of readers) reader();
}

function subscribe(reader: () => void): () => void {
  readers.add(reader);
  if (timer === undefined) {
    // Stopped while nobody read it: catch up at once.
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    readers.delete(reader);
    if (!readers.size && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => now;

/** The current time, shared and refreshed every 20 s, for "3 min ago" words. */
export function useSharedNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
