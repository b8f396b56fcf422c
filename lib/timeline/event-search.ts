// The service's event search filter (upstream openhands/events/event_filter.py, `EventFilter`), run
// in the extension over the events it holds: browsers cannot send the GET body the server reads the
// filter from (docs/contract/v0-rest.md#reading-stored-events). Each field means exactly what it
// means there:
//
// - `query`: case-insensitive substring of the event's JSON as Python's `json.dumps` writes it
//   (./python-json): it matches keys and values alike (`"observation": "run"`), with Python's
//   separators and `\uXXXX` escapes for non-ASCII text.
// - `include_types` / `exclude_types`: class names, tested like `isinstance` (./event-classes):
//   `Action` takes every action, `CmdRunAction` only commands. An empty include list includes
//   everything (Python treats an empty tuple as "no filter"); exclusion wins over inclusion.
// - `source`: exact, case-sensitive `agent`, `user` or `environment`; events without a source
//   never match a source filter.
// - `start_date` / `end_date`: plain string comparison against the event's timestamp, both ends
//   inclusive (`timestamp < start_date` and `timestamp > end_date` are what exclude). So a bare
//   date "2025-01-20" as `end_date` ends *before* that day's events ("2025-01-20T…" sorts after
//   it). Events without a timestamp pass both.
// - `exclude_hidden`: drops events whose `hidden` attribute is true. Only V0 commands have one
//   (`args.hidden` on `run` actions, `extras.hidden` on `run` observations); nothing else is
//   ever hidden in this sense, whatever the timeline's own "system events" toggle shows.
import { type ApiEvent, isMarkedHidden } from '@/lib/api';
import { classNamesOf } from './event-classes';
import { asciiLower, pythonJsonDumps } from './python-json';

export interface EventSearchFilter {
  query?: string | null;
  include_types?: readonly string[] | null;
  exclude_types?: readonly string[] | null;
  source?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  exclude_hidden?: boolean;
}

/** True when no field restricts anything (every event passes). */
export function isEmptyFilter(filter: EventSearchFilter): boolean {
  return (
    !filter.query &&
    !filter.include_types?.length &&
    !filter.exclude_types?.length &&
    !filter.source &&
    !filter.start_date &&
    !filter.end_date &&
    !filter.exclude_hidden
  );
}

/** Lower-cased `json.dumps` text of an event, computed once per event object. */
const searchText = new WeakMap<object, string>();

function textOf(event: ApiEvent): string {
  let text = searchText.get(event.raw);
  if (text === undefined) {
    text = asciiLower(pythonJsonDumps(event.raw));
    searchText.set(event.raw, text);
  }
  return text;
}

/** Whether the service's EventFilter would include this event (`EventFilter.include`). */
export function eventMatches(event: ApiEvent, filter: EventSearchFilter): boolean {
  const include = filter.include_types;
  if (include?.length) {
    const classes = classNamesOf(event);
    if (!classes.some((name) => include.includes(name))) return false;
  }
  const exclude = filter.exclude_types;
  if (exclude?.length) {
    const classes = classNamesOf(event);
    if (classes.some((name) => exclude.includes(name))) return false;
  }
  if (filter.source) {
    if (event.source === null || event.source !== filter.source) return false;
  }
  const timestamp = event.timestamp;
  if (filter.start_date && timestamp !== null && timestamp < filter.start_date) return false;
  if (filter.end_date && timestamp !== null && timestamp > filter.end_date) return false;
  if (filter.exclude_hidden && isMarkedHidden(event)) return false;
  if (filter.query) {
    if (!textOf(event).includes(filter.query.toLowerCase())) return false;
  }
  return true;
}

/** Splits a comma- or space-separated list of class names as typed in the search bar. */
export function parseTypeList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter(Boolean);
}
