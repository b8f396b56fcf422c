// Bitbucket Data Center's REST API for one pull request, as an instance answers it: under
// `<base URL>/rest/api/1.0`, the repository as `projects/{KEY}/repos/{slug}` (a personal one as
// `projects/~{user}/repos/{slug}`), the pull request with its reviewers and properties, `/merge`,
// `/activities` (newest first), and the build statuses of a commit under
// `<base URL>/rest/build-status/1.0`. Lists are paged as `{size, limit, isLastPage, start,
// nextPageStart, values}`; errors as `{errors: [{context, message, exceptionName}]}`.

import type { Answer } from './http';
import { json } from './http';
import type { StandInCheck, StandInPull, StandInRepository } from './model';

export function bitbucketDcError(status: number, message: string, exceptionName: string): Answer {
  return json(status, {
    errors: [{ context: null, message, exceptionName: `com.atlassian.bitbucket.${exceptionName}` }],
  });
}

export function bitbucketDcUnauthorized(): Answer {
  return bitbucketDcError(
    401,
    'Authentication failed. Please check your credentials and try again.',
    'auth.IncorrectPasswordAuthenticationException',
  );
}

/** Build statuses have three states; a stopped build reports itself failed. */
function buildState(check: StandInCheck): string {
  if (check.status !== 'completed') return 'INPROGRESS';
  const conclusion = check.conclusion ?? 'success';
  return conclusion === 'success' || conclusion === 'neutral' || conclusion === 'skipped'
    ? 'SUCCESSFUL'
    : 'FAILED';
}

function user(name: string, id: number) {
  return {
    name,
    emailAddress: `${name}@example.com`,
    id,
    displayName: name.replace(/^./, (first) => first.toUpperCase()),
    active: true,
    slug: name,
    type: 'NORMAL',
  };
}

/** One page of a list: `limit` 25 by default, 1,000 at most (the instance's page.max.size). */
function page(url: URL, items: unknown[]): Answer {
  const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit')) || 25));
  const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
  const values = items.slice(start, start + limit);
  const isLastPage = start + limit >= items.length;
  return json(200, {
    size: values.length,
    limit,
    isLastPage,
    start,
    ...(isLastPage ? {} : { nextPageStart: start + limit }),
    values,
  });
}

/** The time of a pull request's nth event, epoch milliseconds as Data Center gives times. */
const at = (pull: StandInPull, minutes: number) => pull.createdAt + minutes * 60_000;

