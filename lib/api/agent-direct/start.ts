// A conversation started on an agent server with no app server: the repository is cloned into a
// folder of its own on the server's machine, the branch checked out, then the conversation starts
// there with the server's own agent settings and the person's message. Each step is reported the
// way an app server reports its start tasks, so the side panel follows it the same way.
import { itemNamedIn } from '../conversation-summary';
import type { RequestSpec } from '../endpoint';
import { agentGetServerInfo } from '../endpoints/live';
import { ApiError } from '../errors';
import {
  type ClonePlan,
  type CloneProblem,
  type CloneProvider,
  cloneCommand,
  cloneFolderName,
  cloneHosts,
  cloneProblemOf,
  cloneRoot,
  cloneStopCommand,
  credentialLine,
  isBranchName,
  isCloneProvider,
  isRepositoryName,
  shellQuote,
  tokenSecretName,
} from './clone';
import { type OriginTags, originTags, text } from './records';
import {
  agentDirectDeleteConversation,
  agentDirectGetEncryptedSettings,
  agentDirectGetSecretValue,
  agentDirectHome,
  agentDirectSendMessage,
  agentDirectStartConversation,
  agentDirectUpdateConversation,
  conversationMachine,
  serverMachine,
} from './requests';

type Json = Record<string, unknown>;

export interface StartSender {
  send(name: string, spec: RequestSpec, params: unknown): Promise<unknown>;
}

export type StartStatus = 'PREPARING_REPOSITORY' | 'STARTING_CONVERSATION';

/** What a start needs to know of the server beyond its routes. */
export interface StartServer {
  /**
   * The server's own key, or null where it has none. The agent reads the provider token through
   * a lookup the server makes of its own secrets route, with only the headers the lookup names:
   * without the key among them, a server that checks keys refuses it and the agent's token is
   * empty (docs/contract/server-generations.md#agent-server-direct).
   */
  key: string | null;
  /** The clone folder the person chose for this server in the options, if any. */
  chosenFolder: string | null;
}

/** Why a start stopped, in words a person can act on. */
export class StartProblem extends Error {}

/** How long git may take before the clone is given up (the server kills the command). */
export const CLONE_TIMEOUT_S = 300;

const problemWords: Record<CloneProblem, (plan: ClonePlan) => string> = {
  'token-rejected': (plan) =>
    `${cloneHosts[plan.provider].name} refused the token saved on the server as ${tokenSecretName(plan.provider)}. Replace it in Handoff’s options (Secrets), then start again.`,
  'needs-token': (plan) =>
    `${plan.repository} needs a token to clone: it is private or does not exist. Save one as ${tokenSecretName(plan.provider)} in Handoff’s options (Secrets), then start again.`,
  'not-found': (plan) =>
    `${plan.repository} was not found. Check the repository’s name, and that the token saved as ${tokenSecretName(plan.provider)} can read it.`,
  'branch-missing': (plan) =>
    `The branch ${plan.branch ?? ''} does not exist in ${plan.repository}. Pick another branch and start again.`,
  'folder-exists': (plan) =>
    `The folder ${plan.folder} already exists on the server, so nothing was cloned. Remove it or start again (a new start uses a new folder).`,
  'timed-out': (plan) =>
    `Cloning ${plan.repository} took longer than ${CLONE_TIMEOUT_S / 60} minutes, so it was stopped. Try again, or clone it on the server yourself.`,
  failed: (plan) => `Cloning ${plan.repository} failed. The server said:`,
};

