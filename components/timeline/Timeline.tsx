import { elementScroll, useVirtualizer } from '@tanstack/react-virtual';
import {
  forwardRef,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Icon } from '@/components/common/icons';
import { t } from '@/lib/i18n';
import { rowFailed, viewOf } from '@/lib/timeline/describe';
import type { TimelineRow as Row } from '@/lib/timeline/pairing';
import { readScroll } from './follow';
import { TimelineRow } from './TimelineRow';

/** Rows are usually one line; react-virtual measures the real height once rendered. */
const ESTIMATED_ROW_PX = 34;
/** Older history loads when the person is this close to the top. */
const LOAD_OLDER_PX = 300;

export interface TimelineHandle {
  /** Scrolls to a row by key, opens it and outlines it briefly. */
  jumpTo(key: string): boolean;
  jumpToLatest(): void;
}

interface TimelineProps {
  rows: readonly Row[];
  /** The feed has been read (the cache at least): an empty list now means "no events". */
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Older pages answered so far: after each, the top may still be in view. */
  olderPages?: number;
  olderError: string | null;
  onLoadOlder: () => void;
  /** Keys of rows matching the event search, to mark them. */
  matches: ReadonlySet<string> | null;
  /** Search words to highlight in titles. */
  query: string | null;
  /** Shown after the last row (messages on their way). */
  footer?: ReactNode;
  emptyText: string;
}

/**
 * The conversation's rows, virtualised: only the rows in view (plus a few) are in the DOM, so
 * 10,000 events scroll like 50. It follows new events while the person is at the end, stops
 * following when they scroll up, keeps their place when older history is added above, and
 * loads that history when they reach the top.
 */
