import { DEFAULT_HOSTS, isMicroagentPath } from '../shared';
import type { HostAdapter } from '../types';
import { bitbucketAnchors, bitbucketDomFields } from './anchors';
import { detectBitbucket } from './detect';

/** Bitbucket: Cloud on bitbucket.org; Data Center/Server on hosts the person added as 'bitbucket'. */
export const bitbucketAdapter: Required<HostAdapter> = {
  provider: 'bitbucket',
  defaultHosts: [DEFAULT_HOSTS.bitbucket],
  detect: detectBitbucket,
  anchors: bitbucketAnchors,
  domFields: bitbucketDomFields,
  isMicroagentFile: (repository: string, path: string) =>
    isMicroagentPath(repository, path, 'bitbucket'),
};

export { bitbucketAnchors, bitbucketDomFields } from './anchors';
