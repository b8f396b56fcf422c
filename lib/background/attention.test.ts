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

describe('a confirmation says what the agent wants to do', () => {
  const command = (text: string, risk: string | null = 'LOW') => ({
    key: 'v1:a1',
    kind: 'command' as const,
    tool: 'terminal',
    command: text,
    path: null,
    operation: null,
    risk,
  });

  it('names the command and its risk, with Confirm and Reject', () => {
    expect(
      notificationFor('confirmation', { title: 'Fix the build', action: command('npm test') }),
    ).toEqual({
      title: 'The agent wants to run a command',
      message: '`npm test` · low risk — Fix the build',
      buttons: [
        { title: 'Confirm', does: 'confirm' },
        { title: 'Reject', does: 'reject' },
      ],
    });
    expect(
      notificationFor('confirmation', { title: 'X', action: command('rm -rf /', 'HIGH') })?.message,
    ).toBe('`rm -rf /` · ⚠ HIGH RISK — X');
    expect(
      notificationFor('confirmation', { title: 'X', action: command('ls', null) })?.message,
    ).toBe('`ls` — X');
  });

  it('names a file edit by what it does to which file', () => {
    const edit = {
      ...command(''),
      kind: 'file' as const,
      command: null,
      path: 'src/app.ts',
      operation: 'str_replace',
      risk: 'MEDIUM',
    };
    expect(notificationFor('confirmation', { title: 'X', action: edit })).toMatchObject({
      title: 'The agent wants to change a file',
      message: 'edit src/app.ts · medium risk — X',
    });
    expect(
      notificationFor('confirmation', { title: 'X', action: { ...edit, operation: 'create' } })
        ?.message,
    ).toMatch(/^create src\/app\.ts/);
    const tool = { ...command(''), kind: 'tool' as const, command: null, tool: 'browser_navigate' };
    expect(notificationFor('confirmation', { title: 'X', action: tool })).toMatchObject({
      title: 'The agent wants to use a tool',
      message: 'browser_navigate · low risk — X',
    });
  });

  it('shows markup and control characters as plain text, and cuts a long command', () => {
    const words = notificationFor('confirmation', {
      title: 'Fix\nthe <i>build</i>',
      action: command('echo "<img src=x onerror=alert(1)>"\n\u0007\u202eexe.txt; rm -rf ~'),
    });
    expect(words?.message).toBe(
      '`echo "<img src=x onerror=alert(1)>" exe.txt; rm -rf ~` · low risk — Fix the <i>build</i>',
    );
    const long = notificationFor('confirmation', {
      title: 'X',
      action: command(`npm run ${'a'.repeat(5000)}`),
    });
    const shown = /`([^`]*)`/.exec(long?.message ?? '')?.[1] ?? '';
    expect(shown.length).toBe(120);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('says nothing it cannot name: no action known, no buttons', () => {
    expect(notificationFor('confirmation', { title: 'X' })).toEqual({
      title: 'The agent asks for confirmation',
      message: 'X wants to run an action and waits for your go-ahead.',
    });
  });

  it('offers a short question’s choices as buttons, and Reply when the agent waits for input', () => {
    expect(
      notificationFor('question', {
        title: 'X',
        question: {
          text: 'Which one?',
          choices: {
            questionId: 'q',
            options: [
              { id: 'a', label: 'GitHub' },
              { id: 'b', label: `E-mail ${'and more '.repeat(20)}` },
            ],
          },
        },
      })?.buttons,
    ).toEqual([
      { title: 'GitHub', does: 'choice-0' },
      { title: 'E-mail and more and more and more and m…', does: 'choice-1' },
    ]);
    expect(notificationFor('input', { title: 'X' })?.buttons).toEqual([
      { title: 'Reply', does: 'reply' },
    ]);
  });
});

describe('showing a notification', () => {
  const settings = sanitiseSettings({
    servers: [{ id: 'work', name: 'Work', serverUrl: 'https://app.all-hands.dev' }],
  });

  it('keeps what it showed, and leaves the buttons off where the browser refuses them', async () => {
    const create = vi.spyOn(browser.notifications, 'create').mockImplementation((async (
      _id: string,
      options: { buttons?: unknown },
    ) => {
      if (options.buttons) throw new Error('Property "buttons" is unsupported by Firefox');
      return '';
    }) as never);
    const action = {
      key: 'v0:4',
      kind: 'command' as const,
      tool: 'run',
      command: 'npm test',
      path: null,
      operation: null,
      risk: null,
    };
    await notify('c9', 'confirmation', { title: 'Fix', action }, settings, 'work');
    expect(create).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenLastCalledWith(
      'handoff:c9',
      expect.not.objectContaining({ buttons: expect.anything() }),
    );
    const { readNotice } = await import('./attention');
    expect(await readNotice('handoff:c9')).toMatchObject({
      conversationId: 'c9',
      serverId: 'work',
      need: 'confirmation',
      actionKey: 'v0:4',
      buttons: [],
      message: '`npm test` — Fix',
    });
    // Learnt once: the next one goes without buttons straight away.
    await notify('c9', 'confirmation', { title: 'Fix', action }, settings, 'work');
    expect(create).toHaveBeenCalledTimes(3);
    create.mockRestore();
  });
});
