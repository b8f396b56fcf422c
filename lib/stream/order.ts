// A sortable string for every stored event, so the cache (IndexedDB key order) and the
// in-memory log agree on one order without parsing events again.

/** V0 ids are integers that only grow: zero-padding makes string order equal numeric order. */
export function v0OrderKey(id: number): string {
  return `0:${String(id).padStart(15, '0')}`;
}

/**
 * V1 events have UUIDs and naive server-local timestamps. The server replays them in
 * timestamp order; fractional seconds are padded so "…:35.04" sorts before "…:35.040676", and
 * the event's de-duplication key (`v1:<id>`) breaks ties and can be read back from the order.
 */
export function v1OrderKey(timestamp: string, key: string): string {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(timestamp);
  const normalised = match
    ? `${match[1]}.${(match[2] ?? '').padEnd(6, '0').slice(0, 6)}`
    : timestamp;
  return `1:${normalised}|${key}`;
}

/**
 * The de-duplication key an order key was made from, so a restarted worker can rebuild its
 * "seen" set from the cache's primary keys alone, without reading any event back.
 */
export function dedupeKeyOfOrder(order: string): string | null {
  if (order.startsWith('0:')) return `v0:${Number.parseInt(order.slice(2), 10)}`;
  const bar = order.lastIndexOf('|');
  return order.startsWith('1:') && bar > 0 ? order.slice(bar + 1) : null;
}

/** The normalised timestamp inside a V1 order key (`1:<timestamp>|<key>`). */
export function timestampOfOrder(order: string): string {
  const bar = order.lastIndexOf('|');
  return order.slice(2, bar > 0 ? bar : undefined);
}
