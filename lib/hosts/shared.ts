// Small helpers shared by the host adapters' URL parsers. Everything here runs in the content
// script and in the worker (which checks a page's claimed context against its tab's address), so
// it stays free of zod, of the DOM and of anything heavier than a few regular expressions. What a
// document adds lives in ./document.ts.

import type { DetectOptions, PageAddress, PageContextData, Provider } from './types';

/** What an adapter works out about the page itself, before host and repository are added. */
export type PagePart = Omit<
  PageContextData,
  'provider' | 'host' | 'baseUrl' | 'repository' | 'selfHosted'
>;

/** Hosts that are served without the person adding them, one per provider. */
export const DEFAULT_HOSTS: Readonly<Record<Provider, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
};

/** A full commit id (SHA-1, or SHA-256 for repositories created in that format). */
export const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
/** An abbreviated or full commit id, as commit pages accept it. */
export const SHORT_OR_FULL_SHA = /^[0-9a-f]{7,64}$/i;
/** Issue and pull request numbers: positive, no leading zero, small enough to stay exact. */
const NUMBER = /^[1-9]\d{0,9}$/;

export function toNumber(segment: string | undefined): number | undefined {
  return segment && NUMBER.test(segment) ? Number(segment) : undefined;
}

/**
 * Whether the adapter of `provider` may read `url`: its own default host (unless the caller said
 * the page is another provider's), or any other host the person added for this provider. A
 * default host of another provider is never read, whatever the options say.
 * Returns `selfHosted`, or null when the host is not this adapter's.
 */
export function hostStatus(
  provider: Provider,
  url: PageAddress,
  options: DetectOptions | undefined,
): { selfHosted: boolean } | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const wanted = options?.provider;
  const defaultOf = (Object.keys(DEFAULT_HOSTS) as Provider[]).find(
    (p) => DEFAULT_HOSTS[p] === url.hostname,
  );
  if (defaultOf) {
    return defaultOf === provider && !url.port && (!wanted || wanted === provider)
      ? { selfHosted: false }
      : null;
  }
  return wanted === provider ? { selfHosted: true } : null;
}

/**
 * Decoded, non-empty path segments: `//` collapses, trailing slashes vanish. Null when the path
 * carries a malformed percent-escape. A decoded segment may contain `/` (an encoded `%2F`): the
 * URL then says outright that the slash belongs to that segment, e.g. a branch name.
 */
export function pathSegments(url: PageAddress): string[] | null {
  const out: string[] = [];
  for (const raw of url.pathname.split('/')) {
    if (!raw) continue;
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}

/**
 * The first value of query parameter `name` in `search` ("?at=main&x=1"), decoded as a form
 * value is ('+' is a space). Null when absent, and when its value carries a malformed escape:
 * URLSearchParams would make that a name with replacement characters, which names no branch.
 * Read by hand because URLSearchParams would be one more kind of object for a page's content
 * script to pay for.
 */
export function queryValue(search: string, name: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const equals = pair.indexOf('=');
    if (formDecode(equals < 0 ? pair : pair.slice(0, equals)) !== name) continue;
    return equals < 0 ? '' : formDecode(pair.slice(equals + 1));
  }
  return null;
}

/** Percent-decoding as forms do; null for a malformed escape. */
function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** Whether the URL path ends with `/` (Bitbucket marks folders that way). */
export function endsWithSlash(url: PageAddress): boolean {
  return url.pathname.length > 1 && url.pathname.endsWith('/');
}

/**
 * Reads a source-branch label as hosts print it, keeping it only when it belongs to `repository`:
 * "feature/x", "owner:feature/x", "owner/repo:feature/x" (git forbids ':' in ref names, so the
 * last ':' separates), or a link to the branch "…/owner/repo/tree/feature/x". A branch of a
 * fork lives in another repository, so it is dropped rather than reported against this one.
 */
