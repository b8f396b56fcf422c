export interface LogEntry<T> {
  /** De-duplication key: the event's id as a string. */
  key: string;
  /** Sort key from ./order.ts. */
  order: string;
  event: T;
}

/**
 * One conversation's events, ordered and without duplicates. Live events almost always
 * arrive last, so insertion is an append; replays and older history pages fall back to a
 * binary search.
 */
export class EventLog<T> {
  private readonly entries: LogEntry<T>[] = [];
  private readonly keys = new Set<string>();

  get size(): number {
    return this.entries.length;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Adds what is new and returns exactly those entries, in log order. */
  add(incoming: readonly LogEntry<T>[]): LogEntry<T>[] {
    const added: LogEntry<T>[] = [];
    for (const entry of incoming) {
      if (this.keys.has(entry.key)) continue;
      this.keys.add(entry.key);
      const last = this.entries[this.entries.length - 1];
      if (!last || last.order <= entry.order) {
        this.entries.push(entry);
      } else {
        this.entries.splice(this.insertionIndex(entry.order), 0, entry);
      }
      added.push(entry);
    }
    return added.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  }

  all(): readonly LogEntry<T>[] {
    return this.entries;
  }

  last(): LogEntry<T> | undefined {
    return this.entries[this.entries.length - 1];
  }

  private insertionIndex(order: string): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.entries[mid] as LogEntry<T>).order <= order) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
