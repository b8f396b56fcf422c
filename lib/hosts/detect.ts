// Zod-free entry for the content script: page detection and anchor lookup over all three host
// adapters. lib/hosts/index.ts adds the zod-validated `detectPage` on top for everything else.
// Nothing imported from here may pull in zod (a test bundles this file and checks).

import { bitbucketAdapter } from './bitbucket';
import { githubAdapter } from './github';
import { gitlabAdapter } from './gitlab';
import { createHostDetection } from './runtime';
import type { HostAdapter } from './types';

export const hostAdapters: readonly Required<HostAdapter>[] = [
  githubAdapter,
  gitlabAdapter,
  bitbucketAdapter,
];

/** Everything the content-script runtime needs from detection, in one object. */
export const hostDetection = createHostDetection(hostAdapters);

export const {
  adapterFor,
  detect: detectPageData,
  anchorsFor,
  findAnchor,
  providerForHost,
  isMicroagentFile,
} = hostDetection;

export { createHostDetection, type HostDetection, toUrl } from './runtime';
export { bitbucketAdapter, githubAdapter, gitlabAdapter };