export const Timeline = forwardRef<TimelineHandle, TimelineProps>(function Timeline(
  {
    rows,
    loaded,
    hasOlder,
    loadingOlder,
    olderPages = 0,
    olderError,
    onLoadOlder,
    matches,
    query,
    footer,
    emptyText,
  },
  ref,
) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [flashKey, setFlashKey] = useState<string | null>(null);
  /**
   * Where the feed's own last move left scrollTop (its move to the end, or the virtualizer's):
   * a smaller one, away from the end, is the person's doing.
   */
  const pinnedTop = useRef(0);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    // Sizes come from the ResizeObserver's entries only. The default also measures a row the
    // moment it mounts (getBoundingClientRect), which forces a layout per new row: dozens per
    // frame while events stream in or the person scrolls. Until its entry arrives (after
    // layout, before paint) a row keeps its last known size or the estimate.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) return Math.round(box.blockSize);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? ESTIMATED_ROW_PX;
    },
    overscan: 8,
    // The virtualizer's own moves (keeping rows in place as they are measured, from a scroll
    // offset that may predate the feed's last move to the end) are not the person scrolling:
    // while following, the feed goes back to the end after them.
    scrollToFn: (offset, options, instance) => {
      elementScroll(offset, options, instance);
      if (scrollRef.current) pinnedTop.current = scrollRef.current.scrollTop;
    },
  });

  // Following the latest event, chat-like, done here rather than by the virtualizer's
  // end-anchoring: that re-measures every row on every append (10,000 rows, 60 times a second).
  // `following` is true while the person is at the end. Only the person scrolling up turns it
  // off: content growing below (new rows, rows measured taller than estimated) moves the end
  // away without a scroll up, and the view goes after it.
  const following = useRef(true);
  const [followingShown, setFollowingShown] = useState(true);
  /** The last row when following stopped: rows after it are the "new" ones. */
  const [lastSeenKey, setLastSeenKey] = useState<string | null>(null);
  const firstKey = useRef<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const setFollowing = useCallback((next: boolean) => {
    if (following.current === next) return;
    following.current = next;
    setFollowingShown(next);
    const list = rowsRef.current;
    setLastSeenKey(next ? null : (list[list.length - 1]?.key ?? null));
  }, []);
  const pinToEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    pinnedTop.current = element.scrollTop;
  }, []);
  /**
   * Moves to the end while following. A scroll up the person made since the last move whose
   * scroll event has not been handled yet (rows arriving many times a second get here first)
   * stops following instead: moving to the end now would undo what they just did.
   */
  const keepAtEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !following.current) return;
    if (readScroll(element, pinnedTop.current) === 'scrolled-up') {
      setFollowing(false);
      return;
    }
    pinToEnd();
  }, [pinToEnd, setFollowing]);
  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const read = readScroll(element, pinnedTop.current);
    if (read === 'at-end') {
      pinnedTop.current = element.scrollTop;
      setFollowing(true);
    } else if (read === 'scrolled-up') {
      setFollowing(false);
    }
    maybeLoadOlder();
  };
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const previousFirst = firstKey.current;
    firstKey.current = rows[0]?.key ?? null;
    if (!element || !rows.length) return;
    if (following.current) {
      keepAtEnd();
      return;
    }
    // Older history arrived above: keep the rows the person is reading where they are.
    if (previousFirst && previousFirst !== firstKey.current) {
      const index = rows.findIndex((row) => row.key === previousFirst);
      const moved = index > 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (moved) {
        element.scrollTop += moved;
        pinnedTop.current = element.scrollTop;
      }
    }
  }, [rows, virtualizer, keepAtEnd]);
  // Rows measured taller than their estimate push the end down after the rows were placed.
  const totalSize = virtualizer.getTotalSize();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new total is the reason to look
  useLayoutEffect(() => {
    keepAtEnd();
  }, [totalSize, keepAtEnd]);
  // So does the feed getting shorter (the now line or the composer growing).
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => keepAtEnd());
    observer.observe(element);
    return () => observer.disconnect();
  }, [keepAtEnd]);
  const scrollToLatest = useCallback(() => {
    setFollowing(true);
    pinToEnd();
  }, [setFollowing, pinToEnd]);

  const toggle = useCallback((key: string) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const jumpTo = useCallback(
    (key: string) => {
      const index = rows.findIndex((row) => row.key === key);
      if (index < 0) return false;
      setExpanded((open) => (open.has(key) ? open : new Set(open).add(key)));
      setFollowing(false);
      virtualizer.scrollToIndex(index, { align: 'center' });
      setFlashKey(key);
      return true;
    },
    [rows, virtualizer, setFollowing],
  );

  useImperativeHandle(ref, () => ({ jumpTo, jumpToLatest: scrollToLatest }), [
    jumpTo,
    scrollToLatest,
  ]);

  useEffect(() => {
    if (!flashKey) return;
    const timer = setTimeout(() => setFlashKey(null), 2000);
    return () => clearTimeout(timer);
  }, [flashKey]);

  // Older history: when the top is near, ask for the page before the oldest row.
  const maybeLoadOlder = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasOlder || loadingOlder || olderError) return;
    if (element.scrollTop < LOAD_OLDER_PX) onLoadOlder();
  }, [hasOlder, loadingOlder, olderError, onLoadOlder]);
  // After a page arrives the top may still be in view (short pages): keep going.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every answered page looks again
  useEffect(() => {
    if (loaded) maybeLoadOlder();
  }, [loaded, maybeLoadOlder, olderPages]);

  // Only while the error is where things stand: once a later action went through, the error
  // is history and the shortcut would send the person back to something already fixed.
  const lastErrorKey = useMemo(() => {
    for (let index = rows.length - 1; index >= 0; index--) {
      const row = rows[index] as Row;
      if (rowFailed(row)) return row.key;
      // A result that did not fail: an answered action, or a result seen without its action.
      if (row.answer || row.orphan) return null;
    }
    return null;
  }, [rows]);

  const newCount = useMemo(() => {
    if (followingShown || !lastSeenKey) return 0;
    for (let index = rows.length - 1, count = 0; index >= 0; index--, count++) {
      if ((rows[index] as Row).key === lastSeenKey) return count;
    }
    return 0;
  }, [rows, followingShown, lastSeenKey]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className="timeline-wrap">
      {hasOlder || loadingOlder || olderError ? (
        <div className="small muted" style={{ padding: '2px 10px' }} role="status">
          {olderError ? (
            <>
              {t('panel.timeline.olderFailed', { error: olderError })}{' '}
              <button type="button" className="link-button" onClick={onLoadOlder}>
                {t('common.retry')}
              </button>
            </>
          ) : loadingOlder ? (
            t('panel.timeline.loadingOlder')
          ) : (
            <button type="button" className="link-button" onClick={onLoadOlder}>
              {t('panel.timeline.loadOlder')}
            </button>
          )}
        </div>
      ) : null}
      <div
        ref={scrollRef}
        className="timeline"
        role="feed"
        aria-label={t('panel.timeline.label')}
        aria-busy={!loaded || loadingOlder}
        data-row-count={rows.length}
        onScroll={onScroll}
      >
        {!rows.length ? (
          <p className="muted" style={{ padding: '8px 10px' }}>
            {loaded ? emptyText : t('common.loading')}
          </p>
        ) : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((item) => {
            const row = rows[item.index] as Row;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <TimelineRow
                  row={row}
                  view={viewOf(row)}
                  position={item.index + 1}
                  total={rows.length}
                  expanded={expanded.has(row.key)}
                  onToggle={toggle}
                  match={matches?.has(row.key) ?? false}
                  flash={flashKey === row.key}
                  query={query}
                />
              </div>
            );
          })}
        </div>
      </div>
      {footer}
      {/* In the flow, under the feed: these buttons never sit on top of a row. */}
      {lastErrorKey || (!followingShown && rows.length) ? (
        <div className="timeline-jumps">
          {lastErrorKey ? (
            <button type="button" className="btn btn-small" onClick={() => jumpTo(lastErrorKey)}>
              <Icon name="alert" />
              {t('panel.timeline.lastError')}
            </button>
          ) : null}
          {!followingShown && rows.length ? (
            <button
              type="button"
              className="btn btn-small btn-primary jump-latest"
              data-new-count={newCount}
              onClick={scrollToLatest}
            >
              <Icon name="arrowDown" />
              {newCount
                ? t('panel.timeline.newRows', { count: newCount })
                : t('panel.timeline.latest')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
