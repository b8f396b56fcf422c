// Git provider routes (upstream openhands/server/routes/git.py, 0.62.0;
// docs/contract/v0-rest.md#git-provider-routes), backed by the seeded repositories. Every route
// needs stored provider tokens; the microagent routes follow the folder and listing rules of
// docs/contract/v0-rest.md#microagent-files (GitLab recursive, README.md excluded, .cursorrules
// first).
import { naiveNow } from '../core/time';
import { int, opt, str } from '../http/pydantic';
import { json } from '../http/respond';
import { defineRoute, queryModel, type Route } from '../http/router';
import { ProviderTypeField } from '../models/v0';
import {
  FrontMatterError,
  findRepository,
  listMicroagentFiles,
  parseMicroagent,
  type SeedRepository,
  seedInstallations,
  seedRepositories,
  seedSuggestedTasks,
  seedUsers,
  triggersOf,
} from '../seed/git-world';
import type { RouteHost } from './common';

/** AuthenticationError raised anywhere → the app-level handler's 401 with a bare string. */
const authError = (message: string) => json(message, 401);

const enumName = (provider: string) => `ProviderType.${provider.toUpperCase()}`;

export function repositoryView(repo: SeedRepository): Record<string, unknown> {
  return {
    id: repo.id,
    full_name: repo.full_name,
    git_provider: repo.git_provider,
    is_public: repo.is_public,
    stargazers_count: repo.stargazers_count,
    link_header: null,
    pushed_at: repo.pushed_at,
    owner_type: repo.owner_type,
    main_branch: repo.main_branch,
  };
}

export function branchView(repo: SeedRepository, branch: SeedRepository['branches'][number]) {
  const sha = Buffer.from(`${repo.full_name}@${branch.name}`)
    .toString('hex')
    .padEnd(40, '0')
    .slice(0, 40);
  return {
    name: branch.name,
    commit_sha: sha,
    protected: branch.protected,
    last_push_date: branch.last_push_date,
  };
}

/** `domain/owner/repo` → `owner/repo` (GitLab subgroups keep all their segments). */
export function withoutDomain(name: string): string {
  const [first, ...rest] = name.split('/');
  return first?.includes('.') && rest.length >= 2 ? rest.join('/') : name;
}

