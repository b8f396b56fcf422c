// The `agent` kind as the real agent server 1.43.1 behaves where issue 25 found the service
// wrong (each difference with where upstream says so in agent-server/*.ts and README.md):
// lookup secrets really fetched through the server's own key check and used by the agent's
// commands, skills only by the switches, `full_state` after every run, pause and interrupt,
// `last_user_message_id` and per-call stats stored late, append-order search and resume,
// permessage-deflate, qualified event kinds, run/pause/interrupt, the run route's 404, the
// agent in ConversationInfo, and the simulated shell's pipes, redirections and git output.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningService } from './index';
import { agentSeedIds, agentSeedPaths } from './seed/agent-server';
import { wsprotoDeflateAnswer } from './stream/v1-websocket';
import { call, openV1Socket, sleep, startTestService, waitFor } from './test-support';

type Json = Record<string, unknown>;

const KEY = 'local-backend-key';
const headers = { 'X-Session-API-Key': KEY };
const GITHUB_TOKEN = 'ghp_LocalReferenceService0000000000000001';
const hex = (id: unknown) => String(id).replaceAll('-', '');

let svc: RunningService;

beforeAll(async () => {
  svc = await startTestService({ server: 'agent', apiKey: KEY, scenario: 'finish-quickly' });
});
afterAll(async () => {
  await svc.stop();
});

const api = (path: string, init: Parameters<typeof call>[1] = {}, on = svc) =>
  call<Json>(`${on.url}${path}`, { ...init, headers: { ...headers, ...init.headers } });

async function bash(command: string, cwd: string = agentSeedPaths.workspace) {
  const answer = await api('/api/bash/execute_bash_command', {
    method: 'POST',
    json: { command, cwd, timeout: 30 },
  });
  expect(answer.status).toBe(200);
  return answer.body as { exit_code: number; stdout: string | null; stderr: string | null };
}

function startBody(workingDir: string, extra: Json = {}): Json {
  return {
    workspace: { kind: 'LocalWorkspace', working_dir: workingDir },
    agent_settings: { llm: { model: 'anthropic/claude-sonnet-4-5-20250929' } },
    ...extra,
  };
}

const message = (text: string) => ({ role: 'user', content: [{ type: 'text', text }], run: true });

async function start(workingDir: string, extra: Json = {}, on = svc) {
  const answer = await api(
    '/api/conversations',
    { method: 'POST', json: startBody(workingDir, extra) },
    on,
  );
  expect(answer.status).toBe(201);
  return answer.body;
}

async function finished(id: unknown, on = svc) {
  await on.admin.waitIdle(hex(id));
  return (await on.admin.storedEvents(hex(id))).events as Json[];
}

/** What the agent's terminal showed for each command it ran, in order. */
function terminal(events: Json[]) {
  return events
    .filter((e) => (e.observation as Json | undefined)?.kind === 'TerminalObservation')
    .map((e) => {
      const observation = e.observation as Json;
      return {
        command: String(observation.command),
        exitCode: observation.exit_code,
        text: ((observation.content as Json[])[0] as Json).text as string,
      };
    });
}

const lastAgentText = (events: Json[]) => {
  const answer = events
    .filter((e) => e.kind === 'MessageEvent' && e.source === 'agent')
    .at(-1) as Json;
  return (((answer.llm_message as Json).content as Json[])[0] as Json).text as string;
};

const lookup = (extra: Json = {}) => ({
  GITHUB_TOKEN: { kind: 'LookupSecret', url: '/api/settings/secrets/github_token', ...extra },
});

