import { describe, expect, it } from 'vitest';
import {
  comparePaths,
  type FileText,
  filesToRead,
  type ListedFile,
  mergeSources,
  planOrganisation,
  planProject,
  resolveOrganisationRepository,
  resolveProject,
} from './rules';

function repo(files: Record<string, string>, complete = true) {
  const listed: ListedFile[] = Object.keys(files).map((path) => ({ path }));
  const plan = planProject(listed, complete);
  const texts = new Map<string, FileText>(
    Object.entries(files).map(([path, text]) => [path, { ok: true, text }]),
  );
  return { plan, texts, resolved: resolveProject(plan, texts, 'octo/widgets') };
}

const names = (skills: { name: string }[]) => skills.map((skill) => skill.name);

describe('which files the agent reads', () => {
  it('reads root instruction files whatever their case, the skill folders, and folder rules', () => {
    const { plan } = repo({
      'AGENTS.md': 'a',
      'claude.md': 'c',
      '.cursorrules': 'r',
      'README.md': 'no',
      'src/AGENTS.md': 'nested',
      '.agents/skills/pdf/SKILL.md': 's',
      '.agents/skills/pdf/reference.md': 'part of pdf',
      '.agents/skills/SKILL.md': 'not one folder down',
      '.agents/skills/deep/er/SKILL.md': 'two folders down',
      '.agents/skills/notes.txt': 'no',
      '.agents/skills/README.md': 'no',
      '.agents/skills/readme.md': 'yes: only README.md is left out',
      '.openhands/microagents/ops/deploy.md': 'nested legacy',
      '.openhands/setup.sh': 'no',
    });
    expect(filesToRead(plan).map((file) => file.path)).toEqual([
      '.cursorrules',
      'AGENTS.md',
      'claude.md',
      'src/AGENTS.md',
      '.agents/skills/pdf/SKILL.md',
      '.agents/skills/readme.md',
      '.openhands/microagents/ops/deploy.md',
    ]);
  });

  it('looks for folder rules only when the listing has every file', () => {
    expect(planProject([{ path: 'src/AGENTS.md' }], false).folderRules).toEqual([]);
  });

  it('orders paths segment by segment, as Python orders paths', () => {
    expect(['a-b/x.md', 'a/x.md'].sort(comparePaths)).toEqual(['a/x.md', 'a-b/x.md']);
  });
});

describe('what each file becomes', () => {
  it('derives type and activation from front matter, never from its `type`', () => {
    const { resolved } = repo({
      '.openhands/microagents/repo.md': '---\nname: repo\ntype: knowledge\n---\nAlways.',
      '.openhands/microagents/testing.md':
        '---\ntype: repo\ntriggers: [test, pytest]\n---\nRun tests.',
      '.openhands/microagents/release.md':
        '---\ntriggers: [/release-notes]\ninputs:\n  - name: VERSION\n    description: The version\n---\nWrite notes.',
      '.openhands/microagents/style.md':
        '---\npaths: "src/**, *.css"\ntriggers: [css]\n---\nStyle.',
      '.agents/skills/pdf-tools/SKILL.md':
        '---\nname: pdf-tools\ndescription: Read PDFs\n---\nUse it.',
    });
    const byName = Object.fromEntries(resolved.skills.map((s) => [s.name, s]));
    expect(byName.repo).toMatchObject({
      type: 'repo',
      activation: { kind: 'always' },
      content: 'Always.',
    });
    expect(byName.testing).toMatchObject({
      type: 'knowledge',
      activation: { kind: 'keywords', triggers: ['test', 'pytest'] },
    });
    expect(byName.release).toMatchObject({
      type: 'knowledge',
      activation: {
        kind: 'task',
        triggers: ['/release-notes', '/release'],
        inputs: [{ name: 'VERSION', description: 'The version' }],
      },
    });
    expect(byName.style).toMatchObject({
      activation: { kind: 'paths', paths: ['src/**', '*.css'] },
    });
    expect(byName['pdf-tools']).toMatchObject({
      type: 'agentskills',
      format: 'agentskills',
      activation: { kind: 'on-demand' },
      description: 'Read PDFs',
    });
  });

  it('names legacy files by their path in the folder, and instruction files by kind', () => {
    const { resolved } = repo({
      'AGENTS.md': '---\nname: ignored\n---\nRead whole.',
      'src/CLAUDE.md': 'Rules for src.',
      '.openhands/microagents/ops/deploy.md': 'Deploy.',
    });
    expect(resolved.skills.map((s) => [s.name, s.type, s.format])).toEqual([
      ['agents', 'repo', 'instructions'],
      ['claude:src', 'knowledge', 'folder-rule'],
      ['ops/deploy', 'repo', 'legacy'],
    ]);
    // Instruction files keep their front matter: the agent reads them whole.
    expect(resolved.skills[0]?.content).toBe('---\nname: ignored\n---\nRead whole.');
    expect(resolved.skills[1]?.activation).toEqual({ kind: 'paths', paths: ['src/**'] });
  });

  it('skips SKILL.md files whose name breaks the AgentSkills rule, saying how', () => {
    const { resolved } = repo({
      '.agents/skills/PDF/SKILL.md': 'x',
      '.agents/skills/ok/SKILL.md': '---\nname: other\n---\nx',
    });
    expect(resolved.skills).toEqual([]);
    expect(resolved.skipped.map((s) => s.reason)).toEqual([
      { kind: 'bad-name', name: 'PDF', folder: 'PDF', problems: ['characters'] },
      { kind: 'bad-name', name: 'other', folder: 'ok', problems: ['folder'] },
    ]);
  });

  it('skips a file with broken front matter or a wrong field, and keeps the rest', () => {
    const { resolved } = repo({
      '.openhands/microagents/broken.md': '---\nname: broken\ntriggers: [unterminated\n---\nx',
      '.openhands/microagents/scalar.md': '---\ntriggers: deploy\n---\nx',
      '.openhands/microagents/fine.md': 'x',
    });
    expect(names(resolved.skills)).toEqual(['fine']);
    expect(resolved.skipped.map((s) => [s.path, s.reason])).toEqual([
      [
        '.openhands/microagents/broken.md',
        { kind: 'front-matter', code: 'unclosed-list', line: 3 },
      ],
      [
        '.openhands/microagents/scalar.md',
        { kind: 'bad-field', field: 'triggers', expected: 'list' },
      ],
    ]);
  });

  it('loses the whole folder to an input the agent’s model refuses, as upstream does', () => {
    const { resolved } = repo({
      '.openhands/skills/a.md': 'x',
      '.openhands/skills/b.md': '---\ninputs:\n  - name: ONLY_NAME\n---\nx',
      '.openhands/microagents/c.md': 'x',
    });
    expect(names(resolved.skills)).toEqual(['c']);
    expect(resolved.skipped.map((s) => [s.path, s.reason.kind])).toEqual([
      ['.openhands/skills/a.md', 'folder-fails'],
      ['.openhands/skills/b.md', 'folder-fails'],
    ]);
  });
});

