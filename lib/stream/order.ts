// A sortable string for every stored event, so the cache (IndexedDB key order) and the
// in-memory log agree on one order without parsing events again.

/** V0 ids are integers that only grow: zero-padding makes string order equal numeric order. */
export function v0OrderKey(id: number): string {
  return `0:${String(id).padStart(15, '0')}`;
}

/**
 * V1 events have UUIDs and naive server-local timestamps. The server replays them in
 * timestamp order; fractional seconds are padded so "…:35.04" sorts before "…:35.040676", and
 * the id breaks ties between events of the same microsecond.
 */
export function v1OrderKey(timestamp: string, id: string): string {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(timestamp);
  const normalised = match
    ? `${match[1]}.${(match[2] ?? '').padEnd(6, '0').slice(0, 6)}`
    : timestamp;
  return `1:${normalised}|${id}`;
}
