import { describe, expect, it } from 'vitest';
import { EventLog, type LogEntry } from './event-log';
import { v0OrderKey, v1OrderKey } from './order';

const v0 = (id: number): LogEntry<number> => ({
  key: String(id),
  order: v0OrderKey(id),
  event: id,
});

describe('EventLog', () => {
  it('drops duplicates and keeps id order whatever the arrival order', () => {
    const log = new EventLog<number>();
    log.add([v0(0), v0(3), v0(4)]);
    const added = log.add([v0(4), v0(2), v0(10), v0(3), v0(9)]);
    expect(added.map((e) => e.event)).toEqual([2, 9, 10]);
    expect(log.all().map((e) => e.event)).toEqual([0, 2, 3, 4, 9, 10]);
  });

  it('orders V0 ids numerically, not as text', () => {
    expect(v0OrderKey(9) < v0OrderKey(10)).toBe(true);
    expect(v0OrderKey(99) < v0OrderKey(100)).toBe(true);
  });

  it('orders V1 timestamps with uneven fractional seconds', () => {
    const a = v1OrderKey('2025-11-02T10:00:01.5', 'b');
    const b = v1OrderKey('2025-11-02T10:00:01.499999', 'a');
    const c = v1OrderKey('2025-11-02T10:00:01', 'c');
    expect([a, b, c].sort()).toEqual([c, b, a]);
  });
});
