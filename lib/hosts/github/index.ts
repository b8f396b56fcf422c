import { DEFAULT_HOSTS, isMicroagentPath } from '../shared';
import type { HostAdapter } from '../types';
import { githubAnchors, githubDomFields } from './anchors';
import { detectGitHub } from './detect';

/** GitHub: github.com, and Enterprise Server / ghe.com hosts the person added as 'github'. */
export const githubAdapter: Required<HostAdapter> = {
  provider: 'github',
  defaultHosts: [DEFAULT_HOSTS.github],
  detect: detectGitHub,
  anchors: githubAnchors,
  domFields: githubDomFields,
  isMicroagentFile: (repository: string, path: string) =>
    isMicroagentPath(repository, path, 'github'),
};

export { githubAnchors, githubDomFields } from './anchors';
