// GitLab REST v4 for one merge request, as gitlab.com answers it (docs.gitlab.com/api/
// merge_requests, jobs, discussions, merge_request_approvals, members): the project addressed by
// its URL-encoded path, pages with `X-Total-Pages`/`X-Next-Page` and `Link`.

import type { Answer } from './http';
import { json, paged } from './http';
import type { StandInCheck, StandInPull, StandInRepository } from './model';

export function gitlabNotFound(what = 'Project'): Answer {
  return json(404, { message: `404 ${what} Not Found` });
}

export function gitlabUnauthorized(): Answer {
  return json(401, { message: '401 Unauthorized' });
}

/** A job's status as GitLab names it, from the host-neutral check. */
function jobStatus(check: StandInCheck): string {
  if (check.status === 'queued') return 'pending';
  if (check.status === 'in_progress') return 'running';
  switch (check.conclusion ?? 'success') {
    case 'success':
    case 'neutral':
      return 'success';
    case 'skipped':
      return 'skipped';
    case 'cancelled':
      return 'canceled';
    default:
      return 'failed';
  }
}

/** The pipeline's status from its jobs, as GitLab composes it. */
function pipelineStatus(pull: StandInPull): string {
  const statuses = pull.checks.map((check) => ({ status: jobStatus(check), check }));
  if (statuses.some((job) => job.status === 'running')) return 'running';
  if (statuses.some((job) => job.status === 'pending')) return 'pending';
  if (statuses.some((job) => job.status === 'failed' && !job.check.allowFailure)) return 'failed';
  if (statuses.some((job) => job.status === 'canceled')) return 'canceled';
  return 'success';
}

const PIPELINE_BASE = 7000;

/** A user's id is theirs everywhere (notes, approvals, members), as on GitLab. */
const userIds = new Map<string, number>();
export function gitlabUserId(username: string): number {
  let id = userIds.get(username);
  if (id === undefined) {
    id = 1001 + userIds.size;
    userIds.set(username, id);
  }
  return id;
}

function user(username: string) {
  return { id: gitlabUserId(username), username, name: username };
}

/**
 * `members/all` (lib/api/members.rb): every members route authenticates first (`authenticate!`),
 * so without a token it is 401 whatever the project; `user_ids` as `user_ids[]=1&user_ids[]=2`
 * or comma-separated; each member once, with the effective (highest) access level.
 */
function members(web: string, repository: StandInRepository, url: URL): Answer {
  const wanted = new Set(
    [...url.searchParams.getAll('user_ids[]'), ...url.searchParams.getAll('user_ids')]
      .flatMap((value) => value.split(','))
      .filter((value) => value.trim() !== '')
      .map(Number),
  );
  const list = [...repository.members]
    .map(([username, accessLevel]) => ({
      id: gitlabUserId(username),
      username,
      name: username,
      state: 'active',
      locked: false,
      avatar_url: null,
      web_url: `${web}/${username}`,
      access_level: accessLevel,
      created_at: '2026-01-05T09:00:00.000Z',
      expires_at: null,
      membership_state: 'active',
    }))
    .filter((member) => wanted.size === 0 || wanted.has(member.id));
  return paged(url, list, undefined, 'gitlab');
}

