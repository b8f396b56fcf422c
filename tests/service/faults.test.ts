// Fault controls and persistence: dropped sockets, refused connections, restarts (same ports,
// state kept), injected failures and delays, key rotation, raw and malformed traffic, deletions
// behind the client's back, the scenarios' volume and pace, and a data file across processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { call, openV0Socket, openV1Socket, startTestService, waitFor } from './test-support';

let svc: RunningService;

beforeAll(async () => {
  // V0 routes and Socket.IO exist only on the legacy kind.
  svc = await startTestService({
    server: 'legacy',
    runtime: 'standalone',
    scenario: 'finish-quickly',
  });
});
afterAll(async () => {
  await svc.stop();
});

type Json = Record<string, unknown>;

describe('connection faults', () => {
  it('drops every live stream; socket.io-client reconnects by itself', async () => {
    const id = svc.seedIds.v0.todoApp;
    const v0 = openV0Socket(svc.url, { conversation_id: id }, { reconnection: true });
    await v0.connected;
    const agent = svc.agentServerUrl(svc.seedIds.sandboxes.running) as string;
    const key = svc.service.data.sandboxes[svc.seedIds.sandboxes.running]?.session_api_key;
    const v1 = openV1Socket(
      `${agent.replace('http', 'ws')}/sockets/events/${svc.seedIds.v1.parserFix}?session_api_key=${key}`,
    );
    await v1.opened;
    const reasons: string[] = [];
    v0.socket.on('disconnect', (reason) => reasons.push(reason));
    expect(await svc.admin.dropSockets()).toBeGreaterThanOrEqual(2);
    expect((await v1.closed).code).toBe(1006);
    await waitFor(() => reasons.length > 0 && v0.socket.connected, { what: 'reconnect' });
    expect(reasons[0]).toBe('transport close');
    v0.socket.close();
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST' });
  });

  it('refuses connections for a while, then serves again on the same port', async () => {
    await svc.admin.refuseConnections(0.4);
    await expect(fetch(`${svc.url}/alive`)).rejects.toThrow();
    await waitFor(async () => (await fetch(`${svc.url}/alive`).catch(() => null))?.ok, {
      what: 'back up',
    });
  });

  it('restarts with the state kept and the same ports', async () => {
    const before = await call<{ results: Json[] }>(`${svc.url}/api/conversations?limit=100`);
    const port = svc.port;
    await svc.admin.restart();
    expect(svc.service.port).toBe(port);
    const after = await call<{ results: Json[] }>(`${svc.url}/api/conversations?limit=100`);
    expect(after.body.results.map((r) => r.conversation_id)).toEqual(
      before.body.results.map((r) => r.conversation_id),
    );
    expect((await svc.admin.state()).generation).toBe(1);
  });
});

