// The new-conversation form as data: what a launch from a code-host page fills in, and the
// request each interface gets from it. V0 (`POST /api/conversations`) takes an
// InitSessionRequest, which forbids unknown fields, so only the fields the form filled are
// sent; V1 (`POST /api/v1/app-conversations`) takes an AppConversationStartRequest, which has no
// suggested task on 0.62.0, so a task becomes the first message's text there.

import type {
  AppConversationStartRequest,
  InitSessionRequest,
  MCPConfigInput,
  MessageContentRequest,
} from '@/lib/api';
import type { Generation } from '@/lib/api/generation';
import type { PageContext } from '@/lib/hosts/page-context';
import { t } from '@/lib/i18n';
import type { StartOrigin } from '@/lib/messaging/rpc';

/** What the panel was asked to start with: the form starts over for each. */
export interface NewConversationLaunch {
  /** Bumped for every launch, so the form starts over with the new page's context. */
  serial: number;
  context: PageContext | null;
  selection?: string;
  autoStart?: boolean;
  /** `burst`: several starts at once arrived within seconds, so this one waits for Start. */
  notice?: 'burst';
  /** A pull request's task handed over from its page, with the message as the person left it. */
  handBack?: { type: TaskType; text: string };
  /** The page's issue or pull request already has this conversation (and maybe more). */
  existing?: {
    conversationId: string;
    /** The server it is on, where the worker knows it. */
    serverId?: string | undefined;
    generation: Generation;
    title: string | null;
    count: number;
  };
}

/**
 * The service's suggested task types a start from a page may carry: the page's issue or pull
 * request, or a hand-back of a pull request's failing checks, review or conflicts
 * (lib/codehosts/hand-back.ts).
 */
export type TaskType =
  | 'OPEN_ISSUE'
  | 'OPEN_PR'
  | 'FAILING_CHECKS'
  | 'UNRESOLVED_COMMENTS'
  | 'MERGE_CONFLICTS';

/** A hand-back's task: its message is gathered from the host, so all of it travels. */
export function isHandBackTask(type: TaskType | undefined): boolean {
  return type === 'FAILING_CHECKS' || type === 'UNRESOLVED_COMMENTS' || type === 'MERGE_CONFLICTS';
}

export interface SuggestedTaskDraft {
  type: TaskType;
  number: number;
  title: string;
}

export interface SseServerDraft {
  url: string;
  apiKey: string;
}
export interface StdioServerDraft {
  name: string;
  command: string;
  /** Shell-like, as the service accepts it ("--port 8080 --verbose"). */
  args: string;
  /** "KEY=value,OTHER=value", as the service accepts it. */
  env: string;
}
export interface ShttpServerDraft {
  url: string;
  apiKey: string;
  /** Seconds; empty for the server's default (60). */
  timeout: string;
}

export interface McpDraft {
  sse: SseServerDraft[];
  stdio: StdioServerDraft[];
  shttp: ShttpServerDraft[];
}

export interface NewConversationDraft {
  generation: Generation;
  repository: string;
  /** A ProviderType value, or empty for "let the server find it". */
  provider: string;
  branch: string;
  /**
   * The commit the page was at (a file opened at a commit, a commit page), or empty: the code the
   * person was looking at, which a start keeps unless they untick it (`useCommit`).
   */
  commit: string;
  useCommit: boolean;
  message: string;
  instructions: string;
  images: string[];
  task: SuggestedTaskDraft | null;
  /** The task is offered (issue/PR page) and the person keeps it on. */
  useTask: boolean;
  /**
   * The task in words as the form first wrote it into `message` (empty without a task): the
   * message the person sees is the one sent, and their additions are told apart from it.
   */
  taskMessage: string;
  mcp: McpDraft;
}

export const emptyMcp = (): McpDraft => ({ sse: [], stdio: [], shttp: [] });

export interface DraftDefaults {
  generation: Generation;
  instructions: string;
  mcp: McpDraft;
  /** Providers the server knows tokens or configuration for (decides Bitbucket DC). */
  knownProviders: readonly string[];
}