export function v0GitRoutes(host: RouteHost): Route[] {
  const tokens = () => host.data.secrets.provider_tokens;
  const tokened = () =>
    Object.keys(tokens()).filter((p) => tokens()[p]?.token || tokens()[p]?.user_id);
  const reposFor = (providers: string[]) =>
    seedRepositories.filter((repo) => providers.includes(repo.git_provider));
  const reachable = (name: string) => {
    const repo = findRepository(withoutDomain(name));
    return repo && tokened().includes(repo.git_provider) ? repo : undefined;
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/user/installations',
      auth: 'v0',
      contract: { source: 'v0' },
      query: queryModel({ provider: ProviderTypeField }),
      handle: ({ query }) => {
        if (tokened().length === 0)
          return authError('Git provider token required. (such as GitHub).');
        const list = seedInstallations[query.provider];
        if (!list) {
          return json(`Provider ${enumName(query.provider)} doesn't support installations`, 400);
        }
        return list;
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/repositories',
      auth: 'v0',
      contract: { source: 'v0' },
      query: queryModel({
        sort: { schema: str(), options: { default: () => 'pushed' } },
        selected_provider: opt(ProviderTypeField),
        page: opt(int()),
        per_page: opt(int()),
        installation_id: opt(str()),
      }),
      handle: ({ query }) => {
        if (tokened().length === 0)
          return authError('Git provider token required. (such as GitHub).');
        const providers = query.selected_provider ? [query.selected_provider] : tokened();
        const repos = reposFor(providers.filter((p) => tokened().includes(p)));
        const key = query.sort;
        repos.sort((a, b) =>
          key === 'full_name'
            ? a.full_name.localeCompare(b.full_name)
            : b.pushed_at.localeCompare(a.pushed_at),
        );
        if (query.page === null || query.per_page === null) return repos.map(repositoryView);
        const start = (query.page - 1) * query.per_page;
        const page = repos.slice(Math.max(0, start), start + query.per_page).map(repositoryView);
        const last = Math.max(1, Math.ceil(repos.length / query.per_page));
        if (page[0] && query.page < last) {
          const url = (p: number) =>
            `https://api.github.com/user/repos?page=${p}&per_page=${query.per_page}&sort=${key}`;
          page[0].link_header = `<${url(query.page + 1)}>; rel="next", <${url(last)}>; rel="last"`;
        }
        return page;
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/info',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => {
        const first = tokened()[0] as keyof typeof seedUsers | undefined;
        if (!first) return authError('Git provider token required. (such as GitHub).');
        return seedUsers[first] ?? seedUsers.github;
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/search/repositories',
      auth: 'v0',
      contract: { source: 'v0' },
      query: queryModel({
        query: str(),
        per_page: { schema: int(), options: { default: () => 5 } },
        sort: { schema: str(), options: { default: () => 'stars' } },
        order: { schema: str(), options: { default: () => 'desc' } },
        selected_provider: opt(ProviderTypeField),
      }),
      handle: ({ query }) => {
        if (tokened().length === 0) return authError('Git provider token required.');
        const providers = query.selected_provider ? [query.selected_provider] : tokened();
        const wanted = withoutDomain(query.query.replace(/^https?:\/\//, '')).toLowerCase();
        const repos = reposFor(providers.filter((p) => tokened().includes(p))).filter((repo) =>
          repo.full_name.toLowerCase().includes(wanted),
        );
        const direction = query.order === 'asc' ? 1 : -1;
        repos.sort((a, b) =>
          query.sort === 'stars'
            ? direction * (a.stargazers_count - b.stargazers_count)
            : direction * a.pushed_at.localeCompare(b.pushed_at),
        );
        return repos.slice(0, Math.max(0, query.per_page)).map(repositoryView);
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/search/branches',
      auth: 'v0',
      contract: {
        source: 'documented',
        why: 'docs/contract/v0-rest.md#git-provider-routes (0.62.0 route absent from the 0.53.0 document)',
      },
      query: queryModel({
        repository: str(),
        query: str(),
        per_page: { schema: int(), options: { default: () => 30 } },
        selected_provider: opt(ProviderTypeField),
      }),
      handle: ({ query }) => {
        if (tokened().length === 0) return json('Git provider token required.', 401);
        const repo = reachable(query.repository);
        if (!repo) return json(`Unable to access repo ${query.repository}`, 401);
        const wanted = query.query.toLowerCase();
        return repo.branches
          .filter((b) => b.name.toLowerCase().includes(wanted))
          .slice(0, Math.max(0, query.per_page))
          .map((b) => branchView(repo, b));
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/suggested-tasks',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: () => {
        if (tokened().length === 0) return authError('No providers set.');
        return seedSuggestedTasks.filter((task) => tokened().includes(task.git_provider));
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/repository/branches',
      auth: 'v0',
      contract: { source: 'v0' },
      query: queryModel({
        repository: str(),
        page: { schema: int(), options: { default: () => 1 } },
        per_page: { schema: int(), options: { default: () => 30 } },
      }),
      handle: ({ query }) => {
        if (tokened().length === 0)
          return authError('Git provider token required. (such as GitHub).');
        const repo = reachable(query.repository);
        if (!repo) return authError(`Unable to access repo ${query.repository}`);
        if (repo.failing) return json(repo.failing, 500);
        const start = (query.page - 1) * query.per_page;
        const page = repo.branches.slice(Math.max(0, start), Math.max(0, start + query.per_page));
        return {
          branches: page.map((b) => branchView(repo, b)),
          has_next_page: start + query.per_page < repo.branches.length,
          current_page: query.page,
          per_page: query.per_page,
          total_count: repo.branches.length,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/repository/{repository_name:path}/microagents',
      auth: 'v0',
      contract: { source: 'v0' },
      handle: ({ params }) => {
        const name = params.repository_name;
        const repo = reachable(name);
        if (!repo) return authError(`Unable to fetch microagents for ${name}`);
        if (repo.failing) return json(`Error scanning repository: ${repo.failing}`, 500);
        return listMicroagentFiles(repo).map((file) => ({
          name: file.name,
          path: file.path,
          created_at: naiveNow(),
        }));
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/user/repository/{repository_name:path}/microagents/content',
      auth: 'v0',
      contract: { source: 'v0' },
      query: queryModel({ file_path: str() }),
      handle: ({ params, query }) => {
        const name = params.repository_name;
        const notFound = authError(`Microagent file ${query.file_path} not found in ${name}`);
        const repo = reachable(name);
        if (!repo) return notFound;
        if (repo.failing) return json(`Error fetching microagent content: ${repo.failing}`, 500);
        const text = repo.files[query.file_path];
        if (text === undefined) return notFound;
        try {
          const parsed =
            query.file_path === '.cursorrules'
              ? { metadata: {}, content: text }
              : parseMicroagent(text);
          return {
            content: parsed.content,
            path: query.file_path,
            triggers: triggersOf(parsed.metadata),
            git_provider: repo.git_provider,
          };
        } catch (error) {
          if (error instanceof FrontMatterError) return notFound;
          throw error;
        }
      },
    }),
  ];
}
