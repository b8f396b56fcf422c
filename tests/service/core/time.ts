// Timestamps the way the upstream servers write them. Events carry naive server-local times with
// microseconds (Python's `datetime.now().isoformat()`), while stored metadata (conversation
// created_at, sandboxes, start tasks) is timezone-aware UTC, which pydantic serialises with a `Z`.

let lastMicros = 0;

/**
 * How far the services' clock has run ahead of the machine's: tests let minutes pass for a
 * silent agent without waiting them out (`admin.passTime`). One clock for the whole process, as
 * every server on a machine shares its clock.
 */
let aheadMs = 0;

/** Minutes pass for every service in this process: what they stamp from now on is that much later. */
export function passTime(ms: number): number {
  aheadMs += Math.max(0, ms);
  return aheadMs;
}

/** Back to the machine's clock, when a service stops: passed time does not leak into the next. */
export function resetClock(): void {
  aheadMs = 0;
  lastMicros = 0;
}

/** Microseconds since the epoch, strictly increasing so that events never share a timestamp. */
function nextMicros(): number {
  const now = (Date.now() + aheadMs) * 1000 + Math.floor((performance.now() % 1) * 1000);
  lastMicros = now > lastMicros ? now : lastMicros + 1;
  return lastMicros;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `2025-11-02T10:15:03.123456`: local wall-clock time without a zone. */
export function naiveLocalFromMicros(micros: number): string {
  const date = new Date(Math.floor(micros / 1000));
  const fraction = pad(((micros % 1_000_000) + 1_000_000) % 1_000_000, 6);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${fraction}`
  );
}

/** `2025-11-02T10:15:03.123456Z`: what pydantic writes for an aware UTC datetime. */
export function utcFromMicros(micros: number): string {
  const date = new Date(Math.floor(micros / 1000));
  const fraction = pad(((micros % 1_000_000) + 1_000_000) % 1_000_000, 6);
  return `${date.toISOString().slice(0, 19)}.${fraction}Z`;
}

export function naiveNow(): string {
  return naiveLocalFromMicros(nextMicros());
}

export function utcNow(): string {
  return utcFromMicros(nextMicros());
}

/**
 * Parses the ISO forms the services accept (naive = server-local, `Z` or offsets = absolute) to
 * epoch microseconds, or null when it is not a datetime pydantic would accept.
 */
export function parseIsoMicros(value: string): number | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = match;
  const micros = Number((frac || '0').padEnd(6, '0'));
  let ms: number;
  if (zone) {
    ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    if (zone.toUpperCase() !== 'Z') {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
    }
  } else {
    ms = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)).getTime();
  }
  if (Number.isNaN(ms)) return null;
  return ms * 1000 + micros;
}

/** Re-expresses any accepted ISO datetime as a naive local one, for string-ordered comparisons. */
export function toNaiveLocal(value: string): string | null {
  const micros = parseIsoMicros(value);
  return micros === null ? null : naiveLocalFromMicros(micros);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/**
 * What Python's `datetime.isoformat()` writes for a datetime pydantic parsed from `value`:
 * microseconds only when not zero, `Z` as `+00:00`, a bare date as midnight. The 1.x event search
 * compares these strings with the stored naive timestamps as they are.
 */
export function pythonIsoformat(value: string): string {
  if (/^\d+(\.\d+)?$/.test(value.trim())) {
    const micros = Math.round(Number(value) * 1_000_000);
    return pythonIsoformat(utcFromMicros(micros));
  }
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    );
  if (!match) return value;
  const [, date, h = '00', mi = '00', s = '00', frac = '', zone] = match;
  const micros = (frac || '').padEnd(6, '0');
  let out = `${date}T${h}:${mi}:${s}`;
  if (Number(micros) !== 0) out += `.${micros}`;
  if (zone) {
    if (zone.toUpperCase() === 'Z') out += '+00:00';
    else out += zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  }
  return out;
}
