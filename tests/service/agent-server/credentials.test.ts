import { describe, expect, it } from 'vitest';
import {
  credentialApprove,
  credentialFill,
  credentialReject,
  parseCredentialUrl,
} from './credentials';
import { FolderTree } from './folders';

const github = { protocol: 'https', host: 'github.com' };

function disk(files: Record<string, string>) {
  const folders = { '/tmp': { git: null } };
  const written = { ...files };
  return { tree: new FolderTree(folders, written), files: written };
}

describe('parseCredentialUrl', () => {
  it('splits like credential_from_url, decoding %XX but not %00', () => {
    expect(parseCredentialUrl('https://u%40x:p%3Aa%2Fs%00s@github.com/o/r')).toEqual({
      protocol: 'https',
      host: 'github.com',
      username: 'u@x',
      password: 'p:a/s%00s',
    });
    expect(parseCredentialUrl('https://token@gitlab.com')).toMatchObject({
      username: 'token',
      password: null,
    });
    expect(parseCredentialUrl('https://github.com/a@b')).toMatchObject({
      host: 'github.com',
      username: null,
    });
    expect(parseCredentialUrl('github.com')).toBeNull();
  });
});

describe('the store helper', () => {
  it('answers the first line of the URL’s protocol and host that has a user and a password', () => {
    const { tree } = disk({
      '/tmp/a': [
        'not a url',
        'https://only-user@github.com',
        'http://u:wrong-protocol@github.com',
        'https://u:other-host@gitlab.com',
        'https://x-access-token:first@github.com/any/path',
        'https://x-access-token:second@github.com',
      ].join('\n'),
    });
    expect(credentialFill(tree, [{ files: ['/tmp/a'] }], github)).toEqual({
      ...github,
      username: 'x-access-token',
      password: 'first',
    });
    expect(credentialFill(tree, [{ files: ['/tmp/a'] }], { ...github, host: 'GitHub.com' })).toBe(
      null,
    );
  });

  it('finds nothing in a missing file, an empty one, a folder, or a line ending in CR', () => {
    const { tree } = disk({ '/tmp/empty': '', '/tmp/crlf': 'https://u:p@github.com\r\n' });
    for (const file of ['/tmp/missing', '/tmp/empty', '/tmp', '/tmp/crlf']) {
      expect(credentialFill(tree, [{ files: [file] }], github)).toBeNull();
    }
  });

  it('asks the helpers and their files in order', () => {
    const { tree } = disk({ '/tmp/b': 'https://u:from-b@github.com\n' });
    expect(
      credentialFill(tree, [{ files: ['/tmp/missing'] }, { files: ['/tmp/b'] }], github)?.password,
    ).toBe('from-b');
  });

  it('stores an accepted credential first, encoded, dropping lines of the same user', () => {
    const { tree, files } = disk({
      '/tmp/a': 'https://x-access-token:old@github.com/p\nhttps://other:keep@github.com\njunk',
    });
    const stderr = credentialApprove(tree, [{ files: ['/tmp/a'] }, { files: ['/tmp/new'] }], {
      ...github,
      username: 'x-access-token',
      password: 'tok en/1',
    });
    expect(stderr).toBe('');
    expect(files['/tmp/a']).toBe(
      'https://x-access-token:tok%20en%2f1@github.com\nhttps://other:keep@github.com\njunk\n',
    );
    expect(files['/tmp/new']).toBe('https://x-access-token:tok%20en%2f1@github.com\n');
    expect(
      credentialApprove(tree, [{ files: ['/nowhere/creds'] }], {
        ...github,
        username: 'u',
        password: 'p',
      }),
    ).toBe('fatal: unable to get credential storage lock in 1000 ms: No such file or directory\n');
  });

  it('erases a refused credential from every file that exists', () => {
    const { tree, files } = disk({
      '/tmp/a': 'https://u:bad@github.com\nhttps://u:bad@gitlab.com\n',
      '/tmp/b': 'https://u:also@github.com\n',
    });
    credentialReject(tree, [{ files: ['/tmp/a', '/tmp/b', '/tmp/missing'] }], {
      ...github,
      username: 'u',
      password: 'bad',
    });
    expect(files).toEqual({ '/tmp/a': 'https://u:bad@gitlab.com\n', '/tmp/b': '' });
  });
});
