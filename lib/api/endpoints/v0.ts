// V0 REST (docs/contract/v0-rest.md) and the health probes (docs/contract/http.md#health-probes):
// the request half of each endpoint. Parameter names are the wire names. The answers' schemas are
// in ./v0-responses; this module imports none, so the worker can send every call without bundling
// them (40 KB gzipped budget).
import * as z from 'zod/mini';
import '../zod-english';
import {
  ConversationIdSchema,
  defineRequest,
  PathIdSchema,
  RepositoryPathSchema,
} from '../endpoint';
import { ProviderTypeRequestSchema } from '../enums';
import {
  CustomSecretCreateRequestSchema,
  CustomSecretUpdateRequestSchema,
  InitSessionRequestSchema,
  POSTProviderModelSchema,
  SettingsUpdateRequestSchema,
  V0UserActionSchema,
} from '../v0/requests';
import {
  byConversationId,
  noParams,
  onConversation,
  onRuntime,
  pathOf,
  runtimeOf,
  serverAlive,
  v0GetConfig,
  v0GetConversation,
  v0GetEvents,
  v0GetSettings,
  v0ListConversations,
  v0StartConversation,
  v0StopConversation,
} from './live';

/** Health probe, no auth: the JSON string "OK". */
export const serverHealth = defineRequest({
  group: 'server',
  method: 'GET',
  path: '/health',
  target: 'server',
  params: noParams,
  request: () => ({}),
  anonymous: true,
});

export const serverRequests = {
  'server.alive': serverAlive,
  'server.health': serverHealth,
};

// --- Conversations (docs/contract/v0-rest.md#conversation-routes) ---
/** Create a conversation; the agent starts at once. Unknown fields are rejected. */
export const v0CreateConversation = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/conversations',
  target: 'server',
  params: InitSessionRequestSchema,
  request: (body) => ({ body }),
});

/** Stop and delete a conversation (0.62.0: V1 ones too). False when not found. */
export const v0DeleteConversation = defineRequest({
  group: 'v0',
  method: 'DELETE',
  path: '/api/conversations/{conversation_id}',
  target: 'server',
  params: byConversationId,
  request: (params) => ({ path: pathOf(params) }),
});

/** Rename a conversation (1–200 characters; 0.62.0: V1 ones too). */
export const v0UpdateConversation = defineRequest({
  group: 'v0',
  method: 'PATCH',
  path: '/api/conversations/{conversation_id}',
  target: 'server',
  params: z.strictObject({
    conversation_id: ConversationIdSchema,
    title: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  request: ({ conversation_id, title }) => ({ path: { conversation_id }, body: { title } }),
});

// --- Per-conversation routes (docs/contract/v0-rest.md#per-conversation-routes), on the conversation's own base (docs/contract/auth.md#per-conversation-url-and-key)

/** Send a user action (message or change_agent_state), as over the socket. */
export const v0SendEvent = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/events',
  target: 'runtime',
  params: onConversation({ event: V0UserActionSchema }),
  request: ({ conversation: ref, event }) => ({ ...onRuntime(ref), body: event }),
});

/** Send a plain text message to a running conversation. */
export const v0SendMessage = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/conversations/{conversation_id}/message',
  target: 'runtime',
  params: onConversation({ message: z.string() }),
  request: ({ conversation: ref, message }) => ({
    ...onRuntime(ref),
    body: { message },
  }),
});

/** `{runtime_id, session_id}` (V1: runtime_id is the sandbox id). */
export const v0GetRuntimeConfig = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/config',
  target: 'runtime',
  params: onConversation({}),
  request: runtimeOf,
});

/** The VS Code URL of a running conversation. */
export const v0GetVscodeUrl = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/vscode-url',
  target: 'runtime',
  params: onConversation({}),
  request: runtimeOf,
});

/** Web hosts the runtime exposes: `{hosts: {<url>: <port>}}`. */
export const v0GetWebHosts = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/web-hosts',
  target: 'runtime',
  params: onConversation({}),
  request: runtimeOf,
});

