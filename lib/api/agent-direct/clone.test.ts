import { describe, expect, it } from 'vitest';
import {
  cloneCommand,
  cloneProblemOf,
  cloneRoot,
  cloneStopCommand,
  credentialLine,
  isBranchName,
  isCloneFolder,
  isRepositoryName,
} from './clone';

describe('the clone command', () => {
  it('names the credential file, never the token, and quotes everything a shell could read', () => {
    const command = cloneCommand({
      provider: 'github',
      repository: 'octo-org/widgets',
      branch: "it's-a-branch",
      folder: '/home/openhands/handoff/widgets-1a2b3c4d',
      credentialFile: '/home/openhands/.handoff/credentials-1',
    });
    expect(command).toBe(
      "mkdir -p '/home/openhands/handoff' && git -c credential.helper='store --file=/home/openhands/.handoff/credentials-1' clone -b 'it'\\''s-a-branch' 'https://github.com/octo-org/widgets.git' '/home/openhands/handoff/widgets-1a2b3c4d'",
    );
  });

  it('writes the token as git’s credential store reads it, percent-encoded', () => {
    expect(credentialLine('gitlab', 'glpat-a/b+c')).toBe(
      'https://oauth2:glpat-a%2Fb%2Bc@gitlab.com\n',
    );
  });

  it('refuses names a shell or git could misread', () => {
    expect(isRepositoryName('octo-org/widgets')).toBe(true);
    expect(isRepositoryName('group/sub/project')).toBe(true);
    expect(isRepositoryName('widgets')).toBe(false);
    expect(isRepositoryName('octo/../etc')).toBe(false);
    expect(isRepositoryName('octo/w; rm -rf ~')).toBe(false);
    expect(isBranchName('feature/x')).toBe(true);
    expect(isBranchName('--upload-pack=evil')).toBe(false);
    expect(isBranchName('a..b')).toBe(false);
  });
});

describe('what went wrong, from git’s words', () => {
  it.each([
    ['remote: Invalid username or token.\nfatal: Authentication failed for …', 0, 'token-rejected'],
    [
      "fatal: could not read Username for 'https://github.com': No such device or address",
      128,
      'needs-token',
    ],
    ['remote: Repository not found.\nfatal: repository … not found', 128, 'not-found'],
    [
      'warning: Could not find remote branch x to clone.\nfatal: Remote branch x not found in upstream origin',
      128,
      'branch-missing',
    ],
    [
      "fatal: destination path 'w' already exists and is not an empty directory.",
      128,
      'folder-exists',
    ],
    ['', -1, 'timed-out'],
    ['fatal: early EOF', 128, 'failed'],
  ])('%s', (stderr, code, problem) => {
    expect(cloneProblemOf(stderr, code)).toBe(problem);
  });
});

describe('the command that ends a clone', () => {
  const plan = {
    provider: 'github' as const,
    repository: 'octo-org/my.widgets',
    branch: 'main',
    folder: '/home/open hands/handoff/my.widgets-1a2b3c4d',
    credentialFile: '/home/open hands/.handoff/credentials-1',
  };
  const stop = cloneStopCommand(plan.folder);
  // The pattern pgrep is given, as the shell hands it over (single-quoted, nothing inside).
  const pattern = new RegExp(/-f '(.*)'\)"$/.exec(stop)?.[1] ?? 'no pattern');
  // What /proc/<pid>/cmdline shows, arguments joined by spaces, as `pgrep -f` matches it.
  const shellOf = (command: string) => `/bin/sh -c ${command}`;
  const gitLine = `git -c credential.helper=store --file=${plan.credentialFile} clone -b main https://github.com/octo-org/my.widgets.git ${plan.folder}`;

  it('ends every process of the clone’s session, found by the clone’s command line', () => {
    expect(stop).toBe(
      `pkill -s "$(pgrep -d, -f '[g]it .*clone .*/home/open hands/handoff/my\\.widgets-1a2b3c4d')"`,
    );
    expect(pattern.test(shellOf(cloneCommand(plan)))).toBe(true);
    expect(pattern.test(gitLine)).toBe(true);
  });

  it('does not match the shell that runs it, nor another clone', () => {
    expect(pattern.test(shellOf(stop))).toBe(false);
    expect(pattern.test(stop)).toBe(false);
    expect(pattern.test(gitLine.replaceAll('1a2b3c4d', '9f8e7d6c'))).toBe(false);
    // The dot is a dot, not any character.
    expect(pattern.test(gitLine.replaceAll('my.widgets-', 'myXwidgets-'))).toBe(false);
    expect(pattern.test(`vim ${plan.folder}/README.md`)).toBe(false);
  });
});

describe('the clone folder chosen for a server', () => {
  it('takes full paths and paths in the home folder', () => {
    for (const folder of [
      '/srv/work',
      '~',
      '~/work/repos',
      '/home/ana/Código',
      '/a/b+c@d,e_f-g.h',
    ]) {
      expect(isCloneFolder(folder), folder).toBe(true);
    }
  });

  it('refuses what a shell or git could misread, relative paths and parent parts', () => {
    for (const folder of [
      '',
      '/',
      'work',
      './work',
      '~ana/work',
      '/srv/../etc',
      '/srv/./work',
      '/srv/work/',
      '/srv//work',
      "/srv/it's",
      '/srv/a b',
      '/srv/$(id)',
      '/srv/a;b',
      '/srv/`id`',
      '/srv/a\nb',
      '/srv/a\u0007b',
      `/${'a'.repeat(160)}`,
    ]) {
      expect(isCloneFolder(folder), JSON.stringify(folder)).toBe(false);
    }
  });

  it('puts clones in the chosen folder, or in <home>/handoff, saying when a choice was refused', () => {
    expect(cloneRoot('/home/openhands/', null)).toEqual({
      path: '/home/openhands/handoff',
      refused: false,
    });
    expect(cloneRoot('/home/openhands', '~/work')).toEqual({
      path: '/home/openhands/work',
      refused: false,
    });
    expect(cloneRoot('/home/openhands', '~')).toEqual({ path: '/home/openhands', refused: false });
    expect(cloneRoot('/home/openhands', '/srv/work')).toEqual({
      path: '/srv/work',
      refused: false,
    });
    expect(cloneRoot('/home/openhands', '../etc')).toEqual({
      path: '/home/openhands/handoff',
      refused: true,
    });
  });
});
