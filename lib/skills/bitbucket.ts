// Bitbucket Cloud (api.bitbucket.org/2.0) and Bitbucket Data Center (`<base URL>/rest/api/1.0`)
// (docs/contract/skills.md#bitbucket-cloud, docs/contract/skills.md#bitbucket-data-center).

import * as z from 'zod/mini';
import { BITBUCKET_CLOUD_API, hostClient } from '@/lib/codehosts/hosts';
import { encodePath, type Fetch } from '@/lib/codehosts/http';
import { type CodeHostReader, type RepositoryListing, relevant, topFoldersFor } from './reader';
import type { ListedFile } from './rules';
import { CodeHostError } from './types';

export { BITBUCKET_CLOUD_API, bitbucketDataCenterApiBase } from '@/lib/codehosts/hosts';

// --- Cloud -----------------------------------------------------------------------------------

const CloudRepoSchema = z.looseObject({
  mainbranch: z.optional(z.nullable(z.looseObject({ name: z.string() }))),
});
const CloudSrcSchema = z.looseObject({
  values: z.array(
    z.looseObject({
      type: z.string(),
      path: z.string(),
      size: z.optional(z.number()),
      attributes: z.optional(z.array(z.string())),
      commit: z.optional(z.looseObject({ hash: z.optional(z.string()) })),
    }),
  ),
  next: z.optional(z.string()),
});

/** Nesting depth asked of a folder listing; skill folders are shallow. */
const CLOUD_DEPTH = 8;
const PAGES = 10;

export function createBitbucketCloudReader(options: {
  apiBase?: string;
  token: string | null;
  fetch: Fetch;
  now?: () => number;
}): CodeHostReader {
  const apiBase = options.apiBase ?? BITBUCKET_CLOUD_API;
  const client = hostClient('bitbucket-cloud', { ...options, apiBase });
  const repoUrl = (repository: string) => `${apiBase}/repositories/${encodePath(repository)}`;
  /** The default branch; `src/` without one redirects, which is never followed. */
  const mainBranch = async (repository: string) => {
    const response = await client.json(repoUrl(repository), CloudRepoSchema);
    return response.data?.mainbranch?.name ?? null;
  };

  const listing = async (repository: string, ref: string, folder: string, depth: number) => {
    const query = new URLSearchParams({ pagelen: '100' });
    if (depth) query.set('max_depth', String(depth));
    let url: string | undefined =
      `${repoUrl(repository)}/src/${encodeURIComponent(ref)}/${folder ? `${encodePath(folder)}/` : ''}?${query}`;
    const files: ListedFile[] = [];
    const folders: string[] = [];
    for (let page = 0; url && page < PAGES; page++) {
      const response: Response & { data?: z.infer<typeof CloudSrcSchema> } = await client.json(
        url,
        CloudSrcSchema,
        folder ? [404] : undefined,
      );
      if (response.status === 404) return null;
      for (const entry of response.data?.values ?? []) {
        if (entry.type === 'commit_directory') folders.push(entry.path);
        if (entry.type !== 'commit_file') continue;
        files.push({
          path: entry.path,
          ...(entry.size !== undefined ? { size: entry.size } : {}),
          ...(entry.attributes?.includes('link') ? { link: true } : {}),
        });
      }
      url = response.data?.next;
    }
    return { files, folders };
  };

  return {
    client,
    async list(repository, ref, scope): Promise<RepositoryListing> {
      const branch = ref ?? (await mainBranch(repository));
      if (!branch) return { files: [], complete: true, ref: null };
      const files: ListedFile[] = [];
      let folders = topFoldersFor(scope);
      if (scope === 'project') {
        let root: Awaited<ReturnType<typeof listing>>;
        try {
          root = await listing(repository, branch, '', 0);
        } catch (error) {
          if (ref && error instanceof CodeHostError && error.problem.kind === 'not-found') {
            await mainBranch(repository);
            throw new CodeHostError({ kind: 'ref-not-found', ref });
          }
          throw error;
        }
        files.push(...(root?.files ?? []));
        folders = folders.filter((folder) => root?.folders.includes(folder));
      }
      for (const folder of folders) {
        const sub = await listing(repository, branch, folder, CLOUD_DEPTH);
        files.push(...(sub?.files ?? []));
      }
      return {
        files: files.filter((file) => relevant(file.path, scope)),
        complete: false,
        ref: branch,
      };
    },
    async read(repository, ref, file) {
      const branch = ref ?? 'HEAD';
      return client.text(
        `${repoUrl(repository)}/src/${encodeURIComponent(branch)}/${encodePath(file.path)}`,
      );
    },
  };
}