/** Microagents loaded in a running conversation, with content. */
export const v0GetConversationMicroagents = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/microagents',
  target: 'runtime',
  params: onConversation({}),
  request: runtimeOf,
});

/** Workspace file paths (optionally under `path`). */
export const v0ListFiles = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/list-files',
  target: 'runtime',
  params: onConversation({ path: z.nullish(z.string()) }),
  request: ({ conversation: ref, path }) => ({ ...onRuntime(ref), query: { path } }),
});

/** A workspace file’s text (`415` for binary files). */
export const v0SelectFile = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/select-file',
  target: 'runtime',
  params: onConversation({ file: z.string().check(z.minLength(1)) }),
  request: ({ conversation: ref, file }) => ({ ...onRuntime(ref), query: { file } }),
});

/** Changed files in the workspace repository (`404` when not a git repository). */
export const v0GetGitChanges = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/git/changes',
  target: 'runtime',
  params: onConversation({}),
  request: runtimeOf,
});

/** Original and modified text of one changed file. */
export const v0GetGitDiff = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/git/diff',
  target: 'runtime',
  params: onConversation({ path: z.string().check(z.minLength(1)) }),
  request: ({ conversation: ref, path }) => ({ ...onRuntime(ref), query: { path } }),
});

/** The whole history (browser screenshots stripped), for export. */
export const v0GetTrajectory = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/trajectory',
  target: 'runtime',
  params: onConversation({}),
  request: runtimeOf,
});

/** A prompt to turn an event into a microagent. */
export const v0RememberPrompt = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/remember-prompt',
  target: 'runtime',
  params: onConversation({ event_id: z.number().check(z.int(), z.gte(0)) }),
  request: ({ conversation: ref, event_id }) => ({
    ...onRuntime(ref),
    query: { event_id },
  }),
});

// --- Options, settings, secrets (docs/contract/v0-rest.md#options-settings-and-secrets, docs/contract/v0-rest.md#provider-tokens-and-mcp-servers)
/** LLM model names the server knows. */
export const v0GetModels = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/options/models',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Agent class names. */
export const v0GetAgents = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/options/agents',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Security analyzer names. */
export const v0GetSecurityAnalyzers = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/options/security-analyzers',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Store settings (partial; null keeps a stored key). */
export const v0SaveSettings = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/settings',
  target: 'server',
  params: SettingsUpdateRequestSchema,
  request: (body) => ({ body }),
});

/** Store git provider tokens (validated live; the map replaces the stored one). */
export const v0AddGitProviders = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/add-git-providers',
  target: 'server',
  params: POSTProviderModelSchema,
  request: (body) => ({ body }),
});

/** Forget all stored git provider tokens. */
export const v0UnsetProviderTokens = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/unset-provider-tokens',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Custom secrets (names and descriptions only). */
export const v0ListSecrets = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/secrets',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Create a custom secret (400 if the name exists). */
export const v0CreateSecret = defineRequest({
  group: 'v0',
  method: 'POST',
  path: '/api/secrets',
  target: 'server',
  params: CustomSecretCreateRequestSchema,
  request: (body) => ({ body }),
});

/** Rename or describe a secret; its value is kept. */
export const v0UpdateSecret = defineRequest({
  group: 'v0',
  method: 'PUT',
  path: '/api/secrets/{secret_id}',
  target: 'server',
  params: z.extend(CustomSecretUpdateRequestSchema, { secret_id: PathIdSchema }),
  request: ({ secret_id, ...body }) => ({ path: { secret_id }, body }),
});

/** Delete a custom secret. */
export const v0DeleteSecret = defineRequest({
  group: 'v0',
  method: 'DELETE',
  path: '/api/secrets/{secret_id}',
  target: 'server',
  params: z.strictObject({ secret_id: PathIdSchema }),
  request: ({ secret_id }) => ({ path: { secret_id } }),
});

