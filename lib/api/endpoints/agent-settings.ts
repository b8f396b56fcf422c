// A bare agent server's own settings, secrets and MCP servers (docs/contract/server-generations.md
// "Agent server direct"; upstream `openhands-agent-server/…/settings_router.py`): the request half
// of each endpoint. They live on the configured server's own origin and take its key, unlike the
// `agent-server` targets of ./v1, which reach a V1 conversation's sandbox. The answers' schemas are
// in ./agent-settings-responses, which the worker never imports.
import * as z from 'zod/mini';
import '../zod-english';
import { defineRequest, PathIdSchema } from '../endpoint';
import { McpServerRequestSchema } from '../v1/requests';
import { noParams } from './live';

/**
 * Upstream's `SECRET_NAME_PATTERN`: a letter first, then letters, digits and underscores, 64 at
 * most. Names the server would refuse with 422 are refused before sending.
 */
export const AgentSecretNameSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
      'A secret name starts with a letter and has at most 64 letters, digits and underscores',
    ),
  );

const optionalText = z.nullish(z.string());
const secretMap = z.nullish(z.record(z.string(), z.nullable(z.string())));

/**
 * Upstream's `MCPServerPatch`: a merge patch of one MCP server. A field left out stays as stored,
 * `null` clears it, and in `headers` and `env` a name set to `null` is removed while names left
 * out keep their stored (secret) values.
 */
export const AgentMcpServerPatchSchema = z.strictObject({
  url: z.nullish(z.string().check(z.minLength(1))),
  transport: z.nullish(z.enum(['stdio', 'http', 'streamable-http', 'sse'])),
  command: z.nullish(z.string().check(z.minLength(1))),
  args: z.nullish(z.array(z.string())),
  env: secretMap,
  cwd: optionalText,
  description: optionalText,
  icon: optionalText,
  timeout: z.nullish(z.number()),
  sse_read_timeout: z.nullish(z.number()),
  keep_alive: z.nullish(z.boolean()),
  headers: secretMap,
  auth: z.nullish(z.looseObject({ strategy: z.string() })),
  enabled: z.nullish(z.boolean()),
});
export type AgentMcpServerPatch = z.input<typeof AgentMcpServerPatchSchema>;

/** Names an MCP server in the path (the key of `agent_settings.mcp_config`). */
const mcpKey = { settings_key: PathIdSchema };

/**
 * The settings, with every secret value redacted (`**********`): `agent_settings` (the model in
 * `llm.model`, MCP servers in `mcp_config`), `conversation_settings` (`confirmation_mode`) and
 * `llm_api_key_is_set`. Since 1.17.0. No `X-Expose-Secrets`: pages never read secrets back. Only
 * the worker's start does: the settings encrypted, and the clone token (lib/api/agent-direct).
 */
export const agentGetSettings = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/settings',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/**
 * Changes settings by merge patch: `agent_settings_diff` and `conversation_settings_diff` are
 * deep-merged into what is stored, a `null` inside a map removes that entry (an MCP server, a
 * header). Answers the settings, redacted; 422 without details when the result does not validate.
 */
export const agentUpdateSettings = defineRequest({
  group: 'agent',
  method: 'PATCH',
  path: '/api/settings',
  target: 'server',
  params: z
    .strictObject({
      agent_settings_diff: z.optional(
        z.looseObject({
          mcp_config: z.optional(z.record(z.string(), z.nullable(AgentMcpServerPatchSchema))),
        }),
      ),
      conversation_settings_diff: z.optional(
        z.looseObject({ confirmation_mode: z.optional(z.boolean()) }),
      ),
    })
    .check(
      z.refine(
        (body) => Boolean(body.agent_settings_diff || body.conversation_settings_diff),
        'Give at least one change',
      ),
    ),
  request: (body) => ({ body }),
});

/** 1.20.1+: the secrets' names and descriptions, never their values. */
export const agentListSecrets = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/settings/secrets',
  target: 'server',
  params: noParams,
  request: () => ({}),
});

/**
 * 1.20.1+: creates a secret, or replaces the value and description of the one of that name (a
 * description left out becomes none). Answers `{name, description}`.
 */
export const agentSaveSecret = defineRequest({
  group: 'agent',
  method: 'PUT',
  path: '/api/settings/secrets',
  target: 'server',
  params: z.strictObject({
    name: AgentSecretNameSchema,
    value: z.string().check(z.minLength(1, 'A secret needs a value')),
    description: optionalText,
  }),
  request: (body) => ({ body }),
});

