import { describe, expect, it } from 'vitest';
import { detectPage, detectPageData, hostAdapters } from '@/lib/hosts';
import type { PageContext } from '@/lib/hosts/page-context';
import { DEFAULT_HOSTS } from '@/lib/hosts/shared';
import type { Provider } from '@/lib/hosts/types';
import { type CorpusEntry, urlCorpus } from './url-corpus';

const OPTIONAL = ['branch', 'number', 'title', 'path', 'sha'] as const;

/** The provider whose adapter must accept the entry, or null when none may. */
function ownerOf(entry: CorpusEntry): Provider | null {
  if (!entry.expect) return null;
  if (entry.options?.provider) return entry.options.provider;
  const host = new URL(entry.url).hostname;
  return (Object.keys(DEFAULT_HOSTS) as Provider[]).find((p) => DEFAULT_HOSTS[p] === host) ?? null;
}

/** The full context the entry describes: defaults from the URL, then the listed fields. */
function expectedContext(entry: CorpusEntry): PageContext | null {
  if (!entry.expect) return null;
  const url = new URL(entry.url);
  const full: Record<string, unknown> = {
    provider: ownerOf(entry),
    host: url.host,
    baseUrl: url.origin,
    selfHosted: entry.options?.provider !== undefined,
    ...entry.expect,
  };
  for (const key of OPTIONAL) if (full[key] === undefined) delete full[key];
  return full as PageContext;
}

const label = (entry: CorpusEntry) =>
  `${entry.url || '(empty)'}${entry.options ? ` ${JSON.stringify(entry.options)}` : ''}`;

describe('URL corpus', () => {
  it('has at least 200 labelled URLs across the hosts', () => {
    expect(urlCorpus.length).toBeGreaterThanOrEqual(200);
    const owners = new Set(urlCorpus.map(ownerOf));
    expect(owners).toEqual(new Set(['github', 'gitlab', 'bitbucket', null]));
  });

  it.each(urlCorpus.map((entry) => [label(entry), entry] as const))('%s', (_, entry) => {
    const actual = detectPage(entry.url, entry.options);
    expect(actual, entry.why).toEqual(expectedContext(entry));
    // The zod-free path the content script uses must agree with the validated one.
    expect(detectPageData(entry.url, entry.options)).toEqual(actual);
    // And so must its reading of the page's own location, which it hands over as parts.
    if (URL.canParse(entry.url)) {
      const { protocol, hostname, host, port, origin, pathname, search } = new URL(entry.url);
      const location = { protocol, hostname, host, port, origin, pathname, search };
      expect(detectPageData(location, entry.options)).toEqual(actual);
    }
  });
});

describe('cross-matrix: every adapter against every URL', () => {
  for (const adapter of hostAdapters) {
    it(`${adapter.provider} accepts exactly its own URLs`, () => {
      const failures: string[] = [];
      for (const entry of urlCorpus) {
        let url: URL;
        try {
          url = new URL(entry.url);
        } catch {
          continue; // Unparseable input never reaches an adapter: detectPage returns null first.
        }
        const owner = ownerOf(entry);
        const accepted = adapter.detect(url, entry.options) !== null;
        if (owner === adapter.provider && !accepted) {
          failures.push(
            `${label(entry)}: the ${adapter.provider} adapter rejects its own URL — fix lib/hosts/${adapter.provider} (too strict), or the corpus label`,
          );
        }
        if (owner !== adapter.provider && accepted) {
          failures.push(
            `${label(entry)}: the ${adapter.provider} adapter accepts a URL that belongs to ${owner ?? 'no adapter'} — fix lib/hosts/${adapter.provider} (too loose)`,
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('bad input', () => {
  const junk: unknown[] = [
    undefined,
    null,
    42,
    {},
    '%%%',
    'https://github.com/%',
    'https://github.com/octo/widgets/blob/main/%E0%A4%A',
    `https://github.com/${'a/'.repeat(5000)}`,
    'https://gitlab.com/a/-/-/-/-',
    'https://bitbucket.org/a/b/src/%ZZ',
  ];
  it.each(junk.map((value) => [String(value).slice(0, 60), value] as const))(
    'returns null or a valid context for %s, never throws',
    (_, value) => {
      expect(() => detectPage(value as string)).not.toThrow();
      expect(() => detectPageData(value as string, { provider: 'gitlab' })).not.toThrow();
    },
  );

  it('accepts URL objects and leaves them untouched', () => {
    const url = new URL('https://github.com/octo/widgets/pull/3');
    expect(detectPage(url)?.number).toBe(3);
    expect(url.href).toBe('https://github.com/octo/widgets/pull/3');
  });

  it('ignores a provider that contradicts a default host', () => {
    expect(detectPage('https://github.com/octo/widgets', { provider: 'gitlab' })).toBeNull();
    expect(detectPage('https://github.com/octo/widgets', { provider: 'github' })?.kind).toBe(
      'repo',
    );
  });
});
