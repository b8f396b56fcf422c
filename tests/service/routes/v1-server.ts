// The 1.x app server's routes about the server and its user (upstream app_server at 11ca68ab2,
// release 1.11.0): the web client's config (the one `/api/v1` route without auth), the current
// user, the server's own skills and the model lists.
import { bool, int, opt, str } from '../http/pydantic';
import { defineRoute, queryModel, type Route } from '../http/router';
import { globalMicroagents } from '../seed/git-world';
import { appSettingsView, defaultAppSettings, providerTokensSet } from '../v1/settings';
import type { RouteHost } from './common';
import { hostedUser } from './hosted';
import { supportedModels } from './v0-settings';
import { decodePageId, encodePageId } from './v1-git';

/** `ProviderHandler.PROVIDER_DOMAINS`. */
const providerDefaultHosts = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  azure_devops: 'dev.azure.com',
  forgejo: 'codeberg.org',
};

/** `DefaultWebClientConfigInjector` with no environment set (self-hosted) or the hosted one's. */
export function webClientConfig(hosted: boolean): Record<string, unknown> {
  return {
    app_mode: hosted ? 'saas' : 'oss',
    posthog_client_key: 'phc_3ESMmY9SgqEAGBB6sMGK5ayYHkeUuknH2vP6FmWH9RA',
    feature_flags: {
      enable_billing: hosted,
      hide_llm_settings: false,
      enable_jira: hosted,
      enable_jira_dc: false,
      enable_linear: hosted,
      hide_users_page: false,
      hide_billing_page: false,
      hide_integrations_page: false,
      hide_personal_workspaces: false,
      allow_user_llm_configuration: true,
      enable_acp: true,
      deployment_mode: hosted ? 'cloud' : null,
      enable_onboarding: hosted,
      enable_automations: true,
    },
    providers_configured: hosted ? ['github', 'gitlab', 'bitbucket'] : [],
    maintenance_start_time: null,
    auth_url: hosted ? 'https://auth.app.all-hands.dev' : null,
    recaptcha_site_key: null,
    faulty_models: [],
    error_message: null,
    updated_at: '2026-01-01T00:00:00Z',
    github_app_slug: hosted ? 'openhands-ai' : null,
    gitlab_enabled: hosted,
    provider_default_hosts: providerDefaultHosts,
    slack_enabled: hosted,
    email_enabled: hosted,
    acp_providers: [],
    jira_dc_oauth_host: null,
    jira_dc_service_account_managed: false,
    jira_dc_service_account_email: null,
    jira_dc_service_account_config_error: null,
    kind: 'WebClientConfig',
  };
}

/** Models the SDK lists as verified (`VERIFIED_MODELS`), for the `verified` flags. */
const verifiedModels = new Set([
  'claude-sonnet-4-5-20250929',
  'claude-opus-4-20250514',
  'claude-sonnet-4-20250514',
  'gpt-5-2025-08-07',
  'gpt-5-mini-2025-08-07',
  'gemini-2.5-pro',
  'devstral-medium-2507',
  'o3',
  'o4-mini',
]);

function llmModels() {
  return supportedModels.map((full) => {
    const slash = full.indexOf('/');
    const provider = slash === -1 ? 'openai' : full.slice(0, slash);
    const name = slash === -1 ? full : full.slice(slash + 1);
    return { provider, name, verified: verifiedModels.has(name), hidden: false, canonical: null };
  });
}

function offsetPage<T>(items: T[], pageId: string | null, limit: number) {
  const start = decodePageId(pageId) ?? 0;
  const end = start + limit;
  return {
    items: items.slice(start, end),
    next_page_id: end < items.length ? encodePageId(end) : null,
  };
}

export function v1ServerRoutes(host: RouteHost): Route[] {
  const hosted = host.options.server === 'hosted';
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/web-client/config',
      auth: 'none',
      contract: { source: 'cloud' },
      handle: () => webClientConfig(hosted),
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/users/me',
      auth: 'v1',
      contract: { source: 'cloud' },
      // `expose_secrets` needs a sandbox key of the user's own; this service never grants it.
      query: queryModel({ expose_secrets: { schema: bool(), options: { default: () => false } } }),
      handle: () => {
        const settings = host.data.app_settings ?? defaultAppSettings();
        const view = appSettingsView(settings, providerTokensSet(host.v1.providerTokens()));
        for (const key of ['provider_tokens_set', 'llm_api_key_set', 'search_api_key_set']) {
          delete view[key];
        }
        if (!hosted) return { ...view, id: null };
        return {
          ...view,
          id: hostedUser.id,
          email: hostedUser.email,
          email_verified: true,
          org_id: hostedUser.personalOrgId,
          org_name: hostedUser.personalOrgName,
          role: 'owner',
          permissions: ['manage_settings', 'manage_secrets', 'view_billing'],
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/skills/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        page_id: opt(str()),
        limit: { schema: int({ gt: 0, le: 100 }), options: { default: () => 100 } },
      }),
      handle: ({ query }) => {
        // The server's own skills folder and the user's `~/.openhands/microagents`, never a
        // repository's: those exist only inside a running conversation.
        const skills = globalMicroagents
          .map((agent) => ({
            name: agent.name,
            type: 'knowledge',
            source: 'global',
            triggers: agent.triggers,
          }))
          .sort((a, b) => (a.source + a.name < b.source + b.name ? -1 : 1));
        let start = 0;
        if (query.page_id !== null) {
          const index = skills.findIndex((s) => s.name === query.page_id);
          if (index !== -1) start = index + 1;
        }
        const page = skills.slice(start, start + query.limit);
        const more = page.length === query.limit && start + query.limit < skills.length;
        return { items: page, next_page_id: more ? (page[page.length - 1]?.name ?? null) : null };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/config/models/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        page_id: opt(str()),
        limit: { schema: int({ gt: 0, le: 100 }), options: { default: () => 50 } },
        query: opt(str()),
        verified__eq: opt(bool()),
        provider__eq: opt(str()),
      }),
      handle: ({ query }) => {
        const wanted = query.query?.toLowerCase() ?? null;
        const models = llmModels().filter(
          (m) =>
            (wanted === null || m.name.toLowerCase().includes(wanted)) &&
            (query.verified__eq === null || m.verified === query.verified__eq) &&
            (query.provider__eq === null || m.provider === query.provider__eq),
        );
        return offsetPage(models, query.page_id, query.limit);
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/config/providers/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        page_id: opt(str()),
        limit: { schema: int({ gt: 0, le: 100 }), options: { default: () => 50 } },
        query: opt(str()),
        verified__eq: opt(bool()),
      }),
      handle: ({ query }) => {
        const verified = new Set(
          llmModels()
            .filter((m) => m.verified)
            .map((m) => m.provider),
        );
        const wanted = query.query?.toLowerCase() ?? null;
        const providers = [...new Set(llmModels().map((m) => m.provider))]
          .map((name) => ({ name, verified: verified.has(name) }))
          .filter(
            (p) =>
              (wanted === null || p.name.toLowerCase().includes(wanted)) &&
              (query.verified__eq === null || p.verified === query.verified__eq),
          )
          // Verified first, `openhands` leading them, then by name.
          .sort((a, b) => {
            const key = (p: { name: string; verified: boolean }) =>
              `${p.verified ? 0 : 1}${p.name === 'openhands' ? 0 : 1}${p.name}`;
            return key(a) < key(b) ? -1 : 1;
          });
        return offsetPage(providers, query.page_id, query.limit);
      },
    }),
  ];
}
