// A GitHub pull request through the REST API (api.github.com, or <origin>/api/v3 on Enterprise
// Server), as documented at https://docs.github.com/en/rest/pulls/pulls#get-a-pull-request,
// https://docs.github.com/en/rest/checks/runs#list-check-runs-for-a-git-reference,
// https://docs.github.com/en/rest/commits/statuses#get-the-combined-status-for-a-specific-reference,
// https://docs.github.com/en/rest/pulls/reviews#list-reviews-for-a-pull-request and
// https://docs.github.com/en/rest/pulls/comments#list-review-comments-on-a-pull-request (field
// names as those pages give them; not yet checked against github/rest-api-description's
// api.github.com.json). Both kinds of checks count: check runs (Actions, apps) and commit statuses (older integrations).
// docs/contract/pull-status.md#github

import * as z from 'zod/mini';
import { encodePath } from '../http';
import {
  type AuthorRole,
  checksStateOf,
  type FailingCheck,
  MAX_COMMENT_CHARS,
  MAX_COMMENTS,
  MAX_FAILING,
  MAX_SUMMARY_CHARS,
  newest,
  type PullReader,
  type PullReaderOptions,
  type PullStatus,
  plainText,
  pullClient,
  type ReviewComment,
  type ReviewState,
} from '../pull-status';
import { readPages } from './pages';

const User = z.nullable(z.looseObject({ login: z.string() }));

const PullSchema = z.looseObject({
  state: z.string(),
  merged: z.optional(z.nullable(z.boolean())),
  merged_at: z.optional(z.nullable(z.string())),
  title: z.string(),
  html_url: z.string(),
  head: z.looseObject({ sha: z.string() }),
  base: z.looseObject({ ref: z.string() }),
  /** null while GitHub works it out in the background. */
  mergeable: z.optional(z.nullable(z.boolean())),
  mergeable_state: z.optional(z.string()),
  review_comments: z.optional(z.number()),
});

const CheckRunsSchema = z.looseObject({
  total_count: z.number(),
  check_runs: z.array(
    z.looseObject({
      name: z.string(),
      status: z.string(),
      conclusion: z.optional(z.nullable(z.string())),
      html_url: z.optional(z.nullable(z.string())),
      details_url: z.optional(z.nullable(z.string())),
      output: z.optional(
        z.looseObject({
          title: z.optional(z.nullable(z.string())),
          summary: z.optional(z.nullable(z.string())),
        }),
      ),
    }),
  ),
});

const CombinedStatusSchema = z.looseObject({
  state: z.string(),
  statuses: z.array(
    z.looseObject({
      state: z.string(),
      context: z.string(),
      description: z.optional(z.nullable(z.string())),
      target_url: z.optional(z.nullable(z.string())),
    }),
  ),
});

const ReviewsSchema = z.array(
  z.looseObject({
    user: User,
    body: z.optional(z.nullable(z.string())),
    state: z.string(),
    html_url: z.optional(z.nullable(z.string())),
    author_association: z.optional(z.string()),
    submitted_at: z.optional(z.nullable(z.string())),
  }),
);

const CommentsSchema = z.array(
  z.looseObject({
    user: User,
    body: z.string(),
    path: z.optional(z.nullable(z.string())),
    line: z.optional(z.nullable(z.number())),
    original_line: z.optional(z.nullable(z.number())),
    html_url: z.optional(z.nullable(z.string())),
    author_association: z.optional(z.string()),
    created_at: z.optional(z.string()),
  }),
);

/** Check-run conclusions that fail a pull request (success, neutral and skipped do not). */
const FAILING_CONCLUSIONS = new Set([
  'failure',
  'timed_out',
  'cancelled',
  'action_required',
  'startup_failure',
  'stale',
]);

/** GitHub's author association, folded to the roles Handoff tells apart. */
export function roleOf(association: string | undefined): AuthorRole {
  switch (association) {
    case 'OWNER':
      return 'owner';
    case 'MEMBER':
      return 'member';
    case 'COLLABORATOR':
      return 'collaborator';
    case 'CONTRIBUTOR':
    case 'FIRST_TIME_CONTRIBUTOR':
    case 'FIRST_TIMER':
      return 'contributor';
    case 'NONE':
    case 'MANNEQUIN':
      return 'none';
    default:
      return null;
  }
}

/**
 * Each reviewer's latest decisive review (approval, changes requested, or a dismissal that
 * undoes one) stands; any standing request for changes outweighs approvals.
 */
export function reviewStateOf(reviews: { user: { login: string } | null; state: string }[]) {
  const standing = new Map<string, string>();
  for (const review of reviews) {
    const who = review.user?.login ?? '';
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED') {
      standing.set(who, review.state);
    } else if (review.state === 'DISMISSED') standing.delete(who);
  }
  const states = [...standing.values()];
  const state: ReviewState = states.includes('CHANGES_REQUESTED')
    ? 'changes-requested'
    : states.includes('APPROVED')
      ? 'approved'
      : 'none';
  return state;
}

