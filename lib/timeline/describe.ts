// What a timeline row says about its events: an icon, a title, the outcome (exit status), how long
// it took, when, whether it belongs to the "system events" the timeline hides by default, and what
// its expanded form shows. Pure: the row components only lay it out. Covers both generations, the
// V1 SDK's old and new kind names (docs/ui/timeline.md#v1-kind-names-old-and-new) and anything
// unknown.
import { type ApiEvent, commandExitCode, isMarkedHidden, joinTextContent } from '@/lib/api';
import { t } from '@/lib/i18n';
import type { TimelineRow } from './pairing';
import { describeProblem } from './problems';
import { answerWords, isAskUserAction, questionText } from './question';
import { errorIdWords } from './status-words';
import { durationBetween } from './time';

export type RowCategory =
  | 'user-message'
  | 'agent-message'
  | 'command'
  | 'file-read'
  | 'file-edit'
  | 'browse'
  | 'mcp'
  | 'think'
  | 'tasks'
  | 'finish'
  | 'reject'
  | 'delegate'
  | 'error'
  | 'recall'
  | 'state'
  | 'system'
  | 'condensation'
  | 'tool'
  /** The agent's question to the person, and the answer that closed it (agent servers 1.54+). */
  | 'question'
  | 'answer'
  | 'unknown';

/** The pictures rows use; components/timeline maps each to an SVG icon. */
export type RowIcon =
  | 'user'
  | 'agent'
  | 'command'
  | 'read'
  | 'edit'
  | 'browse'
  | 'mcp'
  | 'think'
  | 'finish'
  | 'tasks'
  | 'system'
  | 'condensation'
  | 'state'
  | 'pause'
  | 'tool'
  | 'reject'
  | 'error'
  | 'recall'
  | 'delegate'
  | 'question'
  | 'answer'
  | 'unknown';

/** How an action ended: drives the status icon and "jump to last error". */
export type Outcome = 'success' | 'failure' | 'running' | 'rejected' | null;

export interface TaskItem {
  title: string;
  status: string;
  notes: string;
}

export type RowDetail =
  | { kind: 'none' }
  | { kind: 'command'; command: string; output: string; exitCode: number | null }
  | {
      kind: 'file-change';
      path: string;
      /** A unified diff the server wrote (V0). */
      unifiedDiff: string | null;
      /** Old and new content to compare here (V1, or V0 without a diff). */
      oldContent: string | null;
      newContent: string | null;
      /** What to show when there is nothing to compare (the tool's own output). */
      output: string;
    }
  | { kind: 'text'; text: string }
  | { kind: 'browse'; url: string; output: string; failed: boolean }
  | { kind: 'mcp'; tool: string; args: unknown; result: string; failed: boolean }
  | { kind: 'tasks'; tasks: TaskItem[] }
  | { kind: 'recall'; lines: { label: string; value: string }[] };

export interface RowView {
  category: RowCategory;
  /** Which picture the row shows (decorative: `title` says it in words). */
  icon: RowIcon;
  /** The title's words; `code` follows them in monospace (a command, a path, a tool). */
  title: string;
  code: string | null;
  /** `code` is a file path: cut in the middle, so the file name stays in view. */
  codeIsPath: boolean;
  outcome: Outcome;
  exitCode: number | null;
  durationMs: number | null;
  /** The server's time of the row's first event, as sent. */
  timestamp: string | null;
  /** Shown by default, or only with the "system events" toggle. */
  visibility: 'shown' | 'system' | 'hidden';
  /** Agent reasoning that came with the action. */
  thought: string | null;
  /** Messages: the text (markdown for agents) and attached images. */
  message: { text: string; fromUser: boolean; images: string[] } | null;
  /** The risk the agent gave an action (confirmation mode). */
  risk: string | null;
  /** The action waits for the person's confirmation. */
  awaitingConfirmation: boolean;
  detail: RowDetail;
}

const TITLE_CODE_MAX = 80;

function cut(text: string, max = TITLE_CODE_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function tasksOf(list: unknown): TaskItem[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const task = record(item);
    return { title: str(task.title), status: str(task.status), notes: str(task.notes) };
  });
}

/** The text of V1 content lists (observations, messages); non-text items skipped. */
function contentText(value: unknown): string {
  return Array.isArray(value) ? joinTextContent(value as never) : str(value);
}

function imagesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const urls: string[] = [];
  for (const item of value) {
    const entry = record(item);
    if (typeof item === 'string') urls.push(item);
    else if (Array.isArray(entry.image_urls)) {
      for (const url of entry.image_urls) if (typeof url === 'string') urls.push(url);
    }
  }
  return urls;
}

/** The web UI cuts user messages at this marker: what follows lists uploaded files. */
const FILES_MARKER = 'NEW FILES ADDED';

function userText(text: string): string {
  const at = text.indexOf(FILES_MARKER);
  return at > 0 ? text.slice(0, at).trimEnd() : text;
}

const v0SystemActions = new Set([
  'system',
  'change_agent_state',
  'recall',
  'null',
  'condensation_request',
  'loop_recovery',
]);
const v0SystemObservations = new Set(['agent_state_changed', 'null', 'think', 'success']);
const v1SystemTypes = new Set([
  'v1.state-update',
  'v1.system-prompt',
  'v1.pause',
  'v1.condensation',
  'v1.condensation-request',
  'v1.condensation-summary',
  'v1.token',
  'v1.llm-completion-log',
]);

/**
 * Whether an event is shown by default (docs/ui/timeline.md#hidden-by-default), or only with the
 * system toggle.
 */
export function visibilityOf(event: ApiEvent): RowView['visibility'] {
  if (isMarkedHidden(event)) return 'hidden';
  switch (event.type) {
    case 'v0.action':
      if (v0SystemActions.has(event.action)) return 'system';
      // Commands a person typed in the runtime's terminal.
      if (event.action === 'run' && event.source === 'user') return 'system';
      return 'shown';
    case 'v0.observation':
      if (v0SystemObservations.has(event.observation)) return 'system';
      if (event.observation === 'run' && event.source === 'user') return 'system';
      return 'shown';
    default:
      // The `ask_user` tool call and its result: the question and answer rows say it all.
      if (isAskUserAction(event)) return 'system';
      return v1SystemTypes.has(event.type) ? 'system' : 'shown';
  }
}

function base(row: TimelineRow): RowView {
  const primary = row.primary.event;
  const answer = row.answer?.event ?? null;
  return {
    category: 'unknown',
    icon: 'unknown',
    title: '',
    code: null,
    codeIsPath: false,
    outcome: null,
    exitCode: null,
    durationMs: answer ? durationBetween(primary.timestamp, answer.timestamp) : null,
    timestamp: primary.timestamp,
    visibility: visibilityOf(primary),
    thought: null,
    message: null,
    risk: null,
    awaitingConfirmation: false,
    detail: { kind: 'none' },
  };
}

const v0Risk = ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'];

function riskOfV0(value: unknown): string | null {
  return typeof value === 'number' ? (v0Risk[value + 1] ?? null) : null;
}

/** Outcome of an answered or pending action from its answer. */
function outcomeOf(row: TimelineRow): { outcome: Outcome; exitCode: number | null } {
  const answer = row.answer?.event;
  if (!answer) return { outcome: row.pending ? 'running' : null, exitCode: null };
  const exitCode = commandExitCode(answer);
  if (exitCode !== null) {
    return {
      outcome: exitCode === 0 ? 'success' : exitCode === -1 ? 'running' : 'failure',
      exitCode,
    };
  }
  switch (answer.type) {
    case 'v0.observation':
      if (answer.observation === 'error') return { outcome: 'failure', exitCode: null };
      if (answer.observation === 'user_rejected') return { outcome: 'rejected', exitCode: null };
      if (answer.observation === 'run' && answer.success === false) {
        return { outcome: 'failure', exitCode: null };
      }
      if (answer.observation === 'browse' && answer.extras.error) {
        return { outcome: 'failure', exitCode: null };
      }
      return { outcome: 'success', exitCode: null };
    case 'v1.user-reject':
      return { outcome: 'rejected', exitCode: null };
    case 'v1.observation':
      return {
        outcome: record(answer.observation).is_error === true ? 'failure' : 'success',
        exitCode: null,
      };
    default:
      return { outcome: 'success', exitCode: null };
  }
}

// The shapes a row can take, shared by both generations: each names the row and fills in what
// its expanded form shows, from values the generation-specific code has already picked out.

function asMessage(view: RowView, text: string, fromUser: boolean, images: string[]): void {
  view.category = fromUser ? 'user-message' : 'agent-message';
  view.icon = fromUser ? 'user' : 'agent';
  view.title = fromUser ? t('panel.event.youWrote') : t('panel.event.agentWrote');
  view.message = { text: fromUser ? userText(text) : text, fromUser, images };
}

