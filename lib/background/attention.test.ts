import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { testSnapshot } from '@/lib/messaging/stream-snapshot-test-support';
import { sanitiseSettings } from '@/lib/settings/sanitise';
import { needOf, notificationFor, notify } from './attention';
import { waitingConversations } from './badge';

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
    expect(waitingConversations(streams, []).map((item) => item.name)).toEqual([
      'Untitled conversation',
    ]);
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

describe('a notification with several servers', () => {
  const settings = (servers: { id: string; name: string; serverUrl: string }[]) =>
    sanitiseSettings({ servers, defaultServerId: servers[0]?.id });

  it('says which server the conversation is on, by the name the person gave it', async () => {
    const create = vi.spyOn(browser.notifications, 'create').mockResolvedValue(undefined as never);
    const two = settings([
      { id: 'work', name: 'Work', serverUrl: 'https://app.all-hands.dev' },
      { id: 'home', name: 'Home lab', serverUrl: 'http://localhost:8000' },
    ]);
    await notify('c1', 'input', { title: 'Fix the build' }, two, 'home');
    expect(create).toHaveBeenLastCalledWith(
      'handoff:c1',
      expect.objectContaining({ message: 'Fix the build needs your answer. (on Home lab)' }),
    );
    // With one server there is nothing to tell apart.
    await notify('c2', 'input', { title: 'Fix the build' }, settings([two.servers[0] as never]));
    expect(create).toHaveBeenLastCalledWith(
      'handoff:c2',
      expect.objectContaining({ message: 'Fix the build needs your answer.' }),
    );
    create.mockRestore();
  });
});
