// Bitbucket page detection from the address: Cloud on bitbucket.org, Data Center/Server on any host the person
// added as 'bitbucket'.
//
// Cloud: `/{workspace}/{repo}/…`, repository 'workspace/repo'. `src/{ref}/{path}` links usually
// pin a commit hash with the branch in `?at=`: the hash (7–40 hex) is reported as `sha`, `?at=`
// (or else a non-hash ref) as `branch`. Bitbucket links folders with a trailing slash, so
// `src/…/` is 'tree' and `src/…/file` 'blob'. `/branch/{branch…}` is 'repo' with that branch,
// `/pull-requests/{id}/…` 'pull', `/issues/{id}/…` 'issue', `/commits/{sha}` 'commit'.
//
// Data Center: `{context}/projects/{KEY}/repos/{slug}/…`, matched wherever it starts, so any
// context path (e.g. /bitbucket) becomes part of `baseUrl`. Personal repositories
// `/users/{user}/repos/{slug}` are reported as '~user/slug': the form Bitbucket's own REST API
// and clone URLs use for a personal project key. The ref is the `at` (source) or `until`
// (commits) query parameter with `refs/heads/` or `refs/tags/` stripped. Folder and file URLs
// look alike: the document decides when it gave hints (./detect.ts), else a name with an
// extension or a leading dot is taken for a file.
//
// Settings, admin and unknown sections are null, as for the other hosts.

import {
  endsWithSlash,
  FULL_SHA,
  makeUrlDetector,
  type PagePart,
  queryValue,
  SHORT_OR_FULL_SHA,
  shortRef,
  toNumber,
} from '../shared';
import type { PageAddress } from '../types';

/** What a Bitbucket page's document says where its address is ambiguous (./detect.ts). */
export interface BitbucketHints {
  /** Whether a Data Center page shows a folder or a file, when it says. */
  fileKind(): 'tree' | 'blob' | undefined;
}

const SLUG = /^(?!\.\.?$)[\w.-]+$/;
const PROJECT_KEY = /^~?[\w.-]+$/;
/** bitbucket.org's own first segments, and second segments of workspace pages. */
const CLOUD_RESERVED = new Set(
  'account api blog dashboard login logout product repo signup site snippets socialauth support workspace'.split(
    ' ',
  ),
);
const CLOUD_WORKSPACE_PAGES = new Set(['workspace', 'profile']);
const CLOUD_SECTIONS = new Set(
  'branch branches commits deployments downloads issues pipelines pull-requests src wiki'.split(
    ' ',
  ),
);
const SERVER_SECTIONS = new Set(
  'branches browse builds commits compare forks pull-requests'.split(' '),
);
const CLOUD_HASH = /^[0-9a-f]{7,40}$/i;

export const detectBitbucketUrl = makeUrlDetector<BitbucketHints>(
  'bitbucket',
  (segments, url, _options, selfHosted, hints) => {
    const found = selfHosted ? serverRepository(segments) : cloudRepository(segments);
    if (!found) return null;
    const { repository, context, section, rest } = found;
    const page = selfHosted ? serverPage(section, rest, url, hints) : cloudPage(section, rest, url);
    return page && { repository, baseUrl: url.origin + context.map((s) => `/${s}`).join(''), page };
  },
);

interface FoundRepository {
  repository: string;
  /** Context path segments before the repository (Data Center only). */
  context: string[];
  section: string | undefined;
  rest: string[];
}

function cloudRepository(segments: string[]): FoundRepository | null {
  const [workspace = '', slug = '', section, ...rest] = segments;
  if (
    CLOUD_RESERVED.has(workspace.toLowerCase()) ||
    CLOUD_WORKSPACE_PAGES.has(slug.toLowerCase()) ||
    !SLUG.test(workspace) ||
    !SLUG.test(slug)
  ) {
    return null;
  }
  return { repository: `${workspace}/${slug}`, context: [], section, rest };
}

function serverRepository(segments: string[]): FoundRepository | null {
  const at = segments.findIndex(
    (s, i) => (s === 'projects' || s === 'users') && segments[i + 2] === 'repos',
  );
  const context = segments.slice(0, Math.max(at, 0));
  const key = segments[at + 1] ?? '';
  const slug = segments[at + 3] ?? '';
  // REST and plugin servlet URLs contain the same shape but are not repository pages.
  if (at < 0 || context.some((s) => s === 'rest' || s === 'plugins')) return null;
  if (!PROJECT_KEY.test(key) || !SLUG.test(slug)) return null;
  const owner = segments[at] === 'users' ? `~${key}` : key;
  return {
    repository: `${owner}/${slug}`,
    context,
    section: segments[at + 4],
    rest: segments.slice(at + 5),
  };
}

function cloudPage(section: string | undefined, rest: string[], url: PageAddress): PagePart | null {
  const at = shortRef(queryValue(url.search, 'at'));
  const number = toNumber(rest[0]);
  if (section === undefined) return { kind: 'repo', branch: at };
  if (!CLOUD_SECTIONS.has(section)) return null;
  if (section === 'src') {
    const [ref, ...inside] = rest;
    const path = inside.join('/') || undefined;
    const hash = ref && CLOUD_HASH.test(ref) ? ref.toLowerCase() : undefined;
    const kind = !path || endsWithSlash(url) ? 'tree' : 'blob';
    return { kind, branch: at ?? (hash ? undefined : ref), sha: hash, path };
  }
  if (section === 'branch') return { kind: 'repo', branch: rest.join('/') || undefined };
  if (section === 'pull-requests' && number) return { kind: 'pull', number };
  if (section === 'issues' && number) return { kind: 'issue', number };
  if (section === 'commits' && rest[0] && SHORT_OR_FULL_SHA.test(rest[0])) {
    return { kind: 'commit', sha: rest[0].toLowerCase() };
  }
  if (section === 'commits' && rest[0] === 'branch') {
    return { kind: 'repo', branch: rest.slice(1).join('/') || undefined };
  }
  return { kind: 'repo' };
}

function serverPage(
  section: string | undefined,
  rest: string[],
  url: PageAddress,
  hints: BitbucketHints | undefined,
): PagePart | null {
  const ref = (name: string) => {
    const value = shortRef(queryValue(url.search, name));
    return value && FULL_SHA.test(value) ? { sha: value.toLowerCase() } : { branch: value };
  };
  if (section === undefined) return { kind: 'repo', ...ref('at') };
  if (!SERVER_SECTIONS.has(section)) return null;
  const number = toNumber(rest[0]);
  if (section === 'browse') {
    const path = rest.join('/');
    if (!path) return { kind: 'repo', ...ref('at') };
    return { kind: serverFileKind(hints, rest[rest.length - 1] ?? '', url), path, ...ref('at') };
  }
  if (section === 'pull-requests' && number) return { kind: 'pull', number };
  if (section === 'commits' && rest[0] && SHORT_OR_FULL_SHA.test(rest[0])) {
    return { kind: 'commit', sha: rest[0].toLowerCase() };
  }
  return { kind: 'repo', ...(section === 'commits' ? ref('until') : {}) };
}

function serverFileKind(
  hints: BitbucketHints | undefined,
  name: string,
  url: PageAddress,
): 'tree' | 'blob' {
  if (endsWithSlash(url)) return 'tree';
  return hints?.fileKind() ?? (/^\.|\.\w+$/.test(name) ? 'blob' : 'tree');
}
