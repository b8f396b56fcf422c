// Which GitLab (gitlab.com and self-managed, any relative URL root) addresses show a list of
// issues or merge requests, and which links in it are row titles. Data only; the item a row names
// is read from its title link's address by the adapter's own URL rules (../lists.ts).
// `isListPage` runs in the page button's script on every navigation: two regexes, nothing more.

import type { HostLists, ListRowSpec } from '../lists';

export const gitlabListRows: readonly ListRowSpec[] = [
  {
    // Vue issuable list (issues, work items and, from GitLab 17, merge requests; project, group
    // and dashboard lists): the title link. A clickable row also carries an overlay link to the
    // same item (`issuable-card-link-overlay`), which is not a title.
    // gitlabhq/gitlabhq@800235c app/assets/javascripts/vue_shared/issuable/list/components/issuable_item.vue
    id: 'gitlab-vue-issuable-title',
    selector: 'a[data-testid="issuable-title-link"]',
    layout: 'vue-issuable-list',
  },
  {
    // HAML issue rows (`ul.issuable-list > li.issue`) and the first Vue issuable list, which kept
    // the HAML shape: `span.issue-title-text` holds the title link.
    // gitlabhq/gitlabhq@b413785 app/views/projects/issues/_issue.html.haml; the early Vue
    // issuable_item.vue (code search) wraps `gl-link` in the same span.
    id: 'gitlab-haml-issue-title',
    selector: '.issue-title-text > a',
    layout: 'haml',
    note: 'TODO [2027-06-30]: drop when no supported GitLab serves HAML issue lists',
  },
  {
    // HAML merge request rows (project, group and dashboard lists until the Vue list).
    // gitlabhq/gitlabhq@0aa8ef0 app/views/projects/merge_requests/_merge_request.html.haml
    id: 'gitlab-haml-merge-request-title',
    selector: '.merge-request-title-text > a',
    layout: 'haml',
    note: 'TODO [2027-06-30]: drop when no supported GitLab serves HAML merge request lists',
  },
  {
    // The merge request homepage (GitLab 17.x+, /dashboard/merge_requests): a table whose second
    // cell starts with the title link; author and pipeline links sit deeper in the cells.
    // gitlabhq/gitlabhq@6a15c08 app/assets/javascripts/merge_request_dashboard/components/app.vue
    // and @800235c …/merge_request_dashboard/components/merge_request.vue
    id: 'gitlab-merge-request-homepage',
    selector: 'tr[data-testid="merge-request"] > td:nth-child(2) > a:first-child',
    layout: 'vue-merge-request-homepage',
  },
];

/** The page button's script imports this alone: the row selectors stay in the list code. */
/** Sections whose name before `issues` makes it a file or folder, not GitLab 11/12's list. */
const CODE_ROUTES = new Set(['-', 'blob', 'tree', 'blame', 'raw', 'commit', 'commits', 'wikis']);

/**
 * A project's or a group's list, `…/-/issues` and `…/-/merge_requests` (groups nest, and a
 * relative root may come first); the person's own lists under `/dashboard/`, with the merge
 * request homepage's tabs (`/merged`, `/search`); and GitLab 11/12's
 * `{namespace}/{project}/issues` without `/-/`, which like the adapter's URL rules needs a
 * namespace and a project before it and no code-view route (`/blob/main/issues` is a file named
 * "issues"). Plain segment checks: the page button's script asks this on every GitLab page, and
 * a pattern with look-aheads costs more to compile at its first use than the check itself.
 */
export const isGitLabListPage: HostLists['isListPage'] = ({ pathname }) => {
  const segments = pathname.split('/');
  if (segments.at(-1) === '') segments.pop();
  const last = segments.at(-1);
  const before = segments.at(-2);
  const list = last === 'issues' || last === 'merge_requests';
  if (list && before === '-') return true;
  if (list && before === 'dashboard') return true;
  if (before === 'merge_requests' && segments.at(-3) === 'dashboard') return !!last;
  if (!list) return false;
  // GitLab 11/12: at least a namespace and a project first, none of them a code-view route.
  const path = segments.slice(1, -1);
  return path.length >= 2 && path.every((segment) => !!segment && !CODE_ROUTES.has(segment));
};

export const gitlabLists: HostLists = {
  provider: 'gitlab',
  isListPage: isGitLabListPage,
  rows: gitlabListRows,
};

/**
 * A self-managed GitLab's relative URL root, read from the list page itself: the address up to
 * the project or group the page names (`data-project-full-path`, `data-group-full-path` on its
 * body). Undefined where the page names neither or the address does not hold it.
 */
export function gitlabRootOf(doc: Document, pathname: string): string | undefined {
  const body = doc.body;
  const full =
    body?.getAttribute('data-project-full-path') || body?.getAttribute('data-group-full-path');
  if (!full) return undefined;
  const at = pathname.toLowerCase().indexOf(`/${full.toLowerCase()}/`);
  return at > 0 ? pathname.slice(0, at) : undefined;
}
