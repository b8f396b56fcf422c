import { DEFAULT_HOSTS, isMicroagentPath } from '../shared';
import type { HostAdapter } from '../types';
import { gitlabAnchors, gitlabDomFields } from './anchors';
import { detectGitLab } from './detect';

/** GitLab: gitlab.com, and self-managed instances the person added as 'gitlab'. */
export const gitlabAdapter: Required<HostAdapter> = {
  provider: 'gitlab',
  defaultHosts: [DEFAULT_HOSTS.gitlab],
  detect: detectGitLab,
  anchors: gitlabAnchors,
  domFields: gitlabDomFields,
  // GitLab is the one provider whose microagent folder is scanned recursively.
  isMicroagentFile: (repository: string, path: string) =>
    isMicroagentPath(repository, path, 'gitlab'),
};

export { gitlabAnchors, gitlabDomFields } from './anchors';
