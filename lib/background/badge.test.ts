import { describe, expect, it } from 'vitest';
import type { IndexEntry } from '@/lib/messaging/conversation-index';
import { badgeFor, waitingTitles } from './badge';

const entry = (id: string, state: IndexEntry['state'], title: string | null): IndexEntry =>
  ({ id, state, title }) as IndexEntry;

describe('the badge', () => {
  it('counts each waiting conversation once, whether the list or a live stream says so', () => {
    const entries = [
      entry('aa-11', 'needs-you', 'Fix the parser'),
      entry('bb22', 'working', 'Add tests'),
      entry('cc33', 'needs-you', 'Answered since'),
    ];
    // The streams know better: bb22 now waits, cc33 was answered, aa11 is the same one.
    const streams = new Map([
      ['AA11', 'confirmation' as const],
      ['bb22', 'input' as const],
      ['cc33', null],
    ]);
    expect(waitingTitles(streams, entries)).toEqual(['Fix the parser', 'Add tests']);
  });

  it('names them in the tooltip, the untitled ones too, and counts the rest', () => {
    expect(badgeFor([])).toEqual({ text: '', title: 'Handoff' });
    expect(badgeFor(['Fix the parser'])).toEqual({
      text: '1',
      title: 'Handoff: 1 conversation needs you: Fix the parser',
    });
    const many = badgeFor(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(many.text).toBe('7');
    expect(many.title).toBe('Handoff: 7 conversations need you: a, b, c, d, e and 2 more');
    expect(waitingTitles(new Map(), [entry('x', 'needs-you', '  ')])).toEqual([
      'Untitled conversation',
    ]);
  });
});
