// Which server a part of a page speaks to. The options page edits one server at a time; in the
// side panel, a conversation speaks to its own server and the new-conversation form to the one
// picked for it. Left out (no provider): the default server, as before there were several.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Settings } from '@/lib/settings/schema';
import { scopeSettings } from '@/lib/settings/servers';

const ScopeContext = createContext<string | undefined>(undefined);

export function ServerScope({
  serverId,
  children,
}: {
  serverId: string | undefined;
  children: ReactNode;
}) {
  return <ScopeContext.Provider value={serverId}>{children}</ScopeContext.Provider>;
}

/** The server this part of the page speaks to; undefined: the default server. */
export function useServerScope(): string | undefined {
  return useContext(ScopeContext);
}

/** A query key's last part: which server's answer it is. */
export function scopeKey(serverId: string | undefined): string {
  return serverId ?? 'default-server';
}

/**
 * The settings as the scoped server sees them: its address, kind and organisation at the top,
 * where one-server code reads them.
 */
export function useScopedSettings<T extends Settings | null>(settings: T): T {
  const serverId = useServerScope();
  return useMemo(
    () => (settings && serverId ? (scopeSettings(settings, serverId) ?? settings) : settings) as T,
    [settings, serverId],
  );
}
