// What the code hosts answer git over HTTPS, and what git 2.39 (the agent-server image's git)
// prints for it, for both a clone (fetch) and a push. Read off real git 2.39.5 against a smart-HTTP
// server that answers like GitHub (401 with `WWW-Authenticate: Basic` and a text/plain reason):
// git first asks without credentials; only a 401 makes it use the URL's user and password, or
// the credential helpers when the URL has no user. A user without a password is tried with an
// empty one, and when that is refused too git wants a password it cannot read without a
// terminal. So a public repository clones whatever token the URL carries (it is never sent),
// while a push always needs one the host takes.
import {
  findRepository,
  type Provider,
  providerOfToken,
  type SeedRepository,
} from '../seed/git-world';
import { parseCredentialUrl } from './credentials';

export const hosts: Record<string, Provider> = {
  'github.com': 'github',
  'gitlab.com': 'gitlab',
  'bitbucket.org': 'bitbucket',
};

/** The host's words for credentials it refused (its 401 body, which git shows after `remote: `). */
export const refusedToken: Record<Provider, string> = {
  github:
    'remote: Invalid username or token. Password authentication is not supported for Git operations.\n',
  gitlab:
    "remote: HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password. If a token was provided, it was either incorrect, expired, or improperly scoped. See https://gitlab.com/help/topics/git/troubleshooting_git.md#error-on-git-fetch-http-basic-access-denied\n",
  bitbucket: 'remote: Invalid credentials\n',
};

/** The host's words for a repository the token cannot see, before git's `not found`. */
export const missingRepository: Record<Provider, string> = {
  github: 'remote: Repository not found.\n',
  gitlab:
    "remote: The project you were looking for could not be found or you don't have permission to view it.\n",
  bitbucket: 'remote: Repository not found\n',
};

/** A remote URL as git reads it. */
export interface Remote {
  scheme: string;
  host: string;
  path: string;
  /** The URL's user (null: none), and its password (null: no `:` after the user). */
  user: string | null;
  password: string | null;
  /** The URL without credentials, as git prints it. */
  anonymous: string;
  /** `owner/name` of the path. */
  fullName: string;
}

export function parseRemote(url: string): Remote | null {
  const match = /^(https?):\/\/(?:([^@/]*)@)?([^/:]+)(?::\d+)?(\/.*)?$/.exec(url);
  if (!match) return null;
  const [, scheme, , host, path = '/'] = match;
  const parsed = parseCredentialUrl(url);
  return {
    scheme: scheme as string,
    host: (host as string).toLowerCase(),
    path,
    user: parsed?.username ?? null,
    password: parsed?.password ?? null,
    anonymous: `${scheme}://${host}${path}`,
    fullName: path
      .replace(/^\/+/, '')
      .replace(/\/+$/, '')
      .replace(/\.git$/, ''),
  };
}

export type HostAnswer =
  | { ok: true; provider: Provider; repository: SeedRepository; usedCredentials: boolean }
  | { ok: false; stderr: string; refusedStored: boolean };

/**
 * One exchange of git with the host behind `url`: `fetch` for a clone, `push` for a push.
 * `stored` fills credentials from the helpers (only asked when the URL has no user).
 */
export function askHost(
  url: string,
  operation: 'fetch' | 'push',
  stored: () => { username: string; password: string } | null,
): HostAnswer {
  const remote = parseRemote(url) as Remote;
  const provider = hosts[remote.host] as Provider;
  const shown = remote.anonymous.replace(/\/?$/, '/');
  const found = findRepository(remote.fullName);
  const repository = found?.git_provider === provider ? found : undefined;
  if (repository?.failing) {
    return {
      ok: false,
      refusedStored: false,
      stderr: `fatal: unable to access '${shown}': The requested URL returned error: 502\n`,
    };
  }
  // Anonymous first: a public repository lets anyone fetch, nobody push.
  if (operation === 'fetch' && repository?.is_public) {
    return { ok: true, provider, repository, usedCredentials: false };
  }
  let user = remote.user;
  let password = remote.password;
  let fromHelper = false;
  if (user === null) {
    const filled = stored();
    if (filled) {
      user = filled.username;
      password = filled.password;
      fromHelper = true;
    }
  }
  if (user === null) {
    return {
      ok: false,
      refusedStored: false,
      stderr: `fatal: could not read Username for '${remote.scheme}://${remote.host}': No such device or address\n`,
    };
  }
  // GitHub takes a token as the user name too; GitLab and Bitbucket want it as the password.
  const token = password ? password : provider === 'github' ? user : '';
  if (providerOfToken(token) !== provider) {
    if (password === null) {
      // Tried with an empty password, refused: git now needs a password and has no terminal.
      const who = user ? `${encodeURIComponent(user)}@` : '';
      return {
        ok: false,
        refusedStored: false,
        stderr: `fatal: could not read Password for '${remote.scheme}://${who}${remote.host}': No such device or address\n`,
      };
    }
    return {
      ok: false,
      refusedStored: fromHelper,
      stderr: `${refusedToken[provider]}fatal: Authentication failed for '${shown}'\n`,
    };
  }
  if (!repository) {
    return {
      ok: false,
      refusedStored: false,
      stderr: `${missingRepository[provider]}fatal: repository '${shown}' not found\n`,
    };
  }
  return { ok: true, provider, repository, usedCredentials: true };
}

/**
 * What the host says over git's sideband when a push creates a branch, one line each (git
 * prefixes `remote: `). GitHub's is read off its answers; GitLab's and Bitbucket's are their
 * well-known equivalents.
 */
export function newBranchMessage(provider: Provider, fullName: string, branch: string): string[] {
  switch (provider) {
    case 'github':
      return [
        '',
        `Create a pull request for '${branch}' on GitHub by visiting:`,
        `     https://github.com/${fullName}/pull/new/${branch}`,
        '',
      ];
    case 'gitlab':
      return [
        '',
        `To create a merge request for ${branch}, visit:`,
        `  https://gitlab.com/${fullName}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${encodeURIComponent(branch)}`,
        '',
      ];
    default:
      return [
        '',
        `Create pull request for ${branch}:`,
        `  https://bitbucket.org/${fullName}/pull-requests/new?source=${encodeURIComponent(branch)}&t=1`,
        '',
      ];
  }
}

/**
 * git's sideband demultiplexer (sideband.c): `remote: ` before each line; a line with text gets
 * the clear-to-end-of-line suffix, which is eight spaces without a terminal. In a terminal the
 * suffix is an escape sequence the terminal swallows, so nothing of it stays on the screen.
 */
export function sidebandLines(lines: string[], terminal: boolean): string {
  return lines.map((line) => `remote: ${line}${line && !terminal ? '        ' : ''}\n`).join('');
}
