// The git provider token form's rules. The service validates tokens live against the
// provider, but a token with spaces or a host with a path can never work, so those get a
// precise message here instead of a round trip and a vague 401.
import { providerTypeValues } from '@/lib/api/enums';
import type { POSTProviderModel } from '@/lib/api/v0/requests';
import { t } from '@/lib/i18n/options';

export type KnownProvider = (typeof providerTypeValues)[number];
export const knownProviders: readonly KnownProvider[] = providerTypeValues;

/** What GET /api/settings says the service holds: provider → host (null = the default host). */
export type StoredProviders = Record<string, string | null>;

export interface TokenFormInput {
  provider: KnownProvider;
  token: string;
  host: string;
}

export type TokenFormErrors = Partial<Record<'token' | 'host', string>>;

/** Enterprise SSO is the hosted service's own login: it has no host of its own. */
export function providerTakesHost(provider: KnownProvider): boolean {
  return provider !== 'enterprise_sso';
}

/** Bitbucket Data Center only exists self-hosted, so its host cannot be left to a default. */
export function providerNeedsHost(provider: KnownProvider): boolean {
  return provider === 'bitbucket_data_center';
}

type HostResult = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * The service wants the provider's host name (with a port when not the default), e.g.
 * `git.example.com`: it builds the API address from it. People paste whole addresses, so a
 * scheme is accepted and dropped; paths, credentials and queries are refused by name.
 */
export function normaliseProviderHost(input: string): HostResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: true, value: null };
  if (/\s/.test(trimmed)) return { ok: false, error: t('options.tokens.hostSpaces') };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed);
  if (scheme && !/^https?$/i.test(scheme[1] ?? '')) {
    return { ok: false, error: t('options.tokens.hostScheme', { scheme: scheme[1] ?? '' }) };
  }
  let url: URL;
  try {
    url = new URL(scheme ? trimmed : `https://${trimmed}`);
  } catch {
    return { ok: false, error: t('options.tokens.hostInvalid', { host: trimmed }) };
  }
  if (!url.hostname)
    return { ok: false, error: t('options.tokens.hostInvalid', { host: trimmed }) };
  if (url.username || url.password) {
    return { ok: false, error: t('options.tokens.hostCredentials') };
  }
  if (url.hostname.includes('*')) return { ok: false, error: t('options.tokens.hostWildcard') };
  if (url.pathname !== '/' && url.pathname !== '') {
    return {
      ok: false,
      error: t('options.tokens.hostPath', { host: url.host, path: url.pathname }),
    };
  }
  if (url.search || url.hash) return { ok: false, error: t('options.tokens.hostQuery') };
  return { ok: true, value: url.host };
}

/**
 * Checks the form. An empty token is allowed for a provider the service already holds: the
 * service then keeps the stored token and only updates the host.
 */
export function checkTokenForm(
  input: TokenFormInput,
  stored: StoredProviders | null,
): { ok: true; token: string; host: string | null } | { ok: false; errors: TokenFormErrors } {
  const errors: TokenFormErrors = {};
  const token = input.token.trim();
  const alreadyStored = stored !== null && Object.hasOwn(stored, input.provider);
  if (!token) {
    if (input.token.length > 0) errors.token = t('options.tokens.tokenBlank');
    else if (!alreadyStored) errors.token = t('options.tokens.tokenMissing');
  } else if (/\s/.test(token)) {
    errors.token = t('options.tokens.tokenSpaces');
  }
  let host: string | null = null;
  if (providerTakesHost(input.provider)) {
    const result = normaliseProviderHost(input.host);
    if (!result.ok) errors.host = result.error;
    else host = result.value;
    if (result.ok && !host && providerNeedsHost(input.provider)) {
      errors.host = t('options.tokens.hostRequired');
    }
  }
  if (errors.token || errors.host) return { ok: false, errors };
  return { ok: true, token, host };
}

/**
 * The body that stores one token, for either route (legacy `add-git-providers`, 1.7+
 * `secrets/git-providers`). Both replace the whole stored map with the one they get, so every
 * provider the server already holds is sent again with an empty token (which keeps the stored
 * token) and its stored host; otherwise adding a GitLab token would forget the GitHub one.
 * MCP servers ride along on legacy servers only.
 */
export function buildProviderTokensBody(
  change: { provider: string; token: string; host: string | null },
  stored: StoredProviders | null,
  mcpConfig?: POSTProviderModel['mcp_config'],
): POSTProviderModel {
  const provider_tokens: Record<string, { token: string; user_id: null; host: string | null }> = {};
  for (const [provider, host] of Object.entries(stored ?? {})) {
    provider_tokens[provider] = { token: '', user_id: null, host };
  }
  provider_tokens[change.provider] = { token: change.token, user_id: null, host: change.host };
  return {
    provider_tokens: provider_tokens as POSTProviderModel['provider_tokens'],
    ...(mcpConfig ? { mcp_config: mcpConfig } : {}),
  };
}

/** The body that makes the service forget one provider and keep the others. */
export function buildForgetProviderBody(
  provider: string,
  stored: StoredProviders,
): POSTProviderModel | null {
  const rest = Object.entries(stored).filter(([name]) => name !== provider);
  if (!rest.length) return null;
  const provider_tokens: Record<string, { token: string; user_id: null; host: string | null }> = {};
  for (const [name, host] of rest) provider_tokens[name] = { token: '', user_id: null, host };
  return { provider_tokens: provider_tokens as POSTProviderModel['provider_tokens'] };
}
