// Which GitHub (github.com and Enterprise Server) addresses show a list of issues or pull
// requests, and which links in it are row titles. Data only; the item a row names is read from
// its title link's address by the adapter's own URL rules (../lists.ts).
// `isListPage` runs in the page button's script on every navigation: two regexes, nothing more.

import type { HostLists, ListRowSpec } from '../lists';

const CLASSIC_NOTE = 'TODO [2027-06-30]: drop when no supported GitHub (GHES included) serves it';

export const githubListRows: readonly ListRowSpec[] = [
  {
    // React issues index (repository issues, labels, milestones, and the global /issues):
    // the title link in the row heading. The pinned issues above the list carry other links.
    // Seen in refined-github/refined-github@cc22fe3 source/features/open-all-conversations.tsx,
    // mark-pinned.tsx and highlight-non-default-base-branch.tsx.
    id: 'github-react-issues',
    selector: 'a[data-testid="issue-pr-title-link"]',
    layout: 'react-2025',
  },
  {
    // Primer ListView rows of the React global pull request list ("preview global PR list").
    // The same hook names repositories in other lists; those links name no item and are dropped.
    // refined-github/refined-github@cc22fe3 source/features/highlight-non-default-base-branch.tsx.
    id: 'github-react-listview',
    selector: 'a[data-testid="listitem-title-link"]',
    layout: 'react-2025',
  },
  {
    // Classic Primer rows (`div.js-issue-row`, before 2021 `li.js-issue-row`): repository pulls
    // (still served in 2026), classic issues, global lists and GHES. The title is the row's one
    // `js-navigation-open` link; the comment count and review state link to the same item.
    // refined-github/refined-github@cc22fe3 source/github-helpers/selectors.ts (openPrsListLink)
    // and source/features/open-all-conversations.tsx (`a.h4.js-navigation-open`).
    id: 'github-classic-issue-row',
    selector: '.js-issue-row a.js-navigation-open',
    layout: 'classic',
    note: CLASSIC_NOTE,
  },
];

/** The page button's script imports this alone: the row selectors stay in the list code. */
/**
 * The person's own lists across repositories (/issues, /pulls and one level of sub-list, never
 * /issues/new), and a repository's: its issues (with filters such as /issues/assigned/mona, never
 * a single issue /issues/12, /issues/new or /issues/templates), pulls, one label's and one
 * milestone's. Plain segment checks, not one regular expression: the page button's script asks
 * this on every GitHub page, and compiling a pattern with look-aheads cost more (about 0.2 ms at
 * its first use) than the rest of the check.
 */
export const isGitHubListPage: HostLists['isListPage'] = ({ pathname }) => {
  const segments = pathname.split('/');
  // A leading slash gives an empty first segment, a trailing one an empty last.
  if (segments.at(-1) === '') segments.pop();
  const [, first, second, section, next] = segments;
  const count = segments.length - 1;
  if (first === 'issues' || first === 'pulls') {
    return count === 1 || (count === 2 && second !== 'new' && isWord(second));
  }
  if (count < 3 || !first || !second) return false;
  if (section === 'pulls') return true;
  if (section === 'issues') {
    return count === 3 || !(isNumber(next) || next === 'new' || next === 'templates');
  }
  if (section === 'labels') return count === 4;
  return (section === 'milestone' || section === 'milestones') && count === 4 && isNumber(next);
};

const isNumber = (segment: string | undefined) =>
  !!segment && [...segment].every((c) => c >= '0' && c <= '9');
/** Letters, digits, `_` and `-`: a sub-list's name (`assigned`, `review-requested`). */
const isWord = (segment: string | undefined) =>
  !!segment &&
  [...segment].every(
    (c) =>
      (c >= 'a' && c <= 'z') ||
      (c >= 'A' && c <= 'Z') ||
      (c >= '0' && c <= '9') ||
      c === '_' ||
      c === '-',
  );

export const githubLists: HostLists = {
  provider: 'github',
  isListPage: isGitHubListPage,
  rows: githubListRows,
};
