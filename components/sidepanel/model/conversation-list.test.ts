import { describe, expect, it } from 'vitest';
import {
  filterConversations,
  interfacesToAsk,
  mergeConversations,
  mergeServers,
  pageFailure,
  repositoriesOf,
  summaryOfIndexEntry,
  withWorkerKnowledge,
} from '@/components/sidepanel/model/conversation-list';
import { triageGroups } from '@/components/sidepanel/model/triage';
import type { AppConversation, ConversationInfo } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';

const v0 = (id: string, created: string, extra: Partial<ConversationInfo> = {}): ConversationInfo =>
  ({
    conversation_id: id,
    title: `V0 ${id}`,
    created_at: created,
    status: 'STOPPED',
    ...extra,
  }) as ConversationInfo;
const v1 = (id: string, created: string, extra: Partial<AppConversation> = {}): AppConversation =>
  ({
    id,
    title: `V1 ${id}`,
    created_at: created,
    sandbox_status: 'RUNNING',
    ...extra,
  }) as AppConversation;

describe('mergeConversations', () => {
  it('puts both lists together, newest first', () => {
    const merged = mergeConversations(
      [v0('a', '2025-11-01T10:00:00Z'), v0('b', '2025-11-03T10:00:00Z')],
      [v1('c', '2025-11-02T10:00:00+00:00')],
    );
    expect(merged.map((item) => item.id)).toEqual(['b', 'c', 'a']);
    expect(merged.map((item) => item.generation)).toEqual(['v0', 'v1', 'v0']);
  });

  it('lists a conversation both interfaces know once, with V1’s facts', () => {
    const id = '7c1f3b2a94de4f0b8a6e2d5b9c0e4f11';
    const merged = mergeConversations(
      [
        v0(id, '2025-11-02T10:00:00Z', {
          conversation_version: 'V1',
          status: 'RUNNING',
          pr_number: [5],
        }),
      ],
      [
        v1('7c1f3b2a-94de-4f0b-8a6e-2d5b9c0e4f11'.toUpperCase(), '2025-11-02T10:00:00Z', {
          execution_status: 'paused',
        }),
      ],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({
      generation: 'v1',
      executionStatus: 'paused',
      sandboxStatus: 'RUNNING',
      prNumbers: [5],
    });
  });

  it('reads V0’s view of a V1 conversation as V1', () => {
    const [item] = mergeConversations(
      [v0('x', '2025-11-02T10:00:00Z', { conversation_version: 'V1' })],
      [],
    );
    expect(item?.generation).toBe('v1');
  });

  it('gives V1 conversations a status from their sandbox', () => {
    const [paused] = mergeConversations(
      [],
      [v1('p', '2025-11-02T10:00:00Z', { sandbox_status: 'PAUSED' })],
    );
    expect(paused?.status).toBe('STOPPED');
  });
});

describe('filterConversations', () => {
  const list = mergeConversations(
    [
      v0('a', '2025-11-01T10:00:00Z', {
        selected_repository: 'octo/widgets',
        title: 'Fix the parser',
      }),
      v0('b', '2025-11-02T10:00:00Z', {
        selected_repository: 'acme/api',
        selected_branch: 'feature/login',
      }),
    ],
    [],
  );

  it('filters by repository and by words in title, repository, branch or id', () => {
    expect(
      filterConversations(list, { repository: 'octo/widgets', text: '' }).map((i) => i.id),
    ).toEqual(['a']);
    expect(filterConversations(list, { repository: '', text: 'PARSER' }).map((i) => i.id)).toEqual([
      'a',
    ]);
    expect(
      filterConversations(list, { repository: '', text: 'login acme' }).map((i) => i.id),
    ).toEqual(['b']);
    expect(filterConversations(list, { repository: 'acme/api', text: 'parser' })).toEqual([]);
  });

  it('offers the repositories the list names', () => {
    expect(repositoriesOf(list)).toEqual(['acme/api', 'octo/widgets']);
  });
});

describe('interfacesToAsk', () => {
  const more = { v0: true, v1: true };

  it('asks what is not known to be absent, while it has more to give', () => {
    expect(interfacesToAsk({ v0: null, v1: null }, more)).toEqual({ v0: true, v1: true });
    expect(interfacesToAsk({ v0: false, v1: true }, more)).toEqual({ v0: false, v1: true });
    expect(interfacesToAsk({ v0: true, v1: null }, { v0: false, v1: true })).toEqual({
      v0: false,
      v1: true,
    });
  });

  it('asks both of a server said to serve neither, instead of asking nothing', () => {
    expect(interfacesToAsk({ v0: false, v1: false }, more)).toEqual({ v0: true, v1: true });
  });
});

describe('pageFailure', () => {
  const missing = new ApiError('bad-response', 'A web page.', { status: 200, bodyType: 'html' });
  const gone = new ApiError('not-found', 'Not found (404).', {
    status: 404,
    serverMessage: 'Not Found',
  });
  const refused = new ApiError('unauthorized', 'Needs a key (401).', { status: 401 });
  const notServed = (error: unknown) =>
    error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'bad-response');

  it('takes an interface the server lacks for no failure while the other answered', () => {
    expect(pageFailure([gone], true, notServed)).toEqual({ fatal: null, partial: null });
    expect(pageFailure([refused, gone], true, notServed)).toEqual({
      fatal: null,
      partial: refused,
    });
  });

  it('fails the page when nothing answered, with a missing route rather than an empty list', () => {
    expect(pageFailure([missing, gone], false, notServed)).toEqual({
      fatal: missing,
      partial: null,
    });
    expect(pageFailure([gone, refused], false, notServed)).toEqual({
      fatal: refused,
      partial: null,
    });
  });

  it('has nothing to say when nothing failed', () => {
    expect(pageFailure([], true, notServed)).toEqual({ fatal: null, partial: null });
  });
});

