// Real-shaped URLs of the three hosts and their self-hosted forms, each with what detection must
// return. Written for this project (hosts, owners and numbers are made up); shapes follow the
// hosts' routes as documented in docs/code-hosts.md#page-detection.
//
// `expect` lists the fields that matter; the test fills in provider, host, baseUrl (the origin)
// and selfHosted from the URL and options, and requires every optional field not listed here to
// be absent. `null`: no adapter may accept the URL.

import type { PageContext } from '@/lib/hosts/page-context';
import type { DetectOptions } from '@/lib/hosts/types';

export type ExpectedFields = Partial<PageContext> & Pick<PageContext, 'repository' | 'kind'>;

export interface CorpusEntry {
  url: string;
  /** The person's setting for the URL's origin (self-hosted hosts). */
  options?: Omit<DetectOptions, 'document'>;
  expect: ExpectedFields | null;
  /** Why the answer is what it is, where that is not obvious. */
  why?: string;
}

type Row = [url: string, expect: ExpectedFields | null, why?: string];

function group(options: CorpusEntry['options'], rows: Row[]): CorpusEntry[] {
  return rows.map(([url, expect, why]) => ({ url, options, expect, why }));
}

const SHA = '3f2a9c1d5e7b8a6f4c2d0e9b1a3c5d7e9f1b3a5c';
const GL_SHA = '8d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d9c';
const BB_SHA = '4f1c2e3a9b7d8c6e5f4a3b2c1d0e9f8a7b6c5d4e';
const DC_SHA = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';

const R = 'octo/widgets';
const G = 'https://github.com/octo/widgets';

