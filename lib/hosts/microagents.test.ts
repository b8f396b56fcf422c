import { describe, expect, it } from 'vitest';
import { bitbucketAdapter, githubAdapter, gitlabAdapter, isMicroagentFile } from '@/lib/hosts';

// docs/contract/v0-rest.md#microagent-files: `.md` files except README.md in
// `.openhands/microagents/` (or in `microagents/` when the repository is named `.openhands` /
// `openhands-config`), GitLab recursively, plus the root `.cursorrules`.
type Row = [repository: string, path: string, flat: boolean, recursive: boolean];

const rows: Row[] = [
  ['octo/widgets', '.openhands/microagents/testing.md', true, true],
  ['octo/widgets', '.openhands/microagents/README.md', false, false],
  ['octo/widgets', '.openhands/microagents/readme.md', true, true],
  ['octo/widgets', '.openhands/microagents/notes.txt', false, false],
  ['octo/widgets', '.openhands/microagents/team/backend.md', false, true],
  ['octo/widgets', '.openhands/microagents/team/README.md', false, false],
  ['octo/widgets', '.openhands/microagents', false, false],
  ['octo/widgets', '.openhands/microagents.md', false, false],
  ['octo/widgets', '.openhands/setup.sh', false, false],
  ['octo/widgets', 'microagents/testing.md', false, false],
  ['octo/widgets', 'docs/.openhands/microagents/testing.md', false, false],
  ['octo/widgets', '.cursorrules', true, true],
  ['octo/widgets', 'src/.cursorrules', false, false],
  ['octo/widgets', '/.openhands/microagents/testing.md', true, true],
  ['octo/.openhands', 'microagents/org-rules.md', true, true],
  ['octo/.openhands', '.openhands/microagents/org-rules.md', false, false],
  ['octo/.openhands', 'microagents/README.md', false, false],
  ['acme/platform/openhands-config', 'microagents/review.md', true, true],
  ['acme/platform/openhands-config', 'microagents/deep/review.md', false, true],
  ['acme/platform/openhands-config', '.cursorrules', true, true],
  ['acme/platform/api', '.openhands/microagents/a/b/c.md', false, true],
];

describe('isMicroagentFile', () => {
  it.each(rows)('%s %s', (repository, path, flat, recursive) => {
    expect(githubAdapter.isMicroagentFile(repository, path)).toBe(flat);
    expect(bitbucketAdapter.isMicroagentFile(repository, path)).toBe(flat);
    expect(gitlabAdapter.isMicroagentFile(repository, path)).toBe(recursive);
    expect(isMicroagentFile(repository, path, 'gitlab')).toBe(recursive);
    expect(isMicroagentFile(repository, path, 'github')).toBe(flat);
    expect(isMicroagentFile(repository, path)).toBe(flat);
  });
});