// --- Git provider routes (docs/contract/v0-rest.md#git-provider-routes) ---
/** App installations / workspaces / organizations of a provider. */
export const v0GetInstallations = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/user/installations',
  target: 'server',
  params: z.strictObject({ provider: ProviderTypeRequestSchema }),
  request: (query) => ({ query }),
});

/** The user’s repositories; the next page comes from the first item’s link_header. */
export const v0ListRepositories = defineRequest({
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
});

/** The git provider user behind the stored token. */
export const v0GetUserInfo = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/user/info',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Search repositories by name. */
export const v0SearchRepositories = defineRequest({
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
});

/** Search a repository’s branches by name. */
export const v0SearchBranches = defineRequest({
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
});

/** Open PRs/issues the agent could work on. */
export const v0GetSuggestedTasks = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/user/suggested-tasks',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** A page of a repository’s branches. */
export const v0GetBranches = defineRequest({
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
});

/** Microagent files of a repository (metadata only). */
export const v0ListRepositoryMicroagents = defineRequest({
  group: 'v0',
  method: 'GET',
  path: '/api/user/repository/{repository_name}/microagents',
  target: 'server',
  params: z.strictObject({ repository_name: RepositoryPathSchema }),
  request: ({ repository_name }) => ({ path: { repository_name } }),
  slashParams: ['repository_name'],
});

/** One microagent file: body without front-matter, plus its triggers. */
export const v0GetRepositoryMicroagentContent = defineRequest({
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
});

export const v0Requests = {
  'v0.createConversation': v0CreateConversation,
  'v0.listConversations': v0ListConversations,
  'v0.getConversation': v0GetConversation,
  'v0.deleteConversation': v0DeleteConversation,
  'v0.updateConversation': v0UpdateConversation,
  'v0.startConversation': v0StartConversation,
  'v0.stopConversation': v0StopConversation,
  'v0.getEvents': v0GetEvents,
  'v0.sendEvent': v0SendEvent,
  'v0.sendMessage': v0SendMessage,
  'v0.getRuntimeConfig': v0GetRuntimeConfig,
  'v0.getVscodeUrl': v0GetVscodeUrl,
  'v0.getWebHosts': v0GetWebHosts,
  'v0.getConversationMicroagents': v0GetConversationMicroagents,
  'v0.listFiles': v0ListFiles,
  'v0.selectFile': v0SelectFile,
  'v0.getGitChanges': v0GetGitChanges,
  'v0.getGitDiff': v0GetGitDiff,
  'v0.getTrajectory': v0GetTrajectory,
  'v0.rememberPrompt': v0RememberPrompt,
  'v0.getModels': v0GetModels,
  'v0.getAgents': v0GetAgents,
  'v0.getSecurityAnalyzers': v0GetSecurityAnalyzers,
  'v0.getConfig': v0GetConfig,
  'v0.getSettings': v0GetSettings,
  'v0.saveSettings': v0SaveSettings,
  'v0.addGitProviders': v0AddGitProviders,
  'v0.unsetProviderTokens': v0UnsetProviderTokens,
  'v0.listSecrets': v0ListSecrets,
  'v0.createSecret': v0CreateSecret,
  'v0.updateSecret': v0UpdateSecret,
  'v0.deleteSecret': v0DeleteSecret,
  'v0.getInstallations': v0GetInstallations,
  'v0.listRepositories': v0ListRepositories,
  'v0.getUserInfo': v0GetUserInfo,
  'v0.searchRepositories': v0SearchRepositories,
  'v0.searchBranches': v0SearchBranches,
  'v0.getSuggestedTasks': v0GetSuggestedTasks,
  'v0.getBranches': v0GetBranches,
  'v0.listRepositoryMicroagents': v0ListRepositoryMicroagents,
  'v0.getRepositoryMicroagentContent': v0GetRepositoryMicroagentContent,
};
