// Where the button goes on GitLab pages (gitlab.com and self-managed share the markup), and where
// issue/merge request titles and the source branch live. Data only; first anchor found wins. The
// button's colours on GitLab are in ./button.css.

import type { AnchorSpec, DomFieldSources } from '../types';

export const gitlabAnchors: readonly AnchorSpec[] = [
  {
    // Work item view (issues on gitlab.com since 2025, self-managed 18.x): before "More actions".
    id: 'gitlab-work-item-header',
    kinds: ['issue'],
    selector: '[data-testid="work-item-actions-dropdown"]',
    position: 'before',
    layout: 'work-items-2025',
  },
  {
    // Issuable header actions: merge requests, and issues on instances without work items.
    id: 'gitlab-issuable-header',
    kinds: ['issue', 'pull'],
    selector: '.detail-page-header-actions',
    position: 'prepend',
    layout: 'issuable-2024',
    note: 'TODO [2027-06-30]: drop issues here once all GitLabs show work items',
  },
  {
    // The bar GitLab 16 and 17 draw on the server above a file (Find file, Blame, History,
    // Permalink): there from the first paint, while the file header below it waits for GitLab's
    // own script. First, so the button does not move when that header arrives.
    id: 'gitlab-blob-nav-controls',
    kinds: ['blob'],
    selector: '.nav-block .tree-controls',
    position: 'prepend',
    layout: 'haml-blob-nav-2023',
    note: 'TODO [2027-06-30]: drop with GitLab 17',
  },
  {
    id: 'gitlab-blob-controls',
    kinds: ['blob'],
    selector: '[data-testid="blob-controls"]',
    position: 'prepend',
    layout: 'vue-blob-2025',
  },
  {
    id: 'gitlab-file-actions',
    kinds: ['blob'],
    selector: '.js-file-title .file-actions',
    position: 'prepend',
    layout: 'haml-blob-2023',
    note: 'TODO [2027-06-30]: drop with GitLab 16',
  },
  {
    // "Find file / Edit / Code" above the file tree, on the project page and on tree pages.
    id: 'gitlab-tree-controls',
    kinds: ['repo', 'tree'],
    selector: '.tree-controls',
    position: 'prepend',
    layout: 'vue-tree-2024',
  },
  {
    // Project header (Star / Fork), also on project pages without a repository tree.
    id: 'gitlab-project-buttons',
    kinds: ['repo'],
    selector: '.project-repo-buttons',
    position: 'prepend',
    layout: 'project-home-2024',
  },
  {
    id: 'gitlab-commit-header',
    kinds: ['commit'],
    selector: '.page-content-header .commit-actions',
    position: 'prepend',
    layout: 'commit-page-2024',
  },
];

export const gitlabDomFields: DomFieldSources = {
  title: [
    { selector: '[data-testid="work-item-title"]', layout: 'work-items-2025' },
    { selector: '[data-testid="title-content"]', layout: 'issuable-2024' },
    {
      selector: '.detail-page-description .title',
      layout: 'issuable-classic',
      note: 'TODO [2027-06-30]: drop with GitLab 16 support',
    },
  ],
  sourceBranch: [
    {
      selector: '.js-source-branch-copy',
      attribute: 'data-clipboard-text',
      layout: 'issuable-2024',
    },
    {
      // The first branch link in the header is the source ("user/project:branch" from a fork).
      selector: '.detail-page-header .ref-container',
      attribute: 'title',
      layout: 'issuable-2024',
    },
    {
      // The merge widget's "Request to merge {source} into {target}": a link into the source's
      // own project (a fork's branch links into the fork, and is dropped).
      selector: '.js-source-branch a',
      attribute: 'href',
      layout: 'merge-widget-2020',
    },
  ],
};
