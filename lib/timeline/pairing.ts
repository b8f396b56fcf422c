// Turns a conversation's ordered events into timeline rows: an action and the observation that
// answers it become one row (V0 `cause`, V1 `action_id`, see lib/api `pairKey`), whatever order
// they arrived in. The builder remembers its rows, so a rebuild after new events hands back the
// very same row objects for rows that did not change: memoised row components skip them.
import { type ApiEvent, pairKey } from '@/lib/api';

/** One event of the feed with its order key (lib/panel's FeedItem, structurally). */
export interface OrderedEvent {
  order: string;
  event: ApiEvent;
}

export interface TimelineRow {
  /** Stable React key: the order key of the row's first event (the action when there is one). */
  key: string;
  /** The action, the message, or the lone event of the row. */
  primary: OrderedEvent;
  /** The observation answering `primary` (an action), once it arrived. */
  answer: OrderedEvent | null;
  /** True for an action row still waiting for its observation. */
  pending: boolean;
  /** True for an observation whose action is not (yet) in the feed. */
  orphan: boolean;
}

function isAction(event: ApiEvent): boolean {
  return (event.type === 'v0.action' || event.type === 'v1.action') && pairKey(event) !== null;
}

function isAnswer(event: ApiEvent): boolean {
  return (
    (event.type === 'v0.observation' ||
      event.type === 'v1.observation' ||
      event.type === 'v1.user-reject') &&
    pairKey(event) !== null
  );
}

/**
 * Builds rows from the feed's items. Two passes over the ordered events: first every action by
 * its pair key, then rows in order, each observation joining its action's row. An observation
 * whose action is missing stays a row of its own until the action arrives (an older page, a
 * replay), then the next build folds it in.
 */
export class RowBuilder {
  private previous = new Map<string, TimelineRow>();

  build(items: readonly OrderedEvent[]): TimelineRow[] {
    const actions = new Map<string, OrderedEvent>();
    const answers = new Map<string, OrderedEvent>();
    for (const item of items) {
      const key = pairKey(item.event);
      if (key === null) continue;
      if (isAction(item.event)) {
        if (!actions.has(key)) actions.set(key, item);
      } else if (isAnswer(item.event) && !answers.has(key)) {
        answers.set(key, item);
      }
    }
    const rows: TimelineRow[] = [];
    const next = new Map<string, TimelineRow>();
    for (const item of items) {
      const key = pairKey(item.event);
      let primary = item;
      let answer: OrderedEvent | null = null;
      let orphan = false;
      if (key !== null && isAction(item.event)) {
        if (actions.get(key) !== item) {
          // A second action claiming the same id: show it alone rather than lose it.
        } else {
          answer = answers.get(key) ?? null;
        }
      } else if (key !== null && isAnswer(item.event)) {
        if (answers.get(key) === item && actions.has(key)) continue;
        orphan = !actions.has(key);
        primary = item;
      }
      const pending = isAction(primary.event) && answer === null && actions.get(key ?? '') === item;
      const reused = this.previous.get(primary.order);
      const row =
        reused &&
        reused.primary === primary &&
        reused.answer === answer &&
        reused.orphan === orphan &&
        reused.pending === pending
          ? reused
          : { key: primary.order, primary, answer, pending, orphan };
      next.set(row.key, row);
      rows.push(row);
    }
    this.previous = next;
    return rows;
  }
}

/** Every event of a row, primary first. */
export function eventsOfRow(row: TimelineRow): ApiEvent[] {
  return row.answer ? [row.primary.event, row.answer.event] : [row.primary.event];
}
