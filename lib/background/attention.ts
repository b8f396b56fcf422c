import { browser } from 'wxt/browser';
import { agentStateOfExecution } from '@/lib/api/agent-state';
import { workerWords } from '@/lib/i18n/en-worker';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import type { Settings } from '@/lib/settings/schema';
import { serverById, serverName } from '@/lib/settings/servers';

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

export interface NotificationWords {
  title: string;
  message: string;
}

/** What a notification says, in our words. */
export function notificationFor(
  need: Need,
  conversation: {
    title: string | null;
    error?: string | null;
    question?: { text: string | null } | null;
  },
): NotificationWords | null {
  const name = conversation.title || 'A conversation';
  switch (need) {
    case 'question': {
      // Plain text: notifications render no markup, and the question is the agent's words.
      const text = conversation.question?.text?.replace(/\s+/g, ' ').trim();
      return {
        title: workerWords('worker.notify.question'),
        message: text
          ? workerWords('worker.notify.questionAsks', { name, question: text })
          : workerWords('worker.notify.questionAsked', { name }),
      };
    }
    case 'input':
      return { title: 'The agent is waiting for you', message: `${name} needs your answer.` };
    case 'confirmation':
      return {
        title: 'The agent asks for confirmation',
        message: `${name} wants to run an action and waits for your go-ahead.`,
      };
    case 'finished':
      return { title: 'The agent finished', message: `${name} is done. Review the result.` };
    case 'error':
      return {
        title: 'The agent ran into an error',
        message: conversation.error
          ? `${name}: ${conversation.error}`
          : `${name} stopped with an error.`,
      };
    default:
      return null;
  }
}

/**
 * Tells the person, where their settings allow it; a click opens the panel on it (main.ts).
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
      server: serverName(server),
    });
  }
  await browser.notifications
    .create(`handoff:${conversationId}`, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: words.title,
      message: words.message,
    })
    .catch((error: unknown) => console.warn('[handoff] notification failed', error));
}
