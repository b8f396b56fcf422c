// One way a message leaves the panel for a conversation, whatever wrote it (the message box, a
// hand-back of a pull request): shown as outgoing at once, sent through the worker (which starts
// a stopped conversation first), and settled as sent or failed; a server that kept the message
// but refused the run says so.

import type { Generation } from '@/lib/api/generation';
import { rpc } from '@/lib/messaging/worker-client';
import type { OutgoingMessage } from '../Composer';

let nextMessageId = 1;

export interface SendTarget {
  conversationId: string;
  generation: Generation;
  serverId: string | undefined;
  /** The conversation's stream is live; otherwise the message is queued until it runs. */
  live: boolean;
}

export interface SendCallbacks {
  onError: (error: unknown) => void;
  onOutgoing: (message: OutgoingMessage) => void;
  onSettled: (id: number, outcome: 'sent' | 'failed') => void;
}

/** Sends `text` (and images); true once the worker took it. */
export async function sendToConversation(
  target: SendTarget,
  text: string,
  images: string[],
  callbacks: SendCallbacks,
): Promise<boolean> {
  const outgoing: OutgoingMessage = {
    id: nextMessageId++,
    text,
    images,
    state: 'sending',
    queued: !target.live,
  };
  callbacks.onError(null);
  callbacks.onOutgoing(outgoing);
  try {
    const answer = await rpc('conversation.send', {
      conversationId: target.conversationId,
      generation: target.generation,
      text,
      imageUrls: images,
      ...(target.serverId ? { serverId: target.serverId } : {}),
    });
    if (answer.runRefused) {
      callbacks.onError({ kind: 'rate-limited', limit: 'run-capacity', messageKept: true });
    }
    callbacks.onSettled(outgoing.id, 'sent');
    return true;
  } catch (failure) {
    callbacks.onError(failure);
    callbacks.onSettled(outgoing.id, 'failed');
    return false;
  }
}