describe('summaryOfIndexEntry', () => {
  it('lists an indexed conversation with the facts the list words and sorts it by', () => {
    const summary = summaryOfIndexEntry({
      id: 'c1',
      generation: 'v1',
      title: 'Fix issue #12',
      repository: 'octo/widgets',
      branch: 'main',
      provider: 'github',
      item: { kind: 'issue', number: 12, from: 'title' },
      state: 'needs-you',
      need: 'confirmation',
      status: 'RUNNING',
      runtimeStatus: null,
      sandboxStatus: 'RUNNING',
      executionStatus: 'waiting_for_confirmation',
      createdAt: Date.UTC(2026, 10, 24, 9, 0),
      lastActivity: null,
      workingSince: null,
      prNumbers: [51],
      prLinks: [],
    });
    expect(summary).toMatchObject({
      id: 'c1',
      repository: 'octo/widgets',
      executionStatus: 'waiting_for_confirmation',
      createdAt: '2026-11-24T09:00:00.000Z',
      updatedAt: null,
      prNumbers: [51],
    });
    expect(repositoriesOf([summary])).toEqual(['octo/widgets']);
  });
});

describe('withWorkerKnowledge', () => {
  const list = mergeConversations(
    [
      v0('aa11', '2026-11-24T09:00:00', { status: 'RUNNING', title: 'Tidy the temp files' }),
      v0('bb22', '2026-11-24T08:00:00', { status: 'RUNNING', title: 'Refactor' }),
    ],
    [v1('cc-33', '2026-11-24T07:00:00', { execution_status: 'running', title: 'Docs' })],
  );
  const answer = {
    entries: [
      {
        // Only what this reads of an index entry.
        id: 'CC33',
        generation: 'v1',
        item: { kind: 'issue', number: 12, from: 'start' },
      },
    ],
    refreshedAt: 1,
    failure: null,
    complete: true,
    // The worker's streams: the first legacy agent waits for a confirmation, the V1 one finished.
    watched: { aa11: 'confirmation', cc33: 'finished' },
  } as unknown as Parameters<typeof withWorkerKnowledge>[1];

  it('puts a watched legacy conversation that waits for the person under Needs you, as the badge counts it', () => {
    const groups = triageGroups(withWorkerKnowledge(list, answer));
    const ids = (group: string) =>
      groups.find((g) => g.id === group)?.entries.map((entry) => entry.item.id) ?? [];
    expect(ids('needs-you')).toEqual(['aa11']);
    expect(ids('working')).toEqual(['bb22']);
    expect(ids('done')).toEqual(['cc-33']);
    // Without the worker's word the list alone has all three at work.
    const alone = triageGroups(withWorkerKnowledge(list, undefined));
    expect(alone.map((group) => group.id)).toEqual(['working']);
  });

  it('tells a question from a confirmation where the worker’s stream saw the agent ask', () => {
    const asked = mergeConversations(
      [],
      [
        v1('dd44', '2026-11-24T07:00:00', { execution_status: 'running', title: 'Login page' }),
        v1('ee55', '2026-11-24T06:00:00', { execution_status: 'running', title: 'Rebuild' }),
      ],
    );
    const known = withWorkerKnowledge(asked, {
      entries: [],
      refreshedAt: 1,
      failure: null,
      complete: true,
      watched: { dd44: 'question', ee55: 'confirmation' },
    });
    const entries = triageGroups(known).find((g) => g.id === 'needs-you')?.entries ?? [];
    expect(entries.map((entry) => [entry.item.id, entry.need, entry.status.label])).toEqual([
      ['dd44', 'question', 'Has a question for you'],
      ['ee55', 'confirmation', 'Waiting for your confirmation'],
    ]);
  });

  it('names the issue a start from a code-host page came from, whatever the title says', () => {
    const [entry] =
      triageGroups(withWorkerKnowledge(list, answer)).find((g) => g.id === 'done')?.entries ?? [];
    expect(entry?.reference).toEqual({ kind: 'issue', number: 12 });
  });
});

