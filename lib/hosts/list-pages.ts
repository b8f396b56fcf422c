// Every host software's lists, for the worker, which serves all three (a content script bundles
// only its own host's, e.g. lib/hosts/github/lists.ts).
import { bitbucketLists } from './bitbucket/lists';
import { githubLists } from './github/lists';
import { gitlabLists } from './gitlab/lists';
import type { HostLists } from './lists';
import type { Provider } from './types';

export const hostLists: Readonly<Record<Provider, HostLists>> = {
  github: githubLists,
  gitlab: gitlabLists,
  bitbucket: bitbucketLists,
};
