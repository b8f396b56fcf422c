// Where a conversation's things live on the web: the service's own web app, the repository on
// its code host, and the pull/merge requests the agent opened (`pr_number`). Self-hosted hosts
// come from the provider tokens the server holds (`provider_tokens_set`: provider → host), or
// from the page the conversation was started on; public hosts are the default.

const publicHosts: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
  azure_devops: 'dev.azure.com',
};

function baseOf(provider: string, host: string | null | undefined): string | null {
  const chosen = host?.trim() || publicHosts[provider];
  if (!chosen) return null;
  const withScheme = /^https?:\/\//i.test(chosen) ? chosen : `https://${chosen}`;
  return withScheme.replace(/\/+$/, '');
}

function encodePath(repository: string): string {
  return repository.split('/').map(encodeURIComponent).join('/');
}

/** The repository's page, or null when the provider or its host is unknown. */
export function repositoryUrl(
  provider: string | null | undefined,
  repository: string | null | undefined,
  host?: string | null,
): string | null {
  if (!provider || !repository) return null;
  const base = baseOf(provider, host);
  if (!base) return null;
  switch (provider) {
    case 'github':
    case 'gitlab':
    case 'bitbucket':
    case 'forgejo':
      return `${base}/${encodePath(repository)}`;
    case 'bitbucket_data_center': {
      const [project, repo] = repository.split('/');
      return project && repo
        ? `${base}/projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(repo)}`
        : null;
    }
    case 'azure_devops': {
      const [organisation, project, repo] = repository.split('/');
      return organisation && project && repo
        ? `${base}/${encodeURIComponent(organisation)}/${encodeURIComponent(project)}/_git/${encodeURIComponent(repo)}`
        : null;
    }
    default:
      return null;
  }
}

/** A pull request (merge request on GitLab) by number. */
export function pullRequestUrl(
  provider: string | null | undefined,
  repository: string | null | undefined,
  number: number,
  host?: string | null,
): string | null {
  const repo = repositoryUrl(provider, repository, host);
  if (!repo || !Number.isInteger(number) || number <= 0) return null;
  switch (provider) {
    case 'github':
      return `${repo}/pull/${number}`;
    case 'gitlab':
      return `${repo}/-/merge_requests/${number}`;
    case 'bitbucket':
    case 'bitbucket_data_center':
      return `${repo}/pull-requests/${number}`;
    case 'forgejo':
      return `${repo}/pulls/${number}`;
    case 'azure_devops':
      return `${repo}/pullrequest/${number}`;
    default:
      return null;
  }
}

/**
 * The conversation in the service's own web app
 * (docs/contract/README.md#which-call-for-which-need).
 */
export function webAppUrl(serverUrl: string, conversationId: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/conversations/${encodeURIComponent(conversationId)}`;
}

/** "pull request" or "merge request", as the provider calls them. */
export function isMergeRequestProvider(provider: string | null | undefined): boolean {
  return provider === 'gitlab';
}

/**
 * The pull or merge request a code-host page shows, as a hand-back names it: its address (built
 * from the page's own base URL, so a self-hosted one keeps its host and context path), its number,
 * and whether GitLab calls it a merge request. Null for any other page.
 */
export function pullOfContext(context: {
  provider: string;
  baseUrl: string;
  selfHosted: boolean;
  repository: string;
  kind: string;
  number?: number | undefined;
}): { link: string; number: number; merge: boolean } | null {
  if (context.kind !== 'pull' || !context.number) return null;
  const provider =
    context.provider === 'bitbucket' && context.selfHosted
      ? 'bitbucket_data_center'
      : context.provider;
  const link = pullRequestUrl(provider, context.repository, context.number, context.baseUrl);
  return link ? { link, number: context.number, merge: context.provider === 'gitlab' } : null;
}

/**
 * The page context a new conversation for a pull request starts from when no page is open: what
 * the worker read of it (`pulls.read`). The host is the link's; its branch is not known here.
 */
export function contextOfPullRead(read: {
  link: string;
  provider: 'github' | 'gitlab' | 'bitbucket';
  repository: string;
  number: number;
  status: { title: string } | null;
}): {
  provider: 'github' | 'gitlab' | 'bitbucket';
  host: string;
  baseUrl: string;
  repository: string;
  kind: 'pull';
  selfHosted: boolean;
  number: number;
  title?: string;
} {
  const url = new URL(read.link);
  return {
    provider: read.provider,
    host: url.host,
    baseUrl: url.origin,
    repository: read.repository,
    kind: 'pull',
    selfHosted: !Object.values(publicHosts).includes(url.host),
    number: read.number,
    ...(read.status?.title ? { title: read.status.title } : {}),
  };
}