export function gitlabRoute(
  web: string,
  repositories: Map<string, StandInRepository>,
  url: URL,
  path: string,
  authorised: boolean,
): Answer {
  const match =
    /^\/projects\/([^/]+)\/(merge_requests\/(\d+)(\/discussions|\/approvals|\/reviewers)?|pipelines\/(\d+)\/jobs|(members\/all))$/.exec(
      path,
    );
  if (!match) return json(404, { error: '404 Not Found' });
  if (match[6] && !authorised) return gitlabUnauthorized();
  const name = decodeURIComponent(match[1] as string);
  const repository = repositories.get(name);
  if (!repository || (repository.private && !authorised)) return gitlabNotFound();
  if (match[6]) return members(web, repository, url);
  const mrUrl = (pull: StandInPull) => `${web}/${name}/-/merge_requests/${pull.number}`;

  if (match[5]) {
    const pull = repository.pulls.get(Number(match[5]) - PIPELINE_BASE);
    if (!pull || pull.checks.length === 0) return gitlabNotFound();
    const jobs = pull.checks.map((check, index) => {
      const status = jobStatus(check);
      return {
        id: 9000 + index,
        name: check.name,
        stage: check.stage ?? 'test',
        status,
        allow_failure: check.allowFailure ?? false,
        web_url: `${web}/${name}/-/jobs/${9000 + index}`,
        failure_reason: status === 'failed' ? (check.summary ?? 'script_failure') : undefined,
        pipeline: { id: PIPELINE_BASE + pull.number, sha: pull.headSha },
      };
    });
    return paged(url, jobs, undefined, 'gitlab');
  }

  const pull = repository.pulls.get(Number(match[3]));
  if (!pull) return gitlabNotFound();
  if (match[4] === '/discussions') {
    let noteId = 5000;
    const discussions = [
      ...pull.reviews
        .filter((review) => review.body)
        .map((review) => ({ user: review.user, body: review.body as string, path: undefined })),
      ...pull.comments,
    ].map((comment, index) => {
      const diff = Boolean(comment.path);
      const resolved = 'resolved' in comment ? (comment.resolved ?? false) : false;
      return {
        id: `d${index.toString(16).padStart(39, '0')}`,
        individual_note: !diff,
        notes: [
          {
            id: noteId++,
            type: diff ? 'DiffNote' : null,
            body: comment.body,
            author: user(comment.user),
            system: false,
            noteable_type: 'MergeRequest',
            noteable_iid: pull.number,
            resolvable: diff,
            ...(diff ? { resolved, resolved_by: null } : {}),
            ...(diff
              ? {
                  position: {
                    position_type: 'text',
                    new_path: comment.path,
                    old_path: comment.path,
                    new_line: 'line' in comment ? (comment.line ?? null) : null,
                    old_line: null,
                  },
                }
              : {}),
          },
        ],
      };
    });
    return paged(url, discussions, undefined, 'gitlab');
  }
  const latest = new Map<string, string>();
  for (const review of pull.reviews) {
    if (review.state === 'APPROVED' || review.state === 'CHANGES_REQUESTED') {
      latest.set(review.user, review.state);
    } else if (review.state === 'DISMISSED') latest.delete(review.user);
  }
  if (match[4] === '/approvals') {
    const approvers = [...latest].filter(([, state]) => state === 'APPROVED');
    return json(200, {
      id: pull.number * 10,
      iid: pull.number,
      approved: approvers.length > 0,
      approved_by: approvers.map(([username]) => ({ user: user(username) })),
    });
  }
  if (match[4] === '/reviewers') {
    return json(
      200,
      [...latest].map(([username, state]) => ({
        user: user(username),
        state: state === 'APPROVED' ? 'approved' : 'requested_changes',
        created_at: new Date(pull.createdAt).toISOString(),
      })),
    );
  }
  const open = pull.state === 'open';
  const detailed = !open
    ? 'not_open'
    : pull.conflicts === null
      ? 'checking'
      : pull.conflicts
        ? 'conflict'
        : 'mergeable';
  return json(200, {
    id: pull.number * 10,
    iid: pull.number,
    state: open ? 'opened' : pull.state,
    title: pull.title,
    web_url: mrUrl(pull),
    sha: pull.headSha,
    source_branch: pull.headBranch,
    target_branch: pull.baseBranch,
    has_conflicts: pull.conflicts === true,
    merge_status: pull.conflicts ? 'cannot_be_merged' : 'can_be_merged',
    detailed_merge_status: detailed,
    blocking_discussions_resolved: !pull.comments.some(
      (comment) => comment.path && !comment.resolved,
    ),
    user_notes_count: pull.comments.length + pull.reviews.filter((review) => review.body).length,
    head_pipeline: pull.checks.length
      ? {
          id: PIPELINE_BASE + pull.number,
          iid: pull.number,
          sha: pull.headSha,
          status: pipelineStatus(pull),
          web_url: `${web}/${name}/-/pipelines/${PIPELINE_BASE + pull.number}`,
        }
      : null,
  });
}
