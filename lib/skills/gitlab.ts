// GitLab REST v4 at `<base URL>/api/v4`, gitlab.com or self-managed under any relative root
// (docs/contract/skills.md#gitlab). Projects are addressed by their URL-encoded full path, so
// nested groups need nothing special. Trees come 100 entries a page.

import * as z from 'zod/mini';
import { hostClient } from '@/lib/codehosts/hosts';
import { type Fetch, nextLink, numberHeader } from '@/lib/codehosts/http';
import {
  type CodeHostReader,
  type RepositoryListing,
  relevant,
  type Scope,
  topFoldersFor,
} from './reader';
import type { ListedFile } from './rules';
import { CodeHostError } from './types';

export { gitlabApiBase } from '@/lib/codehosts/hosts';

const TreeSchema = z.array(
  z.looseObject({
    id: z.string(),
    path: z.string(),
    type: z.string(),
    mode: z.optional(z.string()),
  }),
);
type TreeEntry = z.infer<typeof TreeSchema>[number];

/** A whole-repository listing is used up to this many pages; larger ones are read by folder. */
const WHOLE_TREE_PAGES = 3;
/** A folder larger than this many pages is not a skill folder anyone maintains. */
const FOLDER_PAGES = 10;

export function createGitLabReader(options: {
  apiBase: string;
  token: string | null;
  fetch: Fetch;
  now?: () => number;
}): CodeHostReader {
  const client = hostClient('gitlab', options);
  const project = (repository: string) =>
    `${options.apiBase}/projects/${encodeURIComponent(repository)}`;

  /** Why a tree answered 404: GitLab names the missing thing in its message. */
  const missing = async (response: Response): Promise<'project' | 'tree'> => {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return typeof body?.message === 'string' && /tree/i.test(body.message) ? 'tree' : 'project';
  };

  /** One tree listing, page by page up to `maxPages`; null when the path has no tree. */
  const tree = async (
    repository: string,
    ref: string | null,
    params: { path?: string; recursive: boolean },
    maxPages: number,
  ): Promise<{ entries: TreeEntry[]; more: boolean; totalPages: number | null } | null> => {
    const query = new URLSearchParams({ per_page: '100' });
    if (params.recursive) query.set('recursive', 'true');
    if (params.path) query.set('path', params.path);
    if (ref) query.set('ref', ref);
    let url: string | null = `${project(repository)}/repository/tree?${query}`;
    const entries: TreeEntry[] = [];
    let totalPages: number | null = null;
    for (let page = 0; url && page < maxPages; page++) {
      const response: Response & { data?: TreeEntry[] } = await client.json(url, TreeSchema, [404]);
      if (response.status === 404) {
        if ((await missing(response)) === 'project') {
          throw new CodeHostError({ kind: 'not-found', withToken: client.withToken });
        }
        if (ref && !params.path) throw new CodeHostError({ kind: 'ref-not-found', ref });
        return null;
      }
      entries.push(...(response.data ?? []));
      totalPages ??= numberHeader(response.headers, 'x-total-pages');
      const nextPage = response.headers.get('x-next-page');
      url = nextLink(response.headers);
      if (!url && nextPage) {
        query.set('page', nextPage);
        url = `${project(repository)}/repository/tree?${query}`;
      }
      // Only the first page says whether the whole listing is small enough.
      if (
        page === 0 &&
        url &&
        maxPages === WHOLE_TREE_PAGES &&
        (totalPages ?? Infinity) > maxPages
      ) {
        return { entries, more: true, totalPages };
      }
    }
    return { entries, more: url !== null, totalPages };
  };

  const filesOf = (entries: TreeEntry[], scope: Scope): ListedFile[] =>
    entries
      .filter((entry) => entry.type === 'blob')
      .map((entry) => ({
        path: entry.path,
        blob: entry.id,
        ...(entry.mode === '120000' ? { link: true } : {}),
      }))
      .filter((file) => relevant(file.path, scope));

  return {
    client,
    async list(repository, ref, scope): Promise<RepositoryListing> {
      const whole = await tree(repository, ref, { recursive: true }, WHOLE_TREE_PAGES);
      // No tree at the root: an empty repository.
      if (!whole) return { files: [], complete: true, ref };
      if (!whole.more) return { files: filesOf(whole.entries, scope), complete: true, ref };
      const root = await tree(repository, ref, { recursive: false }, FOLDER_PAGES);
      const files = filesOf(root?.entries ?? [], scope);
      for (const folder of topFoldersFor(scope)) {
        if (!root?.entries.some((entry) => entry.path === folder && entry.type === 'tree'))
          continue;
        const sub = await tree(repository, ref, { path: folder, recursive: true }, FOLDER_PAGES);
        files.push(...filesOf(sub?.entries ?? [], scope));
      }
      return { files, complete: false, ref };
    },
    async read(repository, ref, file) {
      if (file.blob) {
        return client.text(`${project(repository)}/repository/blobs/${file.blob}/raw`);
      }
      const query = ref ? `?ref=${encodeURIComponent(ref)}` : '?ref=HEAD';
      return client.text(
        `${project(repository)}/repository/files/${encodeURIComponent(file.path)}/raw${query}`,
      );
    },
  };
}
