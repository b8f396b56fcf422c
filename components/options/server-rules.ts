// The rules page's checks beyond a pattern's shape (lib/servers/rules.ts): whether a rule names a
// code host Handoff serves at all. A rule for a host the page button never appears on picks
// nothing, so it is said, though not refused (the host may be added next).
import { DEFAULT_HOSTS } from '@/lib/hosts/shared';
import type { Settings } from '@/lib/settings/schema';

/** The code hosts Handoff serves, as `host[:port]` in lower case. */
export function servedHosts(settings: Pick<Settings, 'selfHostedHosts'>): Set<string> {
  const hosts = new Set<string>(Object.values(DEFAULT_HOSTS));
  for (const host of settings.selfHostedHosts) {
    try {
      hosts.add(new URL(host.origin).host.toLowerCase());
    } catch {
      // An origin that is not one serves nothing.
    }
  }
  return hosts;
}

/** The host of a stored pattern when no code host Handoff serves is there; null when one is. */
export function unservedHost(
  settings: Pick<Settings, 'selfHostedHosts'>,
  pattern: string,
): string | null {
  const host = pattern.split('/')[0]?.toLowerCase() ?? '';
  return servedHosts(settings).has(host) ? null : host;
}
