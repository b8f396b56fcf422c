// The part of an agent server's disk the simulated shell and the skills loader can see:
// folders it made or cloned (persisted), files written onto it (uploads, git's credential store;
// persisted, as text), and inside a clone the seeded repository's files (seed/git-world.ts), which
// a written file of the same path covers. Parents of a known folder or file exist implicitly, as
// on a real disk.
import type { FolderRecord } from '../core/state';
import { findRepository, type SeedRepository } from '../seed/git-world';

export type Entry = { kind: 'folder' } | { kind: 'file'; text: string };

/** `path.posix.resolve` without touching the real disk. */
export function resolvePath(cwd: string, path: string): string {
  const parts = (path.startsWith('/') ? path : `${cwd}/${path}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

function parentOf(path: string): string {
  return resolvePath(path, '..');
}

export interface GitRoot {
  root: string;
  record: FolderRecord;
}

export class FolderTree {
  constructor(
    private readonly folders: Record<string, FolderRecord>,
    private readonly files: Record<string, string> = {},
  ) {}

  /** The clone or `git init` folder that holds `path`, if any. */
  gitRootOf(path: string): GitRoot | null {
    for (let current = path; ; current = parentOf(current)) {
      const record = this.folders[current];
      if (record?.git) return { root: current, record };
      if (current === '/') return null;
    }
  }

  private repositoryAt(path: string): { repository: SeedRepository; relative: string } | null {
    const git = this.gitRootOf(path);
    if (git?.record.git?.kind !== 'clone') return null;
    const repository = findRepository(git.record.git.repository);
    if (!repository) return null;
    return { repository, relative: path === git.root ? '' : path.slice(git.root.length + 1) };
  }

  stat(path: string): Entry | null {
    const written = this.files[path];
    if (written !== undefined) return { kind: 'file', text: written };
    // `/` and `/tmp` are on every machine an agent server runs on, container or not.
    if (this.folders[path] || path === '/' || path === '/tmp') return { kind: 'folder' };
    const prefix = path === '/' ? '/' : `${path}/`;
    const known = [...Object.keys(this.folders), ...Object.keys(this.files)];
    if (known.some((entry) => entry.startsWith(prefix))) return { kind: 'folder' };
    const git = this.gitRootOf(path);
    if (git && (path === `${git.root}/.git` || path.startsWith(`${git.root}/.git/`))) {
      return { kind: 'folder' };
    }
    const inside = this.repositoryAt(path);
    if (inside && inside.relative !== '') {
      const text = inside.repository.files[inside.relative];
      if (text !== undefined) return { kind: 'file', text };
      const nested = `${inside.relative}/`;
      if (Object.keys(inside.repository.files).some((file) => file.startsWith(nested))) {
        return { kind: 'folder' };
      }
    }
    return null;
  }

  /** Names in a folder (hidden ones included), sorted; null when it is not a folder. */
  list(path: string): string[] | null {
    if (this.stat(path)?.kind !== 'folder') return null;
    const names = new Set<string>();
    const prefix = path === '/' ? '/' : `${path}/`;
    for (const known of [...Object.keys(this.folders), ...Object.keys(this.files)]) {
      if (known.startsWith(prefix) && known !== path) {
        names.add(known.slice(prefix.length).split('/')[0] as string);
      }
    }
    if (this.folders[path]?.git) names.add('.git');
    const inside = this.repositoryAt(path);
    if (inside && !`/${inside.relative}`.includes('/.git')) {
      const base = inside.relative === '' ? '' : `${inside.relative}/`;
      for (const file of Object.keys(inside.repository.files)) {
        if (file.startsWith(base)) names.add(file.slice(base.length).split('/')[0] as string);
      }
    }
    return [...names].sort();
  }

  isEmptyFolder(path: string): boolean {
    return this.stat(path)?.kind === 'folder' && (this.list(path)?.length ?? 0) === 0;
  }

  /** `mkdir -p`. */
  makeFolders(path: string): void {
    this.folders[path] ??= { git: null };
  }

  /** `rm -rf`: the file, or the folder, everything recorded under it, and its clone. */
  remove(path: string): void {
    // A repository's `.git` gone leaves a plain folder (its files, if a clone, stay out of reach).
    const owner = path.endsWith('/.git') ? path.slice(0, -'/.git'.length) || '/' : null;
    if (owner !== null && this.folders[owner]?.git) this.folders[owner] = { git: null };
    const prefix = `${path}/`;
    for (const known of Object.keys(this.folders)) {
      if (known === path || known.startsWith(prefix)) delete this.folders[known];
    }
    for (const known of Object.keys(this.files)) {
      if (known === path || known.startsWith(prefix)) delete this.files[known];
    }
  }

  /** Writes a whole file (its folder must exist: see `fileAbove`). */
  writeFile(path: string, text: string): void {
    this.files[path] = text;
  }

  /** The nearest ancestor of `path` that is a file, which stops a folder being made there. */
  fileAbove(path: string): string | null {
    for (let current = parentOf(path); current !== '/'; current = parentOf(current)) {
      if (this.stat(current)?.kind === 'file') return current;
    }
    return null;
  }

  record(path: string, record: FolderRecord): void {
    this.folders[path] = record;
  }

  /** Every file under a folder, as absolute paths (for the skills loader). */
  filesUnder(path: string): string[] {
    const out: string[] = [];
    const walk = (folder: string) => {
      for (const name of this.list(folder) ?? []) {
        if (name === '.git') continue;
        const child = folder === '/' ? `/${name}` : `${folder}/${name}`;
        const entry = this.stat(child);
        if (entry?.kind === 'file') out.push(child);
        else if (entry?.kind === 'folder') walk(child);
      }
    };
    walk(path);
    return out.sort();
  }

  readFile(path: string): string | null {
    const entry = this.stat(path);
    return entry?.kind === 'file' ? entry.text : null;
  }
}
