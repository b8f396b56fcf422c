// Issue 28's budget for following an agent's pull request: what each followed request costs its
// host, per minute, while it is active, and once merged. The real readers (lib/codehosts/pulls)
// and the worker's cadence (lib/background/pull-follow.ts) run against each host's stand-in
// (tests/service/codehosts) on a simulated clock: two hours of a round every minute, with a check
// failing at 0:10, a review asking for changes at 0:30, a new commit at 0:50 and the merge at
// 1:30. Full answers (which cost the host's allowance) and 304s (which GitHub does not count
// with a token) are counted apart, as the budget asks.

import { type FollowedPull, followRound, type PullTarget } from '../../lib/background/pull-follow';
import type { HostApi } from '../../lib/codehosts/hosts';
import { ConditionalCache } from '../../lib/codehosts/http';
import { createPullReader } from '../../lib/codehosts/pulls';
import { createCodeHostStandIn, type StandInHost } from '../../tests/service/codehosts/index';
import type { Figure, Suite } from '../types';

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 28, 9, 0, 0);
const MINUTES = 120;

const repositories: Record<StandInHost, string> = {
  github: 'octo/widgets',
  gitlab: 'acme/api',
  'bitbucket-cloud': 'acme/api',
  'bitbucket-dc': 'ACME/api',
};

async function follow(host: StandInHost) {
  let now = START;
  const standIn = createCodeHostStandIn({ host, tokens: ['token-1'], now: () => now });
  const repository = repositories[host];
  standIn.admin.addRepository(repository, { private: true });
  standIn.admin.setPull(repository, 7, { title: 'Cache the widgets', headSha: 'a'.repeat(40) });
  standIn.admin.addCheck(repository, 7, {
    name: 'build',
    status: 'completed',
    conclusion: 'success',
  });
  const cache = new ConditionalCache();
  const target = {
    link: `pull ${host}`,
    provider: host.startsWith('bitbucket') ? 'bitbucket' : host,
    baseUrl: 'https://example.com',
    selfHosted: host === 'bitbucket-dc',
    repository,
    number: 7,
    conversationIds: ['c1'],
    added: true,
  } as PullTarget;
  const perMinute: { full: number; notModified: number }[] = [];
  let records: FollowedPull[] = [];
  for (let minute = 0; minute < MINUTES; minute++) {
    if (minute === 10)
      standIn.admin.addCheck(repository, 7, {
        name: 'lint',
        status: 'completed',
        conclusion: 'failure',
      });
    if (minute === 30) {
      standIn.admin.addReview(repository, 7, { user: 'lead', state: 'CHANGES_REQUESTED' });
      standIn.admin.addComment(repository, 7, {
        user: 'lead',
        body: 'Bound it.',
        path: 'a.ts',
        line: 3,
      });
    }
    if (minute === 50) standIn.admin.setPull(repository, 7, { headSha: 'b'.repeat(40) });
    if (minute === 90) standIn.admin.setPull(repository, 7, { state: 'merged' });
    const counts = { full: 0, notModified: 0 };
    records = await followRound(records, [target], {
      now: () => now,
      read: async (pull) => {
        const reader = createPullReader(host as HostApi, {
          apiBase: standIn.apiBase,
          token: 'token-1',
          fetch: standIn.fetch,
          now: () => now,
          cache,
        });
        const status = await reader.read(pull.repository, pull.number);
        counts.full += reader.client.requests;
        counts.notModified += reader.client.notModified;
        return { status, requests: reader.client.requests, notModified: reader.client.notModified };
      },
    });
    perMinute.push(counts);
    now += MINUTE;
  }
  return perMinute;
}

const names: Record<StandInHost, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  'bitbucket-cloud': 'Bitbucket Cloud',
  'bitbucket-dc': 'Bitbucket Data Center',
};

export const pullFollowSuite: Suite = {
  name: 'pull request following: requests per followed pull request',
  run: async () => {
    const figures: Figure[] = [];
    for (const host of Object.keys(names) as StandInHost[]) {
      const minutes = await follow(host);
      const active = minutes.slice(0, 90);
      // From the look that read the merge on (its own requests are the last of the active ones).
      const mergeRead = minutes.findIndex((m, at) => at >= 90 && m.full + m.notModified > 0);
      const settled = minutes.slice(mergeRead + 1);
      const looks = active.filter((m) => m.full + m.notModified > 0).length;
      const full = active.reduce((sum, m) => sum + m.full, 0);
      const unchanged = active.reduce((sum, m) => sum + m.notModified, 0);
      const worst = Math.max(...active.map((m) => m.full));
      const quiet = active.filter((m) => m.full === 0 && m.notModified > 0).length;
      figures.push(
        {
          name: `${names[host]}: looks a minute while active`,
          value: Number((looks / active.length).toFixed(2)),
          unit: 'looks/min',
          note: `${looks} looks in ${active.length} active minutes (quiet ones slow to one in 5 after an hour unchanged)`,
        },
        {
          name: `${names[host]}: full requests (counted) a minute while active`,
          value: Number((full / active.length).toFixed(2)),
          unit: 'req/min',
          budget: 1,
          note: `${full} in all over ${active.length} minutes; the worst minute ${worst} (a look right after a change reads each changed part in full, and the next waits a minute per request, so a long window averages at most one a minute; a short one may hold one look more); ${quiet} looks answered by 304s alone`,
        },
        {
          name: `${names[host]}: unchanged answers (304) a minute, counted apart`,
          value: Number((unchanged / active.length).toFixed(2)),
          unit: '304/min',
        },
        {
          name: `${names[host]}: requests once merged`,
          value: settled.reduce((sum, m) => sum + m.full + m.notModified, 0),
          unit: 'requests',
          budget: 0,
          note: `over the ${settled.length} minutes after the merge was read`,
        },
      );
    }
    return figures;
  },
};
