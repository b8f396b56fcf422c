// What a run produced, for the outcome card and the export: the files it changed with their line
// counts, the pull or merge requests it opened, how its last test run went, how long it took and
// what it cost. Read from the events (the edits the agent made, the commands it ran, the messages
// it wrote); the panel replaces the files with the runtime's own git changes when it can read
// them. Pure and cheap to repeat: only rows that can hold such facts are described.
import { commandExitCode } from '@/lib/api';
import { viewOf } from './describe';
import { diffContents, parseUnifiedDiff } from './diff';
import type { TimelineRow } from './pairing';
import { durationBetween } from './time';

export interface ChangedFile {
  path: string;
  added: number;
  removed: number;
  /** The counts could not be worked out (the change was too large, or only its name is known). */
  countsUnknown?: boolean;
}

export interface TestRun {
  command: string;
  /** Exit code 0 (true), another code (false), or unknown (null: still running, no code). */
  passed: boolean | null;
  passedCount: number | null;
  failedCount: number | null;
}

export interface PullRequestLink {
  url: string;
  /** The number in the address, when it has one. */
  number: number | null;
  /** GitLab calls them merge requests. */
  mergeRequest: boolean;
}

export interface RunOutcome {
  files: ChangedFile[];
  /** Where the file list comes from: the edits seen in the events, or the runtime's git. */
  filesFrom: 'events' | 'git';
  pullRequests: PullRequestLink[];
  tests: TestRun | null;
  durationMs: number | null;
  cost: number | null;
}

/** Files beyond this many are listed without line counts (each count is a diff). */
const MAX_COUNTED_FILES = 40;
/** Text read per output or message when looking for links and test counts. */
const SCAN_CHARS = 20_000;

const testCommand =
  /\b(?:(?:npm|pnpm|yarn|bun)(?: run)? test|npx (?:vitest|jest|mocha|playwright test)|vitest|jest|pytest|python3? -m (?:pytest|unittest)|go test|cargo (?:test|nextest)|mvn(?: [-\w.=]+)* (?:test|verify)|(?:\.\/)?gradlew? test|make (?:test|check)|rspec|phpunit|dotnet test|tox|ctest|mix test|deno test)\b/;

