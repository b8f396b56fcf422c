import { describe, expect, it } from 'vitest';
import { factsOf, type PullFacts } from '@/lib/codehosts/pull-facts';
import type { IndexAnswer, IndexEntry } from '@/lib/messaging/conversation-index';
import { type ConversationSummary, quietCheckOf } from './conversation-list';
import {
  placeOf,
  recordTime,
  referenceFromTitle,
  relativeTime,
  triageEntry,
  triageGroups,
} from './triage';

const summary = (id: string, extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  generation: 'v1',
  title: `Conversation ${id}`,
  repository: 'octo-org/widgets',
  branch: 'main',
  provider: 'github',
  trigger: 'gui',
  status: 'RUNNING',
  runtimeStatus: null,
  sandboxStatus: 'RUNNING',
  executionStatus: 'running',
  createdAt: '2025-11-01T10:00:00Z',
  updatedAt: '2025-11-01T10:00:00Z',
  prNumbers: [],
  ...extra,
});

const paused = { status: 'STOPPED', sandboxStatus: 'PAUSED', executionStatus: null };

describe('placeOf', () => {
  it.each([
    [
      'waiting for confirmation',
      { executionStatus: 'waiting_for_confirmation' },
      'needs-you',
      'confirmation',
    ],
    ['waiting for a message', { executionStatus: 'idle' }, 'needs-you', 'input'],
    ['an agent error', { executionStatus: 'error' }, 'needs-you', 'error'],
    ['stuck in a loop', { executionStatus: 'stuck' }, 'needs-you', 'error'],
    [
      'a sandbox that failed',
      { status: 'ERROR', sandboxStatus: 'ERROR', executionStatus: null },
      'needs-you',
      'error',
    ],
    ['working', { executionStatus: 'running' }, 'working', null],
    [
      'a sandbox starting',
      { status: 'STARTING', sandboxStatus: 'STARTING', executionStatus: null },
      'working',
      null,
    ],
    ['a running sandbox whose agent has no state yet', { executionStatus: null }, 'working', null],
    ['finished', { executionStatus: 'finished' }, 'done', null],
    ['paused by the person', { executionStatus: 'paused' }, 'done', null],
    ['a paused sandbox', paused, 'done', null],
    [
      'a missing sandbox',
      { status: 'ARCHIVED', sandboxStatus: 'MISSING', executionStatus: null },
      'done',
      null,
    ],
  ] as const)('a V1 conversation %s', (_name, fields, group, need) => {
    expect(placeOf(summary('a', fields))).toEqual({ group, need });
  });

  it.each([
    ['stopped', { status: 'STOPPED' }, 'done', null],
    ['running, its agent state unknown', { status: 'RUNNING' }, 'working', null],
    ['starting', { status: 'STARTING', runtimeStatus: 'STATUS$STARTING_RUNTIME' }, 'working', null],
    [
      'with a runtime error',
      { status: 'RUNNING', runtimeStatus: 'STATUS$ERROR_LLM_OUT_OF_CREDITS' },
      'needs-you',
      'error',
    ],
    ['in error', { status: 'ERROR' }, 'needs-you', 'error'],
    [
      'running, waiting for confirmation (a watched stream)',
      { status: 'RUNNING', agentState: 'awaiting_user_confirmation' },
      'needs-you',
      'confirmation',
    ],
    [
      'running, waiting for an answer (a watched stream)',
      { status: 'RUNNING', agentState: 'awaiting_user_input' },
      'needs-you',
      'input',
    ],
    [
      'stopped, whatever its agent was last doing',
      { status: 'STOPPED', agentState: 'awaiting_user_input' },
      'done',
      null,
    ],
  ] as const)('a classic conversation %s', (_name, fields, group, need) => {
    const item = {
      ...summary('a', { generation: 'v0', sandboxStatus: null, executionStatus: null }),
      ...fields,
    };
    expect(placeOf(item)).toEqual({ group, need });
  });
});

