// V0 REST (§4) and the health probes (§2): the request half of each endpoint. Parameter
// names are the wire names. The answers' schemas are in ./v0-responses; this module imports
// none, so the worker can send every call without bundling them (40 KB gzipped budget).
import * as z from 'zod/mini';
import '../zod-english';
import {
  ConversationIdSchema,
  defineRequest,
  PathIdSchema,
  RepositoryPathSchema,
  V0ConversationRefSchema,
} from '../endpoint';
import { ConversationTriggerRequestSchema, ProviderTypeRequestSchema } from '../enums';
import {
  CustomSecretCreateRequestSchema,
  CustomSecretUpdateRequestSchema,
  InitSessionRequestSchema,
  POSTProviderModelSchema,
  SettingsUpdateRequestSchema,
  V0UserActionSchema,
} from '../v0/requests';

const noParams = z.strictObject({});
const byConversationId = z.strictObject({ conversation_id: ConversationIdSchema });
/** Per-conversation routes take the conversation (a ConversationInfo will do). */
const conversation = V0ConversationRefSchema;
const onConversation = <S extends z.core.$ZodShape>(shape: S) =>
  z.strictObject({ conversation, ...shape });

const pathOf = (params: { conversation_id: string }) => ({
  conversation_id: params.conversation_id,
});
/** Request parts that send a per-conversation route to the conversation's own base. */
const onRuntime = (ref: z.output<typeof conversation>) => ({
  path: { conversation_id: ref.conversation_id },
  runtime: ref,
});
const runtimeOf = (params: { conversation: z.output<typeof conversation> }) =>
  onRuntime(params.conversation);

export const serverRequests = {
  /** Liveness probe, no auth: `{"status":"ok"}` on an OpenHands-family server. */
  'server.alive': defineRequest({
    group: 'server',
    method: 'GET',
    path: '/alive',
    target: 'server',
    params: noParams,
    request: () => ({}),
    anonymous: true,
  }),
  /** Health probe, no auth: the JSON string "OK". */
  'server.health': defineRequest({
    group: 'server',
    method: 'GET',
    path: '/health',
    target: 'server',
    params: noParams,
    request: () => ({}),
    anonymous: true,
  }),
};

