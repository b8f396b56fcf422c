import { describe, expect, it } from 'vitest';
import {
  buildForgetProviderBody,
  buildProviderTokensBody,
  checkTokenForm,
  type KnownProvider,
  normaliseProviderHost,
} from './provider-tokens';

describe('normaliseProviderHost', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['git.example.com', 'git.example.com'],
    ['https://git.example.com/', 'git.example.com'],
    ['http://git.example.com:8080', 'git.example.com:8080'],
    ['GIT.Example.COM', 'git.example.com'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseProviderHost(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [
      'https://git.example.com/gitlab',
      'Enter just the host, like git.example.com, without the path "/gitlab".',
    ],
    [
      'git.example.com/org/repo',
      'Enter just the host, like git.example.com, without the path "/org/repo".',
    ],
    ['ssh://git.example.com', 'Enter a host name, not a ssh:// address.'],
    [
      'https://me:pw@git.example.com',
      'Leave the user name and password out of the host; the token is the credential.',
    ],
    ['git example.com', 'A host name cannot contain spaces.'],
    ['https://git.example.com/?tab=1', 'Leave out the "?…" and "#…" parts.'],
    ['*.example.com', 'Enter one exact host name, without wildcards.'],
  ])('refuses %j with a precise message', (input, message) => {
    expect(normaliseProviderHost(input)).toEqual({ ok: false, error: message });
  });
});

describe('checkTokenForm', () => {
  const none = {};
  it('wants a token for a provider the service does not hold', () => {
    expect(checkTokenForm({ provider: 'github', token: '', host: '' }, none)).toEqual({
      ok: false,
      errors: { token: 'Enter the token.' },
    });
  });

  it('lets an empty token through for a held provider (keeps it, changes the host)', () => {
    expect(
      checkTokenForm(
        { provider: 'gitlab', token: '', host: 'gitlab.example.com' },
        { gitlab: null },
      ),
    ).toEqual({ ok: true, token: '', host: 'gitlab.example.com' });
  });

  it('tells a blank token and a token with spaces apart', () => {
    expect(checkTokenForm({ provider: 'github', token: '  \n', host: '' }, none)).toMatchObject({
      errors: { token: 'The token is only spaces: paste the token itself.' },
    });
    expect(checkTokenForm({ provider: 'github', token: 'ghp_a b', host: '' }, none)).toMatchObject({
      errors: { token: expect.stringMatching(/never contains spaces/) },
    });
  });

  it('trims what a paste adds around the token', () => {
    expect(checkTokenForm({ provider: 'github', token: ' ghp_abc\n', host: '' }, none)).toEqual({
      ok: true,
      token: 'ghp_abc',
      host: null,
    });
  });

  it('needs a host for Bitbucket Data Center and ignores it for Enterprise SSO', () => {
    expect(
      checkTokenForm({ provider: 'bitbucket_data_center', token: 'x', host: '' }, none),
    ).toMatchObject({ errors: { host: 'Enter the host name of your instance.' } });
    expect(
      checkTokenForm({ provider: 'enterprise_sso', token: 'x', host: 'https://a/b' }, none),
    ).toEqual({ ok: true, token: 'x', host: null });
  });

  it('reports token and host problems together', () => {
    const result = checkTokenForm({ provider: 'gitlab', token: 'a b', host: 'x.example/y' }, none);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['host', 'token']);
  });
});

describe('buildProviderTokensBody', () => {
  it('re-sends every held provider with an empty token and its host', () => {
    expect(
      buildProviderTokensBody(
        { provider: 'bitbucket', token: 'ATBBx', host: null },
        { github: 'github.com', gitlab: 'gitlab.example.com' },
      ),
    ).toEqual({
      provider_tokens: {
        github: { token: '', user_id: null, host: 'github.com' },
        gitlab: { token: '', user_id: null, host: 'gitlab.example.com' },
        bitbucket: { token: 'ATBBx', user_id: null, host: null },
      },
    });
  });

  it('replaces a held provider with the new token and host', () => {
    const body = buildProviderTokensBody(
      { provider: 'github', token: 'ghp_new', host: 'ghe.example.com' },
      { github: 'github.com' },
    );
    expect(body.provider_tokens).toEqual({
      github: { token: 'ghp_new', user_id: null, host: 'ghe.example.com' },
    });
  });

  it('adds the MCP config only when given', () => {
    const mcp = { sse_servers: [{ url: 'https://mcp.example.com' }] };
    expect(
      buildProviderTokensBody({ provider: 'github', token: 't', host: null }, null, mcp),
    ).toHaveProperty('mcp_config', mcp);
    expect(
      buildProviderTokensBody({ provider: 'github', token: 't', host: null }, null),
    ).not.toHaveProperty('mcp_config');
  });
});

describe('no provider the server holds is ever dropped', () => {
  // Both routes replace the stored map with the posted one: a provider missing from a body is a
  // token the person loses. Every combination of held providers, hosts and changes is checked.
  const providers = ['github', 'gitlab', 'bitbucket', 'bitbucket_data_center', 'azure_devops'];
  const heldMaps: Record<string, string | null>[] = [];
  for (let mask = 0; mask < 1 << providers.length; mask++) {
    const held: Record<string, string | null> = {};
    providers.forEach((provider, index) => {
      if (mask & (1 << index)) held[provider] = index % 2 ? `${provider}.example.com` : null;
    });
    heldMaps.push(held);
  }

  it('when a token is added or replaced', () => {
    for (const held of heldMaps) {
      for (const provider of providers) {
        const body = buildProviderTokensBody({ provider, token: 'tok', host: null }, held);
        expect(Object.keys(body.provider_tokens).sort()).toEqual(
          [...new Set([...Object.keys(held), provider])].sort(),
        );
        for (const [other, host] of Object.entries(held)) {
          if (other === provider) continue;
          // An empty token keeps the stored one; the stored host goes back unchanged.
          expect(body.provider_tokens[other as KnownProvider]).toEqual({
            token: '',
            user_id: null,
            host,
          });
        }
      }
    }
  });

  it('when one is forgotten', () => {
    for (const held of heldMaps) {
      for (const provider of Object.keys(held)) {
        const body = buildForgetProviderBody(provider, held);
        const rest = Object.keys(held).filter((name) => name !== provider);
        if (!rest.length) expect(body).toBeNull();
        else expect(Object.keys(body?.provider_tokens ?? {}).sort()).toEqual(rest.sort());
      }
    }
  });
});

describe('buildForgetProviderBody', () => {
  it('keeps the others', () => {
    expect(buildForgetProviderBody('gitlab', { github: null, gitlab: 'g.example.com' })).toEqual({
      provider_tokens: { github: { token: '', user_id: null, host: null } },
    });
  });

  it('is null for the last one (the caller unsets all tokens instead)', () => {
    expect(buildForgetProviderBody('github', { github: null })).toBeNull();
  });
});
