// Plays a scripted agent's steps one after another at the configured pace. A step is one thing the
// agent or its runtime does (emit an event, change a status); pausing keeps the remaining steps,
// clearing drops them (an agent told to stop).

export interface Step {
  /** The realistic delay before this step, in ms, before the pace multiplier. */
  delay: number;
  /**
   * `event` steps follow the steady events-per-second rate when one is configured; `status`
   * steps keep their scripted delay; `burst` steps never wait.
   */
  kind?: 'event' | 'status' | 'burst';
  /**
   * This step is the model's answer that opens an agent step (an LLM call): the agent's step
   * before it has ended. See `onBoundary`.
   */
  opensLlmStep?: boolean;
  /** A step that takes time of its own (a command the agent runs) returns a promise. */
  run: () => void | Promise<void>;
}

export interface Pacing {
  /** 1 = realistic; 0 = no delay. */
  multiplier: number;
  eventsPerSecond: number | null;
}

/** Steps run back to back (no timer) when their delay is below this, yielding now and then. */
const IMMEDIATE_BELOW_MS = 1;
const YIELD_EVERY = 200;

export class StepRunner {
  private queue: Step[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private pausedFlag = false;
  private disposed = false;
  private busy = false;
  private stopAtBoundary = false;
  private idleWaiters: (() => void)[] = [];
  /**
   * Called between agent steps: after the last step of one (the next opens another, or none is
   * left) and before the next one's delay starts.
   */
  onBoundary: (() => void) | null = null;

  constructor(
    private readonly pacing: () => Pacing,
    private readonly onError: (error: unknown) => void = (error) =>
      console.error('[service] agent step failed', error),
  ) {}

  get paused(): boolean {
    return this.pausedFlag;
  }

  /** Nothing left to do (or everything left is paused). */
  get idle(): boolean {
    return this.queue.length === 0 && !this.busy;
  }

  /** Finishes the agent step under way, then pauses (a pause the run loop sees between steps). */
  pauseAtBoundary(): void {
    if (this.idle) {
      this.pause();
      return;
    }
    this.stopAtBoundary = true;
  }

  /** Whether a pause waits for the step under way to end. */
  get pausing(): boolean {
    return this.stopAtBoundary;
  }

  get pending(): number {
    return this.queue.length;
  }

  push(...steps: Step[]): void {
    if (this.disposed) return;
    this.queue.push(...steps);
    this.schedule();
  }

  clear(): void {
    this.queue = [];
    this.stopAtBoundary = false;
    this.generation++;
    this.busy = false;
    this.cancelTimer();
    this.notifyIdle();
  }

  /** Bumped by `clear`: a step that was under way then must not carry on. */
  generation = 0;

  pause(): void {
    this.pausedFlag = true;
    this.stopAtBoundary = false;
    this.cancelTimer();
  }

  resume(): void {
    this.stopAtBoundary = false;
    if (!this.pausedFlag) return;
    this.pausedFlag = false;
    this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  /** Resolves when the queue is empty (used by tests through the admin helper). */
  whenIdle(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private delayOf(step: Step): number {
    if (step.kind === 'burst') return 0;
    const { multiplier, eventsPerSecond } = this.pacing();
    if (step.kind !== 'status' && eventsPerSecond && eventsPerSecond > 0) {
      return 1000 / eventsPerSecond;
    }
    return step.delay * multiplier;
  }

  private cancelTimer(): void {
    if (!this.timer) return;
    clearTimeout(this.timer as NodeJS.Timeout);
    clearImmediate(this.timer as NodeJS.Immediate);
    this.timer = null;
  }

  private notifyIdle(): void {
    if (this.queue.length > 0 || this.busy) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private schedule(): void {
    if (this.timer || this.busy || this.pausedFlag || this.disposed || this.queue.length === 0)
      return;
    const next = this.queue[0] as Step;
    const delay = this.delayOf(next);
    if (delay < IMMEDIATE_BELOW_MS) {
      this.timer = setImmediate(() => {
        this.timer = null;
        this.drainImmediate();
      });
    } else {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.runOne();
        this.schedule();
      }, delay);
    }
  }

  private drainImmediate(): void {
    let ran = 0;
    while (
      !this.pausedFlag &&
      !this.disposed &&
      !this.busy &&
      this.queue.length > 0 &&
      ran < YIELD_EVERY
    ) {
      const next = this.queue[0] as Step;
      if (this.delayOf(next) >= IMMEDIATE_BELOW_MS) break;
      this.runOne();
      ran++;
    }
    this.schedule();
  }

  private runOne(): void {
    const step = this.queue.shift();
    if (!step) return;
    let result: void | Promise<void> | null = null;
    try {
      result = step.run();
    } catch (error) {
      this.onError(error);
    }
    if (result instanceof Promise) {
      const generation = this.generation;
      this.busy = true;
      void result
        .catch((error) => this.onError(error))
        .finally(() => {
          if (generation !== this.generation) return;
          this.busy = false;
          this.afterStep();
          this.schedule();
        });
      return;
    }
    this.afterStep();
  }

  /** Between agent steps: the boundary hook, then a pause that waited for it. */
  private afterStep(): void {
    const next = this.queue[0];
    if (!next || next.opensLlmStep) {
      this.onBoundary?.();
      if (this.stopAtBoundary) this.pause();
    }
    this.notifyIdle();
  }
}