describe('who wins a name', () => {
  it('the first skill folder wins; instruction files come before all of them', () => {
    const { resolved } = repo({
      'AGENTS.md': 'root',
      '.agents/skills/testing/SKILL.md': 'new',
      '.openhands/skills/testing.md': 'older',
      '.openhands/microagents/testing.md': 'oldest',
      '.openhands/microagents/agents.md': 'loses to the root file',
    });
    expect(resolved.skills.map((s) => [s.name, s.path])).toEqual([
      ['agents', 'AGENTS.md'],
      // An AGENTS.md below the root is also a rule for its folder, wherever that folder is.
      ['agents:.openhands/microagents', '.openhands/microagents/agents.md'],
      ['testing', '.agents/skills/testing/SKILL.md'],
    ]);
    expect(resolved.skipped.map((s) => [s.path, s.reason])).toEqual([
      [
        '.openhands/skills/testing.md',
        {
          kind: 'duplicate',
          name: 'testing',
          keptPath: '.agents/skills/testing/SKILL.md',
          keptRepository: 'octo/widgets',
        },
      ],
      [
        '.openhands/microagents/agents.md',
        {
          kind: 'duplicate',
          name: 'agents',
          keptPath: 'AGENTS.md',
          keptRepository: 'octo/widgets',
        },
      ],
      [
        '.openhands/microagents/testing.md',
        {
          kind: 'duplicate',
          name: 'testing',
          keptPath: '.agents/skills/testing/SKILL.md',
          keptRepository: 'octo/widgets',
        },
      ],
    ]);
  });

  it('inside one folder, always-on files come before triggered ones and SKILL.md last', () => {
    const { resolved } = repo({
      '.agents/skills/x/SKILL.md': 'agent skill',
      '.agents/skills/x.md': 'always on',
    });
    expect(resolved.skills.map((s) => s.path)).toEqual(['.agents/skills/x.md']);
  });

  it('AGENT.md sorts before AGENTS.md, so it is the one named agents', () => {
    const { resolved } = repo({ 'AGENTS.md': 'plural', 'AGENT.md': 'singular' });
    expect(resolved.skills.map((s) => s.path)).toEqual(['AGENT.md']);
  });

  it('organisation repositories: the later one wins, and the repository’s own skill over both', () => {
    const org = (repository: string, files: Record<string, string>) => {
      const plan = planOrganisation(Object.keys(files).map((path) => ({ path })));
      const texts = new Map<string, FileText>(
        Object.entries(files).map(([path, text]) => [path, { ok: true, text }]),
      );
      return resolveOrganisationRepository(plan, texts, repository);
    };
    const openhands = org('octo/.openhands', {
      'skills/security.md': 'a',
      'microagents/security.md': 'loses inside its repository',
      'microagents/style.md': 'b',
    });
    const agents = org('octo/.agents', { 'skills/style.md': 'wins over .openhands' });
    const own = repo({ '.openhands/microagents/security.md': 'the repository’s own' }).resolved;
    const merged = mergeSources([openhands, agents], own);
    expect(merged.skills.map((s) => [s.name, s.repository, s.origin])).toEqual([
      ['security', 'octo/widgets', 'project'],
      ['style', 'octo/.agents', 'organisation'],
    ]);
    expect(openhands.skipped[0]?.path).toBe('microagents/security.md');
    expect(merged.skipped.map((s) => s.reason.kind)).toEqual(['duplicate', 'overridden']);
  });
});