describe('lookup secrets, as the agent uses them', () => {
  it('a lookup without the key header leaves the push failing; with it the push works, and the token is nowhere', async () => {
    // The workspace is a clone made through the bash route (no token in its remote).
    const dir = `${agentSeedPaths.workspace}/push-lookup`;
    expect(await bash(`git clone https://github.com/octo-org/widgets.git ${dir}`)).toMatchObject({
      exit_code: 0,
      stderr: `Cloning into '${dir}'...\n`,
    });

    // Without X-Session-API-Key among its headers the server's own route answers 401.
    const without = await start(dir, {
      initial_message: message('[scenario:push] Push this as a branch'),
      secrets: lookup(),
    });
    const failed = await finished(without.id);
    const [look, branch, push] = terminal(failed);
    expect(look).toMatchObject({
      exitCode: 0,
      text: 'origin\thttps://github.com/octo-org/widgets.git (fetch)\norigin\thttps://github.com/octo-org/widgets.git (push)\nmain',
    });
    const pushed = `openhands/push-${hex(without.id).slice(0, 8)}`;
    expect(branch).toMatchObject({ exitCode: 0, text: `Switched to a new branch '${pushed}'` });
    // $GITHUB_TOKEN was empty: git sent `x-access-token:` and GitHub refused it.
    expect(push?.command).toBe(
      `git push https://x-access-token:$GITHUB_TOKEN@github.com/octo-org/widgets.git HEAD:${pushed}`,
    );
    expect(push).toMatchObject({
      exitCode: 128,
      text: "remote: Invalid username or token. Password authentication is not supported for Git operations.\nfatal: Authentication failed for 'https://github.com/octo-org/widgets.git/'",
    });
    expect(lastAgentText(failed)).toContain('could not push');

    // With the server's key among the secret's own headers, the lookup gets the token.
    const withKey = await start(dir, {
      secrets: lookup({ headers: { 'X-Session-API-Key': KEY } }),
    });
    await finished(withKey.id);
    const socket = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${hex(withKey.id)}?session_api_key=${KEY}`,
    );
    await waitFor(() => socket.frames.length > 0);
    await api(`/api/conversations/${withKey.id}/events`, {
      method: 'POST',
      json: {
        content: [{ type: 'text', text: '[scenario:push] Push this as a branch' }],
        run: true,
      },
    });
    const done = await finished(withKey.id);
    await waitFor(() => socket.frames.filter((f) => f.key === 'full_state').length === 2);
    socket.ws.close();
    const branchName = `openhands/push-${hex(withKey.id).slice(0, 8)}`;
    const success = terminal(done)[2];
    expect(success).toMatchObject({
      exitCode: 0,
      // The agent's terminal is a tmux pane: git shows its pack summary, and the sideband's
      // clear-to-end-of-line leaves nothing behind.
      text: `Total 0 (delta 0), reused 0 (delta 0), pack-reused 0\nremote: \nremote: Create a pull request for '${branchName}' on GitHub by visiting:\nremote:      https://github.com/octo-org/widgets/pull/new/${branchName}\nremote: \nTo https://github.com/octo-org/widgets.git\n * [new branch]      HEAD -> ${branchName}`,
    });
    expect(lastAgentText(done)).toBe(`I pushed the branch \`${branchName}\` to octo-org/widgets.`);

    // The token is in no stored event, search answer, conversation, command log or frame.
    const everything = JSON.stringify([
      failed,
      done,
      (await api(`/api/conversations/${withKey.id}/events/search`)).body,
      (await api(`/api/conversations/${withKey.id}?include_skills=true`)).body,
      (await api('/api/bash/bash_events/search')).body,
      socket.raw,
    ]);
    expect(everything).not.toContain(GITHUB_TOKEN);
    // The secret is shown as the server holds it: an absolute url, its key header dropped.
    const info = (await api(`/api/conversations/${withKey.id}`)).body;
    expect((info.secret_registry as Json).secret_sources).toEqual({
      GITHUB_TOKEN: {
        kind: 'LookupSecret',
        description: null,
        url: `${svc.url}/api/settings/secrets/github_token`,
        headers: {},
      },
    });
  });

  it('fetches the secret through its own listener: a failing secrets route fails the push', async () => {
    const dir = `${agentSeedPaths.workspace}/push-fault`;
    await bash(`git clone https://github.com/octo-org/widgets.git ${dir}`);
    await svc.admin.failNext({
      path: '/api/settings/secrets/github_token',
      status: 503,
      times: 10,
    });
    try {
      const started = await start(dir, {
        initial_message: message('[scenario:push] Push it'),
        secrets: lookup({ headers: { 'X-Session-API-Key': KEY } }),
      });
      const push = terminal(await finished(started.id))[2];
      expect(push?.exitCode).toBe(128);
      expect(push?.text).toContain('fatal: Authentication failed');
    } finally {
      await svc.admin.clearFaults();
    }
  });

  it('masks a value the lookup resolved, and cannot mask one it never got', async () => {
    // A clone with the token in its URL, as the SDK's clone helper makes them.
    const dir = `${agentSeedPaths.workspace}/push-masked`;
    await bash(`git clone https://${GITHUB_TOKEN}@github.com/octo-org/widgets.git ${dir}`);
    const masked = await start(dir, {
      initial_message: message('[scenario:push] Push it'),
      secrets: lookup({ headers: { 'X-Session-API-Key': KEY } }),
    });
    const look = terminal(await finished(masked.id))[0];
    expect(look?.text).toContain(
      'origin\thttps://<secret-hidden>@github.com/octo-org/widgets.git (fetch)',
    );
    // Without the key the registry never learns the value, so the remote shows it as it is.
    const unmasked = await start(dir, {
      initial_message: message('[scenario:push] Push it'),
      secrets: lookup(),
    });
    const events = await finished(unmasked.id);
    expect(terminal(events)[0]?.text).toContain(`https://${GITHUB_TOKEN}@github.com`);
    // …and the push, which names $GITHUB_TOKEN, still has no token (the remote's is not used).
    expect(terminal(events)[2]?.exitCode).toBe(128);
  });

  it('static secrets: a StaticSecret works; a plain string is a 500 at start, fine through the secrets route', async () => {
    const dir = `${agentSeedPaths.workspace}/push-static`;
    await bash(`git clone https://github.com/octo-org/widgets.git ${dir}`);
    const started = await start(dir, {
      initial_message: message('[scenario:push] Push it'),
      secrets: { GITHUB_TOKEN: { kind: 'StaticSecret', value: GITHUB_TOKEN, description: 'gh' } },
    });
    expect(terminal(await finished(started.id))[2]?.exitCode).toBe(0);
    // ConversationInfo validates its redacted dump again: the value reads null; full_state
    // keeps the redaction.
    expect(((started.secret_registry as Json).secret_sources as Json).GITHUB_TOKEN).toEqual({
      kind: 'StaticSecret',
      description: 'gh',
      value: null,
    });
    const state = await stateOf(started.id);
    expect(((state.secret_registry as Json).secret_sources as Json).GITHUB_TOKEN).toMatchObject({
      value: '**********',
    });

    // StartConversationRequest.secrets is dict[str, SecretSource]: `data.pop("kind")` on a str.
    const plain = await api('/api/conversations', {
      method: 'POST',
      json: startBody(dir, { secrets: { GITHUB_TOKEN } }),
    });
    expect(plain.status).toBe(500);
    expect(plain.body).toMatchObject({
      detail: 'Internal Server Error',
      exception: "'str' object has no attribute 'pop'",
    });
    expect(JSON.stringify(plain.body)).not.toContain(GITHUB_TOKEN);

    // The conversation's secrets route turns plain strings into StaticSecrets.
    const later = await start(dir, {});
    expect(
      (
        await api(`/api/conversations/${later.id}/secrets`, {
          method: 'POST',
          json: { secrets: { GITHUB_TOKEN } },
        })
      ).body,
    ).toEqual({ success: true });
    await api(`/api/conversations/${later.id}/events`, {
      method: 'POST',
      json: { content: [{ type: 'text', text: '[scenario:push] now push' }], run: true },
    });
    expect(terminal(await finished(later.id))[2]?.exitCode).toBe(0);
  });
});

