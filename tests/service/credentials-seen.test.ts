import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { agentSeedIds } from './seed/agent-server';
import { call, openV1Socket, startTestService } from './test-support';

// The record the security journeys read: every credential offered, wherever it was put, on
// every listener, without changing a single answer.

describe('the credentials a service was offered', () => {
  let agent: RunningService;
  let v1: RunningService;

  beforeAll(async () => {
    agent = await startTestService({ server: 'agent', apiKey: 'agent-key-1' });
    v1 = await startTestService({ server: 'v1', apiKey: 'v1-key-2' });
  });
  afterAll(async () => {
    await agent.stop();
    await v1.stop();
  });

  it('records keys from headers, Bearer, the query and a socket’s auth frame, answers unchanged', async () => {
    const listed = await call(`${agent.url}/api/conversations/search?limit=1`, {
      headers: { 'X-Session-API-Key': 'agent-key-1' },
    });
    expect(listed.status).toBe(200);
    const refused = await call(`${agent.url}/api/conversations/search?limit=1`, {
      headers: { authorization: 'Bearer not-this-one' },
    });
    expect(refused.status).toBe(401);
    const id = agentSeedIds.conversations.parserFix;
    const socket = openV1Socket(`${agent.url.replace('http', 'ws')}/sockets/events/${id}`);
    await socket.opened;
    socket.ws.send(JSON.stringify({ type: 'auth', session_api_key: 'frame-key-3' }));
    // A wrong key in the frame closes the socket, as the agent server does.
    expect((await socket.closed).code).toBe(4001);
    await call(`${agent.url}/api/conversations/search?session_api_key=query-key-4`);

    const seen = agent.service.credentialsSeen.all();
    expect(seen.map(({ where, value }) => [where, value])).toEqual([
      ['x-session-api-key', 'agent-key-1'],
      ['authorization', 'not-this-one'],
      ['frame', 'frame-key-3'],
      ['query', 'query-key-4'],
    ]);
    expect(new Set(seen.map((one) => one.listener))).toEqual(new Set(['agent']));
    // The other service was offered nothing.
    expect(v1.service.credentialsSeen.values()).toEqual([]);
  });

  it('records the hosted kind’s cookie and X-Access-Token too', async () => {
    await call(`${v1.url}/api/v1/app-conversations/search?limit=1`, {
      headers: { 'X-Access-Token': 'token-5', cookie: 'theme=dark; api_key=cookie-6' },
    });
    expect(v1.service.credentialsSeen.values()).toEqual(['token-5', 'cookie-6']);
  });
});
