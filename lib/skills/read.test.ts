import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeHostOptions, fakeCodeHost } from '@/tests/support/code-host-apis';
import { clearSkillTextCache, readRepositorySkills, type SkillsTarget } from './read';
import { CodeHostError } from './types';

const NOW = Date.UTC(2026, 8, 1, 12, 0, 0);

const testing = '---\ntriggers:\n  - test\n  - pytest\n---\nRun `npm test`.';
const pdf = '---\nname: pdf-tools\ndescription: Read PDFs\n---\nUse pdftotext.';

function host(options: Omit<FakeHostOptions, 'apiBase'> & { apiBase?: string }) {
  const apiBase =
    options.apiBase ??
    {
      github: 'https://api.github.com',
      gitlab: 'https://gitlab.com/api/v4',
      bitbucket: 'https://api.bitbucket.org/2.0',
      'bitbucket-dc': 'https://bb.example.com/rest/api/1.0',
    }[options.kind];
  return fakeCodeHost({ ...options, apiBase });
}

const github = (repository: string, extra: Partial<SkillsTarget> = {}): SkillsTarget => ({
  provider: 'github',
  baseUrl: 'https://github.com',
  repository,
  selfHosted: false,
  ...extra,
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CodeHostError) return error.problem;
    throw error;
  }
  throw new Error('expected a CodeHostError');
}

beforeEach(clearSkillTextCache);

