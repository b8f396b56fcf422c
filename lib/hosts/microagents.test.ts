import { describe, expect, it } from 'vitest';
import { bitbucketAdapter, githubAdapter, gitlabAdapter, isMicroagentFile } from '@/lib/hosts';
import { skillFileRole } from './shared';

// docs/contract/skills.md#what-the-agent-reads: what the 1.x loader reads, from the path alone.
type Row = [repository: string, path: string, role: ReturnType<typeof skillFileRole>];

const rows: Row[] = [
  ['octo/widgets', '.openhands/microagents/testing.md', 'skill'],
  ['octo/widgets', '.openhands/microagents/team/backend.md', 'skill'],
  ['octo/widgets', '.openhands/microagents/README.md', null],
  ['octo/widgets', '.openhands/microagents/readme.md', 'skill'],
  ['octo/widgets', '.openhands/microagents/notes.txt', null],
  ['octo/widgets', '.openhands/microagents', null],
  ['octo/widgets', '.openhands/skills/deploy.md', 'skill'],
  ['octo/widgets', '.agents/skills/pdf-tools/SKILL.md', 'skill'],
  ['octo/widgets', '.agents/skills/pdf-tools/skill.md', 'skill'],
  ['octo/widgets', '.agents/skills/SKILL.md', null],
  ['octo/widgets', '.agents/skills/a/b/SKILL.md', null],
  ['octo/widgets', '.agents/skills/pdf-tools/reference.md', 'skill'],
  ['octo/widgets', '.openhands/setup.sh', null],
  ['octo/widgets', 'microagents/testing.md', null],
  ['octo/widgets', 'docs/.openhands/microagents/testing.md', null],
  ['octo/widgets', '.cursorrules', 'instructions'],
  ['octo/widgets', 'AGENTS.md', 'instructions'],
  ['octo/widgets', 'agent.md', 'instructions'],
  ['octo/widgets', 'Claude.md', 'instructions'],
  ['octo/widgets', 'GEMINI.md', 'instructions'],
  ['octo/widgets', 'src/AGENTS.md', 'folder-rule'],
  ['octo/widgets', 'src/.cursorrules', 'folder-rule'],
  ['octo/widgets', 'README.md', null],
  ['octo/widgets', '/.openhands/microagents/testing.md', 'skill'],
  ['octo/.openhands', 'microagents/org-rules.md', 'organisation-skill'],
  ['octo/.openhands', 'skills/style.md', 'organisation-skill'],
  ['octo/.agents', 'skills/review/SKILL.md', 'organisation-skill'],
  ['octo/.openhands', 'microagents/README.md', null],
  ['octo/.openhands', 'other/x.md', null],
];

describe('skillFileRole', () => {
  it.each(rows)('%s %s', (repository, path, role) => {
    expect(skillFileRole(repository, path, 'github')).toBe(role);
    expect(githubAdapter.isMicroagentFile(repository, path)).toBe(role !== null);
    expect(bitbucketAdapter.isMicroagentFile(repository, path)).toBe(role !== null);
    expect(isMicroagentFile(repository, path, 'github')).toBe(role !== null);
  });

  it('names GitLab’s organisation repository openhands-config, never .openhands', () => {
    expect(gitlabAdapter.isMicroagentFile('acme/openhands-config', 'microagents/review.md')).toBe(
      true,
    );
    expect(gitlabAdapter.isMicroagentFile('acme/openhands-config', 'skills/deep/review.md')).toBe(
      true,
    );
    expect(gitlabAdapter.isMicroagentFile('acme/.openhands', 'microagents/review.md')).toBe(false);
    expect(githubAdapter.isMicroagentFile('acme/openhands-config', 'microagents/review.md')).toBe(
      false,
    );
    expect(isMicroagentFile('acme/platform/openhands-config', 'skills/x.md', 'gitlab')).toBe(true);
  });
});
