import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { Launch } from '@/lib/messaging/panel-port';
import type { PendingAction, StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { testSnapshot } from '@/lib/messaging/stream-snapshot-test-support';
import type { NoticeRecord, NotificationWords } from './attention';
import { type ButtonDeps, onNotificationButton } from './notification-actions';

const ID = 'handoff:c1';

const pending = (key: string): PendingAction => ({
  key,
  kind: 'command',
  tool: 'terminal',
  command: 'npm test',
  path: null,
  operation: null,
  risk: 'LOW',
});

/** A V1 conversation waiting for confirmation of the given action, as the stream holds it. */
const waitingOn = (key: string | null, executionStatus = 'waiting_for_confirmation') =>
  testSnapshot('v1', {
    sandboxStatus: 'RUNNING',
    executionStatus,
    action: key ? pending(key) : null,
  });

const shown: NoticeRecord = {
  conversationId: 'c1',
  serverId: 'work',
  need: 'confirmation',
  actionKey: 'v1:a1',
  buttons: ['confirm', 'reject'],
  what: '`npm test`',
  name: 'Fix the build',
  title: 'The agent wants to run a command',
  message: '`npm test` · low risk — Fix the build',
};

/** The handler's surroundings, recording what it sent, showed and opened. */
function world(snapshot: StreamSnapshot | null, notice: NoticeRecord = shown) {
  const notices = new Map<string, NoticeRecord>([[ID, notice]]);
  const sent: unknown[] = [];
  const shownWords: NotificationWords[] = [];
  const opened: Launch[] = [];
  const deps: ButtonDeps = {
    readNotice: async (id) => notices.get(id),
    writeNotice: async (id, record) => {
      if (record) notices.set(id, record);
      else notices.delete(id);
    },
    current: async () => (snapshot ? { snapshot, generation: 'v1' } : null),
    control: vi.fn(async (params) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(params);
    }),
    answer: vi.fn(async (params) => {
      sent.push(params);
    }),
    show: async (_id, words) => shownWords.push(words),
    clear: async () => true,
    openPanel: async (launch) => opened.push(launch),
  };
  return { deps, sent, shownWords, opened, notices };
}

