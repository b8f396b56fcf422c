// The new-conversation form's suggestions from the server's git provider routes: repositories,
// branches and the person's open issues and pull requests. Current servers answer these under
// /api/v1/git (paged, one provider at a time, 403 without a provider token); older servers under
// /api/user (docs/contract/server-generations.md#where-v1-only-servers-moved-the-v0-features).
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import { apiKey, useApiQuery } from '@/components/common/worker-queries';
import type { Branch, Repository, SuggestedTask } from '@/lib/api';
import { ApiError, toApiError } from '@/lib/api/errors';
import { callApi } from '@/lib/messaging/worker-client';
import type { ServerApis } from './useServerApis';

/**
 * `agent`: an agent server alone, which lists the repositories of the GitHub token saved on it
 * (1.44+) and has no branch or task search.
 */
export type GitApi = 'v1' | 'v0' | 'agent';

/** Which routes answer: the older ones where the server still has them; none while unknown. */
export function gitApiOf(apis: ServerApis): GitApi | null {
  if (apis.agentDirect) return 'agent';
  if (apis.v0 === true) return 'v0';
  if (apis.v0 === false && apis.v1 !== false) return 'v1';
  return null;
}

/** Suggestions are not worth a second try; they are asked for again as the person types. */
const SEARCH_OPTIONS = { retry: false, staleTime: 60_000 } as const;

/** A provider token is missing: the server answers its git routes with 403 (1.7-era: 401). */
function needsProvider(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'forbidden' || error.kind === 'unauthorized');
}

export interface SearchState<T> {
  items: T[];
  loading: boolean;
  /** The search failed for another reason than a missing provider token. */
  error: ApiError | null;
  /** No git provider is connected on the server, so there is nothing to search. */
  needsProvider: boolean;
  /**
   * Why an agent server suggests nothing: no GitHub token saved on it, a host it cannot list,
   * or a version without the route.
   */
  agentNote?: 'save-github-token' | 'github-only' | 'too-old' | null;
}

/**
 * How many of the token's repositories an agent server is asked for: it filters by the typed
 * text within the one page it fetches, so a small page would hide most matches.
 */
const AGENT_PAGE = 100;
const SHOWN = 8;

/**
 * Repositories matching the typed text. On current servers each provider is searched on its own:
 * the one chosen in the form, or every provider the server holds a token for.
 */
export function useRepositorySearch(input: {
  api: GitApi | null;
  query: string;
  provider: string;
  connectedProviders: readonly string[];
  enabled: boolean;
}): SearchState<Repository> {
  const { api, query, provider, connectedProviders, enabled } = input;
  // The server the form starts on: its suggestions, its tokens.
  const serverId = useServerScope();
  const active = enabled && query.length >= 2;
  const older = useApiQuery(
    'v0.searchRepositories',
    {
      query,
      per_page: 8,
      sort: 'stars',
      order: 'desc',
      ...(provider ? { selected_provider: provider as never } : {}),
    },
    { ...SEARCH_OPTIONS, enabled: active && api === 'v0' },
  );
  const agentParams = { provider: 'github' as const, query, limit: AGENT_PAGE };
  const agent = useQuery({
    ...SEARCH_OPTIONS,
    queryKey: apiKey('agent.searchRepositories', agentParams, serverId),
    queryFn: () => callApi('agent.searchRepositories', agentParams, serverId),
    enabled: active && api === 'agent' && (provider === '' || provider === 'github'),
  });
  const providers = provider ? [provider] : [...connectedProviders].slice(0, 4);
  const current = useQueries({
    queries: providers.map((name) => {
      const params = { provider: name as never, query, limit: 8 };
      return {
        ...SEARCH_OPTIONS,
        queryKey: apiKey('v1.searchGitRepositories', params, serverId),
        queryFn: () => callApi('v1.searchGitRepositories', params, serverId),
        enabled: active && api === 'v1',
      };
    }),
  });
  return useMemo(() => {
    if (api === 'agent') {
      const missingRoute = agent.error ? toApiError(agent.error).isMissingRoute() : false;
      const note =
        provider && provider !== 'github'
          ? 'github-only'
          : agent.data?.missing_token
            ? 'save-github-token'
            : missingRoute
              ? 'too-old'
              : null;
      return {
        items: (agent.data?.items ?? []).slice(0, SHOWN),
        loading: agent.isFetching,
        error: agent.error && !missingRoute ? toApiError(agent.error) : null,
        needsProvider: false,
        agentNote: active ? note : null,
      };
    }
    if (api === 'v0') {
      return {
        items: older.data ?? [],
        loading: older.isFetching,
        error: older.error && !needsProvider(older.error) ? older.error : null,
        needsProvider: needsProvider(older.error),
      };
    }
    const items = current.flatMap((result) => result.data?.items ?? []);
    const errors = current.map((result) => result.error).filter((error) => error !== null);
    const refused = errors.filter(needsProvider);
    return {
      items,
      loading: current.some((result) => result.isFetching),
      error: (errors.find((error) => !needsProvider(error)) as ApiError | undefined) ?? null,
      needsProvider:
        api === 'v1' &&
        active &&
        (providers.length === 0 || (refused.length > 0 && refused.length === current.length)),
    };
  }, [
    api,
    active,
    provider,
    agent.data,
    agent.error,
    agent.isFetching,
    older.data,
    older.isFetching,
    older.error,
    current,
    providers.length,
  ]);
}

