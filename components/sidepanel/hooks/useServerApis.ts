import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { scopeKey, useScopedSettings, useServerScope } from '@/components/common/server-scope';
import { ApiError } from '@/lib/api/errors';
import { callApi } from '@/lib/messaging/worker-client';
import type { Settings } from '@/lib/settings/schema';

/** Which interfaces the server serves: known from the last connection test, or null (unknown). */
export interface ServerApis {
  v0: boolean | null;
  v1: boolean | null;
  /** Nothing more will be learnt: the connection test's answer, or the probe has finished. */
  settled?: boolean;
  /**
   * An agent server with no app server: Handoff's worker answers the V1 conversation calls
   * from its own routes (lib/api/agent-direct), but there are no start tasks, sandboxes or
   * repository search.
   */
  agentDirect?: boolean;
}

export function serverApisOf(settings: Settings | null): ServerApis {
  const info = settings?.serverInfo;
  if (!info) return { v0: null, v1: null };
  if (info.kind === 'agent') return { v0: false, v1: true, settled: true, agentDirect: true };
  return { v0: info.v0, v1: info.v1, settled: true };
}

const PROBE_DELAY_MS = 250;

/** A probe's answer: served, not served (404 or the web UI's HTML page), or unknown. */
function servedBy(result: PromiseSettledResult<unknown>): boolean | null {
  if (result.status === 'fulfilled') return true;
  const error = result.reason;
  if (error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'bad-response')) {
    return false;
  }
  return null;
}

/**
 * Which interfaces the server serves: what the options page's connection test found, or, when it
 * never ran, a probe of each (docs/contract/server-generations.md#connection-test) made once per
 * address. The server is the scoped one (components/common/server-scope.tsx), whose settings
 * these are.
 */
export function useServerApis(settings: Settings | null): ServerApis {
  const serverUrl = settings?.serverUrl ?? null;
  const serverId = useServerScope();
  // Once the panel has painted: a conversation opened by id does not need the answer first.
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIdle(true), PROBE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const probe = useQuery({
    queryKey: ['panel', 'api-probe', serverUrl, scopeKey(serverId)],
    enabled: idle && !!serverUrl && !settings?.serverInfo,
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async (): Promise<ServerApis> => {
      const [v0, v1] = await Promise.allSettled([
        callApi('v0.getConfig', {}, serverId),
        callApi('v1.searchAppConversations', { limit: 1 }, serverId),
      ]);
      return { v0: servedBy(v0), v1: servedBy(v1), settled: true };
    },
  });
  return useMemo(() => {
    const known = serverApisOf(settings);
    if (settings?.serverInfo) return known;
    return probe.data ?? { ...known, settled: probe.isError };
  }, [settings, probe.data, probe.isError]);
}

/**
 * The interfaces of the server this part of the panel is scoped to: the default server's
 * (`defaultApis`, the panel's own answer) unless the scope names another, whose own are read.
 */
export function useScopedApis(settings: Settings | null, defaultApis: ServerApis): ServerApis {
  const serverId = useServerScope();
  const other = serverId !== undefined && serverId !== settings?.defaultServerId;
  const scoped = useScopedSettings(settings);
  const own = useServerApis(other ? scoped : null);
  return other ? own : defaultApis;
}
