// File paths for narrow rows: a path is cut in its middle rather than at its end, so that the
// file name (what a person looks for) stays in view and the folders give way first.

export interface PathParts {
  /** Everything up to and including the last separator; empty for a bare name. */
  folder: string;
  /** The last segment: the file's name. */
  name: string;
}

/** Splits a path at its last `/` (or `\`), ignoring a trailing one. */
export function splitPath(path: string): PathParts {
  const trimmed = path.replace(/[/\\]+$/, '');
  const at = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (at < 0) return { folder: '', name: path };
  return {
    folder: trimmed.slice(0, at + 1),
    name: trimmed.slice(at + 1) + path.slice(trimmed.length),
  };
}

/**
 * A path shortened to at most `max` characters by dropping characters from the middle of its
 * folders: `src/…/deep/file.ts`. The name itself is only cut when it alone is too long.
 */
export function middleTruncate(path: string, max: number): string {
  if (path.length <= max) return path;
  const { folder, name } = splitPath(path);
  if (name.length + 2 >= max) return `…${name.slice(name.length - (max - 1))}`;
  const keep = max - name.length - 1;
  const head = Math.ceil(keep / 2);
  return `${folder.slice(0, head)}…${folder.slice(folder.length - (keep - head))}${name}`;
}
