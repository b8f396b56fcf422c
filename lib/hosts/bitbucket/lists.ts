// Which Bitbucket addresses show a list of pull requests or issues, and which links in it are
// row titles: Cloud (bitbucket.org) and Data Center/Server (any context path). Data only; the
// item a row names is read from its title link's address by the adapter's own URL rules
// (../lists.ts). `isListPage` runs in the page button's script on every navigation.

import type { HostLists, ListRowSpec } from '../lists';

export const bitbucketListRows: readonly ListRowSpec[] = [
  {
    // Cloud's React pull request list (since 2019), repository and workspace lists:
    // `tr[data-qa="pull-request-row"]` rows whose title link carries its own hook.
    // refined-bitbucket/refined-bitbucket@5b06ba6 src/main.js and
    // src/augment-pr-entry/augment-pr-entry.js (selectors changed in abf4be0, 2019-06).
    id: 'bitbucket-cloud-pull-request-row',
    selector: 'a[data-qa="pull-request-row-link"]',
    layout: 'cloud-react-2019',
    hosting: 'cloud',
  },
  {
    // Data Center/Server pull request table (`tr.pull-request-row td.title
    // a.pull-request-title`) and its dashboard/inbox, which use the same title class; Cloud's
    // list before 2019 did too (refined-bitbucket/refined-bitbucket@742857c
    // src/ignore-whitespace, replaced in abf4be0). Bitbucket Server's own inbox script and
    // userscripts selecting `[data-pull-request-id] > td.title … a.pull-request-title` were seen
    // in code search (repository not named there).
    id: 'bitbucket-pull-request-title',
    selector: 'a.pull-request-title',
    layout: 'server-table',
  },
  {
    // Cloud's issue tracker table: each row's summary link. Modelled from Bitbucket's markup as
    // the project remembers it: no saved copy or extension selecting it was found, so this one
    // is the least certain of the specs (its fixture page is our model, not evidence).
    id: 'bitbucket-cloud-issues-table',
    selector: 'table.issues-list a.execute',
    layout: 'cloud-issues-table',
    hosting: 'cloud',
  },
];

/** The page button's script imports this alone: the row selectors stay in the list code. */
/**
 * Cloud: a repository's pull requests or issues, and the workspace's pull requests
 * (`/{workspace}/workspace/pull-requests`). Data Center: a repository's pull requests, project or
 * personal (`/users/{user}/repos/…`), after any context path, and "Your work" (`/dashboard`).
 * Plain segment checks: the page button's script asks this on every Bitbucket page.
 */
export const isBitbucketListPage: HostLists['isListPage'] = ({ pathname }) => {
  const segments = pathname.split('/');
  if (segments.at(-1) === '') segments.pop();
  const last = segments.at(-1);
  if (last === 'dashboard') return true;
  if (last !== 'pull-requests' && last !== 'issues') return false;
  // Cloud: /{workspace}/{repo}/pull-requests or /issues, nothing before.
  if (segments.length === 4 && segments[1] && segments[2]) return true;
  // Data Center: …/projects|users/{key}/repos/{repo}/pull-requests.
  const owner = segments.at(-5);
  return (
    last === 'pull-requests' &&
    segments.at(-3) === 'repos' &&
    !!segments.at(-2) &&
    !!segments.at(-4) &&
    (owner === 'projects' || owner === 'users')
  );
};

export const bitbucketLists: HostLists = {
  provider: 'bitbucket',
  isListPage: isBitbucketListPage,
  rows: bitbucketListRows,
};
