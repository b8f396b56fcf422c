// Pages saved from the live code hosts (../shared/fixtures/real-pages, read in place, never copied
// into the project), each with the address it was of, and what Handoff must make of each: where
// its one button lands and what a start from it takes. Shared by the unit corpus
// (tests/corpus/real-pages.test.ts) and the Chromium journey (tests/e2e/real-pages.spec.ts).
import { readFileSync } from 'node:fs';
import type { PageContext } from '../../lib/hosts/page-context';
import type { Provider } from '../../lib/hosts/types';

const folder = new URL('../../../shared/fixtures/real-pages/', import.meta.url);

export interface RealPage {
  /** Path under the folder, as INDEX.md names it. */
  file: string;
  /** The address the page was of: where it is served when tested. */
  url: string;
  /** INDEX.md's words for the host software and its era, for people reading a failure. */
  era: string;
}

/** Every page INDEX.md lists, in its order. */
export function realPages(): RealPage[] {
  const index = readFileSync(new URL('INDEX.md', folder), 'utf8');
  const rows = [...index.matchAll(/^\| `([^`]+)` \|([^|]*)\|([^|]*)\|([^|]*)\| (\S+) \|/gm)];
  return rows.map(([, file, , era, , url]) => ({
    file: file as string,
    url: url as string,
    era: (era as string).trim(),
  }));
}

export function realPageHtml(file: string): string {
  return readFileSync(new URL(file, folder), 'utf8');
}

/**
 * Where the page's one button goes: an anchor of the page's own header or actions area (an id in
 * lib/hosts/<host>/anchors.ts), or floating, with why the page has no such place yet.
 */
export type Placement = { anchor: string } | { floating: string };

export interface RealPageExpectation {
  file: string;
  /** The host software its origin is added as; absent on github.com, gitlab.com, bitbucket.org. */
  selfHosted?: Provider;
  button: Placement;
  /** What the page context says, and so what a start from it takes. */
  context: PageContext;
}

const HEADER_DRAWN_BY_SCRIPT =
  'the file header is drawn by GitLab’s own script, which a saved raw page does not run, and GitLab 18 draws no other bar above a file';

const github = (
  repository: string,
  rest: Partial<PageContext> & Pick<PageContext, 'kind'>,
): PageContext => ({
  provider: 'github',
  host: 'github.com',
  baseUrl: 'https://github.com',
  repository,
  selfHosted: false,
  ...rest,
});
const ghe = (repository: string, rest: Partial<PageContext> & Pick<PageContext, 'kind'>) =>
  github(repository, {
    host: 'ghe.sgdev.org',
    baseUrl: 'http://ghe.sgdev.org',
    selfHosted: true,
    ...rest,
  });
const gitlab = (
  host: string,
  repository: string,
  rest: Partial<PageContext> & Pick<PageContext, 'kind'>,
): PageContext => ({
  provider: 'gitlab',
  host,
  baseUrl: `https://${host}`,
  repository,
  selfHosted: host !== 'gitlab.com',
  ...rest,
});
const bitbucketServer = (
  repository: string,
  rest: Partial<PageContext> & Pick<PageContext, 'kind'>,
): PageContext => ({
  provider: 'bitbucket',
  host: 'localhost:7990',
  baseUrl: 'http://localhost:7990',
  repository,
  selfHosted: true,
  ...rest,
});

const octolinkerIssue = github('OctoLinker/testrepo', {
  kind: 'issue',
  number: 2,
  title: 'Issue with some code blocks',
});
const octolinkerPull = github('OctoLinker/testrepo', {
  kind: 'pull',
  number: 1,
  title: 'Update popular-cat-names.js',
  branch: 'stefanbuck-patch-1',
});
const octolinkerCommit = github('OctoLinker/testrepo', {
  kind: 'commit',
  sha: 'b0775a93ea27ee381858ddd9fa2bb953d5b74acb',
});
const octolinkerPermalink = github('OctoLinker/testrepo', {
  kind: 'blob',
  path: 'sourcereader/popular-rabbit-names.js',
  sha: '89f13651df126efdb4f1e3ae40183c9fdccdb4d3',
});

