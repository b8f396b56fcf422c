export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** 0..1: how much of each delay is randomised, so many clients do not retry in step. */
  jitter: number;
  random?: () => number;
}

export const defaultBackoff: BackoffOptions = { baseMs: 1000, maxMs: 30_000, jitter: 0.5 };

/**
 * Capped exponential backoff with jitter: attempt 0 waits about baseMs, each next attempt
 * doubles, never beyond maxMs. The jitter only ever shortens a delay, so the cap holds.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = defaultBackoff): number {
  const random = options.random ?? Math.random;
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(exponential * (1 - options.jitter * random()));
}
