import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { anchorsFor, findAnchor, hostAdapters, hostDetection, providerForHost } from '@/lib/hosts';

const doc = (body: string) =>
  parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;

describe('anchor data', () => {
  it('describes every anchor completely and dates every old layout', () => {
    for (const adapter of hostAdapters) {
      for (const spec of adapter.anchors) {
        expect(spec.id.startsWith(`${adapter.provider}-`), spec.id).toBe(true);
        expect(spec.kinds.length, spec.id).toBeGreaterThan(0);
        expect(['before', 'after', 'prepend', 'append']).toContain(spec.position);
        expect(spec.layout, spec.id).toMatch(/\S/);
        // Every selector parses in a real selector engine.
        expect(() => doc('').querySelector(spec.selector), spec.id).not.toThrow();
        if (/classic|haml|issuable-classic/.test(spec.layout)) {
          expect(spec.note, `${spec.id} needs a dated removal note`).toMatch(/\d{4}-\d{2}-\d{2}/);
        }
      }
      for (const source of [...adapter.domFields.title, ...adapter.domFields.sourceBranch]) {
        expect(() => doc('').querySelector(source.selector), source.selector).not.toThrow();
      }
    }
  });

  it('prefers semantic hooks over layout classes: no positional selectors', () => {
    for (const spec of hostAdapters.flatMap((a) => a.anchors)) {
      expect(spec.selector, spec.id).not.toMatch(/nth-child|nth-of-type|xpath|>\s*div\s*>/);
    }
  });

  it('keeps Bitbucket Cloud and Data Center anchors apart', () => {
    const cloud = anchorsFor({ provider: 'bitbucket', kind: 'pull', selfHosted: false });
    const server = anchorsFor({ provider: 'bitbucket', kind: 'pull', selfHosted: true });
    expect(cloud.every((s) => s.hosting !== 'self-hosted')).toBe(true);
    expect(server.every((s) => s.hosting !== 'cloud')).toBe(true);
    expect(cloud.map((s) => s.id)).toContain('bitbucket-cloud-pr-header');
    expect(server.map((s) => s.id)).toContain('bitbucket-dc-pr-header');
  });

  it('only offers anchors that serve the page kind, in preference order', () => {
    const issue = anchorsFor({ provider: 'github', kind: 'issue', selfHosted: false });
    expect(issue.map((s) => s.id)).toEqual([
      'github-react-issue-header',
      'github-react-page-header',
      'github-classic-discussion-header',
    ]);
    const page = doc(
      '<ul data-testid="repo-header-actions"></ul><div class="gh-header-actions" id="classic"></div>',
    );
    expect(
      findAnchor(page, { provider: 'github', kind: 'issue', selfHosted: false })?.element.id,
    ).toBe('classic');
    expect(findAnchor(page, { provider: 'github', kind: 'repo', selfHosted: false })?.spec.id).toBe(
      'github-repo-header',
    );
  });

  it('returns null when no anchor is present', () => {
    expect(
      findAnchor(doc('<main></main>'), { provider: 'gitlab', kind: 'pull', selfHosted: true }),
    ).toBeNull();
  });

  it('gives the content-script runtime one object with what it needs', () => {
    expect(providerForHost('github.com')).toBe('github');
    expect(providerForHost('gitlab.com')).toBe('gitlab');
    expect(providerForHost('bitbucket.org')).toBe('bitbucket');
    expect(providerForHost('github.example.com')).toBeNull();
    expect(providerForHost('github.com:8443')).toBeNull();
    expect(hostDetection.detect('https://github.com/octo/widgets', {})?.kind).toBe('repo');
    expect(typeof hostDetection.anchorsFor).toBe('function');
    expect(typeof hostDetection.isMicroagentFile).toBe('function');
  });
});