const requestLink =
  /https?:\/\/[^\s<>"'`)\]]+?\/(?:pull|pulls|-\/merge_requests|merge_requests|pull-requests)\/(\d+)/g;

function isEdit(row: TimelineRow): boolean {
  const event = row.primary.event;
  if (event.type === 'v0.action') return event.action === 'edit' || event.action === 'write';
  if (event.type === 'v1.action') {
    return (
      event.actionKind === 'FileEditorAction' ||
      event.actionKind === 'PlanningFileEditorAction' ||
      event.actionKind === 'EditAction' ||
      event.actionKind === 'WriteFileAction'
    );
  }
  return false;
}

function isCommand(row: TimelineRow): boolean {
  const event = row.primary.event;
  return (
    (event.type === 'v0.action' && event.action === 'run') ||
    // Older SDK kind names arrive already mapped (docs/ui/timeline.md#v1-kind-names-old-and-new).
    (event.type === 'v1.action' && event.actionKind === 'TerminalAction')
  );
}

interface FileEdits {
  firstOld: string | null;
  lastNew: string | null;
  /** Every edit had old and new content: one diff of first and last tells the net change. */
  comparable: boolean;
  added: number;
  removed: number;
  unknown: boolean;
}

/** The files the events show edited, each with its net line counts. */
export function filesFromEvents(rows: readonly TimelineRow[]): ChangedFile[] {
  const byPath = new Map<string, FileEdits>();
  for (const row of rows) {
    if (!isEdit(row) || !row.answer) continue;
    const view = viewOf(row);
    const detail = view.detail;
    if (detail.kind !== 'file-change' || !detail.path || view.outcome === 'failure') continue;
    const edits = byPath.get(detail.path) ?? {
      firstOld: null,
      lastNew: null,
      comparable: true,
      added: 0,
      removed: 0,
      unknown: false,
    };
    if (detail.oldContent !== null && detail.newContent !== null) {
      if (edits.firstOld === null) edits.firstOld = detail.oldContent;
      edits.lastNew = detail.newContent;
    } else {
      edits.comparable = false;
    }
    if (detail.unifiedDiff) {
      const diff = parseUnifiedDiff(detail.unifiedDiff);
      edits.added += diff.added;
      edits.removed += diff.removed;
    } else if (detail.oldContent === null || detail.newContent === null) {
      edits.unknown = true;
    }
    byPath.set(detail.path, edits);
  }
  const files: ChangedFile[] = [];
  for (const [path, edits] of byPath) {
    if (files.length >= MAX_COUNTED_FILES) {
      files.push({ path, added: 0, removed: 0, countsUnknown: true });
      continue;
    }
    if (edits.comparable && edits.firstOld !== null && edits.lastNew !== null) {
      const diff = diffContents(edits.firstOld, edits.lastNew, 0);
      // Edited and put back as it was: nothing changed in the end.
      if (!diff.tooLarge && diff.added === 0 && diff.removed === 0) continue;
      files.push(
        diff.tooLarge
          ? { path, added: 0, removed: 0, countsUnknown: true }
          : { path, added: diff.added, removed: diff.removed },
      );
    } else {
      files.push({
        path,
        added: edits.added,
        removed: edits.removed,
        ...(edits.unknown && !edits.added && !edits.removed ? { countsUnknown: true } : {}),
      });
    }
  }
  return files;
}

/** "12 passed", "1 failed" as test runners print them (pytest, jest, vitest, cargo, go…). */
function counts(output: string): { passedCount: number | null; failedCount: number | null } {
  const text = output.slice(-SCAN_CHARS);
  const last = (pattern: RegExp) => {
    let found: number | null = null;
    for (const match of text.matchAll(pattern)) found = Number(match[1]);
    return found;
  };
  return {
    passedCount: last(/(\d+) (?:passed|passing)\b/g),
    failedCount: last(/(\d+) (?:failed|failing)\b/g),
  };
}

/** The newest test command the agent ran and how it ended. */
export function lastTestRun(rows: readonly TimelineRow[]): TestRun | null {
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index] as TimelineRow;
    if (!isCommand(row)) continue;
    const view = viewOf(row);
    if (view.detail.kind !== 'command' || !testCommand.test(view.detail.command)) continue;
    const code = row.answer ? commandExitCode(row.answer.event) : null;
    const found = counts(view.detail.output);
    return {
      command: view.detail.command,
      passed: code === null || code === -1 ? null : code === 0,
      ...found,
    };
  }
  return null;
}

/** Texts the agent wrote or its commands printed, newest last, cut to what is worth scanning. */
function textsOf(row: TimelineRow): string[] {
  const event = row.primary.event;
  const agentMessage =
    (event.type === 'v0.action' &&
      (event.action === 'message' || event.action === 'finish') &&
      event.source === 'agent') ||
    (event.type === 'v1.message' && event.llm_message.role === 'assistant') ||
    (event.type === 'v1.action' && event.actionKind === 'FinishAction');
  // A command's result seen without its action (older history not loaded) still has output.
  const orphanOutput =
    row.orphan && (event.type === 'v0.observation' || event.type === 'v1.observation');
  if (!agentMessage && !isCommand(row) && !orphanOutput) return [];
  const view = viewOf(row);
  const texts: string[] = [];
  if (view.message) texts.push(view.message.text.slice(0, SCAN_CHARS));
  if (view.detail.kind === 'command') texts.push(view.detail.output.slice(-SCAN_CHARS));
  return texts;
}

/** Pull and merge request addresses the agent reported (a `gh pr create` output, its summary). */
export function pullRequestsIn(rows: readonly TimelineRow[]): PullRequestLink[] {
  const seen = new Map<string, PullRequestLink>();
  for (const row of rows) {
    for (const text of textsOf(row)) {
      for (const match of text.matchAll(requestLink)) {
        const url = match[0];
        if (seen.has(url)) continue;
        seen.set(url, {
          url,
          number: Number(match[1]),
          mergeRequest: url.includes('merge_requests'),
        });
      }
    }
  }
  return [...seen.values()];
}

/** From the first event to the last activity, in server time. */
function durationOf(rows: readonly TimelineRow[]): number | null {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return null;
  return durationBetween(
    first.primary.event.timestamp,
    last.answer?.event.timestamp ?? last.primary.event.timestamp,
  );
}

export function runOutcome(rows: readonly TimelineRow[], cost: number | null): RunOutcome {
  return {
    files: filesFromEvents(rows),
    filesFrom: 'events',
    pullRequests: pullRequestsIn(rows),
    tests: lastTestRun(rows),
    durationMs: durationOf(rows),
    cost,
  };
}
