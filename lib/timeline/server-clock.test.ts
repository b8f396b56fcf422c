import { describe, expect, it } from 'vitest';
import { elapsedSince, serverOffset } from './server-clock';

describe('serverOffset', () => {
  it('reads the server’s zone from a zoned record time and the newest naive event time', () => {
    // A server two hours east of UTC: its wall clock says 12:00:04 when UTC says 10:00:05.
    const offset = serverOffset({
      recordUpdatedAt: '2025-01-20T10:00:05.000000Z',
      newestEventAt: '2025-01-20T12:00:04.123456',
      browserZoneMinutes: 0,
    });
    expect(offset).toBe(-2 * 60 * 60_000);
    const now = Date.parse('2025-01-20T10:01:04Z');
    expect(elapsedSince('2025-01-20T12:00:04', offset, now)).toBe(60_000);
  });

  it('falls back to the browser’s zone when the two times do not line up', () => {
    expect(
      serverOffset({
        recordUpdatedAt: '2025-01-20T10:40:00Z',
        newestEventAt: '2025-01-20T10:00:00',
        browserZoneMinutes: -60,
      }),
    ).toBe(-60 * 60_000);
    expect(serverOffset({ newestEventAt: '2025-01-20T10:00:00', browserZoneMinutes: 120 })).toBe(
      120 * 60_000,
    );
    expect(serverOffset({ recordUpdatedAt: '2025-01-20T10:00:00', browserZoneMinutes: 0 })).toBe(0);
  });

  it('is null without a time and never negative', () => {
    expect(elapsedSince(null, 0, Date.now())).toBeNull();
    expect(elapsedSince('garbage', 0, Date.now())).toBeNull();
    expect(elapsedSince('2999-01-01T00:00:00', 0, Date.parse('2025-01-01T00:00:00Z'))).toBe(0);
  });
});
