import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { factsOf } from '@/lib/codehosts/pull-facts';
import type { PullStatus } from '@/lib/codehosts/pull-status';
import type { IndexEntry } from '@/lib/messaging/conversation-index';
import { SettingsSchema } from '@/lib/settings/schema';
import { readNotice } from './attention';
import { pageStateFor, pageStatesFor } from './conversation-index';
import type { FollowedPull } from './pull-follow';
import { notifyPullNews, pullNewsOf } from './pull-news';

// What an agent's pull request changes where the person looks: the page button (the issue the
// agent worked on, and the pull request's own page), the list chips, and a notification when
// it starts needing them or is merged.

const NOW = Date.parse('2026-11-28T12:00:00Z');
const LINK = 'https://github.com/octo/widgets/pull/51';

const status = (overrides: Partial<PullStatus> = {}): PullStatus => ({
  state: 'open',
  title: 'Add the <b>widget</b> cache',
  url: LINK,
  headSha: 'c0ffee',
  baseBranch: 'main',
  checks: { state: 'passing', failing: [], failingLeftOut: 0, pending: 0, passing: 2 },
  review: { state: 'none', unresolvedThreads: null, comments: [], commentsLeftOut: 0 },
  conflicts: false,
  checkedAt: NOW,
  ...overrides,
});
const failingChecks = {
  state: 'failing' as const,
  failing: [{ name: 'lint', summary: null, url: null }],
  failingLeftOut: 0,
  pending: 0,
  passing: 1,
};

const followed = (value: PullStatus | null): FollowedPull => ({
  target: {
    link: LINK,
    provider: 'github',
    baseUrl: 'https://github.com',
    selfHosted: false,
    repository: 'octo/widgets',
    number: 51,
    conversationIds: ['c1'],
    added: true,
  },
  status: value,
  problem: null,
  checkedAt: NOW,
  changedAt: NOW,
  failures: 0,
  requests: 1,
  notModified: 0,
});

const entry = (state: IndexEntry['state']): IndexEntry =>
  ({
    id: 'c1',
    generation: 'v1',
    title: 'Fix the widget cache',
    provider: 'github',
    repository: 'octo/widgets',
    item: { kind: 'issue', number: 12, from: 'start' },
    prNumbers: [51],
    prLinks: [LINK],
    state,
    need: null,
    lastActivity: NOW,
    createdAt: NOW,
    workingSince: state === 'working' ? NOW : null,
    serverId: 's1',
  }) as unknown as IndexEntry;

const rule = (value: PullStatus | null) => ({
  afterMinutes: 10,
  pullsOf: () => [factsOf(LINK, 51, false, value, null, NOW, NOW + 60_000)],
});

describe('an agent’s pull request on the page button and the chips', () => {
  const issue = 'github:octo/widgets::12';
  const pull = 'github:octo/widgets::51';

  it('a failing one makes a finished conversation need the person, on both pages', () => {
    const failing = rule(status({ checks: failingChecks }));
    for (const key of [issue, pull]) {
      expect(pageStateFor(key, [entry('done')], NOW, failing)).toEqual({
        key,
        label: 'PR #51 · 1 check failing',
        state: 'needs-you',
        count: 1,
      });
    }
    expect(pageStatesFor([pull], [entry('done')], NOW, failing).get(pull)?.label).toBe(
      'PR #51 · 1 check failing',
    );
    // While the agent works on it, that is what the button says.
    expect(pageStateFor(issue, [entry('working')], NOW, failing)?.state).toBe('working');
    // Passing: done, with its pull request, as before.
    expect(pageStateFor(issue, [entry('done')], NOW, rule(status()))?.label).toBe('Done · PR #51');
    expect(pageStateFor(issue, [entry('done')], NOW, rule(status({ state: 'merged' })))).toEqual({
      key: issue,
      label: 'Done · PR #51 merged',
      state: 'done',
      count: 1,
    });
  });
});

describe('news of an agent’s pull request', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is a change to failing, changes requested, a conflict or merged; never a first read', () => {
    const passing = followed(status());
    const failing = followed(status({ checks: failingChecks }));
    expect(pullNewsOf([], [failing])).toEqual([]);
    expect(pullNewsOf([followed(null)], [failing])).toEqual([]);
    expect(pullNewsOf([passing], [failing]).map((news) => news.what)).toEqual(['failing']);
    expect(pullNewsOf([failing], [failing])).toEqual([]);
    const asked = followed(
      status({
        review: {
          state: 'changes-requested',
          unresolvedThreads: 1,
          comments: [],
          commentsLeftOut: 0,
        },
      }),
    );
    expect(pullNewsOf([passing], [asked]).map((news) => news.what)).toEqual(['changes-requested']);
    expect(pullNewsOf([passing], [followed(status({ conflicts: true }))])[0]?.what).toBe(
      'conflicts',
    );
    expect(pullNewsOf([failing], [followed(status({ state: 'merged' }))])[0]?.what).toBe('merged');
  });

  it('is told behind its own switch, and a click opens the conversation with nothing to answer', async () => {
    const news = pullNewsOf([followed(status())], [followed(status({ checks: failingChecks }))]);
    const off = SettingsSchema.parse({ notifications: { pullRequests: false } });
    await notifyPullNews(news, [entry('done')], off);
    expect(await browser.notifications.getAll()).toEqual({});

    await notifyPullNews(news, [entry('done')], SettingsSchema.parse({}));
    const shown = await browser.notifications.getAll();
    expect(Object.keys(shown)).toEqual(['handoff:c1']);
    expect(shown['handoff:c1']).toMatchObject({
      title: 'Checks fail on PR #51',
      message: 'Add the <b>widget</b> cache — Fix the widget cache',
    });
    expect(await readNotice('handoff:c1')).toMatchObject({
      conversationId: 'c1',
      serverId: 's1',
      buttons: [],
    });
  });
});
