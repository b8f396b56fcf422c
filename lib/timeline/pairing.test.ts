import { describe, expect, it } from 'vitest';
import { parseEvent } from '@/lib/api';
import { v0OrderKey, v1OrderKey } from '@/lib/stream/order';
import { type OrderedEvent, RowBuilder } from '@/lib/timeline/pairing';
import { readFixture, v0Trajectories, v1EventsFixture } from '../../tests/service/core/fixtures';

function v0(raw: Record<string, unknown>): OrderedEvent {
  return { order: v0OrderKey(raw.id as number), event: parseEvent(raw) };
}
function v1(raw: Record<string, unknown>): OrderedEvent {
  const event = parseEvent(raw);
  return { order: v1OrderKey(raw.timestamp as string, event.key as string), event };
}

const run = (id: number) =>
  v0({
    id,
    timestamp: `2025-01-20T10:00:0${id}`,
    source: 'agent',
    action: 'run',
    args: { command: 'ls' },
  });
const output = (id: number, cause: number, exit = 0) =>
  v0({
    id,
    timestamp: `2025-01-20T10:00:0${id}`,
    source: 'agent',
    observation: 'run',
    cause,
    content: 'a\nb',
    extras: { command: 'ls', metadata: { exit_code: exit } },
  });

describe('RowBuilder', () => {
  it('makes a V0 action and the observation that names it as cause one row', () => {
    const rows = new RowBuilder().build([run(1), output(2, 1)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.primary.event.id).toBe(1);
    expect(rows[0]?.answer?.event.id).toBe(2);
    expect(rows[0]?.pending).toBe(false);
  });

  it('keeps an action without its observation as a pending row', () => {
    const rows = new RowBuilder().build([run(1)]);
    expect(rows[0]?.pending).toBe(true);
    expect(rows[0]?.answer).toBeNull();
  });

  it('shows an observation whose action is missing as an orphan, then folds it in when the action arrives', () => {
    const builder = new RowBuilder();
    const first = builder.build([output(5, 4)]);
    expect(first).toHaveLength(1);
    expect(first[0]?.orphan).toBe(true);
    const later = builder.build([run(4), output(5, 4)]);
    expect(later).toHaveLength(1);
    expect(later[0]?.orphan).toBe(false);
    expect(later[0]?.primary.event.id).toBe(4);
    expect(later[0]?.answer?.event.id).toBe(5);
  });

  it('pairs a V1 observation by action_id, even when it sorts before its action', () => {
    const action = v1({
      kind: 'ActionEvent',
      id: 'aaaaaaaa-0000-4000-8000-000000000001',
      timestamp: '2025-01-20T10:00:01.000002',
      source: 'agent',
      tool_name: 'terminal',
      tool_call_id: 'call_1',
      action: { kind: 'ExecuteBashAction', command: 'pytest' },
      thought: [{ type: 'text', text: 'Run the tests.' }],
    });
    const observation = v1({
      kind: 'ObservationEvent',
      id: 'aaaaaaaa-0000-4000-8000-000000000002',
      timestamp: '2025-01-20T10:00:01.000001',
      source: 'environment',
      action_id: 'aaaaaaaa-0000-4000-8000-000000000001',
      tool_name: 'terminal',
      tool_call_id: 'call_1',
      observation: {
        kind: 'ExecuteBashObservation',
        content: [{ type: 'text', text: 'ok' }],
        exit_code: 0,
      },
    });
    const rows = new RowBuilder().build(
      [observation, action].sort((a, b) => (a.order < b.order ? -1 : 1)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.primary).toBe(action);
    expect(rows[0]?.answer).toBe(observation);
  });

  it('pairs a V1 rejection with the action it rejects', () => {
    const action = v1({
      kind: 'ActionEvent',
      id: 'bbbbbbbb-0000-4000-8000-000000000001',
      timestamp: '2025-01-20T10:00:01',
      source: 'agent',
      tool_name: 'terminal',
      action: { kind: 'TerminalAction', command: 'rm -rf /' },
    });
    const reject = v1({
      kind: 'UserRejectObservation',
      id: 'bbbbbbbb-0000-4000-8000-000000000002',
      timestamp: '2025-01-20T10:00:02',
      source: 'environment',
      action_id: 'bbbbbbbb-0000-4000-8000-000000000001',
      rejection_reason: 'No.',
    });
    const rows = new RowBuilder().build([action, reject]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.answer).toBe(reject);
  });

  it('hands back the same row object when nothing in the row changed', () => {
    const builder = new RowBuilder();
    const items = [run(1), output(2, 1), run(3)];
    const before = builder.build(items);
    const after = builder.build([...items, output(4, 3)]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]?.answer?.event.id).toBe(4);
  });

  it('pairs every observation of a real V0 trajectory with its action', () => {
    const events = readFixture<Record<string, unknown>[]>(v0Trajectories.guiMode).filter(
      (raw) => typeof raw.id === 'number',
    );
    const items = events.map(v0);
    const rows = new RowBuilder().build(items);
    const observationsWithKnownCause = events.filter(
      (raw) =>
        typeof raw.cause === 'number' &&
        events.some((other) => other.id === raw.cause && 'action' in other),
    );
    expect(rows.length).toBe(items.length - observationsWithKnownCause.length);
    expect(rows.filter((row) => row.orphan)).toHaveLength(
      events.filter((raw) => 'observation' in raw && typeof raw.cause === 'number').length -
        observationsWithKnownCause.length,
    );
  });

  it('pairs the real V1 agent-server frames', () => {
    const frames = readFixture<Record<string, unknown>[]>(v1EventsFixture).filter(
      (raw) => typeof raw.id === 'string' && typeof raw.timestamp === 'string',
    );
    const items = frames.map(v1).sort((a, b) => (a.order < b.order ? -1 : 1));
    const rows = new RowBuilder().build(items);
    const answered = rows.filter((row) => row.answer);
    expect(answered.length).toBeGreaterThan(0);
    for (const row of answered) {
      expect(row.answer?.event.raw.action_id).toBe(row.primary.event.raw.id);
    }
  });
});

describe('RowBuilder, appending', () => {
  /** A random V0 log: actions, their outputs (sometimes late, sometimes first), other events. */
  function randomLog(seed: number, size: number): OrderedEvent[] {
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const raws: Record<string, unknown>[] = [];
    const open: number[] = [];
    for (let id = 0; raws.length < size; id++) {
      const roll = random();
      if (roll < 0.35) {
        raws.push({ id, source: 'agent', action: 'run', args: { command: `c${id}` } });
        open.push(id);
      } else if (roll < 0.7 && open.length) {
        const cause = open.splice(Math.floor(random() * open.length), 1)[0] as number;
        raws.push({ id, source: 'agent', observation: 'run', cause, content: '', extras: {} });
      } else if (roll < 0.75) {
        // An answer to an action that has not been seen (yet).
        raws.push({
          id,
          source: 'agent',
          observation: 'run',
          cause: id + 1000,
          content: '',
          extras: {},
        });
      } else {
        raws.push({ id, source: 'agent', action: 'message', args: { content: `m${id}` } });
      }
    }
    return raws.map(v0);
  }

  it('gives the same rows event by event as all at once', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const log = randomLog(seed, 300);
      const live = new RowBuilder();
      let rows = live.build([]);
      for (let end = 1; end <= log.length; end += 1 + (seed % 3))
        rows = live.build(log.slice(0, end));
      rows = live.build(log);
      const whole = new RowBuilder().build(log);
      const shape = (list: typeof rows) =>
        list.map((row) => [row.key, row.answer?.order ?? null, row.pending, row.orphan]);
      expect(shape(rows)).toEqual(shape(whole));
    }
  });

  it('reuses untouched rows and replaces only the row an answer joins', () => {
    const builder = new RowBuilder();
    const start = [run(1), run(3)];
    const first = builder.build(start);
    const second = builder.build([...start, output(4, 1)]);
    expect(second).not.toBe(first);
    expect(second[1]).toBe(first[1]);
    expect(second[0]?.answer?.event.id).toBe(4);
  });
});
