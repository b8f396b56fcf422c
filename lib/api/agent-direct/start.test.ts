// The cancel of a start's clone, with a server played by hand, so each race can be set up
// exactly: a cancel before git was asked for, one while it runs, one as it finished.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { type StartSender, startOnAgentServer } from './start';

type Json = Record<string, unknown>;

interface Sent {
  name: string;
  params: Json;
}

/** A server that answers each command at once (exit 0), except the clone, held until let go. */
function fakeServer(options: { token?: boolean; removal?: number; stopRoute?: boolean } = {}) {
  const sent: Sent[] = [];
  let release: (answer: Json) => void = () => {};
  const clone = new Promise<Json>((resolve) => {
    release = resolve;
  });
  let cloneSent: () => void = () => {};
  const cloneAsked = new Promise<void>((resolve) => {
    cloneSent = resolve;
  });
  let cloneCommand: string | null = null;
  let secretAsked: () => void = () => {};
  const secret = new Promise<void>((resolve) => {
    secretAsked = resolve;
  });
  const sender: StartSender = {
    async send(name, _spec, params) {
      const p = params as Json;
      sent.push({ name, params: p });
      if (name === 'agentDirect.home') return { home: '/home/openhands' };
      if (name === 'agentDirect.getSecretValue') {
        secretAsked();
        return options.token ? 'ghp_secret' : '';
      }
      if (name === 'agentDirect.runCommand') {
        const command = String(p.command);
        if (command.includes(' clone ')) {
          cloneCommand = command;
          cloneSent();
          return clone;
        }
        if (command.startsWith('pkill')) {
          // The clone's session was ended: asyncio reports its shell killed by TERM.
          release({ exit_code: -15, stderr: "Cloning into '…'...\n" });
          return { exit_code: 0 };
        }
        if (command.startsWith('rm -rf')) return { exit_code: options.removal ?? 0 };
        return { exit_code: 0 };
      }
      if (name === 'agentDirect.recentCommands') {
        return {
          items: cloneCommand ? [{ kind: 'BashCommand', id: 'c0ffee', command: cloneCommand }] : [],
        };
      }
      if (name === 'agentDirect.stopCommand') {
        // Before 1.44 there is no such route: FastAPI's own 404.
        if (!options.stopRoute) {
          throw new ApiError('not-found', 'Not found', { status: 404, serverMessage: 'Not Found' });
        }
        release({ exit_code: -15, stderr: "Cloning into '…'...\n" });
        return { success: true };
      }
      if (name === 'agentDirect.getEncryptedSettings') {
        return { agent_settings: { llm: { model: 'm', api_key: 'k' } } };
      }
      if (name === 'agentDirect.startConversation') return { id: 'conversation' };
      return {};
    },
  };
  const commands = () =>
    sent.filter((s) => s.name === 'agentDirect.runCommand').map((s) => String(s.params.command));
  return { sender, sent, commands, release, cloneAsked, secret };
}

const request = {
  selected_repository: 'octo/widgets',
  git_provider: 'github',
  initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
};
const ID = '1a2b3c4d-0000-4000-8000-000000000000';
const FOLDER = '/home/openhands/handoff/widgets-1a2b3c4d';

function run(server: ReturnType<typeof fakeServer>, cancel: AbortController) {
  const steps: string[] = [];
  const started = startOnAgentServer(
    server.sender,
    ID,
    request,
    (status) => steps.push(status),
    cancel.signal,
  );
  return { steps, started };
}

