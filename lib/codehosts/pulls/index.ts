// The pull-request reader for a host's API. Bitbucket Cloud and Data Center are not read yet
// (docs/contract/pull-status.md#not-yet): null says so, rather than a status that only looks
// like one.

import type { HostApi } from '../hosts';
import type { PullReader, PullReaderOptions } from '../pull-status';
import { createGitHubPullReader } from './github';
import { createGitLabPullReader } from './gitlab';

export function createPullReader(api: HostApi, options: PullReaderOptions): PullReader | null {
  switch (api) {
    case 'github':
      return createGitHubPullReader(options);
    case 'gitlab':
      return createGitLabPullReader(options);
    default:
      return null;
  }
}
