// What the side panel reads before it can render anything: its window, the settings and, for a
// conversation opened by id, the cache's cursor and newest events. The page begins these reads in
// a small classic script (entrypoints/sidepanel-early.ts) that runs while the browser is still
// loading and evaluating the panel's modules, some 50 ms of a 10,000-event conversation's first
// paint that the reads used to wait behind. So this module stays small: no React, no schemas,
// nothing of lib/api. The panel's own code takes the reads over, or starts them when that
// script did not run.
import { browser } from 'wxt/browser';
import { readStoredSettings, type StoredSettings } from '@/lib/settings/trusted-store';
import {
  type CachedEvent,
  readCursor,
  readRecentEvents,
  type StreamCursor,
} from '@/lib/stream/cache';

/** How many of the newest cached events are read first, so the first rows paint at once. */
export const FIRST_PAINT_EVENTS = 200;

export interface OpeningReads {
  /** The query string the reads were made for. */
  search: string;
  conversationId: string | null;
  windowId: Promise<number | null>;
  /** Null when the read failed: the panel reads again. */
  settings: Promise<StoredSettings | null>;
  cursor: Promise<StreamCursor | null>;
  /** The newest cached events, oldest first; null when the read failed. */
  recent: Promise<CachedEvent[] | null>;
}

/** Where the early script leaves its reads for the page's modules (separate bundles). */
const HANDOVER = '__handoffOpeningReads';

type Handover = { [HANDOVER]?: OpeningReads };

/**
 * The window this panel belongs to, so the worker hands it that window's launches: the
 * `for-window` parameter when the panel was opened as a popup window (where the current window
 * is the popup itself), otherwise the window the side panel is attached to.
 */
async function panelWindowId(params: URLSearchParams): Promise<number | null> {
  const given = Number(params.get('for-window'));
  if (params.has('for-window') && Number.isInteger(given)) return given;
  try {
    return (await browser.windows.getCurrent()).id ?? null;
  } catch {
    return null;
  }
}

/** Begins the reads for a panel opened with `search` (`location.search`), and leaves them for the page. */
export function startOpeningReads(search: string): OpeningReads {
  const params = new URLSearchParams(search);
  const conversationId = params.get('conversation');
  const reads: OpeningReads = {
    search,
    conversationId,
    windowId: panelWindowId(params),
    settings: readStoredSettings().catch(() => null),
    cursor: conversationId
      ? readCursor(conversationId).then(
          (cursor) => cursor ?? null,
          () => null,
        )
      : Promise.resolve(null),
    recent: conversationId
      ? readRecentEvents(conversationId, FIRST_PAINT_EVENTS).catch(() => null)
      : Promise.resolve(null),
  };
  (globalThis as Handover)[HANDOVER] = reads;
  return reads;
}

/**
 * The reads the early script began for this page, taken once; started now when it did not run
 * (or ran for another address, which a page never does but a test may).
 */
export function takeOpeningReads(search: string): OpeningReads {
  const handover = globalThis as Handover;
  const early = handover[HANDOVER];
  delete handover[HANDOVER];
  return early && early.search === search ? early : startOpeningReads(search);
}
