// The seam between page detection (one adapter per code host) and the content-script runtime
// that mounts the button. Detection is a pure function of the URL, refined by the document when
// one is given; anchors are data so that a host redesign is a reviewable data change.

export type Provider = 'github' | 'gitlab' | 'bitbucket';
export type PageKind = 'repo' | 'tree' | 'blob' | 'commit' | 'issue' | 'pull';

/**
 * What a code-host page is about. `detectPage` in ./index.ts validates it with the zod schema
 * in ./page-context.ts; the content script uses the unvalidated form to stay small, and the
 * worker validates every context it receives.
 */
export interface PageContextData {
  provider: Provider;
  /** Host name with port when not default, e.g. "github.com", "git.example.com:8443". */
  host: string;
  /** Origin plus any relative URL root, e.g. "https://example.com/gitlab". No trailing slash. */
  baseUrl: string;
  /**
   * 'owner/repo'; GitLab: full namespace path; Bitbucket Cloud 'workspace/repo'; DC 'PROJECT/repo'.
   */
  repository: string;
  kind: PageKind;
  /** True for GitHub Enterprise, self-managed GitLab and Bitbucket Data Center/Server. */
  selfHosted: boolean;
  branch?: string;
  /** Issue or pull/merge request number. */
  number?: number;
  /** Issue or pull/merge request title, when the page shows it. */
  title?: string;
  /** File or folder path on tree/blob pages. */
  path?: string;
  /**
   * Commit SHA on commit pages, and on tree/blob pages whose URL pins a commit instead of a ref
   * (GitHub/GitLab permalinks with a full SHA, Bitbucket `src/{hash}` links without `?at=`).
   */
  sha?: string;
}

export interface DetectOptions {
  /** The page's document, used to refine what the URL leaves ambiguous. */
  document?: Document;
  /** The provider of a self-hosted origin the person added; required for non-default hosts. */
  provider?: Provider;
  /**
   * Relative URL root of a self-managed GitLab the person configured, e.g. "/gitlab". Optional:
   * without it (and without `document`) a GitLab repository page URL cannot tell the root from
   * the top-level group. Bitbucket Data Center context paths are found from the URL itself.
   */
  basePath?: string;
  /**
   * Name the page only (provider, repository, kind, number, path): no title or source branch is
   * read from the document. The content script mounts its button and asks for the item's state
   * with this, and reads the whole context when the person clicks.
   */
  identityOnly?: boolean;
}

/** Where the button goes relative to the anchor element. */
export type AnchorPosition = 'before' | 'after' | 'prepend' | 'append';

export interface AnchorSpec {
  /** Stable id, used in diagnostics and tests, e.g. "github-react-issue-header". */
  id: string;
  /** Page kinds this anchor serves. */
  kinds: readonly PageKind[];
  /** CSS selector of the element the button is placed relative to. */
  selector: string;
  position: AnchorPosition;
  /** Which generation of the host's markup this models, e.g. "react-2025", "classic". */
  layout: string;
  /** Optional note, e.g. a dated removal reminder for an old layout. */
  note?: string;
  /**
   * Only for cloud (default host) or only for self-hosted pages, where the two run different
   * markup (Bitbucket Cloud vs Data Center). Absent: both.
   */
  hosting?: 'cloud' | 'self-hosted';
}

/** One place in the DOM where a page shows a value (title, branch), as data. */
export interface DomTextSource {
  selector: string;
  /** Read this attribute instead of the element's text. */
  attribute?: string;
  /** Which generation of the host's markup this models. */
  layout: string;
  note?: string;
  /**
   * The value reads "repository : branch", and counts only where this other element (read the
   * same way) names the same repository: the branch alone is then the value.
   */
  sameRepositoryAs?: string;
}

/** Where an issue's or pull/merge request's title and a pull request's source branch live. */
export interface DomFieldSources {
  title: readonly DomTextSource[];
  sourceBranch: readonly DomTextSource[];
}

/**
 * The parts of a page's address that detection reads. A URL has them, and so has the page's own
 * `location`, which the content script passes as it is: building a URL object costs a page load
 * more than every other step of naming the page together (about 0.1 ms in Chromium 156).
 */
export type PageAddress = Pick<
  URL,
  'protocol' | 'hostname' | 'host' | 'port' | 'origin' | 'pathname' | 'search'
>;

export interface HostAdapter {
  provider: Provider;
  /** Host names served without the person adding them (github.com, gitlab.com, bitbucket.org). */
  defaultHosts: readonly string[];
  /** Detects a page of this host. Null when the URL is not a repository page this adapter knows. */
  detect(url: PageAddress, options?: DetectOptions): PageContextData | null;
  /** Anchors in order of preference: the first one found in the document wins. */
  anchors: readonly AnchorSpec[];
  /** Where detection with a document reads the title and source branch (first match wins). */
  domFields?: DomFieldSources;
  /**
   * Whether `path` (relative to the repository root) is a file the service lists as a
   * microagent for `repository` (docs/contract/v0-rest.md#microagent-files).
   */
  isMicroagentFile?(repository: string, path: string): boolean;
}
