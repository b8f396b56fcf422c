// Where the button goes on Bitbucket Cloud (bitbucket.org, a React app with data-qa/data-testid
// hooks) and Bitbucket Data Center/Server (server-rendered AUI markup), and where pull request
// titles and source branches live. Data only; first anchor found wins. Issue pages (Cloud's
// issue tracker) have no anchor: the runtime's floating button serves them. The button's colours
// on Bitbucket are in ./button.css.

import type { AnchorSpec, DomFieldSources } from '../types';

export const bitbucketAnchors: readonly AnchorSpec[] = [
  {
    // Before the pull request's "…" menu, next to Approve / Request changes / Merge.
    id: 'bitbucket-cloud-pr-header',
    kinds: ['pull'],
    selector: '[data-qa="pr-header-actions-drop-down-menu-styles"]',
    position: 'before',
    layout: 'cloud-react-2024',
    hosting: 'cloud',
  },
  {
    // Before the repository's "…" menu, next to "Clone", on source, branch and commit pages.
    id: 'bitbucket-cloud-repo-header',
    kinds: ['repo', 'tree', 'blob', 'commit'],
    selector: '[data-testid="repo-actions-menu--trigger"]',
    position: 'before',
    layout: 'cloud-react-2024',
    hosting: 'cloud',
  },
  {
    // The page header's action group: less precise, kept for when the menu trigger is renamed.
    id: 'bitbucket-cloud-page-header',
    kinds: ['repo', 'tree', 'blob', 'commit', 'pull'],
    selector: '[data-qa="page-header-wrapper"] [role="group"]',
    position: 'prepend',
    layout: 'cloud-react-2024',
    hosting: 'cloud',
  },
  {
    id: 'bitbucket-dc-pr-header',
    kinds: ['pull'],
    selector: '.pull-request-header-bar .pull-request-more-actions',
    position: 'before',
    layout: 'server-aui-8',
    hosting: 'self-hosted',
  },
  {
    // Bitbucket Server 5: the pull request's own actions (Approve, Merge, "…"), before "…".
    id: 'bitbucket-server-pr-actions',
    kinds: ['pull'],
    selector: '.pull-request-actions > :has(> .pull-request-more-trigger)',
    position: 'before',
    layout: 'server-aui-5',
    hosting: 'self-hosted',
  },
  {
    // After the branch selector's actions on the source browser.
    id: 'bitbucket-dc-branch-toolbar',
    kinds: ['repo', 'tree', 'blob'],
    selector: '.branch-selector-toolbar #branch-actions',
    position: 'after',
    layout: 'server-aui-8',
    hosting: 'self-hosted',
  },
  {
    // AUI page header actions: commit pages, and any page whose toolbar is missing.
    id: 'bitbucket-dc-page-header',
    kinds: ['repo', 'tree', 'blob', 'commit', 'pull'],
    selector: '.aui-page-header-actions',
    position: 'prepend',
    layout: 'server-aui-8',
    hosting: 'self-hosted',
  },
];

export const bitbucketDomFields: DomFieldSources = {
  title: [
    { selector: '[data-qa="pr-header-page-header-wrapper"] h1', layout: 'cloud-react-2024' },
    { selector: '[data-testid="pr-header"] h1', layout: 'cloud-react-2025' },
    { selector: '#issue-title', layout: 'cloud-issues' },
    { selector: '.pull-request-header .pull-request-title', layout: 'server-aui-8' },
    { selector: '.pull-request-header > h2', layout: 'server-aui-5' },
  ],
  sourceBranch: [
    {
      // The first branch label is the source ("workspace/repo:branch" when from a fork).
      selector: '[data-qa="pr-branches-and-state-styles"] span[aria-hidden="true"]',
      layout: 'cloud-react-2024',
    },
    {
      selector: '.pull-request-branches .source-branch [data-ref-id]',
      attribute: 'data-ref-id',
      layout: 'server-aui-8',
    },
    // Bitbucket Server 5: "project / repository : branch" on the source and the target, in
    // `title` as served and in `original-title` once AUI's tooltips have taken it. The branch
    // counts only where both name the same repository (never a fork's branch).
    ...['title', 'original-title'].map((attribute) => ({
      selector: '.ref-name-from',
      attribute,
      sameRepositoryAs: '.ref-name-to',
      layout: 'server-aui-5',
    })),
  ],
};