/**
 * The service's ProviderType for a page's host. Bitbucket Data Center has its own value only on
 * servers that know it (the 2026 hosted service, docs/contract/README.md#enum-drift); older servers
 * only know `bitbucket`, and GitHub Enterprise and self-managed GitLab are `github` / `gitlab` with
 * a host.
 */
export function providerTypeOf(context: PageContext, knownProviders: readonly string[]): string {
  if (context.provider === 'bitbucket' && context.selfHosted) {
    return knownProviders.includes('bitbucket_data_center') ? 'bitbucket_data_center' : 'bitbucket';
  }
  return context.provider;
}

/** The task a page suggests: its issue, or its pull request with the PR's number. */
export function taskOf(context: PageContext | null): SuggestedTaskDraft | null {
  if (!context?.number) return null;
  if (context.kind === 'issue') {
    return { type: 'OPEN_ISSUE', number: context.number, title: context.title ?? '' };
  }
  if (context.kind === 'pull') {
    return { type: 'OPEN_PR', number: context.number, title: context.title ?? '' };
  }
  return null;
}

/**
 * The commit a page pins with no branch beside it: a permalink (`/blob/{sha}/…`), a commit page,
 * a Bitbucket source link without `?at=`. A Bitbucket Cloud branch view also carries its head
 * commit in the address, with the branch in `?at=`: that is a branch, and the branch is kept.
 */
export function commitOf(context: PageContext | null): string {
  return context?.sha && !context.branch ? context.sha : '';
}

/**
 * The ref a start asks the server to check out. App servers clone the whole repository and then
 * run `git checkout` on `selected_branch` (V1 `clone_or_init_git_repo`, V0 `clone_or_init_repo`),
 * which takes a commit as well as a branch (docs/contract/server-generations.md#branch-or-commit).
 * Handoff's own clone on an agent server names a branch (`git clone -b`), which a commit cannot
 * be: there the branch stays, and the first message names the commit (`commitNoteOf`).
 */
function refOf(draft: NewConversationDraft, takesCommit: boolean): string {
  const commit = draft.useCommit ? draft.commit.trim() : '';
  return (takesCommit && commit) || draft.branch.trim();
}

/** Where the server cannot start at the commit: the commit in words, for the agent. */
export function commitNoteOf(draft: NewConversationDraft, takesCommit: boolean): string {
  const commit = draft.useCommit ? draft.commit.trim() : '';
  if (!commit || takesCommit || !draft.repository.trim()) return '';
  const branch = draft.branch.trim();
  return branch
    ? t('panel.new.commitNote', { commit, branch })
    : t('panel.new.commitNoteDefault', { commit });
}

/** A task in words, as the first message says it. */
export function taskMessageOf(
  task: SuggestedTaskDraft | null,
  repository: string,
  branch: string,
): string {
  if (!task) return '';
  const { type, number, title } = task;
  return type === 'OPEN_ISSUE'
    ? t('panel.new.taskIssueMessage', { number, repository, title })
    : t('panel.new.taskPullMessage', { number, repository, title, branch: branch || '?' });
}

/**
 * The form as a launch fills it: repository, provider, branch, task, and the defaults. With a
 * task, the first message already says it, so what will be sent is there to read and change.
 */
export function draftFromLaunch(
  context: PageContext | null,
  selection: string | undefined,
  defaults: DraftDefaults,
  /** A pull request's task handed over from its page: its type, and the message as drafted. */
  handBack?: { type: TaskType; text: string },
): NewConversationDraft {
  const pageTask = taskOf(context);
  const task = handBack && pageTask ? { ...pageTask, type: handBack.type } : pageTask;
  // A PR page's branch is its source branch: the agent works on the PR's own branch.
  const branch = context?.branch ?? '';
  const taskMessage = handBack
    ? handBack.text
    : taskMessageOf(task, context?.repository ?? '', branch);
  const commit = commitOf(context);
  return {
    generation: defaults.generation,
    repository: context?.repository ?? '',
    provider: context ? providerTypeOf(context, defaults.knownProviders) : '',
    branch,
    commit,
    useCommit: commit !== '',
    message: [taskMessage, selection?.trim() ?? ''].filter(Boolean).join('\n\n'),
    instructions: defaults.instructions,
    images: [],
    task,
    useTask: task !== null,
    taskMessage,
    mcp: defaults.mcp,
  };
}

