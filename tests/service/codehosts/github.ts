// GitHub's REST API for one pull request, as api.github.com answers it (field names from the
// REST documentation pages named in lib/codehosts/pulls/github.ts; a check against
// github/rest-api-description's api.github.com.json is still to do): the pull, its head commit's check runs and
// combined status, its reviews and review comments, paged with `Link` headers.

import type { Answer } from './http';
import { json, paged } from './http';
import { isoAfter, type StandInPull, type StandInRepository } from './model';

const DOCS = 'https://docs.github.com/rest';

export function githubNotFound(): Answer {
  return json(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
}

export function githubBadCredentials(): Answer {
  return json(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
}

export function githubRoute(
  web: string,
  repositories: Map<string, StandInRepository>,
  url: URL,
  path: string,
  authorised: boolean,
): Answer {
  const match =
    /^\/repos\/([^/]+)\/([^/]+)\/(pulls\/(\d+)(\/reviews|\/comments)?|commits\/([0-9a-f]+)\/(check-runs|status))$/.exec(
      path,
    );
  if (!match) return githubNotFound();
  const name = `${decodeURIComponent(match[1] as string)}/${decodeURIComponent(match[2] as string)}`;
  const repository = repositories.get(name);
  // A private repository is indistinguishable from a missing one without access.
  if (!repository || (repository.private && !authorised)) return githubNotFound();
  const pullUrl = (pull: StandInPull) => `${web}/${name}/pull/${pull.number}`;

  if (match[6]) {
    const sha = match[6];
    const pull = [...repository.pulls.values()].find((candidate) => candidate.headSha === sha);
    if (!pull) {
      return json(422, {
        message: `No commit found for SHA: ${sha}`,
        documentation_url: DOCS,
        status: '422',
      });
    }
    if (match[7] === 'check-runs') {
      const runs = pull.checks
        .filter((check) => !check.commitStatus)
        .map((check, index) => ({
          id: 1000 + index,
          name: check.name,
          head_sha: sha,
          status: check.status,
          conclusion: check.status === 'completed' ? (check.conclusion ?? 'success') : null,
          html_url: `${web}/${name}/runs/${1000 + index}`,
          details_url: `${web}/${name}/actions/runs/${1000 + index}`,
          started_at: isoAfter(pull, 1),
          completed_at: check.status === 'completed' ? isoAfter(pull, 2) : null,
          output: {
            title: check.summary ?? null,
            summary: check.summary ?? null,
            text: null,
            annotations_count: 0,
          },
        }));
      return paged(url, runs, (items) => ({ total_count: runs.length, check_runs: items }));
    }
    const statuses = pull.checks
      .filter((check) => check.commitStatus)
      .map((check, index) => ({
        id: 2000 + index,
        context: check.name,
        state:
          check.status !== 'completed'
            ? 'pending'
            : check.conclusion === 'success'
              ? 'success'
              : 'failure',
        description: check.summary ?? null,
        target_url: `https://ci.example.com/build/${2000 + index}`,
        created_at: isoAfter(pull, 1),
        updated_at: isoAfter(pull, 2),
      }));
    const combined = statuses.some((status) => status.state === 'failure')
      ? 'failure'
      : statuses.some((status) => status.state === 'pending') || statuses.length === 0
        ? 'pending'
        : 'success';
    return json(200, { state: combined, sha, total_count: statuses.length, statuses });
  }

  const pull = repository.pulls.get(Number(match[4]));
  if (!pull) return githubNotFound();
  if (match[5] === '/reviews') {
    const reviews = pull.reviews.map((review, index) => ({
      id: 3000 + index,
      user: { login: review.user, type: 'User' },
      body: review.body ?? '',
      state: review.state,
      html_url: `${pullUrl(pull)}#pullrequestreview-${3000 + index}`,
      author_association: review.association ?? 'NONE',
      submitted_at: isoAfter(pull, 10 + index),
      commit_id: pull.headSha,
    }));
    return paged(url, reviews);
  }
  if (match[5] === '/comments') {
    let comments = pull.comments
      .filter((comment) => comment.path)
      .map((comment, index) => ({
        id: 4000 + index,
        user: { login: comment.user, type: 'User' },
        body: comment.body,
        path: comment.path,
        line: comment.line ?? null,
        original_line: comment.line ?? null,
        side: 'RIGHT',
        html_url: `${pullUrl(pull)}#discussion_r${4000 + index}`,
        author_association: comment.association ?? 'NONE',
        created_at: isoAfter(pull, 20 + index),
        updated_at: isoAfter(pull, 20 + index),
      }));
    // `direction` only applies with `sort`; without it the list is oldest first.
    if (url.searchParams.get('sort') && url.searchParams.get('direction') === 'desc') {
      comments = [...comments].reverse();
    }
    return paged(url, comments);
  }
  const merged = pull.state === 'merged';
  const open = pull.state === 'open';
  return json(200, {
    number: pull.number,
    state: open ? 'open' : 'closed',
    title: pull.title,
    html_url: pullUrl(pull),
    user: { login: 'handoff-agent', type: 'User' },
    head: { ref: pull.headBranch, sha: pull.headSha },
    base: { ref: pull.baseBranch, sha: 'b'.repeat(40) },
    draft: false,
    merged,
    merged_at: merged ? isoAfter(pull, 60) : null,
    closed_at: open ? null : isoAfter(pull, 60),
    // GitHub works mergeability out in the background, and not at all once closed.
    mergeable: open ? (pull.conflicts === null ? null : !pull.conflicts) : null,
    mergeable_state: !open
      ? 'unknown'
      : pull.conflicts === null
        ? 'unknown'
        : pull.conflicts
          ? 'dirty'
          : 'clean',
    comments: pull.comments.filter((comment) => !comment.path).length,
    review_comments: pull.comments.filter((comment) => comment.path).length,
  });
}
