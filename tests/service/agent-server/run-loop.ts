// How the agent server's run loop orders what it stores (sdk conversation/impl/
// local_conversation.py `arun`, agent_server/event_service.py; v1.43.1):
// - The conversation state has one FIFO lock. The run loop holds it through each agent step:
//   from 1.33.0 only once the model has answered (it lets go while it waits for the LLM), before
//   that for the whole step. Whatever else wants the state (a pause, a stats update) waits for
//   the step to end and then goes in arrival order.
// - When the model answers, the LLM's telemetry calls the stats callback, which makes a
//   `ConversationStateUpdateEvent(key="stats")` at once (so it is stamped then) and hands it to
//   a thread that must take the lock to store it: it is stored after the step's action and
//   observation, which are stamped later. A resume "since the newest timestamp seen" can
//   therefore skip it.
// - After every run (and after a pause or an interrupt) the server publishes a `full_state`
//   update to the subscribers; it is never stored.

/** The conversation state's lock, as the scripted run loop holds it. */
export class StateLock {
  private held = false;
  private waiters: (() => void)[] = [];

  get isHeld(): boolean {
    return this.held;
  }

  hold(): void {
    this.held = true;
  }

  /** Runs `work` now when the lock is free, else once it is let go, after earlier waiters. */
  whenFree(work: () => void): Promise<void> {
    if (!this.held) {
      work();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.waiters.push(() => {
        try {
          work();
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  /** Lets go: each waiter takes the lock in turn. */
  release(): void {
    this.held = false;
    while (this.waiters.length > 0) {
      const next = this.waiters.shift() as () => void;
      next();
    }
  }
}

const llmKinds = new Set(['ActionEvent', 'MessageEvent', 'AgentErrorEvent']);

/** Whether an event is the model's answer (what an LLM call produces). */
export function isModelAnswer(event: Record<string, unknown>): boolean {
  return event.source === 'agent' && llmKinds.has(String(event.kind));
}

/** A stats update's value after `calls` LLM calls (a `MetricsSnapshot` per LLM, or `Metrics`). */
export function statsAfter(
  calls: number,
  llm: { model: string; usage_id: string },
  options: { snapshot: boolean; condenser: boolean },
): Record<string, unknown> {
  const perCall = {
    cost: 0.012384,
    prompt: 9120,
    completion: 214,
    cacheRead: 7040,
    cacheWrite: 1860,
  };
  const usage = (n: number, model: string) => ({
    model,
    prompt_tokens: perCall.prompt * n,
    completion_tokens: perCall.completion * n,
    cache_read_tokens: perCall.cacheRead * n,
    cache_write_tokens: perCall.cacheWrite * n,
    reasoning_tokens: 0,
    context_window: 200000,
    per_turn_token: n > 0 ? perCall.prompt + perCall.completion : 0,
    response_id: '',
  });
  const metrics = (n: number, model: string) => {
    const snapshot = {
      model_name: model,
      accumulated_cost: Math.round(perCall.cost * n * 1e6) / 1e6,
      max_budget_per_task: null,
      accumulated_token_usage: usage(n, model),
    };
    if (options.snapshot) return snapshot;
    return { ...snapshot, costs: [], response_latencies: [], token_usages: [] };
  };
  const usageToMetrics: Record<string, unknown> = { [llm.usage_id]: metrics(calls, llm.model) };
  if (options.condenser) usageToMetrics.condenser = metrics(0, llm.model);
  return { usage_to_metrics: usageToMetrics };
}
