// "The next one that needs me": the keyboard command and the panel's button walk the
// conversations waiting for the person, oldest wait first, one further each time.
import { normaliseId } from '@/lib/api/conversation-summary';
import { currentlyWaiting, type Waiting } from './badge';
import { deliverLaunch } from './panel-launch';

/** The conversation the last step went to: the next step goes on from it. */
let lastStep: string | null = null;

/**
 * The waiting conversation after `after` (or after the last one stepped to), wrapping round to
 * the oldest; null when nothing waits.
 */
export function nextWaiting(
  after: string | null = lastStep,
  waiting: readonly Waiting[] = currentlyWaiting(),
): Waiting | null {
  if (!waiting.length) return null;
  const at = after ? waiting.findIndex((item) => normaliseId(item.id) === normaliseId(after)) : -1;
  const next = waiting[(at + 1) % waiting.length] ?? null;
  lastStep = next?.id ?? null;
  return next;
}

/**
 * Takes the window's panel (opened by the caller, inside the person's gesture) to the next
 * waiting conversation; with none waiting, the panel shows its list as it is.
 */
export async function stepToNextWaiting(windowId: number | undefined): Promise<void> {
  const next = nextWaiting();
  if (!next || windowId === undefined) return;
  await deliverLaunch(windowId, {
    kind: 'conversation',
    conversationId: next.id,
    ...(next.serverId ? { serverId: next.serverId } : {}),
  });
}
