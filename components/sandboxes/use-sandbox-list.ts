// The sandbox list as one paged query, polled while a sandbox starts, with the helpers that
// edit its cache when a row goes away or a sandbox is created.
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { scopeKey, useServerScope } from '@/components/common/server-scope';
import type { SandboxInfo } from '@/lib/api/v1/models';
import { callApi } from '@/lib/messaging/worker-client';
import { isStarting } from './sandbox-status';

export const SANDBOX_PAGE_SIZE = 20;
/** Status updates while a sandbox starts: the web UI polls starting things every 3 s. */
export const STARTING_POLL_MS = 2500;

type SandboxPage = { items: SandboxInfo[]; next_page_id?: string | null };
export type SandboxPages = InfiniteData<SandboxPage, string | null>;

export const sandboxListRoot = ['api', 'v1.searchSandboxes', 'pages'] as const;

/** One server's sandbox list, whatever its page size: each server's sandboxes are its own. */
export function sandboxListKey(serverId: string | undefined) {
  return [...sandboxListRoot, scopeKey(serverId)] as const;
}

/** The sandboxes of the server in scope (components/common/server-scope.tsx). */
export function useSandboxList(pageSize: number = SANDBOX_PAGE_SIZE) {
  const serverId = useServerScope();
  return useInfiniteQuery({
    queryKey: [...sandboxListKey(serverId), pageSize],
    queryFn: ({ pageParam }) =>
      callApi(
        'v1.searchSandboxes',
        { limit: pageSize, ...(pageParam ? { page_id: pageParam } : {}) },
        serverId,
      ) as Promise<SandboxPage>,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_page_id ?? null,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => isStarting(item.status)))
        ? STARTING_POLL_MS
        : false,
    // A status is only as fresh as the last look; refetch whenever the view comes back.
    staleTime: 0,
    // Background polls that fail keep the last list; the error shows on the next manual refresh.
    retry: 1,
  });
}

/** Every loaded sandbox once, in server order (pages can overlap when sandboxes are added). */
export function flattenSandboxes(
  data: InfiniteData<SandboxPage, unknown> | undefined,
): SandboxInfo[] {
  const seen = new Set<string>();
  const out: SandboxInfo[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Drops a sandbox from every cached page at once, so its row goes before the next fetch. */
export function removeSandboxFromCache(
  queryClient: QueryClient,
  id: string,
  serverId: string | undefined,
): void {
  queryClient.setQueriesData<SandboxPages>({ queryKey: sandboxListKey(serverId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.id !== id),
          })),
        }
      : data,
  );
}

/** Puts a sandbox's fresh state in the cache (new ones go first, as the service sorts them). */
export function upsertSandboxInCache(
  queryClient: QueryClient,
  sandbox: SandboxInfo,
  serverId: string | undefined,
): void {
  queryClient.setQueriesData<SandboxPages>({ queryKey: sandboxListKey(serverId) }, (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.items.some((item) => item.id === sandbox.id));
    if (!known) {
      const [first, ...rest] = data.pages;
      return first
        ? { ...data, pages: [{ ...first, items: [sandbox, ...first.items] }, ...rest] }
        : data;
    }
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === sandbox.id ? sandbox : item)),
      })),
    };
  });
}

/** Of these ids, the ones the service no longer has (null in a batch read). */
export async function sandboxesGone(
  ids: string[],
  serverId: string | undefined,
): Promise<string[]> {
  if (!ids.length) return [];
  const batch = ids.slice(0, 99);
  const found = await callApi('v1.getSandboxes', { id: batch }, serverId);
  return batch.filter((_, index) => found[index] === null || found[index] === undefined);
}
