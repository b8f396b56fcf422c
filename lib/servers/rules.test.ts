import { describe, expect, it } from 'vitest';
import { sanitiseSettings } from '@/lib/settings/sanitise';
import { type Settings, SettingsSchema } from '@/lib/settings/schema';
import { normaliseRulePattern, pickServer } from './rules';

function settingsWith(rules: Settings['serverRules'], defaultServerId = 'work'): Settings {
  return sanitiseSettings(
    SettingsSchema.parse({
      servers: [
        { id: 'work', name: 'Work', serverUrl: 'https://app.all-hands.dev' },
        { id: 'home', name: 'Home', serverUrl: 'http://localhost:8000' },
        { id: 'lab', name: 'Lab', serverUrl: 'http://localhost:3000' },
      ],
      defaultServerId,
      serverRules: rules,
    }),
  );
}

describe('which server a start goes to', () => {
  const settings = settingsWith([
    { pattern: 'gitlab.example.com', serverId: 'lab' },
    { pattern: 'github.com/acme', serverId: 'home' },
    { pattern: 'github.com/acme/secret', serverId: 'lab' },
  ]);

  it('goes to the default server when no rule matches', () => {
    const pick = pickServer(settings, { host: 'github.com', repository: 'other/app' });
    expect(pick.server?.id).toBe('work');
    expect(pick.rule).toBeNull();
  });

  it('takes the most precise rule: repository over owner over host', () => {
    expect(pickServer(settings, { host: 'github.com', repository: 'acme/app' }).server?.id).toBe(
      'home',
    );
    expect(pickServer(settings, { host: 'github.com', repository: 'acme/secret' }).server?.id).toBe(
      'lab',
    );
    expect(
      pickServer(settings, { host: 'gitlab.example.com', repository: 'g/sub/p' }).server?.id,
    ).toBe('lab');
  });

  it('matches whole names only: github.com/acme is not github.com/acme-labs', () => {
    expect(
      pickServer(settings, { host: 'github.com', repository: 'acme-labs/app' }).server?.id,
    ).toBe('work');
  });

  it('ignores case, as the code hosts do', () => {
    expect(pickServer(settings, { host: 'GitHub.com', repository: 'ACME/App' }).server?.id).toBe(
      'home',
    );
  });

  it('two equally precise rules for different servers decide nothing, and say which', () => {
    const torn = settingsWith([
      { pattern: 'github.com/acme', serverId: 'home' },
      { pattern: 'github.com/acme', serverId: 'lab' },
    ]);
    const pick = pickServer(torn, { host: 'github.com', repository: 'acme/app' });
    expect(pick.server?.id).toBe('work');
    expect(pick.conflict.map((rule) => rule.serverId)).toEqual(['home', 'lab']);
  });

  it('no server at all picks none', () => {
    const none = sanitiseSettings({});
    expect(pickServer(none, { host: 'github.com' }).server).toBeNull();
  });
});

describe('rule patterns', () => {
  it('are stored in one form', () => {
    expect(normaliseRulePattern(' https://GitHub.com/Acme/ ')).toEqual({
      ok: true,
      value: 'github.com/acme',
    });
    expect(normaliseRulePattern('git.example.com:8443/group')).toEqual({
      ok: true,
      value: 'git.example.com:8443/group',
    });
  });

  it('refuse what is not a code host, in words', () => {
    for (const input of ['', 'acme', 'github.com/*', 'github.com//x', 'a b.com']) {
      const result = normaliseRulePattern(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/code host|owner/);
    }
  });
});
