// `GET /api/git/repositories/search` of newer agent servers (1.54.0; git_router.py and
// git_provider_service.py, feature map F15): the repositories a GitHub token stored in the
// server's secrets can reach (`GET https://api.github.com/user/repos`, pushed first, 100 a page).
// - The token is the first secret of `github_token`, `GITHUB_TOKEN`, `GH_TOKEN`, `github`; without
//   one the answer is 200 `{"items": [], "next_page_id": null, "missing_token": true}` and
//   `page_id` is never read.
// - Only GitHub: `gitlab` and `bitbucket` are 400 "Repository discovery is not supported for
//   provider '<name>'", even without a token; an unknown provider or `limit` outside 1..100 422.
// - `page_id` is `<GitHub page>:<offset in it>` (`1:2` after the first two of page 1); anything
//   else is 400 "Invalid repository page_id". `query` keeps the names containing it, any case.
// - GitHub's 401 and 403 pass through as `{"detail": "GitHub repository search failed"}`, no
//   answer is 502 in the server's masked 5xx form; the token is in no answer.
// The repositories are seed/git-world.ts's GitHub ones, which any token GitHub accepts reaches,
// as the app server's search sees them.
import { agentServerGates } from '../agent-server/release';
import { int, oneOf, opt, str } from '../http/pydantic';
import { HttpError, httpException, json } from '../http/respond';
import { defineRoute, queryModel } from '../http/router';
import { providerOfToken, type SeedRepository, seedRepositories } from '../seed/git-world';
import type { GatedRoute } from './agent-server';
import type { RouteHost } from './common';

const TOKEN_SECRETS = ['github_token', 'GITHUB_TOKEN', 'GH_TOKEN', 'github'];
const GITHUB_PAGE = 100;
const FAILED = 'GitHub repository search failed';

/** How api.py answers an HTTPException of 500 or more. */
export function maskedServerError(status: number, detail: string): HttpError {
  return new HttpError(
    json({ detail: 'Internal Server Error', exception: `${status}: ${detail}` }, status),
  );
}

function parsePageId(pageId: string | null): { page: number; offset: number } {
  if (pageId === null) return { page: 1, offset: 0 };
  const match = /^(\d+)(?::(\d+))?$/.exec(pageId);
  const page = match ? Number(match[1]) : 0;
  if (!match || page < 1) throw httpException(400, 'Invalid repository page_id');
  return { page, offset: Number(match[2] ?? 0) };
}

function itemOf(repository: SeedRepository) {
  return {
    id: repository.id,
    full_name: repository.full_name,
    git_provider: 'github',
    is_public: repository.is_public,
    stargazers_count: repository.stargazers_count,
    pushed_at: repository.pushed_at,
    main_branch: repository.main_branch,
  };
}

export function agentServerGitSearchRoutes(host: RouteHost, scope: string): GatedRoute[] {
  const servers = host.v1.agent.servers;
  return [
    {
      legacy: false,
      since: agentServerGates.repositorySearch,
      route: defineRoute({
        method: 'GET',
        path: '/api/git/repositories/search',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/git_router.py + git_provider_service.py (v1.54.0)',
        },
        query: queryModel({
          provider: oneOf(['github', 'gitlab', 'bitbucket'] as const),
          query: opt(str()),
          limit: { schema: int({ ge: 1, le: 100 }), options: { default: () => 100 } },
          page_id: opt(str()),
        }),
        handle: ({ query }) => {
          if (query.provider !== 'github') {
            throw httpException(
              400,
              `Repository discovery is not supported for provider '${query.provider}'`,
            );
          }
          const secrets = servers.state(scope).secrets;
          const token = TOKEN_SECRETS.map((name) => secrets[name]?.value).find(Boolean);
          if (!token) return { items: [], next_page_id: null, missing_token: true };
          let { page, offset } = parsePageId(query.page_id);
          if (servers.network.offline) throw maskedServerError(502, FAILED);
          if (providerOfToken(token) !== 'github') throw httpException(401, FAILED);
          const listing = seedRepositories
            .filter((repository) => repository.git_provider === 'github')
            .sort((a, b) => b.pushed_at.localeCompare(a.pushed_at));
          const wanted = query.query?.toLowerCase() ?? null;
          const items: SeedRepository[] = [];
          // GitHub's pages, read from the cursor on until the page is full or the listing ends.
          for (;;) {
            const onPage = listing.slice((page - 1) * GITHUB_PAGE, page * GITHUB_PAGE);
            while (offset < onPage.length && items.length < query.limit) {
              const repository = onPage[offset++] as SeedRepository;
              if (wanted === null || repository.full_name.toLowerCase().includes(wanted)) {
                items.push(repository);
              }
            }
            if (items.length >= query.limit) break;
            if (onPage.length < GITHUB_PAGE) {
              return { items: items.map(itemOf), next_page_id: null, missing_token: false };
            }
            page++;
            offset = 0;
          }
          const more = listing.length > (page - 1) * GITHUB_PAGE + offset;
          return {
            items: items.map(itemOf),
            next_page_id: more ? `${page}:${offset}` : null,
            missing_token: false,
          };
        },
      }),
    },
  ];
}
