// Searching a conversation's events with the service's own filter fields: which rows match,
// which rows show, stepping from match to match, and older history paged in while a search
// runs (it covers the whole stream). "/" opens the search from anywhere but a text field.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { visibilityOf } from '@/lib/timeline/describe';
import { eventMatches, isEmptyFilter } from '@/lib/timeline/event-search';
import { eventsOfRow, type TimelineRow } from '@/lib/timeline/pairing';
import { emptySearch, type SearchFields, toFilter } from '../model/search-fields';

/** Whether focus is somewhere typing happens (so single-key shortcuts stay out of the way). */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return (
    !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
  );
}

export interface EventSearchInput {
  rows: readonly TimelineRow[];
  /** Show the events the timeline hides by default (system prompts, state changes…). */
  showSystem: boolean;
  /** The server has older history than the feed holds, and reading it has not failed. */
  canLoadOlder: boolean;
  loadingOlder: boolean;
  /** Older pages answered so far (see FeedState): each answer asks for the next page. */
  olderPages: number;
  loadOlder: () => void;
  /** Scrolls the timeline to a row. */
  jumpTo: (rowKey: string) => void;
}

export function useEventSearch({
  rows,
  showSystem,
  canLoadOlder,
  loadingOlder,
  olderPages,
  loadOlder,
  jumpTo,
}: EventSearchInput) {
  const [open, setOpen] = useState(false);
  const [fields, setFieldsState] = useState<SearchFields>(emptySearch);
  const deferredFields = useDeferredValue(fields);
  const filter = useMemo(() => toFilter(deferredFields), [deferredFields]);
  const active = open && !isEmptyFilter(filter);
  const matches = useMemo(() => {
    if (!active) return null;
    const keys = new Set<string>();
    for (const row of rows) {
      if (eventsOfRow(row).some((event) => eventMatches(event, filter))) keys.add(row.key);
    }
    return keys;
  }, [rows, filter, active]);
  const visibleRows = useMemo(() => {
    if (matches && deferredFields.onlyMatches) return rows.filter((row) => matches.has(row.key));
    if (showSystem || matches) return rows;
    return rows.filter((row) => visibilityOf(row.primary.event) === 'shown');
  }, [rows, matches, deferredFields.onlyMatches, showSystem]);

  const searchingOlder = active && canLoadOlder;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every answered page asks for the next one
  useEffect(() => {
    if (searchingOlder && !loadingOlder) loadOlder();
  }, [searchingOlder, loadingOlder, loadOlder, olderPages]);

  const [matchCursor, setMatchCursor] = useState(-1);
  const matchKeys = useMemo(
    () => (matches ? visibleRows.filter((row) => matches.has(row.key)).map((row) => row.key) : []),
    [matches, visibleRows],
  );
  const goToMatch = (step: 1 | -1) => {
    if (!matchKeys.length) return;
    const next =
      matchCursor < 0
        ? step === 1
          ? 0
          : matchKeys.length - 1
        : (matchCursor + step + matchKeys.length) % matchKeys.length;
    setMatchCursor(next);
    jumpTo(matchKeys[next] as string);
  };

  // The search bar loads when first shown, so on the first "/" its field does not exist yet:
  // the focus waits for the field to mount rather than for the next frame.
  const field = useRef<HTMLInputElement | null>(null);
  const focusWanted = useRef(false);
  const input = useCallback((node: HTMLInputElement | null) => {
    field.current = node;
    if (node && focusWanted.current) {
      focusWanted.current = false;
      node.focus();
    }
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === '/' &&
        !typingIn(event.target) &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey
      ) {
        event.preventDefault();
        setOpen(true);
        if (field.current) field.current.focus();
        else focusWanted.current = true;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return {
    open,
    toggle: () => setOpen((current) => !current),
    close: () => {
      focusWanted.current = false;
      setOpen(false);
      setFieldsState(emptySearch);
    },
    fields,
    setFields: (next: SearchFields) => {
      setFieldsState(next);
      setMatchCursor(-1);
    },
    /** The query as last applied (it trails typing by a render). */
    appliedQuery: active ? deferredFields.query : null,
    active,
    matches,
    visibleRows,
    searchingOlder,
    goToMatch,
    input,
  };
}
