import { describe, expect, it } from 'vitest';
import type { PageContext } from '@/lib/hosts/page-context';
import type { RepositorySkills, Skill } from '@/lib/skills';
import { codeHostFileUrl, explainPath, kindLabel, problemWords, skipWords } from './skill-words';

const gitlab: PageContext = {
  provider: 'gitlab',
  host: 'git.example.com',
  baseUrl: 'https://git.example.com/gitlab',
  repository: 'g/sub/p',
  kind: 'repo',
  selfHosted: true,
};

const skill = (extra: Partial<Skill>): Skill => ({
  name: 'x',
  type: 'repo',
  activation: { kind: 'always' },
  format: 'legacy',
  origin: 'project',
  repository: 'g/sub/p',
  path: '.openhands/microagents/x.md',
  content: '',
  ...extra,
});

describe('words for skills', () => {
  it('says when a skill applies, in words', () => {
    expect(kindLabel(skill({}))).toBe('Always on');
    expect(
      kindLabel(skill({ type: 'knowledge', activation: { kind: 'keywords', triggers: ['a'] } })),
    ).toBe('On trigger');
    expect(kindLabel(skill({ type: 'agentskills', activation: { kind: 'on-demand' } }))).toBe(
      'Agent skill',
    );
    expect(
      kindLabel(skill({ type: 'knowledge', activation: { kind: 'paths', paths: ['src/**'] } })),
    ).toBe('For some files');
  });

  it('gives each problem a next step', () => {
    const limited = problemWords(
      { kind: 'rate-limited', until: null, withToken: false },
      gitlab,
      null,
    );
    expect(limited).toMatchObject({ offersToken: true, offersRetry: true });
    expect(limited.title).toBe(
      'GitLab (git.example.com) allows no more requests without a token for now.',
    );
    const html = problemWords({ kind: 'not-api', status: 200, bodyType: 'html' }, gitlab, null);
    expect(html.title).toBe(
      'What answers at git.example.com/gitlab/api/v4 is not GitLab (git.example.com)’s API.',
    );
    expect(html).toMatchObject({ offersOptions: true });
    expect(problemWords({ kind: 'token-rejected' }, gitlab, '…wxyz').title).toContain('…wxyz');
  });

  it('explains a broken front matter by line and problem', () => {
    expect(skipWords({ kind: 'front-matter', code: 'unclosed-list', line: 3 }, gitlab)).toBe(
      'Its front matter does not parse (line 3: a list opened with [ is never closed). Fix the YAML between the --- lines.',
    );
  });
});

describe('a file opened by its address', () => {
  const result: RepositorySkills = {
    repository: 'g/sub/p',
    ref: null,
    skills: [
      skill({
        name: 'pdf',
        type: 'agentskills',
        format: 'agentskills',
        path: '.agents/skills/pdf/SKILL.md',
      }),
    ],
    skipped: [
      {
        repository: 'g/sub/p',
        path: '.openhands/microagents/bad.md',
        origin: 'project',
        reason: { kind: 'front-matter', code: 'tab-indent', line: 2 },
      },
    ],
    organisation: [],
    folderRulesComplete: true,
    requests: 1,
    remaining: null,
  };
  it.each([
    ['.agents/skills/pdf/SKILL.md', 'skill'],
    ['.agents/skills/pdf/forms.md', 'reference'],
    ['.openhands/microagents/bad.md', 'skipped'],
    ['notes/guide.md', 'not-skill'],
  ])('%s is %s', (path, kind) => {
    expect(explainPath(result, path).kind).toBe(kind);
  });
});

describe('codeHostFileUrl', () => {
  const path = '.openhands/microagents/a b.md';
  it.each([
    [
      { provider: 'github', baseUrl: 'https://github.com', selfHosted: false },
      'o/r',
      null,
      'https://github.com/o/r/blob/HEAD/.openhands/microagents/a%20b.md',
    ],
    [
      { provider: 'gitlab', baseUrl: 'https://git.example.com/gitlab', selfHosted: true },
      'g/sub/p',
      'feature/x',
      'https://git.example.com/gitlab/g/sub/p/-/blob/feature%2Fx/.openhands/microagents/a%20b.md',
    ],
    [
      { provider: 'bitbucket', baseUrl: 'https://bitbucket.org', selfHosted: false },
      'w/r',
      null,
      'https://bitbucket.org/w/r/src/HEAD/.openhands/microagents/a%20b.md',
    ],
    [
      { provider: 'bitbucket', baseUrl: 'https://bb.example.com', selfHosted: true },
      'PROJ/repo',
      'main',
      'https://bb.example.com/projects/PROJ/repos/repo/browse/.openhands/microagents/a%20b.md?at=refs%2Fheads%2Fmain',
    ],
  ] as const)('%j %s', (context, repository, ref, url) => {
    expect(codeHostFileUrl(context, repository, ref, path)).toBe(url);
  });
});
