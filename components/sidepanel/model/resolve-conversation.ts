// Which interface a conversation id belongs to: the cache says so for a conversation watched
// before; otherwise V0's record does (`conversation_version`, 0.62.0 lists V1 conversations
// too), and a null record, or a server without V0, sends us to V1.

import { ApiError } from '@/lib/api/errors';
import type { Generation } from '@/lib/api/generation';
import { callApi } from '@/lib/messaging/worker-client';
import { readCursor } from '@/lib/stream/cache';
import type { ServerApis } from '../hooks/useServerApis';

/** Answers that mean "V0 cannot tell": no such route (404 or the web UI's HTML page). */
function v0Absent(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'bad-response');
}

export async function resolveGeneration(
  conversationId: string,
  apis: ServerApis,
  /** The server it is on (lib/settings/servers.ts); left out: the default one. */
  serverId?: string,
): Promise<Generation | null> {
  // A conversation watched before says which it is from the cache, without a round trip.
  const cursor = await readCursor(conversationId).catch(() => undefined);
  if (cursor) return cursor.generation;
  let v0Failure: unknown = null;
  if (apis.v0 !== false) {
    try {
      const info = await callApi(
        'v0.getConversation',
        { conversation_id: conversationId },
        serverId,
      );
      if (info) return info.conversation_version === 'V1' ? 'v1' : 'v0';
    } catch (error) {
      if (!v0Absent(error)) v0Failure = error;
    }
  }
  if (apis.v1 !== false) {
    try {
      const [found] = await callApi('v1.getAppConversations', { ids: [conversationId] }, serverId);
      if (found) return 'v1';
    } catch (error) {
      if (v0Failure || !v0Absent(error)) throw v0Failure ?? error;
    }
  }
  if (v0Failure) throw v0Failure;
  return null;
}
