// The 1.x app server's git routes (upstream app_server/git/git_router.py at 11ca68ab2, release
// 1.11.0), backed by the seeded repositories. Each route first needs a provider token: without
// one it answers 403 (1.7.0 answered 401; 1.8.0 moved to 403 so the web UI would not log out).
// Pages are `{items, next_page_id}`; `next_page_id` is the base64 of a page number (repositories,
// branches, suggested tasks) or of an offset (installations), and one that does not decode
// counts as none. The routes ask the provider for `limit + 1` items to know whether more follow.
import { int, oneOf, opt, str } from '../http/pydantic';
import { httpException, UpstreamCrash } from '../http/respond';
import { defineRoute, queryModel, type Route } from '../http/router';
import { ProviderType1xField } from '../models/v1';
import {
  findRepository,
  type SeedRepository,
  seedInstallations,
  seedRepositories,
  seedSuggestedTasks,
} from '../seed/git-world';
import type { RouteHost } from './common';
import { branchView, repositoryView, withoutDomain } from './v0-git';

/** `encode_page_id`: url-safe base64 of the number, padding stripped. */
export function encodePageId(value: number): string {
  return Buffer.from(String(value)).toString('base64url');
}

/** `decode_page_id`: the number, or null for anything that does not decode to an integer. */
export function decodePageId(pageId: string | null): number | null {
  if (!pageId) return null;
  const decoded = Buffer.from(pageId, 'base64url').toString('utf8');
  const trimmed = decoded.trim();
  return /^[-+]?\d+(_\d+)*$/.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : null;
}

const limitOf = (fallback: number) => ({
  schema: int({ gt: 0, le: 100 }),
  options: { default: () => fallback },
});

const sortOrders = [
  'stars-desc',
  'stars-asc',
  'forks-desc',
  'forks-asc',
  'updated-desc',
  'updated-asc',
] as const;

export function v1GitRoutes(host: RouteHost): Route[] {
  const tokened = () => {
    const tokens = host.v1.providerTokens();
    return Object.keys(tokens).filter((p) => tokens[p]?.token || tokens[p]?.user_id);
  };
  /** `get_provider_tokens()` came back empty. */
  const requireTokens = () => {
    const providers = tokened();
    if (providers.length === 0) {
      throw httpException(403, 'Git provider token required (such as GitHub).');
    }
    return providers;
  };
  /** `ProviderHandler.get_service(provider)` for a provider without a token raises (a 500). */
  const service = (provider: string) => {
    if (!tokened().includes(provider)) throw new UpstreamCrash(`KeyError: ${provider}`);
  };
  const reposOf = (provider: string) => seedRepositories.filter((r) => r.git_provider === provider);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/git/installations/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        provider: ProviderType1xField,
        page_id: opt(str()),
        limit: limitOf(100),
      }),
      handle: ({ query }) => {
        requireTokens();
        let installations: string[];
        if (
          ['github', 'bitbucket', 'bitbucket_data_center', 'azure_devops'].includes(query.provider)
        ) {
          // The provider helpers log and swallow failures, a missing token included.
          installations = tokened().includes(query.provider)
            ? (seedInstallations[query.provider] ?? [])
            : [];
        } else {
          throw httpException(
            400,
            `Provider ProviderType.${query.provider.toUpperCase()} doesn't support installations`,
          );
        }
        const start = decodePageId(query.page_id) ?? 0;
        const end = start + query.limit;
        return {
          items: installations.slice(start, end),
          next_page_id: end < installations.length ? encodePageId(end) : null,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/git/repositories/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        provider: ProviderType1xField,
        query: opt(str()),
        installation_id: opt(str()),
        page_id: opt(str()),
        limit: limitOf(100),
        sort_order: opt(oneOf(sortOrders)),
      }),
      handle: ({ query }) => {
        requireTokens();
        const page = decodePageId(query.page_id) ?? 1;
        let repos: SeedRepository[];
        if (query.query) {
          service(query.provider);
          const [sort, order] = (query.sort_order ?? 'stars-desc').split('-') as [string, string];
          const wanted = withoutDomain(query.query.replace(/^https?:\/\//, '')).toLowerCase();
          const direction = order === 'asc' ? 1 : -1;
          // A search is never paged upstream: every page_id gets the first page again.
          repos = reposOf(query.provider)
            .filter((r) => r.full_name.toLowerCase().includes(wanted))
            .sort((a, b) =>
              sort === 'updated'
                ? direction * a.pushed_at.localeCompare(b.pushed_at)
                : direction * (a.stargazers_count - b.stargazers_count),
            )
            .slice(0, query.limit + 1);
        } else {
          if (query.sort_order) {
            throw httpException(
              400,
              'sort_order is not supported when listing user repositories. It will be supported after API refactoring.',
            );
          }
          service(query.provider);
          const all = reposOf(query.provider).sort((a, b) =>
            b.pushed_at.localeCompare(a.pushed_at),
          );
          const perPage = query.limit + 1;
          repos = all.slice(Math.max(0, (page - 1) * perPage), Math.max(0, page * perPage));
        }
        let next: string | null = null;
        if (repos.length > query.limit) {
          repos = repos.slice(0, -1);
          next = encodePageId(page + 1);
        }
        return { items: repos.map(repositoryView), next_page_id: next };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/git/branches/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({
        provider: ProviderType1xField,
        repository: str(),
        query: str(),
        page_id: opt(str()),
        limit: limitOf(30),
      }),
      handle: ({ query }) => {
        const providers = requireTokens();
        const page = decodePageId(query.page_id) ?? 1;
        // The handler falls back from the named provider to every one with a token.
        const repo = findRepository(withoutDomain(query.repository));
        const reachable = repo && providers.includes(repo.git_provider) ? repo : undefined;
        let branches: SeedRepository['branches'];
        if (query.query) {
          if (page !== 1) {
            throw httpException(
              400,
              'Pagination not yet supported for branch search queries. Use empty query to list all branches with pagination.',
            );
          }
          const wanted = query.query.toLowerCase();
          branches = (reachable?.branches ?? [])
            .filter((b) => b.name.toLowerCase().includes(wanted))
            .slice(0, query.limit + 1);
        } else {
          const perPage = query.limit + 1;
          branches = (reachable?.branches ?? []).slice(
            Math.max(0, (page - 1) * perPage),
            Math.max(0, page * perPage),
          );
        }
        let next: string | null = null;
        if (branches.length > query.limit) {
          branches = branches.slice(0, -1);
          next = encodePageId(page + 1);
        }
        return {
          items: reachable ? branches.map((b) => branchView(reachable, b)) : [],
          next_page_id: next,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/git/suggested-tasks/search',
      auth: 'v1',
      contract: { source: 'cloud' },
      query: queryModel({ page_id: opt(str()), limit: limitOf(30) }),
      handle: ({ query }) => {
        const providers = requireTokens();
        const page = decodePageId(query.page_id) ?? 1;
        const all = seedSuggestedTasks.filter((task) => providers.includes(task.git_provider));
        const start = (page - 1) * query.limit;
        const end = start + query.limit;
        return {
          items: all.slice(Math.max(0, start), Math.max(0, end)),
          next_page_id: end < all.length ? encodePageId(page + 1) : null,
        };
      },
    }),
  ];
}
