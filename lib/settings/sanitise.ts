import { normaliseHostOrigin, normaliseServerUrl } from './addresses';
import { defaultSettings, type SelfHostedHost, type Settings, SettingsSchema } from './schema';

/**
 * Settings as data, never as commands: the schema, then the same address rules as the editor,
 * so a record that bypassed the editor cannot point the worker at a malformed address or a
 * wildcard host.
 */
export function sanitiseSettings(stored: unknown): Settings {
  const parsed = SettingsSchema.safeParse(stored ?? {});
  if (!parsed.success) return defaultSettings;
  const settings = parsed.data;
  let serverUrl = settings.serverUrl;
  if (serverUrl !== null) {
    const checked = normaliseServerUrl(serverUrl);
    serverUrl = checked.ok ? checked.value : null;
  }
  const hosts: SelfHostedHost[] = [];
  for (const host of settings.selfHostedHosts) {
    const checked = normaliseHostOrigin(host.origin);
    if (checked.ok && !hosts.some((known) => known.origin === checked.value)) {
      hosts.push({ origin: checked.value, provider: host.provider });
    }
  }
  return { ...settings, serverUrl, selfHostedHosts: hosts };
}
