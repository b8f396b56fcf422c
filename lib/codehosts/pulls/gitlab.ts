// A GitLab merge request through REST v4 (gitlab.com or self-managed, `<base URL>/api/v4`), as
// documented at https://docs.gitlab.com/api/merge_requests/#get-single-mr (state,
// detailed_merge_status, has_conflicts, head_pipeline), https://docs.gitlab.com/api/jobs/#list-pipeline-jobs,
// https://docs.gitlab.com/api/discussions/#list-project-merge-request-discussion-items,
// https://docs.gitlab.com/api/merge_request_approvals/#get-approval-state-for-a-merge-request,
// https://docs.gitlab.com/api/merge_requests/#get-single-merge-request-reviewers and
// https://docs.gitlab.com/api/members/#list-all-members-of-a-group-or-project-including-inherited-and-invited-members.
// docs/contract/pull-status.md#gitlab

import * as z from 'zod/mini';
import { CodeHostError } from '../problem';
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
} from '../pull-status';
import { readPages } from './pages';

const MergeRequestSchema = z.looseObject({
  state: z.string(),
  title: z.string(),
  web_url: z.string(),
  sha: z.optional(z.nullable(z.string())),
  target_branch: z.optional(z.nullable(z.string())),
  has_conflicts: z.optional(z.boolean()),
  detailed_merge_status: z.optional(z.string()),
  blocking_discussions_resolved: z.optional(z.boolean()),
  user_notes_count: z.optional(z.number()),
  head_pipeline: z.optional(
    z.nullable(
      z.looseObject({
        id: z.number(),
        status: z.string(),
        web_url: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
});

const JobsSchema = z.array(
  z.looseObject({
    name: z.string(),
    stage: z.optional(z.nullable(z.string())),
    status: z.string(),
    allow_failure: z.optional(z.boolean()),
    web_url: z.optional(z.nullable(z.string())),
    failure_reason: z.optional(z.nullable(z.string())),
  }),
);

const Author = z.looseObject({ id: z.optional(z.number()), username: z.string() });
const DiscussionsSchema = z.array(
  z.looseObject({
    id: z.string(),
    notes: z.array(
      z.looseObject({
        id: z.number(),
        body: z.string(),
        author: Author,
        system: z.optional(z.boolean()),
        resolvable: z.optional(z.boolean()),
        resolved: z.optional(z.nullable(z.boolean())),
        position: z.optional(
          z.nullable(
            z.looseObject({
              new_path: z.optional(z.nullable(z.string())),
              old_path: z.optional(z.nullable(z.string())),
              new_line: z.optional(z.nullable(z.number())),
              old_line: z.optional(z.nullable(z.number())),
            }),
          ),
        ),
      }),
    ),
  }),
);

const ApprovalsSchema = z.looseObject({
  approved: z.optional(z.boolean()),
  approved_by: z.optional(z.array(z.looseObject({ user: Author }))),
});

const ReviewersSchema = z.array(z.looseObject({ user: Author, state: z.string() }));

const MembersSchema = z.array(z.looseObject({ id: z.number(), access_level: z.number() }));

/**
 * What a project member may do, from GitLab's access level (docs.gitlab.com/api/members#roles):
 * Owner (50) and Maintainer (40) push anywhere, Developer (30) pushes to unprotected branches;
 * Reporter (20), Planner (15), Guest (10) and Minimal access (5) cannot push.
 */
export function roleOfAccessLevel(level: number): Exclude<AuthorRole, 'none' | null> {
  if (level >= 50) return 'owner';
  if (level >= 40) return 'member';
  if (level >= 30) return 'collaborator';
  return 'contributor';
}

/** While GitLab is still working out mergeability, its conflict flag may be stale. */
const UNDECIDED = new Set(['unchecked', 'checking', 'preparing', 'approvals_syncing']);
/** Job statuses still on their way; `manual` and `skipped` jobs are neither pending nor done. */
const RUNNING = new Set([
  'created',
  'pending',
  'running',
  'waiting_for_resource',
  'preparing',
  'scheduled',
  'waiting_for_callback',
]);

/** A pipeline's own status, when its jobs cannot be read (CI visible to members only). */
function fromPipelineStatus(status: string, url: string | null): PullStatus['checks'] {
  if (status === 'failed' || status === 'canceled') {
    return {
      state: 'failing',
      failing: [{ name: 'pipeline', summary: null, url }],
      failingLeftOut: 0,
      pending: 0,
      passing: 0,
    };
  }
  if (status === 'success') {
    return { state: 'passing', failing: [], failingLeftOut: 0, pending: 0, passing: 1 };
  }
  if (RUNNING.has(status)) {
    return { state: 'pending', failing: [], failingLeftOut: 0, pending: 1, passing: 0 };
  }
  return { state: 'none', failing: [], failingLeftOut: 0, pending: 0, passing: 0 };
}

export function createGitLabPullReader(options: PullReaderOptions): PullReader {
  const client = pullClient('gitlab', options);
  const now = options.now ?? Date.now;
  const project = (repository: string) =>
    `${options.apiBase}/projects/${encodeURIComponent(repository)}`;

  /** A list some instances or tiers do not serve (or serve to members only): empty then. */
  const optional = async <T>(url: string, schema: z.ZodMiniType<T>): Promise<T | null> => {
    try {
      const response = await client.json(url, schema, [403, 404]);
      return response.ok ? (response.data ?? null) : null;
    } catch (error) {
      if (error instanceof CodeHostError && error.problem.kind === 'needs-token') return null;
      throw error;
    }
  };

  /**
   * The kept comments' authors' roles, in one request: the project's members (inherited and
   * invited ones too) among those authors. GitLab lets only signed-in users list members, so
   * without a token nothing is asked; any refusal or failure leaves the roles unknown rather
   * than failing the read.
   */
  const setRoles = async (
    repository: string,
    notes: { comment: ReviewComment; authorId: number | null }[],
  ): Promise<void> => {
    const ids = [
      ...new Set(notes.flatMap((note) => (note.authorId === null ? [] : [note.authorId]))),
    ];
    if (ids.length === 0 || options.token === null) return;
    const query = ids.map((id) => `user_ids[]=${id}`).join('&');
    let levels: Map<number, number>;
    try {
      const response = await client.json(
        `${project(repository)}/members/all?${query}&per_page=100`,
        MembersSchema,
      );
      levels = new Map((response.data ?? []).map((member) => [member.id, member.access_level]));
    } catch (error) {
      if (error instanceof CodeHostError) return;
      throw error;
    }
    for (const note of notes) {
      if (note.authorId === null) continue;
      const level = levels.get(note.authorId);
      note.comment.authorRole = level === undefined ? 'none' : roleOfAccessLevel(level);
    }
  };

  return {
    client,
    async read(repository, iid) {
      const base = `${project(repository)}/merge_requests/${iid}`;
      const mr = (await client.json(base, MergeRequestSchema)).data as z.infer<
        typeof MergeRequestSchema
      >;
      const state = mr.state === 'merged' ? 'merged' : mr.state === 'closed' ? 'closed' : 'open';
      const status: PullStatus = {
        state,
        title: plainText(mr.title, 500) ?? '',
        url: mr.web_url,
        headSha: mr.sha ?? null,
        baseBranch: mr.target_branch ?? null,
        checks: { state: 'none', failing: [], failingLeftOut: 0, pending: 0, passing: 0 },
        review: { state: 'none', unresolvedThreads: null, comments: [], commentsLeftOut: 0 },
        conflicts: null,
        checkedAt: now(),
      };
      if (state !== 'open') return status;
      const detailed = mr.detailed_merge_status ?? '';
      if (!UNDECIDED.has(detailed)) {
        status.conflicts = detailed === 'conflict' || mr.has_conflicts === true;
      }

      const pipeline = mr.head_pipeline;
      if (pipeline) {
        const jobs = await optional(
          `${project(repository)}/pipelines/${pipeline.id}/jobs?per_page=100`,
          JobsSchema,
        );
        if (jobs === null)
          status.checks = fromPipelineStatus(pipeline.status, pipeline.web_url ?? null);
        else {
          const failing: FailingCheck[] = [];
          let failed = 0;
          let pending = 0;
          let passing = 0;
          for (const job of jobs) {
            // A job allowed to fail does not fail the pipeline ("passed with warnings").
            if ((job.status === 'failed' && !job.allow_failure) || job.status === 'canceled') {
              failed++;
              if (failing.length < MAX_FAILING) {
                failing.push({
                  name: plainText(job.stage ? `${job.stage}: ${job.name}` : job.name, 200) ?? '',
                  summary: plainText(job.failure_reason?.replaceAll('_', ' '), MAX_SUMMARY_CHARS),
                  url: job.web_url ?? null,
                });
              }
            } else if (job.status === 'success' || job.status === 'failed') passing++;
            else if (RUNNING.has(job.status)) pending++;
          }
          status.checks = {
            state: checksStateOf(failed, pending, passing),
            failing,
            failingLeftOut: failed - failing.length,
            pending,
            passing,
          };
        }
      }

      const discussions = await readPages(
        client,
        `${base}/discussions?per_page=100`,
        DiscussionsSchema,
      );
      let unresolved = 0;
      const notes: { comment: ReviewComment; authorId: number | null }[] = [];
      for (const discussion of discussions.items) {
        const resolvable = discussion.notes.filter((note) => note.resolvable);
        if (resolvable.some((note) => !note.resolved)) unresolved++;
        for (const note of discussion.notes) {
          if (note.system) continue;
          notes.push({
            comment: {
              author: note.author.username,
              // Notes do not say what the author may do in the project: asked below.
              authorRole: null,
              body: plainText(note.body, MAX_COMMENT_CHARS) ?? '',
              path: note.position?.new_path ?? note.position?.old_path ?? null,
              line: note.position?.new_line ?? note.position?.old_line ?? null,
              url: `${mr.web_url}#note_${note.id}`,
            },
            authorId: note.author.id ?? null,
          });
        }
      }
      // Threads on pages not read are unknown, unless GitLab says none blocks.
      status.review.unresolvedThreads = discussions.complete
        ? unresolved
        : mr.blocking_discussions_resolved === true
          ? 0
          : null;
      const { kept, leftOut } = newest(
        notes,
        MAX_COMMENTS,
        Math.max(mr.user_notes_count ?? 0, notes.length),
      );
      await setRoles(repository, kept);
      status.review.comments = kept.map((note) => note.comment);
      status.review.commentsLeftOut = leftOut;

      const reviewers = await optional(`${base}/reviewers`, ReviewersSchema);
      if (reviewers?.some((reviewer) => reviewer.state === 'requested_changes')) {
        status.review.state = 'changes-requested';
      } else {
        const approvals = await optional(`${base}/approvals`, ApprovalsSchema);
        const approved =
          reviewers?.some((reviewer) => reviewer.state === 'approved') ||
          (approvals?.approved_by?.length ?? 0) > 0;
        status.review.state = approved ? 'approved' : 'none';
      }
      return status;
    },
  };
}
