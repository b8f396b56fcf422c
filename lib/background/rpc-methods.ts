import * as z from 'zod/mini';
import { generations } from '@/lib/api/generation';
import { PreparedCallSchema } from '@/lib/api/prepared-call';
import { defineMethod } from '@/lib/rpc/protocol';
import { controlConversation, sendMessage } from './conversation-commands';
import { hub } from './hub';
import { serviceConnection } from './service-client';

const ConversationRefParams = {
  conversationId: z.string().check(z.minLength(1), z.maxLength(100)),
  generation: z.enum(generations),
};

/**
 * What extension pages may ask the worker to do: what needs its streams or its key. Settings
 * are written by the pages themselves (lib/settings/editor.ts); the worker reacts to them.
 * Each method validates its params; the page-side caller in lib/rpc/client.ts is typed from
 * this table.
 */
export const rpcMethods = {
  /** Sends a message; a stopped conversation is started (V0) or resumed (V1) first. */
  'conversation.send': defineMethod({
    params: z.object({
      ...ConversationRefParams,
      text: z.string().check(z.minLength(1), z.maxLength(200_000)),
      imageUrls: z._default(z.array(z.string()), []),
    }),
    run: (params) => sendMessage(hub, params),
  }),

  'conversation.control': defineMethod({
    params: z.object({
      ...ConversationRefParams,
      action: z.enum(['start', 'stop', 'pause', 'resume', 'confirm', 'reject']),
      providersSet: z.optional(z.nullable(z.array(z.string()))),
    }),
    run: (params) => controlConversation(hub, params),
  }),

  /** Stops watching a conversation: no more notifications or badge for it. */
  'conversation.unwatch': defineMethod({
    params: z.object({ conversationId: z.string() }),
    async run({ conversationId }) {
      await hub.unwatch(conversationId);
      return { done: true };
    },
  }),

  /**
   * Any call of the service contract, prepared and validated by the page (lib/rpc/client.ts);
   * the worker adds the credentials the target calls for and sends it. The answer travels
   * raw; the page validates it against the endpoint's response schema.
   */
  'api.send': defineMethod({
    params: PreparedCallSchema,
    async run(call): Promise<unknown> {
      const { transport } = await serviceConnection();
      return (await transport.sendPrepared(call)).value;
    },
  }),
};

export type RpcMethods = typeof rpcMethods;
