// What the worker accepts from a page as a call to send with its key: checked field by field,
// so a page can only reach the configured server or a conversation address the server issued.
import * as z from 'zod/mini';
import { AgentConversationRefSchema, V0ConversationRefSchema } from './endpoint';

const queryValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  // A null literal checks what z.null() does; the worker bundles zod's literal schema anyway.
  z.literal(null),
  z.array(z.union([z.string(), z.number()])),
]);

export const PreparedCallSchema = z.strictObject({
  endpoint: z.string().check(z.minLength(1), z.maxLength(100)),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  target: z.enum(['server', 'runtime', 'agent-server']),
  // Root-relative, no scheme or host: the worker decides which origin it goes to.
  path: z.string().check(z.maxLength(4000), z.regex(/^\/(?!\/)[^\s#]*$/, 'a path on the server')),
  // Any keys, each a query value: an empty object with a catch-all checks what a record of
  // strings would for the plain objects a message carries, without bundling zod's record schema
  // into the worker (its only use there).
  query: z.optional(z.catchall(z.object({}), z.optional(queryValue))),
  body: z.optional(z.unknown()),
  runtime: z.optional(V0ConversationRefSchema),
  agentServer: z.optional(AgentConversationRefSchema),
  anonymous: z.optional(z.boolean()),
  timeoutMs: z.optional(z.number().check(z.positive(), z.lte(10 * 60_000))),
  readAs: z.optional(z.enum(['json', 'text'])),
});
