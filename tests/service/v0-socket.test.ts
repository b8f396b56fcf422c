// The V0 Socket.IO stream with real clients: the replay is written before the CONNECT packet
// (proved on the raw wire and with socket.io-client), the live filter and re-labelling,
// steering with oh_user_action, confirmations, refusals and upstream's silent hangs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningService } from './index';
import { call, openV0Socket, sleep, startTestService, waitFor } from './test-support';

let svc: RunningService;

beforeAll(async () => {
  // V0 routes and Socket.IO exist only on the legacy kind.
  svc = await startTestService({
    server: 'legacy',
    runtime: 'standalone',
    apiKey: 'k3y',
    scenario: 'finish-quickly',
  });
});
afterAll(async () => {
  await svc.stop();
});

const auth = { 'X-Session-API-Key': 'k3y' };
type Payload = Record<string, unknown>;
const isEvent = (p: unknown): p is Payload & { id: number } =>
  typeof p === 'object' && p !== null && typeof (p as Payload).id === 'number';

async function createConversation(message: string): Promise<string> {
  const created = await call<{ conversation_id: string }>(`${svc.url}/api/conversations`, {
    method: 'POST',
    headers: auth,
    json: { initial_user_msg: message, repository: 'octo-org/widgets' },
  });
  expect(created.status).toBe(200);
  return created.body.conversation_id;
}

describe('connect sequence', () => {
  it('writes the replay before the CONNECT packet (raw Engine.IO frames)', async () => {
    const id = svc.seedIds.v0.todoApp;
    const ws = new WebSocket(
      `${svc.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket&conversation_id=${id}&latest_event_id=-1&session_api_key=k3y`,
    );
    const frames: string[] = [];
    ws.on('message', (data) => {
      const frame = data.toString();
      frames.push(frame);
      if (frame.startsWith('0{')) ws.send('40');
    });
    await waitFor(() => frames.some((f) => f.startsWith('40{')), { what: 'CONNECT packet' });
    ws.close();
    const connectAt = frames.findIndex((f) => f.startsWith('40{'));
    const events = frames.slice(1, connectAt).map((f) => {
      expect(f.startsWith('42["oh_event",')).toBe(true);
      return JSON.parse(f.slice(2))[1] as Payload;
    });
    // Null observations (2, 6, 16) skipped; agent_state_changed (0, 3, 5, 17) held back, last one last.
    expect(events.map((e) => e.id)).toEqual([1, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17]);
    expect(events.at(-1)).toMatchObject({
      observation: 'agent_state_changed',
      source: 'environment',
    });
    // Stored sources are kept on replay (the environment's change_agent_state included).
    expect(events[0]).toMatchObject({ action: 'change_agent_state', source: 'environment' });
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST', headers: auth });
  });

  it('socket.io-client gets the buffered replay delivered before its connect handler', async () => {
    const id = svc.seedIds.v0.quickQuestion;
    const rec = openV0Socket(svc.url, {
      conversation_id: id,
      latest_event_id: '3',
      session_api_key: 'k3y',
    });
    await rec.connected;
    expect(rec.receivedBeforeConnect).toBe(4);
    expect(rec.received.slice(0, 4).map((e) => (e as Payload).id)).toEqual([6, 9, 12, 15]);
    // Connecting started the loop: status updates and state changes follow live.
    const ready = await waitFor(() =>
      rec.received.find(
        (p) => (p as Payload).status_update && (p as Payload).id === 'STATUS$READY',
      ),
    );
    expect(ready).toMatchObject({ type: 'info', status_update: true });
    const waiting = await waitFor(() =>
      rec.received.find(
        (p) =>
          isEvent(p) && (p.extras as Payload | undefined)?.agent_state === 'awaiting_user_input',
      ),
    );
    // Live environment events are re-labelled as the agent's.
    expect(waiting).toMatchObject({ source: 'agent' });
    const stored = await svc.admin.storedEvents(id);
    const same = stored.events.find((e) => e.id === (waiting as Payload).id);
    expect(same?.source).toBe('environment');
    rec.socket.close();
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST', headers: auth });
  });

  it('creates metadata for an unknown conversation id, like the default validator', async () => {
    const id = 'b'.repeat(32);
    const rec = openV0Socket(svc.url, { conversation_id: id, session_api_key: 'k3y' });
    await rec.connected;
    const info = await call<Payload>(`${svc.url}/api/conversations/${id}`, { headers: auth });
    expect(info.body).toMatchObject({ conversation_id: id, title: 'Conversation bbbbb' });
    rec.socket.close();
    await call(`${svc.url}/api/conversations/${id}`, { method: 'DELETE', headers: auth });
  });
});