export function bitbucketDcRoute(
  web: string,
  repositories: Map<string, StandInRepository>,
  url: URL,
  path: string,
  authorised: boolean,
): Answer {
  const build = /^\/rest\/build-status\/1\.0\/commits\/([0-9a-f]{40})$/.exec(path);
  if (build) {
    const sha = build[1] as string;
    const owner = [...repositories.values()].find((repository) =>
      [...repository.pulls.values()].some((pull) => pull.headSha === sha),
    );
    if (owner?.private && !authorised) {
      return bitbucketDcError(
        401,
        'You are not permitted to access this resource',
        'AuthorisationException',
      );
    }
    const pull = owner && [...owner.pulls.values()].find((candidate) => candidate.headSha === sha);
    // Statuses are kept by commit alone: an unknown commit simply has none.
    const statuses = (pull?.checks ?? []).map((check, index) => ({
      state: buildState(check),
      key: check.name.toUpperCase().replace(/[^A-Z0-9]+/g, '-'),
      name: check.name,
      url: `https://ci.example.com/browse/${check.name.replace(/\W+/g, '-')}-${4000 + index}`,
      description: check.summary ?? '',
      dateAdded: pull ? at(pull, 2) : 0,
    }));
    return page(url, statuses);
  }
  const match =
    /^\/rest\/api\/1\.0\/projects\/([^/]+)\/repos\/([^/]+)\/pull-requests\/(\d+)(\/merge|\/activities)?$/.exec(
      path,
    );
  if (!match) return bitbucketDcError(404, 'Not Found', 'NoSuchResourceException');
  const key = decodeURIComponent(match[1] as string);
  const slug = decodeURIComponent(match[2] as string);
  const name = `${key}/${slug}`;
  const repository = repositories.get(name);
  if (repository?.private && !authorised) {
    return bitbucketDcError(
      401,
      'You are not permitted to access this resource',
      'AuthorisationException',
    );
  }
  if (!repository) {
    return bitbucketDcError(
      404,
      `Repository ${name} does not exist.`,
      'repository.NoSuchRepositoryException',
    );
  }
  const pull = repository.pulls.get(Number(match[3]));
  if (!pull) {
    return bitbucketDcError(
      404,
      `Pull request ${match[3]} does not exist in ${name}.`,
      'pull.NoSuchPullRequestException',
    );
  }
  const repoWeb = key.startsWith('~')
    ? `${web}/users/${key.slice(1)}/repos/${slug}`
    : `${web}/projects/${key}/repos/${slug}`;
  const pullUrl = `${repoWeb}/pull-requests/${pull.number}`;
  const open = pull.state === 'open';

  if (match[4] === '/merge') {
    if (!open) {
      return bitbucketDcError(
        409,
        `Pull request ${pull.number} is already closed.`,
        'pull.PullRequestClosedException',
      );
    }
    const outcome = pull.conflicts === null ? 'UNKNOWN' : pull.conflicts ? 'CONFLICTED' : 'CLEAN';
    return json(200, {
      canMerge: pull.conflicts === false,
      conflicted: pull.conflicts === true,
      outcome,
      vetoes: [],
    });
  }

  const latest = new Map<string, 'APPROVED' | 'NEEDS_WORK'>();
  for (const review of pull.reviews) {
    if (review.state === 'APPROVED') latest.set(review.user, 'APPROVED');
    else if (review.state === 'CHANGES_REQUESTED') latest.set(review.user, 'NEEDS_WORK');
    else if (review.state === 'DISMISSED') latest.delete(review.user);
  }

  if (match[4] === '/activities') {
    let id = 8000;
    const events: unknown[] = [
      { id: id++, createdDate: at(pull, 0), user: user('handoff-agent', 1), action: 'OPENED' },
    ];
    const written = [
      ...pull.reviews
        .filter((review) => review.body)
        .map((review) => ({ user: review.user, body: review.body as string })),
      ...pull.comments.filter((comment) => !comment.deleted),
    ];
    written.forEach((comment, index) => {
      const full = comment as { user: string; body: string; path?: string; line?: number };
      const task = 'resolved' in comment && comment.resolved !== undefined;
      events.push({
        id: id++,
        createdDate: at(pull, 20 + index),
        user: user(full.user, 100 + index),
        action: 'COMMENTED',
        commentAction: 'ADDED',
        comment: {
          properties: { repositoryId: 1 },
          id: 7000 + index,
          version: 0,
          text: full.body,
          author: user(full.user, 100 + index),
          createdDate: at(pull, 20 + index),
          updatedDate: at(pull, 20 + index),
          comments: [],
          tasks: [],
          severity: task ? 'BLOCKER' : 'NORMAL',
          state: task && (comment as { resolved?: boolean }).resolved ? 'RESOLVED' : 'OPEN',
          permittedOperations: { editable: false, deletable: false },
        },
        ...(full.path
          ? {
              commentAnchor: {
                fromHash: 'b'.repeat(40),
                toHash: pull.headSha,
                line: full.line ?? null,
                lineType: 'ADDED',
                fileType: 'TO',
                path: full.path,
                diffType: 'EFFECTIVE',
                orphaned: false,
              },
            }
          : {}),
      });
    });
    for (const [who, status] of latest) {
      events.push({
        id: id++,
        createdDate: at(pull, 40),
        user: user(who, 200),
        action: status === 'APPROVED' ? 'APPROVED' : 'REVIEWED',
      });
    }
    // Activities come newest first.
    return page(url, events.reverse());
  }

  const tasks = pull.comments.filter((comment) => comment.resolved !== undefined);
  const reviewerNames = [...new Set(pull.reviews.map((review) => review.user))];
  const ref = (branch: string, sha: string) => ({
    id: `refs/heads/${branch}`,
    displayId: branch,
    latestCommit: sha,
    type: 'BRANCH',
    repository: { slug, name: slug, project: { key } },
  });
  return json(200, {
    id: pull.number,
    version: 1,
    title: pull.title,
    description: '',
    state: open ? 'OPEN' : pull.state === 'merged' ? 'MERGED' : 'DECLINED',
    open,
    closed: !open,
    createdDate: at(pull, 0),
    updatedDate: at(pull, 5),
    ...(open ? {} : { closedDate: at(pull, 60) }),
    fromRef: ref(pull.headBranch, pull.headSha),
    toRef: ref(pull.baseBranch, 'b'.repeat(40)),
    locked: false,
    author: {
      user: user('handoff-agent', 1),
      role: 'AUTHOR',
      approved: false,
      status: 'UNAPPROVED',
    },
    reviewers: reviewerNames.map((name, index) => ({
      user: user(name, 200 + index),
      lastReviewedCommit: pull.headSha,
      role: 'REVIEWER',
      approved: latest.get(name) === 'APPROVED',
      status: latest.get(name) ?? 'UNAPPROVED',
    })),
    participants: [],
    properties: {
      ...(open && pull.conflicts !== null
        ? { mergeResult: { outcome: pull.conflicts ? 'CONFLICTED' : 'CLEAN', current: true } }
        : {}),
      resolvedTaskCount: tasks.filter((task) => task.resolved).length,
      commentCount:
        pull.comments.filter((comment) => !comment.deleted).length +
        pull.reviews.filter((review) => review.body).length,
      openTaskCount: tasks.filter((task) => !task.resolved).length,
    },
    links: { self: [{ href: pullUrl }] },
  });
}
