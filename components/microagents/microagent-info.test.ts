import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import {
  codeHostFileUrl,
  isMissingGitRoutes,
  isProviderRefusal,
  microagentKind,
  nameFromPath,
  tokenProvidersFor,
} from './microagent-info';
import { microagentsFolderOf } from './microagent-queries';

describe('microagentKind', () => {
  it('is knowledge with triggers and repository without', () => {
    expect(microagentKind(['test'])).toBe('knowledge');
    expect(microagentKind([])).toBe('repository');
    expect(microagentKind(null)).toBe('repository');
  });
});

describe('names and folders', () => {
  it.each([
    ['.openhands/microagents/testing.md', 'testing'],
    ['.openhands/microagents/ops/deploy.md', 'deploy'],
    ['.cursorrules', 'cursorrules'],
  ])('%s is named %s', (path, name) => {
    expect(nameFromPath(path)).toBe(name);
  });

  it('knows the folder the service scans', () => {
    expect(microagentsFolderOf('octo/widgets', 'github')).toBe('.openhands/microagents/');
    expect(microagentsFolderOf('octo/.openhands', 'github')).toBe('microagents/');
    expect(microagentsFolderOf('acme/openhands-config', 'gitlab')).toBe('microagents/');
    expect(microagentsFolderOf('acme/openhands-config', 'github')).toBe('.openhands/microagents/');
  });
});

describe('codeHostFileUrl', () => {
  const path = '.openhands/microagents/a b.md';
  it.each([
    [
      { provider: 'github', baseUrl: 'https://github.com', repository: 'o/r', selfHosted: false },
      'https://github.com/o/r/blob/HEAD/.openhands/microagents/a%20b.md',
    ],
    [
      {
        provider: 'gitlab',
        baseUrl: 'https://git.example.com/gitlab',
        repository: 'g/sub/p',
        selfHosted: true,
        branch: 'feature/x',
      },
      'https://git.example.com/gitlab/g/sub/p/-/blob/feature%2Fx/.openhands/microagents/a%20b.md',
    ],
    [
      {
        provider: 'bitbucket',
        baseUrl: 'https://bitbucket.org',
        repository: 'w/r',
        selfHosted: false,
      },
      'https://bitbucket.org/w/r/src/HEAD/.openhands/microagents/a%20b.md',
    ],
    [
      {
        provider: 'bitbucket',
        baseUrl: 'https://bb.example.com',
        repository: 'PROJ/repo',
        selfHosted: true,
        branch: 'main',
      },
      'https://bb.example.com/projects/PROJ/repos/repo/browse/.openhands/microagents/a%20b.md?at=refs%2Fheads%2Fmain',
    ],
  ] as const)('%j', (context, url) => {
    expect(codeHostFileUrl(context, path)).toBe(url);
  });
});

describe('telling 401s apart', () => {
  const unauthorized = (serverMessage?: string) =>
    new ApiError('unauthorized', 'The server rejected the API key (401).', {
      status: 401,
      ...(serverMessage === undefined ? {} : { serverMessage }),
    });

  it('a bare string from the git routes is the code host refusing the service', () => {
    expect(isProviderRefusal(unauthorized('Unable to fetch microagents for o/r'))).toBe(true);
  });

  it('the service refusing Handoff’s key is not', () => {
    expect(isProviderRefusal(unauthorized('Unauthorized'))).toBe(false);
    expect(isProviderRefusal(unauthorized('NoCredentialsError'))).toBe(false);
    expect(isProviderRefusal(unauthorized())).toBe(false);
    expect(
      isProviderRefusal(new ApiError('server', 'x', { status: 500, serverMessage: 'y' })),
    ).toBe(false);
  });

  it('missing routes are 404s or the web UI’s page', () => {
    expect(isMissingGitRoutes(new ApiError('not-found', 'x', { status: 404 }))).toBe(true);
    expect(
      isMissingGitRoutes(new ApiError('bad-response', 'x', { status: 200, bodyType: 'html' })),
    ).toBe(true);
    expect(isMissingGitRoutes(new ApiError('server', 'x', { status: 500 }))).toBe(false);
  });

  it('Bitbucket Data Center tokens may be stored under either provider name', () => {
    expect(tokenProvidersFor({ provider: 'bitbucket', selfHosted: true })).toEqual([
      'bitbucket_data_center',
      'bitbucket',
    ]);
    expect(tokenProvidersFor({ provider: 'gitlab', selfHosted: true })).toEqual(['gitlab']);
  });
});