export const githubCom = group(undefined, [
  [G, { repository: R, kind: 'repo' }],
  [`${G}/`, { repository: R, kind: 'repo' }, 'trailing slash'],
  [`${G}?tab=readme-ov-file`, { repository: R, kind: 'repo' }],
  [`${G}#readme`, { repository: R, kind: 'repo' }],
  ['https://github.com//octo//widgets', { repository: R, kind: 'repo' }, '`//` collapses'],
  [`${G}.git`, { repository: R, kind: 'repo' }, 'clone URL'],
  ['http://github.com/octo/widgets', { repository: R, kind: 'repo' }],
  ['https://github.com/Octo-Org/Widgets_2.0', { repository: 'Octo-Org/Widgets_2.0', kind: 'repo' }],
  ['https://github.com/octo/.github', { repository: 'octo/.github', kind: 'repo' }],
  ['https://github.com/mona_acme/widgets', { repository: 'mona_acme/widgets', kind: 'repo' }],
  ['https://user:secret@github.com/octo/widgets', { repository: R, kind: 'repo' }],
  [`${G}/tree`, { repository: R, kind: 'repo' }, 'no ref: the repository'],
  [`${G}/tree/main`, { repository: R, kind: 'tree', branch: 'main' }],
  [`${G}/tree/main/src`, { repository: R, kind: 'tree', branch: 'main', path: 'src' }],
  [
    `${G}/tree/feature/x/src/lib`,
    { repository: R, kind: 'tree', branch: 'feature', path: 'x/src/lib' },
    'without a document the first segment is the branch (documented best guess)',
  ],
  [
    `${G}/tree/feature%2Fx/src/lib`,
    { repository: R, kind: 'tree', branch: 'feature/x', path: 'src/lib' },
    'an encoded slash belongs to the ref',
  ],
  [`${G}/tree/v1.2.0`, { repository: R, kind: 'tree', branch: 'v1.2.0' }],
  [
    `${G}/tree/${SHA}/src`,
    { repository: R, kind: 'tree', sha: SHA, path: 'src' },
    'a full SHA is a pinned commit',
  ],
  [`${G}/blob/main/README.md`, { repository: R, kind: 'blob', branch: 'main', path: 'README.md' }],
  [
    `${G}/blob/main/docs/Getting%20Started.md`,
    { repository: R, kind: 'blob', branch: 'main', path: 'docs/Getting Started.md' },
  ],
  [
    `${G}/blob/main/%E2%9C%93.md`,
    { repository: R, kind: 'blob', branch: 'main', path: '✓.md' },
    'UTF-8 escapes decode',
  ],
  [
    `${G}/blob/main/src/index.ts#L10-L20`,
    { repository: R, kind: 'blob', branch: 'main', path: 'src/index.ts' },
  ],
  [
    `${G}/blob/main/src/index.ts?plain=1`,
    { repository: R, kind: 'blob', branch: 'main', path: 'src/index.ts' },
  ],
  [
    `${G}/blob/${SHA}/src/index.ts`,
    { repository: R, kind: 'blob', sha: SHA, path: 'src/index.ts' },
    'permalink',
  ],
  [
    `${G}/blame/main/src/index.ts`,
    { repository: R, kind: 'blob', branch: 'main', path: 'src/index.ts' },
    'blame is a file view',
  ],
  [`${G}/commit/${SHA}`, { repository: R, kind: 'commit', sha: SHA }],
  [`${G}/commit/3F2A9C1`, { repository: R, kind: 'commit', sha: '3f2a9c1' }, 'sha lowercased'],
  [`${G}/commit/${SHA}?diff=split`, { repository: R, kind: 'commit', sha: SHA }],
  [`${G}/issues/12`, { repository: R, kind: 'issue', number: 12 }],
  [`${G}/issues/12/`, { repository: R, kind: 'issue', number: 12 }],
  [`${G}/issues/12#issuecomment-1234`, { repository: R, kind: 'issue', number: 12 }],
  [`${G}/pull/34`, { repository: R, kind: 'pull', number: 34 }],
  [`${G}/pull/34/files`, { repository: R, kind: 'pull', number: 34 }, 'PR sub-page'],
  [`${G}/pull/34/commits`, { repository: R, kind: 'pull', number: 34 }],
  [`${G}/pull/34/checks`, { repository: R, kind: 'pull', number: 34 }],
  [`${G}/pull/34/changes`, { repository: R, kind: 'pull', number: 34 }],
  [`${G}/pull/34/commits/${SHA}`, { repository: R, kind: 'pull', number: 34 }],
  [`${G}/pull/34/files?w=1#diff-0a1b`, { repository: R, kind: 'pull', number: 34 }],
  [`${G}/issues`, { repository: R, kind: 'repo' }, 'lists are repository pages'],
  [`${G}/issues?q=is%3Aissue+is%3Aopen`, { repository: R, kind: 'repo' }],
  [`${G}/issues/new/choose`, { repository: R, kind: 'repo' }],
  [`${G}/pulls`, { repository: R, kind: 'repo' }],
  [`${G}/actions`, { repository: R, kind: 'repo' }],
  [`${G}/actions/runs/123456/job/789`, { repository: R, kind: 'repo' }],
  [`${G}/wiki`, { repository: R, kind: 'repo' }],
  [`${G}/wiki/Home`, { repository: R, kind: 'repo' }],
  [`${G}/branches`, { repository: R, kind: 'repo' }],
  [`${G}/branches/all`, { repository: R, kind: 'repo' }],
  [`${G}/compare`, { repository: R, kind: 'repo' }],
  [`${G}/compare/main...feature/x`, { repository: R, kind: 'repo', branch: 'feature/x' }],
  [`${G}/compare/feature/x`, { repository: R, kind: 'repo', branch: 'feature/x' }],
  [
    `${G}/compare/main...forker:patch-1`,
    { repository: R, kind: 'repo' },
    'the head is in a fork: no branch of this repository',
  ],
  [`${G}/compare/main..octo:feature/y`, { repository: R, kind: 'repo', branch: 'feature/y' }],
  [`${G}/pull/new/feature/x`, { repository: R, kind: 'repo', branch: 'feature/x' }],
  [`${G}/commits/main`, { repository: R, kind: 'repo', branch: 'main' }],
  [`${G}/commits/main/src/index.ts`, { repository: R, kind: 'repo', branch: 'main' }],
  [`${G}/releases/tag/v1.0.0`, { repository: R, kind: 'repo' }],
  [`${G}/discussions/5`, { repository: R, kind: 'repo' }],
  [`${G}/security/advisories`, { repository: R, kind: 'repo' }],
  [`${G}/graphs/contributors`, { repository: R, kind: 'repo' }],
  [`${G}/tags`, { repository: R, kind: 'repo' }],
  [`${G}/projects`, { repository: R, kind: 'repo' }],
  // Not repository pages.
  ['https://github.com/', null],
  ['https://github.com/octo', null, 'a profile'],
  ['https://github.com/octo?tab=repositories', null],
  ['https://github.com/settings/profile', null, 'reserved'],
  ['https://github.com/settings/tokens/new', null],
  ['https://github.com/orgs/acme/repositories', null],
  ['https://github.com/orgs/acme/people', null],
  ['https://github.com/marketplace/actions/setup-node', null],
  ['https://github.com/explore/repos', null],
  ['https://github.com/notifications/subscriptions', null],
  ['https://github.com/login/oauth/authorize', null],
  ['https://github.com/sponsors/octo/dashboard', null],
  ['https://github.com/topics/javascript', null],
  ['https://github.com/features/actions', null],
  ['https://github.com/trending/python', null],
  ['https://github.com/search?q=widgets', null],
  ['https://github.com/codespaces/new', null],
  ['https://github.com/users/octo/projects/1', null],
  ['https://github.com/enterprises/acme/settings', null],
  ['https://github.com/apps/dependabot', null],
  ['https://github.com/collections/machine-learning', null],
  ['https://github.com/pulls/assigned', null],
  ['https://github.com/issues/assigned', null],
  ['https://github.com/new/import', null],
  ['https://github.com/copilot/c/2f1e', null],
  ['https://github.com/user-attachments/assets/2f1e', null],
  [`${G}/settings`, null, 'administration: no button'],
  [`${G}/settings/branches`, null],
  [`${G}/invitations`, null],
  [`${G}/no-such-section`, null, 'unknown sections get no button'],
  [`${G}/raw/main/README.md`, null],
  [`${G}/archive/refs/heads/main.zip`, null],
  [`${G}/edit/main/README.md`, null],
  [`${G}/pull/abc`, null],
  [`${G}/pull/0`, null],
  [`${G}/pull/34.diff`, null, 'not an HTML page'],
  [`${G}/pull/34.patch`, null],
  [`${G}/commit/xyz`, null],
  [`${G}/commit/3f2a9c1d5e.patch`, null],
  [`${G}/blob/main`, null, 'a file view without a file'],
  [`${G}/blob/main/%E0%A4%A.md`, null, 'malformed escape'],
  ['https://github.com/-octo/widgets', null, 'not an owner name'],
  ['https://github.com/octo/widgets%2Fx', null, 'a repository name has no slash'],
  ['https://gist.github.com/octo/2f1e3d4c', null, 'not github.com'],
  ['https://raw.githubusercontent.com/octo/widgets/main/README.md', null],
  ['https://api.github.com/repos/octo/widgets', null],
  ['https://www.github.com/octo/widgets', null, 'only the exact default host'],
  ['https://github.com:8443/octo/widgets', null],
  ['ftp://github.com/octo/widgets', null],
]);

