// File changes as coloured lines. V0 edit observations usually carry a unified diff
// (`extras.diff`); V1 file edits only carry the old and new content, so their diff is computed
// here with jsdiff. Both end up as the same list of classified lines.
import { structuredPatch } from 'diff';

export type DiffLineKind = 'add' | 'del' | 'context' | 'hunk' | 'meta';

export interface DiffLine {
  kind: DiffLineKind;
  /** The line without its +/-/space marker (hunk and meta lines as written). */
  text: string;
  /** Line number in the old file (removed and context lines), from the hunk headers. */
  oldNumber?: number;
  /** Line number in the new file (added and context lines). */
  newNumber?: number;
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

const hunkHeader = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Counts the changes and numbers each line from the hunk header above it. */
function summarise(lines: DiffLine[], tooLarge = false): DiffResult {
  let added = 0;
  let removed = 0;
  let oldLine = 0;
  let newLine = 0;
  for (const line of lines) {
    if (line.kind === 'hunk') {
      const match = hunkHeader.exec(line.text);
      oldLine = match ? Number(match[1]) : 0;
      newLine = match ? Number(match[2]) : 0;
    } else if (line.kind === 'add') {
      added++;
      if (newLine) line.newNumber = newLine++;
    } else if (line.kind === 'del') {
      removed++;
      if (oldLine) line.oldNumber = oldLine++;
    } else if (line.kind === 'context') {
      if (oldLine) line.oldNumber = oldLine++;
      if (newLine) line.newNumber = newLine++;
    }
  }
  return { lines, added, removed, tooLarge };
}

/** How many columns a line's leading whitespace takes (a tab as 4), for wrapped lines to keep it. */
export function indentWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    if (character === ' ') width++;
    else if (character === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
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
