import { describe, expect, it } from 'vitest';
import {
  checkedHostOrigin,
  checkedServerUrl,
  normaliseHostOrigin,
  normaliseServerUrl,
  originPattern,
} from './addresses';

describe('normaliseServerUrl', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['localhost:3000', 'https://localhost:3000'],
    ['  https://app.all-hands.dev  ', 'https://app.all-hands.dev'],
    ['https://example.com/openhands/', 'https://example.com/openhands'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normaliseServerUrl(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', /Enter an address/],
    ['ftp://example.com', /http:\/\/ or https:\/\//],
    ['https://me:secret@example.com', /user name and password/],
    ['https://exa mple.com', /spaces/],
    ['https://example.com/?x=1', /"\?…"/],
    ['http://', /not a web address/],
  ])('rejects %s with a precise message', (input, message) => {
    const result = normaliseServerUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('normaliseHostOrigin', () => {
  it('keeps only the origin, port included', () => {
    expect(normaliseHostOrigin('https://git.example.com:8443/')).toEqual({
      ok: true,
      value: 'https://git.example.com:8443',
    });
  });

  it('rejects a path and says which part to drop', () => {
    const result = normaliseHostOrigin('https://example.com/gitlab/group');
    expect(result).toEqual({
      ok: false,
      error: 'Enter just the host, like https://example.com, without the path "/gitlab/group".',
    });
  });

  it('rejects credentials and wildcards', () => {
    expect(normaliseHostOrigin('https://u:p@git.example.com').ok).toBe(false);
    expect(normaliseHostOrigin('https://*.example.com').ok).toBe(false);
  });

  it.each([
    'https://*.evil.test',
    '*.evil.test',
    'https://%2A.evil.test',
    'https://git.%2a.test:8443',
  ])('says "wildcards" for %s, whatever the browser makes of the "*"', (input) => {
    expect(normaliseHostOrigin(input)).toEqual({
      ok: false,
      error: 'Wildcards are not supported: enter one exact address.',
    });
    expect(normaliseServerUrl(input)).toMatchObject({ ok: false });
  });
});

describe('originPattern', () => {
  it('drops the port, which match patterns ignore', () => {
    expect(originPattern('http://localhost:3000/x')).toBe('http://localhost/*');
  });
});

describe('checkedServerUrl and checkedHostOrigin (stored settings, in the worker)', () => {
  it.each([
    'http://localhost:3000/',
    '  https://app.all-hands.dev  ',
    'https://example.com/openhands/',
    'https://git.example.com:8443',
    'https://example.com/gitlab/group',
    '',
    'ftp://example.com',
    'https://me:secret@example.com',
    'https://*.evil.test',
    'https://example.com/?x=1',
    'http://',
  ])("apply the editor's rules to %j", (input) => {
    const server = normaliseServerUrl(input);
    expect(checkedServerUrl(input)).toBe(server.ok ? server.value : null);
    const host = normaliseHostOrigin(input);
    expect(checkedHostOrigin(input)).toBe(host.ok ? host.value : null);
  });
});