export function ownBranchFromLabel(label: string, repository: string): string | undefined {
  const repo = repository.toLowerCase();
  const tree = label.indexOf('/tree/');
  if (tree >= 0) {
    let link: string[];
    try {
      link = new URL(label, 'https://x.invalid').pathname.split('/').filter(Boolean);
    } catch {
      return undefined;
    }
    const at = link.indexOf('tree');
    const owner = link.slice(0, at).join('/').toLowerCase();
    const branch = safeDecode(link.slice(at + 1).join('/'));
    return owner === repo && branch ? branch : undefined;
  }
  const colon = label.lastIndexOf(':');
  if (colon < 0) return label;
  const prefix = label.slice(0, colon).toLowerCase();
  const branch = label.slice(colon + 1);
  return branch && (prefix === repo || prefix === repo.split('/')[0]) ? branch : undefined;
}

/**
 * The head of a comparison spec: `main...feature/x`, `main..feature/x` or just `feature/x`
 * (git forbids `..` inside ref names), kept when it is a branch of `repository`.
 */
export function headOfComparison(spec: string, repository: string): string | undefined {
  const head = spec.split(/\.{2,3}/).pop();
  return head ? ownBranchFromLabel(head, repository) : undefined;
}

export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Strips `refs/heads/` or `refs/tags/` from a fully qualified ref. */
export function shortRef(ref: string | null | undefined): string | undefined {
  return ref?.replace(/^refs\/(?:heads|tags)\//, '') || undefined;
}

/**
 * Splits the segments after `tree/` or `blob/` into ref and path. `knownRef` (from the page)
 * wins when the segments start with it; otherwise the first segment is the documented best guess,
 * since the URL cannot say where a ref with slashes ends. A full SHA is a pinned commit, not a
 * branch.
 */
export function splitRefAndPath(
  rest: readonly string[],
  knownRef: string | undefined,
): Pick<PageContextData, 'branch' | 'sha' | 'path'> {
  const joined = rest.join('/');
  const ref =
    knownRef && (joined === knownRef || joined.startsWith(`${knownRef}/`)) ? knownRef : rest[0];
  if (!ref) return {};
  const path = joined.slice(ref.length + 1) || undefined;
  return FULL_SHA.test(ref) ? { sha: ref.toLowerCase(), path } : { branch: ref, path };
}

/**
 * The file-browsing part of a path both GitHub and GitLab share: `tree|blob|blame/<ref>/<path>`
 * and `commit/<sha>`. `knownRef` is read lazily from the page (it may touch the DOM). Returns
 * undefined for any other section, so the caller goes on with its own.
 */
export function browsingPart(
  section: string | undefined,
  rest: readonly string[],
  knownRef: () => string | undefined,
): PagePart | null | undefined {
  if (section === 'tree' || section === 'blob' || section === 'blame') {
    if (!rest.length) return section === 'tree' ? { kind: 'repo' } : null;
    const where = splitRefAndPath(rest, knownRef());
    if (section === 'tree') return { kind: 'tree', ...where };
    return where.path ? { kind: 'blob', ...where } : null;
  }
  if (section === 'commit') {
    const sha = rest[0];
    return sha && SHORT_OR_FULL_SHA.test(sha) ? { kind: 'commit', sha: sha.toLowerCase() } : null;
  }
  return undefined;
}

/** Drops keys whose value is undefined, so results compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

/**
 * Root files the 1.x agent reads whole and always keeps in context, matched without regard to
 * case, with the skill name each gets (docs/contract/skills.md#what-the-agent-reads).
 */
export const INSTRUCTION_FILES: Readonly<Record<string, string>> = {
  '.cursorrules': 'cursorrules',
  'agents.md': 'agents',
  'agent.md': 'agents',
  'claude.md': 'claude',
  'gemini.md': 'gemini',
};

/** A repository's own skill folders, in the order the agent reads them: the first wins a name. */
export const PROJECT_SKILL_FOLDERS = [
  '.agents/skills',
  '.openhands/skills',
  '.openhands/microagents',
];

/** The folders of an organisation skill repository, in reading order. */
export const ORGANISATION_SKILL_FOLDERS = ['skills', 'microagents'];

/**
 * The organisation skill repositories next to a repository, in the order the app server merges
 * them (a later one wins a name): `<owner>/.openhands` and `<owner>/.agents`, or on GitLab, whose
 * project names cannot start with a dot, `<group>/openhands-config`. The owner is the segment
 * before the repository's name (for a GitLab subgroup, the last group only, as upstream does).
 */
export function organisationRepositories(repository: string, provider: Provider): string[] {
  const parts = repository.split('/');
  const owner = parts[parts.length - 2];
  if (!owner) return [];
  return provider === 'gitlab'
    ? [`${owner}/openhands-config`]
    : [`${owner}/.openhands`, `${owner}/.agents`];
}

/**
 * Whether the repository is named as an organisation skill repository (its own `skills/` and
 * `microagents/` are what the agent loads for its owner's other repositories).
 */
export function isOrganisationRepository(repository: string, provider: Provider): boolean {
  const name = repository.split('/').pop() ?? '';
  return provider === 'gitlab'
    ? name === 'openhands-config'
    : name === '.openhands' || name === '.agents';
}

export type SkillFileRole = 'instructions' | 'folder-rule' | 'skill' | 'organisation-skill';

/** Whether `file` is a skill inside `folder` by path alone (a SKILL.md only one folder down). */
function inSkillFolder(file: string, folder: string): boolean {
  if (!file.startsWith(`${folder}/`)) return false;
  const inside = file.slice(folder.length + 1).split('/');
  const base = inside[inside.length - 1] ?? '';
  if (base.toLowerCase() === 'skill.md') return inside.length === 2;
  return base.endsWith('.md') && base !== 'README.md';
}

/**
 * What the 1.x loader makes of a file, from its path alone, or null when it does not read it:
 * root instruction files, the same files in sub-folders (rules for that folder), `.md` files in
 * the skill folders (other than README.md, with SKILL.md one folder down), and in an
 * organisation skill repository its `skills/` and `microagents/` too. A `.md` file beside a
 * SKILL.md is that skill's reference material, which only the folder's listing can tell.
 */
export function skillFileRole(
  repository: string,
  path: string,
  provider: Provider,
): SkillFileRole | null {
  const file = path.replace(/^\.?\//, '');
  const segments = file.split('/');
  const base = (segments[segments.length - 1] ?? '').toLowerCase();
  if (base in INSTRUCTION_FILES) return segments.length === 1 ? 'instructions' : 'folder-rule';
  if (PROJECT_SKILL_FOLDERS.some((folder) => inSkillFolder(file, folder))) return 'skill';
  if (
    isOrganisationRepository(repository, provider) &&
    ORGANISATION_SKILL_FOLDERS.some((folder) => inSkillFolder(file, folder))
  ) {
    return 'organisation-skill';
  }
  return null;
}

/** Whether the agent reads `path` as a skill or rule ("View as skill" on a file page). */
export function isMicroagentPath(repository: string, path: string, provider: Provider): boolean {
  return skillFileRole(repository, path, provider) !== null;
}

/** What a host's URL parser finds: the repository, its base URL when not the origin, the page. */
export interface ParsedPage {
  repository: string;
  baseUrl?: string;
  page: PagePart;
}

/**
 * A host's URL parser. `hints` are what the page's document says where the address is ambiguous
 * (./document.ts reads them); without a document (the worker) they are absent and the parser
 * makes its documented best guess.
 */
export type UrlParser<H> = (
  segments: string[],
  url: PageAddress,
  options: DetectOptions,
  selfHosted: boolean,
  hints: H | undefined,
) => ParsedPage | null;

/** Detection from a URL alone, refined by `hints` when a document gave them. */
export type UrlDetector<H> = (
  url: PageAddress,
  options?: DetectOptions,
  hints?: H,
) => PageContextData | null;

/**
 * Builds an adapter's URL detection from its parser: checks the host, splits the path, and makes
 * sure nothing it meets (odd hints included) escapes as an exception.
 */
export function makeUrlDetector<H>(provider: Provider, parse: UrlParser<H>): UrlDetector<H> {
  return (url, options = {}, hints) => {
    try {
      const hosting = hostStatus(provider, url, options);
      const segments = hosting && pathSegments(url);
      const parsed = segments && parse(segments, url, options, hosting.selfHosted, hints);
      if (!hosting || !parsed) return null;
      return compact<PageContextData>({
        provider,
        host: url.host,
        baseUrl: parsed.baseUrl ?? url.origin,
        repository: parsed.repository,
        selfHosted: hosting.selfHosted,
        ...parsed.page,
      });
    } catch {
      return null;
    }
  };
}
