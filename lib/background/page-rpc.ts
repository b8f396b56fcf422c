// Requests from extension pages (options, side panel): the contract in lib/messaging/rpc.ts,
// carried out here with the worker's streams and key.
import { cancelStart } from '@/lib/api/agent-direct/client';
import { serializeError } from '@/lib/api/errors';
import {
  type RpcMethodName,
  type RpcParams,
  RpcRequestSchema,
  type RpcResponse,
  type RpcResults,
  rpcParams,
} from '@/lib/messaging/rpc';
import { loadSettings } from '@/lib/settings/store';
import { currentlyWaiting, watchedStates } from './badge';
import { answerQuestion, controlConversation, sendMessage } from './conversation-commands';
import { serverIssuedTargets } from './conversation-targets';
import { conversationIndex, serverOfConversation } from './conversations';
import { hub } from './hub';
import { nextWaiting } from './next-waiting';
import { allPullFacts, readPullFor } from './pull-watch';
import { serviceConnection } from './service-client';

type Handlers = { [M in RpcMethodName]: (params: RpcParams<M>) => Promise<RpcResults[M]> };

/**
 * The request with its conversation's server: the one the page named, else the one the worker
 * watches it on, else the one whose list has it, else the default server.
 */
async function onItsServer<T extends { conversationId: string; serverId?: string | undefined }>(
  params: T,
): Promise<T> {
  if (params.serverId) return params;
  const serverId = await serverOfConversation(params.conversationId);
  return serverId ? { ...params, serverId } : params;
}

const handlers: Handlers = {
  'conversation.send': async (params) => sendMessage(hub, await onItsServer(params)),
  'conversation.control': async (params) => controlConversation(hub, await onItsServer(params)),
  'conversation.answer': async (params) => answerQuestion(hub, await onItsServer(params)),
  'conversation.unwatch': async ({ conversationId }) => {
    await hub.unwatch(conversationId);
    return { done: true };
  },
  'conversations.index': async () => {
    const index = await conversationIndex.snapshot();
    const lastEvents: Record<string, number> = {};
    for (const entry of index.entries) {
      const at = hub.stream(entry.id)?.snapshot().lastEventAt;
      if (at) lastEvents[entry.id] = at;
    }
    return { ...index, watched: watchedStates(), lastEvents, pulls: allPullFacts() };
  },
  'conversations.nextWaiting': async ({ after }) => {
    const waiting = currentlyWaiting();
    // Stepping from the one on screen; without one, from where the last step (a key press or
    // this button) went, so both walk the one list.
    const next = nextWaiting(after, waiting);
    return next
      ? {
          conversationId: next.id,
          ...(next.serverId ? { serverId: next.serverId } : {}),
          waiting: waiting.length,
        }
      : null;
  },
  'conversations.started': async ({ conversationId, generation, origin, serverId }) => {
    await conversationIndex.recordStart(serverId, conversationId, generation, origin);
    return { done: true };
  },
  'start.cancel': async ({ taskId }) => ({ cancelled: cancelStart(taskId) }),
  'pulls.read': async ({ link, fresh }) =>
    readPullFor(link, fresh, (await loadSettings()).selfHostedHosts),
  'api.send': async ({ serverId, ...call }) => {
    const connection = await serviceConnection(serverId);
    const { transport, client, agentDirect } = connection;
    if (agentDirect?.answers(call)) return agentDirect.answerPrepared(call);
    const targeted = await serverIssuedTargets(call, client, connection.serverId);
    return (await transport.sendPrepared(targeted)).value;
  },
};

function isMethod(name: string): name is RpcMethodName {
  return Object.hasOwn(rpcParams, name) && Object.hasOwn(handlers, name);
}

/** Runs one request from an extension page; every failure comes back as plain error data. */
export async function handleRpc(message: unknown): Promise<RpcResponse<unknown>> {
  const request = RpcRequestSchema.safeParse(message);
  if (!request.success) {
    return {
      ok: false,
      error: serializeError(new Error('Malformed request to Handoff’s background.')),
    };
  }
  const name = request.data.method;
  if (!isMethod(name)) {
    return { ok: false, error: serializeError(new Error(`Unknown request "${name}".`)) };
  }
  const params = rpcParams[name].safeParse(request.data.params);
  if (!params.success) {
    const fieldErrors = params.error.issues.map((issue) => {
      const loc = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      return { loc, field: loc.join('.'), msg: issue.message, type: issue.code };
    });
    return {
      ok: false,
      error: {
        ...serializeError(new Error('Some fields need attention.')),
        kind: 'validation',
        fieldErrors,
      },
    };
  }
  try {
    const run = handlers[name] as (params: unknown) => Promise<unknown>;
    return { ok: true, result: await run(params.data) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}