function asCommand(view: RowView, command: string, output: string, title: string): void {
  view.category = 'command';
  view.icon = 'command';
  view.title = title;
  view.code = cut(command);
  view.detail = { kind: 'command', command, output, exitCode: view.exitCode };
}

function asFileRead(view: RowView, path: string, text: string, answered: boolean): void {
  view.category = 'file-read';
  view.icon = 'read';
  view.title = answered ? t('panel.event.read') : t('panel.event.reading');
  view.code = path;
  view.codeIsPath = true;
  view.detail = { kind: 'text', text };
}

function asFileChange(
  view: RowView,
  answered: boolean,
  wholeFile: boolean,
  change: Omit<Extract<RowDetail, { kind: 'file-change' }>, 'kind'>,
): void {
  view.category = 'file-edit';
  view.icon = 'edit';
  view.title = wholeFile
    ? answered
      ? t('panel.event.wrote')
      : t('panel.event.writing')
    : answered
      ? t('panel.event.edited')
      : t('panel.event.editing');
  view.code = change.path;
  view.codeIsPath = true;
  view.detail = { kind: 'file-change', ...change };
}

function asBrowse(view: RowView, url: string, output: string, answered: boolean): void {
  view.category = 'browse';
  view.icon = 'browse';
  view.title = answered ? t('panel.event.browsed') : t('panel.event.browsing');
  view.code = url ? cut(url) : null;
  view.detail = { kind: 'browse', url, output, failed: view.outcome === 'failure' };
}

function asMcpCall(
  view: RowView,
  tool: string,
  args: unknown,
  result: string,
  answered: boolean,
): void {
  view.category = 'mcp';
  view.icon = 'mcp';
  view.title = answered ? t('panel.event.calledTool') : t('panel.event.callingTool');
  view.code = tool || null;
  view.detail = { kind: 'mcp', tool, args, result, failed: view.outcome === 'failure' };
}

function asThought(view: RowView, text: string): void {
  view.category = 'think';
  view.icon = 'think';
  view.title = t('panel.event.thought');
  view.detail = { kind: 'text', text };
  view.outcome = null;
}

function asFinish(view: RowView, text: string): void {
  view.category = 'finish';
  view.icon = 'finish';
  view.title = t('panel.event.finished');
  view.message = { text, fromUser: false, images: [] };
  view.outcome = null;
}

function asTasks(view: RowView, tasks: TaskItem[]): void {
  view.category = 'tasks';
  view.icon = 'tasks';
  view.title = t('panel.event.tasks');
  view.detail = { kind: 'tasks', tasks };
}

function asSystemPrompt(view: RowView, text: string): void {
  view.category = 'system';
  view.icon = 'system';
  view.title = t('panel.event.systemPrompt');
  view.detail = { kind: 'text', text };
  view.outcome = null;
}

function asCondensation(view: RowView, summary: string): void {
  view.category = 'condensation';
  view.icon = 'condensation';
  view.title = t('panel.event.condensed');
  view.detail = { kind: 'text', text: summary };
  view.outcome = null;
}

function asState(view: RowView, icon: RowIcon, title: string, code: string | null): void {
  view.category = 'state';
  view.icon = icon;
  view.title = title;
  view.code = code;
  view.outcome = null;
}

function asOtherTool(view: RowView, title: string, text: string): void {
  view.category = 'tool';
  view.icon = 'tool';
  view.title = title;
  view.detail = { kind: 'text', text };
}

function asRejection(view: RowView, title: string, text: string): void {
  view.category = 'reject';
  view.icon = 'reject';
  view.title = title;
  view.outcome = 'rejected';
  view.detail = { kind: 'text', text };
}

function asError(view: RowView, title: string, code: string | null, text: string): void {
  view.category = 'error';
  view.icon = 'error';
  view.title = title;
  view.code = code;
  view.outcome = 'failure';
  view.detail = { kind: 'text', text };
}

function asRecall(view: RowView, detail: RowDetail): void {
  view.category = 'recall';
  view.icon = 'recall';
  view.title = t('panel.event.recall');
  view.detail = detail;
}

