// A page may name a conversation, never an address: for a call to a conversation's runtime (V0)
// or agent server (V1), the worker asks the configured server where that conversation lives and
// which key it has, and uses the server's answer instead of what the page sent along.
import { conversationIdOf } from '@/lib/api/endpoints/live';
import { ApiError } from '@/lib/api/errors';
import type { PreparedCall } from '@/lib/api/transport';

interface Caller {
  call(name: string, params: unknown): Promise<unknown>;
}

type Runtime = NonNullable<PreparedCall['runtime']>;
type AgentServer = NonNullable<PreparedCall['agentServer']>;

/** Sandboxes move (a resumed one gets a new port): an answer is trusted for this long. */
const FRESH_MS = 15_000;
const known = new Map<string, { at: number; target: Runtime | AgentServer | null }>();

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

async function remembered<T extends Runtime | AgentServer>(
  key: string,
  look: () => Promise<T | null>,
): Promise<T | null> {
  const entry = known.get(key);
  if (entry && Date.now() - entry.at < FRESH_MS) return entry.target as T | null;
  const target = await look();
  known.set(key, { at: Date.now(), target });
  if (known.size > 200) known.delete(known.keys().next().value as string);
  return target;
}

async function runtimeOf(caller: Caller, conversationId: string, server: string): Promise<Runtime> {
  const found = await remembered(`${server} v0 ${conversationId}`, async () => {
    const info = (await caller.call('v0.getConversation', {
      conversation_id: conversationId,
    })) as Record<string, unknown> | null;
    if (!info || typeof info !== 'object') return null;
    return {
      conversation_id: conversationId,
      url: text(info.url),
      session_api_key: text(info.session_api_key),
    };
  });
  if (!found) throw new ApiError('not-found', 'The server does not know this conversation.');
  return found;
}

async function agentServerOf(
  caller: Caller,
  conversationId: string,
  server: string,
): Promise<AgentServer> {
  const found = await remembered(`${server} v1 ${conversationId}`, async () => {
    const [record] = (await caller.call('v1.getAppConversations', {
      ids: [conversationId],
    })) as (Record<string, unknown> | null)[];
    const url = text(record?.conversation_url);
    return url ? { conversation_url: url, session_api_key: text(record?.session_api_key) } : null;
  });
  if (!found) {
    throw new ApiError(
      'conflict',
      'The server gives this conversation no agent server right now: is its sandbox running? Start it and try again.',
    );
  }
  return found;
}

/**
 * The call with its runtime or agent server as its server describes them. Answers are kept per
 * server: one server's word on a conversation (and its key) never serves a call to another.
 */
export async function serverIssuedTargets(
  call: PreparedCall,
  caller: Caller,
  server: string,
): Promise<PreparedCall> {
  if (call.runtime) {
    return { ...call, runtime: await runtimeOf(caller, call.runtime.conversation_id, server) };
  }
  if (call.agentServer) {
    const id = conversationIdOf(call.agentServer.conversation_url);
    if (!id) throw new ApiError('invalid-params', 'The call names no conversation.');
    return { ...call, agentServer: await agentServerOf(caller, id, server) };
  }
  return call;
}

/** Forgets every answer (the server or key changed). */
export function forgetConversationTargets(): void {
  known.clear();
}
