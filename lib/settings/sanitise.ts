import { checkedHostOrigin, checkedServerUrl } from './addresses';
import { defaultSettings, type SelfHostedHost, type Settings, SettingsSchema } from './schema';
import { withServers } from './servers';

/**
 * Settings as data, never as commands: the schema, then the same address rules as the editor,
 * so a record that bypassed the editor cannot point the worker at a malformed address or a
 * wildcard host.
 */
export function sanitiseSettings(stored: unknown): Settings {
  const parsed = SettingsSchema.safeParse(stored ?? {});
  if (!parsed.success) return defaultSettings;
  const settings = parsed.data;
  const serverUrl = settings.serverUrl === null ? null : checkedServerUrl(settings.serverUrl);
  const hosts: SelfHostedHost[] = [];
  for (const host of settings.selfHostedHosts) {
    const origin = checkedHostOrigin(host.origin);
    if (origin !== null && !hosts.some((known) => known.origin === origin)) {
      hosts.push({ origin, provider: host.provider });
    }
  }
  return withServers({ ...settings, selfHostedHosts: hosts }, serverUrl);
}
