import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { IndexEntry } from '@/lib/messaging/conversation-index';
import { writeCodeHostToken } from '@/lib/settings/code-host-tokens';
import { writeRecord } from '@/lib/settings/trusted-store';
import { createCodeHostStandIn } from '@/tests/service/codehosts';
import type { FollowedPull } from './pull-follow';
import {
  followedPulls,
  followPulls,
  forgetPullsForTests,
  PULL_ALARM,
  pullFactsOf,
  readPullFor,
  restorePulls,
} from './pull-watch';

// The worker following an agent's pull request on GitHub (the stand-in answering as
// api.github.com does): with the person's token, kept across a worker restart, read again when
// due and not before, never once merged, and never on a host the person has not added.

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 28, 12, 0, 0);
const REPO = 'octo/widgets';
const LINK = 'https://github.com/octo/widgets/pull/51';

const entry = (overrides: Partial<IndexEntry> = {}): IndexEntry =>
  ({
    id: 'c1',
    generation: 'v1',
    title: 'Fix the widget cache',
    repository: REPO,
    provider: 'github',
    prLinks: [LINK],
    prNumbers: [51],
    ...overrides,
  }) as IndexEntry;

let now = START;
let granted: string[] = [];

function world() {
  const standIn = createCodeHostStandIn({ host: 'github', tokens: ['ghp_good'], now: () => now });
  standIn.admin.addRepository(REPO, { private: true });
  standIn.admin.setPull(REPO, 51, {
    title: 'Add the widget cache',
    headSha: 'c0ffee'.padEnd(40, '0'),
  });
  standIn.admin.addCheck(REPO, 51, { name: 'build', status: 'completed', conclusion: 'success' });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => standIn.fetch(input, init));
  return standIn;
}

async function round(entries: IndexEntry[], hosts = []) {
  const changes: [readonly FollowedPull[], readonly FollowedPull[]][] = [];
  await followPulls(
    entries,
    hosts,
    (before, after) => changes.push([before, after]),
    () => now,
  );
  return changes;
}

beforeEach(async () => {
  fakeBrowser.reset();
  forgetPullsForTests();
  now = START;
  granted = ['https://api.github.com/*'];
  (browser as unknown as { permissions: unknown }).permissions = {
    contains: async ({ origins }: { origins: string[] }) =>
      origins.every((origin) => granted.includes(origin)),
  };
  // What an earlier test kept: no followed records, no token.
  await writeRecord('pull-follow', []);
  await writeCodeHostToken('https://github.com', null);
});
afterEach(() => vi.unstubAllGlobals());

describe('following an agent’s pull request', () => {
  it('reads it with the person’s token, tells what changed, and keeps it across a restart', async () => {
    const standIn = world();
    await writeCodeHostToken('https://github.com', 'ghp_good');
    const [first] = await round([entry()]);
    expect(first?.[1][0]?.status).toMatchObject({ state: 'open', checks: { state: 'passing' } });
    expect(pullFactsOf('c1')).toMatchObject([{ link: LINK, state: 'open', need: null }]);
    // The next round is set for a minute on per request the first look cost.
    const cost = first?.[1][0]?.lastCost ?? 0;
    expect(cost).toBeGreaterThan(1);
    expect((await browser.alarms.get(PULL_ALARM))?.scheduledTime).toBe(START + cost * MINUTE);

    // Not due yet: nothing is asked.
    const spent = standIn.admin.counted('token');
    await round([entry()]);
    expect(standIn.admin.counted('token')).toBe(spent);

    standIn.admin.addCheck(REPO, 51, { name: 'lint', status: 'completed', conclusion: 'failure' });
    now += cost * MINUTE;
    await round([entry()]);
    expect(pullFactsOf('c1')).toMatchObject([
      { need: 'failing', failing: 1, failingNames: ['lint'] },
    ]);

    // A new worker finds it where the last one left it.
    forgetPullsForTests();
    expect(pullFactsOf('c1')).toEqual([]);
    await restorePulls();
    expect(pullFactsOf('c1')).toMatchObject([{ need: 'failing' }]);
  });

  it('reads a merged one no more, and clears the alarm when nothing is left to read', async () => {
    const standIn = world();
    await writeCodeHostToken('https://github.com', 'ghp_good');
    const [first] = await round([entry()]);
    standIn.admin.setPull(REPO, 51, { state: 'merged' });
    now += (first?.[1][0]?.lastCost ?? 1) * MINUTE;
    await round([entry()]);
    expect(pullFactsOf('c1')).toMatchObject([{ state: 'merged', nextReadAt: null }]);
    expect(await browser.alarms.get(PULL_ALARM)).toBeUndefined();
    const asked = standIn.log.length;
    now += 60 * MINUTE;
    await round([entry()]);
    expect(standIn.log.length).toBe(asked);
  });

  it('says a private repository needs a token, and never asks a host the person has not added', async () => {
    world();
    await round([entry()]);
    expect(pullFactsOf('c1')).toMatchObject([
      { state: null, problem: { kind: 'not-found', withToken: false } },
    ]);

    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    const elsewhere = 'https://git.elsewhere.org/acme/api/-/merge_requests/8';
    await round([entry({ id: 'c2', provider: 'gitlab', prLinks: [elsewhere], prNumbers: [8] })]);
    expect(pullFactsOf('c2')).toMatchObject([
      { link: elsewhere, problem: { kind: 'not-added', origin: 'https://git.elsewhere.org' } },
    ]);
    // An added host whose access was taken back is not asked either.
    const added = 'https://git.example.com/acme/api/-/merge_requests/9';
    await round([entry({ id: 'c3', provider: 'gitlab', prLinks: [added], prNumbers: [9] })], [
      { origin: 'https://git.example.com', provider: 'gitlab' },
    ] as never);
    expect(pullFactsOf('c3')).toMatchObject([{ problem: { kind: 'not-added' } }]);
    expect(fetched).not.toHaveBeenCalled();
    expect((await followedPulls()).map((pull) => pull.target.link)).toEqual([added]);
  });

  it('reads any pull request on demand, and refuses an address that is not one', async () => {
    world();
    await writeCodeHostToken('https://github.com', 'ghp_good');
    const read = await readPullFor(LINK, false, [], () => now);
    expect(read).toMatchObject({ provider: 'github', repository: REPO, number: 51 });
    expect(read.status?.title).toBe('Add the widget cache');
    await expect(
      readPullFor('https://github.com/octo/widgets/issues/3', false, []),
    ).rejects.toThrow(/not a pull or merge request/);
  });
});

describe('a round with nothing due', () => {
  it('reads nothing, and tells nothing', async () => {
    world();
    await round([entry()]);
    const stored = await followedPulls();
    const told = await round([entry()]);
    expect(told).toEqual([]);
    expect(await followedPulls()).toBe(stored);
    // A conversation that now names the same pull request too is news to the records.
    const both = await round([entry(), entry({ id: 'c9' })]);
    expect(both).toHaveLength(1);
    expect(pullFactsOf('c9')).toHaveLength(1);
  });
});