function object(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** Where the conversation came from, from the V1 start request the panel built. */
function originOf(request: Json, folder: string | null): OriginTags {
  const task = object(request.suggested_task);
  const pulls = Array.isArray(request.pr_number) ? request.pr_number : [];
  const origin: OriginTags = {
    source: 'handoff',
    repository: text(request.selected_repository) ?? undefined,
    branch: text(request.selected_branch) ?? undefined,
    provider: text(request.git_provider) ?? undefined,
  };
  if (folder) origin.folder = folder;
  const taskNumber = typeof task.issue_number === 'number' ? String(task.issue_number) : undefined;
  if (typeof pulls[0] === 'number') origin.pull = String(pulls[0]);
  else if (task.task_type === 'OPEN_PR' && taskNumber) origin.pull = taskNumber;
  else if (taskNumber) origin.issue = taskNumber;
  else {
    // The panel names a task's conversation after it ("Issue #7: …").
    const named = itemNamedIn(text(request.title));
    if (named) origin[named.kind] = String(named.number);
  }
  return origin;
}

/** The first message: the person's, or one written from the task the app server would have used. */
function firstMessage(request: Json): Json | null {
  const message = object(request.initial_message);
  const content = Array.isArray(message.content) ? message.content : [];
  if (content.length) return { role: 'user', content, run: true };
  const task = object(request.suggested_task);
  if (typeof task.issue_number !== 'number') return null;
  const what = task.task_type === 'OPEN_PR' ? 'pull request' : 'issue';
  const title = text(task.title);
  return {
    role: 'user',
    content: [
      {
        type: 'text',
        text: `Please work on ${what} #${task.issue_number} of ${text(task.repo) ?? 'the repository'}${title ? `: ${title}` : ''}.`,
      },
    ],
    run: true,
  };
}

/** What the server says of itself that changes how a start goes. */
interface ServerShape {
  /** Each conversation in a container of its own (1.44+ `conversation_runtime: docker`). */
  containers: boolean;
  /** The command and file routes inside one conversation's container. */
  conversationRoutes: boolean;
}

async function serverShape(sender: StartSender): Promise<ServerShape> {
  try {
    const info = object(await sender.send('agent.getServerInfo', agentGetServerInfo, {}));
    const capabilities = Array.isArray(info.capabilities) ? info.capabilities : [];
    return {
      containers: info.conversation_runtime === 'docker',
      conversationRoutes: capabilities.includes('conversation_runtime_routes_v1'),
    };
  } catch {
    // Servers without the field (every one before 1.44) run conversations on their own machine.
    return { containers: false, conversationRoutes: false };
  }
}

/**
 * Commands and files on one machine: the server's own, or one conversation's container, each
 * through its own routes (./requests.ts).
 */
class Shell {
  private readonly routes: typeof serverMachine;
  /** The stop route answered as missing: ended the older way from then on. */
  private noStopRoute = false;

  constructor(
    private readonly sender: StartSender,
    /** The conversation whose container this is; none for the server's own machine. */
    private readonly conversationId: string | null,
  ) {
    this.routes = conversationId ? conversationMachine : serverMachine;
  }

  private get scope() {
    return this.conversationId ? { conversation_id: this.conversationId } : {};
  }

  async run(command: string, cwd?: string, timeout = 30): Promise<Json> {
    return object(
      await this.sender.send('agentDirect.runCommand', this.routes.runCommand, {
        ...this.scope,
        command,
        ...(cwd ? { cwd } : {}),
        timeout,
      }),
    );
  }

  async upload(path: string, text: string): Promise<void> {
    await this.sender.send('agentDirect.uploadFile', this.routes.uploadFile, {
      ...this.scope,
      path,
      text,
    });
  }

  /**
   * Ends a command under way. The stop route (1.44+) ends exactly that command, found by its
   * text among the ones started last; a server without it gets `fallback`, another command
   * that ends the process session the command runs in (./clone.ts `cloneStopCommand`).
   */
  async stop(command: string, fallback: string): Promise<void> {
    if (!this.noStopRoute) {
      const page = object(
        await this.sender.send('agentDirect.recentCommands', this.routes.recentCommands, {
          ...this.scope,
        }),
      );
      const started = (Array.isArray(page.items) ? page.items : [])
        .map(object)
        .find((item) => item.command === command);
      // Not there yet: the clone is still on its way; the caller asks again.
      if (!started || typeof started.id !== 'string') return;
      try {
        await this.sender.send('agentDirect.stopCommand', this.routes.stopCommand, {
          ...this.scope,
          command_id: started.id,
        });
        return;
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
        this.noStopRoute = true;
      }
    }
    await this.run(fallback);
  }

  /**
   * What a command wrote on both streams. The run route answers with its last piece of output
   * only, so the earlier pieces (where git usually says what failed) are read from the command
   * log.
   */
  async everythingSaid(last: Json): Promise<string> {
    const own = `${text(last.stderr) ?? ''}${text(last.stdout) ?? ''}`;
    const commandId = text(last.command_id);
    if (!commandId) return own;
    try {
      const page = object(
        await this.sender.send('agentDirect.commandOutputs', this.routes.commandOutputs, {
          ...this.scope,
          command_id__eq: commandId,
        }),
      );
      const pieces = (Array.isArray(page.items) ? page.items : []).map(object);
      pieces.sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
      const all = pieces.map((piece) => `${text(piece.stderr) ?? ''}${text(piece.stdout) ?? ''}`);
      return all.join('') || own;
    } catch {
      return own;
    }
  }
}

/** The repository a start names, checked before anything is sent. */
function planOf(
  request: Json,
): { repository: string; provider: CloneProvider; branch: string | null } | null {
  const repository = text(request.selected_repository);
  if (!repository) return null;
  const provider = request.git_provider;
  const branch = text(request.selected_branch);
  if (!isRepositoryName(repository)) {
    throw new StartProblem(`“${repository}” is not a repository name Handoff can clone.`);
  }
  if (!isCloneProvider(provider)) {
    throw new StartProblem('Pick whether the repository is on GitHub, GitLab or Bitbucket.');
  }
  if (branch && !isBranchName(branch)) {
    throw new StartProblem(`“${branch}” is not a branch name git accepts.`);
  }
  return { repository, provider, branch };
}

/**
 * Runs the start. `id` is the conversation's id, made here beforehand, so a retried create call
 * answers the same conversation instead of making a second one. `cancel` is heeded while the
 * repository is cloned; once the clone step is over the start goes on.
 */
export async function startOnAgentServer(
  sender: StartSender,
  id: string,
  request: Json,
  onStep: (status: StartStatus, detail: string | null) => void,
  cancel: AbortSignal,
  server: StartServer = { key: null, chosenFolder: null },
): Promise<{ conversationId: string; folder: string | null }> {
  const plan = planOf(request);
  const shape = await serverShape(sender);
  if (shape.containers)
    return startInContainer(sender, id, request, plan, onStep, cancel, server, shape);

  const home = text(object(await sender.send('agentDirect.home', agentDirectHome, {})).home);
  if (!home) throw new StartProblem('The server did not say where its home folder is.');
  const root = cloneRoot(home, server.chosenFolder);
  let folder = root.path;
  if (plan) {
    folder = `${folder}/${cloneFolderName(plan.repository, id)}`;
    onStep(
      'PREPARING_REPOSITORY',
      `Cloning ${plan.repository} into ${folder}${root.refused ? ' (the clone folder in Handoff’s options is not usable, so the default is used: fix it there)' : ''}`,
    );
    const shell = new Shell(sender, null);
    try {
      await clone(
        sender,
        shell,
        { ...plan, folder, credentialFile: null },
        `${home.replace(/\/+$/, '')}/.handoff/credentials-${id}`,
        home,
        cancel,
      );
    } catch (error) {
      // An ended clone fails; the cancel is what the person wants to hear about.
      if (!cancel.aborted) throw error;
    }
    if (cancel.aborted) {
      // git removes its folder when ended, not always; a clone that ended just before the cancel
      // left a whole one. Either way the folder goes, or the person learns where it is.
      const removed = await shell.run(`rm -rf ${shellQuote(folder)}`).catch((): Json => ({}));
      throw new StartProblem(
        `Cloning ${plan.repository} was cancelled${
          removed.exit_code === 0
            ? '. Nothing was left on the server.'
            : `, but the folder ${folder} may be left on the server. Remove it there if it is.`
        }`,
      );
    }
  }

  onStep('STARTING_CONVERSATION', null);
  const body = await conversationBody(
    sender,
    id,
    request,
    plan ? folder : null,
    folder,
    server,
    plan,
  );
  const message = firstMessage(request);
  if (message) body.initial_message = message;
  const info = object(
    await sender.send('agentDirect.startConversation', agentDirectStartConversation, { body }),
  );
  const conversationId = text(info.id) ?? id;
  await nameConversation(sender, conversationId, request);
  return { conversationId, folder: plan ? folder : null };
}

/** The folder a conversation works in inside its own container (docker_runtime/routers.py). */
const CONTAINER_WORKSPACE = '/workspace';

/**
 * A start on a server that runs each conversation in a container of its own. The server's own
 * machine is not where the agent works, so the conversation is made first (its container
 * starts, with an empty workspace the server made a git repository), the repository is cloned
 * into that workspace through the conversation's own routes, and only then does the first
 * message go, so the agent finds the code, and its instructions, when it starts.
 */
async function startInContainer(
  sender: StartSender,
  id: string,
  request: Json,
  plan: { repository: string; provider: CloneProvider; branch: string | null } | null,
  onStep: (status: StartStatus, detail: string | null) => void,
  cancel: AbortSignal,
  server: StartServer,
  shape: ServerShape,
): Promise<{ conversationId: string; folder: string | null }> {
  if (plan && !shape.conversationRoutes) {
    throw new StartProblem(
      `This agent server runs each conversation in a container of its own, and cannot run commands in one, so Handoff cannot clone ${plan.repository} where the agent works. Update the agent server, or start without a repository and ask the agent to clone it.`,
    );
  }
  onStep('STARTING_CONVERSATION', null);
  const body = await conversationBody(sender, id, request, null, CONTAINER_WORKSPACE, server, plan);
  let info: Json;
  try {
    info = object(
      await sender.send('agentDirect.startConversation', agentDirectStartConversation, { body }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 502) {
      throw new StartProblem(
        'The server could not start a container for this conversation. Check that Docker runs on the server’s machine and that the conversation image is there, then start again.',
      );
    }
    throw error;
  }
  const conversationId = text(info.id) ?? id;
  if (plan) {
    onStep('PREPARING_REPOSITORY', `Cloning ${plan.repository} into the conversation’s workspace`);
    const shell = new Shell(sender, conversationId);
    try {
      await cloneIntoWorkspace(sender, shell, plan, conversationId, cancel);
    } catch (error) {
      // Nothing half-started is left behind: the conversation goes with its failed clone.
      const gone = await sender
        .send('agentDirect.deleteConversation', agentDirectDeleteConversation, {
          conversation_id: conversationId,
        })
        .then(
          () => true,
          () => false,
        );
      const left = gone
        ? ''
        : ` The conversation ${conversationId} could not be removed from the server: delete it from the list.`;
      if (cancel.aborted) {
        throw new StartProblem(
          `Cloning ${plan.repository} was cancelled.${gone ? ' Nothing was left on the server.' : left}`,
        );
      }
      const words = error instanceof Error ? error.message : String(error);
      throw new StartProblem(`${words}${left}`);
    }
  }
  const message = firstMessage(request);
  if (message) {
    try {
      await sender.send('agentDirect.sendMessage', agentDirectSendMessage, {
        conversation_id: conversationId,
        body: message,
      });
    } catch (error) {
      // At its run limit the server keeps the message and only refuses the run (1.44+): the
      // conversation is there with its task, and resuming it later starts the agent.
      if (!(error instanceof ApiError && error.limit === 'run-capacity')) {
        throw new StartProblem(
          `The conversation started, but its first message could not be sent: ${error instanceof Error ? error.message : String(error)} Open it from the list and send the message again.`,
        );
      }
    }
  }
  await nameConversation(sender, conversationId, request);
  return { conversationId, folder: null };
}

/** The create body both ways share: the server's own settings, our tags and the token lookup. */
async function conversationBody(
  sender: StartSender,
  id: string,
  request: Json,
  clonedFolder: string | null,
  workingDir: string,
  server: StartServer,
  plan: { repository: string; provider: CloneProvider } | null,
): Promise<Json> {
  const settings = object(
    await sender.send('agentDirect.getEncryptedSettings', agentDirectGetEncryptedSettings, {}),
  );
  const agentSettings = { ...object(settings.agent_settings) };
  const llm = object(agentSettings.llm);
  if (!text(llm.model) || (!text(llm.api_key) && !text(llm.base_url))) {
    throw new StartProblem(
      `The server has no language model set up${clonedFolder && plan ? ` (${plan.repository} is cloned in ${clonedFolder})` : ''}. Choose a model and its key in the server’s settings, then start again.`,
    );
  }
  const context = object(agentSettings.agent_context);
  // The repository's own instructions (AGENTS.md, .agents/skills…) are read from the workspace
  // only when asked for: the server's default leaves them out (upstream `load_project_skills`,
  // 1.24+), and it reads them on the first message, after the clone.
  agentSettings.agent_context = { ...context, load_project_skills: true };
  const suffix = text(request.system_message_suffix);
  if (suffix) {
    const existing = text(context.system_message_suffix);
    (agentSettings.agent_context as Json).system_message_suffix = existing
      ? `${existing}\n\n${suffix}`
      : suffix;
  }
  const conversationSettings = object(settings.conversation_settings);
  const secrets: Json = {};
  const provider = request.git_provider;
  if (isCloneProvider(provider)) {
    // The agent reads the token when it pushes, looked up by the server itself when needed.
    const name = tokenSecretName(provider);
    secrets[name.toUpperCase()] = {
      kind: 'LookupSecret',
      url: `/api/settings/secrets/${name}`,
      // The server keeps lookup headers encrypted and answers them masked; they go nowhere else.
      ...(server.key ? { headers: { 'X-Session-API-Key': server.key } } : {}),
    };
  }
  const origin = originOf(request, clonedFolder);
  const body: Json = {
    conversation_id: id,
    workspace: { kind: 'LocalWorkspace', working_dir: workingDir },
    agent_settings: agentSettings,
    secrets_encrypted: true,
    confirmation_policy: {
      kind: conversationSettings.confirmation_mode === true ? 'AlwaysConfirm' : 'NeverConfirm',
    },
    tags: originTags(origin),
    autotitle: !text(request.title),
  };
  if (Object.keys(secrets).length) body.secrets = secrets;
  if (typeof conversationSettings.max_iterations === 'number') {
    body.max_iterations = conversationSettings.max_iterations;
  }
  return body;
}

/** A name is a nicety: the conversation runs whether or not the server takes it. */
async function nameConversation(sender: StartSender, conversationId: string, request: Json) {
  const title = text(request.title);
  if (!title) return;
  await sender
    .send('agentDirect.updateConversation', agentDirectUpdateConversation, {
      conversation_id: conversationId,
      title: title.slice(0, 200),
    })
    .catch(() => {});
}

/** The token saved on the server for a host, or null where there is none (public clones). */
async function savedToken(sender: StartSender, provider: CloneProvider): Promise<string | null> {
  try {
    const value = await sender.send('agentDirect.getSecretValue', agentDirectGetSecretValue, {
      name: tokenSecretName(provider),
    });
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
    return null;
  }
}

/**
 * Runs the clone command, ending it when the start is cancelled. The clone's request may still
 * be on its way when the cancel comes, so the stop is tried again until the clone has answered.
 */
async function runClone(
  shell: Shell,
  plan: ClonePlan,
  cwd: string,
  cancel: AbortSignal,
): Promise<Json | null> {
  // Cancelled before git was asked for: nothing to end.
  if (cancel.aborted) return null;
  const command = cloneCommand(plan);
  let cloning = true;
  const stopping = async () => {
    while (cloning) {
      await shell.stop(command, cloneStopCommand(plan.folder)).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  cancel.addEventListener('abort', () => void stopping(), { once: true });
  try {
    return await shell.run(command, cwd, CLONE_TIMEOUT_S);
  } finally {
    cloning = false;
  }
}

/** git's own words on a failed clone, as a problem the person can act on. */
async function cloneFailure(shell: Shell, plan: ClonePlan, output: Json): Promise<StartProblem> {
  const exitCode = typeof output.exit_code === 'number' ? output.exit_code : null;
  const stderr = await shell.everythingSaid(output);
  const problem = cloneProblemOf(stderr, exitCode);
  const words = problemWords[problem](plan);
  return new StartProblem(problem === 'failed' ? `${words} ${stderr.trim().slice(-400)}` : words);
}

async function clone(
  sender: StartSender,
  shell: Shell,
  plan: ClonePlan,
  credentialPath: string,
  home: string,
  cancel: AbortSignal,
): Promise<void> {
  const token = await savedToken(sender, plan.provider);
  const withToken: ClonePlan = token ? { ...plan, credentialFile: credentialPath } : plan;
  try {
    if (token) await shell.upload(credentialPath, credentialLine(plan.provider, token));
    const output = await runClone(shell, withToken, home, cancel);
    if (!output || output.exit_code === 0 || cancel.aborted) return;
    throw await cloneFailure(shell, withToken, output);
  } finally {
    if (token) await shell.run(`rm -f ${shellQuote(credentialPath)}`).catch(() => {});
  }
}

/**
 * The clone inside a conversation's container. Its workspace is where the agent works, and the
 * server made it an empty git repository when it made the conversation (event_service.py
 * `_ensure_workspace_is_git_repo`, a bare `git init`), which git would refuse to clone into. So:
 * the credential file goes into the workspace (the file route takes only paths inside it) and at
 * once to `/tmp`, where no listing of the workspace shows it and nothing of it is left for the
 * agent; the empty repository goes, only if the workspace holds nothing else; and the clone
 * fills the workspace itself. The agent is not running yet: its task goes after the clone.
 */
async function cloneIntoWorkspace(
  sender: StartSender,
  shell: Shell,
  plan: { repository: string; provider: CloneProvider; branch: string | null },
  conversationId: string,
  cancel: AbortSignal,
): Promise<void> {
  const workspace = CONTAINER_WORKSPACE;
  const tag = conversationId.replaceAll('-', '').slice(0, 12);
  const token = await savedToken(sender, plan.provider);
  const parked = `${workspace}/.handoff-credentials-${tag}`;
  const credentialPath = `/tmp/handoff-credentials-${tag}`;
  const cloned: ClonePlan = {
    ...plan,
    folder: workspace,
    credentialFile: token ? credentialPath : null,
  };
  try {
    if (token) {
      await shell.upload(parked, credentialLine(plan.provider, token));
      const moved = await shell.run(
        `mv ${shellQuote(parked)} ${shellQuote(credentialPath)}`,
        workspace,
      );
      if (moved.exit_code !== 0) {
        const said = (await shell.everythingSaid(moved)).trim().slice(-300);
        throw new StartProblem(
          `The token for the clone could not be moved out of the conversation’s workspace, so ${plan.repository} was not cloned.${said ? ` The server said: ${said}` : ''}`,
        );
      }
    }
    const listing = await shell.run('ls -A', workspace);
    const entries = (text(listing.stdout) ?? '').split('\n').filter(Boolean);
    if (listing.exit_code !== 0 || entries.some((entry) => entry !== '.git')) {
      throw new StartProblem(
        `The conversation’s workspace already holds files, so ${plan.repository} was not cloned into it.`,
      );
    }
    if (entries.length) await shell.run(`rm -rf ${shellQuote(`${workspace}/.git`)}`, workspace);
    const output = await runClone(shell, cloned, workspace, cancel);
    if (!output || output.exit_code === 0 || cancel.aborted) {
      if (cancel.aborted) throw new StartProblem('cancelled');
      return;
    }
    throw await cloneFailure(shell, cloned, output);
  } finally {
    if (token) {
      await shell
        .run(`rm -f ${shellQuote(credentialPath)} ${shellQuote(parked)}`, workspace)
        .catch(() => {});
    }
  }
}