function describeV0Action(row: TimelineRow, view: RowView): void {
  const action = row.primary.event;
  if (action.type !== 'v0.action') return;
  const args = action.args as Record<string, unknown>;
  const answer = row.answer?.event.type === 'v0.observation' ? row.answer.event : null;
  const answered = answer !== null;
  const output = answer?.content ?? '';
  view.thought = str(args.thought) || null;
  view.risk = riskOfV0(args.security_risk);
  view.awaitingConfirmation = args.confirmation_state === 'awaiting_confirmation' && !answer;
  Object.assign(view, outcomeOf(row));
  switch (action.action) {
    case 'message': {
      const fromUser = action.source === 'user';
      asMessage(
        view,
        str(args.content) || (action.message ?? ''),
        fromUser,
        imagesOf(args.image_urls),
      );
      view.thought = null;
      return;
    }
    case 'run':
      asCommand(
        view,
        str(args.command),
        output,
        answered ? t('panel.event.ran') : t('panel.event.running'),
      );
      return;
    case 'run_ipython':
      asCommand(
        view,
        str(args.code),
        output,
        answered ? t('panel.event.ranPython') : t('panel.event.runningPython'),
      );
      return;
    case 'read':
      asFileRead(view, str(args.path), output, answered);
      return;
    case 'write':
    case 'edit': {
      const wholeFile = action.action === 'write';
      const extras = record(answer?.observation === 'edit' ? answer.extras : {});
      const diff = str(extras.diff) || null;
      const oldContent = typeof extras.old_content === 'string' ? extras.old_content : null;
      const newContent =
        typeof extras.new_content === 'string'
          ? extras.new_content
          : wholeFile
            ? str(args.content)
            : null;
      asFileChange(view, answered, wholeFile, {
        path: str(args.path),
        unifiedDiff: diff,
        oldContent: diff ? null : (oldContent ?? (wholeFile ? '' : null)),
        newContent: diff ? null : newContent,
        output,
      });
      return;
    }
    case 'browse':
    case 'browse_interactive':
      asBrowse(view, str(args.url) || str(record(answer?.extras).url), output, answered);
      return;
    case 'call_tool_mcp':
      asMcpCall(view, str(args.name), args.arguments ?? null, output, answered);
      return;
    case 'think':
      asThought(view, str(args.thought));
      view.thought = null;
      return;
    case 'finish':
      asFinish(view, str(args.final_thought) || str(args.thought) || (action.message ?? ''));
      view.thought = null;
      return;
    case 'reject':
      view.category = 'reject';
      view.icon = 'reject';
      view.title = t('panel.event.declined');
      view.message = {
        text: str(args.thought) || (action.message ?? ''),
        fromUser: false,
        images: [],
      };
      view.thought = null;
      view.outcome = null;
      return;
    case 'delegate':
      view.category = 'delegate';
      view.icon = 'delegate';
      view.title = t('panel.event.delegated');
      view.code = str(args.agent) || null;
      view.detail = { kind: 'text', text: output };
      return;
    case 'task_tracking':
      asTasks(view, tasksOf(args.task_list));
      return;
    case 'recall':
      asRecall(view, answer ? recallDetail(record(answer.extras)) : { kind: 'none' });
      return;
    case 'system':
      asSystemPrompt(view, str(args.content));
      return;
    case 'change_agent_state':
      asState(view, 'state', t('panel.event.askedState'), str(args.agent_state) || null);
      return;
    case 'condensation':
    case 'condensation_request':
      asCondensation(view, str(args.summary));
      return;
    default:
      asOtherTool(view, t('panel.event.action', { name: action.action }), output);
  }
}

function recallDetail(extras: Record<string, unknown>): RowDetail {
  const lines: { label: string; value: string }[] = [];
  const add = (label: string, value: unknown) => {
    const text = typeof value === 'string' ? value : '';
    if (text) lines.push({ label, value: text });
  };
  add(t('panel.recall.repository'), extras.repo_name);
  add(t('panel.recall.directory'), extras.repo_directory);
  add(t('panel.recall.branch'), extras.repo_branch);
  add(t('panel.recall.date'), extras.date);
  add(t('panel.recall.repoInstructions'), extras.repo_instructions);
  add(t('panel.recall.instructions'), extras.conversation_instructions);
  const hosts = Object.keys(record(extras.runtime_hosts));
  if (hosts.length) add(t('panel.recall.hosts'), hosts.join(', '));
  const knowledge = Array.isArray(extras.microagent_knowledge) ? extras.microagent_knowledge : [];
  for (const item of knowledge) {
    const entry = record(item);
    add(
      t('panel.recall.microagent', { name: str(entry.name), trigger: str(entry.trigger) }),
      entry.content,
    );
  }
  return { kind: 'recall', lines };
}