// --- Data Center -----------------------------------------------------------------------------

const DcBrowseSchema = z.looseObject({
  children: z.looseObject({
    values: z.array(
      z.looseObject({
        path: z.looseObject({ toString: z.string() }),
        type: z.string(),
        size: z.optional(z.number()),
      }),
    ),
    isLastPage: z.optional(z.boolean()),
    nextPageStart: z.optional(z.nullable(z.number())),
  }),
});
const DcFilesSchema = z.looseObject({
  values: z.array(z.string()),
  isLastPage: z.optional(z.boolean()),
  nextPageStart: z.optional(z.nullable(z.number())),
});
const DcRepoSchema = z.looseObject({ slug: z.optional(z.string()) });

/** `PROJECT/repo` (or `~user/repo`) → the REST path of the repository. */
function dcRepoPath(repository: string): string {
  const [project = '', slug = ''] = repository.split('/');
  return `projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(slug)}`;
}

export function createBitbucketDataCenterReader(options: {
  apiBase: string;
  token: string | null;
  fetch: Fetch;
  now?: () => number;
}): CodeHostReader {
  const client = hostClient('bitbucket-dc', options);
  const repoUrl = (repository: string) => `${options.apiBase}/${dcRepoPath(repository)}`;
  const at = (ref: string | null) => (ref ? `&at=${encodeURIComponent(`refs/heads/${ref}`)}` : '');

  /** Every file below a folder (the `files` resource walks sub-folders), paths from the root. */
  const allFiles = async (repository: string, ref: string | null, folder: string) => {
    const files: ListedFile[] = [];
    let start: number | null = 0;
    for (let page = 0; start !== null && page < PAGES; page++) {
      const url = `${repoUrl(repository)}/files${folder ? `/${encodePath(folder)}` : ''}?limit=1000&start=${start}${at(ref)}`;
      const response: Response & { data?: z.infer<typeof DcFilesSchema> } = await client.json(
        url,
        DcFilesSchema,
        folder ? [404] : undefined,
      );
      if (response.status === 404) return files;
      for (const path of response.data?.values ?? []) {
        files.push({ path: folder ? `${folder}/${path}` : path });
      }
      start = response.data?.isLastPage === false ? (response.data.nextPageStart ?? null) : null;
    }
    return files;
  };

  return {
    client,
    async list(repository, ref, scope): Promise<RepositoryListing> {
      try {
        if (scope === 'organisation') {
          const files = await allFiles(repository, ref, '');
          return { files: files.filter((file) => relevant(file.path, scope)), complete: true, ref };
        }
        const root: Response & { data?: z.infer<typeof DcBrowseSchema> } = await client.json(
          `${repoUrl(repository)}/browse?limit=1000${at(ref)}`,
          DcBrowseSchema,
        );
        const entries = root.data?.children.values ?? [];
        const files: ListedFile[] = entries
          .filter((entry) => entry.type === 'FILE')
          .map((entry) => ({
            path: entry.path.toString,
            ...(entry.size !== undefined ? { size: entry.size } : {}),
          }));
        for (const folder of topFoldersFor(scope)) {
          if (
            !entries.some((entry) => entry.type === 'DIRECTORY' && entry.path.toString === folder)
          ) {
            continue;
          }
          files.push(...(await allFiles(repository, ref, folder)));
        }
        return { files, complete: false, ref };
      } catch (error) {
        if (ref && error instanceof CodeHostError && error.problem.kind === 'not-found') {
          await client.json(repoUrl(repository), DcRepoSchema);
          throw new CodeHostError({ kind: 'ref-not-found', ref });
        }
        throw error;
      }
    },
    async read(repository, ref, file) {
      const query = ref ? `?at=${encodeURIComponent(`refs/heads/${ref}`)}` : '';
      return client.text(`${repoUrl(repository)}/raw/${encodePath(file.path)}${query}`);
    },
  };
}
