import { describe, expect, it } from 'vitest';
import { githubLists } from './lists';

const isList = (address: string) => {
  const url = new URL(address, 'https://github.com');
  return githubLists.isListPage({ pathname: url.pathname, search: url.search });
};

describe('githubLists.isListPage', () => {
  it.each([
    '/octo/widgets/issues',
    '/octo/widgets/issues/',
    '/octo/widgets/issues?q=is%3Aissue+is%3Aopen+label%3Abug',
    '/octo/widgets/issues/assigned/mona',
    '/octo/widgets/issues/created_by/mona',
    '/octo/widgets/pulls',
    '/octo/widgets/pulls?q=is%3Aopen',
    '/octo/widgets/pulls/mona',
    '/octo/widgets/labels/bug',
    '/octo/widgets/labels/good%20first%20issue',
    '/octo/widgets/milestone/3',
    '/octo/widgets/milestones/3',
    '/issues',
    '/issues/assigned',
    '/issues/mentioned',
    '/pulls',
    '/pulls/',
    '/pulls/review-requested',
    '/pulls?q=is%3Aopen+author%3Amona',
  ])('%s is a list', (address) => {
    expect(isList(address)).toBe(true);
  });

  it.each([
    '/',
    '/octo/widgets',
    '/octo/widgets/issues/12',
    '/octo/widgets/issues/12/',
    '/octo/widgets/issues/new',
    '/octo/widgets/issues/new/choose',
    '/octo/widgets/issues/templates/edit',
    '/octo/widgets/pull/34',
    '/octo/widgets/pull/34/files',
    '/octo/widgets/labels',
    '/octo/widgets/milestones',
    '/octo/widgets/milestone/3/edit',
    '/octo/widgets/blob/main/issues',
    '/octo/widgets/tree/main/pulls/x',
    '/issues/new',
    '/notifications',
    '/octo',
    '/octo/widgets/discussions',
  ])('%s is not a list', (address) => {
    expect(isList(address)).toBe(false);
  });
});
