// A stand-in for the code hosts' REST APIs, answering the requests lib/skills sends the way the
// real APIs do (status codes, bodies, pagination and rate-limit headers, written from each API's
// documentation; see docs/contract/skills.md). Used by unit tests as an injected fetch and by the
// end-to-end tests behind Playwright routes, so both see the same hosts.

import { createHash } from 'node:crypto';

export type HostKind = 'github' | 'gitlab' | 'bitbucket' | 'bitbucket-dc';

/** A file's text, or a symbolic link to another path. */
export type FakeFile = string | { link: string };

export interface FakeRepository {
  /** Files by path, on the default branch. */
  files: Record<string, FakeFile>;
  defaultBranch?: string;
  /** Other branches' files. */
  branches?: Record<string, Record<string, FakeFile>>;
  /** Readable only with one of the host's tokens. */
  private?: boolean;
}

export interface FakeHostOptions {
  kind: HostKind;
  /** e.g. https://api.github.com, https://gitlab.com/api/v4, https://bb.example.com/rest/api/1.0 */
  apiBase: string;
  repositories: Record<string, FakeRepository>;
  /** Tokens the host accepts (as sent: the Authorization header's value after the scheme). */
  tokens?: string[];
  /** Anonymous allowance; tokens are never limited here. Mutable: tests drain or refill it. */
  anonymous?: { limit: number; remaining: number; resetAt: number };
  /** GitLab page size cap (the real one is 100). */
  pageSize?: number;
  /** GitHub: a recursive root tree answers `truncated: true` with its first entries only. */
  truncateTrees?: boolean;
}

export interface FakeRequest {
  url: string;
  headers: Record<string, string>;
}

export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface FakeHost {
  options: FakeHostOptions;
  /** Every URL asked, in order. */
  log: string[];
  handle(request: FakeRequest): FakeResponse;
  /** As `fetch`, for unit tests. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

export function gitBlobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FakeResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});
const raw = (text: string, headers: Record<string, string> = {}): FakeResponse => ({
  status: 200,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  body: text,
});

function textOf(file: FakeFile): string {
  return typeof file === 'string' ? file : file.link;
}

/** Folders implied by the files' paths. */
function foldersOf(files: Record<string, FakeFile>): string[] {
  const folders = new Set<string>();
  for (const path of Object.keys(files)) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return [...folders].sort();
}

function filesAt(repo: FakeRepository, ref: string | null): Record<string, FakeFile> | null {
  const main = repo.defaultBranch ?? 'main';
  if (!ref || ref === 'HEAD' || ref === main || ref === `refs/heads/${main}`) return repo.files;
  const name = ref.replace(/^refs\/heads\//, '');
  return repo.branches?.[name] ?? null;
}

function tokenOf(headers: Record<string, string>): string | null {
  const auth = headers.authorization ?? headers.Authorization;
  if (auth) return auth.replace(/^(Bearer|Basic|token)\s+/i, '');
  return headers['private-token'] ?? null;
}

export function fakeCodeHost(options: FakeHostOptions): FakeHost {
  const log: string[] = [];
  const host: FakeHost = {
    options,
    log,
    handle(request) {
      log.push(request.url);
      const url = new URL(request.url);
      const base = new URL(options.apiBase);
      if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
        return {
          status: 404,
          headers: { 'content-type': 'text/html' },
          body: '<html>Not here</html>',
        };
      }
      const path = url.pathname.slice(base.pathname.replace(/\/$/, '').length);
      const token = tokenOf(request.headers);
      const known = token !== null && (options.tokens ?? []).includes(token);
      if (token !== null && !known) return refuseToken(options.kind);
      let limitHeaders: Record<string, string> = {};
      if (!known && options.anonymous) {
        const a = options.anonymous;
        const reset = String(Math.floor(a.resetAt / 1000));
        if (a.remaining <= 0) return rateLimited(options.kind, a.limit, reset);
        a.remaining--;
        limitHeaders = limitHeadersOf(options.kind, a.limit, a.remaining, reset);
      }
      const answer = route(options, path, url.searchParams, known, request.headers);
      answer.headers = { ...limitHeaders, ...answer.headers };
      return answer;
    },
    async fetch(input, init) {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => {
        headers[key] = value;
      });
      const answer = host.handle({ url: input, headers });
      return new Response(answer.status === 204 ? null : answer.body, {
        status: answer.status,
        headers: answer.headers,
      });
    },
  };
  return host;
}

