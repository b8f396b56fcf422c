import { describe, expect, it } from 'vitest';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { testSnapshot } from '@/lib/messaging/stream-snapshot-test-support';
import { needOf, notificationFor } from './attention';
import { waitingTitles } from './badge';

/** A V1 conversation waiting on the person, as the worker's stream holds it. */
const snapshot = (conversation: Partial<StreamSnapshot['conversation']>) =>
  testSnapshot('v1', {
    title: 'Add a login page',
    sandboxStatus: 'RUNNING',
    executionStatus: 'waiting_for_confirmation',
    ...conversation,
  });

const asking = { requestId: 'req-1', text: 'Which sign-in should the login page use?' };

describe('what a conversation needs from the person', () => {
  it('is an answer when the agent waits on its question, a confirmation otherwise', () => {
    expect(needOf(snapshot({ question: asking }))).toBe('question');
    expect(needOf(snapshot({}))).toBe('confirmation');
    // A question still marked open once the agent moved on needs nothing.
    expect(needOf(snapshot({ question: asking, executionStatus: 'running' }))).toBeNull();
    // Just answered, the server's wait not yet over: the agent is about to go on, not asking
    // for a confirmation.
    expect(needOf(snapshot({ question: { ...asking, answered: true } }))).toBeNull();
  });

  it('counts a question on the badge like every other wait', () => {
    const streams = new Map([['c1', needOf(snapshot({ question: asking }))]]);
    expect(waitingTitles(streams, [])).toEqual(['Untitled conversation']);
  });

  it('names the question in the notification, as plain words on one line', () => {
    expect(
      notificationFor('question', {
        title: 'Add a login page',
        question: { text: 'Which sign-in\n\nshould the <b>login</b> page use?' },
      }),
    ).toEqual({
      title: 'The agent has a question for you',
      message: 'Add a login page asks: Which sign-in should the <b>login</b> page use?',
    });
    expect(notificationFor('question', { title: null, question: null })).toEqual({
      title: 'The agent has a question for you',
      message: 'A conversation asks you a question and waits for your answer.',
    });
    // A confirmation keeps its own words.
    expect(notificationFor('confirmation', { title: 'X' })?.title).toBe(
      'The agent asks for confirmation',
    );
  });
});
