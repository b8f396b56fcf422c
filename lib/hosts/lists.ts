// Issue and pull/merge request lists of a code host, as data: which addresses show one, and which
// links are its rows' titles. A row's item is read from its title link's address with the host
// adapter's own URL rules, so a list needs no markup of its own to name an item; only the links
// that are row titles (not a label, an author or a milestone) come from selectors, one per
// generation of the host's list markup.

import type { PageAddress, PageContextData, Provider } from './types';

/** The title links of one generation of a host's list rows. */
export interface ListRowSpec {
  /** Stable id for diagnostics and tests, e.g. "github-react-issues-2025". */
  id: string;
  /** CSS selector matching each row's title link (an `a[href]`), and nothing else. */
  selector: string;
  /** Which generation of the host's markup this models, e.g. "react-2025", "classic". */
  layout: string;
  note?: string;
  /** Only on the cloud host or only self-hosted, where the two differ. Absent: both. */
  hosting?: 'cloud' | 'self-hosted';
}

export interface HostLists {
  provider: Provider;
  /**
   * Whether the address shows a list of issues or pull/merge requests: a repository's, a
   * group's or workspace's, or the person's own across repositories. Address only, no document:
   * the page button's script asks this on every navigation, and loads the list code only on yes.
   */
  isListPage(address: Pick<PageAddress, 'pathname' | 'search'>): boolean;
  /** Row title links, every generation the adapter knows; a page may match several. */
  rows: readonly ListRowSpec[];
}

/** One row of a list: its title link and the item it names. */
export interface ListItem {
  link: HTMLAnchorElement;
  context: PageContextData & { kind: 'issue' | 'pull'; number: number };
}

/**
 * The rows of the list on `doc`: each title link the specs match, with the issue or pull request
 * its address names (`detect` is the host's detection of an address). Links that name no issue
 * or pull request are left out, and so are duplicates of the same element. A link is its own
 * address (it has every part detection reads), so no URL object is built per row.
 */
export function listItems(
  doc: ParentNode,
  specs: readonly ListRowSpec[],
  detect: (address: PageAddress) => PageContextData | null,
  selfHosted: boolean,
): ListItem[] {
  const hosting = selfHosted ? 'self-hosted' : 'cloud';
  const selector = specs
    .filter((spec) => !spec.hosting || spec.hosting === hosting)
    .map((spec) => spec.selector)
    .join(',');
  if (!selector) return [];
  let links: NodeListOf<Element>;
  try {
    links = doc.querySelectorAll(selector);
  } catch {
    // A selector the browser does not take matches nothing: the page stays as it is.
    return [];
  }
  const items: ListItem[] = [];
  for (const element of links) {
    const link = element as HTMLAnchorElement;
    // Only a link with a web address: `javascript:` or an empty href names nothing.
    if (!link.href || !/^https?:$/.test(link.protocol)) continue;
    const context = detect(link);
    if (!context?.number || (context.kind !== 'issue' && context.kind !== 'pull')) continue;
    items.push({ link, context: context as ListItem['context'] });
  }
  return items;
}

/**
 * The parts of a context that name its item, and nothing the page read besides (a title, a
 * branch): what a list row's item is sent and acted on as.
 */
export function itemIdentity(context: PageContextData): PageContextData {
  const { provider, host, baseUrl, repository, kind, selfHosted, number } = context;
  return { provider, host, baseUrl, repository, kind, selfHosted, ...(number ? { number } : {}) };
}
