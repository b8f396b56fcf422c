import { describe, expect, it } from 'vitest';
import { unservedHost } from './server-rules';

const settings = {
  selfHostedHosts: [
    { origin: 'https://gitlab.example.com', provider: 'gitlab' as const },
    { origin: 'https://git.example.org:8443', provider: 'github' as const },
  ],
};

describe('unservedHost', () => {
  it('knows the three public hosts and every self-hosted one, port included', () => {
    expect(unservedHost(settings, 'github.com/acme')).toBeNull();
    expect(unservedHost(settings, 'bitbucket.org')).toBeNull();
    expect(unservedHost(settings, 'gitlab.example.com/team/app')).toBeNull();
    expect(unservedHost(settings, 'git.example.org:8443/acme')).toBeNull();
  });

  it('names the host of a rule no code host Handoff serves is at', () => {
    expect(unservedHost(settings, 'gitlab.internal.example/acme')).toBe('gitlab.internal.example');
    expect(unservedHost(settings, 'git.example.org/acme')).toBe('git.example.org');
    expect(unservedHost({ selfHostedHosts: [] }, 'gitlab.example.com')).toBe('gitlab.example.com');
  });
});