const E = 'https://github.example.com/octo/widgets';
export const githubEnterprise = [
  ...group({ provider: 'github' }, [
    [E, { repository: R, kind: 'repo' }],
    [`${E}/tree/main/docs`, { repository: R, kind: 'tree', branch: 'main', path: 'docs' }],
    [
      `${E}/blob/release/2.x/README.md`,
      { repository: R, kind: 'blob', branch: 'release', path: '2.x/README.md' },
      'best guess without a document',
    ],
    [`${E}/issues/3`, { repository: R, kind: 'issue', number: 3 }],
    [`${E}/pull/5/files`, { repository: R, kind: 'pull', number: 5 }],
    [`${E}/commit/9b8a7c6`, { repository: R, kind: 'commit', sha: '9b8a7c6' }],
    [
      'https://github.example.com:8443/octo/widgets/pull/5',
      {
        repository: R,
        kind: 'pull',
        number: 5,
        host: 'github.example.com:8443',
        baseUrl: 'https://github.example.com:8443',
      },
    ],
    ['https://10.0.0.12/octo/widgets/issues/1', { repository: R, kind: 'issue', number: 1 }],
    ['https://[::1]:3000/octo/widgets', { repository: R, kind: 'repo' }],
    [
      'https://acme.ghe.com/platform/api/pull/77',
      { repository: 'platform/api', kind: 'pull', number: 77 },
      'GHE.com data residency',
    ],
    [
      'http://github.internal/octo/widgets/compare/main...feature/x',
      { repository: R, kind: 'repo', branch: 'feature/x' },
    ],
    ['https://github.example.com/api/v3/repos/octo/widgets', null, 'the REST API'],
    ['https://github.example.com/stafftools/users/mona', null, 'site admin'],
    ['https://github.example.com/enterprises/acme', null],
    ['https://github.example.com/setup/settings', null],
    ['https://github.example.com/octo', null],
    ['https://github.example.com/_render/octo/widgets', null],
    ['https://github.example.com/pages/octo/widgets', null],
    ['https://github.example.com/login/oauth/authorize', null],
  ]),
  ...group(undefined, [[E, null, 'a host the person did not add']]),
];

