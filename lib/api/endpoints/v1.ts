// V1 app server (docs/contract/v1-app-server.md) and agent server (docs/contract/agent-server.md):
// the request half of each endpoint. Parameter names are the wire names. The answers' schemas are
// in ./v1-responses; this module imports none, so the worker can send every call without bundling
// them (40 KB gzipped budget).
import * as z from 'zod/mini';
import '../zod-english';
import { defineRequest, PageLimitSchema, PathIdSchema } from '../endpoint';
import {
  ProviderTypeRequestSchema,
  RepositorySortOrderRequestSchema,
  StartTaskSortOrderRequestSchema,
} from '../enums';
import {
  AppConversationStartRequestSchema,
  AppConversationUpdateRequestSchema,
  AppSendMessageRequestSchema,
  AppSettingsUpdateRequestSchema,
  GitProvidersRequestSchema,
  SecretCreateRequestSchema,
  SecretUpdateRequestSchema,
} from '../v1/requests';
import {
  agentCountEvents,
  agentGetConversationServer,
  agentGetServerInfo,
  agentInterrupt,
  agentPause,
  agentRespondToAskUser,
  agentRespondToConfirmation,
  agentRun,
  agentSearchEvents,
  agentSendMessage,
  appConversationFilters,
  BatchIdsSchema,
  agentConversation as conversation,
  conversationEventFilters,
  noParams,
  onAgent,
  optionalText,
  paging,
  v1ActivateCredentialBinding,
  v1GetAppConversations,
  v1GetWebClientConfig,
  v1PauseSandbox,
  v1QueuePendingMessage,
  v1ResumeSandbox,
  v1SearchAppConversations,
  v1SearchConversationEvents,
  v1SearchEvents,
  v062EventFilters,
} from './live';

/**
 * `stream-start` answers `[`, then task states separated by `,\n`, then `]` once READY or
 * ERROR. Reads every complete state, also from a stream cut short.
 */
export function parseStreamedArray(text: string): unknown[] {
  const trimmed = text.trim();
  try {
    const whole = JSON.parse(trimmed);
    if (Array.isArray(whole)) return whole;
  } catch {
    // Cut short: fall through to reading item by item.
  }
  const items: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < trimmed.length; index++) {
    const char = trimmed[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0 && start >= 0) {
        items.push(JSON.parse(trimmed.slice(start, index + 1)));
        start = -1;
      }
    }
  }
  return items;
}

// --- App conversations (docs/contract/v1-app-server.md#app-conversations) ---

/** How many V1 conversations match the filters. */
export const v1CountAppConversations = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations/count',
  target: 'server',
  params: z.strictObject(appConversationFilters),
  request: (query) => ({ query }),
});

/**
 * Start a V1 conversation; answers a start task. Poll getStartTasks until READY (→
 * app_conversation_id) or ERROR.
 */
export const v1StartAppConversation = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/app-conversations',
  target: 'server',
  params: AppConversationStartRequestSchema,
  request: (body) => ({ body }),
});

/** Start a V1 conversation and wait: every start-task state up to READY or ERROR. */
export const v1StreamStartAppConversation = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/app-conversations/stream-start',
  target: 'server',
  params: AppConversationStartRequestSchema,
  request: (body) => ({ body }),
  readText: parseStreamedArray,
  // Held open while the sandbox starts and the repository is cloned.
  timeoutMs: 10 * 60_000,
});

/** A page of start tasks. */
export const v1SearchStartTasks = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations/start-tasks/search',
  target: 'server',
  params: z.strictObject({
    conversation_id__eq: optionalText,
    created_at__gte: optionalText,
    sort_order: z.optional(StartTaskSortOrderRequestSchema),
    ...paging,
  }),
  request: (query) => ({ query }),
});

/** How many start tasks match. */
export const v1CountStartTasks = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations/start-tasks/count',
  target: 'server',
  params: z.strictObject({ conversation_id__eq: optionalText, created_at__gte: optionalText }),
  request: (query) => ({ query }),
});