export const realPageExpectations: readonly RealPageExpectation[] = [
  {
    file: 'github.com/issue-2025-07-defuddle.html',
    button: { anchor: 'github-react-issue-header' },
    context: github('kepano/defuddle', {
      kind: 'issue',
      number: 56,
      title: 'Defuddle on Cloudflare Workers',
    }),
  },
  {
    file: 'github.com/issue-2021-12-octolinker.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: octolinkerIssue,
  },
  {
    file: 'github.com/issue-2020-10-octolinker.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: octolinkerIssue,
  },
  {
    file: 'github.com/issue-2019-10-octolinker.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: octolinkerIssue,
  },
  {
    file: 'github.com/pr-conversation-2021-12-octolinker.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: octolinkerPull,
  },
  {
    file: 'github.com/pr-conversation-2020-03-octolinker.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: octolinkerPull,
  },
  {
    // From a fork (alexandnpu/sourcegraph): its branch is not this repository's, so none.
    file: 'github.com/pr-conversation-2019-04-sourcegraph.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: github('sourcegraph/sourcegraph', {
      kind: 'pull',
      number: 3221,
      title: 'make sourcegraph support redis password',
    }),
  },
  {
    file: 'github.com/pr-files-2021-12-octolinker.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: octolinkerPull,
  },
  {
    file: 'github.com/pr-files-unified-2019-04-sourcegraph.html',
    button: { anchor: 'github-classic-discussion-header' },
    context: github('sourcegraph/sourcegraph', {
      kind: 'pull',
      number: 3257,
      title: 'gitserver: Use opentracing for exec endpoint',
      branch: 'core/gitserver-tracing',
    }),
  },
  {
    file: 'github.com/commit-split-2021-12-octolinker.html',
    button: { anchor: 'github-classic-commit-header' },
    context: octolinkerCommit,
  },
  {
    file: 'github.com/commit-unified-2021-12-octolinker.html',
    button: { anchor: 'github-classic-commit-header' },
    context: octolinkerCommit,
  },
  {
    file: 'github.com/commit-unified-2019-04-sourcegraph.html',
    button: { anchor: 'github-classic-commit-header' },
    context: github('sourcegraph/sourcegraph', {
      kind: 'commit',
      sha: 'd3d0fe7fad2c909e3a2e4de2259dc6604983a092',
    }),
  },
  {
    file: 'github.com/blob-2021-12-octolinker.html',
    button: { anchor: 'github-classic-blob-header' },
    context: octolinkerPermalink,
  },
  {
    file: 'github.com/blob-2019-10-octolinker.html',
    button: { anchor: 'github-classic-blob-header' },
    context: octolinkerPermalink,
  },
  {
    file: 'github.com/blob-2019-05-sourcegraph.html',
    button: { anchor: 'github-classic-blob-header' },
    context: github('sourcegraph/sourcegraph', {
      kind: 'blob',
      path: 'shared/src/api/extension/types/url.ts',
      sha: 'eaa0fe5d10dfb0d99f5de640fcc7dac28f715bc9',
    }),
  },
  {
    file: 'github.com/repo-home-2022-10-postlight.html',
    button: { anchor: 'github-classic-pagehead-actions' },
    context: github('steventroughtonsmith/marzipanify', { kind: 'repo' }),
  },
  {
    file: 'github.com/repo-home-2021-10-metascraper.html',
    button: { anchor: 'github-classic-pagehead-actions' },
    context: github('microlinkhq/mql', { kind: 'repo' }),
  },
  {
    file: 'ghe/blob-2019-ghe2.14-sourcegraph.html',
    selfHosted: 'github',
    button: { anchor: 'github-classic-blob-header' },
    context: ghe('beyang/mux', { kind: 'blob', branch: 'master', path: 'bench_test.go' }),
  },
  {
    file: 'ghe/commit-unified-2019-ghe2.14-sourcegraph.html',
    selfHosted: 'github',
    button: { anchor: 'github-classic-commit-header' },
    context: ghe('beyang/test', {
      kind: 'commit',
      sha: '9b5f3da066e16209a1f924b1f81db3d51f662230',
    }),
  },
  {
    file: 'ghe/pr-files-unified-2019-ghe2.14-sourcegraph.html',
    selfHosted: 'github',
    button: { anchor: 'github-classic-discussion-header' },
    context: ghe('beyang/test', { kind: 'pull', number: 1, title: 'commit', branch: 'jr/branch' }),
  },
  {
    file: 'ghe/pr-conversation-2019-ghe2.14-sourcegraph.html',
    selfHosted: 'github',
    button: { anchor: 'github-classic-discussion-header' },
    context: ghe('beyang/mux', { kind: 'pull', number: 1, title: 'test', branch: 'jr/branch' }),
  },
  {
    // GitLab 11: the address has no `/-/` yet.
    file: 'gitlab.com/tree-2019-04-sourcegraph.html',
    button: { anchor: 'gitlab-tree-controls' },
    context: gitlab('gitlab.com', 'gitlab-org/gitlab-runner', { kind: 'tree', branch: 'master' }),
  },
  {
    file: 'gitlab.com/mr-diffs-2020-05-sourcegraph.html',
    button: { anchor: 'gitlab-issuable-header' },
    context: gitlab('gitlab.com', 'sourcegraph/jsonrpc2', {
      kind: 'pull',
      number: 1,
      title: 'Test Merge Request',
      branch: 'changes',
    }),
  },
  {
    // No `?at=`: the repository's default branch, which the start form looks up.
    file: 'bitbucket-server/repo-browse-2018-11-bbs5.15-sourcegraph.html',
    selfHosted: 'bitbucket',
    button: { anchor: 'bitbucket-dc-branch-toolbar' },
    context: bitbucketServer('SOURCEGRAPH/mux', { kind: 'repo' }),
  },
  {
    file: 'bitbucket-server/pr-2018-11-bbs5.15-sourcegraph.html',
    selfHosted: 'bitbucket',
    button: { anchor: 'bitbucket-server-pr-actions' },
    context: bitbucketServer('SOURCEGRAPH/mux', {
      kind: 'pull',
      number: 1,
      title: 'Make some changes',
      branch: 'test-branch',
    }),
  },
  {
    file: 'bitbucket-server/file-source-2019-bbs5.15-sourcegraph.html',
    selfHosted: 'bitbucket',
    button: { anchor: 'bitbucket-dc-branch-toolbar' },
    context: bitbucketServer('SOUR/mux', { kind: 'blob', path: 'context.go' }),
  },
  {
    file: 'gitlab-self-managed/blob-2025-11-gitlab18.5.1-index14938847755.html',
    selfHosted: 'gitlab',
    button: { floating: HEADER_DRAWN_BY_SCRIPT },
    context: gitlab(
      'gitlab.recruitize.ai',
      'lahore-aspose/lahore-blogs-team/blog-keyword-analyzer',
      { kind: 'blob', branch: 'master', path: 'README.md' },
    ),
  },
  {
    file: 'gitlab-self-managed/blob-2024-10-gitlab17.4.2-index31141079055.html',
    selfHosted: 'gitlab',
    button: { anchor: 'gitlab-blob-nav-controls' },
    context: gitlab('gitlab.od.atncorp.com', 'ai/lab/ai_drone/nvidia-jetson', {
      kind: 'blob',
      branch: 'pavlin_yolov10_v11',
      path: 'docker/README.md',
    }),
  },
  {
    file: 'gitlab-self-managed/blob-2024-08-gitlab16.1.6-index12490976842.html',
    selfHosted: 'gitlab',
    button: { anchor: 'gitlab-blob-nav-controls' },
    context: gitlab('git.epam.com', 'Dzmitry_Shaplyka/js-atm-program', {
      kind: 'blob',
      branch: 'master',
      path: 'module-2/app/numbers-validator.js',
    }),
  },
  {
    file: 'gitlab-self-managed/blob-2023-09-gitlab16.4.0-index26215202034.html',
    selfHosted: 'gitlab',
    button: { anchor: 'gitlab-blob-nav-controls' },
    context: gitlab('gitlab.sas.com', 'dejain/sas-access-samples', {
      kind: 'blob',
      branch: 'master',
      path: 'SAS Viya/JDBC/Denodo/README.md',
    }),
  },
  {
    // A DOM save: GitLab's script had drawn the file header.
    file: 'gitlab.com/blob-2025-03-gitlab17.10-index17547959366.html',
    button: { anchor: 'gitlab-file-actions' },
    context: gitlab('gitlab.com', 'it4lik/b2e-cloud-2024', {
      kind: 'blob',
      branch: 'main',
      path: 'tp/1/part4.md',
    }),
  },
  {
    file: 'gitlab.com/blob-2024-01-gitlab16.8-index16054076233.html',
    button: { anchor: 'gitlab-blob-nav-controls' },
    context: gitlab('gitlab.com', 'javascript7533051/simple-pro', {
      kind: 'blob',
      branch: 'main',
      path: 'README.md',
    }),
  },
  {
    file: 'github.com/blob-2025-11-index8712343541.html',
    button: { anchor: 'github-react-blob-header' },
    context: github('na-dia8/CIS201', { kind: 'blob', branch: 'main', path: 'cart.js' }),
  },
  {
    file: 'github.com/blob-2025-12-index62955804157.html',
    button: { anchor: 'github-react-blob-header' },
    context: github('Devisri1386/DS-lab', {
      kind: 'blob',
      branch: 'master',
      path: 'Tree_traversal .c',
    }),
  },
  {
    file: 'github.com/commit-2025-09-index19164639198.html',
    button: { anchor: 'github-react-page-header' },
    context: github('ashu-7683/Movie_recommendation_system', {
      kind: 'commit',
      sha: '2f2415ba8dd57b2949e44bb552f92d9fe947fd57',
    }),
  },
  {
    file: 'github.com/blob-2026-07-index54909132574.html',
    button: { anchor: 'github-react-blob-header' },
    context: github('OAI/OpenAPI-Specification', {
      kind: 'blob',
      branch: 'main',
      path: 'proposals/2024-09-01-Tags-Improvement.md',
    }),
  },
];

/** The pages with what each must give, in INDEX.md's order; throws where the two disagree. */
export function realPagesExpected(): (RealPage & RealPageExpectation)[] {
  const byFile = new Map(realPageExpectations.map((e) => [e.file, e]));
  const pages = realPages();
  const undescribed = pages.filter((p) => !byFile.has(p.file)).map((p) => p.file);
  const gone = realPageExpectations
    .filter((e) => !pages.some((p) => p.file === e.file))
    .map((e) => e.file);
  if (undescribed.length || gone.length) {
    throw new Error(
      `tests/shared/real-pages.ts and INDEX.md disagree: undescribed ${undescribed.join(', ') || 'none'}; no longer listed ${gone.join(', ') || 'none'}`,
    );
  }
  return pages.map((page) => ({ ...page, ...(byFile.get(page.file) as RealPageExpectation) }));
}
