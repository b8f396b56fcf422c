// Bitbucket Cloud's REST API 2.0 for one pull request, as api.bitbucket.org answers it (schemas
// `pullrequest`, `participant`, `commitstatus`, `pullrequest_comment`, `comment_resolution` and
// `error` of Bitbucket's published OpenAPI description, as copied in api-evangelist/atlassian
// openapi/_original/bitbucket-openapi-original.yml at 916cd716): the pull request with its
// participants, its source commit's statuses, its comments, all paged as `{pagelen, size, page,
// next, values}`.

import type { Answer } from './http';
import { json } from './http';
import { isoAfter, type StandInCheck, type StandInPull, type StandInRepository } from './model';

export function bitbucketCloudError(status: number, message: string): Answer {
  return json(status, { type: 'error', error: { message } });
}

/** Pull requests carry the source commit's hash abbreviated to 12 characters. */
const SHORT_HASH = 12;

/** A build status's state, from the host-neutral check. */
function buildState(check: StandInCheck): string {
  if (check.status !== 'completed') return 'INPROGRESS';
  switch (check.conclusion ?? 'success') {
    case 'success':
    case 'neutral':
    case 'skipped':
      return 'SUCCESSFUL';
    case 'cancelled':
      return 'STOPPED';
    default:
      return 'FAILED';
  }
}

function account(name: string) {
  return {
    type: 'user',
    display_name: name.replace(/^./, (first) => first.toUpperCase()),
    nickname: name,
    uuid: `{${name.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-000000000000}`,
    account_id: `557058:${name}`,
  };
}

/** One page of a Bitbucket Cloud list: `pagelen` 10 by default and 100 at most. */
function page(url: URL, items: unknown[]): Answer {
  const pagelen = Math.min(100, Math.max(1, Number(url.searchParams.get('pagelen')) || 10));
  const number = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const slice = items.slice((number - 1) * pagelen, number * pagelen);
  const at = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    return target.toString();
  };
  return json(200, {
    pagelen,
    size: items.length,
    page: number,
    ...(number * pagelen < items.length ? { next: at(number + 1) } : {}),
    ...(number > 1 ? { previous: at(number - 1) } : {}),
    values: slice,
  });
}