/** The `full_state` a new subscriber gets first. */
async function stateOf(id: unknown, on = svc): Promise<Json> {
  const socket = openV1Socket(
    `${on.url.replace('http', 'ws')}/sockets/events/${hex(id)}?session_api_key=${KEY}`,
  );
  const frame = await waitFor(() => socket.frames.find((f) => f.key === 'full_state'));
  socket.ws.close();
  return frame.value as Json;
}

const skillNames = async (id: unknown, on = svc) => {
  const info = (await api(`/api/conversations/${id}?include_skills=true`, {}, on)).body;
  return (((info.agent as Json).agent_context as Json).skills as Json[]).map((s) => s.name);
};

describe('skills only by the switches', () => {
  it('loads nothing by default; project skills on the first message with load_project_skills; public ones by their switch', async () => {
    const plain = await start(agentSeedPaths.widgets, { initial_message: message('hello') });
    await finished(plain.id);
    const context = (plain.agent as Json).agent_context as Json;
    expect(context).toMatchObject({
      load_user_skills: false,
      load_public_skills: false,
      load_project_skills: false,
    });
    expect(await skillNames(plain.id)).toEqual([]);

    const projectSettings = {
      llm: { model: 'anthropic/claude-sonnet-4-5-20250929', api_key: 'sk-ant-not-real' },
      agent_context: { load_project_skills: true },
    };
    // No message yet: nothing resolved.
    const lazy = await start(agentSeedPaths.widgets, { agent_settings: projectSettings });
    await finished(lazy.id);
    expect(await skillNames(lazy.id)).toEqual([]);
    await api(`/api/conversations/${lazy.id}/events`, {
      method: 'POST',
      json: { content: [{ type: 'text', text: 'go' }], run: true },
    });
    const events = await finished(lazy.id);
    const names = await skillNames(lazy.id);
    expect(names).toEqual(expect.arrayContaining(['agents', 'testing']));
    expect(names).not.toContain('github');
    // The agent changed: the state says so, with the whole agent, before the message.
    const update = events.findIndex((e) => e.key === 'agent');
    const userMessage = events.findIndex((e) => e.kind === 'MessageEvent' && e.source === 'user');
    expect(update).toBeGreaterThan(-1);
    expect(update).toBeLessThan(userMessage);
    const agent = events[update]?.value as Json;
    expect(((agent.agent_context as Json).skills as Json[]).map((s) => s.name)).toEqual(names);
    expect((agent.llm as Json).api_key).toBe('**********');

    const publicOnly = await start(agentSeedPaths.widgets, {
      agent_settings: { ...projectSettings, agent_context: { load_public_skills: true } },
      initial_message: message('hello'),
    });
    await finished(publicOnly.id);
    expect(await skillNames(publicOnly.id)).toEqual(['github', 'docker', 'npm']);
  });

  it('a start by agent profile loads the catalog and the project skills', async () => {
    const started = await start(agentSeedPaths.widgets, {
      agent_settings: undefined,
      agent_profile_id: agentSeedIds.agentProfile,
      initial_message: message('hello'),
    });
    await finished(started.id);
    expect((started.agent as Json).agent_context).toMatchObject({
      load_project_skills: true,
      load_public_skills: false,
      disabled_skills: [],
    });
    const names = await skillNames(started.id);
    expect(names).toEqual(expect.arrayContaining(['github', 'docker', 'npm', 'agents', 'testing']));
  });

  it('before 1.24.0 there is no switch: the workspace is never read', async () => {
    const old = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.23.0' });
    try {
      const started = await start(
        agentSeedPaths.widgets,
        {
          agent_settings: {
            llm: { model: 'm' },
            agent_context: { load_project_skills: true },
          },
          initial_message: message('hello'),
        },
        old,
      );
      await finished(started.id, old);
      expect(started.agent as Json).toMatchObject({ agent_context: { load_user_skills: false } });
      expect((started.agent as Json).agent_context).not.toHaveProperty('load_project_skills');
      expect(await skillNames(started.id, old)).toEqual([]);
    } finally {
      await old.stop();
    }
  });
});

