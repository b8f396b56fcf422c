// The agent's questions on agent servers 1.54+ (agent-server/ask-user.ts): the scenario pauses
// on an AskUserRequestEvent, `respond_to_ask_user` answers it with upstream's checks and words,
// and the agent goes on with the tool's observation; 1.43 has neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from './index';
import { agentSeedPaths } from './seed/agent-server';
import { call, openV1Socket, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'ask-user-key';
const headers = { 'X-Session-API-Key': KEY };

function client(svc: RunningService) {
  const api = (path: string, init: Parameters<typeof call>[1] = {}) =>
    call<Json>(`${svc.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  const start = async (text: string) => {
    const answer = await api('/api/conversations', {
      method: 'POST',
      json: {
        workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
        agent_settings: {
          llm: { model: 'anthropic/claude-sonnet-4-5-20250929' },
          tools: [{ name: 'terminal' }],
        },
        initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
      },
    });
    expect(answer.status).toBe(201);
    return String(answer.body.id);
  };
  return { api, start };
}

const hex = (id: string) => id.replaceAll('-', '');

async function events(svc: RunningService, id: string): Promise<Json[]> {
  return (await svc.admin.storedEvents(hex(id))).events as Json[];
}

async function waitingQuestion(svc: RunningService, id: string): Promise<Json> {
  const { api } = client(svc);
  await waitFor(
    async () =>
      (await api(`/api/conversations/${id}`)).body.execution_status === 'waiting_for_confirmation',
    { what: 'the question' },
  );
  const request = (await events(svc, id)).find((e) => e.kind === 'AskUserRequestEvent');
  if (!request) throw new Error('no AskUserRequestEvent stored');
  return request;
}

const answerPath = (id: string) => `/api/conversations/${id}/events/respond_to_ask_user`;

describe('an agent server 1.54', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.54.0' });
  });
  afterAll(() => svc.stop());

  it('pauses on the question: the ask_user action, its request, then waiting_for_confirmation', async () => {
    const { start } = client(svc);
    const id = await start('[scenario:ask-user] Add a login page');
    const request = await waitingQuestion(svc, id);
    const stored = await events(svc, id);
    const action = stored.find(
      (e) => e.kind === 'ActionEvent' && (e.action as Json).kind === 'AskUserAction',
    ) as Json;
    expect(action.tool_name).toBe('ask_user');
    expect(request).toMatchObject({
      source: 'agent',
      action_id: action.id,
      tool_call_id: action.tool_call_id,
      tool_name: 'ask_user',
      questions: [
        {
          id: 'auth',
          multi_select: false,
          options: [{ id: 'jwt' }, { id: 'session' }, { id: 'oauth', description: null }],
        },
      ],
    });
    // The step's `stats` update is stored once the step lets go of the state, after what it
    // stored itself (1.43.1's run loop): not part of the order asked about here.
    const order = stored
      .filter((e) => !(e.kind === 'ConversationStateUpdateEvent' && e.key === 'stats'))
      .map((e) => (e.kind === 'ConversationStateUpdateEvent' ? e.value : e.kind));
    expect(order.slice(-3)).toEqual([
      'ActionEvent',
      'AskUserRequestEvent',
      'waiting_for_confirmation',
    ]);
    // Nothing answers the tool call while the person has not.
    expect(stored.some((e) => e.kind === 'ObservationEvent' && e.action_id === action.id)).toBe(
      false,
    );
  });

  it('an accepted answer is stored as lists, published, and the agent goes on with it', async () => {
    const { api, start } = client(svc);
    const id = await start('[scenario:ask-user] Add a login page');
    const request = await waitingQuestion(svc, id);
    const socket = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${hex(id)}?session_api_key=${KEY}`,
    );
    await socket.opened;
    await waitFor(() => socket.frames.length > 0, { what: 'the first frame' });
    const answer = await api(answerPath(id), {
      method: 'POST',
      // One selection per question, as upstream's TypeScript client sends it.
      json: {
        request_id: request.request_id,
        action: 'accept',
        answers: { auth: { option_id: 'jwt', label: 'JWT bearer tokens' } },
      },
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    await svc.admin.waitIdle(hex(id));
    const stored = await events(svc, id);
    const response = stored.find((e) => e.kind === 'AskUserResponseEvent');
    expect(response).toMatchObject({
      source: 'user',
      request_id: request.request_id,
      action: 'accept',
      answers: { auth: [{ option_id: 'jwt', label: 'JWT bearer tokens' }] },
    });
    const observation = stored.find(
      (e) => e.kind === 'ObservationEvent' && e.action_id === request.action_id,
    ) as Json;
    expect(observation.observation).toMatchObject({
      kind: 'AskUserObservation',
      resolution: 'accept',
      message: 'User answered:\n- Which sign-in should the login page use? -> JWT bearer tokens',
    });
    expect((await api(`/api/conversations/${id}`)).body.execution_status).toBe('finished');
    // On the socket: the response, then the state (still waiting), then the run resuming.
    // Frames come compressed, so they may trail what is stored.
    await waitFor(
      () =>
        socket.frames.some(
          (f) => f.kind === 'ConversationStateUpdateEvent' && f.value === 'finished',
        ),
      { what: 'the run’s end on the socket' },
    );
    const kinds = socket.frames.map((f) =>
      f.kind === 'ConversationStateUpdateEvent' ? `${f.key}:${String(f.value)}` : f.kind,
    );
    const at = kinds.indexOf('AskUserResponseEvent');
    expect(at).toBeGreaterThan(0);
    const state = socket.frames[at + 1] as Json;
    expect(state).toMatchObject({ key: 'full_state' });
    expect((state.value as Json).execution_status).toBe('waiting_for_confirmation');
    expect(kinds.slice(at + 2)).toContain('execution_status:running');
    socket.ws.close();
  });

  it('decline and cancel reach the agent in upstream’s words', async () => {
    const { api, start } = client(svc);
    for (const [action, message] of [
      ['decline', 'User declined to answer the question(s).'],
      [
        'cancel',
        'The question was dismissed (cancelled). Proceed using your best judgement or try a different approach.',
      ],
    ] as const) {
      const id = await start('[scenario:ask-user] Add a login page');
      const request = await waitingQuestion(svc, id);
      expect(
        (
          await api(answerPath(id), {
            method: 'POST',
            json: { request_id: request.request_id, action },
          })
        ).status,
      ).toBe(200);
      await svc.admin.waitIdle(hex(id));
      const observation = (await events(svc, id)).find(
        (e) => e.kind === 'ObservationEvent' && e.action_id === request.action_id,
      ) as Json;
      expect(observation.observation).toMatchObject({ resolution: action, message, answers: {} });
    }
  });

  it('a question without choices takes the typed words as its answer', async () => {
    const { api, start } = client(svc);
    const id = await start('[scenario:ask-user-free] Add a command');
    const request = await waitingQuestion(svc, id);
    expect((request.questions as Json[])[0]).toMatchObject({ id: 'name', options: [] });
    const answer = await api(answerPath(id), {
      method: 'POST',
      json: {
        request_id: request.request_id,
        action: 'accept',
        answers: { name: [{ option_id: 'free-text', label: 'handoff deploy' }] },
      },
    });
    expect(answer.status).toBe(200);
    await svc.admin.waitIdle(hex(id));
    const observation = (await events(svc, id)).find(
      (e) => e.kind === 'ObservationEvent' && e.action_id === request.action_id,
    ) as Json;
    expect((observation.observation as Json).message).toContain('-> handoff deploy');
  });

  it('refuses what matches no pending question, or what it does not offer, with 409 and stores nothing', async () => {
    const { api, start } = client(svc);
    const id = await start('[scenario:ask-user] Add a login page');
    const request = await waitingQuestion(svc, id);
    const refused = async (body: Json) => {
      const before = (await events(svc, id)).length;
      const answer = await api(answerPath(id), { method: 'POST', json: body });
      expect((await events(svc, id)).length).toBe(before);
      return answer;
    };
    expect(await refused({ request_id: 'not-this-one', action: 'cancel' })).toMatchObject({
      status: 409,
      body: { detail: 'The response request_id does not match the pending ask_user request.' },
    });
    expect(
      await refused({
        request_id: request.request_id,
        action: 'accept',
        answers: { auth: { option_id: 'saml', label: 'SAML' } },
      }),
    ).toMatchObject({
      status: 409,
      body: { detail: "Unknown option id 'saml' for question 'auth'." },
    });
    expect(
      await refused({
        request_id: request.request_id,
        action: 'accept',
        answers: {
          auth: [
            { option_id: 'jwt', label: 'JWT' },
            { option_id: 'session', label: 'Sessions' },
          ],
        },
      }),
    ).toMatchObject({
      status: 409,
      body: { detail: "Question 'auth' does not allow multiple selections." },
    });
    expect(
      await refused({
        request_id: request.request_id,
        action: 'accept',
        answers: { colour: [{ option_id: 'red', label: 'Red' }] },
      }),
    ).toMatchObject({ status: 409, body: { detail: "Unknown question id 'colour'." } });
    const wrongAction = await refused({ request_id: request.request_id, action: 'approve' });
    expect(wrongAction.status).toBe(422);
    expect((wrongAction.body.detail as Json[])[0]).toMatchObject({
      type: 'literal_error',
      loc: ['body', 'action'],
    });
    expect(
      await refused({ request_id: request.request_id, action: 'accept', answers: { auth: 'jwt' } }),
    ).toMatchObject({ status: 422 });

    // Answered once: a second answer finds nothing pending.
    expect(
      (
        await api(answerPath(id), {
          method: 'POST',
          json: { request_id: request.request_id, action: 'decline' },
        })
      ).status,
    ).toBe(200);
    expect(
      await api(answerPath(id), {
        method: 'POST',
        json: { request_id: request.request_id, action: 'decline' },
      }),
    ).toMatchObject({
      status: 409,
      body: { detail: 'No pending ask_user request for this conversation.' },
    });
    expect((await events(svc, id)).filter((e) => e.kind === 'AskUserResponseEvent')).toHaveLength(
      1,
    );
  });

  it('an unknown conversation is 404; a deleted one too', async () => {
    const { api, start } = client(svc);
    const unknown = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
    expect(
      await api(answerPath(unknown), {
        method: 'POST',
        json: { request_id: 'r', action: 'cancel' },
      }),
    ).toMatchObject({ status: 404, body: { detail: `Conversation not found: ${unknown}` } });
    const id = await start('[scenario:ask-user] Add a login page');
    const request = await waitingQuestion(svc, id);
    expect((await api(`/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(
      (
        await api(answerPath(id), {
          method: 'POST',
          json: { request_id: request.request_id, action: 'cancel' },
        })
      ).status,
    ).toBe(404);
  });

  it('a run or a message while the question is open pauses on it again', async () => {
    const { api, start } = client(svc);
    const id = await start('[scenario:ask-user] Add a login page');
    await waitingQuestion(svc, id);
    const before = (await events(svc, id)).length;
    expect((await api(`/api/conversations/${id}/run`, { method: 'POST' })).status).toBe(200);
    expect(
      (
        await api(`/api/conversations/${id}/events`, {
          method: 'POST',
          json: { role: 'user', content: [{ type: 'text', text: 'Any news?' }], run: true },
        })
      ).status,
    ).toBe(200);
    await svc.admin.waitIdle(hex(id));
    const added = (await events(svc, id)).slice(before);
    expect(
      added.map((e) => (e.kind === 'ConversationStateUpdateEvent' ? e.value : e.kind)),
    ).toEqual([
      'running',
      'waiting_for_confirmation',
      'MessageEvent',
      // The message's id, stored as the state's `last_user_message_id` (1.11.5+).
      added.find((e) => e.kind === 'MessageEvent')?.id,
      'running',
      'waiting_for_confirmation',
    ]);
    expect((await api(`/api/conversations/${id}`)).body.execution_status).toBe(
      'waiting_for_confirmation',
    );
  });
});

describe('an agent server 1.43', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.43.1' });
  });
  afterAll(() => svc.stop());

  it('never asks, and has no route to answer with', async () => {
    const { api, start } = client(svc);
    const id = await start('[scenario:ask-user] Add a login page');
    await svc.admin.waitIdle(hex(id));
    expect((await events(svc, id)).some((e) => e.kind === 'AskUserRequestEvent')).toBe(false);
    // The path matches `GET …/events/{event_id}`, so a POST is a 405 there.
    const answer = await api(answerPath(id), {
      method: 'POST',
      json: { request_id: 'r', action: 'cancel' },
    });
    expect(answer).toMatchObject({ status: 405, body: { detail: 'Method Not Allowed' } });
  });
});

describe('a 1.54 sandbox of the app server', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ server: 'v1', agentVersion: '1.54.0' });
  });
  afterAll(() => svc.stop());

  it('asks and is answered on the conversation’s own agent server', async () => {
    const auth: Record<string, string> = svc.apiKey ? { 'X-Session-API-Key': svc.apiKey } : {};
    const started = await call<Json>(`${svc.url}/api/v1/app-conversations`, {
      method: 'POST',
      headers: auth,
      json: {
        initial_message: {
          role: 'user',
          content: [{ type: 'text', text: '[scenario:ask-user] Add a login page' }],
        },
      },
    });
    expect(started.status).toBe(200);
    const taskId = String(started.body.id);
    const task = await waitFor(
      async () => {
        const list = (
          await call<Json[]>(`${svc.url}/api/v1/app-conversations/start-tasks?ids=${taskId}`, {
            headers: auth,
          })
        ).body;
        const found = list?.[0];
        return found?.status === 'READY' ? found : null;
      },
      { what: 'the start task' },
    );
    const conversationId = String(task.app_conversation_id);
    const conversation = await waitFor(
      async () => {
        const list = (
          await call<Json[]>(`${svc.url}/api/v1/app-conversations?ids=${conversationId}`, {
            headers: auth,
          })
        ).body;
        const found = list?.[0];
        return found?.execution_status === 'waiting_for_confirmation' ? found : null;
      },
      { what: 'the question' },
    );
    const request = (await events(svc, conversationId)).find(
      (e) => e.kind === 'AskUserRequestEvent',
    ) as Json;
    const url = String(conversation.conversation_url);
    const answer = await call<Json>(`${url}/events/respond_to_ask_user`, {
      method: 'POST',
      headers: { 'X-Session-API-Key': String(conversation.session_api_key) },
      json: {
        request_id: request.request_id,
        action: 'accept',
        answers: { auth: [{ option_id: 'oauth', label: 'OAuth with GitHub' }] },
      },
    });
    expect(answer.status).toBe(200);
    await svc.admin.waitIdle(conversationId);
    expect(
      (await events(svc, conversationId)).some(
        (e) =>
          e.kind === 'ObservationEvent' &&
          (e.observation as Json).kind === 'AskUserObservation' &&
          String((e.observation as Json).message).includes('OAuth with GitHub'),
      ),
    ).toBe(true);
  });
});
