// GitHub REST v3: api.github.com, or `<origin>/api/v3` on GitHub Enterprise Server
// (docs/contract/skills.md#github). One recursive tree lists a repository; blobs are read by id.

import * as z from 'zod/mini';
import { hostClient } from '@/lib/codehosts/hosts';
import { encodePath, type Fetch } from '@/lib/codehosts/http';
import {
  type CodeHostReader,
  type RepositoryListing,
  relevant,
  type Scope,
  topFoldersFor,
} from './reader';
import type { ListedFile } from './rules';
import { CodeHostError } from './types';

export { githubApiBase } from '@/lib/codehosts/hosts';

const TreeSchema = z.looseObject({
  sha: z.optional(z.string()),
  truncated: z.optional(z.boolean()),
  tree: z.array(
    z.looseObject({
      path: z.string(),
      mode: z.optional(z.string()),
      type: z.string(),
      sha: z.string(),
      size: z.optional(z.number()),
    }),
  ),
});
type Tree = z.infer<typeof TreeSchema>;

const RepoSchema = z.looseObject({ default_branch: z.optional(z.string()) });

export function createGitHubReader(options: {
  apiBase: string;
  token: string | null;
  fetch: Fetch;
  now?: () => number;
}): CodeHostReader {
  const client = hostClient('github', options);
  const repoUrl = (repository: string) => `${options.apiBase}/repos/${encodePath(repository)}`;

  const tree = async (repository: string, treeIsh: string, recursive: boolean) => {
    const url = `${repoUrl(repository)}/git/trees/${encodeURIComponent(treeIsh)}${recursive ? '?recursive=1' : ''}`;
    // 409: "Git Repository is empty."
    const response = await client.json(url, TreeSchema, [409]);
    return response.status === 409 ? null : (response.data as Tree);
  };

  const filesOf = (entries: Tree['tree'], prefix: string, scope: Scope): ListedFile[] =>
    entries
      .filter((entry) => entry.type === 'blob')
      .map((entry) => ({
        path: prefix + entry.path,
        blob: entry.sha,
        ...(entry.size !== undefined ? { size: entry.size } : {}),
        ...(entry.mode === '120000' ? { link: true } : {}),
      }))
      .filter((file) => relevant(file.path, scope));

  return {
    client,
    async list(repository, ref, scope): Promise<RepositoryListing> {
      let whole: Tree | null;
      try {
        whole = await tree(repository, ref ?? 'HEAD', true);
      } catch (error) {
        // A missing branch and a missing repository both answer 404; ask which.
        if (ref && error instanceof CodeHostError && error.problem.kind === 'not-found') {
          await client.json(repoUrl(repository), RepoSchema);
          throw new CodeHostError({ kind: 'ref-not-found', ref });
        }
        throw error;
      }
      if (!whole) return { files: [], complete: true, ref };
      if (!whole.truncated) return { files: filesOf(whole.tree, '', scope), complete: true, ref };
      // Too big for one answer (100,000 entries): the root, then only the folders that matter.
      const root = await tree(repository, ref ?? 'HEAD', false);
      const files = filesOf(root?.tree ?? [], '', scope);
      for (const folder of topFoldersFor(scope)) {
        const entry = root?.tree.find((item) => item.path === folder && item.type === 'tree');
        if (!entry) continue;
        const sub = await tree(repository, entry.sha, true);
        files.push(...filesOf(sub?.tree ?? [], `${folder}/`, scope));
      }
      return { files, complete: false, ref };
    },
    async read(repository, _ref, file) {
      if (!file.blob) throw new CodeHostError({ kind: 'not-found', withToken: client.withToken });
      return client.text(
        `${repoUrl(repository)}/git/blobs/${file.blob}`,
        'application/vnd.github.raw+json',
      );
    },
  };
}