describe('GitHub', () => {
  const world = () =>
    host({
      kind: 'github',
      anonymous: { limit: 60, remaining: 60, resetAt: NOW + 3_600_000 },
      tokens: ['ghp_good'],
      repositories: {
        'octo/widgets': {
          files: {
            'README.md': '# Widgets',
            'AGENTS.md': 'Use npm.',
            'CLAUDE.md': { link: 'AGENTS.md' },
            '.agents/skills/pdf-tools/SKILL.md': pdf,
            '.agents/skills/pdf-tools/reference.md': 'Details.',
            '.openhands/microagents/testing.md': testing,
            'src/server/AGENTS.md': 'Server rules.',
          },
        },
        'octo/.openhands': { files: { 'microagents/security.md': 'Never log secrets.' } },
        'octo/private-repo': { private: true, files: { 'AGENTS.md': 'Secret rules.' } },
        'octo/empty': { files: {} },
      },
    });

  it('reads a public repository anonymously: one tree, its skill files, the organisation', async () => {
    const fake = world();
    const result = await readRepositorySkills(github('octo/widgets'), {
      fetch: fake.fetch,
      token: null,
      now: () => NOW,
    });
    expect(result.skills.map((s) => [s.name, s.type, s.origin])).toEqual([
      ['agents', 'repo', 'project'],
      ['agents:src/server', 'knowledge', 'project'],
      ['pdf-tools', 'agentskills', 'project'],
      ['testing', 'knowledge', 'project'],
      ['security', 'repo', 'organisation'],
    ]);
    // CLAUDE.md links to AGENTS.md: the agent loads that file once.
    expect(result.skills.find((s) => s.name === 'claude')).toBeUndefined();
    expect(result.organisation).toEqual([
      { repository: 'octo/.openhands', status: { kind: 'read', skills: 1 } },
      { repository: 'octo/.agents', status: { kind: 'absent', withToken: false } },
    ]);
    expect(result.folderRulesComplete).toBe(true);
    // Tree, link, 4 files; two organisation trees and one file.
    expect(result.requests).toBe(9);
    expect(fake.log.filter((url) => url.includes('/git/trees/')).length).toBe(3);
    expect(result.remaining).toEqual({ count: 51, resetAt: NOW + 3_600_000 });
  });

  it('reads unchanged files from memory on the next look', async () => {
    const fake = world();
    await readRepositorySkills(github('octo/widgets'), { fetch: fake.fetch, token: null });
    const again = await readRepositorySkills(github('octo/widgets'), {
      fetch: fake.fetch,
      token: null,
    });
    expect(again.requests).toBe(3);
  });

  it('tells a private or unknown repository from an empty one', async () => {
    const fake = world();
    expect(
      await failure(
        readRepositorySkills(github('octo/private-repo'), { fetch: fake.fetch, token: null }),
      ),
    ).toEqual({
      kind: 'not-found',
      withToken: false,
    });
    const withToken = await readRepositorySkills(github('octo/private-repo'), {
      fetch: fake.fetch,
      token: 'ghp_good',
    });
    expect(withToken.skills.map((s) => [s.content, s.origin])).toEqual([
      ['Secret rules.', 'project'],
      ['Never log secrets.', 'organisation'],
    ]);
    const empty = await readRepositorySkills(github('octo/empty'), {
      fetch: fake.fetch,
      token: null,
    });
    expect(empty.skills.filter((s) => s.origin === 'project')).toEqual([]);
  });

  it('says which: the token is refused, the branch does not exist', async () => {
    const fake = world();
    expect(
      await failure(
        readRepositorySkills(github('octo/widgets'), { fetch: fake.fetch, token: 'ghp_bad' }),
      ),
    ).toEqual({
      kind: 'token-rejected',
    });
    expect(
      await failure(
        readRepositorySkills(github('octo/widgets', { branch: 'nope' }), {
          fetch: fake.fetch,
          token: null,
        }),
      ),
    ).toEqual({ kind: 'ref-not-found', ref: 'nope' });
  });

  it('is rate limited until the reset the host gives', async () => {
    const fake = world();
    (fake.options.anonymous as { remaining: number }).remaining = 0;
    expect(
      await failure(
        readRepositorySkills(github('octo/widgets'), { fetch: fake.fetch, token: null }),
      ),
    ).toEqual({
      kind: 'rate-limited',
      until: NOW + 3_600_000,
      withToken: false,
      limit: 60,
    });
  });

  it('lists files it had no allowance left to read, with the time it comes back', async () => {
    const fake = world();
    (fake.options.anonymous as { remaining: number }).remaining = 3;
    const result = await readRepositorySkills(github('octo/widgets'), {
      fetch: fake.fetch,
      token: null,
    });
    expect(result.skipped.filter((s) => s.reason.kind === 'not-read').length).toBeGreaterThan(0);
    expect(result.skipped.find((s) => s.reason.kind === 'not-read')?.reason).toEqual({
      kind: 'not-read',
      cause: 'allowance',
      until: NOW + 3_600_000,
    });
  });

  it('falls back to the skill folders when the tree is too big for one answer', async () => {
    const fake = world();
    fake.options.truncateTrees = true;
    const result = await readRepositorySkills(github('octo/widgets'), {
      fetch: fake.fetch,
      token: null,
    });
    expect(result.folderRulesComplete).toBe(false);
    expect(result.skills.map((s) => s.name)).toContain('pdf-tools');
    expect(result.skills.map((s) => s.name)).not.toContain('agents:src/server');
  });

  it('uses `<origin>/api/v3` on GitHub Enterprise and says when an HTML page answers', async () => {
    const fake = host({
      kind: 'github',
      apiBase: 'https://ghe.example.com/api/v3',
      repositories: { 'team/app': { files: { 'AGENTS.md': 'x' } } },
    });
    const target = github('team/app', { baseUrl: 'https://ghe.example.com', selfHosted: true });
    expect(
      (await readRepositorySkills(target, { fetch: fake.fetch, token: null })).skills,
    ).toHaveLength(1);
    const html = async () =>
      new Response('<!DOCTYPE html><html><body>Sign in</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    expect(await failure(readRepositorySkills(target, { fetch: html, token: null }))).toEqual({
      kind: 'not-api',
      status: 200,
      bodyType: 'html',
    });
  });

  it('never sends the token anywhere but the API, and never follows a redirect', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(null, { status: 301, headers: { location: 'https://elsewhere.test/' } });
    };
    expect(
      await failure(readRepositorySkills(github('octo/renamed'), { fetch, token: 't' })),
    ).toEqual({
      kind: 'redirected',
    });
    expect(seen[0]?.init).toMatchObject({ redirect: 'manual', credentials: 'omit' });
    expect(new URL(seen[0]?.url as string).origin).toBe('https://api.github.com');
  });

  it('reads a literal tree answer as GitHub documents it', async () => {
    // From docs.github.com "Get a tree" (trimmed): blobs with size, trees without.
    const answers: Record<string, Response> = {
      'https://api.github.com/repos/octocat/Hello-World/git/trees/HEAD?recursive=1': Response.json({
        sha: '9fb037999f264ba9a7fc6274d15fa3ae2ab98312',
        url: 'https://api.github.com/repos/octocat/Hello-World/trees/9fb037999f264ba9a7fc6274d15fa3ae2ab98312',
        tree: [
          {
            path: '.openhands',
            mode: '040000',
            type: 'tree',
            sha: 'f484d249c660418515fb01c2b9662073663c242e',
            url: 'https://api.github.com/repos/octocat/Hello-World/git/blobs/f484d249c660418515fb01c2b9662073663c242e',
          },
          {
            path: '.openhands/microagents/repo.md',
            mode: '100644',
            type: 'blob',
            size: 30,
            sha: '44b4fc6d56897b048c772eb4087f854f46256132',
            url: 'https://api.github.com/repos/octocat/Hello-World/git/blobs/44b4fc6d56897b048c772eb4087f854f46256132',
          },
        ],
        truncated: false,
      }),
      'https://api.github.com/repos/octocat/Hello-World/git/blobs/44b4fc6d56897b048c772eb4087f854f46256132':
        new Response('This repository says hello.', {
          headers: { 'content-type': 'application/vnd.github.raw' },
        }),
    };
    const fetch = async (url: string) =>
      answers[url] ?? Response.json({ message: 'Not Found', status: '404' }, { status: 404 });
    const result = await readRepositorySkills(github('octocat/Hello-World'), {
      fetch,
      token: null,
    });
    expect(result.skills.map((s) => [s.name, s.content])).toEqual([
      ['repo', 'This repository says hello.'],
    ]);
  });
});

