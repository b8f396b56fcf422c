// A Bitbucket Data Center (Server) pull request through its REST API (`<base URL>/rest/api/1.0`,
// the base URL keeping its context path), as the REST reference at
// https://docs.atlassian.com/bitbucket-server/rest/latest/bitbucket-rest.html documents it: the
// pull request (`state` OPEN/MERGED/DECLINED, `fromRef.latestCommit`, `toRef.displayId`,
// `reviewers[].status` APPROVED/NEEDS_WORK/UNAPPROVED, `properties`), `/merge` (`conflicted`,
// `outcome`), `/activities` (newest first) and the build statuses of the head commit from the
// build-status API (`<base URL>/rest/build-status/1.0/commits/{sha}`, states SUCCESSFUL, FAILED,
// INPROGRESS). A personal repository `~user/repo` is the project `~user`.
// docs/contract/pull-status.md#bitbucket-data-center

import * as z from 'zod/mini';
import { CodeHostError } from '../problem';
import {
  checksStateOf,
  type FailingCheck,
  MAX_COMMENT_CHARS,
  MAX_COMMENTS,
  MAX_FAILING,
  MAX_PAGES,
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

const User = z.optional(
  z.nullable(
    z.looseObject({
      name: z.optional(z.string()),
      slug: z.optional(z.string()),
      displayName: z.optional(z.string()),
    }),
  ),
);

const Ref = z.looseObject({
  displayId: z.optional(z.string()),
  latestCommit: z.optional(z.nullable(z.string())),
});

const PullSchema = z.looseObject({
  title: z.string(),
  state: z.string(),
  fromRef: Ref,
  toRef: Ref,
  reviewers: z.optional(z.array(z.looseObject({ user: User, status: z.optional(z.string()) }))),
  properties: z.optional(
    z.looseObject({
      mergeResult: z.optional(z.looseObject({ outcome: z.optional(z.string()) })),
      commentCount: z.optional(z.number()),
      openTaskCount: z.optional(z.number()),
    }),
  ),
  links: z.optional(
    z.looseObject({ self: z.optional(z.array(z.looseObject({ href: z.string() }))) }),
  ),
});

const MergeSchema = z.looseObject({
  conflicted: z.optional(z.boolean()),
  outcome: z.optional(z.string()),
});

/** Every list: `{size, limit, isLastPage, start, nextPageStart, values}`. */
function paged<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    isLastPage: z.optional(z.boolean()),
    nextPageStart: z.optional(z.nullable(z.number())),
    values: z.array(item),
  });
}

const BuildsSchema = paged(
  z.looseObject({
    state: z.string(),
    key: z.optional(z.string()),
    name: z.optional(z.nullable(z.string())),
    url: z.optional(z.nullable(z.string())),
    description: z.optional(z.nullable(z.string())),
  }),
);

const ActivitiesSchema = paged(
  z.looseObject({
    action: z.string(),
    commentAction: z.optional(z.string()),
    comment: z.optional(
      z.looseObject({
        id: z.number(),
        text: z.optional(z.string()),
        author: User,
        // Newer versions anchor the comment itself; the activity's `commentAnchor` says the same.
        anchor: z.optional(
          z.nullable(
            z.looseObject({
              path: z.optional(z.string()),
              line: z.optional(z.nullable(z.number())),
            }),
          ),
        ),
      }),
    ),
    commentAnchor: z.optional(
      z.nullable(
        z.looseObject({
          path: z.optional(z.string()),
          line: z.optional(z.nullable(z.number())),
        }),
      ),
    ),
  }),
);

/** A reviewer's status: any NEEDS_WORK outweighs approvals. */
export function reviewerState(reviewers: { status?: string | undefined }[]): ReviewState {
  if (reviewers.some((reviewer) => reviewer.status === 'NEEDS_WORK')) return 'changes-requested';
  return reviewers.some((reviewer) => reviewer.status === 'APPROVED') ? 'approved' : 'none';
}

/** `PROJECT/repo`, or `~user/repo` for a personal repository, as the REST path names it. */
function repoPath(repository: string): string {
  const [project = '', slug = ''] = repository.split('/');
  return `projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(slug)}`;
}

