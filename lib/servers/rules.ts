// Which server a start goes to: the person's rules ("gitlab.example.com → our OpenHands",
// "github.com/acme → the hosted service"), the most precise match first, else the default.
import type { ServerEntry, ServerRule, Settings } from '@/lib/settings/schema';
import { serverById } from '@/lib/settings/servers';

/** Where a start comes from: a code host and, where the page has one, its repository. */
export interface StartPlace {
  /** Host name with any port, e.g. `github.com`, `git.example.com:8443`. */
  host: string;
  repository?: string | undefined;
}

export type RulePattern = { ok: true; value: string } | { ok: false; error: string };

/**
 * A rule's pattern as stored: lower case, no scheme, no slashes at either end. Words for what
 * is wrong otherwise.
 */
export function normaliseRulePattern(input: string): RulePattern {
  const value = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^\/+|\/+$/g, '');
  if (!value)
    return { ok: false, error: 'Enter a code host, like gitlab.example.com or github.com/acme.' };
  if (/[\s?#*]/.test(value) || value.includes('//')) {
    return {
      ok: false,
      error:
        'A rule is a code host, then optionally an owner and a repository: github.com/acme/app.',
    };
  }
  const [host] = value.split('/');
  if (!host || !/^[a-z0-9.-]+(:\d+)?$/.test(host) || !host.includes('.')) {
    return { ok: false, error: `“${host ?? value}” is not a code host’s address.` };
  }
  return { ok: true, value };
}

function placeText(place: StartPlace): string {
  const host = place.host.toLowerCase();
  return place.repository ? `${host}/${place.repository.toLowerCase()}` : host;
}

/** How many parts of a place a pattern names (host 1, owner 2, repository 3), or 0: no match. */
function precision(pattern: string, place: string): number {
  if (place !== pattern && !place.startsWith(`${pattern}/`)) return 0;
  return pattern.split('/').length;
}

export interface ServerPick {
  /** The server starts from this place go to; null only when there is no server at all. */
  server: ServerEntry | null;
  /** The rule that picked it; null: the default server. */
  rule: ServerRule | null;
  /**
   * Rules equally precise that name different servers: none of them decides, the default
   * server is used and the person is told which rules disagree.
   */
  conflict: ServerRule[];
}

/** The server a start from `place` goes to. */
export function pickServer(settings: Settings, place: StartPlace): ServerPick {
  const fallback = serverById(settings, settings.defaultServerId) ?? settings.servers[0] ?? null;
  const text = placeText(place);
  let best = 0;
  let matches: ServerRule[] = [];
  for (const rule of settings.serverRules) {
    if (!serverById(settings, rule.serverId)) continue;
    const score = precision(rule.pattern, text);
    if (score === 0 || score < best) continue;
    if (score > best) matches = [];
    best = score;
    matches.push(rule);
  }
  const servers = new Set(matches.map((rule) => rule.serverId));
  if (servers.size > 1) return { server: fallback, rule: null, conflict: matches };
  const [rule] = matches;
  return rule
    ? { server: serverById(settings, rule.serverId), rule, conflict: [] }
    : { server: fallback, rule: null, conflict: [] };
}
