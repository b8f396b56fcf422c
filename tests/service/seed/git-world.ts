// The code hosts the service pretends to reach: repositories on GitHub, GitLab (with subgroups)
// and Bitbucket, their branches and the files the microagent routes read. Token validity rules
// stand in for the live provider checks (`validate_provider_token`).

export type Provider = 'github' | 'gitlab' | 'bitbucket';

export interface SeedRepository {
  id: string;
  full_name: string;
  git_provider: Provider;
  is_public: boolean;
  stargazers_count: number;
  pushed_at: string;
  owner_type: 'user' | 'organization';
  main_branch: string;
  branches: { name: string; protected: boolean; last_push_date: string }[];
  /** Repository files by path (only those the microagent routes look at). */
  files: Record<string, string>;
  /** Makes every provider call for this repository fail (an API outage). */
  failing?: string;
}

const knowledgeTesting = `---
name: testing
type: knowledge
version: 1.0.0
agent: CodeActAgent
triggers:
  - test
  - pytest
  - vitest
---

Run the project's tests with \`npm test\` before committing. Unit tests live next to the code.
`;

const repoAgent = `---
name: repo
type: repo
version: 1.0.0
agent: CodeActAgent
---

This repository is a TypeScript monorepo. Use \`npm ci\` to install dependencies and keep the
public API in \`src/index.ts\` stable.
`;

const taskAgent = `---
name: release_notes
type: task
version: 1.0.0
agent: CodeActAgent
triggers:
  - /release-notes
inputs:
  - name: VERSION
    description: The version being released
---

Write release notes for version {{ VERSION }} from the merged pull requests.
`;

const plainKnowledge = `---
triggers: [docker, container]
---

Build images with \`docker build -t app .\` and run them with \`docker run --rm app\`.
`;

const brokenFrontMatter = `---
name: broken
triggers: [unterminated
---

This microagent has front-matter that does not parse.
`;

function branches(
  main: string,
  extra: string[],
  protectedNames: string[] = [main],
): SeedRepository['branches'] {
  return [main, ...extra].map((name, index) => ({
    name,
    protected: protectedNames.includes(name),
    last_push_date: new Date(Date.UTC(2025, 10, 20 - index, 9, 30)).toISOString(),
  }));
}

