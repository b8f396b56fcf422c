// A Bitbucket Cloud pull request through REST 2.0 (api.bitbucket.org/2.0), field names and
// enums as Bitbucket's OpenAPI description gives them (schemas `pullrequest`, `participant`,
// `commitstatus`, `pullrequest_comment`, `comment_resolution`; copied in api-evangelist/atlassian
// openapi/_original/bitbucket-openapi-original.yml at 916cd716). Bitbucket Cloud says nothing of
// conflicts on the pull request itself, so `conflicts` stays null.
// docs/contract/pull-status.md#bitbucket-cloud

import * as z from 'zod/mini';
import { encodePath } from '../http';
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

const Account = z.nullable(
  z.looseObject({
    nickname: z.optional(z.nullable(z.string())),
    display_name: z.optional(z.nullable(z.string())),
    username: z.optional(z.nullable(z.string())),
  }),
);
const Link = z.optional(z.nullable(z.looseObject({ href: z.optional(z.string()) })));

const PullSchema = z.looseObject({
  title: z.string(),
  state: z.string(),
  source: z.looseObject({
    commit: z.optional(z.nullable(z.looseObject({ hash: z.string() }))),
  }),
  destination: z.looseObject({
    branch: z.optional(z.nullable(z.looseObject({ name: z.string() }))),
  }),
  comment_count: z.optional(z.number()),
  participants: z.optional(
    z.array(
      z.looseObject({
        user: Account,
        role: z.optional(z.string()),
        approved: z.optional(z.boolean()),
        state: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
  links: z.looseObject({ html: Link }),
});

/** Every list: `{pagelen, size, page, next, values}`, `next` a full URL. */
function paginated<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    size: z.optional(z.number()),
    next: z.optional(z.string()),
    values: z.array(item),
  });
}

const StatusesSchema = paginated(
  z.looseObject({
    key: z.optional(z.string()),
    name: z.optional(z.nullable(z.string())),
    state: z.string(),
    description: z.optional(z.nullable(z.string())),
    url: z.optional(z.nullable(z.string())),
  }),
);

const CommentsSchema = paginated(
  z.looseObject({
    id: z.number(),
    user: Account,
    deleted: z.optional(z.boolean()),
    content: z.optional(z.nullable(z.looseObject({ raw: z.optional(z.nullable(z.string())) }))),
    inline: z.optional(
      z.nullable(
        z.looseObject({
          path: z.string(),
          to: z.optional(z.nullable(z.number())),
          from: z.optional(z.nullable(z.number())),
        }),
      ),
    ),
    parent: z.optional(z.nullable(z.looseObject({ id: z.number() }))),
    resolution: z.optional(z.nullable(z.looseObject({}))),
    links: z.optional(z.looseObject({ html: Link })),
  }),
);

/** A participant's `state` (approved, changes_requested, or null); any request for changes wins. */
export function participantReviewState(
  participants: { approved?: boolean | undefined; state?: string | null | undefined }[],
): ReviewState {
  if (participants.some((participant) => participant.state === 'changes_requested')) {
    return 'changes-requested';
  }
  const approved = participants.some(
    (participant) => participant.state === 'approved' || participant.approved === true,
  );
  return approved ? 'approved' : 'none';
}

function nameOf(account: z.infer<typeof Account>): string {
  return account?.nickname ?? account?.username ?? account?.display_name ?? '';
}

export function createBitbucketCloudPullReader(options: PullReaderOptions): PullReader {
  const client = pullClient('bitbucket-cloud', options);
  const now = options.now ?? Date.now;
  const repoUrl = (repository: string) =>
    `${options.apiBase}/repositories/${encodePath(repository)}`;

  const readChecks = async (repository: string, hash: string): Promise<PullStatus['checks']> => {
    const failing: FailingCheck[] = [];
    let failed = 0;
    let pending = 0;
    let passing = 0;
    let url: string | undefined =
      `${repoUrl(repository)}/commit/${encodeURIComponent(hash)}/statuses?pagelen=100`;
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const response: Response & { data?: z.infer<typeof StatusesSchema> } = await client.json(
        url,
        StatusesSchema,
      );
      for (const status of response.data?.values ?? []) {
        if (status.state === 'INPROGRESS') pending++;
        else if (status.state === 'SUCCESSFUL') passing++;
        // FAILED, and STOPPED (a build someone stopped): the pull request has no passing build.
        else if (status.state === 'FAILED' || status.state === 'STOPPED') {
          failed++;
          if (failing.length < MAX_FAILING) {
            failing.push({
              name: plainText(status.name || status.key, 200) ?? '',
              summary: plainText(status.description, MAX_SUMMARY_CHARS),
              url: status.url ?? null,
            });
          }
        }
      }
      url = response.data?.next;
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
    async read(repository, id) {
      const base = `${repoUrl(repository)}/pullrequests/${id}`;
      const pull = (await client.json(base, PullSchema)).data as z.infer<typeof PullSchema>;
      // SUPERSEDED (an old state) is closed without merging, as DECLINED is.
      const state =
        pull.state === 'MERGED' ? 'merged' : pull.state === 'OPEN' ? 'open' : ('closed' as const);
      const hash = pull.source.commit?.hash ?? null;
      const status: PullStatus = {
        state,
        title: plainText(pull.title, 500) ?? '',
        url: pull.links.html?.href ?? '',
        // Bitbucket gives the source commit abbreviated (12 characters); its statuses accept it.
        headSha: hash,
        baseBranch: pull.destination.branch?.name ?? null,
        checks: { state: 'none', failing: [], failingLeftOut: 0, pending: 0, passing: 0 },
        review: { state: 'none', unresolvedThreads: null, comments: [], commentsLeftOut: 0 },
        conflicts: null,
        checkedAt: now(),
      };
      if (state !== 'open') return status;
      status.review.state = participantReviewState(pull.participants ?? []);
      if (hash) status.checks = await readChecks(repository, hash);

      // Newest first, so one page holds the newest 100; put back in time order.
      const listed = await client.json(
        `${base}/comments?pagelen=100&sort=-created_on`,
        CommentsSchema,
      );
      const page = listed.data?.values ?? [];
      const complete = !listed.data?.next;
      const kept = [...page].reverse().filter((comment) => !comment.deleted);
      if (complete) {
        // A thread is its first inline comment; replies carry `parent`.
        status.review.unresolvedThreads = kept.filter(
          (comment) => comment.inline && !comment.parent && !comment.resolution,
        ).length;
      }
      const comments: ReviewComment[] = kept.map((comment) => ({
        author: nameOf(comment.user),
        // Bitbucket's comments do not say what the author may do in the repository.
        authorRole: null,
        body: plainText(comment.content?.raw, MAX_COMMENT_CHARS) ?? '',
        path: comment.inline?.path ?? null,
        // `to` is the line in the new file; only `from` is left for a line that was removed.
        line: comment.inline?.to ?? comment.inline?.from ?? null,
        url: comment.links?.html?.href ?? null,
      }));
      // Deleted comments are listed (with no words) but not counted as comments.
      const listedTotal = (listed.data?.size ?? page.length) - (page.length - kept.length);
      const total = Math.max(pull.comment_count ?? listedTotal, comments.length);
      const newestKept = newest(comments, MAX_COMMENTS, total);
      status.review.comments = newestKept.kept;
      status.review.commentsLeftOut = newestKept.leftOut;
      return status;
    },
  };
}