describe('cancelling a start while it clones', () => {
  it('ends the clone’s session, removes its folder and the credential file, and starts nothing', async () => {
    const server = fakeServer({ token: true });
    const cancel = new AbortController();
    const { steps, started } = run(server, cancel);
    await server.cloneAsked;
    cancel.abort();
    await expect(started).rejects.toThrow(
      'Cloning octo/widgets was cancelled. Nothing was left on the server.',
    );
    const commands = server.commands();
    expect(commands.find((c) => c.startsWith('pkill -s'))).toContain(
      '[g]it .*clone .*/home/openhands/handoff/widgets-1a2b3c4d',
    );
    expect(commands).toContain(`rm -rf '${FOLDER}'`);
    expect(commands).toContain(`rm -f '/home/openhands/.handoff/credentials-${ID}'`);
    expect(commands.join('\n')).not.toContain('ghp_secret');
    expect(server.sent.map((s) => s.name)).not.toContain('agentDirect.startConversation');
    expect(steps).toEqual(['PREPARING_REPOSITORY']);
  });

  it('ends exactly the clone through the server’s stop route where it has one', async () => {
    const server = fakeServer({ token: true, stopRoute: true });
    const cancel = new AbortController();
    const { started } = run(server, cancel);
    await server.cloneAsked;
    cancel.abort();
    await expect(started).rejects.toThrow('Nothing was left on the server.');
    expect(server.sent.find((s) => s.name === 'agentDirect.stopCommand')?.params).toEqual({
      command_id: 'c0ffee',
    });
    expect(server.commands().some((c) => c.startsWith('pkill'))).toBe(false);
  });

  it('sends no clone at all when cancelled before git was asked for', async () => {
    const server = fakeServer();
    const cancel = new AbortController();
    const { started } = run(server, cancel);
    await server.secret;
    cancel.abort();
    await expect(started).rejects.toThrow('was cancelled. Nothing was left on the server.');
    const commands = server.commands();
    expect(commands.some((c) => c.includes(' clone '))).toBe(false);
    expect(commands.some((c) => c.startsWith('pkill'))).toBe(false);
  });

  it('removes a clone that finished as the cancel came, and names a folder it could not remove', async () => {
    const server = fakeServer({ removal: 1 });
    const cancel = new AbortController();
    const { started } = run(server, cancel);
    await server.cloneAsked;
    server.release({ exit_code: 0 });
    cancel.abort();
    await expect(started).rejects.toThrow(
      `Cloning octo/widgets was cancelled, but the folder ${FOLDER} may be left on the server. Remove it there if it is.`,
    );
    expect(server.sent.map((s) => s.name)).not.toContain('agentDirect.startConversation');
  });

  it('goes on once the clone step is over', async () => {
    const server = fakeServer();
    const cancel = new AbortController();
    const { steps, started } = run(server, cancel);
    await server.cloneAsked;
    server.release({ exit_code: 0 });
    await expect(started).resolves.toMatchObject({ conversationId: 'conversation' });
    cancel.abort();
    expect(steps).toEqual(['PREPARING_REPOSITORY', 'STARTING_CONVERSATION']);
    expect(server.commands().some((c) => c.startsWith('pkill') || c.startsWith('rm -rf'))).toBe(
      false,
    );
  });
});