export const seedRepositories: SeedRepository[] = [
  {
    id: '812345601',
    full_name: 'octo-org/widgets',
    git_provider: 'github',
    is_public: true,
    stargazers_count: 1284,
    pushed_at: '2025-11-19T16:02:11Z',
    owner_type: 'organization',
    main_branch: 'main',
    branches: branches('main', [
      'fix/parser-null',
      'feature/lexer-unicode',
      'release/2.4',
      'dependabot/npm_and_yarn/vite-7.1.2',
      'docs',
    ]),
    files: {
      '.openhands/microagents/repo.md': repoAgent,
      '.openhands/microagents/testing.md': knowledgeTesting,
      '.openhands/microagents/release_notes.md': taskAgent,
      '.openhands/microagents/README.md': '# Microagents\n\nThis folder holds microagents.\n',
      '.openhands/microagents/notes.txt': 'Not a microagent: only .md files are listed.\n',
      '.openhands/microagents/nested/ignored.md':
        '---\ntriggers: [nested]\n---\nGitHub listings do not recurse, so this is not listed.\n',
      '.cursorrules': 'Prefer small pure functions. Never commit secrets.\n',
      '.openhands/pre-commit.sh': '#!/bin/sh\nnpm run lint\n',
      'README.md': '# widgets\n',
      // What a 1.x agent server loads after the clone (sdk skills/skill.py).
      'AGENTS.md':
        '# Agents\n\nRun `npm ci` first. Keep `src/index.ts` the only public entry point.\n',
      '.agents/skills/release-checklist/SKILL.md':
        '---\nname: release-checklist\ndescription: Steps to cut a widgets release\ntriggers:\n  - release\n---\n\n1. Update CHANGELOG.md.\n2. Run `npm version`.\n',
      '.agents/skills/Bad_Name/SKILL.md':
        '---\ndescription: Skipped, the name breaks the AgentSkills rules\n---\n\nNever loaded.\n',
      'package.json': '{\n  "name": "widgets",\n  "version": "2.4.0"\n}\n',
      'src/parser.ts': 'export function parse(line: string) {\n  return line.split("=");\n}\n',
    },
  },
  {
    id: '812345602',
    full_name: 'octo-org/docs-site',
    git_provider: 'github',
    is_public: true,
    stargazers_count: 87,
    pushed_at: '2025-11-12T08:45:00Z',
    owner_type: 'organization',
    main_branch: 'main',
    branches: branches('main', ['gh-pages', 'content/v2']),
    files: { 'README.md': '# docs-site\n' },
  },
  {
    id: '812345603',
    full_name: 'octocat/.openhands',
    git_provider: 'github',
    is_public: false,
    stargazers_count: 0,
    pushed_at: '2025-10-02T12:00:00Z',
    owner_type: 'user',
    main_branch: 'main',
    branches: branches('main', []),
    files: {
      'microagents/org-conventions.md':
        '---\nname: org-conventions\ntype: repo\n---\nFollow the organisation conventions.\n',
      'microagents/containers.md': plainKnowledge,
      '.openhands/microagents/unused.md':
        '---\ntype: repo\n---\nNot scanned for this repository.\n',
    },
  },
  {
    id: '812345604',
    full_name: 'octo-org/flaky-service',
    git_provider: 'github',
    is_public: true,
    stargazers_count: 5,
    pushed_at: '2025-09-01T10:00:00Z',
    owner_type: 'organization',
    main_branch: 'master',
    branches: branches('master', ['hotfix/timeout']),
    files: { '.openhands/microagents/repo.md': repoAgent },
    failing: 'Unknown error: 502 Bad Gateway',
  },
  {
    id: '61234501',
    full_name: 'acme/platform/backend/api',
    git_provider: 'gitlab',
    is_public: false,
    stargazers_count: 12,
    pushed_at: '2025-11-18T07:31:00Z',
    owner_type: 'organization',
    main_branch: 'main',
    branches: branches('main', ['feature/rate-limits', 'feature/auth/oidc', 'release/1.x']),
    files: {
      '.openhands/microagents/repo.md': repoAgent,
      '.openhands/microagents/testing.md': knowledgeTesting,
      '.openhands/microagents/ops/deploy.md':
        '---\nname: deploy\ntype: knowledge\ntriggers:\n  - deploy\n  - rollout\n---\n\nDeploys go through the `deploy` pipeline; never deploy on Fridays.\n',
      '.openhands/microagents/ops/README.md': '# Ops microagents\n',
      '.openhands/microagents/ops/runbooks/database.md':
        '---\ntriggers: [postgres, migration]\n---\n\nRun migrations with `make migrate`.\n',
      '.openhands/microagents/broken.md': brokenFrontMatter,
      '.cursorrules': 'Use Go modules; keep handlers thin.\n',
    },
  },
  {
    id: '61234502',
    full_name: 'acme/openhands-config',
    git_provider: 'gitlab',
    is_public: false,
    stargazers_count: 0,
    pushed_at: '2025-08-11T10:00:00Z',
    owner_type: 'organization',
    main_branch: 'main',
    branches: branches('main', []),
    files: {
      'microagents/security.md':
        '---\nname: security\ntype: knowledge\ntriggers: [secret, token]\n---\nNever print secrets.\n',
      'microagents/teams/frontend.md': '---\ntype: repo\n---\nThe frontend team owns `web/`.\n',
    },
  },
  {
    id: '{9f1c2a3b-7d4e-4f5a-8b6c-0d1e2f3a4b5c}',
    full_name: 'acme-team/payments',
    git_provider: 'bitbucket',
    is_public: false,
    stargazers_count: 0,
    pushed_at: '2025-11-10T13:20:00Z',
    owner_type: 'organization',
    main_branch: 'develop',
    branches: branches('develop', ['master', 'feature/PAY-142-refunds', 'bugfix/PAY-150/rounding']),
    files: {
      '.openhands/microagents/repo.md': repoAgent,
      '.openhands/microagents/README.md': '# readme\n',
    },
  },
];

