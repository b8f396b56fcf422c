import { describe, expect, it } from 'vitest';
import { parseEvent } from '@/lib/api';
import { v0OrderKey, v1OrderKey } from '@/lib/stream/order';
import { runOutcome } from './outcome';
import { RowBuilder } from './pairing';

function v0Rows(raws: Record<string, unknown>[]) {
  return new RowBuilder().build(
    raws.map((raw, index) => ({
      order: v0OrderKey(index + 1),
      event: parseEvent({
        id: index + 1,
        timestamp: `2025-01-20T10:0${index}:00`,
        ...raw,
      }),
    })),
  );
}

describe('runOutcome', () => {
  it('sums up a V0 run: files with counts, the pull request, the last test run, time', () => {
    const rows = v0Rows([
      { source: 'user', action: 'message', args: { content: 'fix the parser' } },
      { source: 'agent', action: 'edit', args: { path: '/workspace/app/parser.py' } },
      {
        source: 'agent',
        observation: 'edit',
        cause: 2,
        content: '',
        extras: { path: '/workspace/app/parser.py', diff: '@@ -1,2 +1,3 @@\n-a\n+b\n+c\n d\n' },
      },
      { source: 'agent', action: 'run', args: { command: 'python -m pytest -q' } },
      {
        source: 'agent',
        observation: 'run',
        cause: 4,
        content: '..F\n1 failed, 2 passed in 0.12s',
        extras: { command: 'python -m pytest -q', metadata: { exit_code: 1 } },
      },
      { source: 'agent', action: 'run', args: { command: 'gh pr create --fill' } },
      {
        source: 'agent',
        observation: 'run',
        cause: 6,
        content: 'https://github.com/octo-org/widgets/pull/42\n',
        extras: { metadata: { exit_code: 0 } },
      },
    ]);
    const outcome = runOutcome(rows, 0.12);
    expect(outcome.files).toEqual([{ path: '/workspace/app/parser.py', added: 2, removed: 1 }]);
    expect(outcome.tests).toEqual({
      command: 'python -m pytest -q',
      passed: false,
      passedCount: 2,
      failedCount: 1,
    });
    expect(outcome.pullRequests).toEqual([
      { url: 'https://github.com/octo-org/widgets/pull/42', number: 42, mergeRequest: false },
    ]);
    expect(outcome.durationMs).toBe(6 * 60_000);
    expect(outcome.cost).toBe(0.12);
  });

  it('counts a V1 file by its first old and last new content, and drops edits undone', () => {
    const at = (second: number) => `2025-01-20T10:00:${String(second).padStart(2, '0')}`;
    const edit = (n: number, path: string, oldContent: string, newContent: string) => [
      {
        kind: 'ActionEvent',
        id: `a${n}`,
        timestamp: at(n * 2),
        source: 'agent',
        tool_name: 'file_editor',
        tool_call_id: `c${n}`,
        action: { kind: 'FileEditorAction', command: 'str_replace', path },
      },
      {
        kind: 'ObservationEvent',
        id: `o${n}`,
        timestamp: at(n * 2 + 1),
        source: 'environment',
        tool_name: 'file_editor',
        tool_call_id: `c${n}`,
        action_id: `a${n}`,
        observation: {
          kind: 'FileEditorObservation',
          content: [],
          is_error: false,
          old_content: oldContent,
          new_content: newContent,
        },
      },
    ];
    const raws = [
      ...edit(1, 'src/a.ts', 'one\ntwo\n', 'one\nTWO\n'),
      ...edit(2, 'src/a.ts', 'one\nTWO\n', 'one\nTWO\nthree\n'),
      ...edit(3, 'src/b.ts', 'x\n', 'y\n'),
      ...edit(4, 'src/b.ts', 'y\n', 'x\n'),
    ];
    const rows = new RowBuilder().build(
      raws.map((raw) => ({
        order: v1OrderKey(raw.timestamp, raw.id),
        event: parseEvent(raw),
      })),
    );
    expect(runOutcome(rows, null).files).toEqual([{ path: 'src/a.ts', added: 2, removed: 1 }]);
  });

  it('is empty, not broken, for a conversation of odd or missing events', () => {
    const rows = v0Rows([
      { source: 'agent', action: 'edit', args: {} },
      { source: 'agent', observation: 'edit', cause: 1, content: '<b>x</b>', extras: {} },
      { source: 'agent', action: 'run', args: { command: 'npm test' } },
    ]);
    const outcome = runOutcome(rows, null);
    expect(outcome.files).toEqual([]);
    expect(outcome.tests).toEqual({
      command: 'npm test',
      passed: null,
      passedCount: null,
      failedCount: null,
    });
    expect(runOutcome([], null)).toMatchObject({ files: [], tests: null, durationMs: null });
  });
});
