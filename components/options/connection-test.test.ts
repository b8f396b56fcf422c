import { describe, expect, it } from 'vitest';
import type { ServerDetection } from '@/lib/api/detect';
import {
  describeDetection,
  kindChangeWords,
  serverKindWords,
  shortKindWords,
  verdictOf,
} from './connection-test';

const base: ServerDetection = {
  baseUrl: 'http://localhost:3000',
  reachable: true,
  alive: true,
  mode: 'oss',
  kind: 'legacy',
  version: null,
  v0: true,
  v1: true,
  keyRequired: false,
  keyAccepted: null,
  authScheme: null,
  summary: '',
  checks: [],
};

const lines = (detection: Partial<ServerDetection>) =>
  Object.fromEntries(describeDetection({ ...base, ...detection }).map((l) => [l.label, l.value]));

describe('describeDetection', () => {
  it('reads a default self-hosted server', () => {
    expect(lines({})).toEqual({
      Server: 'Reachable, and answers like an OpenHands server',
      Kind: 'Self-hosted OpenHands 0.x, an older server (Handoff uses its older interface)',
      'API key': 'Not needed: the server answers without one',
    });
  });

  it.each<[Partial<ServerDetection>, string]>([
    [
      { keyAccepted: true, authScheme: 'session-key', keyRequired: true },
      'Accepted, sent as X-Session-API-Key',
    ],
    [
      { keyAccepted: true, authScheme: 'bearer', keyRequired: false },
      'Accepted, sent as Authorization: Bearer (the server does not require a key)',
    ],
    [
      { keyAccepted: false, keyRequired: true },
      'Rejected: the server answered 401 to both headers',
    ],
    [{ keyAccepted: null, keyRequired: true }, 'Required, but none is set'],
    [{ keyAccepted: null, keyRequired: null }, 'Could not tell'],
  ])('says what happened to the key: %j', (detection, text) => {
    expect(lines(detection)['API key']).toBe(text);
  });

  it('names the kind in words, never an interface name', () => {
    expect(lines({ kind: 'hosted', v0: false, mode: 'saas' }).Kind).toBe(
      'OpenHands Cloud, the hosted service',
    );
    expect(lines({ kind: 'v1', v0: false }).Kind).toBe('Self-hosted OpenHands 1.x');
    expect(lines({ kind: 'agent', version: '1.43.1', v0: false, v1: false }).Kind).toBe(
      'An OpenHands agent server 1.43.1 on its own, without an app server',
    );
    for (const line of describeDetection({ ...base, kind: 'v1', v0: false })) {
      expect(line.value).not.toMatch(/\bV[01]\b/);
    }
  });

  it('derives the kind of a result stored before kinds were told apart', () => {
    expect(serverKindWords({ kind: null, mode: 'saas', v0: false, v1: true })).toBe(
      'OpenHands Cloud, the hosted service',
    );
    expect(serverKindWords({ kind: null, mode: 'oss', v0: false, v1: true })).toBe(
      'Self-hosted OpenHands 1.x',
    );
  });

  it('stops at what it knows', () => {
    expect(lines({ reachable: false, alive: false })).toEqual({ Server: 'Not reachable' });
    expect(lines({ alive: false, kind: null, v0: false, v1: false, mode: null })).toEqual({
      Server: 'Reachable',
      Kind: 'No OpenHands server found at this address',
    });
  });
});

describe('verdictOf', () => {
  it.each<[Partial<ServerDetection>, RegExp, string]>([
    [
      { reachable: false, summary: 'Connection refused.' },
      /could not reach it: Connection refused/,
      'bad',
    ],
    [{ kind: null, v0: false, v1: false }, /not an OpenHands server/, 'bad'],
    [{ kind: 'agent', v0: false, v1: false }, /can work with this agent server/, 'good'],
    [{ keyAccepted: false }, /refused the API key/, 'bad'],
    [{ keyRequired: true }, /needs an API key/, 'bad'],
    [{ keyAccepted: true, authScheme: 'session-key' }, /can work with this server/, 'good'],
  ])('%j', (detection, text, tone) => {
    const verdict = verdictOf({ ...base, ...detection });
    expect(verdict.text).toMatch(text);
    expect(verdict.tone).toBe(tone);
  });
});

describe('kindChangeWords', () => {
  const stored = { kind: 'v1' as const, version: null, mode: 'oss', v0: false, v1: true };

  it('says a server now answers as another kind, naming both in words', () => {
    expect(kindChangeWords(stored, { ...base, kind: 'agent', v0: false }, 'Home')).toBe(
      'Home now answers as an agent server; it was an OpenHands server before. Handoff uses it as it is now.',
    );
  });

  it('reads a kind stored before kinds were told apart', () => {
    const old = { kind: null, mode: 'saas', v0: false, v1: true };
    expect(kindChangeWords(old, { ...base, kind: 'v1' }, 'Cloud')).toMatch(
      /^Cloud now answers as an OpenHands server; it was the hosted service before\./,
    );
  });

  it('says nothing when the kind is the same, unknown, or the server did not answer', () => {
    expect(kindChangeWords(stored, { ...base, kind: 'v1' }, 'Home')).toBeNull();
    expect(kindChangeWords(null, { ...base, kind: 'agent' }, 'Home')).toBeNull();
    expect(kindChangeWords(stored, { ...base, kind: null }, 'Home')).toBeNull();
    expect(kindChangeWords(stored, { ...base, reachable: false, kind: null }, 'Home')).toBeNull();
  });
});

describe('shortKindWords', () => {
  it('names the kind in a few words, with an agent server’s version', () => {
    expect(shortKindWords({ ...base, kind: 'agent', version: '1.58.2' })).toBe(
      'Agent server 1.58.2 on its own',
    );
    expect(shortKindWords({ kind: null, mode: 'saas', v0: false, v1: true })).toBe(
      'The hosted service (OpenHands Cloud)',
    );
    expect(shortKindWords({ kind: null, mode: null, v0: false, v1: false })).toBeNull();
  });
});
