// GitHub (github.com and Enterprise Server) page detection from the address.
//
// Decisions on ambiguous pages (each is in tests/corpus/url-corpus.ts):
// - `/pull/{n}/files|commits|checks|changes…` are pull request #n; `/issues/{n}/…` issue #n.
// - Repository-wide sections (actions, branches, compare, wiki, pulls and issues lists, releases,
//   …) are kind 'repo': the repository is certain and the button hands over the repository.
//   `/compare/{base}...{head}` and `/pull/new/{head}` also carry the head branch when it is in
//   this repository; `/commits/{ref}` carries the ref (first segment: see below).
// - Administration and unknown sections (`/settings`, `/invitations`, anything GitHub adds) are
//   null: no button where starting work makes no sense, and no button by accident on new routes.
// - `/blame/{ref}/{path}` is a file view: kind 'blob'.
// - A ref with slashes: the document's title says where the ref ends (./detect.ts reads it into
//   the hints); without a document the first segment is the best guess (the worker can resolve
//   the longest existing branch through the API). An encoded `%2F` is taken as part of the ref.
//   A full 40/64-hex ref is a permalink: reported as `sha`, not `branch`.

import {
  browsingPart,
  FULL_SHA,
  headOfComparison,
  makeUrlDetector,
  type PagePart,
  toNumber,
} from '../shared';
import { GITHUB_RESERVED_OWNERS } from './reserved';

/** What a GitHub page's document says where its address is ambiguous (./detect.ts). */
export interface GitHubHints {
  /** The repository as GitHub spells it, given the spelling in the address. */
  repository(fromUrl: string): string;
  /** The ref a code view shows, which says where a ref with slashes ends. */
  ref(): string | undefined;
}

const OWNER = /^[a-z\d][\w-]*$/i;
const REPO = /^(?!\.\.?$)[\w.-]+$/;
const REPO_SECTIONS = new Set(
  'actions activity branches commits compare deployments discussions forks graphs issues labels milestones network packages projects pull pulls pulse releases search security stargazers tags watchers wiki'.split(
    ' ',
  ),
);

export const detectGitHubUrl = makeUrlDetector<GitHubHints>(
  'github',
  (segments, _url, _options, _selfHosted, hints) => {
    const [owner = '', repoSegment = '', section, ...rest] = segments;
    const name = repoSegment.replace(/\.git$/, '');
    if (GITHUB_RESERVED_OWNERS.has(owner.toLowerCase()) || !OWNER.test(owner) || !REPO.test(name)) {
      return null;
    }
    const fromUrl = `${owner}/${name}`;
    const repository = hints ? hints.repository(fromUrl) : fromUrl;
    const page = githubPage(section, rest, repository, hints);
    return page && { repository, page };
  },
);

function githubPage(
  section: string | undefined,
  rest: string[],
  repository: string,
  hints: GitHubHints | undefined,
): PagePart | null {
  if (section === undefined) return { kind: 'repo' };
  const browsing = browsingPart(section, rest, () => hints?.ref());
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