/** Start tasks by id (poll this every ~3 s while starting). */
export const v1GetStartTasks = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations/start-tasks',
  target: 'server',
  params: z.strictObject({ ids: BatchIdsSchema }),
  request: ({ ids }) => ({ query: { ids } }),
});

/** 2026 only (0.62.0: use v0.updateConversation). Rename or re-point a conversation. */
export const v1UpdateAppConversation = defineRequest({
  group: 'v1',
  method: 'PATCH',
  path: '/api/v1/app-conversations/{conversation_id}',
  target: 'server',
  params: z.extend(AppConversationUpdateRequestSchema, { conversation_id: PathIdSchema }),
  request: ({ conversation_id, ...body }) => ({ path: { conversation_id }, body }),
});

/** 2026 only (0.62.0: use v0.deleteConversation). */
export const v1DeleteAppConversation = defineRequest({
  group: 'v1',
  method: 'DELETE',
  path: '/api/v1/app-conversations/{conversation_id}',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema }),
  request: ({ conversation_id }) => ({ path: { conversation_id } }),
});

/** 2026 only: send a message through the app server (409 sandbox not running, 410 archived). */
export const v1SendMessage = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/app-conversations/{conversation_id}/send-message',
  target: 'server',
  params: z.extend(AppSendMessageRequestSchema, { conversation_id: PathIdSchema }),
  request: ({ conversation_id, role, content, run }) => ({
    path: { conversation_id },
    body: { role: role ?? 'user', content, run: run ?? true },
  }),
});

/** 2026 only: the conversation’s skills; empty while its sandbox is not running. */
export const v1GetSkills = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/app-conversations/{conversation_id}/skills',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema }),
  request: ({ conversation_id }) => ({ path: { conversation_id } }),
});

// --- Sandboxes (docs/contract/v1-app-server.md#sandboxes, docs/contract/v1-app-server.md#sandbox-specs)
/** A page of sandboxes. */
export const v1SearchSandboxes = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/sandboxes/search',
  target: 'server',
  params: z.strictObject(paging),
  request: (query) => ({ query }),
});

/** Sandboxes by id (the query name is `id`, not `ids`); null for unknown ids. */
export const v1GetSandboxes = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/sandboxes',
  target: 'server',
  params: z.strictObject({ id: BatchIdsSchema }),
  request: ({ id }) => ({ query: { id } }),
});

/** Start a new sandbox (no body). */
export const v1CreateSandbox = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/sandboxes',
  target: 'server',
  params: z.strictObject({ sandbox_spec_id: optionalText }),
  request: (query) => ({ query }),
});

/** Delete a sandbox. Sends the id both in the path and as query `sandbox_id`. */
export const v1DeleteSandbox = defineRequest({
  group: 'v1',
  method: 'DELETE',
  path: '/api/v1/sandboxes/{id}',
  target: 'server',
  // Quirk (docs/contract/v1-app-server.md#sandboxes): the handler reads the id from query
  // `sandbox_id`; the path is ignored.
  params: z.strictObject({ sandbox_id: PathIdSchema }),
  request: ({ sandbox_id }) => ({ path: { id: sandbox_id }, query: { sandbox_id } }),
});

/** A page of sandbox specs (images/templates). */
export const v1SearchSandboxSpecs = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/sandbox-specs/search',
  target: 'server',
  params: z.strictObject(paging),
  request: (query) => ({ query }),
});

/** Sandbox specs by id (query `id`). */
export const v1GetSandboxSpecs = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/sandbox-specs',
  target: 'server',
  params: z.strictObject({ id: BatchIdsSchema }),
  request: ({ id }) => ({ query: { id } }),
});

// --- Events on the app server (docs/contract/v1-app-server.md#event-history): 0.62.0 form, then the 2026 form

/** 0.62.0: how many events match (e.g. how many a socket replay will deliver). */
export const v1CountEvents = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/events/count',
  target: 'server',
  params: z.strictObject(v062EventFilters),
  request: (query) => ({ query }),
});

/** 0.62.0: events by id; null for unknown ids. */
export const v1GetEvents = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/events',
  target: 'server',
  params: z.strictObject({ id: BatchIdsSchema }),
  request: ({ id }) => ({ query: { id } }),
});