export function createGitHubPullReader(options: PullReaderOptions): PullReader {
  const client = pullClient('github', options);
  const now = options.now ?? Date.now;
  const repoUrl = (repository: string) => `${options.apiBase}/repos/${encodePath(repository)}`;

  const readChecks = async (repository: string, sha: string): Promise<PullStatus['checks']> => {
    const failing: FailingCheck[] = [];
    let pending = 0;
    let passing = 0;
    let failed = 0;
    const fail = (check: FailingCheck) => {
      failed++;
      if (failing.length < MAX_FAILING) failing.push(check);
    };
    const commit = `${repoUrl(repository)}/commits/${encodeURIComponent(sha)}`;
    // Check runs come wrapped ({total_count, check_runs}), so pages are followed by hand.
    let url: string | null = `${commit}/check-runs?per_page=100`;
    for (let page = 0; url && page < 3; page++) {
      const response: Response & { data?: z.infer<typeof CheckRunsSchema> } = await client.json(
        url,
        CheckRunsSchema,
      );
      for (const run of response.data?.check_runs ?? []) {
        if (run.status !== 'completed') pending++;
        else if (FAILING_CONCLUSIONS.has(run.conclusion ?? '')) {
          fail({
            name: plainText(run.name, 200) ?? '',
            summary: plainText(run.output?.title ?? run.output?.summary, MAX_SUMMARY_CHARS),
            url: run.html_url ?? run.details_url ?? null,
          });
        } else passing++;
      }
      const link = response.headers.get('link') ?? '';
      url = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] ?? null;
    }
    const combined = await client.json(`${commit}/status?per_page=100`, CombinedStatusSchema);
    for (const status of combined.data?.statuses ?? []) {
      if (status.state === 'pending') pending++;
      else if (status.state === 'success') passing++;
      else {
        fail({
          name: plainText(status.context, 200) ?? '',
          summary: plainText(status.description, MAX_SUMMARY_CHARS),
          url: status.target_url ?? null,
        });
      }
    }
    return {
      state: checksStateOf(failed, pending, passing),
      failing,
      failingLeftOut: failed - failing.length,
      pending,
      passing,
    };
  };

  return {
    client,
    async read(repository, number) {
      const base = `${repoUrl(repository)}/pulls/${number}`;
      const pull = (await client.json(base, PullSchema)).data as z.infer<typeof PullSchema>;
      const merged = pull.merged === true || Boolean(pull.merged_at);
      const state = merged ? 'merged' : pull.state === 'closed' ? 'closed' : 'open';
      const status: PullStatus = {
        state,
        title: plainText(pull.title, 500) ?? '',
        url: pull.html_url,
        headSha: pull.head.sha,
        baseBranch: pull.base.ref,
        checks: { state: 'none', failing: [], failingLeftOut: 0, pending: 0, passing: 0 },
        review: { state: 'none', unresolvedThreads: null, comments: [], commentsLeftOut: 0 },
        conflicts: null,
        checkedAt: now(),
      };
      // A merged or closed pull request is done with: one request says so, nothing more is read.
      if (state !== 'open') return status;
      if (pull.mergeable === false || pull.mergeable_state === 'dirty') status.conflicts = true;
      else if (pull.mergeable === true) status.conflicts = false;

      status.checks = await readChecks(repository, pull.head.sha);

      const reviews = await readPages(client, `${base}/reviews?per_page=100`, ReviewsSchema);
      status.review.state = reviewStateOf(reviews.items);

      // Newest first, so the first pages are the ones that matter; put back in time order.
      const listed = await readPages(
        client,
        `${base}/comments?sort=created&direction=desc&per_page=100`,
        CommentsSchema,
        { newestFirst: Math.ceil(MAX_COMMENTS / 100) },
      );
      type Dated = ReviewComment & { at: string };
      const fromComments: Dated[] = listed.items.reverse().map((comment) => ({
        at: comment.created_at ?? '',
        author: comment.user?.login ?? '',
        authorRole: roleOf(comment.author_association),
        body: plainText(comment.body, MAX_COMMENT_CHARS) ?? '',
        path: comment.path ?? null,
        // `line` is null once the commented line is gone from the diff (outdated).
        line: comment.line ?? null,
        url: comment.html_url ?? null,
      }));
      // A review's own words (a request for changes says why) are comments without a file.
      const fromReviews: Dated[] = reviews.items
        .filter((review) => plainText(review.body, 1) !== null && review.state !== 'PENDING')
        .map((review) => ({
          at: review.submitted_at ?? '',
          author: review.user?.login ?? '',
          authorRole: roleOf(review.author_association),
          body: plainText(review.body, MAX_COMMENT_CHARS) ?? '',
          path: null,
          line: null,
          url: review.html_url ?? null,
        }));
      // ISO times sort as text; oldest first, as the agent should read them.
      const all = [...fromReviews, ...fromComments]
        .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
        .map(({ at: _at, ...comment }) => comment);
      const total = fromReviews.length + Math.max(pull.review_comments ?? 0, fromComments.length);
      const { kept, leftOut } = newest(all, MAX_COMMENTS, total);
      status.review.comments = kept;
      status.review.commentsLeftOut = leftOut;
      return status;
    },
  };
}