describe('what a start gives the agent', () => {
  async function startBody(key: string | null, settings?: Json): Promise<Json> {
    const server = fakeServer({ token: true });
    const sender: StartSender = {
      async send(name, spec, params) {
        if (name === 'agentDirect.getEncryptedSettings' && settings) return settings;
        if (name === 'agentDirect.runCommand') return { exit_code: 0 };
        return server.sender.send(name, spec, params);
      },
    };
    const sent: Json[] = [];
    const recording: StartSender = {
      send(name, spec, params) {
        if (name === 'agentDirect.startConversation') sent.push((params as Json).body as Json);
        return sender.send(name, spec, params);
      },
    };
    await startOnAgentServer(
      recording,
      ID,
      { ...request, system_message_suffix: 'Mind the tests.' },
      () => {},
      new AbortController().signal,
      { key, chosenFolder: null },
    );
    expect(sent).toHaveLength(1);
    return sent[0] as Json;
  }

  it('lets the agent read the provider token: the lookup carries the server’s own key', async () => {
    const body = await startBody('server-key');
    expect(body.secrets).toEqual({
      GITHUB_TOKEN: {
        kind: 'LookupSecret',
        url: '/api/settings/secrets/github_token',
        headers: { 'X-Session-API-Key': 'server-key' },
      },
    });
    // The token itself is never part of the start.
    expect(JSON.stringify(body)).not.toContain('ghp_secret');
  });

  it('sends no header to a server that has no key', async () => {
    const body = await startBody(null);
    expect(body.secrets).toEqual({
      GITHUB_TOKEN: { kind: 'LookupSecret', url: '/api/settings/secrets/github_token' },
    });
  });

  it('asks the server to load the repository’s own instructions, keeping its other context', async () => {
    const body = await startBody('k', {
      agent_settings: {
        llm: { model: 'm', api_key: 'k' },
        agent_context: {
          load_project_skills: false,
          load_user_skills: true,
          system_message_suffix: 'Be brief.',
        },
      },
    });
    expect((body.agent_settings as Json).agent_context).toEqual({
      load_project_skills: true,
      load_user_skills: true,
      system_message_suffix: 'Be brief.\n\nMind the tests.',
    });
  });

  it('loads them when the server’s settings name no context at all', async () => {
    const body = await startBody('k');
    expect((body.agent_settings as Json).agent_context).toEqual({
      load_project_skills: true,
      system_message_suffix: 'Mind the tests.',
    });
  });
});

