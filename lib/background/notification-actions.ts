// A person's click on a notification's own button: the one way an answer leaves the worker
// without the panel. Only the browser's notifications.onButtonClicked calls this (main.ts); no
// message from a page or a content script reaches it (page-rpc and content-requests know nothing
// of it), and it answers only what the notification showed, once.
import { toApiError } from '@/lib/api/errors';
import type { Generation } from '@/lib/api/generation';
import { workerWords } from '@/lib/i18n/en-worker';
import type { Launch } from '@/lib/messaging/panel-port';
import type { ControlAction } from '@/lib/messaging/rpc';
import type { StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import {
  type NoticeButton,
  type NoticeRecord,
  type NotificationWords,
  needOf,
  plainText,
} from './attention';

export interface ButtonDeps {
  readNotice(id: string): Promise<NoticeRecord | undefined>;
  writeNotice(id: string, record: NoticeRecord | null): Promise<void>;
  /**
   * The conversation as the worker knows it now (its stream re-read), on the server the
   * notification named; null when that is no longer so (no stream, server removed or changed).
   */
  current(
    notice: NoticeRecord,
  ): Promise<{ snapshot: StreamSnapshot; generation: Generation } | null>;
  control(params: {
    conversationId: string;
    generation: Generation;
    serverId?: string;
    action: ControlAction;
  }): Promise<unknown>;
  answer(params: {
    conversationId: string;
    generation: Generation;
    serverId?: string;
    requestId: string;
    action: 'accept';
    answers: Record<string, { option_id: string; label: string }[]>;
  }): Promise<unknown>;
  /** Replaces the notification (same id) with words and no buttons. */
  show(id: string, words: NotificationWords): Promise<unknown>;
  clear(id: string): Promise<unknown>;
  openPanel(launch: Launch): Promise<unknown>;
}

export type ButtonOutcome = 'ignored' | 'opened' | 'stale' | 'answered' | 'failed';

/** Clicks being acted on: a second click on the same notification meanwhile does nothing. */
const handling = new Set<string>();

/** Whether the action or question the notification showed is still the one waited on. */
function stillPending(notice: NoticeRecord, button: NoticeButton, snapshot: StreamSnapshot) {
  const need = needOf(snapshot);
  const { action, question } = snapshot.conversation;
  if (button === 'confirm' || button === 'reject') {
    return need === 'confirmation' && !!notice.actionKey && action?.key === notice.actionKey;
  }
  return (
    need === 'question' &&
    !!notice.requestId &&
    question?.requestId === notice.requestId &&
    !question.answered
  );
}

/** Why an answer was refused, in words, with no status codes. */
function reasonOf(error: unknown): string {
  const problem = toApiError(error);
  switch (problem.kind) {
    case 'conflict':
      return workerWords('worker.notify.why.conflict');
    case 'not-found':
      return workerWords('worker.notify.why.gone');
    case 'rate-limited':
      // The run limit is no "busy": it lifts only when another conversation ends or is paused.
      if (problem.limit === 'run-capacity') return workerWords('worker.notify.why.capacity');
      return problem.retryAfter
        ? workerWords('worker.notify.why.busyFor', { seconds: Math.ceil(problem.retryAfter) })
        : workerWords('worker.notify.why.busy');
    case 'network':
    case 'timeout':
    case 'server':
      return workerWords('worker.notify.why.down');
    case 'unauthorized':
    case 'forbidden':
      return workerWords('worker.notify.why.key');
    default:
      return workerWords('worker.notify.why.other');
  }
}

function outcomeWords(notice: NoticeRecord, button: NoticeButton): NotificationWords {
  const what = notice.what ?? notice.name;
  if (button === 'confirm') {
    const running = what.startsWith('`')
      ? workerWords('worker.notify.running', { command: what })
      : what;
    return {
      title: workerWords('worker.notify.confirmed', { what: running }),
      message: notice.name,
    };
  }
  if (button === 'reject') {
    return {
      title: workerWords('worker.notify.rejected'),
      message: workerWords('worker.notify.rejectedWhat', { what, name: notice.name }),
    };
  }
  const choice = notice.choices?.options[button === 'choice-0' ? 0 : 1];
  return {
    title: workerWords('worker.notify.answered', { choice: plainText(choice?.label ?? '', 80) }),
    message: notice.name,
  };
}

function failureWords(notice: NoticeRecord, button: NoticeButton, error: unknown) {
  const title =
    button === 'confirm'
      ? workerWords('worker.notify.couldNotConfirm')
      : button === 'reject'
        ? workerWords('worker.notify.couldNotReject')
        : workerWords('worker.notify.couldNotAnswer');
  return {
    title,
    message: `${workerWords('worker.notify.failed', { reason: reasonOf(error) })} (${notice.name})`,
  };
}

/**
 * Acts on a notification's button: Reply opens the panel at the composer; Confirm, Reject or a
 * choice answer the action or question the notification showed, if it is still the one waited
 * on, exactly once, and the notification says how it went. Anything else (answered elsewhere,
 * a newer action, the server changed or removed) sends nothing and opens the panel on the
 * conversation with a note.
 */
export async function onNotificationButton(
  id: string,
  index: number,
  deps: ButtonDeps,
): Promise<ButtonOutcome> {
  // Checked before anything awaits: a double click's second event finds the first one here.
  if (!id.startsWith('handoff:') || handling.has(id)) return 'ignored';
  handling.add(id);
  try {
    const notice = await deps.readNotice(id);
    const button = notice?.buttons[index];
    if (!notice || notice.handled || !button) return 'ignored';
    await deps.writeNotice(id, { ...notice, handled: true });
    const launch: Launch = {
      kind: 'conversation',
      conversationId: notice.conversationId,
      ...(notice.serverId ? { serverId: notice.serverId } : {}),
    };
    if (button === 'reply') {
      await deps.clear(id);
      await deps.openPanel({ ...launch, focus: 'composer' });
      return 'opened';
    }
    const now = await deps.current(notice).catch(() => null);
    if (!now || !stillPending(notice, button, now.snapshot)) {
      await deps.clear(id);
      await deps.openPanel({ ...launch, notice: 'stale-notification' });
      return 'stale';
    }
    const target = {
      conversationId: notice.conversationId,
      generation: now.generation,
      ...(notice.serverId ? { serverId: notice.serverId } : {}),
    };
    try {
      if (button === 'confirm' || button === 'reject') {
        await deps.control({ ...target, action: button });
      } else {
        const choices = notice.choices;
        const choice = choices?.options[button === 'choice-0' ? 0 : 1];
        if (!choices || !choice || !notice.requestId) return 'ignored';
        await deps.answer({
          ...target,
          requestId: notice.requestId,
          action: 'accept',
          answers: { [choices.questionId]: [{ option_id: choice.id, label: choice.label }] },
        });
      }
    } catch (error) {
      await deps.show(id, failureWords(notice, button, error));
      return 'failed';
    }
    await deps.show(id, outcomeWords(notice, button));
    return 'answered';
  } finally {
    handling.delete(id);
  }
}