describe('GitLab', () => {
  const target = (repository: string, baseUrl = 'https://gitlab.com'): SkillsTarget => ({
    provider: 'gitlab',
    baseUrl,
    repository,
    selfHosted: baseUrl !== 'https://gitlab.com',
  });

  it('addresses nested groups by their encoded path and reads the parent group’s openhands-config', async () => {
    const fake = host({
      kind: 'gitlab',
      repositories: {
        'acme/platform/backend/api': {
          files: {
            '.openhands/microagents/ops/deploy.md': '---\ntriggers: [deploy]\n---\nRoll out.',
          },
        },
        'backend/openhands-config': { files: { 'skills/style.md': 'Style.' } },
      },
    });
    const result = await readRepositorySkills(target('acme/platform/backend/api'), {
      fetch: fake.fetch,
      token: null,
    });
    expect(result.skills.map((s) => [s.name, s.repository])).toEqual([
      ['ops/deploy', 'acme/platform/backend/api'],
      ['style', 'backend/openhands-config'],
    ]);
    expect(fake.log[0]).toContain('/projects/acme%2Fplatform%2Fbackend%2Fapi/repository/tree?');
  });

  it('follows pages of a small tree, and reads a large one folder by folder', async () => {
    const files: Record<string, string> = { 'AGENTS.md': 'root', 'lib/AGENTS.md': 'lib rules' };
    for (let i = 0; i < 30; i++) files[`src/file${i}.ts`] = `// ${i}`;
    files['.agents/skills/review/SKILL.md'] = '---\ndescription: Review\n---\nx';
    const small = host({ kind: 'gitlab', pageSize: 20, repositories: { 'g/p': { files } } });
    const read = await readRepositorySkills(target('g/p'), { fetch: small.fetch, token: null });
    expect(read.folderRulesComplete).toBe(true);
    expect(read.skills.map((s) => s.name)).toEqual(['agents', 'agents:lib', 'review']);

    const large = host({ kind: 'gitlab', pageSize: 5, repositories: { 'g/p': { files } } });
    const partial = await readRepositorySkills(target('g/p'), { fetch: large.fetch, token: null });
    expect(partial.folderRulesComplete).toBe(false);
    expect(partial.skills.map((s) => s.name)).toEqual(['agents', 'review']);
    expect(large.log.some((url) => url.includes('path=.agents'))).toBe(true);
  });

  it('on a self-managed instance: a relative root, the token, and a 429 with Retry-After', async () => {
    const fake = host({
      kind: 'gitlab',
      apiBase: 'https://git.example.com/gitlab/api/v4',
      tokens: ['glpat-good'],
      anonymous: { limit: 10, remaining: 0, resetAt: NOW + 60_000 },
      repositories: { 'team/app': { private: true, files: { '.cursorrules': 'Be brief.' } } },
    });
    const self = target('team/app', 'https://git.example.com/gitlab');
    expect(
      await failure(readRepositorySkills(self, { fetch: fake.fetch, token: null, now: () => NOW })),
    ).toEqual({
      kind: 'rate-limited',
      until: NOW + 60_000,
      withToken: false,
      limit: 10,
    });
    const ok = await readRepositorySkills(self, { fetch: fake.fetch, token: 'glpat-good' });
    expect(ok.skills.map((s) => s.name)).toEqual(['cursorrules']);
    expect(
      await failure(readRepositorySkills(self, { fetch: fake.fetch, token: 'glpat-bad' })),
    ).toEqual({
      kind: 'token-rejected',
    });
  });
});

