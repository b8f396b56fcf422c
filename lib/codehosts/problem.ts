// Why a code host gave no answer to use, shared by every reader of its API (skills, pull
// requests): one vocabulary, so the panels say the same words for the same answer
// (docs/contract/skills.md#requests, docs/contract/pull-status.md).

/** Why the code host gave no answer to use, with what the viewer needs to say what to do. */
export type CodeHostProblem =
  /** 404 (hosts answer it for private repositories too when asked without a token). */
  | { kind: 'not-found'; withToken: boolean }
  /** The branch or commit the page named does not exist in the repository. */
  | { kind: 'ref-not-found'; ref: string }
  /** Asked without a token and the host wants one (private instance, private repository). */
  | { kind: 'needs-token' }
  /** The host refused the token (401 with a token). */
  | { kind: 'token-rejected' }
  /** 403 other than a rate limit: the token lacks access, or an organisation policy applies. */
  | { kind: 'forbidden'; withToken: boolean; message?: string }
  /** `until` is epoch milliseconds, when the host said. */
  | { kind: 'rate-limited'; until: number | null; withToken: boolean; limit?: number }
  /** The host sent the request elsewhere (a renamed repository, a sign-in page). */
  | { kind: 'redirected' }
  /** No answer: offline, DNS, refused, or no access granted to the origin. */
  | { kind: 'unreachable' }
  | { kind: 'timeout' }
  /** An answer that is not the API's (an HTML page, an unknown shape). */
  | { kind: 'not-api'; status: number; bodyType: 'html' | 'text' | 'json' | 'empty' }
  /** A self-hosted host the person has not added (or whose access they took back): not asked. */
  | { kind: 'not-added'; origin: string }
  | { kind: 'server'; status: number };

export class CodeHostError extends Error {
  constructor(
    readonly problem: CodeHostProblem,
    /** The request's URL without its query (never carries a token). */
    readonly url?: string,
  ) {
    super(`${problem.kind}${url ? ` (${url})` : ''}`);
    this.name = 'CodeHostError';
  }
}
