import { describe, expect, it } from 'vitest';
import {
  canPause,
  canResume,
  formatAge,
  parseServerTime,
  sandboxLinks,
  statusLabel,
} from './sandbox-status';

describe('what a status allows', () => {
  it.each([
    ['RUNNING', true, false],
    ['STARTING', true, false],
    ['PAUSED', false, true],
    ['ERROR', false, false],
    ['MISSING', false, false],
    ['HIBERNATING', false, false],
  ])('%s: pause %s, resume %s', (status, pause, resume) => {
    expect(canPause(status)).toBe(pause);
    expect(canResume(status)).toBe(resume);
  });

  it('shows an unknown status as sent', () => {
    expect(statusLabel('RUNNING')).toBe('Running');
    expect(statusLabel('HIBERNATING')).toBe('HIBERNATING');
  });
});

describe('times', () => {
  it('reads zoned timestamps as absolute and keeps milliseconds of microsecond values', () => {
    expect(parseServerTime('2026-01-02T03:04:05.123456Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 123));
    expect(parseServerTime('2026-01-02T03:04:05+02:00')).toBe(Date.UTC(2026, 0, 2, 1, 4, 5));
  });

  it('reads naive timestamps as local time, not UTC', () => {
    expect(parseServerTime('2026-01-02T03:04:05.5')).toBe(
      new Date(2026, 0, 2, 3, 4, 5, 500).getTime(),
    );
  });

  it('gives null for nothing or nonsense', () => {
    expect(parseServerTime(null)).toBeNull();
    expect(parseServerTime('yesterday')).toBeNull();
  });

  it.each([
    [12_000, '12 s'],
    [5 * 60_000, '5 min'],
    [5 * 3_600_000 + 59 * 60_000, '5 h'],
    [30 * 3_600_000, '30 h'],
    [72 * 3_600_000, '3 d'],
    [-5_000, '0 s'],
  ])('an age of %d ms reads %s', (age, text) => {
    const now = Date.UTC(2026, 0, 10);
    expect(formatAge(new Date(now - age).toISOString(), now)).toBe(text);
  });
});

describe('sandboxLinks', () => {
  it('keeps the agent server and VS Code when they are web addresses', () => {
    expect(
      sandboxLinks({
        exposed_urls: [
          { name: 'AGENT_SERVER', url: 'http://localhost:8000', port: 8000 },
          { name: 'VSCODE', url: 'http://localhost:8001/?tkn=x', port: 8001 },
          { name: 'WORKER_1', url: 'http://localhost:8002', port: 8002 },
          { name: 'VSCODE', url: 'javascript:alert(1)', port: null },
          { name: 'AGENT_SERVER', url: 'not a url', port: null },
        ],
      }),
    ).toEqual([
      { name: 'AGENT_SERVER', label: 'Agent server', url: 'http://localhost:8000/' },
      { name: 'VSCODE', label: 'VS Code', url: 'http://localhost:8001/?tkn=x' },
    ]);
    expect(sandboxLinks({ exposed_urls: null })).toEqual([]);
  });
});
