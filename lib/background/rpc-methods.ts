import * as z from 'zod/mini';
import { ApiError, detectServer, isEndpointName } from '@/lib/api';
import { defineMethod } from '@/lib/rpc/protocol';
import { normaliseHostOrigin, normaliseServerUrl } from '@/lib/settings/addresses';
import { ProviderSchema, SettingsSchema } from '@/lib/settings/schema';
import { readApiKey, writeApiKey } from '@/lib/settings/secrets';
import { loadSettings, saveSettings } from '@/lib/settings/store';
import {
  injectIntoOpenTabs,
  reconcileHostRegistrations,
  registrationFiles,
} from './host-registration';
import { invalidateServiceClient, serviceClient } from './service-client';

/** Shows the last characters of a key so people can tell which one is stored. */
function keyHint(key: string | null): string | null {
  return key ? `…${key.slice(-4)}` : null;
}

function invalid(field: string, message: string): ApiError {
  return new ApiError('validation', message, {
    fieldErrors: [{ loc: [field], field, msg: message, type: 'value_error' }],
  });
}

const SettingsPatchSchema = z.partial(
  z.omit(SettingsSchema, { serverUrl: true, serverInfo: true }),
);

/**
 * What extension pages may ask the worker to do. Each method validates its params; the
 * page-side caller in lib/rpc/client.ts is typed from this table.
 */
export const rpcMethods = {
  'settings.get': defineMethod({
    params: z.optional(z.object({})),
    async run() {
      const key = await readApiKey();
      return { settings: await loadSettings(), apiKeySet: key !== null, apiKeyHint: keyHint(key) };
    },
  }),

  /** Saves what the options page holds. `apiKey`: a string replaces, null clears, absent keeps. */
  'settings.save': defineMethod({
    params: z.extend(SettingsPatchSchema, {
      serverUrl: z.optional(z.string()),
      apiKey: z.optional(z.nullable(z.string())),
    }),
    async run({ serverUrl, apiKey, ...patch }) {
      const next: Record<string, unknown> = { ...patch };
      if (serverUrl !== undefined) {
        const normalised = normaliseServerUrl(serverUrl);
        if (!normalised.ok) throw invalid('serverUrl', normalised.error);
        next.serverUrl = normalised.value;
        const previous = await loadSettings();
        if (previous.serverUrl !== normalised.value) next.serverInfo = null;
      }
      if (apiKey !== undefined) {
        const trimmed = apiKey?.trim() ?? '';
        if (apiKey && /\s/.test(trimmed)) throw invalid('apiKey', 'The key cannot contain spaces.');
        await writeApiKey(trimmed || null);
      }
      const settings = await saveSettings(next);
      invalidateServiceClient();
      const key = await readApiKey();
      return { settings, apiKeySet: key !== null, apiKeyHint: keyHint(key) };
    },
  }),

  /** "Test connection": probes the given address (or the saved one) and remembers the answer. */
  'server.test': defineMethod({
    params: z.optional(
      z.object({ serverUrl: z.optional(z.string()), apiKey: z.optional(z.nullable(z.string())) }),
    ),
    async run(params) {
      const settings = await loadSettings();
      const address = params?.serverUrl ?? settings.serverUrl;
      if (!address) throw invalid('serverUrl', 'Enter the server’s address first.');
      const normalised = normaliseServerUrl(address);
      if (!normalised.ok) throw invalid('serverUrl', normalised.error);
      const apiKey = params?.apiKey !== undefined ? params.apiKey : await readApiKey();
      const result = await detectServer({ baseUrl: normalised.value, apiKey });
      if (normalised.value === settings.serverUrl && result.reachable) {
        await saveSettings({
          ...(result.authScheme ? { authScheme: result.authScheme } : {}),
          serverInfo: {
            v0: result.v0,
            v1: result.v1,
            mode: result.mode,
            checkedAt: new Date().toISOString(),
          },
        });
        invalidateServiceClient();
      }
      return result;
    },
  }),

  /**
   * Adds a self-hosted code host. The page asked for the origin permission inside the click;
   * here it is recorded, its content script registered and open tabs given the button.
   */
  'hosts.add': defineMethod({
    params: z.object({ origin: z.string(), provider: ProviderSchema }),
    async run({ origin, provider }) {
      const normalised = normaliseHostOrigin(origin);
      if (!normalised.ok) throw invalid('origin', normalised.error);
      const settings = await loadSettings();
      const others = settings.selfHostedHosts.filter((host) => host.origin !== normalised.value);
      const host = { origin: normalised.value, provider };
      const saved = await saveSettings({ selfHostedHosts: [...others, host] });
      await reconcileHostRegistrations();
      await injectIntoOpenTabs([host.origin], () => registrationFiles(host));
      return saved.selfHostedHosts;
    },
  }),

  'hosts.remove': defineMethod({
    params: z.object({ origin: z.string() }),
    async run({ origin }) {
      const settings = await loadSettings();
      const saved = await saveSettings({
        selfHostedHosts: settings.selfHostedHosts.filter((host) => host.origin !== origin),
      });
      await reconcileHostRegistrations();
      return saved.selfHostedHosts;
    },
  }),

  /** Any endpoint of the service contract; params are validated by the endpoint's schema. */
  'api.call': defineMethod({
    params: z.object({ endpoint: z.string(), params: z.unknown() }),
    async run({ endpoint, params }): Promise<unknown> {
      if (!isEndpointName(endpoint)) {
        throw new ApiError('bad-request', `Handoff does not know the request "${endpoint}".`);
      }
      const { client } = await serviceClient();
      return client.call(endpoint, params as never);
    },
  }),
};

export type RpcMethods = typeof rpcMethods;
