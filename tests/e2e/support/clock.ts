// Minutes pass for a journey without anyone waiting them out: for the reference service (what
// it stamps from now on is later), the extension's worker and its pages alike, so every clock
// the extension compares still agrees with the others, as after a real wait. And the worker's
// list refresh made to come sooner than a person's browser would wait for it.
import type { BrowserContext, Worker } from '@playwright/test';
import type { RunningService } from '../../service/index';

export interface Clocks {
  service: RunningService;
  worker: Worker;
  /** Its pages' clock must have been installed (`context.clock.install()`) before they opened. */
  context: BrowserContext;
}

/** Moves every clock `ms` forward; the pages' timers due meanwhile fire (each once). */
export async function letTimePass({ service, worker, context }: Clocks, ms: number): Promise<void> {
  await service.admin.passTime(ms);
  // Playwright's clock reaches pages, not a service worker: the worker's `Date.now` is moved by
  // hand: it reckons how long an agent has been quiet with Date.now alone.
  await worker.evaluate((ahead) => {
    const clock = globalThis as { handoffRealNow?: () => number; handoffAheadMs?: number };
    if (!clock.handoffRealNow) clock.handoffRealNow = Date.now.bind(Date);
    clock.handoffAheadMs = (clock.handoffAheadMs ?? 0) + ahead;
    const real = clock.handoffRealNow;
    Date.now = () => real() + (clock.handoffAheadMs ?? 0);
  }, ms);
  await context.clock.fastForward(ms);
}

/**
 * The worker reads each server's list this soon, every time (the product waits 30 s, or 5 min
 * when nothing works): through the end-to-end build's hook, never by changing the service.
 */
export async function shortenRefresh(worker: Worker, ms: number): Promise<void> {
  await worker.evaluate((interval) => {
    const timing = (globalThis as { handoffIndexTiming?: { activeMs: number; idleMs: number } })
      .handoffIndexTiming;
    if (!timing) throw new Error('not an end-to-end build');
    timing.activeMs = interval;
    timing.idleMs = interval;
  }, ms);
}
