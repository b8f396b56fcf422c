import { describe, expect, it } from 'vitest';
import { PageContextSchema } from '@/lib/hosts';

const valid = {
  provider: 'gitlab',
  host: 'code.example.com:8443',
  baseUrl: 'https://code.example.com:8443/gitlab',
  repository: 'acme/platform/api',
  kind: 'pull',
  selfHosted: true,
  number: 9,
  branch: 'fix/rounding',
  title: 'Round half to even',
};

describe('PageContextSchema', () => {
  it('accepts a complete context', () => {
    expect(PageContextSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['an unknown provider', { provider: 'gitea' }],
    ['an unknown kind', { kind: 'wiki' }],
    ['a repository without owner', { repository: 'api' }],
    ['a baseUrl with a trailing slash', { baseUrl: 'https://code.example.com/gitlab/' }],
    ['a non-http baseUrl', { baseUrl: 'ftp://code.example.com' }],
    ['a baseUrl without its slashes', { baseUrl: 'https:code.example.com' }],
    ['a baseUrl that is no address', { baseUrl: 'https://code example.com' }],
    ['a baseUrl with a space in front', { baseUrl: ' https://code.example.com' }],
    ['a baseUrl with a line break', { baseUrl: 'https://code.example.com/git\nlab' }],
    ['a host with a path', { host: 'code.example.com/gitlab' }],
    ['a pull request without number', { number: undefined }],
    ['a fractional number', { number: 1.5 }],
    ['an empty branch', { branch: '' }],
    ['an upper-case sha', { sha: 'ABCDEF1' }],
    ['an unknown field', { head: 'x' }],
  ])('rejects %s', (_, change) => {
    expect(PageContextSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it('accepts plain http addresses with a port or a root path', () => {
    for (const baseUrl of ['http://localhost:8080', 'HTTPS://Code.Example.com/gitlab']) {
      expect(PageContextSchema.safeParse({ ...valid, baseUrl }).success, baseUrl).toBe(true);
    }
  });

  it('requires a sha on commit pages', () => {
    const commit = { ...valid, kind: 'commit', number: undefined };
    expect(PageContextSchema.safeParse(commit).success).toBe(false);
    expect(PageContextSchema.safeParse({ ...commit, sha: 'abcdef1' }).success).toBe(true);
  });
});