describe('refusals and hangs', () => {
  it('refuses with connect_error messages', async () => {
    const noId = openV0Socket(svc.url, { session_api_key: 'k3y' });
    await expect(noId.connected).rejects.toThrow('No conversation_id in query params');
    expect(noId.socket.active).toBe(false);
    const wrongKey = openV0Socket(svc.url, {
      conversation_id: svc.seedIds.v0.todoApp,
      session_api_key: 'nope',
    });
    await expect(wrongKey.connected).rejects.toThrow('invalid_session_api_key');
  });

  it('hangs when the key is missing or providers_set is invalid', async () => {
    const missing = openV0Socket(svc.url, { conversation_id: svc.seedIds.v0.todoApp });
    const badProvider = openV0Socket(svc.url, {
      conversation_id: svc.seedIds.v0.todoApp,
      session_api_key: 'k3y',
      providers_set: 'github,sourcehut',
    });
    await sleep(600);
    for (const rec of [missing, badProvider]) {
      expect(rec.socket.connected).toBe(false);
      expect(rec.connectError).toBeNull();
      expect(rec.received).toEqual([]);
      rec.socket.close();
    }
  });

  it('refuses with Settings not found on a fresh install, after the replay', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const fresh = await startTestService({ server: 'legacy', seed: false, runtime: 'standalone' });
    try {
      const rec = openV0Socket(fresh.url, { conversation_id: 'c'.repeat(32) });
      await expect(rec.connected).rejects.toThrow('Settings not found');
      expect((rec.connectError as Error & { data?: unknown }).data).toEqual({
        msg_id: 'CONFIGURATION$SETTINGS_NOT_FOUND',
      });
    } finally {
      await fresh.stop();
    }
  });
});

