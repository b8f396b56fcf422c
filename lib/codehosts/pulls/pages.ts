// Lists that come a page at a time (GitHub, GitLab): the first page and, when there are more
// than a look may read, the newest pages, because what changed last is what the person needs.

import type * as z from 'zod/mini';
import { type HostClient, nextLink, numberHeader } from '../http';
import { MAX_PAGES } from '../pull-status';

export interface Pages<T> {
  /** In the host's order (oldest first for the lists read here). */
  items: T[];
  /** Every page was read. */
  complete: boolean;
}

/** The last page's number, from `Link: rel="last"` (GitHub) or `X-Total-Pages` (GitLab). */
function lastPageOf(headers: Headers): number | null {
  const total = numberHeader(headers, 'x-total-pages');
  if (total !== null) return total;
  const link = headers.get('link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?last"?/.exec(part);
    if (!match) continue;
    const page = Number(new URL(match[1] as string).searchParams.get('page'));
    return Number.isFinite(page) && page > 0 ? page : null;
  }
  return null;
}

function pageUrl(first: string, page: number): string {
  const url = new URL(first);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Reads a paged list: all of it when it has at most MAX_PAGES pages, else the first page and
 * the newest MAX_PAGES - 1 (each a request; with a conditional cache, unchanged pages are 304s).
 * A list asked newest first needs only its first `newestFirst` pages.
 */
export async function readPages<T>(
  client: HostClient,
  first: string,
  schema: z.ZodMiniType<T[]>,
  options: { newestFirst?: number } = {},
): Promise<Pages<T>> {
  const head: Response & { data?: T[] } = await client.json(first, schema);
  const items = [...(head.data ?? [])];
  const last = lastPageOf(head.headers);
  const limit = options.newestFirst ?? MAX_PAGES;
  if (!options.newestFirst && last !== null && last > MAX_PAGES) {
    for (let page = last - MAX_PAGES + 2; page <= last; page++) {
      const response: Response & { data?: T[] } = await client.json(pageUrl(first, page), schema);
      items.push(...(response.data ?? []));
    }
    return { items, complete: false };
  }
  let next = nextLink(head.headers) ?? nextPageOf(head.headers, first);
  for (let page = 1; next && page < limit; page++) {
    const response: Response & { data?: T[] } = await client.json(next, schema);
    items.push(...(response.data ?? []));
    next = nextLink(response.headers) ?? nextPageOf(response.headers, first);
  }
  return { items, complete: next === null };
}

/** GitLab's `X-Next-Page` where no Link header came (it sends both; keyset pages only Link). */
function nextPageOf(headers: Headers, first: string): string | null {
  const next = numberHeader(headers, 'x-next-page');
  return next === null ? null : pageUrl(first, next);
}