describe('triageGroups', () => {
  it('puts what needs the person first, then what works, then what is done, each newest first', () => {
    const groups = triageGroups([
      summary('done-old', { ...paused, updatedAt: '2025-11-01T08:00:00Z' }),
      summary('working-old', { updatedAt: '2025-11-01T09:00:00Z' }),
      summary('waiting', {
        executionStatus: 'waiting_for_confirmation',
        updatedAt: '2025-11-01T07:00:00Z',
      }),
      summary('done-new', { executionStatus: 'finished', updatedAt: '2025-11-01T11:00:00+00:00' }),
      summary('working-new', { updatedAt: '2025-11-01T12:00:00Z' }),
      summary('failed', { executionStatus: 'error', updatedAt: '2025-11-01T13:00:00Z' }),
    ]);
    expect(
      groups.map((group) => [group.label, group.entries.map((entry) => entry.item.id)]),
    ).toEqual([
      ['Needs you', ['failed', 'waiting']],
      ['Working', ['working-new', 'working-old']],
      ['Done', ['done-new', 'done-old']],
    ]);
  });

  it('leaves empty groups out, and an empty list has none', () => {
    expect(triageGroups([summary('a', paused)]).map((group) => group.id)).toEqual(['done']);
    expect(triageGroups([])).toEqual([]);
  });

  it('orders by the last change, the start time where there is none, unknown times last', () => {
    const groups = triageGroups([
      summary('no-time', { ...paused, createdAt: null, updatedAt: null }),
      summary('created', { ...paused, createdAt: '2025-11-02T10:00:00Z', updatedAt: null }),
      summary('updated', {
        ...paused,
        createdAt: '2025-10-01T10:00:00Z',
        updatedAt: '2025-11-03T10:00:00Z',
      }),
    ]);
    expect(groups[0]?.entries.map((entry) => entry.item.id)).toEqual([
      'updated',
      'created',
      'no-time',
    ]);
  });

  it('says the loud states in the words a person reads, never the protocol’s', () => {
    const [needs] = triageGroups([
      summary('a', { executionStatus: 'waiting_for_confirmation' }),
      summary('b', { executionStatus: 'idle', updatedAt: '2025-11-01T09:00:00Z' }),
    ]);
    expect(needs?.entries.map((entry) => [entry.need, entry.status.label])).toEqual([
      ['confirmation', 'Waiting for your confirmation'],
      ['input', 'Waiting for your message'],
    ]);
  });
});

describe('referenceFromTitle', () => {
  it.each([
    ['Issue #12: Flaky parser test', { kind: 'issue', number: 12 }],
    ['Pull request #7: Bump deps', { kind: 'pull-request', number: 7 }],
    ['Review PR #301 please', { kind: 'pull-request', number: 301 }],
    ['Merge request !44: Docs', { kind: 'pull-request', number: 44 }],
    ['Fix issue #3 and #4', { kind: 'issue', number: 3 }],
    ['Simple 2048 game', null],
    ['Issue #0', null],
    ['<b>Issue</b> #5', null],
    ['', null],
    [null, null],
  ] as const)('%s', (title, reference) => {
    expect(referenceFromTitle(title)).toEqual(reference);
  });
});

describe('triageEntry', () => {
  it('links the pull requests a conversation records on its code host', () => {
    const entry = triageEntry(summary('a', { prNumbers: [51] }));
    expect(entry.pullRequests).toEqual([
      { number: 51, label: 'Pull request #51', url: 'https://github.com/octo-org/widgets/pull/51' },
    ]);
  });

  it('calls them merge requests on GitLab, on the host the server’s tokens name', () => {
    const entry = triageEntry(
      summary('a', { provider: 'gitlab', repository: 'acme/platform/api', prNumbers: [219] }),
      { gitlab: 'gitlab.acme.test' },
    );
    expect(entry.pullRequests).toEqual([
      {
        number: 219,
        label: 'Merge request !219',
        url: 'https://gitlab.acme.test/acme/platform/api/-/merge_requests/219',
      },
    ]);
  });

  it('names the issue from the title, and a pull request from the title once, as a link', () => {
    expect(triageEntry(summary('a', { title: 'Issue #12: Flaky test' })).reference).toEqual({
      kind: 'issue',
      number: 12,
    });
    const pull = triageEntry(summary('b', { title: 'Pull request #7: Bump', prNumbers: [7, 9] }));
    expect(pull.reference).toBeNull();
    expect(pull.pullRequests.map((link) => link.number)).toEqual([7, 9]);
  });

  it('prefers the reference a source recorded over the title', () => {
    const entry = triageEntry({
      ...summary('a', { title: 'Issue #12: Flaky test' }),
      reference: { kind: 'issue', number: 40 },
    });
    expect(entry.reference).toEqual({ kind: 'issue', number: 40 });
  });

  it('gives no link without a repository or a known host, and drops nonsense numbers', () => {
    expect(triageEntry(summary('a', { repository: null, prNumbers: [5] })).pullRequests).toEqual([
      { number: 5, label: 'Pull request #5', url: null },
    ]);
    expect(
      triageEntry(
        summary('b', { provider: 'bitbucket_data_center', repository: 'PROJ', prNumbers: [5] }),
      ).pullRequests[0]?.url,
    ).toBeNull();
    expect(triageEntry(summary('c', { prNumbers: [0, -2, 1.5] })).pullRequests).toEqual([]);
  });
});

describe('relativeTime', () => {
  const now = recordTime('2025-11-10T12:00:00Z');
  it.each([
    ['2025-11-10T12:00:30Z', 'just now'],
    ['2025-11-10T11:59:30Z', 'just now'],
    ['2025-11-10T11:57:00Z', '3 min ago'],
    ['2025-11-10T09:10:00Z', '2 h ago'],
    ['2025-11-09T10:00:00Z', 'yesterday'],
    ['2025-11-06T12:00:00Z', '4 days ago'],
    ['2025-10-01T12:00:00Z', null],
  ])('%s → %s', (at, words) => {
    expect(relativeTime(recordTime(at), now)).toBe(words);
  });

  it('has no words for an unknown time', () => {
    expect(relativeTime(recordTime(null), now)).toBeNull();
    expect(relativeTime(recordTime('not a date'), now)).toBeNull();
  });
});