function refuseToken(kind: HostKind): FakeResponse {
  switch (kind) {
    case 'github':
      return json(401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    case 'gitlab':
      return json(401, { message: '401 Unauthorized' });
    case 'bitbucket':
      return json(401, {
        type: 'error',
        error: { message: 'Token is invalid, expired, or not supported for this endpoint.' },
      });
    case 'bitbucket-dc':
      return json(401, {
        errors: [
          {
            context: null,
            message: 'Authentication failed. Please check your credentials and try again.',
            exceptionName: 'com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException',
          },
        ],
      });
  }
}

function limitHeadersOf(
  kind: HostKind,
  limit: number,
  remaining: number,
  reset: string,
): Record<string, string> {
  if (kind === 'gitlab') {
    return {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': reset,
    };
  }
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': reset,
    'x-ratelimit-used': String(limit - remaining),
    'x-ratelimit-resource': 'core',
  };
}

function rateLimited(kind: HostKind, limit: number, reset: string): FakeResponse {
  switch (kind) {
    case 'github':
      return json(
        403,
        {
          message:
            "API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
          documentation_url:
            'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
        },
        limitHeadersOf(kind, limit, 0, reset),
      );
    case 'gitlab':
      return {
        status: 429,
        headers: {
          'content-type': 'text/plain',
          'retry-after': '60',
          ...limitHeadersOf(kind, limit, 0, reset),
        },
        body: 'Retry later',
      };
    case 'bitbucket':
      return json(429, {
        type: 'error',
        error: { message: 'Rate limit for this resource has been exceeded' },
      });
    case 'bitbucket-dc':
      return json(
        429,
        { errors: [{ message: 'You have been rate limited.' }] },
        { 'retry-after': '30' },
      );
  }
}

function route(
  options: FakeHostOptions,
  path: string,
  query: URLSearchParams,
  authorised: boolean,
  headers: Record<string, string>,
): FakeResponse {
  switch (options.kind) {
    case 'github':
      return github(options, path, query, authorised, headers);
    case 'gitlab':
      return gitlab(options, path, query, authorised);
    case 'bitbucket':
      return bitbucketCloud(options, path, query, authorised);
    case 'bitbucket-dc':
      return bitbucketDc(options, path, query, authorised);
  }
}

function visible(
  options: FakeHostOptions,
  name: string,
  authorised: boolean,
): FakeRepository | null {
  const repo = Object.entries(options.repositories).find(
    ([key]) => key.toLowerCase() === name.toLowerCase(),
  )?.[1];
  if (!repo || (repo.private && !authorised)) return null;
  return repo;
}

// --- GitHub (docs.github.com/rest: repos, git/trees, git/blobs) ----------------------------------