export const seedSuggestedTasks = [
  {
    git_provider: 'github',
    task_type: 'FAILING_CHECKS',
    repo: 'octo-org/widgets',
    issue_number: 482,
    title: 'Fix the parser when a line has no "="',
  },
  {
    git_provider: 'github',
    task_type: 'OPEN_ISSUE',
    repo: 'octo-org/widgets',
    issue_number: 477,
    title: 'Lexer crashes on emoji in identifiers',
  },
  {
    git_provider: 'github',
    task_type: 'UNRESOLVED_COMMENTS',
    repo: 'octo-org/docs-site',
    issue_number: 31,
    title: 'Restructure the getting-started guide',
  },
  {
    git_provider: 'gitlab',
    task_type: 'MERGE_CONFLICTS',
    repo: 'acme/platform/backend/api',
    issue_number: 219,
    title: 'Add per-tenant rate limits',
  },
  {
    git_provider: 'gitlab',
    task_type: 'OPEN_PR',
    repo: 'acme/platform/backend/api',
    issue_number: 221,
    title: 'OIDC login',
  },
];

export const seedUsers: Record<Provider, Record<string, unknown>> = {
  github: {
    id: '583231',
    login: 'octocat',
    avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
    company: '@octo-org',
    name: 'The Octocat',
    email: 'octocat@example.com',
  },
  gitlab: {
    id: '4021',
    login: 'octo.gitlab',
    avatar_url: 'https://gitlab.example.test/uploads/-/system/user/avatar/4021/avatar.png',
    company: null,
    name: 'Octo GitLab',
    email: null,
  },
  bitbucket: {
    id: '{b1c2d3e4-0000-4000-8000-123456789abc}',
    login: 'octo-bb',
    avatar_url: 'https://bitbucket.org/account/octo-bb/avatar/',
    company: null,
    name: 'Octo Bitbucket',
    email: null,
  },
};

export const seedInstallations: Record<string, string[]> = {
  github: ['48213377', '51922004'],
  bitbucket: ['acme-team', 'octo-bb'],
};

/**
 * The fake rule standing in for "the provider accepted the token": GitHub personal tokens
 * (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), GitLab personal tokens (`glpat-`), and
 * Bitbucket app passwords (`ATBB…`) or API tokens (`ATATT…`), each followed by at least 20
 * url-safe characters. Any whitespace makes a token invalid (an HTTP header cannot carry it).
 */
export function providerOfToken(token: string): Provider | null {
  if (/\s/.test(token)) return null;
  if (/^(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})$/.test(token)) return 'github';
  if (/^glpat-[A-Za-z0-9_-]{20,}$/.test(token)) return 'gitlab';
  if (/^(ATBB|ATATT)[A-Za-z0-9_=-]{20,}$/.test(token)) return 'bitbucket';
  return null;
}

export function findRepository(fullName: string): SeedRepository | undefined {
  const wanted = fullName.toLowerCase();
  return seedRepositories.find((repo) => repo.full_name.toLowerCase() === wanted);
}

/** The microagents folder rule of docs/contract/v0-rest.md#microagent-files. */
export function microagentsFolder(repo: SeedRepository): string {
  const name = repo.full_name.split('/').pop() ?? '';
  if (repo.git_provider !== 'gitlab' && name === '.openhands') return 'microagents';
  if (repo.git_provider === 'gitlab' && name === 'openhands-config') return 'microagents';
  return '.openhands/microagents';
}

/** `*.md` except README.md in the folder (GitLab: recursively), plus `.cursorrules` first. */
export function listMicroagentFiles(repo: SeedRepository): { name: string; path: string }[] {
  const folder = `${microagentsFolder(repo)}/`;
  const out: { name: string; path: string }[] = [];
  if (repo.files['.cursorrules'] !== undefined)
    out.push({ name: 'cursorrules', path: '.cursorrules' });
  for (const path of Object.keys(repo.files).sort()) {
    if (!path.startsWith(folder)) continue;
    const rest = path.slice(folder.length);
    if (rest.includes('/') && repo.git_provider !== 'gitlab') continue;
    const fileName = rest.split('/').pop() ?? '';
    if (!fileName.endsWith('.md') || fileName === 'README.md') continue;
    out.push({ name: fileName.replace('.md', ''), path });
  }
  return out;
}