export const v0Requests = {
  // --- Conversations (§4.2) ---
  /** Create a conversation; the agent starts at once. Unknown fields are rejected. */
  'v0.createConversation': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/conversations',
    target: 'server',
    params: InitSessionRequestSchema,
    request: (body) => ({ body }),
  }),
  /** A page of conversations, newest first (0.62.0 includes V1 ones). Best-effort paging. */
  'v0.listConversations': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations',
    target: 'server',
    params: z.strictObject({
      page_id: z.nullish(z.string()),
      limit: z.optional(z.number().check(z.int(), z.gte(1))),
      selected_repository: z.nullish(z.string()),
      conversation_trigger: z.nullish(ConversationTriggerRequestSchema),
      include_sub_conversations: z.optional(z.boolean()),
    }),
    request: (query) => ({ query }),
  }),
  /** One conversation, or null when it does not exist (the server answers 200 null). */
  'v0.getConversation': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}',
    target: 'server',
    params: byConversationId,
    request: (params) => ({ path: pathOf(params) }),
  }),
  /** Stop and delete a conversation (0.62.0: V1 ones too). False when not found. */
  'v0.deleteConversation': defineRequest({
    group: 'v0',
    method: 'DELETE',
    path: '/api/conversations/{conversation_id}',
    target: 'server',
    params: byConversationId,
    request: (params) => ({ path: pathOf(params) }),
  }),
  /** Rename a conversation (1–200 characters; 0.62.0: V1 ones too). */
  'v0.updateConversation': defineRequest({
    group: 'v0',
    method: 'PATCH',
    path: '/api/conversations/{conversation_id}',
    target: 'server',
    params: z.strictObject({
      conversation_id: ConversationIdSchema,
      title: z.string().check(z.minLength(1), z.maxLength(200)),
    }),
    request: ({ conversation_id, title }) => ({ path: { conversation_id }, body: { title } }),
  }),
  /** Start (or attach to) the agent loop. Always sends a JSON body: none → 422. */
  'v0.startConversation': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/start',
    target: 'server',
    params: z.strictObject({
      conversation_id: ConversationIdSchema,
      providers_set: z.nullish(z.array(ProviderTypeRequestSchema)),
    }),
    request: ({ conversation_id, providers_set }) => ({
      path: { conversation_id },
      body: providers_set === undefined ? {} : { providers_set },
    }),
  }),
  /** Stop the runtime; `conversation_status` is the status before stopping. */
  'v0.stopConversation': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/stop',
    target: 'server',
    params: byConversationId,
    request: (params) => ({ path: pathOf(params) }),
  }),

  // --- Per-conversation routes (§4.4), on the conversation's own base (§3.2) ---
  /**
   * Stored events by id range (ends inclusive). Newest first: reverse=true, then end_id=oldest−1.
   * No server-side filter (§4.5).
   */
  'v0.getEvents': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/events',
    target: 'runtime',
    params: onConversation({
      start_id: z.optional(z.number().check(z.int(), z.gte(0))),
      end_id: z.optional(z.number().check(z.int(), z.gte(0))),
      reverse: z.optional(z.boolean()),
      /** The server answers 400 above 100. */
      limit: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100))),
    }),
    request: ({ conversation: ref, ...query }) => ({ ...onRuntime(ref), query }),
  }),
  /** Send a user action (message or change_agent_state), as over the socket. */
  'v0.sendEvent': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/events',
    target: 'runtime',
    params: onConversation({ event: V0UserActionSchema }),
    request: ({ conversation: ref, event }) => ({ ...onRuntime(ref), body: event }),
  }),
  /** Send a plain text message to a running conversation. */
  'v0.sendMessage': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/conversations/{conversation_id}/message',
    target: 'runtime',
    params: onConversation({ message: z.string() }),
    request: ({ conversation: ref, message }) => ({
      ...onRuntime(ref),
      body: { message },
    }),
  }),
  /** `{runtime_id, session_id}` (V1: runtime_id is the sandbox id). */
  'v0.getRuntimeConfig': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/config',
    target: 'runtime',
    params: onConversation({}),
    request: runtimeOf,
  }),
  /** The VS Code URL of a running conversation. */
  'v0.getVscodeUrl': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/vscode-url',
    target: 'runtime',
    params: onConversation({}),
    request: runtimeOf,
  }),
  /** Web hosts the runtime exposes: `{hosts: {<url>: <port>}}`. */
  'v0.getWebHosts': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/web-hosts',
    target: 'runtime',
    params: onConversation({}),
    request: runtimeOf,
  }),
  /** Microagents loaded in a running conversation, with content. */
  'v0.getConversationMicroagents': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/microagents',
    target: 'runtime',
    params: onConversation({}),
    request: runtimeOf,
  }),
  /** Workspace file paths (optionally under `path`). */
  'v0.listFiles': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/list-files',
    target: 'runtime',
    params: onConversation({ path: z.nullish(z.string()) }),
    request: ({ conversation: ref, path }) => ({ ...onRuntime(ref), query: { path } }),
  }),
  /** A workspace file’s text (`415` for binary files). */
  'v0.selectFile': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/select-file',
    target: 'runtime',
    params: onConversation({ file: z.string().check(z.minLength(1)) }),
    request: ({ conversation: ref, file }) => ({ ...onRuntime(ref), query: { file } }),
  }),
  /** Changed files in the workspace repository (`404` when not a git repository). */
  'v0.getGitChanges': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/git/changes',
    target: 'runtime',
    params: onConversation({}),
    request: runtimeOf,
  }),
  /** Original and modified text of one changed file. */
  'v0.getGitDiff': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/git/diff',
    target: 'runtime',
    params: onConversation({ path: z.string().check(z.minLength(1)) }),
    request: ({ conversation: ref, path }) => ({ ...onRuntime(ref), query: { path } }),
  }),
  /** The whole history (browser screenshots stripped), for export. */
  'v0.getTrajectory': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/trajectory',
    target: 'runtime',
    params: onConversation({}),
    request: runtimeOf,
  }),
  /** A prompt to turn an event into a microagent. */
  'v0.rememberPrompt': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/conversations/{conversation_id}/remember-prompt',
    target: 'runtime',
    params: onConversation({ event_id: z.number().check(z.int(), z.gte(0)) }),
    request: ({ conversation: ref, event_id }) => ({
      ...onRuntime(ref),
      query: { event_id },
    }),
  }),

  // --- Options, settings, secrets (§4.6, §4.7) ---
  /** LLM model names the server knows. */
  'v0.getModels': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/options/models',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Agent class names. */
  'v0.getAgents': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/options/agents',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Security analyzer names. */
  'v0.getSecurityAnalyzers': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/options/security-analyzers',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Server configuration; `APP_MODE` is `oss` (self-hosted) or `saas` (hosted). */
  'v0.getConfig': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/options/config',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Stored settings (secrets only as *_set flags), or null on a fresh install (404). */
  'v0.getSettings': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/settings',
    target: 'server',
    params: noParams,
    request: () => ({}),
    // A JSON 404 means "Settings not found"; an HTML answer means no such route and stays an error.
    recover: (error) =>
      error.kind === 'not-found' && error.status === 404 && error.bodyType === 'json'
        ? null
        : undefined,
  }),
  /** Store settings (partial; null keeps a stored key). */
  'v0.saveSettings': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/settings',
    target: 'server',
    params: SettingsUpdateRequestSchema,
    request: (body) => ({ body }),
  }),
  /** Store git provider tokens (validated live; the map replaces the stored one). */
  'v0.addGitProviders': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/add-git-providers',
    target: 'server',
    params: POSTProviderModelSchema,
    request: (body) => ({ body }),
  }),
  /** Forget all stored git provider tokens. */
  'v0.unsetProviderTokens': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/unset-provider-tokens',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Custom secrets (names and descriptions only). */
  'v0.listSecrets': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/secrets',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Create a custom secret (400 if the name exists). */
  'v0.createSecret': defineRequest({
    group: 'v0',
    method: 'POST',
    path: '/api/secrets',
    target: 'server',
    params: CustomSecretCreateRequestSchema,
    request: (body) => ({ body }),
  }),
  /** Rename or describe a secret; its value is kept. */
  'v0.updateSecret': defineRequest({
    group: 'v0',
    method: 'PUT',
    path: '/api/secrets/{secret_id}',
    target: 'server',
    params: z.extend(CustomSecretUpdateRequestSchema, { secret_id: PathIdSchema }),
    request: ({ secret_id, ...body }) => ({ path: { secret_id }, body }),
  }),
  /** Delete a custom secret. */
  'v0.deleteSecret': defineRequest({
    group: 'v0',
    method: 'DELETE',
    path: '/api/secrets/{secret_id}',
    target: 'server',
    params: z.strictObject({ secret_id: PathIdSchema }),
    request: ({ secret_id }) => ({ path: { secret_id } }),
  }),

  // --- Git provider routes (§4.8) ---
  /** App installations / workspaces / organizations of a provider. */
  'v0.getInstallations': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/installations',
    target: 'server',
    params: z.strictObject({ provider: ProviderTypeRequestSchema }),
    request: (query) => ({ query }),
  }),
  /** The user’s repositories; the next page comes from the first item’s link_header. */
  'v0.listRepositories': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/repositories',
    target: 'server',
    params: z.strictObject({
      sort: z.optional(z.string()),
      selected_provider: z.nullish(ProviderTypeRequestSchema),
      page: z.nullish(z.number().check(z.int(), z.gte(1))),
      per_page: z.nullish(z.number().check(z.int(), z.gte(1))),
      installation_id: z.nullish(z.string()),
    }),
    request: (query) => ({ query }),
  }),
  /** The git provider user behind the stored token. */
  'v0.getUserInfo': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/info',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** Search repositories by name. */
  'v0.searchRepositories': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/search/repositories',
    target: 'server',
    params: z.strictObject({
      query: z.string(),
      per_page: z.optional(z.number().check(z.int(), z.gte(1))),
      sort: z.optional(z.string()),
      order: z.optional(z.string()),
      selected_provider: z.nullish(ProviderTypeRequestSchema),
    }),
    request: (query) => ({ query }),
  }),
  /** Search a repository’s branches by name. */
  'v0.searchBranches': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/search/branches',
    target: 'server',
    params: z.strictObject({
      repository: z.string().check(z.minLength(1)),
      query: z.string(),
      per_page: z.optional(z.number().check(z.int(), z.gte(1))),
      selected_provider: z.nullish(ProviderTypeRequestSchema),
    }),
    request: (query) => ({ query }),
  }),
  /** Open PRs/issues the agent could work on. */
  'v0.getSuggestedTasks': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/suggested-tasks',
    target: 'server',
    params: noParams,
    request: () => ({}),
  }),
  /** A page of a repository’s branches. */
  'v0.getBranches': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/repository/branches',
    target: 'server',
    params: z.strictObject({
      repository: z.string().check(z.minLength(1)),
      page: z.optional(z.number().check(z.int(), z.gte(1))),
      per_page: z.optional(z.number().check(z.int(), z.gte(1))),
    }),
    request: (query) => ({ query }),
  }),
  /** Microagent files of a repository (metadata only). */
  'v0.listRepositoryMicroagents': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/repository/{repository_name}/microagents',
    target: 'server',
    params: z.strictObject({ repository_name: RepositoryPathSchema }),
    request: ({ repository_name }) => ({ path: { repository_name } }),
    slashParams: ['repository_name'],
  }),
  /** One microagent file: body without front-matter, plus its triggers. */
  'v0.getRepositoryMicroagentContent': defineRequest({
    group: 'v0',
    method: 'GET',
    path: '/api/user/repository/{repository_name}/microagents/content',
    target: 'server',
    params: z.strictObject({
      repository_name: RepositoryPathSchema,
      file_path: z.string().check(z.minLength(1)),
    }),
    request: ({ repository_name, file_path }) => ({
      path: { repository_name },
      query: { file_path },
    }),
    slashParams: ['repository_name'],
  }),
};