// The 2026 search, `v1SearchConversationEvents`, is in ./live: the worker pages history with it.

/** 2026: how many of a conversation’s events match. */
export const v1CountConversationEvents = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/conversation/{conversation_id}/events/count',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema, ...conversationEventFilters }),
  request: ({ conversation_id, ...query }) => ({ path: { conversation_id }, query }),
});

/** 2026: a conversation’s events by id; null for unknown ids. */
export const v1GetConversationEvents = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/conversation/{conversation_id}/events',
  target: 'server',
  params: z.strictObject({ conversation_id: PathIdSchema, id: BatchIdsSchema }),
  request: ({ conversation_id, id }) => ({ path: { conversation_id }, query: { id } }),
});

// --- Server configuration, git, settings, secrets, skills, models (docs/contract/v1-app-server.md#server-configuration ff.; 1.7+ unless noted)

// The git routes page with an opaque `page_id` (pass back the previous `next_page_id`) and answer
// 403 until a provider token is stored (1.7 answered 401).

/**
 * The GitHub app installations (Bitbucket workspaces, Bitbucket Data Center projects, Azure
 * DevOps organisations) the user's token reaches, as ids; 400 for other providers.
 */
export const v1SearchGitInstallations = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/git/installations/search',
  target: 'server',
  params: z.strictObject({ provider: ProviderTypeRequestSchema, ...paging }),
  request: (query) => ({ query }),
});

/**
 * Without `query`: the user's repositories, most recently pushed first, optionally within one
 * installation. With `query`: a search on the provider (one page only; every page_id answers
 * the first again). `sort_order` only goes with `query`: the listing refuses it with 400.
 */
export const v1SearchGitRepositories = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/git/repositories/search',
  target: 'server',
  params: z
    .strictObject({
      provider: ProviderTypeRequestSchema,
      query: optionalText,
      installation_id: optionalText,
      sort_order: z.nullish(RepositorySortOrderRequestSchema),
      ...paging,
    })
    .check(
      z.refine((params) => !params.sort_order || Boolean(params.query), {
        error: 'sort_order only applies to a search: give a query as well',
        path: ['sort_order'],
      }),
    ),
  request: (query) => ({ query }),
});

/**
 * A repository's branches (`owner/repo`; GitLab: the full path). An empty `query` lists them all,
 * page by page (30 by default); a non-empty one searches and has no further pages (400).
 */
export const v1SearchGitBranches = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/git/branches/search',
  target: 'server',
  params: z.strictObject({
    provider: ProviderTypeRequestSchema,
    repository: z.string().check(z.minLength(1)),
    query: z.optional(z.string()),
    ...paging,
  }),
  // Upstream requires the parameter even when empty.
  request: ({ query, ...rest }) => ({ query: { ...rest, query: query ?? '' } }),
});

/** Open pull requests and issues of the user the agent could take on (30 a page by default). */
export const v1SearchSuggestedTasks = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/git/suggested-tasks/search',
  target: 'server',
  params: z.strictObject(paging),
  request: (query) => ({ query }),
});

/**
 * The user's settings, nested (`agent_settings`, `conversation_settings`), secrets only as
 * `*_set` flags; null on a fresh install, which answers 404 until settings are first saved.
 */
export const v1GetSettings = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/settings',
  target: 'server',
  params: noParams,
  request: () => ({}),
  // Upstream's "no settings yet" is a hand-made JSON 404 `{"error": "Settings not found"}`. A
  // server without the route answers FastAPI's `{"detail": "Not Found"}` or the web app's page,
  // and that stays an error.
  recover: (error) =>
    error.kind === 'not-found' &&
    error.status === 404 &&
    error.bodyType === 'json' &&
    error.serverMessage === 'Settings not found'
      ? null
      : undefined,
});

/**
 * Change settings: `agent_settings_diff` and `conversation_settings_diff` are deep-merged into
 * what is stored, except `agent_settings_diff.mcp_config`, which replaces the whole map of MCP
 * servers (send all of them). `{message}`; 400 `{error}` on a value the models refuse.
 */
