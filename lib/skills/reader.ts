// One interface over the code hosts' REST APIs: list what could hold skills, read a file.

import type { HostClient } from '@/lib/codehosts/http';
import type { ListedFile } from './rules';

export type Scope = 'project' | 'organisation';

export interface RepositoryListing {
  files: ListedFile[];
  /** Every file of the repository is in `files` (so rules in sub-folders can be looked for). */
  complete: boolean;
  /** The ref the listing is of, when the host said it. */
  ref: string | null;
}

export interface CodeHostReader {
  client: HostClient;
  /**
   * The files that could hold skills: for a project the whole repository where one request or a
   * few list it, else its root and the `.agents`/`.openhands` folders; for an organisation
   * repository its `skills/` and `microagents/`. Throws CodeHostError for the repository.
   */
  list(repository: string, ref: string | null, scope: Scope): Promise<RepositoryListing>;
  /** A file's text, cut at MAX_READ_BYTES. */
  read(
    repository: string,
    ref: string | null,
    file: ListedFile,
  ): Promise<{ text: string; truncated?: { readBytes: number; totalBytes: number | null } }>;
}

/** The folders whose whole content a project listing needs, besides the root. */
export const PROJECT_TOP_FOLDERS = ['.agents', '.openhands'];
export const ORGANISATION_TOP_FOLDERS = ['skills', 'microagents'];

export function topFoldersFor(scope: Scope): string[] {
  return scope === 'project' ? PROJECT_TOP_FOLDERS : ORGANISATION_TOP_FOLDERS;
}

/** Whether a listed path matters for the scope (keeps listings small in memory). */
export function relevant(path: string, scope: Scope): boolean {
  if (scope === 'organisation')
    return ORGANISATION_TOP_FOLDERS.some((f) => path.startsWith(`${f}/`));
  return true;
}