const P = 'acme/platform/api';
const L = 'https://gitlab.com/acme/platform/api';
export const gitlabCom = group(undefined, [
  ['https://gitlab.com/acme/api', { repository: 'acme/api', kind: 'repo' }],
  [L, { repository: P, kind: 'repo' }, 'subgroup'],
  [`${L}/`, { repository: P, kind: 'repo' }],
  [`${L}.git`, { repository: P, kind: 'repo' }, 'clone URL'],
  ['https://gitlab.com/a/b/c/d/e/f/service', { repository: 'a/b/c/d/e/f/service', kind: 'repo' }],
  [
    'https://gitlab.com/gitlab-org/gitlab-foss',
    { repository: 'gitlab-org/gitlab-foss', kind: 'repo' },
  ],
  ['https://gitlab.com/user.name/my.project', { repository: 'user.name/my.project', kind: 'repo' }],
  [`${L}/-/tree`, { repository: P, kind: 'repo' }],
  [`${L}/-/tree/main`, { repository: P, kind: 'tree', branch: 'main' }],
  [`${L}/-/tree/main/src/lib`, { repository: P, kind: 'tree', branch: 'main', path: 'src/lib' }],
  [`${L}/-/tree/main?ref_type=heads`, { repository: P, kind: 'tree', branch: 'main' }],
  [
    `${L}/-/tree/feature/x/src`,
    { repository: P, kind: 'tree', branch: 'feature', path: 'x/src' },
    'best guess without data-find-file',
  ],
  [
    `${L}/-/blob/main/README.md`,
    { repository: P, kind: 'blob', branch: 'main', path: 'README.md' },
  ],
  [
    `${L}/-/blob/main/README.md?ref_type=heads#L5`,
    { repository: P, kind: 'blob', branch: 'main', path: 'README.md' },
  ],
  [
    `${L}/-/blob/main/docs/My%20Notes.md`,
    { repository: P, kind: 'blob', branch: 'main', path: 'docs/My Notes.md' },
  ],
  [
    `${L}/-/blame/main/src/app.rb`,
    { repository: P, kind: 'blob', branch: 'main', path: 'src/app.rb' },
  ],
  [`${L}/-/blob/${GL_SHA}/Gemfile`, { repository: P, kind: 'blob', sha: GL_SHA, path: 'Gemfile' }],
  [`${L}/-/commit/8d1c2b3a`, { repository: P, kind: 'commit', sha: '8d1c2b3a' }],
  [`${L}/-/commit/${GL_SHA}?view=parallel`, { repository: P, kind: 'commit', sha: GL_SHA }],
  [`${L}/-/commit/${GL_SHA}/pipelines`, { repository: P, kind: 'commit', sha: GL_SHA }],
  [`${L}/-/issues/42`, { repository: P, kind: 'issue', number: 42 }],
  [`${L}/-/issues/42#note_1`, { repository: P, kind: 'issue', number: 42 }],
  [`${L}/-/issues/42/designs`, { repository: P, kind: 'issue', number: 42 }],
  [`${L}/-/work_items/42`, { repository: P, kind: 'issue', number: 42 }, 'work item view'],
  [`${L}/-/merge_requests/17`, { repository: P, kind: 'pull', number: 17 }],
  [`${L}/-/merge_requests/17/diffs`, { repository: P, kind: 'pull', number: 17 }],
  [`${L}/-/merge_requests/17/commits`, { repository: P, kind: 'pull', number: 17 }],
  [`${L}/-/merge_requests/17/pipelines`, { repository: P, kind: 'pull', number: 17 }],
  [
    `${L}/-/merge_requests/17/diffs?commit_id=8d1c2b3a`,
    { repository: P, kind: 'pull', number: 17 },
  ],
  [`${L}/-/issues`, { repository: P, kind: 'repo' }],
  [`${L}/-/issues/?sort=created_date`, { repository: P, kind: 'repo' }],
  [`${L}/-/issues/new`, { repository: P, kind: 'repo' }],
  [`${L}/-/merge_requests`, { repository: P, kind: 'repo' }],
  [
    `${L}/-/merge_requests/new?merge_request%5Bsource_branch%5D=feature`,
    { repository: P, kind: 'repo' },
  ],
  [`${L}/-/pipelines`, { repository: P, kind: 'repo' }],
  [`${L}/-/pipelines/12345`, { repository: P, kind: 'repo' }],
  [`${L}/-/jobs/987`, { repository: P, kind: 'repo' }],
  [`${L}/-/wikis/home`, { repository: P, kind: 'repo' }],
  [`${L}/-/branches`, { repository: P, kind: 'repo' }],
  [`${L}/-/tags`, { repository: P, kind: 'repo' }],
  [`${L}/-/releases`, { repository: P, kind: 'repo' }],
  [`${L}/-/boards`, { repository: P, kind: 'repo' }],
  [`${L}/-/compare/main...feature/x`, { repository: P, kind: 'repo', branch: 'feature/x' }],
  [`${L}/-/compare/main...feature%2Fx`, { repository: P, kind: 'repo', branch: 'feature/x' }],
  [`${L}/-/commits/main`, { repository: P, kind: 'repo', branch: 'main' }],
  [`${L}/-/commits/main/src?ref_type=heads`, { repository: P, kind: 'repo', branch: 'main' }],
  [
    `${L}/-/find_file/release/1.0`,
    { repository: P, kind: 'repo', branch: 'release/1.0' },
    'find_file takes the whole rest as its ref',
  ],
  ['https://gitlab.com/', null],
  ['https://gitlab.com/acme', null, 'a group or user'],
  ['https://gitlab.com/dashboard/projects', null],
  ['https://gitlab.com/explore/projects', null],
  ['https://gitlab.com/users/sign_in', null],
  ['https://gitlab.com/help/user/index.md', null],
  ['https://gitlab.com/-/profile', null],
  ['https://gitlab.com/-/user_settings/profile', null],
  ['https://gitlab.com/-/ide/project/acme/api/edit/main', null],
  ['https://gitlab.com/groups/acme/-/epics/3', null],
  ['https://gitlab.com/groups/acme/platform', null],
  ['https://gitlab.com/acme/-/epics/3', null, 'a group path has one segment before /-/'],
  ['https://gitlab.com/admin/users', null],
  ['https://gitlab.com/api/v4/projects/42', null],
  ['https://gitlab.com/search?search=widgets', null],
  [`${L}/-/settings/repository`, null, 'administration'],
  [`${L}/-/edit`, null],
  [`${L}/-/unknown_thing`, null],
  [`${L}/-/blob/main`, null],
  [`${L}/-/commit/zzz`, null],
  [`${L}/-/raw/main/README.md`, null],
  [
    `${L}/issues/3`,
    { repository: P, kind: 'issue', number: 3 },
    'a GitLab 11–12 address (later ones redirect it to /-/issues/3)',
  ],
  [`${L}/tree/main`, { repository: P, kind: 'tree', branch: 'main' }],
  [
    `${L}/merge_requests/1/diffs`,
    { repository: P, kind: 'pull', number: 1 },
    'the first legacy word after the project starts the section',
  ],
  [`${L}/blob/main`, null, 'a legacy file address without a file'],
  [`${L}/-/blob/main/%E0%A4%A`, null, 'malformed escape'],
]);

