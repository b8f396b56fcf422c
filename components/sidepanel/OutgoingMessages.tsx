import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { t } from '@/lib/i18n';
import { viewOf } from '@/lib/timeline/describe';
import type { TimelineRow } from '@/lib/timeline/pairing';
import type { OutgoingMessage } from './Composer';

/** Echoes arrive at the end of the log: only the newest rows are looked at. */
const ECHO_WINDOW = 200;

function userMessageKeys(rows: readonly TimelineRow[], text: string): string[] {
  const keys: string[] = [];
  for (let index = Math.max(0, rows.length - ECHO_WINDOW); index < rows.length; index++) {
    const row = rows[index] as TimelineRow;
    const event = row.primary.event;
    const isUserMessage =
      (event.type === 'v0.action' && event.action === 'message' && event.source === 'user') ||
      (event.type === 'v1.message' && event.llm_message.role === 'user');
    if (isUserMessage && viewOf(row).message?.text.trim() === text) keys.push(row.key);
  }
  return keys;
}

/**
 * Drops an outgoing message once the service echoes it back as a stored user message (V0
 * re-broadcasts it with its id, V1 sends the MessageEvent): the echo, not the request's answer,
 * proves the agent got it.
 */
export function useEchoes(
  rows: readonly TimelineRow[],
  outgoing: readonly OutgoingMessage[],
  setOutgoing: Dispatch<SetStateAction<OutgoingMessage[]>>,
): void {
  const before = useRef(new Map<number, Set<string>>());
  useEffect(() => {
    if (!outgoing.length) return;
    const echoed: number[] = [];
    for (const message of outgoing) {
      const keys = userMessageKeys(rows, message.text);
      const known = before.current.get(message.id);
      if (!known) before.current.set(message.id, new Set(keys));
      else if (keys.some((key) => !known.has(key))) echoed.push(message.id);
    }
    if (echoed.length) {
      for (const id of echoed) before.current.delete(id);
      setOutgoing((list) => list.filter((message) => !echoed.includes(message.id)));
    }
  }, [rows, outgoing, setOutgoing]);
}

/** Messages on their way, under the timeline, until their echo arrives. */
export function OutgoingMessages({ messages }: { messages: readonly OutgoingMessage[] }) {
  if (!messages.length) return null;
  return (
    <ul className="conversation-list" aria-label={t('panel.composer.outgoing')}>
      {messages.map((message) => (
        <li key={message.id} className="timeline-row pending-message" data-outgoing={message.state}>
          <div className="message message-user">{message.text}</div>
          <p className="small muted" style={{ margin: '0 0 0 1.8em' }} role="status">
            {message.state === 'sending'
              ? message.queued
                ? t('panel.composer.queuedState')
                : t('panel.composer.sendingState')
              : t('panel.composer.sentState')}
          </p>
        </li>
      ))}
    </ul>
  );
}
