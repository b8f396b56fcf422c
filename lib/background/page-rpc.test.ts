import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshProfile } from '@/lib/settings/test-support';
import { handleRpc } from './page-rpc';

const answered: unknown[] = [];
vi.mock('./conversation-commands', () => ({
  sendMessage: vi.fn(),
  controlConversation: vi.fn(),
  answerQuestion: vi.fn(async (_hub: unknown, params: unknown) => {
    answered.push(params);
    return { done: true };
  }),
}));

// What waits now, oldest first, as the badge has it (the worker's list and streams).
let waitingNow: { id: string; serverId?: string; name: string; since: number }[] = [];
vi.mock('./badge', () => ({
  currentlyWaiting: () => waitingNow,
  watchedStates: () => ({}),
}));

const request = (params: unknown) => ({
  type: 'handoff/rpc',
  method: 'conversation.answer',
  params,
});

const valid = {
  conversationId: 'c1',
  generation: 'v1',
  requestId: 'req-1',
  action: 'accept',
  answers: { auth: [{ option_id: 'jwt', label: 'JWT bearer tokens' }] },
};

describe('an answer to the agent’s question, as a page asks the worker for it', () => {
  beforeEach(() => {
    freshProfile();
    answered.length = 0;
  });

  it('reaches the command once its fields are checked', async () => {
    expect(await handleRpc(request(valid))).toEqual({ ok: true, result: { done: true } });
    expect(answered).toEqual([valid]);
    // A decline needs no choices.
    await handleRpc(request({ ...valid, action: 'decline', answers: undefined }));
    expect(answered[1]).toMatchObject({ action: 'decline', answers: {} });
  });

  it('is refused in words, and nothing is sent, when it does not fit', async () => {
    const misfits = [
      { ...valid, action: 'approve' },
      { ...valid, requestId: '' },
      { ...valid, generation: 'v2' },
      // One selection per question arrives as a list from the panel; a bare string is not one.
      { ...valid, answers: { auth: 'jwt' } },
      { ...valid, answers: { auth: [{ option_id: 'jwt', label: 'JWT', extra: true }] } },
      { ...valid, answers: { auth: [{ option_id: 'jwt', label: 'x'.repeat(20_001) }] } },
      {
        ...valid,
        answers: { auth: Array.from({ length: 1001 }, () => ({ option_id: 'a', label: 'A' })) },
      },
    ];
    for (const params of misfits) {
      const answer = await handleRpc(request(params));
      expect(answer.ok, JSON.stringify(params).slice(0, 80)).toBe(false);
      expect(answer).toMatchObject({ error: { kind: 'validation' } });
    }
    expect(answered).toEqual([]);
  });
});

describe('the panel’s “next one that needs me”', () => {
  const next = (params: unknown) =>
    handleRpc({ type: 'handoff/rpc', method: 'conversations.nextWaiting', params });

  beforeEach(() => {
    freshProfile();
    waitingNow = [
      { id: 'old-1', serverId: 'default', name: 'Oldest', since: 1 },
      { id: 'new-2', serverId: 'second', name: 'Newer', since: 2 },
    ];
  });

  it('goes from the one on screen to the next waiting, oldest first, and round again', async () => {
    expect(await next({ after: 'elsewhere' })).toEqual({
      ok: true,
      result: { conversationId: 'old-1', serverId: 'default', waiting: 2 },
    });
    expect(await next({ after: 'old-1' })).toMatchObject({
      result: { conversationId: 'new-2', serverId: 'second' },
    });
    expect(await next({ after: 'new-2' })).toMatchObject({ result: { conversationId: 'old-1' } });
    // Without one on screen it goes on from its own last step (shared with the keyboard).
    expect(await next({})).toMatchObject({ result: { conversationId: 'new-2' } });
  });

  it('answers nothing when nothing waits, and refuses a malformed request', async () => {
    waitingNow = [];
    expect(await next({})).toEqual({ ok: true, result: null });
    expect(await next({ after: '' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});