/** Branches by name, the repository's default branch first, then as the server lists them. */
export function orderBranches<T extends { name: string }>(
  branches: readonly T[],
  defaultBranch: string | null,
): T[] {
  const first = defaultBranch ? branches.filter((branch) => branch.name === defaultBranch) : [];
  return [...first, ...branches.filter((branch) => branch.name !== defaultBranch)];
}

export interface BranchSearchState extends SearchState<Branch> {
  /** More branches than shown: the next page is one call away. */
  hasMore: boolean;
  loadMore: () => void;
}

/** A repository's branches: its first page at once, the server's search as the person types. */
export function useBranchSearch(input: {
  api: GitApi | null;
  repository: string;
  provider: string;
  connectedProviders: readonly string[];
  /** What the person typed, once they typed; empty for the first page. */
  query: string;
  defaultBranch: string | null;
  enabled: boolean;
}): BranchSearchState {
  const { api, repository, query, defaultBranch } = input;
  const active = input.enabled && repository.includes('/');
  const serverId = useServerScope();
  const firstPage = useApiQuery(
    'v0.getBranches',
    { repository, per_page: 30 },
    { ...SEARCH_OPTIONS, enabled: active && api === 'v0' && !query },
  );
  const found = useApiQuery(
    'v0.searchBranches',
    {
      repository,
      query,
      per_page: 30,
      ...(input.provider ? { selected_provider: input.provider as never } : {}),
    },
    { ...SEARCH_OPTIONS, enabled: active && api === 'v0' && !!query },
  );
  // The branch routes of current servers name one provider: the form's, or the only one
  // connected; with several and none chosen, the person picks a provider first.
  const provider =
    input.provider || (input.connectedProviders.length === 1 ? input.connectedProviders[0] : '');
  const params = { provider: provider as never, repository, query, limit: 30 };
  const pages = useInfiniteQuery({
    ...SEARCH_OPTIONS,
    queryKey: apiKey('v1.searchGitBranches', params, serverId),
    queryFn: ({ pageParam }) =>
      callApi(
        'v1.searchGitBranches',
        { ...params, ...(pageParam ? { page_id: pageParam } : {}) },
        serverId,
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_page_id || undefined,
    enabled: active && api === 'v1' && !!provider,
  });
  return useMemo(() => {
    if (api === 'v0') {
      const answer = query ? found : firstPage;
      const items = query ? (found.data ?? []) : (firstPage.data?.branches ?? []);
      return {
        items: orderBranches(items, defaultBranch),
        loading: answer.isFetching,
        error: answer.error && !needsProvider(answer.error) ? answer.error : null,
        needsProvider: needsProvider(answer.error),
        hasMore: false,
        loadMore: () => {},
      };
    }
    const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
    return {
      items: orderBranches(items, query ? null : defaultBranch),
      loading: pages.isFetching,
      error: pages.error && !needsProvider(pages.error) ? (pages.error as ApiError) : null,
      needsProvider: needsProvider(pages.error),
      hasMore: !!pages.hasNextPage,
      loadMore: () => void pages.fetchNextPage(),
    };
  }, [api, query, found, firstPage, defaultBranch, pages]);
}

/** The person's open issues and pull requests, as tasks an agent could take on. */
export function useSuggestedTasks(
  api: GitApi | null,
  enabled: boolean,
): SearchState<SuggestedTask> {
  const older = useApiQuery(
    'v0.getSuggestedTasks',
    {},
    { ...SEARCH_OPTIONS, enabled: enabled && api === 'v0' },
  );
  const current = useApiQuery(
    'v1.searchSuggestedTasks',
    { limit: 20 },
    { ...SEARCH_OPTIONS, enabled: enabled && api === 'v1' },
  );
  const answer = api === 'v0' ? older : current;
  const items = api === 'v0' ? (older.data ?? []) : (current.data?.items ?? []);
  return {
    items,
    loading: answer.isFetching,
    error: answer.error && !needsProvider(answer.error) ? answer.error : null,
    needsProvider: needsProvider(answer.error),
  };
}
