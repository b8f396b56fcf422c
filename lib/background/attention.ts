import { browser } from 'wxt/browser';
import { agentStateOfExecution } from '@/lib/api/agent-state';
import { type WorkerKey, workerWords } from '@/lib/i18n/en-worker';
import type {
  ConversationFacts,
  PendingAction,
  StreamSnapshot,
} from '@/lib/messaging/stream-snapshot';
import type { Settings } from '@/lib/settings/schema';
import { serverById, serverName } from '@/lib/settings/servers';
import { oneLine } from '@/lib/text/plain';

/**
 * What a conversation needs from the person, if anything. `question`: the agent asked something
 * (agent servers 1.54+) and waits for the answer; the server says `waiting_for_confirmation` for
 * it too, so only the open question in the stream tells it from a confirmation.
 */
export type Need = 'input' | 'confirmation' | 'question' | 'error' | 'finished' | null;

/** Needs that count on the toolbar badge: the agent is waiting on the person. */
export const badgeNeeds: ReadonlySet<Need> = new Set<Need>([
  'input',
  'confirmation',
  'question',
  'error',
]);

export function needOf(snapshot: StreamSnapshot): Need {
  const { conversation } = snapshot;
  if (conversation.notFound) return null;
  if (conversation.status === 'ERROR') return 'error';
  const state =
    snapshot.generation === 'v0'
      ? conversation.agentState
      : agentStateOfExecution(conversation.executionStatus);
  switch (state) {
    case 'awaiting_user_input':
      return 'input';
    case 'awaiting_user_confirmation':
      // Just answered, the agent about to resume: the wait left standing asks nothing.
      if (conversation.question?.answered) return null;
      return conversation.question ? 'question' : 'confirmation';
    case 'error':
      return 'error';
    case 'finished':
      return 'finished';
    default:
      return null;
  }
}

/** What a notification button does; kept with the notification to act on a click. */
export type NoticeButton = 'confirm' | 'reject' | 'reply' | 'choice-0' | 'choice-1';

export interface NotificationWords {
  title: string;
  message: string;
  /** Buttons where the browser has them (Chrome: at most two). */
  buttons?: { title: string; does: NoticeButton }[];
}

/**
 * Plain text on one line, cut at `max`: control characters, line breaks and direction
 * overrides (which could make a command read as another) become spaces. Notifications render no
 * markup, so nothing else needs taking out (lib/text/plain.ts).
 */
export const plainText = (text: string, max: number): string => oneLine(text, max);

/** A command shown in a notification: enough to recognise it. */
const COMMAND_CHARS = 120;
const PATH_CHARS = 120;
const CHOICE_CHARS = 40;

function operationWord(operation: string | null): string {
  switch (operation) {
    case 'create':
    case 'write':
      return workerWords(`worker.notify.op.${operation}`);
    case 'view':
    case 'read':
      return workerWords('worker.notify.op.read');
    case 'undo_edit':
      return workerWords('worker.notify.op.undo');
    default:
      return workerWords('worker.notify.op.edit');
  }
}

/** The action in our words: "`npm test`", "edit src/app.ts", a tool's name. */
export function actionWords(action: PendingAction): { title: string; what: string } {
  if (action.kind === 'command' && action.command) {
    return {
      title: workerWords('worker.notify.runTitle'),
      what: `\`${plainText(action.command, COMMAND_CHARS)}\``,
    };
  }
  if (action.kind === 'file' && action.path) {
    const reading = action.operation === 'view' || action.operation === 'read';
    return {
      title: workerWords(reading ? 'worker.notify.readTitle' : 'worker.notify.editTitle'),
      what: `${operationWord(action.operation)} ${plainText(action.path, PATH_CHARS)}`,
    };
  }
  return {
    title: workerWords('worker.notify.toolTitle'),
    what: plainText(action.tool ?? action.kind, COMMAND_CHARS),
  };
}

function riskWords(risk: string | null): string | null {
  return risk === 'LOW' || risk === 'MEDIUM' || risk === 'HIGH' || risk === 'UNKNOWN'
    ? workerWords(`worker.notify.risk.${risk}` as WorkerKey)
    : null;
}

/** What a notification says, in our words, and the buttons it may carry. */
export function notificationFor(
  need: Need,
  conversation: {
    title: string | null;
    error?: string | null;
    question?: Pick<NonNullable<ConversationFacts['question']>, 'text' | 'choices'> | null;
    action?: PendingAction | null;
  },
): NotificationWords | null {
  const name = plainText(conversation.title || 'A conversation', 100);
  switch (need) {
    case 'question': {
      // Plain text: notifications render no markup, and the question is the agent's words.
      const text = conversation.question?.text ? plainText(conversation.question.text, 300) : '';
      const choices = conversation.question?.choices?.options ?? [];
      return {
        title: workerWords('worker.notify.question'),
        message: text
          ? workerWords('worker.notify.questionAsks', { name, question: text })
          : workerWords('worker.notify.questionAsked', { name }),
        ...(choices.length
          ? {
              buttons: choices.slice(0, 2).map((choice, index) => ({
                title: plainText(choice.label, CHOICE_CHARS),
                does: (index === 0 ? 'choice-0' : 'choice-1') as NoticeButton,
              })),
            }
          : {}),
      };
    }
    case 'input':
      return {
        title: 'The agent is waiting for you',
        message: `${name} needs your answer.`,
        buttons: [{ title: workerWords('worker.notify.reply'), does: 'reply' }],
      };
    case 'confirmation': {
      const { action } = conversation;
      if (!action) {
        return {
          title: 'The agent asks for confirmation',
          message: `${name} wants to run an action and waits for your go-ahead.`,
        };
      }
      const { title, what } = actionWords(action);
      const risk = riskWords(action.risk);
      return {
        title,
        message: risk
          ? workerWords('worker.notify.confirmWhat', { what, risk, name })
          : workerWords('worker.notify.confirmWhatNoRisk', { what, name }),
        buttons: [
          { title: workerWords('worker.notify.confirm'), does: 'confirm' },
          { title: workerWords('worker.notify.reject'), does: 'reject' },
        ],
      };
    }
    case 'finished':
      return { title: 'The agent finished', message: `${name} is done. Review the result.` };
    case 'error':
      return {
        title: 'The agent ran into an error',
        message: conversation.error
          ? `${name}: ${plainText(conversation.error, 300)}`
          : `${name} stopped with an error.`,
      };
    default:
      return null;
  }
}

