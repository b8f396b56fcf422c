// Options, settings, git provider tokens and custom secrets (upstream
// openhands/server/routes/public.py, settings.py, secrets.py; 0.62.0).
import type { SecretsRecord, SettingsRecord } from '../core/state';
import { json } from '../http/respond';
import { defineRoute, type Route } from '../http/router';
import {
  CustomSecretModel,
  CustomSecretWithoutValueModel,
  POSTProviderModel,
  SettingsModel,
  settingsKeys,
} from '../models/v0';
import { providerOfToken } from '../seed/git-world';
import type { RouteHost } from './common';

export const supportedModels = [
  'anthropic/claude-3-5-haiku-20241022',
  'anthropic/claude-opus-4-20250514',
  'anthropic/claude-sonnet-4-20250514',
  'anthropic/claude-sonnet-4-5-20250929',
  'azure/gpt-4o',
  'bedrock/anthropic.claude-3-5-sonnet-20241022-v2:0',
  'gemini/gemini-2.5-pro',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-5-2025-08-07',
  'mistral/devstral-medium-2507',
  'ollama/llama3.1',
  'openhands/claude-opus-4-20250514',
  'openhands/claude-sonnet-4-20250514',
  'openhands/claude-sonnet-4-5-20250929',
  'openhands/devstral-small-2505',
  'openhands/gemini-2.5-pro',
  'openhands/gpt-5-2025-08-07',
  'openhands/gpt-5-mini-2025-08-07',
  'openhands/o3',
  'openhands/o4-mini',
  'openrouter/anthropic/claude-sonnet-4.5',
];

export function optionsConfig(hosted: boolean, providersConfigured: string[]) {
  const config: Record<string, unknown> = {
    APP_MODE: hosted ? 'saas' : 'oss',
    GITHUB_CLIENT_ID: hosted ? 'Iv23li6oQbPbRqmEeEml' : '',
    POSTHOG_CLIENT_KEY: 'phc_3ESMmY9SgqEAGBB6sMGK5ayYHkeUuknH2vP6FmWH9RA',
    FEATURE_FLAGS: { ENABLE_BILLING: hosted, HIDE_LLM_SETTINGS: false },
  };
  if (hosted) {
    config.APP_SLUG = 'openhands-ai';
    config.PROVIDERS_CONFIGURED = providersConfigured;
    config.FEATURE_FLAGS = {
      ENABLE_BILLING: true,
      HIDE_LLM_SETTINGS: false,
      ENABLE_JIRA: false,
      ENABLE_JIRA_DC: false,
      ENABLE_LINEAR: false,
    };
    config.AUTH_URL = 'https://auth.app.all-hands.dev';
  }
  return config;
}

/** `GETSettingsModel`: the settings without secrets, plus which secrets are set. */
export function settingsView(settings: SettingsRecord, secrets: SecretsRecord) {
  const view: Record<string, unknown> = {};
  for (const key of settingsKeys) view[key] = settings[key] ?? defaultOf(key);
  const providerTokensSet: Record<string, string | null> = {};
  for (const [provider, token] of Object.entries(secrets.provider_tokens)) {
    if (token.token || token.user_id) providerTokensSet[provider] = token.host;
  }
  view.llm_api_key = null;
  view.search_api_key = null;
  view.sandbox_api_key = null;
  view.provider_tokens_set = providerTokensSet;
  view.llm_api_key_set = typeof settings.llm_api_key === 'string' && settings.llm_api_key !== '';
  view.search_api_key_set =
    typeof settings.search_api_key === 'string' && settings.search_api_key !== '';
  return view;
}

function defaultOf(key: string): unknown {
  switch (key) {
    case 'enable_default_condenser':
    case 'enable_proactive_conversation_starters':
    case 'enable_solvability_analysis':
      return true;
    case 'enable_sound_notifications':
      return false;
    default:
      return null;
  }
}

/** `check_provider_tokens`: each provider overwrites the message, so the last one decides. */
function checkProviderTokens(
  incoming: Record<string, { token: string | null; host: string | null }>,
  existing: SecretsRecord['provider_tokens'],
): string {
  let message = '';
  const verdict = (token: string, type: string) =>
    providerOfToken(token) === type
      ? ''
      : `Invalid token. Please make sure it is a valid ${type} token.`;
  for (const [type, value] of Object.entries(incoming)) {
    if (value.token) message = verdict(value.token, type);
    const stored = existing[type];
    if (stored?.token && stored.host !== value.host) {
      const again = verdict(stored.token, type);
      if (again) message = again;
    }
  }
  return message;
}

