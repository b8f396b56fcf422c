import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { testSnapshot } from '@/lib/messaging/stream-snapshot-test-support';
import { defaultSettings } from '@/lib/settings/schema';
import { freshProfile } from '@/lib/settings/test-support';
import { WATCHED_RECORD, writeRecord } from '@/lib/settings/trusted-store';
import { eventFacts } from '@/lib/stream/event-facts';
import { ACTION_GRACE_MS, type HubEnvironment, StreamHub } from './stream-hub';

/** A service whose conversations are all stopped: streams read history and poll, no socket. */
function environment(calls: { created: number }): HubEnvironment {
  return {
    caller: async () => {
      calls.created++;
      // Reading the settings and the key takes a moment, as in the worker.
      await new Promise((resolve) => setTimeout(resolve, 10));
      return {
        caller: {
          async call(name: string) {
            if (name === 'v0.getConversation') return { conversation_id: 'abc', status: 'STOPPED' };
            return { events: [], has_more: false };
          },
        },
        settings: defaultSettings,
        apiKey: null,
        resolveUrl: (reference: string) => new URL(reference, 'http://127.0.0.1:3000'),
        agentServerBase: (url: string) => url,
      };
    },
    facts: eventFacts,
  };
}

/** A V1 conversation waiting for confirmation of `command` (its action unknown yet: null). */
function waitingFor(command: string | null, key = 'v1:a1'): StreamSnapshot {
  return testSnapshot('v1', {
    title: 'Fix the build',
    sandboxStatus: 'RUNNING',
    executionStatus: 'waiting_for_confirmation',
    action: command
      ? {
          key,
          kind: 'command',
          tool: 'terminal',
          command,
          path: null,
          operation: null,
          risk: 'LOW',
        }
      : undefined,
  });
}

describe('StreamHub', () => {
  beforeEach(() => {
    freshProfile();
    // Badge and notifications are beside the point here.
    vi.spyOn(browser.action, 'setBadgeText').mockResolvedValue(undefined as never);
    vi.spyOn(browser.action, 'setBadgeBackgroundColor').mockResolvedValue(undefined as never);
  });

  it('makes one stream for a conversation that a restart restores while a panel watches it', async () => {
    await writeRecord(WATCHED_RECORD, { abc: { generation: 'v0', since: 1 } });
    const calls = { created: 0 };
    const hub = new StreamHub(environment(calls));
    const [, watched] = await Promise.all([hub.restore(), hub.watch('abc', 'v0')]);
    expect(calls.created).toBe(1);
    expect(hub.stream('abc')).toBe(watched);
    watched.stop();
  });

  it('makes a stream again with the new settings when they change while it was being made', async () => {
    const calls = { created: 0 };
    const hub = new StreamHub(environment(calls));
    const watching = hub.watch('abc', 'v0');
    // The person saves another server while the first stream still reads the old settings.
    await vi.waitFor(() => expect(calls.created).toBe(1), { interval: 1 });
    const restarting = hub.restartAll();
    const [stream] = await Promise.all([watching, restarting]);
    expect(calls.created).toBe(2);
    expect(hub.stream('abc')).toBe(stream);
    stream.stop();
  });

  it('replaces a conversation’s notification when a newer action waits, and only then', async () => {
    const create = vi.spyOn(browser.notifications, 'create').mockResolvedValue('' as never);
    const hub = new StreamHub(environment({ created: 0 }));
    const notice = (
      hub as unknown as { noticeNeed(s: StreamSnapshot): Promise<void> }
    ).noticeNeed.bind(hub);
    await notice(waitingFor('npm test', 'v1:a1'));
    await notice(waitingFor('npm test', 'v1:a1'));
    await notice(waitingFor('npm run lint', 'v1:a2'));
    const messages = create.mock.calls.map(([id, options]) => [
      id,
      (options as unknown as { message: string }).message,
    ]);
    expect(messages).toEqual([
      ['handoff:c1', '`npm test` · low risk — Fix the build'],
      ['handoff:c1', '`npm run lint` · low risk — Fix the build'],
    ]);
  });

  describe('a wait for confirmation that comes before its action (a cold start)', () => {
    const running = () =>
      testSnapshot('v1', {
        title: 'Fix the build',
        sandboxStatus: 'RUNNING',
        executionStatus: 'running',
      });
    const setUp = () => {
      const create = vi.spyOn(browser.notifications, 'create').mockResolvedValue('' as never);
      create.mockClear();
      const hub = new StreamHub(environment({ created: 0 }));
      const notice = (
        hub as unknown as { noticeNeed(s: StreamSnapshot): Promise<void> }
      ).noticeNeed.bind(hub);
      const told = () =>
        create.mock.calls.map(([, options]) => (options as unknown as { message: string }).message);
      return { notice, told };
    };

    it('is told once, naming the action, when the action follows within the grace', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const { notice, told } = setUp();
        await notice(running());
        await notice(waitingFor(null));
        expect(told()).toEqual([]);
        await notice(waitingFor('npm test'));
        await vi.advanceTimersByTimeAsync(ACTION_GRACE_MS * 2);
        expect(told()).toEqual(['`npm test` · low risk — Fix the build']);
      } finally {
        vi.useRealTimers();
      }
    });

    it('is told without the action when none comes in time, and not when it ended meanwhile', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const { notice, told } = setUp();
        await notice(running());
        await notice(waitingFor(null));
        await vi.advanceTimersByTimeAsync(ACTION_GRACE_MS);
        await vi.waitFor(() => expect(told()).toHaveLength(1));
        expect(told()[0]).toContain('Fix the build');

        await notice(running());
        await notice(waitingFor(null));
        await notice(running());
        await vi.advanceTimersByTimeAsync(ACTION_GRACE_MS * 2);
        expect(told()).toHaveLength(1);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('tells a wait read from history only when asked to (a conversation the list alone knew)', async () => {
    const create = vi.spyOn(browser.notifications, 'create').mockResolvedValue('' as never);
    create.mockClear();
    const hub = new StreamHub(environment({ created: 0 }));
    const internals = hub as unknown as {
      noticeNeed(s: StreamSnapshot): Promise<void>;
      tellOnFirstRead: Set<string>;
    };
    const fromHistory = (id: string): StreamSnapshot => ({
      ...waitingFor('npm test'),
      conversationId: id,
      stateFromLive: false,
    });
    await internals.noticeNeed(fromHistory('c1'));
    expect(create).not.toHaveBeenCalled();
    internals.tellOnFirstRead.add('c2');
    await internals.noticeNeed(fromHistory('c2'));
    await internals.noticeNeed(fromHistory('c2'));
    expect(
      create.mock.calls.map(([, options]) => (options as unknown as { message: string }).message),
    ).toEqual(['`npm test` · low risk — Fix the build']);
  });
});
