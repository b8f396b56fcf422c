// Extension pages (options, side panel) ask the worker to act through one message shape: a
// method name and its params. This file is the whole contract: the envelope, each method's
// params (validated by the worker before anything runs) and what each answers. The worker
// implements it in lib/background/page-rpc.ts; pages call it through ./worker-client.ts.
import * as z from 'zod/mini';
import type { SerializedApiError } from '@/lib/api/errors';
import { generations } from '@/lib/api/generation';
import { PreparedCallSchema } from '@/lib/api/prepared-call';
import { AskUserAnswerRequestSchema } from '@/lib/api/v1/content';
import type { CodeHostProblem } from '@/lib/codehosts/problem';
import type { PullStatus } from '@/lib/codehosts/pull-status';
import type { IndexAnswer } from './conversation-index';

export const RpcRequestSchema = z.strictObject({
  type: z.literal('handoff/rpc'),
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.unknown(),
});
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

/** A failure as it crosses the message boundary: plain data, revived on the page side. */
export interface RpcFailure {
  ok: false;
  error: SerializedApiError;
}
export type RpcResponse<T> = { ok: true; result: T } | RpcFailure;

export const controlActions = [
  'start',
  'stop',
  'pause',
  'interrupt',
  'resume',
  'confirm',
  'reject',
] as const;
export type ControlAction = (typeof controlActions)[number];

/**
 * The server a request is for (lib/settings/servers.ts); left out: the conversation's own server
 * as the worker knows it, else the default one.
 */
export const serverIdParam = z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)));

const conversationRef = {
  conversationId: z.string().check(z.minLength(1), z.maxLength(100)),
  generation: z.enum(generations),
  serverId: serverIdParam,
};

/** The page a conversation was started from, so the worker's index ties it to that item. */
export const StartOriginSchema = z.object({
  provider: z.string().check(z.minLength(1), z.maxLength(40)),
  repository: z.string().check(z.minLength(1), z.maxLength(300)),
  kind: z.enum(['issue', 'pull']),
  number: z.number().check(z.int(), z.positive()),
  baseUrl: z.string().check(z.maxLength(300), z.regex(/^https?:\/\/[^/\s]+$/)),
});
export type StartOrigin = z.infer<typeof StartOriginSchema>;

/** Each method's params. */
/**
 * The keyboard command for "the next one that needs me", as wxt.config.ts declares it: the worker
 * acts on it, the panel shows the key the browser has for it (the person may rebind it).
 */
export const NEXT_WAITING_COMMAND = 'next-needing-you';

export const rpcParams = {
  /** Sends a message; a stopped conversation is started (V0) or resumed (V1) first. */
  'conversation.send': z.object({
    ...conversationRef,
    text: z.string().check(z.minLength(1), z.maxLength(200_000)),
    imageUrls: z._default(z.array(z.string()), []),
  }),
  'conversation.control': z.object({
    ...conversationRef,
    action: z.enum(controlActions),
    providersSet: z.optional(z.nullable(z.array(z.string()))),
  }),
  /**
   * Answers the agent's open question (V1, agent servers 1.54+): accept with the selections by
   * question id, decline, or cancel. Only the question the worker knows to be open is answered.
   */
  'conversation.answer': z.object({
    ...conversationRef,
    requestId: z.string().check(z.minLength(1), z.maxLength(200)),
    action: z.enum(['accept', 'decline', 'cancel']),
    // By question id (an object with a catch-all: the worker bundles no record schema).
    answers: z._default(
      z.catchall(z.object({}), z.array(AskUserAnswerRequestSchema).check(z.maxLength(1000))),
      {},
    ),
  }),
  /** Stops watching a conversation: no more notifications or badge for it. */
  'conversation.unwatch': z.object({ conversationId: z.string(), serverId: serverIdParam }),
  /** The worker's index of every conversation, as it last read it (also offline). */
  'conversations.index': z.object({}),
  /**
   * The next conversation waiting for the person after `after` (the one the panel shows), oldest
   * wait first and round again: the same walk as the keyboard command `next-needing-you`.
   */
  'conversations.nextWaiting': z.object({
    after: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
  /** Handoff started a conversation (from a page's issue or pull request, when `origin`). */
  'conversations.started': z.object({
    ...conversationRef,
    origin: z.nullable(StartOriginSchema),
  }),
  /**
   * Cancels a start the worker runs itself (an agent server alone) while it clones: the id of
   * its start task, as `v1.startAppConversation` answered it.
   */
  'start.cancel': z.object({ taskId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  /**
   * A pull or merge request as its host tells it, by its web address, for handing it back to an
   * agent: as last read where the worker follows it, else (or with `fresh`) read now with the
   * person's token for that host. Only a host Handoff serves is asked.
   */
  'pulls.read': z.object({
    link: z.string().check(z.minLength(1), z.maxLength(2000)),
    fresh: z._default(z.boolean(), false),
  }),
  /**
   * Any call of the service contract, prepared and validated by the page (./worker-client.ts);
   * the worker adds the credentials the target calls for and sends it. The answer travels
   * raw; the page validates it against the endpoint's response schema.
   */
  'api.send': z.extend(PreparedCallSchema, { serverId: serverIdParam }),
};

/** A pull or merge request read for the person (`pulls.read`). */
export interface PullRead {
  link: string;
  provider: 'github' | 'gitlab' | 'bitbucket';
  repository: string;
  number: number;
  /** What was read; null when nothing could be (see `problem`). */
  status: PullStatus | null;
  /** Why the last read gave nothing new (the status, if any, is from before). */
  problem: CodeHostProblem | null;
  checkedAt: number | null;
}

/** What each method answers. */
export interface RpcResults {
  /** `runRefused`: the message was kept, but the server's run limit kept the agent from it. */
  'conversation.send': { sent: true; runRefused?: true };
  'conversation.control': { done: true };
  'conversation.answer': { done: true };
  'conversation.unwatch': { done: true };
  'conversations.index': IndexAnswer;
  /** Null when nothing waits; `waiting`: how many do (the one answered among them). */
  'conversations.nextWaiting': {
    conversationId: string;
    serverId?: string;
    waiting: number;
  } | null;
  'conversations.started': { done: true };
  /** False when the clone was over already (the start goes on) or the start is unknown. */
  'start.cancel': { cancelled: boolean };
  'pulls.read': PullRead;
  'api.send': unknown;
}

export type RpcMethodName = keyof typeof rpcParams & keyof RpcResults;
/** The params a page passes (defaults may be left out). */
export type RpcParamsIn<M extends RpcMethodName> = z.input<(typeof rpcParams)[M]>;
/** The params the worker runs with, after validation. */
export type RpcParams<M extends RpcMethodName> = z.output<(typeof rpcParams)[M]>;
