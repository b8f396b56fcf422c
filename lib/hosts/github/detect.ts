// GitHub (github.com and Enterprise Server) page detection.
//
// Decisions on ambiguous pages (each is tested in tests/unit/hosts):
// - `/pull/{n}/files|commits|checks|changes…` are pull request #n; `/issues/{n}/…` issue #n.
// - Repository-wide sections (actions, branches, compare, wiki, pulls and issues lists, releases,
//   …) are kind 'repo': the repository is certain and the button hands over the repository.
//   `/compare/{base}...{head}` and `/pull/new/{head}` also carry the head branch when it is in
//   this repository; `/commits/{ref}` carries the ref (first segment: see below).
// - Administration and unknown sections (`/settings`, `/invitations`, anything GitHub adds) are
//   null: no button where starting work makes no sense, and no button by accident on new routes.
// - `/blame/{ref}/{path}` is a file view: kind 'blob'.
// - A ref with slashes: `document.title` ("widgets/src/lib at feature/x · octo/widgets") says
//   where the ref ends; without a document the first segment is the best guess (the worker can
//   resolve the longest existing branch through the API). An encoded `%2F` is taken as part of
//   the ref. A full 40/64-hex ref is a permalink: reported as `sha`, not `branch`.

import {
  browsingPart,
  FULL_SHA,
  headOfComparison,
  makeDetector,
  type PagePart,
  toNumber,
} from '../shared';
import { githubDomFields } from './anchors';
import { GITHUB_RESERVED_OWNERS } from './reserved';

const OWNER = /^[a-z\d][\w-]*$/i;
const REPO = /^(?!\.\.?$)[\w.-]+$/;
const REPO_SECTIONS = new Set(
  'actions activity branches commits compare deployments discussions forks graphs issues labels milestones network packages projects pull pulls pulse releases search security stargazers tags watchers wiki'.split(
    ' ',
  ),
);

export const detectGitHub = makeDetector(
  'github',
  githubDomFields,
  (segments, _url, { document: doc }) => {
    const [owner = '', repoSegment = '', section, ...rest] = segments;
    const name = repoSegment.replace(/\.git$/, '');
    if (GITHUB_RESERVED_OWNERS.has(owner.toLowerCase()) || !OWNER.test(owner) || !REPO.test(name)) {
      return null;
    }
    const repository = canonicalRepository(doc, `${owner}/${name}`);
    const page = githubPage(section, rest, repository, doc);
    return page && { repository, page };
  },
  titleFromDocumentTitle,
);

function githubPage(
  section: string | undefined,
  rest: string[],
  repository: string,
  doc: Document | undefined,
): PagePart | null {
  if (section === undefined) return { kind: 'repo' };
  const browsing = browsingPart(section, rest, () => refFromDocumentTitle(doc));
  if (browsing !== undefined) return browsing;
  const number = toNumber(rest[0]);
  if (number && (section === 'issues' || section === 'pull')) {
    return { kind: section === 'pull' ? 'pull' : 'issue', number };
  }
  if (section === 'pull' && rest[0] !== 'new') return null;
  if (!REPO_SECTIONS.has(section)) return null;
  const branch =
    section === 'compare' || section === 'pull'
      ? headOfComparison(rest.slice(section === 'pull' ? 1 : 0).join('/'), repository)
      : section === 'commits' && rest[0] && !FULL_SHA.test(rest[0])
        ? rest[0]
        : undefined;
  return { kind: 'repo', branch };
}

/** The ref in a code-view title: "{repo}/{path} at {ref} · {owner}/{repo}" (refs have no spaces). */
function refFromDocumentTitle(doc: Document | undefined): string | undefined {
  return / at (\S+)(?: · \S+)*$/.exec(doc?.title ?? '')?.[1];
}

/** "{title} · Issue #12 · octo/widgets", "{title} by {author} · Pull Request #34 · octo/widgets". */
function titleFromDocumentTitle(doc: Document | undefined, number?: number): string | undefined {
  const match = /^(.+?) · (Issue|Pull Request) #(\d+) · /.exec(doc?.title ?? '');
  if (!match?.[1] || Number(match[3]) !== number) return undefined;
  return match[2] === 'Issue' ? match[1] : match[1].replace(/ by [\w-]+$/, '');
}

/** Owner/repository capitalisation as GitHub spells it (`og:url`), when it names the same one. */
function canonicalRepository(doc: Document | undefined, fromUrl: string): string {
  const content = doc?.querySelector('meta[property="og:url"]')?.getAttribute('content');
  try {
    const canonical = content
      ? new URL(content).pathname.split('/').filter(Boolean).slice(0, 2).join('/')
      : '';
    return canonical.toLowerCase() === fromUrl.toLowerCase() ? canonical : fromUrl;
  } catch {
    return fromUrl;
  }
}
