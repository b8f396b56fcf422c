// Turns a conversation's ordered events into timeline rows: an action and the observation that
// answers it become one row (V0 `cause`, V1 `action_id`, see lib/api `pairKey`), whatever order
// they arrived in. The builder remembers its rows, so a rebuild after new events hands back the
// very same row objects for rows that did not change: memoised row components skip them. Events
// that only add to the end (the live stream) are folded in without looking at the rest again.
import { type ApiEvent, pairKey } from '@/lib/api';

/** One event of the feed with its order key (the side panel's FeedItem, structurally). */
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
 * Builds rows from the feed's items. A full build makes two passes over the ordered events:
 * first every action by its pair key, then rows in order, each observation joining its action's
 * row. An observation whose action is missing stays a row of its own until the action arrives
 * (an older page, a replay), then the next build folds it in.
 */
export class RowBuilder {
  private previous = new Map<string, TimelineRow>();
  private rows: TimelineRow[] = [];
  /** What the last build saw, to tell "only appended" from anything else. */
  private seen: {
    length: number;
    first: OrderedEvent | undefined;
    last: OrderedEvent | undefined;
  } = { length: 0, first: undefined, last: undefined };
  /** Pair key → index of the row holding that action. */
  private actionRows = new Map<string, number>();
  /** Pair keys answered already (by their action's row or by an orphan row). */
  private answered = new Set<string>();
  /** Pair keys of orphan observations waiting for their action. */
  private orphans = new Set<string>();
  /** The log holds two actions with one id: only the two-pass build handles that. */
  private duplicates = false;

  build(items: readonly OrderedEvent[]): TimelineRow[] {
    const seen = this.seen;
    const appended =
      !this.duplicates &&
      seen.length > 0 &&
      items.length >= seen.length &&
      items[0] === seen.first &&
      items[seen.length - 1] === seen.last;
    if (!(appended && this.append(items, seen.length))) this.rebuild(items);
    this.seen = { length: items.length, first: items[0], last: items[items.length - 1] };
    return this.rows;
  }

  /** Folds events added at the end into the rows; false when a full build is needed. */
  private append(items: readonly OrderedEvent[], from: number): boolean {
    if (from === items.length) return true;
    const rows = this.rows.slice();
    for (let index = from; index < items.length; index++) {
      const item = items[index] as OrderedEvent;
      const key = pairKey(item.event);
      if (key !== null && isAction(item.event)) {
        // An action whose answer came first (or a second action with the same id): the
        // two-pass build sorts that out.
        if (this.orphans.has(key) || this.actionRows.has(key)) return false;
        this.actionRows.set(key, rows.length);
        rows.push(this.row(item, null, false));
      } else if (key !== null && isAnswer(item.event) && !this.answered.has(key)) {
        this.answered.add(key);
        const at = this.actionRows.get(key);
        if (at === undefined) {
          this.orphans.add(key);
          rows.push(this.row(item, null, true));
        } else {
          rows[at] = this.row((rows[at] as TimelineRow).primary, item, false);
        }
      } else {
        rows.push(this.row(item, null, false));
      }
    }
    this.rows = rows;
    return true;
  }

  private rebuild(items: readonly OrderedEvent[]): void {
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
    this.actionRows = new Map();
    this.answered = new Set(answers.keys());
    this.orphans = new Set();
    this.duplicates = false;
    for (const item of items) {
      const key = pairKey(item.event);
      let answer: OrderedEvent | null = null;
      let orphan = false;
      let canPend = true;
      if (key !== null && isAction(item.event)) {
        if (actions.get(key) === item) {
          answer = answers.get(key) ?? null;
          this.actionRows.set(key, rows.length);
        } else {
          // A second action claiming the same id: shown alone rather than lost.
          this.duplicates = true;
          canPend = false;
        }
      } else if (key !== null && isAnswer(item.event) && answers.get(key) === item) {
        if (actions.has(key)) continue;
        orphan = true;
        this.orphans.add(key);
      }
      rows.push(this.row(item, answer, orphan, canPend));
    }
    this.rows = rows;
    this.previous = new Map(rows.map((row) => [row.key, row]));
  }

  /** The row for these events: the previous object when nothing changed, else a new one. */
  private row(
    primary: OrderedEvent,
    answer: OrderedEvent | null,
    orphan: boolean,
    canPend = true,
  ): TimelineRow {
    const pending = canPend && !orphan && answer === null && isAction(primary.event);
    const reused = this.previous.get(primary.order);
    if (
      reused &&
      reused.primary === primary &&
      reused.answer === answer &&
      reused.orphan === orphan &&
      reused.pending === pending
    ) {
      return reused;
    }
    const row = { key: primary.order, primary, answer, pending, orphan };
    this.previous.set(row.key, row);
    return row;
  }
}

/** Every event of a row, primary first. */
export function eventsOfRow(row: TimelineRow): ApiEvent[] {
  return row.answer ? [row.primary.event, row.answer.event] : [row.primary.event];
}
