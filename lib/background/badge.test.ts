import { describe, expect, it } from 'vitest';
import type { IndexEntry } from '@/lib/messaging/conversation-index';
import { badgeFor, waitingConversations } from './badge';
import { nextWaiting } from './next-waiting';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => NOW - minutes * 60_000;

const entry = (
  id: string,
  state: IndexEntry['state'],
  title: string | null,
  lastActivity: number | null = null,
): IndexEntry => ({ id, state, title, lastActivity, createdAt: null }) as IndexEntry;

describe('the badge', () => {
  it('counts each waiting conversation once, whether the list or a live stream says so', () => {
    const entries = [
      entry('aa-11', 'needs-you', 'Fix the parser', minutesAgo(30)),
      entry('bb22', 'working', 'Add tests'),
      entry('cc33', 'needs-you', 'Answered since', minutesAgo(40)),
    ];
    // The streams know better: bb22 now waits, cc33 was answered, aa11 is the same one.
    const streams = new Map([
      ['AA11', 'confirmation' as const],
      ['bb22', 'input' as const],
      ['cc33', null],
    ]);
    const seen = new Map([['bb22', minutesAgo(5)]]);
    expect(waitingConversations(streams, entries, seen, NOW).map((item) => item.name)).toEqual([
      'Fix the parser',
      'Add tests',
    ]);
  });

  it('names them in the tooltip with how long each has waited, oldest first, and counts the rest', () => {
    expect(badgeFor([], NOW)).toEqual({ text: '', title: 'Handoff' });
    const waiting = waitingConversations(
      new Map(),
      [
        entry('a', 'needs-you', 'Fix the parser', minutesAgo(12)),
        entry('b', 'needs-you', 'Bump the version', minutesAgo(3 * 60)),
      ],
      new Map(),
      NOW,
    );
    expect(badgeFor(waiting, NOW)).toEqual({
      text: '2',
      title: 'Handoff: 2 conversations need you: Bump the version (3 h), Fix the parser (12 min)',
    });
    const many = badgeFor(
      'abcdefg'.split('').map((name, at) => ({ id: name, name, since: minutesAgo(10 - at) })),
      NOW,
    );
    expect(many.text).toBe('7');
    expect(many.title).toBe(
      'Handoff: 7 conversations need you: a (10 min), b (9 min), c (8 min), d (7 min), e (6 min) and 2 more',
    );
    expect(
      waitingConversations(new Map(), [entry('x', 'needs-you', '  ')], new Map(), NOW)[0]?.name,
    ).toBe('Untitled conversation');
  });
});

describe('the next one that needs me', () => {
  const waiting = waitingConversations(
    new Map(),
    [
      entry('new', 'needs-you', 'Newest', minutesAgo(1)),
      entry('old', 'needs-you', 'Oldest', minutesAgo(50)),
      entry('mid', 'needs-you', 'Middle', minutesAgo(20)),
      entry('busy', 'working', 'Busy', minutesAgo(60)),
    ],
    new Map(),
    NOW,
  );

  it('walks the waiting conversations oldest first, then round again', () => {
    const steps = [null, 'old', 'mid', 'new'].map((after) => nextWaiting(after, waiting)?.id);
    expect(steps).toEqual(['old', 'mid', 'new', 'old']);
  });

  it('starts from the oldest when the last one is no longer waiting, and finds none in an empty list', () => {
    expect(nextWaiting('answered-since', waiting)?.id).toBe('old');
    expect(nextWaiting(null, [])).toBeNull();
  });
});
