import { describe, expect, it } from 'vitest';
import {
  contextOfPullRead,
  pullOfContext,
  pullRequestUrl,
  repositoryUrl,
  webAppUrl,
} from '@/components/sidepanel/model/links';

describe('code-host links', () => {
  it('builds each provider’s pull or merge request URL', () => {
    expect(pullRequestUrl('github', 'octo/widgets', 7)).toBe(
      'https://github.com/octo/widgets/pull/7',
    );
    expect(pullRequestUrl('gitlab', 'acme/platform/api', 3)).toBe(
      'https://gitlab.com/acme/platform/api/-/merge_requests/3',
    );
    expect(pullRequestUrl('bitbucket', 'team/repo', 9)).toBe(
      'https://bitbucket.org/team/repo/pull-requests/9',
    );
    expect(
      pullRequestUrl('bitbucket_data_center', 'PLAT/api', 4, 'git.example.com/bitbucket'),
    ).toBe('https://git.example.com/bitbucket/projects/PLAT/repos/api/pull-requests/4');
  });

  it('uses the host the server holds tokens for (self-hosted)', () => {
    expect(repositoryUrl('github', 'octo/widgets', 'github.example.com')).toBe(
      'https://github.example.com/octo/widgets',
    );
    expect(pullRequestUrl('gitlab', 'g/p', 1, 'https://gitlab.example.com/')).toBe(
      'https://gitlab.example.com/g/p/-/merge_requests/1',
    );
  });

  it('gives up on what it cannot build', () => {
    expect(pullRequestUrl('bitbucket_data_center', 'PLAT/api', 4)).toBeNull();
    expect(pullRequestUrl('github', 'octo/widgets', 0)).toBeNull();
    expect(repositoryUrl(null, 'octo/widgets')).toBeNull();
  });

  it('opens a conversation in the service’s web app', () => {
    expect(webAppUrl('http://localhost:3000/', 'abc')).toBe(
      'http://localhost:3000/conversations/abc',
    );
  });
});

describe('the pull request of a page, and the page of a pull request read from its host', () => {
  it('names a page’s pull or merge request by its own address, self-hosted ones keeping their host', () => {
    const base = { repository: 'octo/widgets', kind: 'pull', number: 51 };
    expect(
      pullOfContext({
        ...base,
        provider: 'github',
        baseUrl: 'https://github.com',
        selfHosted: false,
      }),
    ).toEqual({ link: 'https://github.com/octo/widgets/pull/51', number: 51, merge: false });
    expect(
      pullOfContext({
        ...base,
        provider: 'gitlab',
        baseUrl: 'https://git.example.com/gitlab',
        selfHosted: true,
      }),
    ).toEqual({
      link: 'https://git.example.com/gitlab/octo/widgets/-/merge_requests/51',
      number: 51,
      merge: true,
    });
    expect(
      pullOfContext({
        ...base,
        repository: 'ACME/api',
        provider: 'bitbucket',
        baseUrl: 'https://bitbucket.example.com',
        selfHosted: true,
      })?.link,
    ).toBe('https://bitbucket.example.com/projects/ACME/repos/api/pull-requests/51');
    expect(
      pullOfContext({
        ...base,
        kind: 'issue',
        provider: 'github',
        baseUrl: 'https://github.com',
        selfHosted: false,
      }),
    ).toBeNull();
  });

  it('gives a new conversation the pull request’s host, repository, number and title', () => {
    expect(
      contextOfPullRead({
        link: 'https://git.example.com/acme/api/-/merge_requests/7',
        provider: 'gitlab',
        repository: 'acme/api',
        number: 7,
        status: { title: 'Cache it' },
      }),
    ).toEqual({
      provider: 'gitlab',
      host: 'git.example.com',
      baseUrl: 'https://git.example.com',
      repository: 'acme/api',
      kind: 'pull',
      selfHosted: true,
      number: 7,
      title: 'Cache it',
    });
  });
});