function github(
  options: FakeHostOptions,
  path: string,
  query: URLSearchParams,
  authorised: boolean,
  headers: Record<string, string>,
): FakeResponse {
  const notFound = json(404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest',
    status: '404',
  });
  const match = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
  if (!match) return notFound;
  const name = `${decodeURIComponent(match[1] as string)}/${decodeURIComponent(match[2] as string)}`;
  const repo = visible(options, name, authorised);
  if (!repo) return notFound;
  const rest = match[3] ?? '';
  const apiRepo = `${options.apiBase}/repos/${name}`;
  if (!rest) {
    return json(200, {
      id: 1296269,
      name: name.split('/')[1],
      full_name: name,
      private: !!repo.private,
      default_branch: repo.defaultBranch ?? 'main',
      visibility: repo.private ? 'private' : 'public',
    });
  }
  const tree = /^\/git\/trees\/(.+)$/.exec(rest);
  if (tree) {
    const ish = decodeURIComponent(tree[1] as string);
    // A sub-tree by its id: the folder whose id this is.
    const files = filesAt(repo, ish) ?? repo.files;
    const folders = foldersOf(files);
    let prefix = '';
    if (!filesAt(repo, ish)) {
      // A name that is no branch is 404; an unknown object id, 422.
      if (!/^[0-9a-f]{40}$/.test(ish)) return notFound;
      const folder = folders.find((f) => gitBlobId(`tree:${f}`) === ish);
      if (!folder) {
        return json(422, { message: `No commit found for SHA: ${ish}`, documentation_url: '' });
      }
      prefix = `${folder}/`;
    }
    if (!Object.keys(files).length) {
      return json(409, { message: 'Git Repository is empty.', documentation_url: '' });
    }
    const recursive = query.get('recursive') === '1' || query.get('recursive') === 'true';
    const entries: Record<string, unknown>[] = [];
    for (const folder of folders) {
      if (!folder.startsWith(prefix) || folder === prefix.slice(0, -1)) continue;
      const relative = folder.slice(prefix.length);
      if (!recursive && relative.includes('/')) continue;
      const sha = gitBlobId(`tree:${folder}`);
      entries.push({
        path: relative,
        mode: '040000',
        type: 'tree',
        sha,
        url: `${apiRepo}/git/trees/${sha}`,
      });
    }
    for (const [filePath, file] of Object.entries(files)) {
      if (!filePath.startsWith(prefix)) continue;
      const relative = filePath.slice(prefix.length);
      if (!recursive && relative.includes('/')) continue;
      const sha = gitBlobId(textOf(file));
      entries.push({
        path: relative,
        mode: typeof file === 'string' ? '100644' : '120000',
        type: 'blob',
        sha,
        size: Buffer.byteLength(textOf(file)),
        url: `${apiRepo}/git/blobs/${sha}`,
      });
    }
    entries.sort((a, b) => String(a.path).localeCompare(String(b.path)));
    const truncated = !!options.truncateTrees && recursive && !prefix;
    return json(200, {
      sha: gitBlobId(`root:${ish}`),
      url: `${apiRepo}/git/trees/${ish}`,
      tree: truncated ? entries.slice(0, 2) : entries,
      truncated,
    });
  }
  const blob = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest);
  if (blob) {
    const all = [repo.files, ...Object.values(repo.branches ?? {})];
    for (const files of all) {
      for (const file of Object.values(files)) {
        const text = textOf(file);
        if (gitBlobId(text) !== blob[1]) continue;
        if ((headers.accept ?? '').includes('raw')) {
          return {
            status: 200,
            headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' },
            body: text,
          };
        }
        return json(200, {
          sha: blob[1],
          size: Buffer.byteLength(text),
          encoding: 'base64',
          content: Buffer.from(text).toString('base64'),
        });
      }
    }
    return notFound;
  }
  return notFound;
}

// --- GitLab (docs.gitlab.com/api: repositories, repository_files) -----------------------------

function gitlab(
  options: FakeHostOptions,
  path: string,
  query: URLSearchParams,
  authorised: boolean,
): FakeResponse {
  const match = /^\/projects\/([^/]+)(\/.*)?$/.exec(path);
  const projectMissing = json(404, { message: '404 Project Not Found' });
  if (!match) return json(404, { error: '404 Not Found' });
  const name = decodeURIComponent(match[1] as string);
  const repo = visible(options, name, authorised);
  if (!repo) return projectMissing;
  const rest = match[2] ?? '';
  if (!rest) {
    return json(200, {
      id: 278964,
      path_with_namespace: name,
      default_branch: repo.defaultBranch ?? 'main',
      visibility: repo.private ? 'private' : 'public',
      empty_repo: Object.keys(repo.files).length === 0,
    });
  }
  if (rest === '/repository/tree') {
    const files = filesAt(repo, query.get('ref'));
    if (!files || !Object.keys(files).length) return json(404, { message: '404 Tree Not Found' });
    const at = (query.get('path') ?? '').replace(/\/$/, '');
    const recursive = query.get('recursive') === 'true';
    const prefix = at ? `${at}/` : '';
    const folders = foldersOf(files);
    if (at && !folders.includes(at)) return json(404, { message: '404 Tree Not Found' });
    const entries: Record<string, unknown>[] = [];
    for (const folder of folders) {
      if (!folder.startsWith(prefix) || (!recursive && folder.slice(prefix.length).includes('/')))
        continue;
      entries.push({
        id: gitBlobId(`tree:${folder}`),
        name: folder.split('/').pop(),
        type: 'tree',
        path: folder,
        mode: '040000',
      });
    }
    for (const [filePath, file] of Object.entries(files)) {
      if (
        !filePath.startsWith(prefix) ||
        (!recursive && filePath.slice(prefix.length).includes('/'))
      )
        continue;
      entries.push({
        id: gitBlobId(textOf(file)),
        name: filePath.split('/').pop(),
        type: 'blob',
        path: filePath,
        mode: typeof file === 'string' ? '100644' : '120000',
      });
    }
    entries.sort((a, b) => String(a.path).localeCompare(String(b.path)));
    const perPage = Math.min(Number(query.get('per_page') ?? 20), options.pageSize ?? 100);
    const page = Number(query.get('page') ?? 1);
    const pages = Math.max(1, Math.ceil(entries.length / perPage));
    const next = page < pages ? String(page + 1) : '';
    const self = new URL(`${options.apiBase}${path}`);
    for (const [key, value] of query) self.searchParams.set(key, value);
    const link = (n: number) => {
      const url = new URL(self);
      url.searchParams.set('page', String(n));
      return url.href;
    };
    const links = [`<${link(1)}>; rel="first"`, `<${link(pages)}>; rel="last"`];
    if (next) links.unshift(`<${link(page + 1)}>; rel="next"`);
    return json(200, entries.slice((page - 1) * perPage, page * perPage), {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': next,
      'x-prev-page': page > 1 ? String(page - 1) : '',
      'x-total': String(entries.length),
      'x-total-pages': String(pages),
      link: links.join(', '),
    });
  }
  const blob = /^\/repository\/blobs\/([0-9a-f]{40})\/raw$/.exec(rest);
  if (blob) {
    for (const files of [repo.files, ...Object.values(repo.branches ?? {})]) {
      for (const file of Object.values(files)) {
        if (gitBlobId(textOf(file)) === blob[1]) return raw(textOf(file));
      }
    }
    return json(404, { message: '404 Blob Not Found' });
  }
  const file = /^\/repository\/files\/([^/]+)\/raw$/.exec(rest);
  if (file) {
    const files = filesAt(repo, query.get('ref'));
    const text = files?.[decodeURIComponent(file[1] as string)];
    return text === undefined ? json(404, { message: '404 File Not Found' }) : raw(textOf(text));
  }
  return json(404, { error: '404 Not Found' });
}

