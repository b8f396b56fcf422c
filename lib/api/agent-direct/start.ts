// A conversation started on an agent server with no app server: the repository is cloned into a
// folder of its own on the server's machine, the branch checked out, then the conversation starts
// there with the server's own agent settings and the person's message. Each step is reported the
// way an app server reports its start tasks, so the side panel follows it the same way.
import { itemNamedIn } from '../conversation-summary';
import type { RequestSpec } from '../endpoint';
import { ApiError } from '../errors';
import {
  type ClonePlan,
  type CloneProblem,
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
  agentDirectCommandOutputs,
  agentDirectGetEncryptedSettings,
  agentDirectGetSecretValue,
  agentDirectHome,
  agentDirectRunCommand,
  agentDirectStartConversation,
  agentDirectUpdateConversation,
  agentDirectUploadFile,
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
  const repository = text(request.selected_repository);
  const provider = request.git_provider;
  const branch = text(request.selected_branch);
  const home = text(object(await sender.send('agentDirect.home', agentDirectHome, {})).home);
  if (!home) throw new StartProblem('The server did not say where its home folder is.');
  const root = cloneRoot(home, server.chosenFolder);
  let folder = root.path;
  if (repository) {
    if (!isRepositoryName(repository)) {
      throw new StartProblem(`“${repository}” is not a repository name Handoff can clone.`);
    }
    if (!isCloneProvider(provider)) {
      throw new StartProblem('Pick whether the repository is on GitHub, GitLab or Bitbucket.');
    }
    if (branch && !isBranchName(branch)) {
      throw new StartProblem(`“${branch}” is not a branch name git accepts.`);
    }
    folder = `${folder}/${cloneFolderName(repository, id)}`;
    onStep(
      'PREPARING_REPOSITORY',
      `Cloning ${repository} into ${folder}${root.refused ? ' (the clone folder in Handoff’s options is not usable, so the default is used: fix it there)' : ''}`,
    );
    try {
      await clone(
        sender,
        { provider, repository, branch, folder, credentialFile: null },
        id,
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
      const removed = await run(sender, `rm -rf ${shellQuote(folder)}`).catch((): Json => ({}));
      throw new StartProblem(
        `Cloning ${repository} was cancelled${
          removed.exit_code === 0
            ? '. Nothing was left on the server.'
            : `, but the folder ${folder} may be left on the server. Remove it there if it is.`
        }`,
      );
    }
  }

  onStep('STARTING_CONVERSATION', null);
  const settings = object(
    await sender.send('agentDirect.getEncryptedSettings', agentDirectGetEncryptedSettings, {}),
  );
  const agentSettings = { ...object(settings.agent_settings) };
  const llm = object(agentSettings.llm);
  if (!text(llm.model) || (!text(llm.api_key) && !text(llm.base_url))) {
    throw new StartProblem(
      `The server has no language model set up${repository ? ` (${repository} is cloned in ${folder})` : ''}. Choose a model and its key in the server’s settings, then start again.`,
    );
  }
  const context = object(agentSettings.agent_context);
  // The repository's own instructions (AGENTS.md, .agents/skills…) are read from the clone only
  // when asked for: the server's default leaves them out (upstream `load_project_skills`, 1.24+).
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
  const origin = originOf(request, repository ? folder : null);
  const body: Json = {
    conversation_id: id,
    workspace: { kind: 'LocalWorkspace', working_dir: folder },
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
  const message = firstMessage(request);
  if (message) body.initial_message = message;
  const info = object(
    await sender.send('agentDirect.startConversation', agentDirectStartConversation, { body }),
  );
  const conversationId = text(info.id) ?? id;
  const title = text(request.title);
  if (title) {
    // A name is a nicety: the conversation runs whether or not the server takes it.
    await sender
      .send('agentDirect.updateConversation', agentDirectUpdateConversation, {
        conversation_id: conversationId,
        title: title.slice(0, 200),
      })
      .catch(() => {});
  }
  return { conversationId, folder: repository ? folder : null };
}

/** A short command through the command route (the clone's own has its time-out). */
async function run(sender: StartSender, command: string): Promise<Json> {
  return object(
    await sender.send('agentDirect.runCommand', agentDirectRunCommand, { command, timeout: 30 }),
  );
}

async function clone(
  sender: StartSender,
  plan: ClonePlan,
  id: string,
  home: string,
  cancel: AbortSignal,
): Promise<void> {
  let token: string | null = null;
  try {
    const value = await sender.send('agentDirect.getSecretValue', agentDirectGetSecretValue, {
      name: tokenSecretName(plan.provider),
    });
    token = typeof value === 'string' && value.trim() ? value.trim() : null;
  } catch (error) {
    // No token saved: a public repository clones without one.
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
  }
  const withToken: ClonePlan = token
    ? { ...plan, credentialFile: `${home.replace(/\/+$/, '')}/.handoff/credentials-${id}` }
    : plan;
  let cloning = true;
  try {
    if (token && withToken.credentialFile) {
      await sender.send('agentDirect.uploadFile', agentDirectUploadFile, {
        path: withToken.credentialFile,
        text: credentialLine(plan.provider, token),
      });
    }
    // Cancelled before git was asked for: nothing to end.
    if (cancel.aborted) return;
    cancel.onabort = async () => {
      // The clone's request may still be on its way to the server, so the stop is tried again
      // until the clone has answered.
      while (cloning) {
        await run(sender, cloneStopCommand(plan.folder)).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    const output = object(
      await sender
        .send('agentDirect.runCommand', agentDirectRunCommand, {
          command: cloneCommand(withToken),
          cwd: home,
          timeout: CLONE_TIMEOUT_S,
        })
        .finally(() => {
          cloning = false;
        }),
    );
    const exitCode = typeof output.exit_code === 'number' ? output.exit_code : null;
    if (exitCode === 0 || cancel.aborted) return;
    const stderr = await everythingSaid(sender, output);
    const problem = cloneProblemOf(stderr, exitCode);
    const words = problemWords[problem](withToken);
    throw new StartProblem(problem === 'failed' ? `${words} ${stderr.trim().slice(-400)}` : words);
  } finally {
    if (withToken.credentialFile) {
      await run(sender, `rm -f ${shellQuote(withToken.credentialFile)}`).catch(() => {});
    }
  }
}

/**
 * What a command wrote on both streams. The run route answers with its last piece of output
 * only, so the earlier pieces (where git usually says what failed) are read from the command log.
 */
async function everythingSaid(sender: StartSender, last: Json): Promise<string> {
  const own = `${text(last.stderr) ?? ''}${text(last.stdout) ?? ''}`;
  const commandId = text(last.command_id);
  if (!commandId) return own;
  try {
    const page = object(
      await sender.send('agentDirect.commandOutputs', agentDirectCommandOutputs, {
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