export const v1SaveSettings = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/settings',
  target: 'server',
  params: AppSettingsUpdateRequestSchema,
  request: (body) => ({ body }),
});

/**
 * Store git provider tokens. The posted map replaces the stored one: include every provider to
 * keep (`token: ""` keeps its token). On the hosted service tokens come from the login instead.
 */
export const v1SetGitProviders = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/secrets/git-providers',
  target: 'server',
  params: GitProvidersRequestSchema,
  request: (body) => ({ body }),
});

/** Forget every stored git provider token. */
export const v1ClearGitProviders = defineRequest({
  group: 'v1',
  method: 'DELETE',
  path: '/api/v1/secrets/git-providers',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Custom secrets by name, with descriptions (never values); the page cursor is a name. */
export const v1SearchSecrets = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/secrets/search',
  target: 'server',
  params: z.strictObject({ name__contains: optionalText, ...paging }),
  request: (query) => ({ query }),
});

/** Create a custom secret, or replace the value of one with that name (201). */
export const v1CreateSecret = defineRequest({
  group: 'v1',
  method: 'POST',
  path: '/api/v1/secrets',
  target: 'server',
  params: SecretCreateRequestSchema,
  request: (body) => ({ body }),
});

/** Rename or describe a secret; its value is kept. 404 unknown, 400 when the new name is taken. */
export const v1UpdateSecret = defineRequest({
  group: 'v1',
  method: 'PUT',
  path: '/api/v1/secrets/{secret_id}',
  target: 'server',
  params: z.extend(SecretUpdateRequestSchema, { secret_id: PathIdSchema }),
  request: ({ secret_id, ...body }) => ({ path: { secret_id }, body }),
});

/** Delete a custom secret (404 when unknown). */
export const v1DeleteSecret = defineRequest({
  group: 'v1',
  method: 'DELETE',
  path: '/api/v1/secrets/{secret_id}',
  target: 'server',
  params: z.strictObject({ secret_id: PathIdSchema }),
  request: ({ secret_id }) => ({ path: { secret_id } }),
});

/**
 * 1.6+: the server's own skills (its global folder and the user's `~/.openhands`), never a
 * repository's; the page cursor is a skill name.
 */
export const v1SearchServerSkills = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/skills/search',
  target: 'server',
  params: z.strictObject(paging),
  request: (query) => ({ query }),
});

/** LLM models the server offers, 50 a page by default; `query` matches part of the name. */
export const v1SearchModels = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/v1/config/models/search',
  target: 'server',
  params: z.strictObject({
    query: optionalText,
    verified__eq: z.nullish(z.boolean()),
    provider__eq: optionalText,
    ...paging,
  }),
  request: (query) => ({ query }),
});

/**
 * Hosted service only: the organisations the user belongs to, with `current_org_id` (the one
 * requests act in unless `X-Org-Id` names another).
 */
export const v1ListOrganizations = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/organizations',
  target: 'server',
  params: z.strictObject({ page_id: optionalText, limit: z.optional(PageLimitSchema) }),
  request: (query) => ({ query }),
});

/**
 * Hosted service only: the key the request was made with (its `id`, `name`, the organisation it
 * is bound to). Only for a key: a browser session is refused (docs/contract/device-signin.md#the-key-it-gives).
 */
