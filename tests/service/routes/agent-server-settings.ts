// The agent server's settings, secrets and profiles (software-agent-sdk agent_server/
// settings_router.py, profiles_router.py, agent_profiles_router.py): what Agent Canvas reads
// and writes when it talks to an agent server directly.
import {
  acceptSecrets,
  agentSettingsOf,
  agentSettingsValid,
  type ExposeMode,
  mergePatch,
  settingsResponse,
} from '../agent-server/settings';
import { httpException, json, text } from '../http/respond';
import { defineRoute, type Incoming } from '../http/router';
import {
  MCPServerModel,
  MCPServerPatchModel,
  SecretCreateRequestModel,
  SettingsUpdateRequestModel,
} from '../models/agent-server';
import type { GatedRoute } from './agent-server';
import type { RouteHost } from './common';

/** settings_router `SECRET_NAME_PATTERN`. */
const secretNamePattern = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

/** A path parameter the shared `PathParams` type does not list. */
function pathParam(params: unknown, name: string): string {
  return (params as Record<string, string>)[name] ?? '';
}

function checkSecretName(name: string): void {
  if (!secretNamePattern.test(name)) {
    throw httpException(
      422,
      'Invalid secret name format. Must start with a letter, contain only letters, numbers, and underscores, and be 1-64 characters long.',
    );
  }
}

