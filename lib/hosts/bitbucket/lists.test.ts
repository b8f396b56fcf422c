import { describe, expect, it } from 'vitest';
import { bitbucketLists } from './lists';

const isList = (address: string) => {
  const url = new URL(address, 'https://bitbucket.org');
  return bitbucketLists.isListPage({ pathname: url.pathname, search: url.search });
};

describe('bitbucketLists.isListPage', () => {
  it.each([
    // Cloud
    '/acme/widgets/pull-requests',
    '/acme/widgets/pull-requests/',
    '/acme/widgets/pull-requests/?state=MERGED',
    '/acme/widgets/issues',
    '/acme/widgets/issues?status=new&status=open',
    '/acme/workspace/pull-requests',
    // Data Center / Server, with and without a context path
    '/projects/PLAT/repos/api/pull-requests',
    '/projects/PLAT/repos/api/pull-requests?state=MERGED',
    '/bitbucket/projects/PLAT/repos/api/pull-requests',
    '/users/mona/repos/dotfiles/pull-requests',
    '/bitbucket/users/mona/repos/dotfiles/pull-requests',
    '/dashboard',
    '/bitbucket/dashboard',
  ])('%s is a list', (address) => {
    expect(isList(address)).toBe(true);
  });

  it.each([
    '/',
    '/acme/widgets',
    '/acme/widgets/pull-requests/12',
    '/acme/widgets/pull-requests/12/diff',
    '/acme/widgets/pull-requests/new',
    '/acme/widgets/issues/3',
    '/acme/widgets/issues/3/crash-on-start',
    '/acme/widgets/src/main/issues',
    '/projects/PLAT/repos/api/pull-requests/7/overview',
    '/projects/PLAT/repos/api/pull-requests/7',
    '/projects/PLAT/repos/api/browse',
    '/projects/PLAT',
    '/dashboard/overview',
  ])('%s is not a list', (address) => {
    expect(isList(address)).toBe(false);
  });
});