/** What a notification showed, kept (storage.session) so a button acts on exactly that. */
export interface NoticeRecord {
  conversationId: string;
  serverId?: string;
  need: Need;
  /** The pending action it named (its event key). */
  actionKey?: string;
  /** The question it showed (its request id) and the choices its buttons offer. */
  requestId?: string;
  choices?: NonNullable<NonNullable<ConversationFacts['question']>['choices']>;
  /** What each button does, in order; empty without buttons. */
  buttons: NoticeButton[];
  /** The action's words, for the outcome ("Confirmed · running `npm test`"). */
  what?: string;
  name: string;
  /** A button of it was acted on: a second click does nothing. */
  handled?: boolean;
  title: string;
  message: string;
}

const NOTICES_KEY = 'handoff:notices';
/** Notifications remembered; the oldest go first (they are long gone from the screen). */
const MAX_NOTICES = 50;

export function noticeId(conversationId: string): string {
  return `handoff:${conversationId}`;
}

async function readNotices(): Promise<Record<string, NoticeRecord>> {
  const stored = (await browser.storage.session.get(NOTICES_KEY))[NOTICES_KEY];
  return stored && typeof stored === 'object' ? (stored as Record<string, NoticeRecord>) : {};
}

export async function readNotice(id: string): Promise<NoticeRecord | undefined> {
  return (await readNotices())[id];
}

export async function writeNotice(id: string, record: NoticeRecord | null): Promise<void> {
  const notices = await readNotices();
  delete notices[id];
  if (record) notices[id] = record;
  const kept = Object.entries(notices).slice(-MAX_NOTICES);
  await browser.storage.session.set({ [NOTICES_KEY]: Object.fromEntries(kept) });
}

/**
 * Whether notifications take buttons here: Chrome does, Firefox refuses the whole notification
 * when `buttons` is given. Learnt from the first refusal, not from the browser's name.
 */
let buttonsRefused = false;

/**
 * Shows (or replaces: one notification per conversation) a notification. Buttons are tried
 * where they may work; a browser that refuses them gets the notification without.
 */
export async function showNotice(id: string, words: NotificationWords): Promise<NoticeButton[]> {
  const base = {
    type: 'basic' as const,
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: words.title,
    message: words.message,
  };
  const buttons = buttonsRefused ? [] : (words.buttons ?? []).slice(0, 2);
  if (buttons.length) {
    try {
      await browser.notifications.create(id, {
        ...base,
        buttons: buttons.map(({ title }) => ({ title })),
      } as typeof base);
      return buttons.map((button) => button.does);
    } catch {
      buttonsRefused = true;
    }
  }
  await browser.notifications
    .create(id, base)
    .catch((error: unknown) => console.warn('[handoff] notification failed', error));
  return [];
}

/**
 * Tells the person, where their settings allow it; a click opens the panel on it (main.ts), a
 * button acts on exactly what it showed (./notification-actions.ts).
 * With several servers, it says which server the conversation is on.
 */
export async function notify(
  conversationId: string,
  need: Need,
  conversation: Parameters<typeof notificationFor>[1],
  settings: Settings,
  serverId?: string,
): Promise<void> {
  const enabled =
    (need === 'input' || need === 'confirmation' || need === 'question'
      ? settings.notifications.awaitingInput
      : need === 'finished'
        ? settings.notifications.finished
        : need === 'error'
          ? settings.notifications.errors
          : false) ?? false;
  const words = notificationFor(need, conversation);
  if (!enabled || !words) return;
  const server =
    settings.servers.length > 1 ? serverById(settings, serverId ?? settings.defaultServerId) : null;
  if (server) {
    words.message = workerWords('worker.notify.onServer', {
      message: words.message,
      server: plainText(serverName(server), 100),
    });
  }
  const id = noticeId(conversationId);
  const { action, question } = conversation;
  // Kept before it shows: a click may come the moment it is on screen.
  const record: NoticeRecord = {
    conversationId,
    ...(serverId ? { serverId } : {}),
    need,
    ...(need === 'confirmation' && action
      ? { actionKey: action.key, what: actionWords(action).what }
      : {}),
    ...(need === 'question' && question && 'requestId' in question
      ? {
          requestId: question.requestId as string,
          ...(question.choices ? { choices: question.choices } : {}),
        }
      : {}),
    buttons: (words.buttons ?? []).slice(0, 2).map((button) => button.does),
    name: plainText(conversation.title || 'A conversation', 100),
    title: words.title,
    message: words.message,
  };
  await writeNotice(id, record);
  const shown = await showNotice(id, words);
  if (shown.length !== record.buttons.length) await writeNotice(id, { ...record, buttons: shown });
}