// --- Bitbucket Cloud (developer.atlassian.com/cloud/bitbucket/rest: repositories, source) ------

function bitbucketCloud(
  options: FakeHostOptions,
  path: string,
  query: URLSearchParams,
  authorised: boolean,
): FakeResponse {
  const match = /^\/repositories\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
  if (!match) return json(404, { type: 'error', error: { message: 'Resource not found' } });
  const name = `${decodeURIComponent(match[1] as string)}/${decodeURIComponent(match[2] as string)}`;
  const repo = visible(options, name, authorised);
  if (!repo) {
    return json(404, { type: 'error', error: { message: `Repository ${name} not found` } });
  }
  const rest = match[3] ?? '';
  const main = repo.defaultBranch ?? 'main';
  if (!rest) {
    return json(200, {
      type: 'repository',
      full_name: name,
      is_private: !!repo.private,
      mainbranch: { type: 'branch', name: main },
    });
  }
  const src = /^\/src\/([^/]+)\/?(.*)$/.exec(rest);
  if (!src) return json(404, { type: 'error', error: { message: 'Resource not found' } });
  const ref = decodeURIComponent(src[1] as string);
  const files = filesAt(repo, ref);
  if (!files) return json(404, { type: 'error', error: { message: `Commit not found: ${ref}` } });
  const target = decodeURIComponent((src[2] as string).replace(/\/$/, ''));
  if (target in files) return raw(textOf(files[target] as FakeFile));
  const folders = foldersOf(files);
  if (target && !folders.includes(target)) {
    return json(404, { type: 'error', error: { message: `No such file or directory: ${target}` } });
  }
  const depth = Number(query.get('max_depth') ?? 1);
  const prefix = target ? `${target}/` : '';
  const within = (p: string) =>
    p.startsWith(prefix) && p.slice(prefix.length).split('/').length <= depth;
  const commit = { type: 'commit', hash: '4f4b9a1c2e3d', links: {} };
  const values: Record<string, unknown>[] = [
    ...folders
      .filter(within)
      .map((folder) => ({ path: folder, type: 'commit_directory', commit, links: {} })),
    ...Object.entries(files)
      .filter(([p]) => within(p))
      .map(([p, file]) => ({
        path: p,
        type: 'commit_file',
        commit,
        attributes: typeof file === 'string' ? [] : ['link'],
        escaped_path: p,
        size: Buffer.byteLength(textOf(file)),
        mimetype: p.endsWith('.md') ? 'text/markdown' : null,
        links: {},
      })),
  ].sort((a, b) => String(a.path).localeCompare(String(b.path)));
  const pagelen = Number(query.get('pagelen') ?? 10);
  const page = Number(query.get('page') ?? 1);
  const body: Record<string, unknown> = {
    pagelen,
    page,
    values: values.slice((page - 1) * pagelen, page * pagelen),
  };
  if (page * pagelen < values.length) {
    const next = new URL(`${options.apiBase}${path}`);
    for (const [key, value] of query) next.searchParams.set(key, value);
    next.searchParams.set('page', String(page + 1));
    body.next = next.href;
  }
  return json(200, body);
}

