// Version gates, shared by the connection test (in the worker) and the options page's report.

/**
 * The oldest agent server Handoff accepts on its own. Upstream's web app for agent servers (Agent
 * Canvas) refuses anything older than 1.28; Handoff holds the same line rather than find out
 * route by route what an older one lacks.
 */
export const OLDEST_AGENT_SERVER = '1.28.0';

/** True when `version` ("1.27.3", "v1.40.0-rc1") is older than `oldest`; false when unreadable. */
export function olderThan(version: string | null, oldest: string): boolean {
  const parts = (text: string) => (/(\d+)\.(\d+)(?:\.(\d+))?/.exec(text) ?? []).slice(1, 4);
  const have = parts(version ?? '');
  if (!have.length) return false;
  const need = parts(oldest);
  for (let index = 0; index < 3; index++) {
    const difference = Number(have[index] ?? 0) - Number(need[index] ?? 0);
    if (difference) return difference < 0;
  }
  return false;
}

/**
 * Agent-server releases that brought the settings routes Handoff uses on a bare agent server
 * (upstream `settings_router.py`): the secrets routes (`/api/settings/secrets…`) and the routes
 * for one MCP server at a time (`/api/settings/mcp/{key}`). `/api/settings` itself is older
 * (1.17.0) than the oldest agent server Handoff accepts.
 */
export const AGENT_SECRETS_SINCE = '1.20.1';
export const AGENT_MCP_ROUTES_SINCE = '1.39.0';
