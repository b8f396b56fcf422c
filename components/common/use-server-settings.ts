// The server's own settings (as opposed to Handoff's): one query, one key, so every view that
// reads them shares the answer and a save in one view refreshes the others.
import { useMemo } from 'react';
import { useApiQuery } from './worker-queries';

interface ServerSettingsOptions {
  enabled?: boolean;
  /** How long an answer is fresh (the query client's default when left out). */
  staleTime?: number;
}

/**
 * The server's settings: null on a fresh install (the server answers 404 until something is
 * saved). Not retried: a server without the route will not grow one.
 */
export function useServerSettings({
  enabled = true,
  staleTime = 5 * 60_000,
}: ServerSettingsOptions = {}) {
  return useApiQuery('v0.getSettings', {}, { enabled, staleTime, retry: false });
}

/** Which git providers the server holds a token for, with the host each token is for. */
export function providerTokensOf(
  settings: { provider_tokens_set?: Record<string, string | null> | null } | null | undefined,
): Record<string, string | null> {
  return settings?.provider_tokens_set ?? {};
}

/** The git providers the server holds tokens for (provider → host), once its settings are read. */
export function useProviderTokens(
  options: ServerSettingsOptions = {},
): Record<string, string | null> {
  const settings = useServerSettings(options);
  return useMemo(() => providerTokensOf(settings.data), [settings.data]);
}