export const v1GetCurrentApiKey = defineRequest({
  group: 'v1',
  method: 'GET',
  path: '/api/keys/current',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/** Hosted service only: deletes one of the user's keys (a sign-out revokes its own key so). */
export const v1DeleteApiKey = defineRequest({
  group: 'v1',
  method: 'DELETE',
  path: '/api/keys/{key_id}',
  target: 'server',
  params: z.strictObject({ key_id: z.number().check(z.int(), z.nonnegative()) }),
  request: ({ key_id }) => ({ path: { key_id: String(key_id) } }),
});

export const v1Requests = {
  'v1.searchAppConversations': v1SearchAppConversations,
  'v1.countAppConversations': v1CountAppConversations,
  'v1.getAppConversations': v1GetAppConversations,
  'v1.startAppConversation': v1StartAppConversation,
  'v1.streamStartAppConversation': v1StreamStartAppConversation,
  'v1.searchStartTasks': v1SearchStartTasks,
  'v1.countStartTasks': v1CountStartTasks,
  'v1.getStartTasks': v1GetStartTasks,
  'v1.updateAppConversation': v1UpdateAppConversation,
  'v1.deleteAppConversation': v1DeleteAppConversation,
  'v1.sendMessage': v1SendMessage,
  'v1.getSkills': v1GetSkills,
  'v1.searchSandboxes': v1SearchSandboxes,
  'v1.getSandboxes': v1GetSandboxes,
  'v1.createSandbox': v1CreateSandbox,
  'v1.pauseSandbox': v1PauseSandbox,
  'v1.resumeSandbox': v1ResumeSandbox,
  'v1.deleteSandbox': v1DeleteSandbox,
  'v1.searchSandboxSpecs': v1SearchSandboxSpecs,
  'v1.getSandboxSpecs': v1GetSandboxSpecs,
  'v1.searchEvents': v1SearchEvents,
  'v1.countEvents': v1CountEvents,
  'v1.getEvents': v1GetEvents,
  'v1.searchConversationEvents': v1SearchConversationEvents,
  'v1.countConversationEvents': v1CountConversationEvents,
  'v1.getConversationEvents': v1GetConversationEvents,
  'v1.queuePendingMessage': v1QueuePendingMessage,
  'v1.activateCredentialBinding': v1ActivateCredentialBinding,
  'v1.getWebClientConfig': v1GetWebClientConfig,
  'v1.searchGitInstallations': v1SearchGitInstallations,
  'v1.searchGitRepositories': v1SearchGitRepositories,
  'v1.searchGitBranches': v1SearchGitBranches,
  'v1.searchSuggestedTasks': v1SearchSuggestedTasks,
  'v1.getSettings': v1GetSettings,
  'v1.saveSettings': v1SaveSettings,
  'v1.setGitProviders': v1SetGitProviders,
  'v1.clearGitProviders': v1ClearGitProviders,
  'v1.searchSecrets': v1SearchSecrets,
  'v1.createSecret': v1CreateSecret,
  'v1.updateSecret': v1UpdateSecret,
  'v1.deleteSecret': v1DeleteSecret,
  'v1.searchServerSkills': v1SearchServerSkills,
  'v1.searchModels': v1SearchModels,
  'v1.listOrganizations': v1ListOrganizations,
  'v1.getCurrentApiKey': v1GetCurrentApiKey,
  'v1.deleteApiKey': v1DeleteApiKey,
};

// --- Agent server (docs/contract/agent-server.md#rest-routes), under the conversation's `conversation_url`

/** One event by id. */
export const agentGetEvent = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations/{conversation_id}/events/{event_id}',
  target: 'agent-server',
  params: z.strictObject({ conversation, event_id: PathIdSchema }),
  request: ({ conversation: ref, event_id }) => {
    const parts = onAgent(ref);
    return { ...parts, path: { ...parts.path, event_id } };
  },
});

/** The conversation’s live state (execution_status, stats, title…). */
export const agentGetConversation = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/conversations/{conversation_id}',
  target: 'agent-server',
  params: z.strictObject({ conversation }),
  request: ({ conversation: ref }) => onAgent(ref),
});

export const agentRequests = {
  'agent.searchEvents': agentSearchEvents,
  'agent.countEvents': agentCountEvents,
  'agent.getEvent': agentGetEvent,
  'agent.sendMessage': agentSendMessage,
  'agent.pause': agentPause,
  'agent.run': agentRun,
  'agent.respondToConfirmation': agentRespondToConfirmation,
  'agent.respondToAskUser': agentRespondToAskUser,
  'agent.getConversation': agentGetConversation,
  'agent.interrupt': agentInterrupt,
  'agent.getServerInfo': agentGetServerInfo,
  'agent.getConversationServer': agentGetConversationServer,
};
