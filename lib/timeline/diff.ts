// File changes as coloured lines. V0 edit observations usually carry a unified diff
// (`extras.diff`); V1 file edits only carry the old and new content, so their diff is computed
// here with jsdiff. Both end up as the same list of classified lines.
import { structuredPatch } from 'diff';

export type DiffLineKind = 'add' | 'del' | 'context' | 'hunk' | 'meta';

export interface DiffLine {
  kind: DiffLineKind;
  /** The line without its +/-/space marker (hunk and meta lines as written). */
  text: string;
}

export interface DiffResult {
  lines: DiffLine[];
  added: number;
  removed: number;
  /** The contents were too large to compare in time; nothing to show line by line. */
  tooLarge: boolean;
}

/** Files beyond this are not compared: the diff would block the panel for too long. */
const MAX_DIFF_CHARS = 400_000;
/** jsdiff gives up after this long and the panel says so. */
const DIFF_TIMEOUT_MS = 150;

function classify(line: string): DiffLine {
  if (line.startsWith('@@')) return { kind: 'hunk', text: line };
  if (line.startsWith('+++') || line.startsWith('---')) return { kind: 'meta', text: line };
  if (line.startsWith('+')) return { kind: 'add', text: line.slice(1) };
  if (line.startsWith('-')) return { kind: 'del', text: line.slice(1) };
  if (line.startsWith(' ')) return { kind: 'context', text: line.slice(1) };
  return { kind: 'meta', text: line };
}

function summarise(lines: DiffLine[], tooLarge = false): DiffResult {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added++;
    else if (line.kind === 'del') removed++;
  }
  return { lines, added, removed, tooLarge };
}

/** Lines of a unified diff as the server wrote it (V0 `extras.diff`). */
export function parseUnifiedDiff(text: string): DiffResult {
  const lines = text.replace(/\n$/, '').split('\n');
  return summarise(lines.filter((line) => line.length > 0 || lines.length === 1).map(classify));
}

/** The diff between two versions of a file, with a few lines of context around each change. */
export function diffContents(oldText: string, newText: string, context = 3): DiffResult {
  if (oldText.length + newText.length > MAX_DIFF_CHARS) return summarise([], true);
  const patch = structuredPatch('', '', oldText, newText, undefined, undefined, {
    context,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return summarise([], true);
  const lines: DiffLine[] = [];
  for (const hunk of patch.hunks) {
    lines.push({
      kind: 'hunk',
      text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    for (const line of hunk.lines) lines.push(classify(line));
  }
  return summarise(lines);
}