function describeV0Observation(row: TimelineRow, view: RowView): void {
  const event = row.primary.event;
  if (event.type !== 'v0.observation') return;
  const extras = record(event.extras);
  view.visibility = visibilityOf(event);
  switch (event.observation) {
    case 'error':
      asError(
        view,
        errorIdWords(str(extras.error_id)) ?? t('panel.event.agentError'),
        null,
        event.content,
      );
      return;
    case 'run': {
      // An answer seen alone (its action is older than what is loaded).
      const code = commandExitCode(event);
      view.exitCode = code;
      view.outcome =
        code === null ? null : code === 0 ? 'success' : code === -1 ? 'running' : 'failure';
      asCommand(view, str(extras.command), event.content, t('panel.event.ran'));
      return;
    }
    case 'user_rejected':
      asRejection(view, t('panel.event.rejectedAction'), event.content);
      return;
    case 'recall':
      asRecall(view, recallDetail(extras));
      return;
    case 'agent_state_changed':
      asState(view, 'state', t('panel.event.stateChanged'), str(extras.agent_state) || null);
      return;
    case 'task_tracking':
      asTasks(view, tasksOf(extras.task_list));
      return;
    default:
      asOtherTool(view, t('panel.event.observation', { name: event.observation }), event.content);
      view.code = str(extras.path) || null;
      view.codeIsPath = view.code !== null;
  }
}

function describeV1Action(row: TimelineRow, view: RowView): void {
  const event = row.primary.event;
  if (event.type !== 'v1.action') return;
  const answer = row.answer?.event ?? null;
  const answered = answer !== null;
  const observation = answer?.type === 'v1.observation' ? record(answer.observation) : {};
  const output =
    answer?.type === 'v1.user-reject'
      ? str(answer.rejection_reason)
      : contentText(observation.content);
  const observed = (field: string) =>
    typeof observation[field] === 'string' ? (observation[field] as string) : null;
  view.thought = joinTextContent(event.thought ?? []) || str(event.reasoning_content) || null;
  view.risk = event.security_risk ?? null;
  Object.assign(view, outcomeOf(row));
  const action = record(event.action);
  switch (event.actionKind) {
    case 'TerminalAction':
      asCommand(
        view,
        str(action.command),
        output,
        answered ? t('panel.event.ran') : t('panel.event.running'),
      );
      return;
    case 'FileEditorAction':
    case 'PlanningFileEditorAction': {
      const path = str(action.path);
      const command = str(action.command);
      if (command === 'view') {
        asFileRead(view, path, output, answered);
        return;
      }
      const created = command === 'create';
      asFileChange(view, answered, created, {
        path,
        unifiedDiff: null,
        oldContent: observed('old_content') ?? (created ? '' : null),
        newContent: observed('new_content') ?? (created ? str(action.file_text) : null),
        output,
      });
      return;
    }
    case 'EditAction':
    case 'WriteFileAction':
      asFileChange(view, answered, false, {
        path: str(action.file_path),
        unifiedDiff: null,
        oldContent: observed('old_content'),
        newContent: observed('new_content'),
        output,
      });
      return;
    case 'ReadFileAction':
      asFileRead(view, str(action.file_path), str(observation.file_content) || output, answered);
      return;
    case 'TaskTrackerAction':
      asTasks(view, tasksOf(observation.task_list ?? action.task_list));
      return;
    case 'FinishAction':
      asFinish(view, str(action.message));
      return;
    case 'ThinkAction':
      asThought(view, str(action.thought));
      return;
    case 'MCPToolAction':
      asMcpCall(view, str(event.tool_name), action.data ?? null, output, answered);
      return;
    case 'AskUserAction': {
      const message = answer?.type === 'v1.observation' ? str(observation.message) : '';
      asOtherTool(view, t('panel.event.askTool'), message || output);
      return;
    }
    default: {
      const kind = str(action.kind) || str(event.tool_name);
      if (kind.startsWith('Browser')) {
        asBrowse(view, str(action.url), output, answered);
        return;
      }
      asOtherTool(
        view,
        event.action
          ? t('panel.event.tool', { name: kind.replace(/Action$/, '') })
          : t('panel.event.toolCallNotRun', { name: str(event.tool_name) || '?' }),
        output,
      );
    }
  }
}

