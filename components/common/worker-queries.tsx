import { QueryClient, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { EndpointName, EndpointParams, EndpointResult } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { callApi } from '@/lib/messaging/worker-client';
import type { WorkerConnection } from '@/lib/messaging/worker-connection';
import { useServerScope } from './server-scope';

/** Query defaults for extension pages: quiet on focus, no retries on answers that will not change. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 15 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          const kind = error instanceof ApiError ? error.kind : 'unknown';
          const permanent = [
            'unauthorized',
            'forbidden',
            'not-found',
            'validation',
            'invalid-params',
            'invalid-url',
            'bad-request',
          ];
          return !permanent.includes(kind) && failures < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The query key of an endpoint call: one place, so invalidations match. Each server's answers
 * are kept apart (./server-scope.tsx); `['api', endpoint]` still matches them all.
 */
export function apiKey<N extends EndpointName>(
  endpoint: N,
  params?: EndpointParams<N>,
  serverId?: string,
): QueryKey {
  const base = params === undefined ? ['api', endpoint] : ['api', endpoint, params];
  return serverId ? [...base, { server: serverId }] : base;
}

/** A service endpoint as a query on the scoped server, through the worker (which holds the key). */
export function useApiQuery<N extends EndpointName>(
  endpoint: N,
  params: EndpointParams<N>,
  options: Omit<UseQueryOptions<EndpointResult<N>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  const serverId = useServerScope();
  return useQuery<EndpointResult<N>, ApiError>({
    queryKey: apiKey(endpoint, params, serverId),
    queryFn: () => callApi(endpoint, params, serverId),
    ...options,
  });
}

const ConnectionContext = createContext<WorkerConnection | null>(null);

export function WorkerConnectionProvider({
  connection,
  children,
}: {
  connection: WorkerConnection;
  children: ReactNode;
}) {
  return <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>;
}

export function useWorkerConnection(): WorkerConnection {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error('useWorkerConnection needs a WorkerConnectionProvider');
  return connection;
}