describe('restart with nested runtimes', () => {
  it('keeps nested runtimes serving their socket after the server restarts', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const nested = await startTestService({ server: 'legacy', scenario: 'finish-quickly' });
    try {
      const created = await call<{ conversation_id: string }>(`${nested.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: 'survive a restart' },
      });
      const id = created.body.conversation_id;
      const info = await waitFor(async () => {
        const r = await call<Json>(`${nested.url}/api/conversations/${id}`);
        return r.body.url ? r.body : null;
      });
      const rec = openV0Socket(
        new URL(String(info.url)).origin,
        { conversation_id: id, session_api_key: String(info.session_api_key) },
        { reconnection: true },
      );
      await rec.connected;
      await nested.admin.waitIdle(id);
      await nested.admin.restart();
      await waitFor(() => rec.socket.connected, { what: 'reconnect' });
      const before = rec.received.length;
      rec.socket.emit('oh_user_action', { action: 'message', args: { content: 'still there?' } });
      await waitFor(() =>
        rec.received
          .slice(before)
          .some((p) => (p as Json).source === 'agent' && (p as Json).action === 'message'),
      );
      rec.socket.close();
    } finally {
      await nested.stop();
    }
  });
});

describe('injected failures', () => {
  it('fails the next requests of a route, then recovers', async () => {
    await svc.admin.failNext({
      path: '/api/conversations/{conversation_id}',
      status: 503,
      times: 2,
      body: { detail: 'busy' },
    });
    const url = `${svc.url}/api/conversations/${svc.seedIds.v0.todoApp}`;
    expect(await call(url)).toMatchObject({ status: 503, body: { detail: 'busy' } });
    expect((await call(url)).status).toBe(503);
    expect((await call(url)).status).toBe(200);
    await svc.admin.failNext({ method: 'GET', path: '/api/settings' });
    const plain = await call(`${svc.url}/api/settings`);
    expect(plain).toMatchObject({ status: 500, text: 'Internal Server Error' });
  });

  it('delays responses', async () => {
    await svc.admin.delay({ path: '/api/options/*', ms: 250, times: 1 });
    const started = Date.now();
    await call(`${svc.url}/api/options/models`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    const quick = Date.now();
    await call(`${svc.url}/api/options/models`);
    expect(Date.now() - quick).toBeLessThan(240);
    await svc.admin.clearFaults();
  });

  it('rotates the key so the client gets 401', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const keyed = await startTestService({ server: 'legacy', apiKey: 'first', seed: false });
    try {
      expect(
        (
          await call(`${keyed.url}/api/options/agents`, {
            headers: { 'X-Session-API-Key': 'first' },
          })
        ).status,
      ).toBe(200);
      await keyed.admin.rotateKey({ key: 'second' });
      expect(
        (
          await call(`${keyed.url}/api/options/agents`, {
            headers: { 'X-Session-API-Key': 'first' },
          })
        ).status,
      ).toBe(401);
      expect(keyed.apiKey).toBe('second');
    } finally {
      await keyed.stop();
    }
  });
});

describe('raw and malformed traffic', () => {
  it('stores and broadcasts arbitrary V0 events (XSS, huge, unknown types)', async () => {
    const id = svc.seedIds.v0.quickQuestion;
    const rec = openV0Socket(svc.url, { conversation_id: id, latest_event_id: '1000' });
    await rec.connected;
    const stored = await svc.admin.appendEvents(id, [
      {
        source: 'agent',
        action: 'message',
        message: '<img src=x onerror=alert(1)>',
        args: { content: '<script>alert(1)</script>' },
      },
      {
        source: 'environment',
        observation: 'run',
        content: 'y'.repeat(200_000),
        extras: { command: 'yes' },
      },
      { source: 'agent', action: 'teleport', args: { to: 'mars' } },
    ]);
    const ids = stored.map((e) => e.id as number);
    expect(ids[1]).toBe((ids[0] as number) + 1);
    expect(ids[2]).toBe((ids[0] as number) + 2);
    const live = await waitFor(() => {
      const found = ids.map((eventId) => rec.received.find((p) => (p as Json).id === eventId));
      return found.every(Boolean) ? (found as Json[]) : null;
    });
    // The environment's run output is re-labelled live, stored as sent.
    expect(live[1]).toMatchObject({ source: 'agent', content: 'y'.repeat(200_000) });
    expect(live[2]?.action).toBe('teleport');
    const history = await call<{ events: Json[] }>(
      `${svc.url}/api/conversations/${id}/events?start_id=${ids[0]}&end_id=${ids[2]}`,
    );
    expect(history.body.events.map((e) => e.id)).toEqual(ids);
    expect(history.body.events[1]?.source).toBe('environment');
    expect(history.body.events[0]?.args).toEqual({ content: '<script>alert(1)</script>' });
    rec.socket.close();
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST' });
  });

  it('sends malformed and oversized frames on both streams', async () => {
    const id = svc.seedIds.v0.renameFile;
    const rec = openV0Socket(svc.url, { conversation_id: id });
    await rec.connected;
    const disconnected = new Promise<string>((resolve) => rec.socket.on('disconnect', resolve));
    expect(await svc.admin.sendFrame(id, 'oversized', { bytes: 4_500_000 })).toBe(1);
    await waitFor(() =>
      rec.received.some((p) => String((p as Json).message ?? '').length === 4_500_000),
    );
    await svc.admin.sendFrame(id, 'malformed');
    expect(await disconnected).toBe('parse error');
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST' });

    const agent = svc.agentServerUrl(svc.seedIds.sandboxes.running) as string;
    const key = svc.service.data.sandboxes[svc.seedIds.sandboxes.running]?.session_api_key;
    const ws = openV1Socket(
      `${agent.replace('http', 'ws')}/sockets/events/${svc.seedIds.v1.parserFix}?session_api_key=${key}`,
    );
    await waitFor(() => ws.frames.length >= 1);
    await svc.admin.sendFrame(svc.seedIds.v1.parserFix, 'malformed');
    await svc.admin.sendFrame(svc.seedIds.v1.parserFix, 'not-an-event');
    await waitFor(() => ws.raw.length >= 3);
    expect(() => JSON.parse(ws.raw[1] as string)).toThrow();
    expect(JSON.parse(ws.raw[2] as string)).toEqual({ hello: 'world' });
    await svc.admin.appendEvents(svc.seedIds.v1.parserFix, [
      { kind: 'FutureEvent', source: 'agent', payload: 1 },
    ]);
    await waitFor(() => ws.frames.some((f) => f.kind === 'FutureEvent'));
    ws.ws.close();
  });

  it('puts a sandbox in ERROR behind the client', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const other = await startTestService({ server: 'legacy' });
    try {
      const sandboxId = other.seedIds.sandboxes.running;
      await other.admin.failSandbox(sandboxId, 'OOMKilled');
      const [sandbox] = (await call<Json[]>(`${other.url}/api/v1/sandboxes?id=${sandboxId}`)).body;
      expect(sandbox).toMatchObject({ status: 'ERROR', session_api_key: null, exposed_urls: null });
      const info = await call<Json>(`${other.url}/api/conversations/${other.seedIds.v1.parserFix}`);
      expect(info.body.status).toBe('ERROR');
    } finally {
      await other.stop();
    }
  });

  it('plays a scenario chosen for a conversation that already ran', async () => {
    const id = svc.seedIds.v0.renameFile;
    await svc.admin.setScenario(id, 'awaiting-confirmation');
    const rec = openV0Socket(svc.url, { conversation_id: id, latest_event_id: '1000' });
    await rec.connected;
    await waitFor(() =>
      rec.received.find(
        (p) =>
          ((p as Json).extras as Json | undefined)?.agent_state === 'awaiting_user_confirmation',
      ),
    );
    const stored = await svc.admin.storedEvents(id);
    expect(stored.events.filter((e) => e.action === 'system')).toHaveLength(0);
    rec.socket.close();
    await call(`${svc.url}/api/conversations/${id}/stop`, { method: 'POST' });
  });

  it('deletes conversations and sandboxes behind the client', async () => {
    const id = svc.seedIds.v0.game2048;
    expect(await svc.admin.deleteConversation(id)).toBe(true);
    expect((await call(`${svc.url}/api/conversations/${id}`)).text).toBe('null');
    expect(await svc.admin.deleteSandbox(svc.seedIds.sandboxes.paused)).toBe(true);
    const [app] = (
      await call<Json[]>(`${svc.url}/api/v1/app-conversations?ids=${svc.seedIds.v1.parserFixDone}`)
    ).body;
    expect(app?.sandbox_status).toBe('MISSING');
  });
});

describe('scenarios', () => {
  it('plays the long scenario (10,000 events) in order and replays it on connect', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const fast = await startTestService({ server: 'legacy', runtime: 'standalone', pace: 0 });
    try {
      const created = await call<{ conversation_id: string }>(`${fast.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: '[scenario:long] go' },
      });
      const id = created.body.conversation_id;
      await waitFor(async () => (await fast.admin.storedEvents(id)).events.length > 10_000, {
        timeoutMs: 20_000,
      });
      await fast.admin.waitIdle(id);
      const { events } = await fast.admin.storedEvents(id);
      expect(events.map((e) => e.id)).toEqual([...events.keys()]);
      expect(events.length).toBeGreaterThanOrEqual(10_006);
      const rec = openV0Socket(fast.url, { conversation_id: id });
      await rec.connected;
      expect(rec.receivedBeforeConnect).toBeGreaterThan(9_000);
      rec.socket.close();
    } finally {
      await fast.stop();
    }
  });

  it('paces live events at a steady rate when asked', async () => {
    // V0 routes and Socket.IO exist only on the legacy kind.
    const steady = await startTestService({
      server: 'legacy',
      runtime: 'standalone',
      pace: 0,
      eventsPerSecond: 200,
    });
    try {
      const created = await call<{ conversation_id: string }>(`${steady.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: '[scenario:long] go' },
      });
      const id = created.body.conversation_id;
      await waitFor(async () => (await steady.admin.storedEvents(id)).events.length >= 20);
      const started = Date.now();
      await waitFor(async () => (await steady.admin.storedEvents(id)).events.length >= 80);
      // 60 events at 200 per second: about 300 ms (a timer per event, never faster).
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      await steady.stop();
    }
  });
});

describe('persistence', () => {
  it('restores state from the data file in a new process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'handoff-service-'));
    const file = join(dir, 'state.json');
    try {
      // V0 routes and Socket.IO exist only on the legacy kind.
      const first = await startTestService({
        server: 'legacy',
        dataFile: file,
        scenario: 'finish-quickly',
      });
      const created = await call<{ conversation_id: string }>(`${first.url}/api/conversations`, {
        method: 'POST',
        json: { initial_user_msg: 'remember me' },
      });
      const id = created.body.conversation_id;
      await first.admin.waitIdle(id);
      await call(`${first.url}/api/conversations/${id}`, {
        method: 'PATCH',
        json: { title: 'Persisted' },
      });
      await call(`${first.url}/api/secrets`, {
        method: 'POST',
        json: { name: 'KEPT', value: 'v' },
      });
      const events = (await first.admin.storedEvents(id)).events;
      await first.stop();

      // V0 routes and Socket.IO exist only on the legacy kind.
      const second = await startTestService({ server: 'legacy', dataFile: file });
      try {
        const info = await call<Json>(`${second.url}/api/conversations/${id}`);
        expect(info.body).toMatchObject({ title: 'Persisted', status: 'STOPPED' });
        expect((await second.admin.storedEvents(id)).events).toEqual(events);
        expect(
          (await call<{ custom_secrets: Json[] }>(`${second.url}/api/secrets`)).body.custom_secrets,
        ).toContainEqual({
          name: 'KEPT',
          description: '',
        });
        const [sandbox] = (
          await call<Json[]>(
            `${second.url}/api/v1/sandboxes?id=${second.seedIds.sandboxes.running}`,
          )
        ).body;
        expect(sandbox?.status).toBe('RUNNING');
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('time passing', () => {
  const running = {
    kind: 'ConversationStateUpdateEvent',
    source: 'environment',
    key: 'execution_status',
    value: 'running',
  };
  const stampedAt = (event: Record<string, unknown> | undefined) =>
    Date.parse(String(event?.timestamp));

  it('stamps everything after it later by the time passed, until the service stops', async () => {
    const own = await startTestService({ server: 'v1' });
    const id = own.seedIds.v1.parserFix;
    try {
      const [before] = await own.admin.appendEvents(id, [running]);
      expect(await own.admin.passTime(12 * 60_000)).toEqual({ ahead_ms: 12 * 60_000 });
      const [after] = await own.admin.appendEvents(id, [running]);
      const gap = stampedAt(after) - stampedAt(before);
      expect(gap).toBeGreaterThanOrEqual(12 * 60_000);
      expect(gap).toBeLessThan(13 * 60_000);
      // The record's last change moved with it, as the app server's list shows it.
      const record = own.service.data.app_conversations[id.replaceAll('-', '')];
      expect(Date.parse(String(record?.updated_at)) - Date.now()).toBeGreaterThan(11 * 60_000);
      await expect(own.admin.passTime(-1)).rejects.toThrow();
    } finally {
      await own.stop();
    }
    const next = await startTestService({ server: 'v1' });
    try {
      const [fresh] = await next.admin.appendEvents(next.seedIds.v1.parserFix, [running]);
      expect(Math.abs(stampedAt(fresh) - Date.now())).toBeLessThan(60_000);
    } finally {
      await next.stop();
    }
  });
});
