// GitLab (gitlab.com and self-managed) page detection from the address.
//
// Everything before `/-/` is the project path (groups nest, so it may be many segments); the
// section after `/-/` gives the kind, matched as a suffix so a relative URL root
// (https://example.com/gitlab/…) works. The URL alone cannot tell such a root from a top-level
// group: the page's project path settles it when a document gave hints (./detect.ts), else
// `options.basePath`; without either the whole prefix is reported as the repository (documented
// best guess). A page the document says is not a project page (group, user, dashboard) → null.
// Refs with slashes come from the page's find-file address (…/-/find_file/{ref}); without it the
// first segment is the best guess. Issues: `/-/issues/{iid}` and `/-/work_items/{iid}`; merge
// requests with any sub-page (`/diffs`, `/commits`, `/pipelines`) are 'pull'. Project-wide
// sections are 'repo'; settings and unknown sections are null, as on GitHub. GitLab 11 and 12
// served code, commits, issues and merge requests without `/-/` (`…/{project}/tree/{ref}`); such
// an address is read as the same page with `/-/` (which is where later GitLabs redirect it).

import {
  browsingPart,
  FULL_SHA,
  headOfComparison,
  makeUrlDetector,
  type PagePart,
  splitRefAndPath,
  toNumber,
} from '../shared';

/** What a GitLab page's document says where its address is ambiguous (./detect.ts). */
export interface GitLabHints {
  /** GitLab's name for the page, e.g. "projects:issues:show"; null when it gives none. */
  page: string | null | undefined;
  /** The project's full path as the page names it. */
  projectPath: string | null | undefined;
  /** The ref the page's find-file link names, unambiguous even with slashes. */
  ref(): string | undefined;
}

/** GitLab's own top-level routes: never the first segment of a project path. */
const RESERVED = new Set(
  '.well-known 404.html 500.html admin api assets dashboard explore favicon.ico groups health_check help import jwt login oauth profile projects public robots.txt s search sitemap snippets unsubscribes uploads users v2'.split(
    ' ',
  ),
);
const SEGMENT = /^[\w.][\w.-]*$/;
const PROJECT_SECTIONS = new Set(
  'activity boards branches commits compare environments find_file graphs issues jobs labels merge_requests milestones network packages pipelines releases tags wikis work_items'.split(
    ' ',
  ),
);
/**
 * Sections that came straight after the project before GitLab moved them under `/-/` (GitLab 11
 * and 12 serve their pages there; later ones redirect those addresses to the `/-/` form). GitLab
 * forbids most of these words as group and project names, so the first of them after the
 * namespace and project starts the section.
 */
const LEGACY_ROUTES = new Set(
  'blame blob commit commits find_file issues merge_requests tree wikis'.split(' '),
);

export const detectGitLabUrl = makeUrlDetector<GitLabHints>(
  'gitlab',
  (segments, url, options, _selfHosted, hints) => {
    if (hints?.page && !hints.page.startsWith('projects:')) return null;
    const dash = segments.indexOf('-');
    // Where the section's name is: after `/-/`, or for a legacy address the word itself.
    const at = dash < 0 ? legacySection(segments, hints?.projectPath) : dash + 1;
    const end = dash >= 0 ? dash : at >= 0 ? at : segments.length;
    const { root, project } = splitRoot(
      segments.slice(0, end),
      hints?.projectPath,
      options.basePath,
    );
    if (
      project.length < 2 ||
      RESERVED.has(project[0]?.toLowerCase() ?? '') ||
      !project.every((s) => SEGMENT.test(s))
    ) {
      return null;
    }
    // `…/project.git` is a clone URL GitLab redirects to the project page.
    const repository = project.join('/').replace(/\.git$/, '');
    const page: PagePart | null =
      at < 0
        ? { kind: 'repo' }
        : gitlabPage(segments[at], segments.slice(at + 1), repository, hints);
    return page && { repository, baseUrl: url.origin + root.map((s) => `/${s}`).join(''), page };
  },
);

/**
 * Where a legacy section starts in an address without `/-/`, or -1: the first legacy word after
 * at least a namespace and a project, and after the page's own project path when it names one.
 */
function legacySection(segments: string[], projectPath: string | null | undefined): number {
  const known = projectPath && `/${projectPath}`.toLowerCase();
  return segments.findIndex(
    (segment, i) =>
      i > 1 &&
      LEGACY_ROUTES.has(segment) &&
      (!known || `/${segments.slice(0, i).join('/')}`.toLowerCase().endsWith(known)),
  );
}

function gitlabPage(
  section: string | undefined,
  rest: string[],
  repository: string,
  hints: GitLabHints | undefined,
): PagePart | null {
  const browsing = browsingPart(section, rest, () => hints?.ref());
  if (browsing !== undefined) return browsing;
  const number = toNumber(rest[0]);
  if (number && (section === 'issues' || section === 'work_items'))
    return { kind: 'issue', number };
  if (number && section === 'merge_requests') return { kind: 'pull', number };
  if (!section || !PROJECT_SECTIONS.has(section)) return null;
  const branch =
    section === 'find_file'
      ? rest.join('/') || undefined
      : section === 'compare'
        ? headOfComparison(rest.join('/'), repository)
        : section === 'commits' && rest[0] && !FULL_SHA.test(rest[0])
          ? splitRefAndPath(rest, hints?.ref()).branch
          : undefined;
  return { kind: 'repo', branch };
}

/**
 * Splits a relative URL root off the project path: by the page's own full path when the URL
 * ends with it (case-insensitively; the page's spelling wins), else by the configured base path.
 */
function splitRoot(
  segments: string[],
  fullPath: string | null | undefined,
  basePath: string | undefined,
): { root: string[]; project: string[] } {
  const known = fullPath?.split('/').filter(Boolean) ?? [];
  const tail = segments.slice(segments.length - known.length);
  if (known.length && tail.join('/').toLowerCase() === known.join('/').toLowerCase()) {
    return { root: segments.slice(0, -known.length), project: known };
  }
  const base = basePath?.split('/').filter(Boolean) ?? [];
  const hasBase = base.length > 0 && segments.slice(0, base.length).join('/') === base.join('/');
  return hasBase
    ? { root: base, project: segments.slice(base.length) }
    : { root: [], project: segments };
}