export function bitbucketCloudRoute(
  web: string,
  repositories: Map<string, StandInRepository>,
  url: URL,
  path: string,
  authorised: boolean,
): Answer {
  const match =
    /^\/repositories\/([^/]+)\/([^/]+)\/(pullrequests\/(\d+)(\/comments)?|commit\/([0-9a-f]+)\/statuses)\/?$/.exec(
      path,
    );
  if (!match) return bitbucketCloudError(404, 'Resource not found');
  const name = `${decodeURIComponent(match[1] as string)}/${decodeURIComponent(match[2] as string)}`;
  const repository = repositories.get(name);
  // A private repository asked without credentials reads as a missing one.
  if (!repository || (repository.private && !authorised)) {
    return bitbucketCloudError(
      404,
      'You may not have access to this repository or it no longer exists in this workspace. If you think this repository exists and you have access, make sure you are authenticated.',
    );
  }
  const pullUrl = (pull: StandInPull) => `${web}/${name}/pull-requests/${pull.number}`;

  if (match[6]) {
    const hash = match[6];
    // A commit may be named by any unambiguous prefix of 7 characters or more.
    const pull =
      hash.length >= 7
        ? [...repository.pulls.values()].find((candidate) => candidate.headSha.startsWith(hash))
        : undefined;
    if (!pull) return bitbucketCloudError(404, `Commit not found`);
    const statuses = pull.checks.map((check, index) => ({
      type: 'build',
      uuid: `{5e0f0000-0000-4000-8000-${String(index).padStart(12, '0')}}`,
      key: check.name.toUpperCase().replace(/[^A-Z0-9]+/g, '-'),
      name: check.name,
      state: buildState(check),
      description: check.summary ?? '',
      url: `https://ci.example.com/${name}/builds/${3000 + index}`,
      refname: pull.headBranch,
      created_on: isoAfter(pull, 1),
      updated_on: isoAfter(pull, check.status === 'completed' ? 2 : 1),
      links: {
        self: { href: `https://api.bitbucket.org/2.0/repositories/${name}/commit/${pull.headSha}` },
        commit: {
          href: `https://api.bitbucket.org/2.0/repositories/${name}/commit/${pull.headSha}`,
        },
      },
    }));
    return page(url, statuses);
  }

  const pull = repository.pulls.get(Number(match[4]));
  if (!pull) return bitbucketCloudError(404, 'No such pull request');

  if (match[5]) {
    let comments = [
      ...pull.reviews
        .filter((review) => review.body)
        .map((review) => ({ user: review.user, body: review.body as string })),
      ...pull.comments,
    ].map((comment, index) => {
      const id = 6000 + index;
      const full = comment as {
        user: string;
        body: string;
        path?: string;
        line?: number;
        resolved?: boolean;
        deleted?: boolean;
      };
      return {
        type: 'pullrequest_comment',
        id,
        created_on: isoAfter(pull, 20 + index),
        updated_on: isoAfter(pull, 20 + index),
        content: full.deleted
          ? { type: 'rendered', raw: '', markup: 'markdown', html: '' }
          : {
              type: 'rendered',
              raw: full.body,
              markup: 'markdown',
              html: `<p>${full.body.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
            },
        user: account(full.user),
        deleted: full.deleted ?? false,
        ...(full.path ? { inline: { from: null, to: full.line ?? null, path: full.path } } : {}),
        ...(full.path && full.resolved
          ? {
              resolution: {
                type: 'comment_resolution',
                user: account('handoff-agent'),
                created_on: isoAfter(pull, 50),
              },
            }
          : {}),
        pending: false,
        links: {
          self: {
            href: `https://api.bitbucket.org/2.0/repositories/${name}/pullrequests/${pull.number}/comments/${id}`,
          },
          html: { href: `${pullUrl(pull)}/_/diff#comment-${id}` },
        },
        pullrequest: { type: 'pullrequest', id: pull.number, title: pull.title },
      };
    });
    // Oldest first unless `sort` says otherwise (`-created_on`: newest first).
    const sort = url.searchParams.get('sort');
    if (sort === '-created_on' || sort === '-id') comments = [...comments].reverse();
    return page(url, comments);
  }

  const standing = new Map<string, 'approved' | 'changes_requested'>();
  for (const review of pull.reviews) {
    if (review.state === 'APPROVED') standing.set(review.user, 'approved');
    else if (review.state === 'CHANGES_REQUESTED') standing.set(review.user, 'changes_requested');
    else if (review.state === 'DISMISSED') standing.delete(review.user);
  }
  const reviewers = [...new Set(pull.reviews.map((review) => review.user))];
  const open = pull.state === 'open';
  return json(200, {
    type: 'pullrequest',
    id: pull.number,
    title: pull.title,
    state: open ? 'OPEN' : pull.state === 'merged' ? 'MERGED' : 'DECLINED',
    author: account('handoff-agent'),
    source: {
      branch: { name: pull.headBranch },
      commit: { type: 'commit', hash: pull.headSha.slice(0, SHORT_HASH) },
      repository: { type: 'repository', full_name: name },
    },
    destination: {
      branch: { name: pull.baseBranch },
      commit: { type: 'commit', hash: 'b'.repeat(SHORT_HASH) },
      repository: { type: 'repository', full_name: name },
    },
    merge_commit: pull.state === 'merged' ? { hash: 'c'.repeat(SHORT_HASH) } : null,
    comment_count:
      pull.comments.filter((comment) => !comment.deleted).length +
      pull.reviews.filter((review) => review.body).length,
    task_count: 0,
    close_source_branch: false,
    reason: '',
    created_on: isoAfter(pull, 0),
    updated_on: isoAfter(pull, 5),
    reviewers: reviewers.map(account),
    participants: reviewers.map((user) => ({
      type: 'participant',
      user: account(user),
      role: 'REVIEWER',
      approved: standing.get(user) === 'approved',
      state: standing.get(user) ?? null,
      participated_on: isoAfter(pull, 10),
    })),
    links: {
      self: {
        href: `https://api.bitbucket.org/2.0/repositories/${name}/pullrequests/${pull.number}`,
      },
      html: { href: pullUrl(pull) },
    },
  });
}