const S = 'https://gitlab.example.com/tools/cli';
const RR = 'https://example.com/gitlab';
export const gitlabSelfManaged = [
  ...group({ provider: 'gitlab' }, [
    [S, { repository: 'tools/cli', kind: 'repo' }],
    [`${S}/-/issues/8`, { repository: 'tools/cli', kind: 'issue', number: 8 }],
    [
      'https://gitlab.example.com:8443/tools/cli/-/merge_requests/2',
      {
        repository: 'tools/cli',
        kind: 'pull',
        number: 2,
        host: 'gitlab.example.com:8443',
        baseUrl: 'https://gitlab.example.com:8443',
      },
    ],
    [
      'http://gitlab.internal/tools/cli/-/blob/main/go.mod',
      { repository: 'tools/cli', kind: 'blob', branch: 'main', path: 'go.mod' },
    ],
    [
      `${RR}/group/sub/project/-/issues/3`,
      { repository: 'gitlab/group/sub/project', kind: 'issue', number: 3 },
      'relative root unknown without a document or basePath: documented best guess',
    ],
    ['https://gitlab.example.com/groups/tools/-/epics/1', null],
    ['https://gitlab.example.com/tools', null],
    ['https://gitlab.example.com/admin/runners', null],
  ]),
  ...group({ provider: 'gitlab', basePath: '/gitlab' }, [
    [
      `${RR}/group/sub/project/-/issues/3`,
      { repository: 'group/sub/project', kind: 'issue', number: 3, baseUrl: RR },
    ],
    [`${RR}/group/sub/project`, { repository: 'group/sub/project', kind: 'repo', baseUrl: RR }],
    [
      `${RR}/group/sub/project/-/tree/main/src`,
      { repository: 'group/sub/project', kind: 'tree', branch: 'main', path: 'src', baseUrl: RR },
    ],
    [
      `${RR}/group/project/-/commit/abcdef1`,
      { repository: 'group/project', kind: 'commit', sha: 'abcdef1', baseUrl: RR },
    ],
    [`${RR}/`, null],
    [`${RR}/users/sign_in`, null, 'reserved after the root'],
    [`${RR}/dashboard/projects`, null],
  ]),
  ...group({ provider: 'gitlab', basePath: '/gitlab/' }, [
    [
      `${RR}/group/a/b/c/d/service/-/merge_requests/12/diffs`,
      { repository: 'group/a/b/c/d/service', kind: 'pull', number: 12, baseUrl: RR },
    ],
  ]),
  ...group(undefined, [[S, null, 'a host the person did not add']]),
];

