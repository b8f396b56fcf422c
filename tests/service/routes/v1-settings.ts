// The 1.x app server's settings and secrets (upstream app_server/settings/settings_router.py and
// app_server/secrets/secrets_router.py at 11ca68ab2, release 1.11.0).
//   Settings: nested (see v1/settings.ts); 404 `{"error": "Settings not found"}` until the first
//   POST. A POST takes `{agent_settings_diff, conversation_settings_diff, …}`; the old nested keys
//   `agent_settings`/`conversation_settings` are refused with 422, unknown keys dropped.
//   Provider tokens: the posted map replaces the stored one (an omitted provider is dropped, an
//   empty token keeps the stored one and takes the new host); every token given is checked
//   against its provider first, and a bad one is a 401 `{"detail": …}`.
//   Custom secrets: names must be environment-variable names; a POST creates or overwrites.
import type { ProviderTokenRecord } from '../core/state';
import { any, dict, int, model, opt, optional, refine, str, ValueError } from '../http/pydantic';
import { httpException, json } from '../http/respond';
import { defineRoute, queryModel, type Route } from '../http/router';
import { MCPConfigModel } from '../models/v0';
import { ProviderType1xField } from '../models/v1';
import { providerOfToken } from '../seed/git-world';
import {
  applySettingsPayload,
  appSettingsView,
  defaultAppSettings,
  providerTokensSet,
  SettingsValueError,
} from '../v1/settings';
import type { RouteHost } from './common';

/** `validate_env_var_name`. */
const secretName = refine(str(), (name) => {
  if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name)) {
    throw new ValueError(
      `Invalid secret name '${name}'. Must start with a letter or underscore, and contain only alphanumeric characters and underscores.`,
    );
  }
  return name;
});

const CustomSecretWithoutValue1xModel = model({ name: secretName, description: opt(str()) });
const CustomSecretCreate1xModel = model({
  name: secretName,
  description: opt(str()),
  value: str(),
});

const ProviderToken1xModel = model({ token: opt(str()), user_id: opt(str()), host: opt(str()) });
const POSTProvider1xModel = model({
  mcp_config: opt(MCPConfigModel),
  provider_tokens: optional(dict(ProviderType1xField, ProviderToken1xModel), () => ({})),
});

/** `AuthError`: an HTTPException, so the body is `{"detail": …}` (V0 answered `{"error": …}`). */
function checkProviderTokens(
  incoming: Record<string, ProviderTokenRecord>,
  existing: Record<string, ProviderTokenRecord>,
): void {
  const check = (token: string, type: string) => {
    if (providerOfToken(token) !== type) {
      throw httpException(401, `Invalid token. Please make sure it is a valid ${type} token.`);
    }
  };
  for (const [type, value] of Object.entries(incoming)) {
    if (value.token) check(value.token, type);
    const stored = existing[type];
    if (stored?.token && stored.host !== value.host) check(stored.token, type);
  }
}

export function v1SettingsRoutes(host: RouteHost): Route[] {
  const data = host.data;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/settings',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: () => {
        // A hosted user always has settings: they are composed from the organisation's.
        const settings =
          data.app_settings ?? (host.options.server === 'hosted' ? defaultAppSettings() : null);
        if (!settings) return json({ error: 'Settings not found' }, 404);
        return appSettingsView(settings, providerTokensSet(host.v1.providerTokens()));
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/settings',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: dict(str(), any()), required: true },
      handle: ({ body }) => {
        const payload = body as Record<string, unknown>;
        const legacyKeys = ['agent_settings', 'conversation_settings'].filter((k) => k in payload);
        if (legacyKeys.length > 0) {
          return json(
            {
              error: 'Use *_diff nested settings payloads instead of legacy keys',
              keys: legacyKeys,
            },
            422,
          );
        }
        try {
          data.app_settings = applySettingsPayload(data.app_settings ?? null, payload);
        } catch (error) {
          if (error instanceof SettingsValueError) return json({ error: error.message }, 400);
          throw error;
        }
        host.persist();
        return { message: 'Settings stored' };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/secrets/git-providers',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: POSTProvider1xModel, required: true },
      handle: ({ body }) => {
        const incoming = body.provider_tokens as Record<string, ProviderTokenRecord>;
        checkProviderTokens(incoming, host.v1.providerTokens());
        const stored = data.secrets.provider_tokens;
        const replaced: Record<string, ProviderTokenRecord> = {};
        for (const [provider, value] of Object.entries(incoming)) {
          const kept = stored[provider];
          const base = kept?.token && !value.token ? kept : value;
          replaced[provider] = { token: base.token, user_id: base.user_id, host: value.host };
        }
        data.secrets.provider_tokens = replaced;
        host.persist();
        return { message: 'Git providers stored' };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/api/v1/secrets/git-providers',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: () => {
        data.secrets.provider_tokens = {};
        host.persist();
        return { message: 'Unset Git provider tokens' };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/secrets/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        name__contains: opt(str()),
        page_id: opt(str()),
        limit: { schema: int({ gt: 0, le: 100 }), options: { default: () => 100 } },
      }),
      handle: ({ query }) => {
        const wanted = query.name__contains?.toLowerCase() ?? null;
        const all = Object.entries(data.secrets.custom_secrets)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .filter(([name]) => wanted === null || name.toLowerCase().includes(wanted))
          .map(([name, secret]) => ({ name, description: secret.description }));
        // The cursor is the last name of the previous page; an unknown one starts over.
        let start = 0;
        if (query.page_id) {
          const index = all.findIndex((s) => s.name === query.page_id);
          if (index !== -1) start = index + 1;
        }
        const end = start + query.limit;
        const items = all.slice(start, end);
        return {
          items,
          next_page_id: end < all.length ? (items[items.length - 1]?.name ?? null) : null,
        };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/v1/secrets',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: CustomSecretCreate1xModel, required: true },
      handle: ({ body }) => {
        const secrets = data.secrets.custom_secrets;
        const description = body.description ?? secrets[body.name]?.description ?? '';
        secrets[body.name] = { secret: body.value, description };
        host.persist();
        return json({ message: 'Secret created successfully' }, 201);
      },
    }),

    defineRoute({
      method: 'PUT',
      path: '/api/v1/secrets/{secret_id}',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'model', schema: CustomSecretWithoutValue1xModel, required: true },
      handle: ({ params, body }) => {
        const secrets = data.secrets.custom_secrets;
        const existing = secrets[params.secret_id];
        if (!existing) throw httpException(404, `Secret with ID ${params.secret_id} not found`);
        if (body.name !== params.secret_id && body.name in secrets) {
          throw httpException(400, `Secret ${body.name} already exists`);
        }
        delete secrets[params.secret_id];
        secrets[body.name] = { secret: existing.secret, description: body.description || '' };
        host.persist();
        return { message: 'Secret updated successfully' };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/api/v1/secrets/{secret_id}',
      auth: 'v1',
      contract: { source: 'cloud' },
      handle: ({ params }) => {
        const secrets = data.secrets.custom_secrets;
        if (!(params.secret_id in secrets)) {
          throw httpException(404, `Secret with ID ${params.secret_id} not found`);
        }
        delete secrets[params.secret_id];
        host.persist();
        return { message: 'Secret deleted successfully' };
      },
    }),
  ];
}
