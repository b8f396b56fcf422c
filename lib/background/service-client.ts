import { type ApiClient, ApiError, createApiClient } from '@/lib/api';
import type { Settings } from '@/lib/settings/schema';
import { readApiKey } from '@/lib/settings/secrets';
import { loadSettings, watchSettings } from '@/lib/settings/store';

let cached: { client: ApiClient; settings: Settings; apiKey: string | null } | null = null;
let invalidationWatched = false;

/** Forgets the client so the next call reads settings and key afresh (after a save). */
export function invalidateServiceClient(): void {
  cached = null;
}

/**
 * The client for the configured server, built from the settings and the key. Only the worker
 * and extension pages call this: the key never leaves them.
 */
export async function serviceClient(): Promise<{
  client: ApiClient;
  settings: Settings;
  apiKey: string | null;
}> {
  if (!invalidationWatched) {
    invalidationWatched = true;
    watchSettings(() => invalidateServiceClient());
  }
  if (cached) return cached;
  const settings = await loadSettings();
  if (!settings.serverUrl) {
    throw new ApiError(
      'invalid-url',
      'Handoff is not connected to a server yet. Open Handoff’s options and enter your server’s address.',
    );
  }
  const apiKey = await readApiKey();
  const client = createApiClient({
    baseUrl: settings.serverUrl,
    apiKey,
    authScheme: settings.authScheme,
  });
  cached = { client, settings, apiKey };
  return cached;
}