const B = 'https://bitbucket.org/acme/widgets';
const W = 'acme/widgets';
export const bitbucketCloud = group(undefined, [
  [B, { repository: W, kind: 'repo' }],
  [`${B}/`, { repository: W, kind: 'repo' }],
  [`${B}?at=develop`, { repository: W, kind: 'repo', branch: 'develop' }],
  [
    'https://bitbucket.org/Acme-Team/widgets_2.0',
    { repository: 'Acme-Team/widgets_2.0', kind: 'repo' },
  ],
  [`${B}/src`, { repository: W, kind: 'tree' }],
  [`${B}/src/main/`, { repository: W, kind: 'tree', branch: 'main' }],
  [
    `${B}/src/main/src/`,
    { repository: W, kind: 'tree', branch: 'main', path: 'src' },
    'folders end with /',
  ],
  [`${B}/src/main/README.md`, { repository: W, kind: 'blob', branch: 'main', path: 'README.md' }],
  [
    `${B}/src/4f1c2e3a9b7d/src/app.ts?at=feature%2Flogin`,
    {
      repository: W,
      kind: 'blob',
      branch: 'feature/login',
      sha: '4f1c2e3a9b7d',
      path: 'src/app.ts',
    },
  ],
  [
    `${B}/src/4f1c2e3a9b7d/src/app.ts?at=refs%2Fheads%2Fmain`,
    { repository: W, kind: 'blob', branch: 'main', sha: '4f1c2e3a9b7d', path: 'src/app.ts' },
  ],
  [`${B}/src/4f1c2e3a9b7d/`, { repository: W, kind: 'tree', sha: '4f1c2e3a9b7d' }],
  [
    `${B}/src/4f1c2e3a9b7d/?at=main`,
    { repository: W, kind: 'tree', branch: 'main', sha: '4f1c2e3a9b7d' },
  ],
  [
    `${B}/src/main/docs/User%20Guide.md`,
    { repository: W, kind: 'blob', branch: 'main', path: 'docs/User Guide.md' },
  ],
  [
    `${B}/src/main/src/app.ts#lines-10`,
    { repository: W, kind: 'blob', branch: 'main', path: 'src/app.ts' },
  ],
  [`${B}/branch/feature/login`, { repository: W, kind: 'repo', branch: 'feature/login' }],
  [`${B}/branch/main`, { repository: W, kind: 'repo', branch: 'main' }],
  [`${B}/pull-requests/7`, { repository: W, kind: 'pull', number: 7 }],
  [`${B}/pull-requests/7/diff`, { repository: W, kind: 'pull', number: 7 }],
  [`${B}/pull-requests/7/commits`, { repository: W, kind: 'pull', number: 7 }],
  [`${B}/pull-requests/7/add-login-form`, { repository: W, kind: 'pull', number: 7 }],
  [`${B}/pull-requests/7/overview#comment-1`, { repository: W, kind: 'pull', number: 7 }],
  [`${B}/pull-requests`, { repository: W, kind: 'repo' }],
  [`${B}/pull-requests/?state=MERGED`, { repository: W, kind: 'repo' }],
  [`${B}/pull-requests/new?source=feature/login`, { repository: W, kind: 'repo' }],
  [`${B}/commits/${BB_SHA}`, { repository: W, kind: 'commit', sha: BB_SHA }],
  [`${B}/commits/4f1c2e3a9b7d`, { repository: W, kind: 'commit', sha: '4f1c2e3a9b7d' }],
  [`${B}/commits`, { repository: W, kind: 'repo' }],
  [`${B}/commits/branch/feature/login`, { repository: W, kind: 'repo', branch: 'feature/login' }],
  [`${B}/branches`, { repository: W, kind: 'repo' }],
  [`${B}/branches/?status=all`, { repository: W, kind: 'repo' }],
  [`${B}/issues/12`, { repository: W, kind: 'issue', number: 12 }],
  [`${B}/issues/12/crash-on-start`, { repository: W, kind: 'issue', number: 12 }],
  [`${B}/issues`, { repository: W, kind: 'repo' }],
  [`${B}/pipelines/results/123`, { repository: W, kind: 'repo' }],
  [`${B}/downloads`, { repository: W, kind: 'repo' }],
  [`${B}/wiki/Home`, { repository: W, kind: 'repo' }],
  ['https://bitbucket.org/', null],
  ['https://bitbucket.org/acme', null, 'a workspace'],
  ['https://bitbucket.org/account/settings/', null],
  ['https://bitbucket.org/dashboard/overview', null],
  ['https://bitbucket.org/repo/create', null],
  ['https://bitbucket.org/acme/workspace/settings', null, 'workspace pages'],
  ['https://bitbucket.org/acme/workspace/projects/PROJ', null],
  ['https://bitbucket.org/snippets/acme/k7Xq9', null],
  ['https://bitbucket.org/product/features', null],
  ['https://bitbucket.org/socialauth/login/atlassianid/', null],
  [`${B}/admin`, null, 'repository settings'],
  [`${B}/admin/access-keys`, null],
  [`${B}/raw/main/README.md`, null],
  ['https://api.bitbucket.org/2.0/repositories/acme/widgets', null],
]);