describe('Bitbucket', () => {
  it('Cloud: the main branch, the root, the skill folders, the workspace’s .openhands', async () => {
    const fake = host({
      kind: 'bitbucket',
      repositories: {
        'acme-team/payments': {
          defaultBranch: 'develop',
          files: { 'GEMINI.md': 'Gemini rules.', '.openhands/microagents/repo.md': 'Payments.' },
        },
        'acme-team/.openhands': {
          files: { 'microagents/pci.md': '---\ntriggers: [card]\n---\nPCI.' },
        },
      },
    });
    const result = await readRepositorySkills(
      {
        provider: 'bitbucket',
        baseUrl: 'https://bitbucket.org',
        repository: 'acme-team/payments',
        selfHosted: false,
      },
      { fetch: fake.fetch, token: null },
    );
    expect(result.ref).toBe('develop');
    expect(result.skills.map((s) => [s.name, s.origin])).toEqual([
      ['gemini', 'project'],
      ['repo', 'project'],
      ['pci', 'organisation'],
    ]);
    expect(
      fake.log.some(
        (url) => url.includes('/src/develop/.openhands/?') && url.includes('max_depth='),
      ),
    ).toBe(true);
  });

  it('Cloud: an app password goes as Basic, an access token as Bearer', async () => {
    const seen: string[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('authorization') ?? '');
      return Response.json({ type: 'error', error: { message: 'x' } }, { status: 404 });
    };
    const target: SkillsTarget = {
      provider: 'bitbucket',
      baseUrl: 'https://bitbucket.org',
      repository: 'w/r',
      selfHosted: false,
    };
    await failure(readRepositorySkills(target, { fetch, token: 'me:app-pass' }));
    await failure(readRepositorySkills(target, { fetch, token: 'ATCTT3x' }));
    expect(seen).toEqual([`Basic ${btoa('me:app-pass')}`, 'Bearer ATCTT3x']);
  });

  it('Data Center: browse, files and raw under the context path; 401 means a token is needed', async () => {
    const fake = host({
      kind: 'bitbucket-dc',
      apiBase: 'https://bb.example.com/bitbucket/rest/api/1.0',
      tokens: ['BBDC-good'],
      repositories: {
        'PROJ/repo': {
          private: true,
          files: {
            'AGENTS.md': 'DC rules.',
            '.agents/skills/lint/SKILL.md': '---\ndescription: Lint\n---\nRun lint.',
          },
        },
      },
    });
    const target: SkillsTarget = {
      provider: 'bitbucket',
      baseUrl: 'https://bb.example.com/bitbucket',
      repository: 'PROJ/repo',
      selfHosted: true,
    };
    expect(await failure(readRepositorySkills(target, { fetch: fake.fetch, token: null }))).toEqual(
      {
        kind: 'needs-token',
      },
    );
    const ok = await readRepositorySkills(target, { fetch: fake.fetch, token: 'BBDC-good' });
    expect(ok.skills.map((s) => s.name)).toEqual(['agents', 'lint']);
    expect(fake.log).toContain(
      'https://bb.example.com/bitbucket/rest/api/1.0/projects/PROJ/repos/repo/files/.agents?limit=1000&start=0',
    );
  });
});

describe('huge files', () => {
  it('reads at most 256 KB of a file and says how big it was', async () => {
    const body = `---\ntriggers: [big]\n---\n${'x'.repeat(600 * 1024)}`;
    const fake = host({
      kind: 'github',
      repositories: { 'o/r': { files: { '.openhands/microagents/big.md': body } } },
    });
    const result = await readRepositorySkills(github('o/r'), { fetch: fake.fetch, token: null });
    const big = result.skills[0];
    expect(big?.activation).toEqual({ kind: 'keywords', triggers: ['big'] });
    expect(big?.truncated).toMatchObject({ readBytes: 256 * 1024 });
    expect(big?.content.length).toBeLessThan(257 * 1024);
  });
});
