// The hosted service's start request: its daily conversation quota (starts beyond it answer 429
// with the limit, the count and when the day ends, the next UTC midnight; a start that fails
// gives its conversation back; the limit comes from the option or the admin helper), and the
// `system_prompt` and `disabled_skills` a self-hosted 1.11 app server does not know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { call, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'hosted-quota-key';
const headers = { Authorization: `Bearer ${KEY}` };

let svc: RunningService;
const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call<Json>(`${svc.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
const start = (extra: Json = {}) =>
  api('/api/v1/app-conversations', {
    method: 'POST',
    json: {
      initial_message: { role: 'user', content: [{ type: 'text', text: 'quota' }] },
      ...extra,
    },
  });

function nextUtcMidnight(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return `${next.toISOString().slice(0, 19)}+00:00`;
}

beforeAll(async () => {
  svc = await startTestService({
    server: 'hosted',
    apiKey: KEY,
    scenario: 'finish-quickly',
    dailyConversationLimit: 2,
  });
});
afterAll(async () => {
  await svc.stop();
});

describe('the daily conversation quota', () => {
  it('refuses the start after the limit with the count and the next UTC midnight', async () => {
    expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(200);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: {
        code: 'daily_conversation_limit_reached',
        message:
          'Daily conversation limit of 2 reached. Request a quota increase at /settings/quota.',
        limit: 2,
        used: 2,
        reset_at: nextUtcMidnight(),
      },
    });
    // A plain HTTPException: the hosted rate limiter's headers are not there.
    expect(refused.headers.get('retry-after')).toBeNull();
    const streamed = await api('/api/v1/app-conversations/stream-start', {
      method: 'POST',
      json: {},
    });
    expect(streamed.status).toBe(429);
    expect((streamed.body.detail as Json).code).toBe('daily_conversation_limit_reached');
  });

  it('follows the admin helper: unlimited, a usage set, and a limit of 0', async () => {
    await svc.admin.setDailyConversationQuota(null);
    expect((await start()).status).toBe(200);
    await svc.admin.setDailyConversationQuota(5, 5);
    expect((await start()).body).toMatchObject({ detail: { limit: 5, used: 5 } });
    await svc.admin.setDailyConversationQuota(0, 0);
    expect((await start()).body).toMatchObject({ detail: { limit: 0, used: 0 } });
  });

  it('gives back the conversation of a start that fails', async () => {
    await svc.admin.setDailyConversationQuota(1, 0);
    // Upstream's uncaught ValueError (a suggested task with a message of its own): 500.
    const crashed = await start({
      suggested_task: {
        git_provider: 'github',
        task_type: 'OPEN_ISSUE',
        repo: 'octo-org/widgets',
        issue_number: 1,
        title: 'Crash',
      },
    });
    expect(crashed.status).toBe(500);
    // A start task that ends in ERROR.
    const failing = await start({ sandbox_id: 'no-such-sandbox' });
    expect(failing.status).toBe(200);
    await waitFor(
      async () =>
        (
          (await api(`/api/v1/app-conversations/start-tasks?ids=${String(failing.body.id)}`))
            .body as unknown as Json[]
        )[0]?.status === 'ERROR',
    );
    // The one conversation of the day is still there to start.
    expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(429);
  });

  it('is off unless configured', async () => {
    const unlimited = await startTestService({ server: 'hosted', apiKey: KEY });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await call(`${unlimited.url}/api/v1/app-conversations`, {
          method: 'POST',
          headers,
          json: {},
        });
        expect(answer.status).toBe(200);
      }
    } finally {
      await unlimited.stop();
    }
  });

  it('keeps system_prompt and disabled_skills in the start task; a self-hosted 1.11 drops them', async () => {
    await svc.admin.setDailyConversationQuota(null);
    const fields = { system_prompt: 'Answer in haiku.', disabled_skills: ['github', 'security'] };
    const started = await start(fields);
    expect(started.status).toBe(200);
    const request = started.body.request as Json;
    expect(request).toMatchObject(fields);
    const keys = Object.keys(request);
    expect(keys.indexOf('system_prompt')).toBe(keys.indexOf('system_message_suffix') + 1);
    expect((await start({ disabled_skills: 'github' })).status).toBe(422);
    const selfHosted = await startTestService({ server: 'v1' });
    try {
      const task = await call<Json>(`${selfHosted.url}/api/v1/app-conversations`, {
        method: 'POST',
        json: fields,
      });
      expect(task.status).toBe(200);
      expect(task.body.request).not.toHaveProperty('system_prompt');
      expect(task.body.request).not.toHaveProperty('disabled_skills');
    } finally {
      await selfHosted.stop();
    }
  });
});
