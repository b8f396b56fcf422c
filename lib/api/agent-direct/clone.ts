// Cloning a repository on an agent server before its conversation starts. The agent server never
// clones by itself (docs/contract/server-generations.md#agent-server-direct), so Handoff runs git
// through the server's command route. The person's provider token is a server secret: it reaches
// git through a credential file written by the file route and removed straight after, so it is
// never part of a command line, which the server keeps in its command log.

/**
 * The hosts Handoff clones from on an agent server: their address, the user name each expects
 * beside a token (what their own docs say to use), the server secret the SDK's own clone helper
 * reads for them (upstream `openhands/sdk/workspace/repo.py`), which is where the person's token
 * lives on that kind of server, and the host's name in words.
 */
export const cloneHosts = {
  github: { host: 'github.com', user: 'x-access-token', secret: 'github_token', name: 'GitHub' },
  gitlab: { host: 'gitlab.com', user: 'oauth2', secret: 'gitlab_token', name: 'GitLab' },
  bitbucket: {
    host: 'bitbucket.org',
    user: 'x-token-auth',
    secret: 'bitbucket_token',
    name: 'Bitbucket',
  },
} as const;

export type CloneProvider = keyof typeof cloneHosts;
export const cloneProviders = Object.keys(cloneHosts) as CloneProvider[];

export function isCloneProvider(value: unknown): value is CloneProvider {
  return typeof value === 'string' && Object.hasOwn(cloneHosts, value);
}

/** The server secret that holds the person's token for a host. */
export function tokenSecretName(provider: CloneProvider): string {
  return cloneHosts[provider].secret;
}

/** `owner/repo` or `group/sub/project`: letters, digits, `.`, `_`, `-`, joined by slashes. */
export function isRepositoryName(value: string): boolean {
  return /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/.test(value) && !value.split('/').includes('..');
}

/** A branch name git accepts and a shell cannot misread (no leading dash, no `..`). */
export function isBranchName(value: string): boolean {
  return /^[A-Za-z0-9_./-]+$/.test(value) && !value.startsWith('-') && !value.includes('..');
}

/** Single-quoted for `/bin/sh`: nothing inside is expanded. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function cloneUrl(provider: CloneProvider, repository: string): string {
  return `https://${cloneHosts[provider].host}/${repository}.git`;
}

/** git's credential-store line for a token on the provider's host. */
export function credentialLine(provider: CloneProvider, token: string): string {
  const { host, user } = cloneHosts[provider];
  return `https://${encodeURIComponent(user)}:${encodeURIComponent(token)}@${host}\n`;
}

/** A folder name from the repository's last part and the conversation's first characters. */
export function cloneFolderName(repository: string, conversationId: string): string {
  const name = (repository.split('/').pop() ?? 'repository').replace(/[^A-Za-z0-9_.-]/g, '-');
  return `${name}-${conversationId.replaceAll('-', '').slice(0, 8)}`;
}

/**
 * A clone folder the person chose (components/options/clone-folder-form.ts says why one is refused): a full
 * path, or `~` or `~/…` for the server's home; names of letters, digits and `._+@,-` only, so
 * neither the shell the clone runs in nor git can read anything into it; no `.` or `..` parts.
 */
export function isCloneFolder(value: string): boolean {
  return (
    value.length <= 160 &&
    /^(~|~?(\/[\p{L}\p{N}_.+@,-]+)+)$/u.test(value) &&
    !/\/\.\.?(\/|$)/.test(value)
  );
}

/**
 * Where this start's clone goes: the folder chosen for the server, else `<home>/handoff`.
 * `refused` says a chosen folder did not pass (edited outside the options page, an older file).
 */
export function cloneRoot(home: string, chosen: string | null): { path: string; refused: boolean } {
  const base = home.replace(/\/+$/, '');
  if (!chosen || !isCloneFolder(chosen)) return { path: `${base}/handoff`, refused: !!chosen };
  return { path: chosen.startsWith('~') ? base + chosen.slice(1) : chosen, refused: false };
}

export interface ClonePlan {
  provider: CloneProvider;
  repository: string;
  branch: string | null;
  folder: string;
  /** Where the credential file is written for the clone's length, when there is a token. */
  credentialFile: string | null;
}

/** The one command that makes the folder's parent and clones into the folder. */
export function cloneCommand(plan: ClonePlan): string {
  const parent = plan.folder.slice(0, plan.folder.lastIndexOf('/')) || '/';
  const helper = plan.credentialFile
    ? ` -c credential.helper=${shellQuote(`store --file=${plan.credentialFile}`)}`
    : '';
  const branch = plan.branch ? ` -b ${shellQuote(plan.branch)}` : '';
  return (
    `mkdir -p ${shellQuote(parent)} && ` +
    `git${helper} clone${branch} ${shellQuote(cloneUrl(plan.provider, plan.repository))} ${shellQuote(plan.folder)}`
  );
}

/**
 * The command that ends a clone under way. The server has no route to end a command, and the
 * clone's git alone is not enough: git's remote helper (named by the URL only) holds the
 * command's output, so its request would wait for the time-out. So every process of the session
 * the server started the clone in goes, found by the clone's command line. `[g]` keeps the
 * pattern from matching the command line of the shell that runs it, which holds the pattern.
 */
export function cloneStopCommand(folder: string): string {
  const pattern = `[g]it .*clone .*${folder.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')}`;
  return `pkill -s "$(pgrep -d, -f ${shellQuote(pattern)})"`;
}

export type CloneProblem =
  | 'token-rejected'
  | 'needs-token'
  | 'not-found'
  | 'branch-missing'
  | 'folder-exists'
  | 'timed-out'
  | 'failed';

/** What went wrong, from git's own words on its error stream. */
export function cloneProblemOf(stderr: string, exitCode: number | null): CloneProblem {
  if (exitCode === null || exitCode === -1) return 'timed-out';
  if (/already exists and is not an empty directory/i.test(stderr)) return 'folder-exists';
  if (/Remote branch .* not found/i.test(stderr)) return 'branch-missing';
  if (
    /Authentication failed|Invalid username or token|Access denied|Invalid credentials/i.test(
      stderr,
    )
  ) {
    return 'token-rejected';
  }
  if (/could not read Username|terminal prompts disabled/i.test(stderr)) return 'needs-token';
  if (/not found|could not be found|does not exist/i.test(stderr)) return 'not-found';
  return 'failed';
}
