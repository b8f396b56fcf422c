import { describe, expect, it } from 'vitest';
import { gitlabLists } from './lists';

const isList = (address: string) => {
  const url = new URL(address, 'https://gitlab.com');
  return gitlabLists.isListPage({ pathname: url.pathname, search: url.search });
};

describe('gitlabLists.isListPage', () => {
  it.each([
    '/acme/widgets/-/issues',
    '/acme/widgets/-/issues/',
    '/acme/widgets/-/issues?state=opened&label_name[]=bug',
    '/acme/platform/backend/billing/-/merge_requests',
    '/acme/widgets/-/merge_requests?scope=all&state=merged',
    '/groups/acme/-/issues',
    '/groups/acme/platform/-/merge_requests',
    '/dashboard/issues',
    '/dashboard/issues?assignee_username=mona',
    '/dashboard/merge_requests',
    '/dashboard/merge_requests/merged',
    '/dashboard/merge_requests/search',
    // A relative URL root before any of them.
    '/gitlab/acme/widgets/-/issues',
    '/gitlab/groups/acme/platform/-/merge_requests',
    '/gitlab/dashboard/merge_requests',
    // GitLab 11 and 12 without `/-/`.
    '/acme/widgets/issues',
    '/acme/widgets/merge_requests',
  ])('%s is a list', (address) => {
    expect(isList(address)).toBe(true);
  });

  it.each([
    '/',
    '/acme/widgets',
    '/acme/widgets/-/issues/5',
    '/acme/widgets/-/issues/new',
    '/acme/widgets/-/issues/5/designs',
    '/acme/widgets/-/merge_requests/7',
    '/acme/widgets/-/merge_requests/7/diffs',
    '/acme/widgets/-/merge_requests/new',
    '/acme/widgets/-/boards',
    '/acme/widgets/-/boards/12',
    '/acme/widgets/-/blob/main/issues',
    '/acme/widgets/issues/5',
    '/acme/widgets/blob/main/issues',
    '/acme/widgets/tree/main/docs/merge_requests',
    '/groups/acme',
    '/dashboard/projects',
    '/dashboard/todos',
    // One segment before: a user's page, not a project (the adapter wants two).
    '/issues',
  ])('%s is not a list', (address) => {
    expect(isList(address)).toBe(false);
  });
});