/** 1.20.1+: deletes a secret (`{deleted: true}`; 404 "Secret not found"). */
export const agentDeleteSecret = defineRequest({
  group: 'agent',
  method: 'DELETE',
  path: '/api/settings/secrets/{name}',
  target: 'server',
  params: z.strictObject({ name: AgentSecretNameSchema }),
  request: ({ name }) => ({ path: { name } }),
});

/** 1.39.0+: adds one MCP server (201); 409 when one of that name exists. Answers the settings. */
export const agentCreateMcpServer = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/settings/mcp/{settings_key}',
  target: 'server',
  params: z.extend(McpServerRequestSchema, mcpKey),
  request: ({ settings_key, ...body }) => ({ path: { settings_key }, body }),
});

/** 1.39.0+: changes one MCP server by merge patch; 404 when there is none of that name. */
export const agentUpdateMcpServer = defineRequest({
  group: 'agent',
  method: 'PATCH',
  path: '/api/settings/mcp/{settings_key}',
  target: 'server',
  params: z.extend(AgentMcpServerPatchSchema, mcpKey),
  request: ({ settings_key, ...body }) => ({ path: { settings_key }, body }),
});

/** 1.39.0+: removes one MCP server, leaving the others; 404 when there is none of that name. */
export const agentDeleteMcpServer = defineRequest({
  group: 'agent',
  method: 'DELETE',
  path: '/api/settings/mcp/{settings_key}',
  target: 'server',
  params: z.strictObject(mcpKey),
  request: ({ settings_key }) => ({ path: { settings_key } }),
});

/** A folder on the agent server's machine, as the skills and file routes take it. */
const serverFolder = z.string().check(z.regex(/^\/./));

/**
 * The skills the agent server itself finds in a folder on its machine (`POST /api/skills`,
 * 1.9.0+): the folder's own only (AGENTS.md and the like, `.agents/skills`, `.openhands/skills`),
 * not the public, user or organisation skills, which the conversation's own list already shows.
 * Upstream's `SkillsRequest` loads every kind unless told not to.
 */
export const agentFolderSkills = defineRequest({
  group: 'agent',
  method: 'POST',
  path: '/api/skills',
  target: 'server',
  params: z.strictObject({ project_dir: serverFolder }),
  request: ({ project_dir }) => ({
    // Every source is loaded unless turned off, and the public one is cloned over the network:
    // each switch is said, so a server whose defaults change still does only this.
    body: {
      load_public: false,
      load_user: false,
      load_org: false,
      load_project: true,
      project_dir,
    },
  }),
});

/**
 * Whether a path is there (1.13.1+): the download route answers 404 "File not found" for a path
 * that is not, 400 "Path is not a file" for a folder. The skills route cannot tell an empty
 * folder from a missing one, so this is asked only when it finds nothing, and only its errors
 * are read (a file's bytes would not be JSON, and a clone folder is no file).
 */
export const agentPathCheck = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/file/download',
  target: 'server',
  params: z.strictObject({ path: serverFolder }),
  request: ({ path }) => ({ query: { path } }),
});

/**
 * The repositories the GitHub token saved on the server can reach (1.44+, `git_router.py`,
 * `git_provider_service.py`): the token's own `/user/repos`, most recently pushed first, one page
 * of `limit` at a time, filtered by `query` within that page only. Without a saved token the
 * answer is empty with `missing_token: true`; other hosts answer 400.
 */
export const agentSearchRepositories = defineRequest({
  group: 'agent',
  method: 'GET',
  path: '/api/git/repositories/search',
  target: 'server',
  params: z.strictObject({
    provider: z.literal('github'),
    query: z.optional(z.string()),
    limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
    page_id: z.optional(z.string()),
  }),
  request: (query) => ({ query }),
});

export const agentSettingsRequests = {
  'agent.getSettings': agentGetSettings,
  'agent.updateSettings': agentUpdateSettings,
  'agent.listSecrets': agentListSecrets,
  'agent.saveSecret': agentSaveSecret,
  'agent.deleteSecret': agentDeleteSecret,
  'agent.createMcpServer': agentCreateMcpServer,
  'agent.updateMcpServer': agentUpdateMcpServer,
  'agent.deleteMcpServer': agentDeleteMcpServer,
  'agent.folderSkills': agentFolderSkills,
  'agent.pathCheck': agentPathCheck,
  'agent.searchRepositories': agentSearchRepositories,
};
