// The pull-request reader for each host's API (docs/contract/pull-status.md).

import type { HostApi } from '../hosts';
import type { PullReader, PullReaderOptions } from '../pull-status';
import { createBitbucketCloudPullReader } from './bitbucket-cloud';
import { createBitbucketDataCenterPullReader } from './bitbucket-dc';
import { createGitHubPullReader } from './github';
import { createGitLabPullReader } from './gitlab';

export function createPullReader(api: HostApi, options: PullReaderOptions): PullReader {
  switch (api) {
    case 'github':
      return createGitHubPullReader(options);
    case 'gitlab':
      return createGitLabPullReader(options);
    case 'bitbucket-cloud':
      return createBitbucketCloudPullReader(options);
    case 'bitbucket-dc':
      return createBitbucketDataCenterPullReader(options);
  }
}