describe('a start on a server that runs each conversation in a container', () => {
  interface ContainerOptions {
    routes?: boolean;
    workspace?: string[];
    cloneExit?: number;
    createStatus?: number;
    messageLimit?: boolean;
    deleteFails?: boolean;
  }

  function containerServer(options: ContainerOptions = {}) {
    const sent: Sent[] = [];
    const sender: StartSender = {
      async send(name, _spec, params) {
        const p = params as Json;
        sent.push({ name, params: p });
        switch (name) {
          case 'agent.getServerInfo':
            return {
              conversation_runtime: 'docker',
              capabilities: options.routes === false ? [] : ['conversation_runtime_routes_v1'],
            };
          case 'agentDirect.getSecretValue':
            return 'ghp_secret';
          case 'agentDirect.getEncryptedSettings':
            return { agent_settings: { llm: { model: 'm', api_key: 'k' } } };
          case 'agentDirect.startConversation':
            if (options.createStatus) {
              throw new ApiError('server', 'failed', { status: options.createStatus });
            }
            return { id: ID };
          case 'agentDirect.runCommand': {
            const command = String(p.command);
            if (command === 'ls -A') {
              return { exit_code: 0, stdout: `${(options.workspace ?? ['.git']).join('\n')}\n` };
            }
            if (command.includes(' clone ')) {
              return options.cloneExit
                ? {
                    exit_code: options.cloneExit,
                    stderr: "remote: Repository not found.\nfatal: repository 'x' not found\n",
                  }
                : { exit_code: 0 };
            }
            return { exit_code: 0 };
          }
          case 'agentDirect.sendMessage':
            if (options.messageLimit) {
              throw new ApiError('rate-limited', 'limit', { status: 429, limit: 'run-capacity' });
            }
            return { success: true };
          case 'agentDirect.deleteConversation':
            if (options.deleteFails) throw new ApiError('server', 'no', { status: 500 });
            return { success: true };
          default:
            return {};
        }
      },
    };
    return { sender, sent };
  }

  async function start(options: ContainerOptions, cancel = new AbortController()) {
    const server = containerServer(options);
    const steps: string[] = [];
    const started = startOnAgentServer(
      server.sender,
      ID,
      { ...request, selected_branch: 'main' },
      (status) => steps.push(status),
      cancel.signal,
      { key: 'server-key', chosenFolder: '~/elsewhere' },
    );
    return { ...server, steps, started };
  }

  it('makes the conversation first, clones into its own workspace through its routes, then sends the task', async () => {
    const { sent, steps, started } = await start({});
    await expect(started).resolves.toEqual({ conversationId: ID, folder: null });
    const names = sent.map((s) => s.name);
    const create = sent.find((s) => s.name === 'agentDirect.startConversation')?.params
      .body as Json;
    expect(create.workspace).toEqual({ kind: 'LocalWorkspace', working_dir: '/workspace' });
    expect(create.initial_message).toBeUndefined();
    // The clone runs in the conversation's container, never on the server's own machine.
    const inContainer = sent.filter((s) =>
      ['agentDirect.runCommand', 'agentDirect.uploadFile'].includes(s.name),
    );
    expect(inContainer.every((s) => s.params.conversation_id === ID)).toBe(true);
    expect(sent.find((s) => s.name === 'agentDirect.uploadFile')?.params.path).toBe(
      '/workspace/.handoff-credentials-1a2b3c4d0000',
    );
    const commands = inContainer
      .filter((s) => s.name === 'agentDirect.runCommand')
      .map((s) => String(s.params.command));
    expect(commands).toEqual([
      "mv '/workspace/.handoff-credentials-1a2b3c4d0000' '/tmp/handoff-credentials-1a2b3c4d0000'",
      'ls -A',
      "rm -rf '/workspace/.git'",
      "mkdir -p '/' && git -c credential.helper='store --file=/tmp/handoff-credentials-1a2b3c4d0000' clone -b 'main' 'https://github.com/octo/widgets.git' '/workspace'",
      "rm -f '/tmp/handoff-credentials-1a2b3c4d0000' '/workspace/.handoff-credentials-1a2b3c4d0000'",
    ]);
    expect(JSON.stringify(sent.filter((s) => s.name !== 'agentDirect.uploadFile'))).not.toContain(
      'ghp_secret',
    );
    // The task goes once the code is there, so the agent's first step sees it and its rules.
    expect(names.indexOf('agentDirect.sendMessage')).toBeGreaterThan(
      names.lastIndexOf('agentDirect.runCommand'),
    );
    expect(sent.find((s) => s.name === 'agentDirect.sendMessage')?.params).toEqual({
      conversation_id: ID,
      body: { role: 'user', content: [{ type: 'text', text: 'Go.' }], run: true },
    });
    expect(steps).toEqual(['STARTING_CONVERSATION', 'PREPARING_REPOSITORY']);
  });

  it('says plainly when the server cannot run commands in a container, and makes nothing', async () => {
    const { sent, started } = await start({ routes: false });
    await expect(started).rejects.toThrow(
      'This agent server runs each conversation in a container of its own, and cannot run commands in one, so Handoff cannot clone octo/widgets where the agent works.',
    );
    expect(sent.map((s) => s.name)).not.toContain('agentDirect.startConversation');
  });

  it('says the container could not start', async () => {
    const { started } = await start({ createStatus: 502 });
    await expect(started).rejects.toThrow('could not start a container for this conversation');
  });

  it('takes the conversation away again when the clone fails, with git’s reason', async () => {
    const { sent, started } = await start({ cloneExit: 128 });
    await expect(started).rejects.toThrow('octo/widgets was not found');
    expect(sent.find((s) => s.name === 'agentDirect.deleteConversation')?.params).toEqual({
      conversation_id: ID,
    });
    expect(sent.map((s) => s.name)).not.toContain('agentDirect.sendMessage');
  });

  it('clones nothing into a workspace that already holds files, and says where a leftover is', async () => {
    const { sent, started } = await start({ workspace: ['.git', 'notes.txt'], deleteFails: true });
    await expect(started).rejects.toThrow(
      `already holds files, so octo/widgets was not cloned into it. The conversation ${ID} could not be removed from the server: delete it from the list.`,
    );
    const commands = sent
      .filter((s) => s.name === 'agentDirect.runCommand')
      .map((s) => String(s.params.command));
    expect(commands.some((c) => c.includes(' clone ') || c.startsWith('rm -rf'))).toBe(false);
  });

  it('is ready when the server keeps the task but its run limit holds the agent back', async () => {
    const { started } = await start({ messageLimit: true });
    await expect(started).resolves.toMatchObject({ conversationId: ID });
  });
});
