// What a conversation has cost so far, from what its events carry: V0 actions carry the
// running totals in `llm_metrics`; V1 sends `stats` state updates (per LLM usage, summed here).
import type { ApiEvent } from '@/lib/api';
import type { OrderedEvent } from './pairing';

export interface Cost {
  cost: number | null;
  tokens: number | null;
}

interface MetricsLike {
  accumulated_cost?: number | null;
  accumulated_token_usage?: {
    prompt_tokens?: number | null;
    completion_tokens?: number | null;
  } | null;
}

function tokensOf(metrics: MetricsLike): number | null {
  const usage = metrics.accumulated_token_usage;
  if (!usage) return null;
  return (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0);
}

function sum(all: readonly MetricsLike[]): Cost {
  if (!all.length) return { cost: null, tokens: null };
  let cost: number | null = null;
  let tokens: number | null = null;
  for (const metrics of all) {
    if (typeof metrics.accumulated_cost === 'number') cost = (cost ?? 0) + metrics.accumulated_cost;
    const used = tokensOf(metrics);
    if (used !== null) tokens = (tokens ?? 0) + used;
  }
  return { cost, tokens };
}

function v1Stats(event: ApiEvent): MetricsLike[] | null {
  if (event.type !== 'v1.state-update') return null;
  const stats =
    event.stateKey === 'stats'
      ? event.value
      : event.stateKey === 'full_state'
        ? event.value.stats
        : null;
  const usage = stats?.usage_to_metrics;
  return usage ? (Object.values(usage) as MetricsLike[]) : null;
}

/** The latest totals the events carry, newest first; nulls when none says. */
export function costOf(items: readonly OrderedEvent[]): Cost {
  for (let index = items.length - 1; index >= 0; index--) {
    const event = (items[index] as OrderedEvent).event;
    if ((event.type === 'v0.action' || event.type === 'v0.observation') && event.llm_metrics) {
      const found = sum([event.llm_metrics as MetricsLike]);
      if (found.cost !== null || found.tokens !== null) return found;
    }
    const stats = v1Stats(event);
    if (stats) return sum(stats);
  }
  return { cost: null, tokens: null };
}

/**
 * `costOf` for a log that mostly grows at its end (the live stream): only new events are read
 * again; anything else (older history added, a different log) is read whole.
 */
export class CostTracker {
  private seen: {
    length: number;
    first: OrderedEvent | undefined;
    last: OrderedEvent | undefined;
  } = { length: 0, first: undefined, last: undefined };
  private cost: Cost = { cost: null, tokens: null };

  read(items: readonly OrderedEvent[]): Cost {
    const seen = this.seen;
    const appended =
      seen.length > 0 &&
      items.length >= seen.length &&
      items[0] === seen.first &&
      items[seen.length - 1] === seen.last;
    if (!appended) this.cost = costOf(items);
    else if (items.length > seen.length) {
      const newer = costOf(items.slice(seen.length));
      if (newer.cost !== null || newer.tokens !== null) this.cost = newer;
    }
    this.seen = { length: items.length, first: items[0], last: items[items.length - 1] };
    return this.cost;
  }
}
