// What the code-host stand-ins hold: repositories and their pull requests in one host-neutral
// shape, which each host's routes (./github.ts, ./gitlab.ts, ./bitbucket-cloud.ts,
// ./bitbucket-dc.ts) render as that host's API does.

export type CheckStatus = 'queued' | 'in_progress' | 'completed';
/** GitHub's check-run conclusions; GitLab's job statuses are derived from them. */
export type CheckConclusion =
  | 'success'
  | 'failure'
  | 'neutral'
  | 'cancelled'
  | 'skipped'
  | 'timed_out'
  | 'action_required';

export interface StandInCheck {
  name: string;
  status: CheckStatus;
  conclusion?: CheckConclusion;
  /** GitHub: the check run's output title; GitLab: the job's failure reason. */
  summary?: string;
  /** GitHub: a commit status (older integrations) rather than a check run. */
  commitStatus?: boolean;
  /** GitLab: the job's stage, and whether it may fail without failing the pipeline. */
  stage?: string;
  allowFailure?: boolean;
}

/** GitHub's author associations. */
export type Association =
  | 'OWNER'
  | 'MEMBER'
  | 'COLLABORATOR'
  | 'CONTRIBUTOR'
  | 'FIRST_TIME_CONTRIBUTOR'
  | 'NONE';

export interface StandInReview {
  user: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED';
  body?: string;
  association?: Association;
}

export interface StandInComment {
  user: string;
  body: string;
  path?: string;
  line?: number;
  association?: Association;
  /**
   * GitLab: a diff thread's resolution (diff threads are resolvable, general notes are not).
   * Bitbucket Cloud: the comment's `resolution`. Bitbucket Data Center: a task (blocker comment)
   * when set, open while false.
   */
  resolved?: boolean;
  /** Bitbucket Cloud lists a deleted comment with `deleted: true` and no words. */
  deleted?: boolean;
}

export interface StandInPull {
  number: number;
  title: string;
  state: 'open' | 'closed' | 'merged';
  headSha: string;
  baseBranch: string;
  headBranch: string;
  /** null: the host has not worked out mergeability yet. */
  conflicts: boolean | null;
  checks: StandInCheck[];
  reviews: StandInReview[];
  comments: StandInComment[];
  /** Times in order of creation, so lists come oldest first as the hosts list them. */
  createdAt: number;
}

export interface StandInRepository {
  private: boolean;
  pulls: Map<number, StandInPull>;
  /**
   * GitLab: the project's members by username, with their effective access level (inherited
   * ones included, the highest kept): 50 owner, 40 maintainer, 30 developer, 20 reporter,
   * 15 planner, 10 guest, 5 minimal access. Anyone else is no member.
   */
  members: Map<string, number>;
}

export function newPull(number: number, fields: Partial<StandInPull> = {}): StandInPull {
  return {
    number,
    title: `Pull request ${number}`,
    state: 'open',
    headSha: 'a'.repeat(40),
    baseBranch: 'main',
    headBranch: `agent/change-${number}`,
    conflicts: false,
    checks: [],
    reviews: [],
    comments: [],
    createdAt: Date.UTC(2026, 9, 1),
    ...fields,
  };
}

/** ISO time `minutes` after the pull request was opened: stable, so ETags are too. */
export function isoAfter(pull: StandInPull, minutes: number): string {
  return new Date(pull.createdAt + minutes * 60_000).toISOString().replace('.000Z', 'Z');
}