describe('several servers in one list', () => {
  const work = mergeConversations(
    [],
    [
      v1('aa11', '2026-11-24T09:00:00', { title: 'Parser fix' }),
      v1('cc33', '2026-11-24T07:00:00', { title: 'Docs' }),
    ],
  );
  const home = mergeConversations([], [v1('bb22', '2026-11-24T08:00:00', { title: 'Typo' })]);
  const merged = mergeServers([
    { serverId: 'work', list: work },
    { serverId: 'home', list: home },
  ]);

  it('puts every server’s conversations together, newest first, each saying its server', () => {
    expect(merged.map((item) => [item.id, item.serverId])).toEqual([
      ['aa11', 'work'],
      ['bb22', 'home'],
      ['cc33', 'work'],
    ]);
  });

  it('keeps the same id on two servers as two conversations', () => {
    const twice = mergeServers([
      { serverId: 'work', list: work },
      { serverId: 'home', list: work },
    ]);
    expect(twice.filter((item) => item.id === 'aa11').map((item) => item.serverId)).toEqual([
      'work',
      'home',
    ]);
  });

  it('filters by server, alone or with the other filters', () => {
    expect(
      filterConversations(merged, { repository: '', text: '', server: 'home' }).map((i) => i.id),
    ).toEqual(['bb22']);
    expect(
      filterConversations(merged, { repository: '', text: 'docs', server: 'work' }).map(
        (i) => i.id,
      ),
    ).toEqual(['cc33']);
    expect(filterConversations(merged, { repository: '', text: 'docs', server: 'home' })).toEqual(
      [],
    );
    expect(filterConversations(merged, { repository: '', text: '', server: '' })).toHaveLength(3);
  });

  it('ties a start to its own server’s conversation only', () => {
    const same = mergeServers([
      { serverId: 'work', list: work },
      { serverId: 'home', list: work },
    ]);
    const known = withWorkerKnowledge(same, {
      entries: [
        {
          id: 'aa11',
          serverId: 'home',
          generation: 'v1',
          item: { kind: 'issue', number: 7, from: 'start' },
        },
      ],
      refreshedAt: 1,
      failure: null,
      complete: true,
      watched: {},
    } as unknown as Parameters<typeof withWorkerKnowledge>[1]);
    const references = known
      .filter((item) => item.id === 'aa11')
      .map((item) => [item.serverId, item.reference?.number ?? null]);
    expect(references).toEqual([
      ['work', null],
      ['home', 7],
    ]);
  });

  it('a conversation of the worker’s index keeps its server when it stands in for the list', () => {
    const [summary] = [
      summaryOfIndexEntry({
        id: 'bb22',
        serverId: 'home',
        generation: 'v1',
        title: 'Typo',
        repository: null,
        branch: null,
        provider: null,
        status: null,
        runtimeStatus: null,
        sandboxStatus: null,
        executionStatus: 'finished',
        prNumbers: [],
        item: null,
        state: 'done',
        need: null,
        createdAt: 1,
        lastActivity: 2,
        workingSince: null,
        prLinks: [],
      }),
    ];
    expect(summary?.serverId).toBe('home');
  });
});