describe('steering a live conversation', () => {
  it('echoes a message with an integer id and its timestamp, then the agent answers', async () => {
    const id = await createConversation('Summarise the README');
    const rec = openV0Socket(svc.url, { conversation_id: id, session_api_key: 'k3y' });
    await rec.connected;
    await waitFor(() => rec.received.find((p) => isEvent(p) && p.action === 'finish'), {
      what: 'finish',
    });
    await svc.admin.waitIdle(id);
    const timestamp = '2025-11-02T10:15:03.123456';
    rec.socket.emit('oh_user_action', {
      action: 'message',
      args: { content: 'And the licence?', image_urls: [], file_urls: [], timestamp },
    });
    const echo = await waitFor(() =>
      rec.received.find(
        (p) => isEvent(p) && p.source === 'user' && p.message === 'And the licence?',
      ),
    );
    expect(echo).toMatchObject({
      action: 'message',
      timestamp,
      args: { content: 'And the licence?' },
    });
    const reply = await waitFor(() =>
      rec.received.find((p) => isEvent(p) && p.source === 'agent' && p.action === 'message'),
    );
    expect((reply as Payload).id).toBeGreaterThan((echo as Payload).id as number);
    // The legacy event name works too; a malformed payload is dropped without an answer.
    rec.socket.emit('oh_action', { type: 'message', source: 'user', message: 'wrong shape' });
    rec.socket.emit('oh_action', { action: 'change_agent_state', args: { agent_state: 'paused' } });
    await waitFor(() =>
      rec.received.find(
        (p) => isEvent(p) && (p.extras as Payload | undefined)?.agent_state === 'paused',
      ),
    );
    rec.socket.emit('oh_user_action', {
      action: 'change_agent_state',
      args: { agent_state: 'stopped' },
    });
    await waitFor(() =>
      rec.received.find(
        (p) => isEvent(p) && (p.extras as Payload | undefined)?.agent_state === 'stopped',
      ),
    );
    const stored = await svc.admin.storedEvents(id);
    expect(stored.events.some((e) => e.message === 'wrong shape')).toBe(false);

    // A PATCH announces the new title on the socket.
    await call(`${svc.url}/api/conversations/${id}`, {
      method: 'PATCH',
      headers: auth,
      json: { title: 'Licence' },
    });
    await waitFor(() =>
      rec.received.find((p) => (p as Payload).conversation_title === 'Licence'),
    ).then((payload) =>
      expect(payload).toEqual({
        status_update: true,
        type: 'info',
        message: id,
        conversation_title: 'Licence',
      }),
    );

    // Closing the conversation sends the id-less "stopped".
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST', headers: auth });
    const closed = await waitFor(() =>
      rec.received.find((p) => !isEvent(p) && (p as Payload).observation === 'agent_state_changed'),
    );
    expect(closed).toEqual({
      message: '',
      observation: 'agent_state_changed',
      content: '',
      extras: { agent_state: 'stopped', reason: '' },
    });
    rec.socket.close();
  });

  it('runs the pending action on user_confirmed, answers user_rejected with an observation', async () => {
    for (const verdict of ['user_confirmed', 'user_rejected'] as const) {
      const id = await createConversation('[scenario:awaiting-confirmation] Rebuild please');
      const rec = openV0Socket(svc.url, { conversation_id: id, session_api_key: 'k3y' });
      await rec.connected;
      const pending = (await waitFor(() =>
        rec.received.find(
          (p) =>
            isEvent(p) &&
            (p.args as Payload | undefined)?.confirmation_state === 'awaiting_confirmation',
        ),
      )) as Payload;
      await waitFor(() =>
        rec.received.find(
          (p) =>
            isEvent(p) &&
            (p.extras as Payload | undefined)?.agent_state === 'awaiting_user_confirmation',
        ),
      );
      rec.socket.emit('oh_user_action', {
        action: 'change_agent_state',
        args: { agent_state: verdict },
      });
      const reissued = (await waitFor(() =>
        rec.received.find(
          (p) =>
            isEvent(p) &&
            p.action === 'run' &&
            (p.args as Payload).confirmation_state ===
              (verdict === 'user_confirmed' ? 'confirmed' : 'rejected'),
        ),
      )) as Payload;
      expect(reissued.id).not.toBe(pending.id);
      expect((reissued.args as Payload).thought).toBe('');
      const answer = (await waitFor(() =>
        rec.received.find((p) => isEvent(p) && p.cause === reissued.id),
      )) as Payload;
      expect(answer.observation).toBe(verdict === 'user_confirmed' ? 'run' : 'user_rejected');
      await waitFor(() =>
        rec.received.find(
          (p) =>
            isEvent(p) && (p.extras as Payload | undefined)?.agent_state === 'awaiting_user_input',
        ),
      );
      rec.socket.close();
      await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST', headers: auth });
    }
  });

  it('reports runtime errors as an error status_update and agent state error', async () => {
    const id = await createConversation('[scenario:error] Go');
    const rec = openV0Socket(svc.url, { conversation_id: id, session_api_key: 'k3y' });
    await rec.connected;
    const status = await waitFor(() => rec.received.find((p) => (p as Payload).type === 'error'));
    expect(status).toEqual({
      status_update: true,
      type: 'error',
      id: 'STATUS$ERROR_LLM_OUT_OF_CREDITS',
      message: "You're out of OpenHands Credits.",
    });
    expect(
      rec.received.some(
        (p) => isEvent(p) && (p.extras as Payload | undefined)?.agent_state === 'error',
      ),
    ).toBe(true);
    rec.socket.close();
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST', headers: auth });
  });
});

describe('nested runtime socket', () => {
  it('serves the conversation socket on its runtime with the per-conversation key', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const nested = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
    try {
      const created = await call<{ conversation_id: string }>(`${nested.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: 'hello' },
      });
      const id = created.body.conversation_id;
      const info = await call<{ url: string; session_api_key: string }>(
        `${nested.url}/api/conversations/${id}`,
      );
      const origin = new URL(info.body.url).origin;
      const hang = openV0Socket(origin, { conversation_id: id });
      const rec = openV0Socket(origin, {
        conversation_id: id,
        session_api_key: info.body.session_api_key,
      });
      await rec.connected;
      await waitFor(() => rec.received.find((p) => isEvent(p) && p.action === 'finish'));
      // The main server of a nested deployment cannot join: no answer there.
      const main = openV0Socket(nested.url, { conversation_id: id });
      await sleep(300);
      expect(main.socket.connected).toBe(false);
      expect(main.connectError).toBeNull();
      expect(hang.socket.connected).toBe(false);
      expect(hang.connectError).toBeNull();
      for (const r of [hang, rec, main]) r.socket.close();
    } finally {
      await nested.stop();
    }
  });
});
