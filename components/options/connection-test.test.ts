import { describe, expect, it } from 'vitest';
import type { ServerDetection } from '@/lib/api/detect';
import { describeDetection, verdictOf } from './connection-test';

const base: ServerDetection = {
  baseUrl: 'http://localhost:3000',
  reachable: true,
  alive: true,
  mode: 'oss',
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
      Kind: 'Self-hosted server',
      APIs: 'V0 and V1',
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

  it('names the APIs and the kind', () => {
    expect(lines({ v0: false, mode: 'saas' })).toMatchObject({
      Kind: 'Hosted service',
      APIs: 'V1 only',
    });
    expect(lines({ v1: false, mode: null })).toMatchObject({
      Kind: 'Unknown kind of server',
      APIs: 'V0 only',
    });
  });

  it('stops at what it knows', () => {
    expect(lines({ reachable: false, alive: false })).toEqual({ Server: 'Not reachable' });
    expect(lines({ alive: false, v0: false, v1: false, mode: null })).toEqual({
      Server: 'Reachable',
      Kind: 'Unknown kind of server',
      APIs: 'None found at this address',
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
    [{ v0: false, v1: false }, /not an Agent Conversation Service API/, 'bad'],
    [{ keyAccepted: false }, /refused the API key/, 'bad'],
    [{ keyRequired: true }, /needs an API key/, 'bad'],
    [{ keyAccepted: true, authScheme: 'session-key' }, /can work with this server/, 'good'],
  ])('%j', (detection, text, tone) => {
    const verdict = verdictOf({ ...base, ...detection });
    expect(verdict.text).toMatch(text);
    expect(verdict.tone).toBe(tone);
  });
});