function describeV1Other(row: TimelineRow, view: RowView): void {
  const event = row.primary.event;
  switch (event.type) {
    case 'v1.message': {
      const message = event.llm_message;
      asMessage(
        view,
        contentText(message.content),
        message.role === 'user',
        imagesOf(message.content),
      );
      return;
    }
    case 'v1.observation': {
      // An answer seen alone (its action is older than what is loaded).
      const observation = record(event.observation);
      asOtherTool(
        view,
        t('panel.event.observation', { name: str(observation.kind).replace(/Observation$/, '') }),
        contentText(observation.content),
      );
      view.outcome = observation.is_error === true ? 'failure' : null;
      view.exitCode = commandExitCode(event);
      return;
    }
    case 'v1.user-reject':
      asRejection(view, t('panel.event.rejectedAction'), str(event.rejection_reason));
      return;
    case 'v1.agent-error':
      asError(view, t('panel.event.toolError'), str(event.tool_name) || null, event.error);
      return;
    case 'v1.conversation-error':
    case 'v1.server-error': {
      // The failure in words (out of credits, sandbox lost…); the code stays beside it.
      const code = str(event.code) || null;
      const problem = describeProblem({ code, text: str(event.detail) || null });
      const title = problem.kind === 'unknown' ? t('panel.event.conversationError') : problem.title;
      asError(view, title, code, str(event.detail));
      return;
    }
    case 'v1.state-update':
      asState(view, 'state', t('panel.event.stateUpdate'), event.stateField);
      return;
    case 'v1.system-prompt':
      asSystemPrompt(view, str(record(event.system_prompt).text));
      return;
    case 'v1.pause':
      asState(view, 'pause', t('panel.event.paused'), null);
      return;
    case 'v1.ask-user-request': {
      const count = event.questions.length;
      view.category = 'question';
      view.icon = 'question';
      view.title = count > 1 ? t('panel.event.askedMany', { count }) : t('panel.event.asked');
      view.code = cut(event.questions[0]?.question ?? '') || null;
      view.detail = { kind: 'text', text: questionText(event) };
      return;
    }
    case 'v1.ask-user-response': {
      const words = answerWords(event);
      view.category = 'answer';
      view.icon = 'answer';
      view.title = words.title;
      view.code = words.detail && event.source !== 'environment' ? cut(words.detail) : null;
      view.detail = words.detail ? { kind: 'text', text: words.detail } : { kind: 'none' };
      return;
    }
    case 'v1.condensation':
    case 'v1.condensation-request':
    case 'v1.condensation-summary':
      asCondensation(view, str(record(event.raw).summary));
      return;
    default:
      view.category = 'system';
      view.icon = 'state';
      view.title = t('panel.event.observation', { name: str(event.raw.kind) });
  }
}

/** Everything a row shows, from its events. */
export function describeRow(row: TimelineRow): RowView {
  const view = base(row);
  const event = row.primary.event;
  switch (event.type) {
    case 'v0.action':
      describeV0Action(row, view);
      break;
    case 'v0.observation':
      describeV0Observation(row, view);
      break;
    case 'v1.action':
      describeV1Action(row, view);
      break;
    case 'unknown':
      view.category = 'unknown';
      view.icon = 'unknown';
      view.title =
        event.reason === 'invalid-shape'
          ? t('panel.event.unreadable', { name: event.typeName ?? '?' })
          : t('panel.event.unknown', { name: event.typeName ?? '?' });
      break;
    default:
      describeV1Other(row, view);
  }
  return view;
}

/** Memoised per row object: rows are reused across rebuilds, so this is computed once each. */
const views = new WeakMap<TimelineRow, RowView>();

export function viewOf(row: TimelineRow): RowView {
  let view = views.get(row);
  if (!view) {
    view = describeRow(row);
    views.set(row, view);
  }
  return view;
}

/**
 * Whether a row failed (a command's non-zero exit, an error, a tool error): the cheap check
 * behind "jump to last error", which runs over every row and so avoids building its view.
 */
export function rowFailed(row: TimelineRow): boolean {
  const events = row.answer ? [row.answer.event] : [row.primary.event];
  for (const event of events) {
    const code = commandExitCode(event);
    if (code !== null && code !== 0 && code !== -1) return true;
    if (event.type === 'v0.observation' && event.observation === 'error') return true;
    if (
      event.type === 'v1.agent-error' ||
      event.type === 'v1.conversation-error' ||
      event.type === 'v1.server-error'
    ) {
      return true;
    }
    if (event.type === 'v1.observation' && record(event.observation).is_error === true) return true;
  }
  return false;
}