export function v0SettingsRoutes(host: RouteHost): Route[] {
  const data = host.data;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/options/models',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => supportedModels,
    }),
    defineRoute({
      method: 'GET',
      path: '/api/options/agents',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => [
        'BrowsingAgent',
        'CodeActAgent',
        'DummyAgent',
        'LocAgent',
        'ReadOnlyAgent',
        'VisualBrowsingAgent',
      ],
    }),
    defineRoute({
      method: 'GET',
      path: '/api/options/security-analyzers',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => ['grayswan', 'invariant', 'llm'],
    }),
    defineRoute({
      method: 'GET',
      path: '/api/options/config',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () =>
        optionsConfig(
          host.options.hosted,
          Object.keys(data.secrets.provider_tokens).filter(
            (p) => data.secrets.provider_tokens[p]?.token,
          ),
        ),
    }),
  ];
}

/** Settings, providers and secrets: absent from the hosted service's API. */
export function v0SelfHostedSettingsRoutes(host: RouteHost): Route[] {
  const data = host.data;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/settings',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => {
        if (!data.settings) return json({ error: 'Settings not found' }, 404);
        return settingsView(data.settings, data.secrets);
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/settings',
      auth: 'v0',
      contract: { source: 'v0' },
      body: { kind: 'model', schema: SettingsModel, required: true },
      handle: ({ body }) => {
        const incoming: SettingsRecord = { ...body };
        const existing = data.settings;
        if (existing) {
          for (const key of ['llm_api_key', 'llm_model', 'llm_base_url', 'search_api_key']) {
            if (incoming[key] === null) incoming[key] = existing[key] ?? null;
          }
          if (incoming.user_consents_to_analytics === null) {
            incoming.user_consents_to_analytics = existing.user_consents_to_analytics ?? null;
          }
        }
        delete incoming.secrets_store;
        data.settings = incoming;
        host.persist();
        return { message: 'Settings stored' };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/reset-settings',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => json({ error: 'Reset settings functionality has been removed.' }, 410),
    }),

    defineRoute({
      method: 'POST',
      path: '/api/add-git-providers',
      auth: 'v0',
      contract: { source: 'v0' },
      body: { kind: 'model', schema: POSTProviderModel, required: true },
      handle: ({ body }) => {
        const incoming = body.provider_tokens as Record<
          string,
          { token: string | null; user_id: string | null; host: string | null }
        >;
        const message = checkProviderTokens(incoming, data.secrets.provider_tokens);
        if (message) return json({ error: message }, 401);
        const merged: SecretsRecord['provider_tokens'] = {};
        for (const [provider, value] of Object.entries(incoming)) {
          const stored = data.secrets.provider_tokens[provider];
          const base = stored && !value.token && stored.token ? stored : value;
          merged[provider] = { token: base.token, user_id: base.user_id, host: value.host };
        }
        data.secrets.provider_tokens = merged;
        host.persist();
        return { message: 'Git providers stored' };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/unset-provider-tokens',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => {
        data.secrets.provider_tokens = {};
        host.persist();
        return { message: 'Unset Git provider tokens' };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/secrets',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => ({
        custom_secrets: Object.entries(data.secrets.custom_secrets).map(([name, secret]) => ({
          name,
          description: secret.description,
        })),
      }),
    }),

    defineRoute({
      method: 'POST',
      path: '/api/secrets',
      auth: 'v0',
      contract: { source: 'v0' },
      body: { kind: 'model', schema: CustomSecretModel, required: true },
      handle: ({ body }) => {
        if (body.name in data.secrets.custom_secrets) {
          return json({ message: `Secret ${body.name} already exists` }, 400);
        }
        data.secrets.custom_secrets[body.name] = {
          secret: body.value,
          description: body.description ?? '',
        };
        host.persist();
        return json({ message: 'Secret created successfully' }, 201);
      },
    }),

    defineRoute({
      method: 'PUT',
      path: '/api/secrets/{secret_id}',
      auth: 'v0',
      contract: { source: 'v0' },
      body: { kind: 'model', schema: CustomSecretWithoutValueModel, required: true },
      handle: ({ params, body }) => {
        const secrets = data.secrets.custom_secrets;
        const existing = secrets[params.secret_id];
        if (!existing) return json({ error: `Secret with ID ${params.secret_id} not found` }, 404);
        if (body.name !== params.secret_id && body.name in secrets) {
          return json({ message: `Secret ${body.name} already exists` }, 400);
        }
        delete secrets[params.secret_id];
        secrets[body.name] = { secret: existing.secret, description: body.description ?? '' };
        host.persist();
        return { message: 'Secret updated successfully' };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/api/secrets/{secret_id}',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: ({ params }) => {
        if (!(params.secret_id in data.secrets.custom_secrets)) {
          return json({ error: `Secret with ID ${params.secret_id} not found` }, 404);
        }
        delete data.secrets.custom_secrets[params.secret_id];
        host.persist();
        return { message: 'Secret deleted successfully' };
      },
    }),
  ];
}
