// One pull or merge request as Handoff follows it, read the same way whatever the code host:
// merged or closed, its checks (which fail, with what words), its reviews and comments, and
// whether it conflicts with its base (docs/contract/pull-status.md). Each host's reader is in
// ./pulls; this module holds what they share.

import { plainBlock } from '@/lib/text/plain';
import { type HostApi, hostClient } from './hosts';
import type { ConditionalCache, Fetch, HostClient } from './http';

export type PullState = 'open' | 'merged' | 'closed';
export type ChecksState = 'passing' | 'failing' | 'pending' | 'none';
export type ReviewState = 'approved' | 'changes-requested' | 'none';
/**
 * The comment author's standing in the repository, as the host tells it (GitHub's author
 * association, GitLab's member access level); null where the host does not say (Bitbucket, and
 * GitLab read without a token or refusing its member list).
 */
export type AuthorRole = 'owner' | 'member' | 'collaborator' | 'contributor' | 'none' | null;

export interface FailingCheck {
  name: string;
  /** The check's own short words about the failure, as plain text. */
  summary: string | null;
  /** The host's page for the check (never fetched or rendered by Handoff). */
  url: string | null;
}

export interface ReviewComment {
  author: string;
  authorRole: AuthorRole;
  /** Plain text as written, markup and all: shown as text, never as HTML. */
  body: string;
  path: string | null;
  line: number | null;
  url: string | null;
}

export interface PullStatus {
  state: PullState;
  title: string;
  url: string;
  headSha: string | null;
  baseBranch: string | null;
  checks: {
    state: ChecksState;
    /** The failed checks, at most MAX_FAILING, in the host's order. */
    failing: FailingCheck[];
    /** Failed checks beyond those named (0 when all are). */
    failingLeftOut: number;
    pending: number;
    passing: number;
  };
  review: {
    state: ReviewState;
    /** Threads still open; null where the host's REST API cannot tell (GitHub). */
    unresolvedThreads: number | null;
    /** The newest comments, oldest first, at most MAX_COMMENTS. */
    comments: ReviewComment[];
    /** Comments the host has beyond those kept (0 when all were read). */
    commentsLeftOut: number;
  };
  /** null: the host has not worked it out yet (or cannot say for a merged or closed one). */
  conflicts: boolean | null;
  checkedAt: number;
}

/** Comments kept per pull request: the newest; the rest are counted, never held. */
export const MAX_COMMENTS = 100;
/** Failing checks named; more are only counted (`failingLeftOut`). */
export const MAX_FAILING = 50;
/** Characters kept of one comment, and of one check's summary. */
export const MAX_COMMENT_CHARS = 8_000;
export const MAX_SUMMARY_CHARS = 500;
/** Pages of one list read per look (100 entries each): the first and the newest. */
export const MAX_PAGES = 3;

/**
 * Host text kept as plain text (lib/text/plain.ts): control and direction characters (but line
 * breaks and tabs) dropped, cut at `max` characters with an ellipsis. Markup is left as the
 * author wrote it: it is text here.
 */
export function plainText(value: string | null | undefined, max: number): string | null {
  return value === null || value === undefined ? null : plainBlock(value, max) || null;
}

/** The overall checks state from the counts, the failing ones first. */
export function checksStateOf(failing: number, pending: number, passing: number): ChecksState {
  if (failing > 0) return 'failing';
  if (pending > 0) return 'pending';
  if (passing > 0) return 'passing';
  return 'none';
}

/** Keeps the newest `max` of a list in time order, and says how many went. */
export function newest<T>(items: T[], max: number, total: number): { kept: T[]; leftOut: number } {
  const kept = items.length > max ? items.slice(items.length - max) : items;
  return { kept, leftOut: Math.max(0, total - kept.length) };
}

/** What a reader needs: the client (its counts and allowance are the poller's to read). */
export interface PullReaderOptions {
  apiBase: string;
  token: string | null;
  fetch: Fetch;
  now?: () => number;
  /** Keep one per host across looks, so unchanged answers are asked about conditionally. */
  cache?: ConditionalCache;
}

export interface PullReader {
  client: HostClient;
  /**
   * Reads one pull or merge request. `repository` as the page names it (`owner/repo`,
   * `group/sub/project`, `PROJECT/repo`), `number` its number or iid. Throws CodeHostError.
   */
  read(repository: string, number: number): Promise<PullStatus>;
}

/** The client a pull reader uses, set up as every reader of that host is. */
export function pullClient(api: HostApi, options: PullReaderOptions): HostClient {
  return hostClient(api, options);
}
