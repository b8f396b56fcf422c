// The agent server's own routes that Handoff calls when there is no app server in front of it
// (docs/contract/server-generations.md#agent-server-direct): its conversation list and records,
// the start, the settings the start sends back, the home folder, the command route the clone runs
// through and the file route its credentials travel by. Only the worker sends them (through
// ./client.ts), so they are not in the page-facing endpoint table.
import * as z from 'zod/mini';
import { defineRequest, PageLimitSchema, PathIdSchema } from '../endpoint';

const optionalText = z.optional(z.string());

/** A page of the server's conversations, newest first. */
export const agentDirectSearchConversations = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations/search',
  target: 'server',
  params: z.strictObject({
    page_id: optionalText,
    limit: z.optional(PageLimitSchema),
    sort_order: z.optional(
      z.enum(['CREATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT', 'UPDATED_AT_DESC']),
    ),
  }),
  request: (query) => ({ query }),
});

/** Conversations by id: null for one the server does not have. */
export const agentDirectGetConversations = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations',
  target: 'server',
  params: z.strictObject({ ids: z.array(PathIdSchema).check(z.minLength(1), z.maxLength(99)) }),
  request: ({ ids }) => ({ query: { ids } }),
});

/** Starts a conversation (201), or answers the one this id already names (200). */
export const agentDirectStartConversation = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations',
  target: 'server',
  // Built by ./start.ts alone, never from a page.
  params: z.strictObject({ body: z.unknown() }),
  request: ({ body }) => ({ body }),
});

export const agentDirectUpdateConversation = defineRequest({
  group: 'agent',
  method: 'PATCH',
  path: '/api/conversations/{conversation_id}',
  target: 'server',
  params: z.strictObject({
    conversation_id: PathIdSchema,
    title: z.string(),
  }),
  request: ({ conversation_id, ...body }) => ({ path: { conversation_id }, body }),
});

export const agentDirectDeleteConversation = defineRequest({
  group: 'agent',
  method: 'DELETE',
  path: '/api/conversations/{conversation_id}',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema }),
  request: ({ conversation_id }) => ({ path: { conversation_id } }),
  // `{"success": true}`, or nothing at all from a server in docker runtime mode: read neither.
  readText: () => null,
});

/**
 * The server's agent settings with their secrets encrypted by the server's own key: what a start
 * sends back as they are (`secrets_encrypted: true`), so no secret is ever readable here.
 */
export const agentDirectGetEncryptedSettings = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/settings',
  target: 'server',
  params: z.strictObject({}),
  request: () => ({ headers: { 'X-Expose-Secrets': 'encrypted' } }),
});

/** One secret's value, as the server's own lookups read it (404 when it is not set). */
export const agentDirectGetSecretValue = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/settings/secrets/{name}',
  target: 'server',
  params: z.strictObject({ name: PathIdSchema }),
  request: ({ name }) => ({ path: { name } }),
  readText: (text) => text,
});

/** The home folder of the server's machine (1.21+). */
export const agentDirectHome = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/file/home',
  target: 'server',
  params: z.strictObject({}),
  request: () => ({}),
});

/** A user message to a conversation; with `run` the agent starts on it. */
export const agentDirectSendMessage = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/events',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema, body: z.unknown() }),
  request: ({ conversation_id, body }) => ({ path: { conversation_id }, body }),
});

/**
 * Where commands and files go: the server's own machine (`/api/bash`, `/api/file`), or, on a
 * server that runs each conversation in a container of its own (1.44+, `/server_info`
 * `conversation_runtime: docker`), that conversation's container
 * (`/api/conversations/{id}/bash|file`, whose paths must lie inside its workspace). The
 * conversation-scoped routes take the conversation's id as `conversation_id`; the others none.
 */
export type Machine = 'server' | 'conversation';

const CONVERSATION_PREFIX = '/api/conversations/{conversation_id}';

function machineRoutes(machine: Machine) {
  const prefix = machine === 'conversation' ? CONVERSATION_PREFIX : '/api';
  // One shape for both, so callers hold either set alike; only the conversation's routes read it.
  const scope = { conversation_id: z.optional(PathIdSchema) };
  const pathOf = (conversation_id: string | undefined) =>
    machine === 'conversation' ? { path: { conversation_id: conversation_id ?? '' } } : {};
  return {
    /** Runs a command and answers when it ends or times out. */
    runCommand: defineRequest({
      group: 'agent',
      method: 'POST',
      path: `${prefix}/bash/execute_bash_command`,
      target: 'server',
      params: z.strictObject({
        ...scope,
        command: z.string(),
        cwd: z.optional(z.string()),
        timeout: z.number().check(z.int(), z.gte(1)),
      }),
      request: ({ conversation_id, ...body }) => ({ ...pathOf(conversation_id), body }),
      // The answer comes when the command ends: a clone of a large repository takes minutes.
      timeoutMs: 10 * 60_000,
    }),
    /** Writes one file (1.13.1+), creating its folders. */
    uploadFile: defineRequest({
      group: 'agent',
      method: 'POST',
      path: `${prefix}/file/upload`,
      target: 'server',
      params: z.strictObject({
        ...scope,
        path: z.string().check(z.regex(/^\//)),
        text: z.string(),
      }),
      request: ({ conversation_id, path, text }) => ({
        ...pathOf(conversation_id),
        query: { path },
        upload: { field: 'file', fileName: path.split('/').pop() || 'file', text },
      }),
    }),
    /** Every output of one command, in order: a long one comes in several pieces. */
    commandOutputs: defineRequest({
      group: 'agent',
      method: 'GET',
      path: `${prefix}/bash/bash_events/search`,
      target: 'server',
      params: z.strictObject({ ...scope, command_id__eq: z.string() }),
      request: ({ conversation_id, command_id__eq }) => ({
        ...pathOf(conversation_id),
        query: { command_id__eq, kind__eq: 'BashOutput', limit: 100 },
      }),
    }),
    /** The commands started last, newest first: how a command under way is found by its text. */
    recentCommands: defineRequest({
      group: 'agent',
      method: 'GET',
      path: `${prefix}/bash/bash_events/search`,
      target: 'server',
      params: z.strictObject({ ...scope }),
      request: ({ conversation_id }) => ({
        ...pathOf(conversation_id),
        query: { kind__eq: 'BashCommand', sort_order: 'TIMESTAMP_DESC', limit: 20 },
      }),
    }),
    /** Ends a command under way (1.44+): it answers with exit code -15. */
    stopCommand: defineRequest({
      group: 'agent',
      method: 'POST',
      path: `${prefix}/bash/bash_commands/{command_id}/stop`,
      target: 'server',
      params: z.strictObject({ ...scope, command_id: PathIdSchema }),
      request: ({ conversation_id, command_id }) => ({
        path: {
          ...(machine === 'conversation' ? { conversation_id: conversation_id ?? '' } : {}),
          command_id,
        },
      }),
    }),
  };
}

export const serverMachine = machineRoutes('server');
export const conversationMachine = machineRoutes('conversation');

/** One conversation with the skills its agent loaded (1.23+ leaves them out unless asked). */
export const agentDirectConversationSkills = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations/{conversation_id}',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema }),
  request: ({ conversation_id }) => ({
    path: { conversation_id },
    query: { include_skills: true },
  }),
});