export class FrontMatterError extends Error {}

export interface ParsedMicroagent {
  metadata: Record<string, unknown>;
  content: string;
}

function parseScalar(raw: string): unknown {
  const value = raw.trim();
  if (value === '') return '';
  if (value.startsWith('[')) {
    if (!value.endsWith(']')) throw new FrontMatterError(`unterminated flow sequence: ${value}`);
    return value
      .slice(1, -1)
      .split(',')
      .map((item) => item.trim().replace(/^['"]|['"]$/g, ''))
      .filter((item) => item.length > 0);
  }
  if (/^['"].*['"]$/.test(value)) return value.slice(1, -1);
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^-?\d+(\.\d+)?$/.test(value) && !/^\d+\.\d+\.\d+/.test(value)) return Number(value);
  return value;
}

/**
 * Splits a microagent file into YAML front-matter and body (the subset of YAML the seeded files
 * use: scalars, flow lists, block lists of scalars or of one-level maps).
 */
export function parseMicroagent(text: string): ParsedMicroagent {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { metadata: {}, content: text };
  const [, yaml = '', body = ''] = match;
  const metadata: Record<string, unknown> = {};
  let currentKey: string | null = null;
  let currentItem: Record<string, unknown> | null = null;
  for (const line of yaml.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const item = /^\s+-\s*(.*)$/.exec(line);
    if (item && currentKey) {
      if (!Array.isArray(metadata[currentKey])) metadata[currentKey] = [];
      const list = metadata[currentKey] as unknown[];
      const entry = /^([\w-]+):\s*(.*)$/.exec(item[1] ?? '');
      if (entry) {
        currentItem = { [entry[1] as string]: parseScalar(entry[2] ?? '') };
        list.push(currentItem);
      } else {
        currentItem = null;
        list.push(parseScalar(item[1] ?? ''));
      }
      continue;
    }
    const nested = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (nested && currentItem) {
      currentItem[nested[1] as string] = parseScalar(nested[2] ?? '');
      continue;
    }
    const pair = /^([\w-]+):\s*(.*)$/.exec(line);
    if (!pair) throw new FrontMatterError(`cannot parse front-matter line: ${line}`);
    currentKey = pair[1] as string;
    currentItem = null;
    metadata[currentKey] = pair[2]?.trim() ? parseScalar(pair[2]) : [];
  }
  return { metadata, content: body.replace(/^\s+/, '') };
}

export function triggersOf(metadata: Record<string, unknown>): string[] {
  const triggers = metadata.triggers;
  return Array.isArray(triggers) ? triggers.map(String) : [];
}

/** Upstream names a microagent after its front-matter, else after its file. */
export function microagentType(metadata: Record<string, unknown>): 'repo' | 'knowledge' | 'task' {
  if (metadata.type === 'task' || Array.isArray(metadata.inputs)) return 'task';
  if (
    metadata.type === 'knowledge' ||
    (metadata.type === undefined && triggersOf(metadata).length > 0)
  ) {
    return 'knowledge';
  }
  return 'repo';
}

/** Global knowledge microagents every conversation loads (a few of upstream's public ones). */
export const globalMicroagents = [
  {
    name: 'github',
    triggers: ['github', 'git'],
    content:
      'You have access to an environment variable, `GITHUB_TOKEN`, which allows you to interact with the GitHub API.',
  },
  {
    name: 'docker',
    triggers: ['docker', 'container'],
    content: 'Docker is available in the sandbox; start the daemon with `sudo dockerd` if needed.',
  },
  {
    name: 'npm',
    triggers: ['npm'],
    content: 'When using npm to install packages, pass `--yes` to avoid interactive prompts.',
  },
];
