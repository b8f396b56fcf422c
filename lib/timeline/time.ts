// Times as the service sends them: naive server-local ISO strings without a zone (V0 and V1).
// They are never read as UTC or as the browser's time: differences between two of them are
// exact, and clock times are shown exactly as the server wrote them.

const naivePattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?/;

/**
 * Milliseconds on an arbitrary but consistent scale, for subtracting two server times. A zone
 * suffix, if a newer server adds one, is ignored like the rest: both ends are read alike.
 */
export function naiveMillis(timestamp: string | null | undefined): number | null {
  if (!timestamp) return null;
  const match = naivePattern.exec(timestamp);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction = ''] = match;
  const millis = Number(`${fraction}000`.slice(0, 3));
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), millis);
}

/** How long an action took: its observation's time minus its own; null when unknown or negative. */
export function durationBetween(
  start: string | null | undefined,
  end: string | null | undefined,
): number | null {
  const from = naiveMillis(start);
  const to = naiveMillis(end);
  if (from === null || to === null || to < from) return null;
  return to - from;
}

/** "0.4 s", "12 s", "3 min 5 s", "2 h 4 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The server's clock time, as written: "20:29:35". */
export function clockOf(timestamp: string | null | undefined): string {
  const match = timestamp ? naivePattern.exec(timestamp) : null;
  return match ? `${match[4]}:${match[5]}:${match[6]}` : '';
}

/** The server's date and time, as written: "2025-01-20 20:29". */
export function dateTimeOf(timestamp: string | null | undefined): string {
  const match = timestamp ? naivePattern.exec(timestamp) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}` : (timestamp ?? '');
}

/**
 * A date for list rows and headers. Conversation records (unlike events) carry zoned times
 * (`…Z` or `+00:00`), which are shown in the browser's zone; naive ones as written.
 */
export function localDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return date.toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
    }
  }
  return dateTimeOf(value);
}

/** Seconds since a receive time on the client's clock (never a server time: zones differ). */
export function secondsSince(receivedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - receivedAt) / 1000));
}
