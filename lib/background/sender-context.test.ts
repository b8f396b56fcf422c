import { describe, expect, it } from 'vitest';
import { hostFixtures } from '../../tests/fixtures/hosts/index';
import { verifiedContext } from './sender-context';

describe('verifiedContext', () => {
  it.each(hostFixtures.map((fixture) => [`${fixture.provider}/${fixture.name}`, fixture] as const))(
    '%s: what the page shows agrees with its address',
    (_name, fixture) => {
      const settings = {
        selfHostedHosts: fixture.selfHosted
          ? [{ origin: new URL(fixture.url).origin, provider: fixture.provider }]
          : [],
      };
      expect(verifiedContext(fixture.expected, { url: fixture.url }, settings)).toEqual(
        fixture.expected,
      );
    },
  );

  it('refuses a self-hosted page whose origin the person has not added', () => {
    const fixture = hostFixtures.find((f) => f.selfHosted);
    if (!fixture) throw new Error('no self-hosted fixture');
    expect(verifiedContext(fixture.expected, { url: fixture.url }, { selfHostedHosts: [] })).toBe(
      null,
    );
  });
});