describe('a notification’s button', () => {
  it('confirms the very action it showed, once, and says so', async () => {
    const { deps, sent, shownWords, opened } = world(waitingOn('v1:a1'));
    expect(await onNotificationButton(ID, 0, deps)).toBe('answered');
    expect(sent).toEqual([
      { conversationId: 'c1', generation: 'v1', serverId: 'work', action: 'confirm' },
    ]);
    expect(shownWords).toEqual([
      { title: 'Confirmed · running `npm test`', message: 'Fix the build' },
    ]);
    expect(opened).toEqual([]);
  });

  it('rejects with the second button', async () => {
    const { deps, sent, shownWords } = world(waitingOn('v1:a1'));
    expect(await onNotificationButton(ID, 1, deps)).toBe('answered');
    expect(sent).toEqual([expect.objectContaining({ action: 'reject' })]);
    expect(shownWords[0]).toEqual({
      title: 'Rejected',
      message: '`npm test` will not happen — Fix the build',
    });
  });

  it('answers once however often it is clicked', async () => {
    const { deps, sent } = world(waitingOn('v1:a1'));
    const clicks = await Promise.all([
      onNotificationButton(ID, 0, deps),
      onNotificationButton(ID, 0, deps),
      onNotificationButton(ID, 1, deps),
    ]);
    expect(clicks.filter((outcome) => outcome === 'answered')).toHaveLength(1);
    // And a click after it was answered, even after a worker restart (the record says so).
    expect(await onNotificationButton(ID, 0, deps)).toBe('ignored');
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['answered elsewhere', waitingOn('v1:a1', 'running')],
    ['a newer action replaced it', waitingOn('v1:a2')],
    ['the conversation is gone from the worker or its server changed', null],
  ])('sends nothing when %s, and opens the current state with a note', async (_case, now) => {
    const { deps, sent, shownWords, opened } = world(now);
    expect(await onNotificationButton(ID, 0, deps)).toBe('stale');
    expect(sent).toEqual([]);
    expect(shownWords).toEqual([]);
    expect(opened).toEqual([
      {
        kind: 'conversation',
        conversationId: 'c1',
        serverId: 'work',
        notice: 'stale-notification',
      },
    ]);
  });

  it('says calmly why the server refused, with the next step, and opens nothing', async () => {
    const refusals: [unknown, string][] = [
      [new ApiError('conflict', 'x', { status: 409 }), 'The agent no longer waits for this.'],
      [
        new ApiError('not-found', 'x', { status: 404 }),
        'The conversation is no longer on the server.',
      ],
      [
        new ApiError('rate-limited', 'x', { status: 429, retryAfter: 30 }),
        'The server is busy and asks to wait 30 s.',
      ],
      [
        new ApiError('rate-limited', 'x', { status: 429, retryAfter: 5, limit: 'run-capacity' }),
        'The server is running as many conversations as it allows: let another finish or pause one.',
      ],
      [new ApiError('network', 'x'), 'The server did not answer.'],
    ];
    for (const [error, reason] of refusals) {
      const { deps, shownWords, opened } = world(waitingOn('v1:a1'));
      deps.control = async () => {
        throw error;
      };
      expect(await onNotificationButton(ID, 0, deps)).toBe('failed');
      expect(shownWords).toEqual([
        {
          title: 'Could not confirm',
          message: `${reason} Open the conversation to try again. (Fix the build)`,
        },
      ]);
      expect(shownWords[0]?.message).not.toMatch(/\d{3}|Error/);
      expect(opened).toEqual([]);
    }
  });

  it('answers a question with the choice its button showed, while that question is open', async () => {
    const question: NoticeRecord = {
      ...shown,
      need: 'question',
      actionKey: undefined,
      requestId: 'req-1',
      choices: {
        questionId: 'auth',
        options: [
          { id: 'gh', label: 'GitHub' },
          { id: 'em', label: 'E-mail' },
        ],
      },
      buttons: ['choice-0', 'choice-1'],
    };
    const asking = testSnapshot('v1', {
      sandboxStatus: 'RUNNING',
      executionStatus: 'waiting_for_confirmation',
      question: { requestId: 'req-1', text: 'Which sign-in?' },
    });
    const fresh = world(asking, question);
    expect(await onNotificationButton(ID, 1, fresh.deps)).toBe('answered');
    expect(fresh.sent).toEqual([
      {
        conversationId: 'c1',
        generation: 'v1',
        serverId: 'work',
        requestId: 'req-1',
        action: 'accept',
        answers: { auth: [{ option_id: 'em', label: 'E-mail' }] },
      },
    ]);
    expect(fresh.shownWords[0]?.title).toBe('Answered · E-mail');
    const answered = testSnapshot('v1', {
      ...asking.conversation,
      question: { requestId: 'req-1', text: 'Which sign-in?', answered: true },
    });
    const stale = world(answered, question);
    expect(await onNotificationButton(ID, 0, stale.deps)).toBe('stale');
    expect(stale.sent).toEqual([]);
  });

  it('Reply opens the panel at the composer and sends nothing', async () => {
    const { deps, sent, opened } = world(waitingOn(null, 'waiting_for_input'), {
      ...shown,
      need: 'input',
      buttons: ['reply'],
    });
    expect(await onNotificationButton(ID, 0, deps)).toBe('opened');
    expect(sent).toEqual([]);
    expect(opened).toEqual([
      { kind: 'conversation', conversationId: 'c1', serverId: 'work', focus: 'composer' },
    ]);
  });

  it('ignores notifications that are not Handoff’s and buttons it never showed', async () => {
    const { deps, sent } = world(waitingOn('v1:a1'));
    expect(await onNotificationButton('other:c1', 0, deps)).toBe('ignored');
    expect(await onNotificationButton(ID, 5, deps)).toBe('ignored');
    expect(sent).toEqual([]);
  });
});