const D = 'https://git.example.com/bitbucket/projects/PLAT/repos/api';
const DB = 'https://git.example.com/bitbucket';
const X = 'https://bitbucket.example.org';
export const bitbucketDataCenter = [
  ...group({ provider: 'bitbucket' }, [
    [D, { repository: 'PLAT/api', kind: 'repo', baseUrl: DB }],
    [`${D}/browse`, { repository: 'PLAT/api', kind: 'repo', baseUrl: DB }],
    [
      `${D}/browse?at=refs%2Fheads%2Frelease%2F1.4`,
      { repository: 'PLAT/api', kind: 'repo', branch: 'release/1.4', baseUrl: DB },
    ],
    [
      `${D}/browse?at=refs%2Ftags%2Fv1.4.0`,
      { repository: 'PLAT/api', kind: 'repo', branch: 'v1.4.0', baseUrl: DB },
      'a tag is reported as the ref to check out',
    ],
    [
      `${D}/browse?at=${DC_SHA}`,
      { repository: 'PLAT/api', kind: 'repo', sha: DC_SHA, baseUrl: DB },
    ],
    [
      `${D}/browse/src/main/java/App.java?at=refs%2Fheads%2Fmaster`,
      {
        repository: 'PLAT/api',
        kind: 'blob',
        branch: 'master',
        path: 'src/main/java/App.java',
        baseUrl: DB,
      },
    ],
    [
      `${D}/browse/src/main/java`,
      { repository: 'PLAT/api', kind: 'tree', path: 'src/main/java', baseUrl: DB },
    ],
    [
      `${D}/browse/src/main/java/`,
      { repository: 'PLAT/api', kind: 'tree', path: 'src/main/java', baseUrl: DB },
    ],
    [
      `${D}/browse/.gitignore`,
      { repository: 'PLAT/api', kind: 'blob', path: '.gitignore', baseUrl: DB },
    ],
    [
      `${D}/browse/Makefile`,
      { repository: 'PLAT/api', kind: 'tree', path: 'Makefile', baseUrl: DB },
      'no extension and no document: taken for a folder (a known limit)',
    ],
    [
      `${D}/browse/docs/User%20Guide.md`,
      { repository: 'PLAT/api', kind: 'blob', path: 'docs/User Guide.md', baseUrl: DB },
    ],
    [
      `${D}/browse/src/App.java?at=feature%2Fx`,
      {
        repository: 'PLAT/api',
        kind: 'blob',
        branch: 'feature/x',
        path: 'src/App.java',
        baseUrl: DB,
      },
    ],
    [`${D}/pull-requests/12`, { repository: 'PLAT/api', kind: 'pull', number: 12, baseUrl: DB }],
    [
      `${D}/pull-requests/12/overview`,
      { repository: 'PLAT/api', kind: 'pull', number: 12, baseUrl: DB },
    ],
    [
      `${D}/pull-requests/12/diff#src/App.java`,
      { repository: 'PLAT/api', kind: 'pull', number: 12, baseUrl: DB },
    ],
    [
      `${D}/pull-requests/12/commits`,
      { repository: 'PLAT/api', kind: 'pull', number: 12, baseUrl: DB },
    ],
    [`${D}/pull-requests`, { repository: 'PLAT/api', kind: 'repo', baseUrl: DB }],
    [
      `${D}/pull-requests?create&sourceBranch=refs%2Fheads%2Ffeature`,
      { repository: 'PLAT/api', kind: 'repo', baseUrl: DB },
    ],
    [`${D}/commits`, { repository: 'PLAT/api', kind: 'repo', baseUrl: DB }],
    [
      `${D}/commits?until=refs%2Fheads%2Fdevelop`,
      { repository: 'PLAT/api', kind: 'repo', branch: 'develop', baseUrl: DB },
    ],
    [
      `${D}/commits/${DC_SHA}`,
      { repository: 'PLAT/api', kind: 'commit', sha: DC_SHA, baseUrl: DB },
    ],
    [
      `${D}/commits/${DC_SHA}#src/App.java`,
      { repository: 'PLAT/api', kind: 'commit', sha: DC_SHA, baseUrl: DB },
    ],
    [`${D}/branches`, { repository: 'PLAT/api', kind: 'repo', baseUrl: DB }],
    [
      `${D}/compare/commits?sourceBranch=refs%2Fheads%2Ffeature`,
      { repository: 'PLAT/api', kind: 'repo', baseUrl: DB },
    ],
    [
      `${X}/projects/OPS/repos/deploy-scripts/browse`,
      { repository: 'OPS/deploy-scripts', kind: 'repo' },
    ],
    [`${X}/users/jdoe/repos/dotfiles`, { repository: '~jdoe/dotfiles', kind: 'repo' }, 'personal'],
    [
      `${X}/users/jdoe/repos/dotfiles/browse/conf.d`,
      { repository: '~jdoe/dotfiles', kind: 'blob', path: 'conf.d' },
      'looks like a file name; the document decides when given (see the fixture)',
    ],
    [`${X}/projects/~JDOE/repos/dotfiles/browse`, { repository: '~JDOE/dotfiles', kind: 'repo' }],
    [
      'https://bitbucket.example.org:7990/projects/OPS/repos/deploy-scripts/pull-requests/3/overview',
      {
        repository: 'OPS/deploy-scripts',
        kind: 'pull',
        number: 3,
        host: 'bitbucket.example.org:7990',
        baseUrl: 'https://bitbucket.example.org:7990',
      },
    ],
    [
      'https://example.com/tools/bitbucket/projects/OPS/repos/infra/commits/abcdef1234',
      {
        repository: 'OPS/infra',
        kind: 'commit',
        sha: 'abcdef1234',
        baseUrl: 'https://example.com/tools/bitbucket',
      },
      'a two-segment context path',
    ],
    [`${DB}/dashboard`, null],
    [`${DB}/projects/PLAT`, null, 'a project, not a repository'],
    [`${DB}/projects/PLAT/repos`, null],
    [`${D}/settings`, null, 'administration'],
    [`${D}/raw/src/App.java`, null],
    [`${DB}/rest/api/1.0/projects/PLAT/repos/api/browse`, null, 'the REST API'],
    [`${DB}/plugins/servlet/search?q=widgets`, null],
    [`${DB}/plugins/servlet/create-branch/projects/PLAT/repos/api`, null],
    [`${DB}/admin`, null],
  ]),
  ...group(undefined, [[`${D}/browse`, null, 'a host the person did not add']]),
];

