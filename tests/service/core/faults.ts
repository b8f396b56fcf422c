// Injected failures and delays for reliability tests. A rule matches by listener kind, method and
// path: the route template (`/api/conversations/{conversation_id}`), the exact request path, or a
// prefix ending in `*`.
import { json, type ServiceResponse, text } from '../http/respond';
import type { Incoming, Route } from '../http/router';

export type ListenerKind = 'main' | 'runtime' | 'agent';

export interface FaultMatch {
  method?: string;
  path?: string;
  listener?: ListenerKind | 'any';
}

export interface FailRule extends FaultMatch {
  times: number;
  status: number;
  /** JSON body (default `{"detail": "<reason phrase>"}`-less: an empty 500 page). */
  body?: unknown;
  /** Send `body` as plain text instead of JSON. */
  text?: boolean;
}

export interface DelayRule extends FaultMatch {
  ms: number;
  /** How many requests to delay; unlimited when absent. */
  times?: number;
}

function matches(
  rule: FaultMatch,
  kind: ListenerKind,
  req: Incoming,
  route: Route | null,
): boolean {
  if (rule.listener && rule.listener !== 'any' && rule.listener !== kind) return false;
  if (rule.method && rule.method.toUpperCase() !== req.method) return false;
  if (!rule.path) return true;
  if (rule.path.endsWith('*')) return req.path.startsWith(rule.path.slice(0, -1));
  return rule.path === req.path || rule.path === route?.path;
}

export class Faults {
  private fails: FailRule[] = [];
  private delays: DelayRule[] = [];

  addFailure(rule: FailRule): void {
    this.fails.push({ ...rule });
  }

  addDelay(rule: DelayRule): void {
    this.delays.push({ ...rule });
  }

  clear(): void {
    this.fails = [];
    this.delays = [];
  }

  summary() {
    return {
      failures: this.fails.map((r) => ({ ...r })),
      delays: this.delays.map((r) => ({ ...r })),
    };
  }

  /** The delay to apply and the response to send instead of the route's, if any. */
  take(
    kind: ListenerKind,
    req: Incoming,
    route: Route | null,
  ): { delayMs: number; response: ServiceResponse | null } {
    if (req.path.startsWith('/__admin')) return { delayMs: 0, response: null };
    let delayMs = 0;
    for (const rule of this.delays) {
      if (!matches(rule, kind, req, route)) continue;
      delayMs = Math.max(delayMs, rule.ms);
      if (rule.times !== undefined) rule.times--;
    }
    this.delays = this.delays.filter((r) => r.times === undefined || r.times > 0);
    const fail = this.fails.find((rule) => rule.times > 0 && matches(rule, kind, req, route));
    if (!fail) return { delayMs, response: null };
    fail.times--;
    this.fails = this.fails.filter((r) => r.times > 0);
    let response: ServiceResponse;
    if (fail.body === undefined) response = text('Internal Server Error', fail.status);
    else if (fail.text) response = text(String(fail.body), fail.status);
    else response = json(fail.body, fail.status);
    return { delayMs, response };
  }
}
