import { describe, expect, it } from 'vitest';
import { type IndexEntry, quietMinutes } from '@/lib/messaging/conversation-index';
import { waitingConversations } from './badge';
import { pageStateFor, pageStatesFor } from './conversation-index';

// A working agent that has shown no sign of progress for long reads as needing a look: on the
// page button, on the badge, in the list. Its next event ends that by itself.

const NOW = Date.parse('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => NOW - minutes * 60_000;

const working = (lastActivity: number, state: IndexEntry['state'] = 'working'): IndexEntry =>
  ({
    id: 'c1',
    generation: 'v1',
    title: 'Fix the flaky test',
    provider: 'github',
    repository: 'octo/widgets',
    item: { kind: 'issue', number: 12, from: 'start' },
    prNumbers: [],
    state,
    need: null,
    lastActivity,
    createdAt: minutesAgo(60),
    workingSince: minutesAgo(60),
  }) as unknown as IndexEntry;

describe('an agent with no progress', () => {
  it('counts once quiet for the setting’s minutes, from the newest sign of progress', () => {
    expect(quietMinutes(working(minutesAgo(9)), NOW, 10)).toBeNull();
    expect(quietMinutes(working(minutesAgo(12)), NOW, 10)).toBe(12);
    // Its stream's last event is newer than the list record: not quiet after all.
    expect(quietMinutes(working(minutesAgo(12)), NOW, 10, minutesAgo(1))).toBeNull();
    // Waiting, done or stopped conversations are not "quiet", and 0 turns the check off.
    expect(quietMinutes(working(minutesAgo(30), 'done'), NOW, 10)).toBeNull();
    expect(quietMinutes(working(minutesAgo(30)), NOW, 0)).toBeNull();
  });

  it('says so on the page button, as needing the person', () => {
    const key = 'github:octo/widgets::12';
    expect(pageStateFor(key, [working(minutesAgo(12))], NOW, { afterMinutes: 10 })).toEqual({
      key,
      label: 'No progress for 12 min',
      state: 'needs-you',
      count: 1,
    });
    expect(pageStateFor(key, [working(minutesAgo(3))], NOW, { afterMinutes: 10 })?.label).toMatch(
      /^Agent working/,
    );
  });

  it('counts on the badge, waiting since it went quiet, and stops counting on its next event', () => {
    const quiet = { afterMinutes: 10, lastEventAt: () => null };
    const waiting = waitingConversations(
      new Map(),
      [working(minutesAgo(12))],
      new Map(),
      NOW,
      quiet,
    );
    expect(waiting).toEqual([
      expect.objectContaining({ id: 'c1', name: 'Fix the flaky test', since: minutesAgo(12) }),
    ]);
    const moving = { afterMinutes: 10, lastEventAt: () => minutesAgo(0) };
    expect(
      waitingConversations(new Map(), [working(minutesAgo(12))], new Map(), NOW, moving),
    ).toEqual([]);
  });
});

describe('a list’s rows', () => {
  it('get the same words as each one’s page button, and rows without a conversation none', () => {
    const entries = [working(minutesAgo(12)), working(minutesAgo(2), 'done')];
    const key = 'github:octo/widgets::12';
    const states = pageStatesFor([key, 'github:octo/widgets::13'], entries, NOW, {
      afterMinutes: 10,
    });
    expect([...states.keys()]).toEqual([key]);
    expect(states.get(key)).toEqual(pageStateFor(key, entries, NOW, { afterMinutes: 10 }));
  });
});
