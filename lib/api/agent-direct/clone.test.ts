import { describe, expect, it } from 'vitest';
import {
  cloneCommand,
  cloneProblemOf,
  credentialLine,
  isBranchName,
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