describe('a working conversation with no progress for long', () => {
  const NOW = Date.parse('2025-11-01T10:30:00Z');
  const quietFor = (item: ConversationSummary) =>
    quietCheckOf(undefined, 10, NOW)({ ...item, serverId: undefined });

  it('is listed under Needs you as "No progress for N min", and only while it works', () => {
    const groups = triageGroups(
      [
        summary('silent', { updatedAt: '2025-11-01T10:18:00Z' }),
        summary('busy', { updatedAt: '2025-11-01T10:25:00Z' }),
        summary('asks', {
          updatedAt: '2025-11-01T09:00:00Z',
          executionStatus: 'waiting_for_confirmation',
        }),
        summary('over', { updatedAt: '2025-11-01T09:00:00Z', executionStatus: 'finished' }),
      ],
      {},
      quietFor,
    );
    const needsYou = groups.find((group) => group.id === 'needs-you');
    const silent = needsYou?.entries.find((entry) => entry.item.id === 'silent');
    expect(silent?.need).toBe('stuck');
    expect(silent?.status.label).toBe('No progress for 12 min');
    expect(needsYou?.entries.find((entry) => entry.item.id === 'asks')?.need).toBe('confirmation');
    expect(groups.find((group) => group.id === 'working')?.entries.map((e) => e.item.id)).toEqual([
      'busy',
    ]);
    expect(groups.find((group) => group.id === 'done')?.entries.map((e) => e.item.id)).toEqual([
      'over',
    ]);
  });

  it('leaves that state on its next sign of progress: a fresher index record or stream event', () => {
    const item = summary('c1', { updatedAt: '2025-11-01T10:10:00Z' });
    expect(quietFor(item)).toBe(20);
    const index = (extra: Partial<IndexAnswer>): IndexAnswer => ({
      entries: [
        {
          id: 'c1',
          state: 'working',
          lastActivity: Date.parse('2025-11-01T10:10:00Z'),
        } as IndexEntry,
      ],
      refreshedAt: NOW,
      failure: null,
      complete: true,
      watched: {},
      ...extra,
    });
    expect(quietCheckOf(index({}), 10, NOW)(item)).toBe(20);
    // The worker's stream heard from it a minute ago.
    expect(quietCheckOf(index({ lastEvents: { c1: NOW - 60_000 } }), 10, NOW)(item)).toBeNull();
    // The index's newer read of it.
    const fresher = index({});
    (fresher.entries[0] as IndexEntry).lastActivity = NOW - 2 * 60_000;
    expect(quietCheckOf(fresher, 10, NOW)(item)).toBeNull();
    // The index knows it is not working (the worker's word, as on the badge).
    (fresher.entries[0] as IndexEntry).state = 'done';
    (fresher.entries[0] as IndexEntry).lastActivity = 0;
    expect(quietCheckOf(fresher, 10, NOW)(item)).toBeNull();
  });

  it('is never said when the person turned the check off', () => {
    const item = summary('c1', { updatedAt: '2025-11-01T08:00:00Z' });
    expect(quietCheckOf(undefined, 0, NOW)(item)).toBeNull();
    expect(triageEntry(item).need).toBeNull();
  });
});

describe('a finished conversation whose pull request needs the person (issue 28)', () => {
  const facts = (overrides: Partial<PullFacts>): PullFacts => ({
    ...factsOf('https://github.com/octo/widgets/pull/51', 51, false, null, null, 1, 2),
    ...overrides,
  });
  const done = summary('c1', {
    status: 'RUNNING',
    sandboxStatus: 'RUNNING',
    executionStatus: 'finished',
    prNumbers: [51],
    provider: 'github',
    repository: 'octo/widgets',
  });

  it('moves to Needs you and says why; its link says where the pull request stands', () => {
    const failing = facts({ state: 'open', checks: 'failing', failing: 2, need: 'failing' });
    const entry = triageEntry({ ...done, pulls: [failing] });
    expect(entry.group).toBe('needs-you');
    expect(entry.need).toBe('pull');
    expect(entry.status.label).toBe('PR #51 · 2 checks failing');
    expect(entry.pullRequests[0]?.standing).toBe('2 checks failing');
    const passing = triageEntry({ ...done, pulls: [facts({ state: 'open', checks: 'passing' })] });
    expect(passing.group).toBe('done');
    expect(passing.pullRequests[0]?.standing).toBe('checks pass');
  });

  it('stays under Working while the agent works, whatever its pull request says', () => {
    const working = summary('c2', {
      status: 'RUNNING',
      sandboxStatus: 'RUNNING',
      executionStatus: 'running',
    });
    const failing = facts({ state: 'open', checks: 'failing', failing: 1, need: 'failing' });
    expect(triageEntry({ ...working, pulls: [failing] }).group).toBe('working');
  });
});
