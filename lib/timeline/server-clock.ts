// Turning the server's naive event times into the browser's clock, for "42 s" on the step under
// way and for how long the agent has been quiet. Event times carry no zone
// (docs/contract/http.md#times-without-a-zone); conversation records carry zoned times. The
// server's zone is what separates the two, and zones are whole quarter hours, so the difference
// between a record's zoned "updated" time and the newest event's naive time, rounded to 15
// minutes, is the zone: then any event time reads as a moment on the browser's clock. When the
// two do not line up (no record yet, a record not touched by the last event), the browser's own
// zone is assumed: a local server shares it.
import { naiveMillis } from './time';

const QUARTER_HOUR = 15 * 60_000;
/** The record and the newest event must agree within this, after the zone, to be trusted. */
const AGREEMENT_MS = 2 * 60_000;
const MAX_ZONE_MS = 14 * 60 * 60_000;

/** What to add to `naiveMillis(event time)` to get a browser epoch time. */
export function serverOffset(input: {
  /** The record's zoned `updated_at` / `last_updated_at`. */
  recordUpdatedAt?: string | null;
  /** The newest event's naive timestamp. */
  newestEventAt?: string | null;
  /** The browser's zone, `Date#getTimezoneOffset()` minutes (west positive). */
  browserZoneMinutes?: number;
}): number {
  const fallback = (input.browserZoneMinutes ?? new Date().getTimezoneOffset()) * 60_000;
  const zoned = input.recordUpdatedAt ?? '';
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(zoned)) return fallback;
  const absolute = Date.parse(zoned);
  const naive = naiveMillis(input.newestEventAt);
  if (Number.isNaN(absolute) || naive === null) return fallback;
  const difference = absolute - naive;
  const zone = Math.round(difference / QUARTER_HOUR) * QUARTER_HOUR;
  if (Math.abs(zone) > MAX_ZONE_MS || Math.abs(difference - zone) > AGREEMENT_MS) return fallback;
  return zone;
}

/** Milliseconds from a server event time to `now` (never negative), or null without a time. */
export function elapsedSince(
  timestamp: string | null | undefined,
  offset: number,
  now: number,
): number | null {
  const naive = naiveMillis(timestamp);
  if (naive === null) return null;
  return Math.max(0, now - (naive + offset));
}