/**
 * What travels beside a task the server words itself: what the person wrote beyond the task's
 * own words; for a hand-back, the whole message (it carries what was gathered from the host, which
 * the server's own words for the task do not).
 */
export function besideServerTask(draft: NewConversationDraft): string {
  return isHandBackTask(draft.task?.type) ? draft.message.trim() : messageAdditions(draft);
}

/** What the person wrote beyond the task's own words (all of the message when they rewrote it). */
export function messageAdditions(draft: NewConversationDraft): string {
  const message = draft.message.trim();
  const ask = draft.taskMessage.trim();
  if (!ask) return message;
  return message.startsWith(ask) ? message.slice(ask.length).trim() : message;
}

/** The MCPConfig a draft describes, or null when it names no server. */
export function mcpConfigOf(mcp: McpDraft): MCPConfigInput | null {
  const sse = mcp.sse
    .filter((server) => server.url.trim())
    .map((server) => ({
      url: server.url.trim(),
      ...(server.apiKey ? { api_key: server.apiKey } : {}),
    }));
  const stdio = mcp.stdio
    .filter((server) => server.name.trim() || server.command.trim())
    .map((server) => ({
      name: server.name,
      command: server.command,
      ...(server.args.trim() ? { args: server.args } : {}),
      ...(server.env.trim() ? { env: server.env } : {}),
    }));
  const shttp = mcp.shttp
    .filter((server) => server.url.trim())
    .map((server) => ({
      url: server.url.trim(),
      ...(server.apiKey ? { api_key: server.apiKey } : {}),
      ...(server.timeout.trim() ? { timeout: Number(server.timeout) } : {}),
    }));
  if (!sse.length && !stdio.length && !shttp.length) return null;
  return {
    ...(sse.length ? { sse_servers: sse } : {}),
    ...(stdio.length ? { stdio_servers: stdio } : {}),
    ...(shttp.length ? { shttp_servers: shttp } : {}),
  };
}