/** `parse_expose_secrets_header`. */
function exposeMode(req: Incoming): ExposeMode {
  const raw = req.headers['x-expose-secrets'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.toLowerCase().trim() ?? '';
  if (!value) return null;
  if (value === 'true') return 'encrypted';
  if (value === 'encrypted' || value === 'plaintext') return value;
  throw httpException(
    400,
    `Invalid X-Expose-Secrets header value: '${value}'. Valid values are: 'encrypted', 'plaintext'.`,
  );
}

export function agentServerSettingsRoutes(host: RouteHost, scope: string): GatedRoute[] {
  const servers = host.v1.agent.servers;
  const state = () => servers.state(scope);
  const cipher = () => servers.cipher(scope);
  const settingsSince = { legacy: false, since: '1.17.0' };
  const secretsSince = { legacy: false, since: '1.20.1' };
  const mcpSince = { legacy: false, since: '1.39.0' };
  const why = (router: string, version: string) => `agent_server/${router} (v${version})`;

  /** Mutation answers never expose secrets. */
  const applyAgentDiff = (diff: Record<string, unknown>) => {
    const current = state();
    acceptSecrets(diff, cipher());
    const merged = mergePatch(current.settings.agent_settings, diff);
    if (!agentSettingsValid(merged)) throw httpException(422, 'Settings validation failed');
    current.settings.agent_settings = merged;
    host.persist();
  };
  const mcpServers = () => agentSettingsOf(state()).mcp_config as Record<string, unknown>;

  return [
    {
      ...settingsSince,
      route: defineRoute({
        method: 'GET',
        path: '/api/settings',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.17.0') },
        handle: ({ req }) => {
          const mode = servers.release.has('secrets') ? exposeMode(req) : null;
          return settingsResponse(state(), mode, cipher(), servers.release);
        },
      }),
    },
    {
      ...settingsSince,
      route: defineRoute({
        method: 'PATCH',
        path: '/api/settings',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.17.0') },
        body: { kind: 'model', schema: SettingsUpdateRequestModel, required: true },
        handle: ({ body, rawJson }) => {
          const raw = rawJson() as Record<string, unknown>;
          const given = (key: string) => key in raw;
          if (
            body.agent_settings_diff === null &&
            body.conversation_settings_diff === null &&
            body.misc_settings_diff === null &&
            !given('active_profile') &&
            !given('active_agent_profile_id')
          ) {
            throw httpException(
              400,
              'At least one of agent_settings_diff, conversation_settings_diff, misc_settings_diff, active_profile, or active_agent_profile_id must be provided',
            );
          }
          const current = state();
          if (body.agent_settings_diff) applyAgentDiff(body.agent_settings_diff);
          if (body.conversation_settings_diff) {
            const merged = mergePatch(
              current.settings.conversation_settings,
              body.conversation_settings_diff,
            );
            if (
              merged.max_iterations !== undefined &&
              !(Number.isInteger(merged.max_iterations) && (merged.max_iterations as number) >= 1)
            ) {
              throw httpException(422, 'Settings validation failed');
            }
            current.settings.conversation_settings = merged;
          }
          if (body.misc_settings_diff) {
            current.settings.misc_settings = mergePatch(
              current.settings.misc_settings,
              body.misc_settings_diff,
            );
          }
          if (given('active_profile')) current.settings.active_profile = body.active_profile;
          if (given('active_agent_profile_id')) {
            current.settings.active_agent_profile_id = body.active_agent_profile_id;
          }
          host.persist();
          return settingsResponse(current, null, cipher(), servers.release);
        },
      }),
    },
    {
      ...mcpSince,
      route: defineRoute({
        method: 'POST',
        path: '/api/settings/mcp/{settings_key}',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.39.0') },
        body: { kind: 'model', schema: MCPServerModel, required: true },
        handle: ({ params, rawJson }) => {
          const key = pathParam(params, 'settings_key');
          if (key in mcpServers()) throw httpException(409, `MCP server '${key}' already exists`);
          // exclude_none + exclude_defaults: only what was set is stored.
          const raw = rawJson() as Record<string, unknown>;
          const server = Object.fromEntries(
            Object.entries(raw).filter(
              ([name, value]) => value !== null && !(name === 'enabled' && value === true),
            ),
          );
          applyAgentDiff({ mcp_config: { [key]: server } });
          return json(settingsResponse(state(), null, cipher(), servers.release), 201);
        },
      }),
    },
    {
      ...mcpSince,
      route: defineRoute({
        method: 'PATCH',
        path: '/api/settings/mcp/{settings_key}',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.39.0') },
        body: { kind: 'model', schema: MCPServerPatchModel, required: true },
        handle: ({ params, rawJson }) => {
          const key = pathParam(params, 'settings_key');
          if (!(key in mcpServers())) throw httpException(404, `MCP server '${key}' was not found`);
          applyAgentDiff({ mcp_config: { [key]: rawJson() as Record<string, unknown> } });
          return settingsResponse(state(), null, cipher(), servers.release);
        },
      }),
    },
    {
      ...mcpSince,
      route: defineRoute({
        method: 'DELETE',
        path: '/api/settings/mcp/{settings_key}',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.39.0') },
        handle: ({ params }) => {
          const key = pathParam(params, 'settings_key');
          if (!(key in mcpServers())) throw httpException(404, `MCP server '${key}' was not found`);
          applyAgentDiff({ mcp_config: { [key]: null } });
          return settingsResponse(state(), null, cipher(), servers.release);
        },
      }),
    },
    {
      ...secretsSince,
      route: defineRoute({
        method: 'GET',
        path: '/api/settings/secrets',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.20.1') },
        handle: () => ({
          secrets: Object.entries(state().secrets).map(([name, secret]) => ({
            name,
            description: secret.description,
          })),
        }),
      }),
    },
    {
      ...secretsSince,
      route: defineRoute({
        method: 'PUT',
        path: '/api/settings/secrets',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.20.1') },
        body: { kind: 'model', schema: SecretCreateRequestModel, required: true },
        handle: ({ body }) => {
          checkSecretName(body.name);
          state().secrets[body.name] = { value: body.value, description: body.description };
          host.persist();
          return { name: body.name, description: body.description };
        },
      }),
    },
    {
      ...secretsSince,
      route: defineRoute({
        method: 'GET',
        path: '/api/settings/secrets/{name}',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.20.1') },
        handle: ({ params }) => {
          const name = pathParam(params, 'name');
          checkSecretName(name);
          const secret = state().secrets[name];
          // One answer for every missing name, so names cannot be enumerated.
          if (!secret) throw httpException(404, 'Secret not found');
          return text(secret.value, 200, { 'content-type': 'text/plain; charset=utf-8' });
        },
      }),
    },
    {
      ...secretsSince,
      route: defineRoute({
        method: 'DELETE',
        path: '/api/settings/secrets/{name}',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('settings_router.py', '1.20.1') },
        handle: ({ params }) => {
          const name = pathParam(params, 'name');
          checkSecretName(name);
          if (!state().secrets[name]) throw httpException(404, 'Secret not found');
          delete state().secrets[name];
          host.persist();
          return { deleted: true };
        },
      }),
    },
    {
      legacy: false,
      since: '1.22.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/profiles',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('profiles_router.py', '1.22.0') },
        handle: () => {
          const current = state();
          return {
            profiles: Object.entries(current.llm_profiles)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([name, profile]) => {
                const llm = (profile.llm ?? {}) as Record<string, unknown>;
                return {
                  name,
                  model: typeof llm.model === 'string' ? llm.model : null,
                  base_url: typeof llm.base_url === 'string' ? llm.base_url : null,
                  provider_connection_id: null,
                  provider_connection_broken: false,
                  api_key_set: typeof llm.api_key === 'string' && llm.api_key.length > 0,
                };
              }),
            active_profile: current.settings.active_profile,
          };
        },
      }),
    },
    {
      legacy: false,
      since: '1.29.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/agent-profiles',
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('agent_profiles_router.py', '1.29.0') },
        handle: () => {
          const current = state();
          if (
            Object.keys(current.agent_profiles).length === 0 &&
            current.settings.active_agent_profile_id === null
          ) {
            // The first listing seeds a default profile from the current settings and activates it.
            const id = crypto.randomUUID();
            const settings = agentSettingsOf(current);
            current.agent_profiles[id] = {
              id,
              name: 'default',
              agent_kind: 'openhands',
              revision: 1,
              llm_profile_ref: current.settings.active_profile ?? 'default',
              mcp_server_refs: Object.keys(settings.mcp_config as object),
              settings: { ...settings, llm: { ...(settings.llm as object) } },
            };
            current.settings.active_agent_profile_id = id;
            host.persist();
          }
          return {
            profiles: Object.values(current.agent_profiles).map((profile) => ({
              id: profile.id ?? null,
              name: profile.name,
              agent_kind: profile.agent_kind ?? 'openhands',
              revision: profile.revision ?? null,
              llm_profile_ref: profile.llm_profile_ref ?? null,
              mcp_server_refs: profile.mcp_server_refs ?? null,
            })),
            active_agent_profile_id: current.settings.active_agent_profile_id,
          };
        },
      }),
    },
  ];
}