export const elsewhere = group(undefined, [
  ['not a url', null],
  ['', null],
  ['github.com/octo/widgets', null, 'no scheme'],
  ['https://', null],
  ['javascript:alert(1)', null],
  ['file:///home/mona/octo/widgets', null],
  ['chrome://extensions', null],
  ['about:blank', null],
  ['https://example.com/octo/widgets', null],
  ['https://codeberg.org/octo/widgets', null],
  ['https://dev.azure.com/acme/_git/api', null],
  ['https://github.com.evil.example/octo/widgets', null, 'look-alike host'],
  ['https://evilgithub.com/octo/widgets', null],
  ['https://gitlab.com.example.org/acme/api', null],
  ['https://bitbucket.org.example/acme/widgets', null],
]);

/** URLs of self-hosted shapes read as the wrong host software: what each adapter makes of them. */
export const wrongSoftware = [
  ...group({ provider: 'github' }, [
    ['https://gitlab.example.com/tools/cli/-/issues/8', null, 'GitHub has no `/-/` routes'],
    ['https://git.example.com/bitbucket/projects/PLAT/repos/api/browse', null],
  ]),
  ...group({ provider: 'gitlab' }, [
    [
      'https://github.example.com/octo/widgets/issues/3',
      { repository: 'octo/widgets', kind: 'issue', number: 3 },
      'the shape of a GitLab 11–12 issue address: the person’s setting is trusted',
    ],
    [
      'https://git.example.com/bitbucket/projects/PLAT/repos/api/browse',
      { repository: 'bitbucket/projects/PLAT/repos/api/browse', kind: 'repo' },
      'any deep path is a valid GitLab project path: the person’s setting is trusted',
    ],
    [
      'https://bitbucket.example.org/projects/OPS/repos/deploy-scripts',
      null,
      '`projects` is reserved',
    ],
  ]),
  ...group({ provider: 'bitbucket' }, [
    ['https://github.example.com/octo/widgets/pull/5', null, 'no /projects/…/repos/'],
    ['https://gitlab.example.com/tools/cli/-/merge_requests/2', null],
  ]),
  ...group({ provider: 'github' }, [
    [
      'https://gitlab.example.com/tools/cli',
      { repository: 'tools/cli', kind: 'repo' },
      'a repository root has the same shape everywhere: the person’s setting is trusted',
    ],
  ]),
];

export const urlCorpus: readonly CorpusEntry[] = [
  ...githubCom,
  ...githubEnterprise,
  ...gitlabCom,
  ...gitlabSelfManaged,
  ...bitbucketCloud,
  ...bitbucketDataCenter,
  ...elsewhere,
  ...wrongSoftware,
];
