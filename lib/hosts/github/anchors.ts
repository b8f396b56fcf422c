// Where the button goes on GitHub pages, and where the page shows an issue's or pull request's
// title and a pull request's head branch. Data only: a GitHub redesign is a change here (and, for
// the button's colours, in ./button.css).
// Order matters: the first anchor found in the document wins; newer layouts come first, and
// classic ones carry a dated reminder to drop them.

import type { AnchorSpec, DomFieldSources } from '../types';

const CLASSIC_NOTE = 'TODO [2027-06-30]: drop when no supported GitHub serves it';

export const githubAnchors: readonly AnchorSpec[] = [
  {
    // The React issue header also has a sticky copy further down the DOM; scoping to the main
    // header keeps the button out of the sticky one.
    id: 'github-react-issue-header',
    kinds: ['issue'],
    selector: '[data-testid="issue-header"] [data-component="PH_Actions"]',
    position: 'prepend',
    layout: 'react-2025',
  },
  {
    // Primer's PageHeader actions slot: React pull request and commit headers.
    id: 'github-react-page-header',
    kinds: ['issue', 'pull', 'commit'],
    selector: '[data-component="PH_Actions"]',
    position: 'prepend',
    layout: 'react-2025',
  },
  {
    id: 'github-classic-discussion-header',
    kinds: ['issue', 'pull'],
    selector: '.gh-header-actions',
    position: 'prepend',
    layout: 'classic',
    note: CLASSIC_NOTE,
  },
  {
    // "Browse files" at the top of the commit box, named by what it links to: GitHub gave it the
    // id browse-at-time-link only later (the 2019 and 2021 pages have none).
    id: 'github-classic-commit-header',
    kinds: ['commit'],
    selector: '.full-commit > a.btn[href*="/tree/"]',
    position: 'before',
    layout: 'classic',
    note: CLASSIC_NOTE,
  },
  {
    // React code view: the Raw / Copy / Download / Edit group above a file.
    id: 'github-react-blob-header',
    kinds: ['blob'],
    selector: '.react-blob-header-edit-and-raw-actions',
    position: 'prepend',
    layout: 'react-code-view-2023',
  },
  {
    // React code view: the "…" menu of the folder header (next to "Add file").
    id: 'github-react-tree-header',
    kinds: ['tree'],
    selector: '[data-testid="tree-overflow-menu-anchor"]',
    position: 'before',
    layout: 'react-code-view-2023',
  },
  {
    id: 'github-classic-blob-header',
    kinds: ['blob'],
    selector: '.BtnGroup:has(> #raw-url)',
    position: 'before',
    layout: 'classic',
    note: CLASSIC_NOTE,
  },
  {
    id: 'github-classic-file-navigation',
    kinds: ['tree'],
    selector: '.file-navigation',
    position: 'append',
    layout: 'classic',
    note: CLASSIC_NOTE,
  },
  {
    // Repository header (Pin / Watch / Fork / Star), on every code page of the repository.
    id: 'github-repo-header',
    kinds: ['repo', 'tree', 'blob', 'commit'],
    selector: 'ul[data-testid="repo-header-actions"]',
    position: 'prepend',
    layout: 'react-2025',
  },
  {
    id: 'github-classic-pagehead-actions',
    kinds: ['repo', 'tree', 'blob', 'commit'],
    selector: 'ul.pagehead-actions',
    position: 'prepend',
    layout: 'classic',
    note: CLASSIC_NOTE,
  },
];

export const githubDomFields: DomFieldSources = {
  title: [
    { selector: '[data-testid="issue-title"]', layout: 'react-2025' },
    { selector: '[data-component="PH_Title"] .markdown-title', layout: 'react-2025' },
    { selector: '.gh-header-title .js-issue-title', layout: 'classic' },
  ],
  sourceBranch: [
    {
      // The head branch link sits next to its copy button; its href names repository and
      // branch unambiguously (a fork's link points into the fork).
      selector: ':has(> [aria-label="Copy head branch name to clipboard"]) > a',
      attribute: 'href',
      layout: 'react-2025',
    },
    { selector: '.gh-header-meta .head-ref', attribute: 'title', layout: 'classic' },
    { selector: 'clipboard-copy.js-copy-branch', attribute: 'value', layout: 'classic' },
  ],
};