export function createBitbucketDataCenterPullReader(options: PullReaderOptions): PullReader {
  const client = pullClient('bitbucket-dc', options);
  const now = options.now ?? Date.now;
  // The build-status API sits beside the core one, under the same context path.
  const buildStatusBase = options.apiBase.replace(
    /\/rest\/api\/1\.0\/?$/,
    '/rest/build-status/1.0',
  );

  const readChecks = async (sha: string): Promise<PullStatus['checks']> => {
    const failing: FailingCheck[] = [];
    let failed = 0;
    let pending = 0;
    let passing = 0;
    let start: number | null = 0;
    for (let page = 0; start !== null && page < MAX_PAGES; page++) {
      const response: Response & { data?: z.infer<typeof BuildsSchema> } = await client.json(
        `${buildStatusBase}/commits/${encodeURIComponent(sha)}?limit=100&start=${start}`,
        BuildsSchema,
      );
      for (const build of response.data?.values ?? []) {
        if (build.state === 'INPROGRESS') pending++;
        else if (build.state === 'SUCCESSFUL') passing++;
        else if (build.state === 'FAILED') {
          failed++;
          if (failing.length < MAX_FAILING) {
            failing.push({
              name: plainText(build.name || build.key, 200) ?? '',
              summary: plainText(build.description, MAX_SUMMARY_CHARS),
              url: build.url ?? null,
            });
          }
        }
      }
      start = response.data?.isLastPage === false ? (response.data.nextPageStart ?? null) : null;
    }
    return {
      state: checksStateOf(failed, pending, passing),
      failing,
      failingLeftOut: failed - failing.length,
      pending,
      passing,
    };
  };

  /** `/merge` needs more than read access on some instances: then the pull's own word stands. */
  const readConflicts = async (
    base: string,
    fallback: string | undefined,
  ): Promise<boolean | null> => {
    let outcome = fallback;
    try {
      const merge = await client.json(`${base}/merge`, MergeSchema, [401, 403, 409]);
      if (merge.ok && merge.data) {
        if (merge.data.conflicted === true) return true;
        outcome = merge.data.outcome ?? outcome;
      }
    } catch (error) {
      if (!(error instanceof CodeHostError) || error.problem.kind === 'rate-limited') throw error;
    }
    if (outcome === 'CONFLICTED') return true;
    if (outcome === 'CLEAN') return false;
    // UNKNOWN, or no word yet: the instance has not worked it out.
    return null;
  };

  return {
    client,
    async read(repository, id) {
      const base = `${options.apiBase}/${repoPath(repository)}/pull-requests/${id}`;
      const pull = (await client.json(base, PullSchema)).data as z.infer<typeof PullSchema>;
      const state =
        pull.state === 'MERGED' ? 'merged' : pull.state === 'OPEN' ? 'open' : ('closed' as const);
      const sha = pull.fromRef.latestCommit ?? null;
      const status: PullStatus = {
        state,
        title: plainText(pull.title, 500) ?? '',
        url: pull.links?.self?.[0]?.href ?? '',
        headSha: sha,
        baseBranch: pull.toRef.displayId ?? null,
        checks: { state: 'none', failing: [], failingLeftOut: 0, pending: 0, passing: 0 },
        review: { state: 'none', unresolvedThreads: null, comments: [], commentsLeftOut: 0 },
        conflicts: null,
        checkedAt: now(),
      };
      if (state !== 'open') return status;
      status.review.state = reviewerState(pull.reviewers ?? []);
      // Open tasks (blocker comments) are what Data Center asks to be resolved before merging.
      status.review.unresolvedThreads = pull.properties?.openTaskCount ?? null;
      status.conflicts = await readConflicts(base, pull.properties?.mergeResult?.outcome);
      if (sha) status.checks = await readChecks(sha);

      // Activities come newest first, comments among approvals and pushes: read pages until the
      // newest MAX_COMMENTS comments are in hand.
      const newestFirst: ReviewComment[] = [];
      let start: number | null = 0;
      for (let page = 0; start !== null && page < MAX_PAGES; page++) {
        const response: Response & { data?: z.infer<typeof ActivitiesSchema> } = await client.json(
          `${base}/activities?limit=100&start=${start}`,
          ActivitiesSchema,
        );
        for (const activity of response.data?.values ?? []) {
          if (activity.action !== 'COMMENTED' || activity.commentAction !== 'ADDED') continue;
          const comment = activity.comment;
          if (!comment) continue;
          const anchor = activity.commentAnchor ?? comment.anchor ?? null;
          newestFirst.push({
            author: comment.author?.slug ?? comment.author?.name ?? '',
            authorRole: null,
            body: plainText(comment.text, MAX_COMMENT_CHARS) ?? '',
            path: anchor?.path ?? null,
            line: anchor?.line ?? null,
            url: status.url ? `${status.url}/overview?commentId=${comment.id}` : null,
          });
        }
        start =
          response.data?.isLastPage === false && newestFirst.length < MAX_COMMENTS
            ? (response.data.nextPageStart ?? null)
            : null;
      }
      const comments = newestFirst.reverse();
      const total = Math.max(pull.properties?.commentCount ?? 0, comments.length);
      const { kept, leftOut } = newest(comments, MAX_COMMENTS, total);
      status.review.comments = kept;
      status.review.commentsLeftOut = leftOut;
      return status;
    },
  };
}