/** Reads a stored MCPConfig (settings.defaultMcpConfig) back into form rows. */
export function mcpDraftOf(config: unknown): McpDraft {
  const draft = emptyMcp();
  if (typeof config !== 'object' || config === null) return draft;
  const value = config as Record<string, unknown>;
  const list = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]) : []);
  const text = (item: unknown, key: string) => {
    const field = (item as Record<string, unknown> | null)?.[key];
    return typeof field === 'string' || typeof field === 'number' ? String(field) : '';
  };
  for (const item of list('sse_servers')) {
    draft.sse.push(
      typeof item === 'string'
        ? { url: item, apiKey: '' }
        : { url: text(item, 'url'), apiKey: text(item, 'api_key') },
    );
  }
  for (const item of list('stdio_servers')) {
    const record = (item ?? {}) as Record<string, unknown>;
    const args = Array.isArray(record.args)
      ? record.args
          .map((arg) =>
            /[\s'"\\]/.test(String(arg)) ? `'${String(arg).replace(/'/g, `'"'"'`)}'` : String(arg),
          )
          .join(' ')
      : text(item, 'args');
    const env =
      record.env && typeof record.env === 'object'
        ? Object.entries(record.env as Record<string, unknown>)
            .map(([key, val]) => `${key}=${String(val)}`)
            .join(',')
        : text(item, 'env');
    draft.stdio.push({ name: text(item, 'name'), command: text(item, 'command'), args, env });
  }
  for (const item of list('shttp_servers')) {
    draft.shttp.push(
      typeof item === 'string'
        ? { url: item, apiKey: '', timeout: '' }
        : { url: text(item, 'url'), apiKey: text(item, 'api_key'), timeout: text(item, 'timeout') },
    );
  }
  return draft;
}

function instructionsOf(draft: NewConversationDraft): string {
  const parts = [draft.instructions.trim()];
  // The service writes the first message from a V0 task and ignores initial_user_msg, so what
  // the person added to the task's words travels as instructions instead of being dropped.
  if (draft.generation === 'v0' && draft.useTask && draft.task) parts.push(besideServerTask(draft));
  return parts.filter(Boolean).join('\n\n');
}

/** Body of V0 `POST /api/conversations`: only what the form filled (unknown fields → 422). */
export function toInitSessionRequest(draft: NewConversationDraft): InitSessionRequest {
  const repository = draft.repository.trim();
  const provider = draft.provider || null;
  const branch = refOf(draft, true);
  const request: InitSessionRequest = {};
  if (repository) request.repository = repository;
  if (repository && provider) request.git_provider = provider as never;
  if (repository && branch) request.selected_branch = branch;
  if (draft.useTask && draft.task && repository && provider) {
    request.suggested_task = {
      git_provider: provider as never,
      task_type: draft.task.type,
      repo: repository,
      issue_number: draft.task.number,
      title: draft.task.title,
    };
  } else if (draft.message.trim()) {
    request.initial_user_msg = draft.message.trim();
  }
  const instructions = instructionsOf(draft);
  if (instructions) request.conversation_instructions = instructions;
  if (draft.images.length) request.image_urls = [...draft.images];
  const mcp = mcpConfigOf(draft.mcp);
  if (mcp) request.mcp_config = mcp;
  return request;
}

/**
 * The first message's text on V1, where a task has to be said in words: the message as the form
 * shows it (it already says the task), or the task's words when the person emptied it.
 */
export function v1MessageText(draft: NewConversationDraft): string {
  const message = draft.message.trim();
  if (message || !draft.useTask || !draft.task) return message;
  return taskMessageOf(draft.task, draft.repository.trim(), draft.branch.trim());
}

/** What the server can take in a V1 start request beyond 0.62's fields. */
/**
 * What a start may ask of the server: only a V1 app server (not a legacy one, nor an agent server
 * reached directly, which the worker starts on itself) writes a first message from a task.
 */
export function startCapabilitiesOf(apis: {
  v0: boolean | null;
  v1: boolean | null;
  agentDirect?: boolean;
}): StartCapabilities {
  return {
    suggestedTask: apis.v0 === false && apis.v1 !== false && !apis.agentDirect,
    progressFromWorker: apis.agentDirect === true,
    commit: apis.agentDirect !== true,
  };
}

export interface StartCapabilities {
  /** `suggested_task` (1.4+): the server writes the task's prompt from the issue itself. */
  suggestedTask: boolean;
  /**
   * The start runs in Handoff's own worker (an agent server alone): its progress is read there,
   * with no request to the server, so the panel can ask often and open the conversation as soon
   * as it exists.
   */
  progressFromWorker?: boolean;
  /**
   * A commit can go where the branch goes (`selected_branch`): every app server; not Handoff's
   * own clone on an agent server alone. Absent: as an app server.
   */
  commit?: boolean;
}

/**
 * Whether the draft's task goes as a `suggested_task`: an issue, on a server that has the field,
 * with a repository and provider to name, and no image (images only travel in a first message,
 * which cannot be sent together with a suggested task). Upstream has no prompt for pull requests
 * yet (it answers them with a 500), so those are said in words. A person who rewrote the task's
 * words in the first message gets their own words sent instead.
 */
export function sendsSuggestedTask(
  draft: NewConversationDraft,
  capabilities: StartCapabilities,
): boolean {
  return (
    capabilities.suggestedTask &&
    draft.useTask &&
    (draft.task?.type === 'OPEN_ISSUE' || isHandBackTask(draft.task?.type)) &&
    !!draft.repository.trim() &&
    !!draft.provider &&
    draft.images.length === 0 &&
    draft.message.trim().startsWith(draft.taskMessage.trim())
  );
}

/** Body of V1 `POST /api/v1/app-conversations`. */
export function toAppConversationStartRequest(
  draft: NewConversationDraft,
  capabilities: StartCapabilities = { suggestedTask: false },
): AppConversationStartRequest {
  const repository = draft.repository.trim();
  const takesCommit = capabilities.commit !== false;
  const branch = refOf(draft, takesCommit);
  const commitNote = commitNoteOf(draft, takesCommit);
  const request: AppConversationStartRequest = {};
  if (repository) request.selected_repository = repository;
  if (repository && draft.provider) request.git_provider = draft.provider as never;
  if (repository && branch) request.selected_branch = branch;
  const instructions = draft.instructions.trim();
  const task = draft.task;
  if (task && sendsSuggestedTask(draft, capabilities)) {
    request.suggested_task = {
      git_provider: draft.provider as never,
      task_type: task.type,
      repo: repository,
      issue_number: task.number,
      title: task.title,
    };
    // The server writes the first message from the task and refuses one of ours beside it
    // (a 500): what the person added travels with the instructions, as on V0.
    const added = besideServerTask(draft);
    const suffix = [instructions, added, commitNote].filter(Boolean).join('\n\n');
    if (suffix) request.system_message_suffix = suffix;
  } else {
    const message = v1MessageText(draft);
    // The commit goes with the person's first message; without one it waits in the instructions
    // rather than set the agent off with nothing else to do.
    const sayNow = message !== '' || draft.images.length > 0;
    const text = [message, sayNow ? commitNote : ''].filter(Boolean).join('\n\n');
    const content: MessageContentRequest[] = [];
    if (text) content.push({ type: 'text', text });
    if (draft.images.length) content.push({ type: 'image', image_urls: [...draft.images] });
    if (content.length) request.initial_message = { role: 'user', content };
    const suffix = [instructions, sayNow ? '' : commitNote].filter(Boolean).join('\n\n');
    if (suffix) request.system_message_suffix = suffix;
  }
  if (draft.useTask && task && task.type !== 'OPEN_ISSUE') request.pr_number = [task.number];
  if (draft.useTask && draft.task) {
    request.title =
      draft.task.type === 'OPEN_ISSUE'
        ? t('panel.new.taskIssueTitle', { number: draft.task.number, title: draft.task.title })
        : t('panel.new.taskPullTitle', { number: draft.task.number, title: draft.task.title });
  }
  return request;
}

/** Form fields a 422's `loc` can point at, for both interfaces' field names. */
export type DraftField =
  | 'repository'
  | 'provider'
  | 'branch'
  | 'message'
  | 'instructions'
  | 'images'
  | 'task'
  | 'mcp';

const fieldOfWireName: Readonly<Record<string, DraftField>> = {
  pr_number: 'task',
  repository: 'repository',
  selected_repository: 'repository',
  git_provider: 'provider',
  selected_branch: 'branch',
  initial_user_msg: 'message',
  initial_message: 'message',
  conversation_instructions: 'instructions',
  system_message_suffix: 'instructions',
  image_urls: 'images',
  suggested_task: 'task',
  mcp_config: 'mcp',
};

/**
 * Which form field a validation error's dotted field path (`mcp_config.sse_servers.0.url`) is
 * about.
 */
export function draftFieldOf(field: string): DraftField | null {
  const first = field.split('.')[0] ?? '';
  return fieldOfWireName[first] ?? null;
}

/** The errors of a 422 (or of the local check) grouped by form field; the rest under null. */
export function groupFieldErrors(errors: readonly { field: string; msg: string }[]): {
  byField: Partial<Record<DraftField, string[]>>;
  other: string[];
} {
  const byField: Partial<Record<DraftField, string[]>> = {};
  const other: string[] = [];
  for (const error of errors) {
    const field = draftFieldOf(error.field);
    const rest = error.field.split('.').slice(1).join('.');
    const message = field === 'mcp' && rest ? `${rest}: ${error.msg}` : error.msg;
    if (field) byField[field] = [...(byField[field] ?? []), message];
    else other.push(error.field ? `${error.field}: ${error.msg}` : error.msg);
  }
  return { byField, other };
}

/**
 * The page a start comes from, for the worker's index: the issue or pull request the task names,
 * while the person kept the task and the page's repository.
 */
export function startOriginOf(
  context: PageContext | null,
  draft: Pick<NewConversationDraft, 'task' | 'useTask' | 'repository'>,
): StartOrigin | null {
  if (!context || !draft.task || !draft.useTask) return null;
  if (draft.repository.toLowerCase() !== context.repository.toLowerCase()) return null;
  return {
    provider: context.provider,
    repository: context.repository,
    kind: draft.task.type === 'OPEN_ISSUE' ? 'issue' : 'pull',
    number: draft.task.number,
    baseUrl: context.baseUrl,
  };
}
