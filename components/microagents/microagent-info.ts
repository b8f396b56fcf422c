// What the microagent viewer derives from the service's answers and the page context: the
// microagent's type, where the file lives on its code host, which provider token the service
// needs, and whether a 401 came from the code host or from the service itself.
import type { ApiError } from '@/lib/api/errors';
import type { PageContext } from '@/lib/hosts/page-context';

export type MicroagentKind = 'repository' | 'knowledge';

/**
 * The content route gives triggers but not the front-matter's `type`. Triggers are what make a
 * microagent load on keywords (knowledge); without them it is always active (repository).
 */
export function microagentKind(triggers: readonly string[] | null | undefined): MicroagentKind {
  return triggers && triggers.length > 0 ? 'knowledge' : 'repository';
}

/** A list entry's name, or the file's own name when the list is not there (opened by path). */
export function nameFromPath(path: string): string {
  const base = path.split('/').pop() ?? path;
  if (base === '.cursorrules') return 'cursorrules';
  return base.replace(/\.md$/i, '');
}

/**
 * The provider token values that can serve a page's repository. Bitbucket Data Center has its
 * own provider value on newer services; older ones store it as `bitbucket` with a host.
 */
export function tokenProvidersFor(context: Pick<PageContext, 'provider' | 'selfHosted'>): string[] {
  if (context.provider === 'bitbucket' && context.selfHosted) {
    return ['bitbucket_data_center', 'bitbucket'];
  }
  return [context.provider];
}

/** The file on its code host, at the page's branch (or the default branch). */
export function codeHostFileUrl(
  context: Pick<PageContext, 'provider' | 'baseUrl' | 'repository' | 'selfHosted' | 'branch'>,
  path: string,
): string {
  const ref = encodeURIComponent(context.branch ?? 'HEAD');
  const file = path.split('/').map(encodeURIComponent).join('/');
  const base = context.baseUrl;
  switch (context.provider) {
    case 'github':
      return `${base}/${context.repository}/blob/${ref}/${file}`;
    case 'gitlab':
      return `${base}/${context.repository}/-/blob/${ref}/${file}`;
    case 'bitbucket': {
      if (!context.selfHosted) return `${base}/${context.repository}/src/${ref}/${file}`;
      // Data Center: PROJECT/repo → /projects/PROJECT/repos/repo/browse/<path>.
      const [project = '', repo = ''] = context.repository.split('/');
      const at = context.branch ? `?at=${encodeURIComponent(`refs/heads/${context.branch}`)}` : '';
      return `${base}/projects/${project}/repos/${repo}/browse/${file}${at}`;
    }
  }
}

/**
 * Answers from the service's own key check (`{"detail":"Unauthorized"}`) or the hosted
 * service's auth layer. Every other 401 on the git routes carries the code host's refusal as a
 * bare string (docs/contract/v0-rest.md#git-provider-routes).
 */
const serviceKeyRefusals = new Set(['Unauthorized', 'NoCredentialsError', 'Invalid API key']);

/** A 401 that means "the code host refused the service", not "the service refused Handoff". */
export function isProviderRefusal(error: ApiError): boolean {
  return (
    error.kind === 'unauthorized' &&
    typeof error.serverMessage === 'string' &&
    error.serverMessage.length > 0 &&
    !serviceKeyRefusals.has(error.serverMessage)
  );
}

/** The git routes are not served: the hosted service (2026) and V1-only servers. */
export function isMissingGitRoutes(error: ApiError): boolean {
  return (
    error.status === 404 ||
    error.status === 405 ||
    (error.kind === 'bad-response' && (error.bodyType === 'html' || error.bodyType === 'text'))
  );
}