describe('the run loop: state updates, stats and their order', () => {
  it('publishes full_state after every run end, pause and interrupt, and stores none of them', async () => {
    const started = await start(agentSeedPaths.widgets);
    const id = hex(started.id);
    await finished(id);
    const socket = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${id}?session_api_key=${KEY}`,
    );
    await waitFor(() => socket.frames.length > 0);
    await api(`/api/conversations/${started.id}/events`, {
      method: 'POST',
      json: { content: [{ type: 'text', text: 'hi' }], run: true },
    });
    await finished(id);
    const runEnd = await waitFor(() => {
      const index = socket.frames.findIndex((f, i) => i > 0 && f.key === 'full_state');
      return index > 0 ? index : null;
    });
    expect(socket.frames[runEnd - 2]).toMatchObject({ key: 'execution_status', value: 'finished' });
    expect(socket.frames[runEnd - 1]).toMatchObject({ key: 'stats' });
    expect(socket.frames[runEnd]).toMatchObject({ value: { execution_status: 'finished' } });

    // A new message resets `finished` to `idle` first; then a pause and an interrupt.
    await api(`/api/conversations/${started.id}/events`, {
      method: 'POST',
      json: { content: [{ type: 'text', text: 'wait' }], run: false },
    });
    expect((await api(`/api/conversations/${started.id}/pause`, { method: 'POST' })).status).toBe(
      200,
    );
    const afterPause = await waitFor(() => {
      const states = socket.frames.filter((f) => f.key === 'full_state');
      return states.length === 3 ? states[2] : null;
    });
    expect((afterPause.value as Json).execution_status).toBe('paused');
    await api(`/api/conversations/${started.id}/interrupt`, { method: 'POST' });
    await waitFor(() => socket.frames.filter((f) => f.key === 'full_state').length === 4);
    const kinds = socket.frames.slice(runEnd + 1).map((f) => `${f.kind}:${f.key ?? ''}`);
    expect(kinds).toEqual([
      'ConversationStateUpdateEvent:execution_status',
      'MessageEvent:',
      'ConversationStateUpdateEvent:last_user_message_id',
      'ConversationStateUpdateEvent:execution_status',
      'PauseEvent:',
      'ConversationStateUpdateEvent:full_state',
      'ConversationStateUpdateEvent:full_state',
    ]);
    const stored = (await svc.admin.storedEvents(id)).events;
    expect(stored.some((e) => e.key === 'full_state')).toBe(false);
    socket.ws.close();
  });

  it('announces last_user_message_id, and stores each call’s stats after later-stamped events', async () => {
    const started = await start(agentSeedPaths.widgets, { initial_message: message('finish') });
    const events = await finished(started.id);
    const user = events.find((e) => e.kind === 'MessageEvent' && e.source === 'user') as Json;
    const next = events[events.indexOf(user) + 1];
    expect(next).toMatchObject({ key: 'last_user_message_id', value: user.id });
    expect((await api(`/api/conversations/${started.id}`)).body.last_user_message_id).toBe(user.id);

    const tail = events.slice(-4);
    expect(tail.map((e) => `${e.kind}:${e.key ?? ''}`)).toEqual([
      'ActionEvent:',
      'ObservationEvent:',
      'ConversationStateUpdateEvent:execution_status',
      'ConversationStateUpdateEvent:stats',
    ]);
    const [action, observation, , stats] = tail as Json[];
    // Made when the model answered, before the action existed; stored after the step.
    expect(String(stats?.timestamp) < String(action?.timestamp)).toBe(true);
    expect(stats?.value).toMatchObject({
      usage_to_metrics: {
        agent: { model_name: 'anthropic/claude-sonnet-4-5-20250929', accumulated_cost: 0.012384 },
        condenser: { accumulated_cost: 0 },
      },
    });

    // events/search walks the log as stored: the stats come after the observation…
    const searched = (await api(`/api/conversations/${started.id}/events/search`)).body
      .items as Json[];
    expect(searched.slice(-2).map((e) => e.id)).toEqual([events.at(-2)?.id, stats?.id]);
    // …and a resume from the newest timestamp a client saw (the observation's) skips them.
    const resumed = openV1Socket(
      `${svc.url.replace('http', 'ws')}/sockets/events/${hex(started.id)}?session_api_key=${KEY}&resend_mode=since&after_timestamp=${observation?.timestamp}`,
    );
    await waitFor(() => resumed.frames.length >= 3);
    await sleep(50);
    expect(resumed.frames.map((f) => f.key ?? f.kind)).toEqual([
      'full_state',
      'ObservationEvent',
      'execution_status',
    ]);
    resumed.ws.close();
  });

  it('before 1.22.1 search sorted by timestamp, so the stats came first', async () => {
    const old = await startTestService({
      server: 'agent',
      apiKey: KEY,
      agentVersion: '1.22.0',
      scenario: 'finish-quickly',
    });
    try {
      const started = await api(
        '/api/conversations',
        {
          method: 'POST',
          json: {
            workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
            agent: { llm: { model: 'm' }, tools: [{ name: 'terminal' }] },
            initial_message: message('finish'),
          },
        },
        old,
      );
      await old.admin.waitIdle(hex(started.body.id));
      const items = (await api(`/api/conversations/${started.body.id}/events/search`, {}, old)).body
        .items as Json[];
      const kinds = items.map((e) => `${e.kind}:${e.key ?? ''}`);
      expect(kinds.indexOf('ConversationStateUpdateEvent:stats')).toBe(
        kinds.indexOf('ActionEvent:') - 1,
      );
    } finally {
      await old.stop();
    }
  });

  it('the event kind filter wants the class’s qualified name, in search and count', async () => {
    const path = `/api/conversations/${agentSeedIds.conversations.parserFix}/events`;
    expect((await api(`${path}/search?kind=MessageEvent`)).body.items).toEqual([]);
    expect((await api(`${path}/count?kind=MessageEvent`)).body).toBe(0);
    const qualified = 'openhands.sdk.event.llm_convertible.message.MessageEvent';
    const items = (await api(`${path}/search?kind=${qualified}`)).body.items as Json[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.kind === 'MessageEvent')).toBe(true);
    expect((await api(`${path}/count?kind=${qualified}`)).body).toBe(items.length);
  });
});

describe('run, pause and interrupt', () => {
  let paced: RunningService;
  beforeAll(async () => {
    paced = await startTestService({
      server: 'agent',
      apiKey: KEY,
      pace: 0.2,
      scenario: 'default',
    });
  });
  afterAll(async () => {
    await paced.stop();
  });

  /** A conversation on the paced server, idle, with a message stored that no run took up yet. */
  async function idleWithMessage() {
    const started = await start(agentSeedPaths.widgets, {}, paced);
    const id = hex(started.id);
    await paced.admin.waitIdle(id);
    await api(
      `/api/conversations/${started.id}/events`,
      { method: 'POST', json: { content: [{ type: 'text', text: 'Fix the parser' }] } },
      paced,
    );
    return { started, id };
  }

  it('run, then pause, then interrupt: paused and a PauseEvent at once, then the InterruptEvent; nothing after', async () => {
    const { started, id } = await idleWithMessage();
    const before = (await paced.admin.storedEvents(id)).events.length;
    expect(
      (await api(`/api/conversations/${started.id}/run`, { method: 'POST' }, paced)).body,
    ).toEqual({ success: true });
    // The model is thinking (the state is free): the pause goes in at once…
    await api(`/api/conversations/${started.id}/pause`, { method: 'POST' }, paced);
    // …and the interrupt cancels the step still under way.
    await api(`/api/conversations/${started.id}/interrupt`, { method: 'POST' }, paced);
    await sleep(1000);
    const stored = (await paced.admin.storedEvents(id)).events.slice(before);
    expect(stored.map((e) => `${e.kind}:${e.value ?? ''}`)).toEqual([
      'ConversationStateUpdateEvent:running',
      'ConversationStateUpdateEvent:paused',
      'PauseEvent:',
      'InterruptEvent:',
    ]);
    // Interrupting what is no longer running is a pause, which does nothing once paused.
    await api(`/api/conversations/${started.id}/interrupt`, { method: 'POST' }, paced);
    expect((await paced.admin.storedEvents(id)).events.length).toBe(before + 4);
  });

  it('a run while the paused run is still ending its step is refused; once it has ended, it goes on', async () => {
    const { started, id } = await idleWithMessage();
    await api(`/api/conversations/${started.id}/run`, { method: 'POST' }, paced);
    await api(`/api/conversations/${started.id}/pause`, { method: 'POST' }, paced);
    expect(
      await api(`/api/conversations/${started.id}/run`, { method: 'POST' }, paced),
    ).toMatchObject({
      status: 409,
      body: { detail: 'Conversation already running. Wait for completion or pause first.' },
    });
    // The step under way ends (the model's first answer and its tool's result), then the loop stops.
    await waitFor(async () =>
      (await paced.admin.storedEvents(id)).events.some((e) => e.kind === 'ObservationEvent'),
    );
    await sleep(300);
    const stopped = (await paced.admin.storedEvents(id)).events;
    expect(stopped.filter((e) => e.kind === 'ActionEvent')).toHaveLength(1);
    expect(
      (await api(`/api/conversations/${started.id}/run`, { method: 'POST' }, paced)).body,
    ).toEqual({ success: true });
    await waitFor(
      async () =>
        (await paced.admin.storedEvents(id)).events.filter((e) => e.kind === 'ActionEvent').length >
        1,
    );
  });

  it('a run on a finished conversation with nothing new stores nothing', async () => {
    const started = await start(
      agentSeedPaths.widgets,
      { initial_message: message('[scenario:finish-quickly] hi') },
      paced,
    );
    const events = await finished(started.id, paced);
    expect((await api(`/api/conversations/${started.id}`, {}, paced)).body.execution_status).toBe(
      'finished',
    );
    expect(
      (await api(`/api/conversations/${started.id}/run`, { method: 'POST' }, paced)).body,
    ).toEqual({ success: true });
    await sleep(300);
    expect((await paced.admin.storedEvents(hex(started.id))).events).toHaveLength(events.length);
  });

  it('run on an unknown conversation is the router’s bare 404', async () => {
    expect(await api(`/api/conversations/${'7'.repeat(32)}/run`, { method: 'POST' })).toMatchObject(
      {
        status: 404,
        body: { detail: 'Not Found' },
      },
    );
  });
});

describe('the agent in ConversationInfo', () => {
  it('has its key null and the fields of the 1.43 Agent, a condenser from the settings', async () => {
    const started = await start(agentSeedPaths.widgets, {
      agent_settings: { llm: { model: 'anthropic/claude-sonnet-4-5-20250929', api_key: 'sk-x' } },
    });
    const agent = started.agent as Json;
    expect((agent.llm as Json).api_key).toBeNull();
    expect(agent).toMatchObject({
      filter_tools_regex: null,
      system_prompt: null,
      critic: null,
      tool_concurrency_limit: 1,
      condenser: {
        llm: {
          model: 'anthropic/claude-sonnet-4-5-20250929',
          api_key: null,
          usage_id: 'condenser',
        },
        max_size: 240,
        keep_first: 2,
        minimum_progress: 0.1,
        hard_context_reset_max_retries: 5,
        hard_context_reset_context_scaling: 0.8,
        kind: 'LLMSummarizingCondenser',
      },
      kind: 'Agent',
    });
    // `dynamic_context` is a property of the agent, not a field: never in its dump.
    expect(agent).not.toHaveProperty('dynamic_context');
    // The state dump keeps the redaction and leaves nulls out.
    const state = await stateOf(started.id);
    expect((state.agent as Json).llm).toMatchObject({ api_key: '**********' });
    expect(state.agent).not.toHaveProperty('critic');

    // A condenser switched off in the settings is none.
    const bare = await start(agentSeedPaths.widgets, {
      agent_settings: { llm: { model: 'm' }, condenser: { enabled: false } },
    });
    expect((bare.agent as Json).condenser).toBeNull();
  });

  it('an older release has only the fields it knew', async () => {
    const old = await startTestService({ server: 'agent', apiKey: KEY, agentVersion: '1.17.0' });
    try {
      const started = await api(
        '/api/conversations',
        {
          method: 'POST',
          json: {
            workspace: { kind: 'LocalWorkspace', working_dir: agentSeedPaths.widgets },
            agent: { llm: { model: 'm' } },
          },
        },
        old,
      );
      const agent = started.body.agent as Json;
      expect(agent).toHaveProperty('tool_concurrency_limit', 1);
      expect(agent).toHaveProperty('critic', null);
      expect(agent).not.toHaveProperty('system_prompt');
    } finally {
      await old.stop();
    }
  });
});

describe('permessage-deflate', () => {
  it('is agreed as uvicorn’s wsproto agrees it', async () => {
    const url = `${svc.url.replace('http', 'ws')}/sockets/events/${agentSeedIds.conversations.parserFix}?session_api_key=${KEY}`;
    // ws offers `permessage-deflate; client_max_window_bits`, as Chromium does.
    const offered = new WebSocket(url);
    const answer = await new Promise<string | undefined>((resolve) =>
      offered.once('upgrade', (res) => resolve(res.headers['sec-websocket-extensions'] as string)),
    );
    expect(answer).toBe('permessage-deflate; client_max_window_bits=15');
    const first = await new Promise<Json>((resolve) =>
      offered.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    expect(first.key).toBe('full_state');
    offered.close();
    // Firefox offers it bare.
    expect(await upgradeAnswer(url, 'permessage-deflate')).toBe('permessage-deflate');
    // No offer, no extension.
    expect(await upgradeAnswer(url, null)).toBeUndefined();
    expect(
      wsprotoDeflateAnswer(
        'permessage-deflate; server_no_context_takeover; client_max_window_bits=10',
      ),
    ).toBe('permessage-deflate; server_no_context_takeover; client_max_window_bits=10');
  });
});

/** The `Sec-WebSocket-Extensions` of a handshake offering `offer`. */
function upgradeAnswer(url: string, offer: string | null): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url.replace('ws', 'http'), {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...(offer ? { 'Sec-WebSocket-Extensions': offer } : {}),
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.headers['sec-websocket-extensions'] as string | undefined);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the simulated shell', () => {
  it('pipes, sends stdout to stderr, and writes redirections to the disk', async () => {
    expect(await bash('echo hello | cat')).toMatchObject({ exit_code: 0, stdout: 'hello\n' });
    expect(await bash('ls | grep -c widgets')).toMatchObject({ stdout: '1\n' });
    expect(await bash('echo oops >&2')).toMatchObject({ stdout: null, stderr: 'oops\n' });
    expect(await bash('ls /nope 2> ../err.txt; cat ../err.txt')).toMatchObject({
      exit_code: 0,
      stdout: "ls: cannot access '/nope': No such file or directory\n",
      stderr: null,
    });
    expect(await bash('echo a > ../lines; echo b >> ../lines; wc -l < ../lines')).toMatchObject({
      stdout: '2\n',
    });
    // The last command's status is the pipeline's, as in dash.
    expect((await bash('false | true')).exit_code).toBe(0);
    expect(await bash('echo hi > /no/such/dir/x')).toMatchObject({
      exit_code: 2,
      stderr: '/bin/sh: 1: cannot create /no/such/dir/x: Directory nonexistent\n',
    });
    expect(await bash('echo a |')).toMatchObject({
      exit_code: 2,
      stderr: '/bin/sh: 1: Syntax error: end of file unexpected\n',
    });
    expect(await bash('| cat')).toMatchObject({
      stderr: '/bin/sh: 1: Syntax error: "|" unexpected\n',
    });
    // git's clone message goes to stderr, so only a redirection puts it in a pipe.
    expect(
      await bash('git clone https://github.com/octo-org/widgets.git piped 2>&1 | head -n 1'),
    ).toMatchObject({
      exit_code: 0,
      stdout: "Cloning into 'piped'...\n",
      stderr: null,
    });
  });

  it('prints git 2.39’s own words for the credentials in a clone URL', async () => {
    // A public repository is fetched without credentials: a token git never sends is never refused.
    expect(
      await bash('git clone https://ghp_wrong@github.com/octo-org/widgets.git wpub'),
    ).toMatchObject({
      exit_code: 0,
      stderr: "Cloning into 'wpub'...\n",
    });
    // A refused token given as the user name: git tried it with an empty password, then wants
    // a password it cannot read.
    expect(
      await bash('git clone https://ghp_wrong@github.com/acme-team/payments.git'),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "Cloning into 'payments'...\nfatal: could not read Password for 'https://ghp_wrong@github.com': No such device or address\n",
    });
    // Pushing needs credentials even to a public repository.
    const dir = `${agentSeedPaths.workspace}/wpub`;
    expect(
      await bash('git push origin HEAD:topic', `${agentSeedPaths.workspace}/push-lookup`),
    ).toMatchObject({
      exit_code: 128,
      stderr:
        "fatal: could not read Username for 'https://github.com': No such device or address\n",
    });
    const pushTopic = `git push https://x-access-token:${GITHUB_TOKEN}@github.com/octo-org/widgets.git HEAD:topic`;
    expect(await bash(pushTopic, dir)).toMatchObject({
      exit_code: 0,
      stderr:
        "remote: \nremote: Create a pull request for 'topic' on GitHub by visiting:        \nremote:      https://github.com/octo-org/widgets/pull/new/topic        \nremote: \nTo https://github.com/octo-org/widgets.git\n * [new branch]      HEAD -> topic\n",
    });
    // The same push again: the branch is there now.
    expect(await bash(pushTopic, dir)).toMatchObject({
      exit_code: 0,
      stderr: 'Everything up-to-date\n',
    });
  });
});
