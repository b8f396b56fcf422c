import { describe, expect, it } from 'vitest';
import { pullRequestUrl, repositoryUrl, webAppUrl } from '@/components/sidepanel/model/links';

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