// --- Bitbucket Data Center (docs.atlassian.com/bitbucket-server/rest: browse, files, raw) -----

function bitbucketDc(
  options: FakeHostOptions,
  path: string,
  query: URLSearchParams,
  authorised: boolean,
): FakeResponse {
  const match = /^\/projects\/([^/]+)\/repos\/([^/]+)(\/.*)?$/.exec(path);
  const missing = (name: string) =>
    json(404, {
      errors: [
        {
          context: null,
          message: `Repository ${name} does not exist.`,
          exceptionName: 'com.atlassian.bitbucket.repository.NoSuchRepositoryException',
        },
      ],
    });
  if (!match) return json(404, { errors: [{ message: 'Not found' }] });
  const name = `${decodeURIComponent(match[1] as string)}/${decodeURIComponent(match[2] as string)}`;
  const exists = Object.keys(options.repositories).some(
    (key) => key.toLowerCase() === name.toLowerCase(),
  );
  const repo = visible(options, name, authorised);
  if (!repo) {
    if (exists && !authorised) {
      return json(401, {
        errors: [
          {
            context: null,
            message: 'You are not permitted to access this resource',
            exceptionName: 'com.atlassian.bitbucket.AuthorisationException',
          },
        ],
      });
    }
    return missing(name);
  }
  const rest = match[3] ?? '';
  if (!rest)
    return json(200, {
      slug: name.split('/')[1],
      name: name.split('/')[1],
      project: { key: name.split('/')[0] },
    });
  const files = filesAt(repo, query.get('at'));
  if (!files) {
    return json(404, {
      errors: [
        {
          message: `Commit '${query.get('at')}' does not exist in repository '${name}'.`,
          exceptionName: 'com.atlassian.bitbucket.commit.NoSuchCommitException',
        },
      ],
    });
  }
  const folders = foldersOf(files);
  const browse = /^\/browse\/?(.*)$/.exec(rest);
  if (browse) {
    const at = decodeURIComponent(browse[1] as string);
    const prefix = at ? `${at}/` : '';
    const children = [
      ...folders
        .filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/'))
        .map((f) => ({
          path: {
            components: [f.slice(prefix.length)],
            name: f.slice(prefix.length),
            toString: f.slice(prefix.length),
          },
          type: 'DIRECTORY',
        })),
      ...Object.entries(files)
        .filter(([p]) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
        .map(([p, file]) => ({
          path: {
            components: [p.slice(prefix.length)],
            name: p.slice(prefix.length),
            toString: p.slice(prefix.length),
          },
          contentId: gitBlobId(textOf(file)),
          type: 'FILE',
          size: Buffer.byteLength(textOf(file)),
        })),
    ];
    return json(200, {
      path: { components: at ? at.split('/') : [], name: at.split('/').pop() ?? '', toString: at },
      revision: 'refs/heads/main',
      children: {
        size: children.length,
        limit: 1000,
        isLastPage: true,
        start: 0,
        values: children,
      },
    });
  }
  const list = /^\/files\/?(.*)$/.exec(rest);
  if (list) {
    const at = decodeURIComponent(list[1] as string);
    const prefix = at ? `${at}/` : '';
    if (at && !folders.includes(at))
      return json(404, {
        errors: [{ message: `The path "${at}" does not exist at revision "main"` }],
      });
    const values = Object.keys(files)
      .filter((p) => p.startsWith(prefix))
      .map((p) => p.slice(prefix.length))
      .sort();
    return json(200, {
      size: values.length,
      limit: 1000,
      isLastPage: true,
      values,
      start: 0,
      nextPageStart: null,
    });
  }
  const file = /^\/raw\/(.+)$/.exec(rest);
  if (file) {
    const text = files[decodeURIComponent(file[1] as string)];
    return text === undefined
      ? json(404, { errors: [{ message: 'The path does not exist at revision' }] })
      : raw(textOf(text));
  }
  return json(404, { errors: [{ message: 'Not found' }] });
}
