// Loads every modelled host page into two DOM implementations and checks detection with the
// document and the anchor the button would land on.

import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { detectPage, findAnchor, hostAdapters } from '@/lib/hosts';
import { fixtureFileUrl, type HostFixture, hostFixtures } from '../fixtures/hosts';
import { realPageExpectations } from '../shared/real-pages';

type Load = (html: string, url: string) => Document;

const loaders: Record<string, Load> = {
  'happy-dom': (html, url) => {
    const window = new Window({ url });
    return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  },
  linkedom: (html) => parseHTML(html).document as unknown as Document,
};

const html = (fixture: HostFixture) => readFileSync(fixtureFileUrl(fixture), 'utf8');
const optionsFor = (fixture: HostFixture, document?: Document) => ({
  document,
  ...(fixture.selfHosted ? { provider: fixture.provider } : {}),
});

describe.each(Object.entries(loaders))('fixture pages in %s', (_, load) => {
  it.each(hostFixtures.map((f) => [`${f.provider}/${f.name}`, f] as const))(
    '%s: detection and anchor',
    (_, fixture) => {
      const document = load(html(fixture), fixture.url);
      expect(detectPage(fixture.url, optionsFor(fixture, document))).toEqual(fixture.expected);

      const marked = [...document.querySelectorAll('[data-expected-anchor]')];
      const found = findAnchor(document, fixture.expected);
      if (fixture.anchorId === null) {
        expect(found, 'no anchor: the runtime floats the button').toBeNull();
        expect(marked).toHaveLength(0);
      } else {
        expect(found?.spec.id).toBe(fixture.anchorId);
        expect(marked, 'exactly one element is marked as the expected anchor').toHaveLength(1);
        expect(found?.element).toBe(marked[0]);
      }
    },
  );

  it('resolves the page with two candidate anchors to the preferred one, deterministically', () => {
    const fixture = hostFixtures.find((f) => f.name === 'issue-two-anchors');
    if (!fixture) throw new Error('fixture missing');
    const document = load(html(fixture), fixture.url);
    // The scenario is real: the generic hook alone would pick the sticky copy, which comes first,
    // and a hidden classic header is still in the page.
    const first = document.querySelector('[data-component="PH_Actions"]');
    expect(first?.closest('[data-testid="issue-metadata-sticky"]')).not.toBeNull();
    expect(document.querySelector('.gh-header-actions')).not.toBeNull();
    for (let run = 0; run < 3; run++) {
      const found = findAnchor(document, fixture.expected);
      expect(found?.spec.id).toBe('github-react-issue-header');
      expect(found?.element.hasAttribute('data-expected-anchor')).toBe(true);
    }
  });

  it('needs the document for what the URL cannot say', () => {
    const byName = (name: string) => {
      const fixture = hostFixtures.find((f) => f.name === name);
      if (!fixture) throw new Error(`fixture ${name} missing`);
      return fixture;
    };
    // A branch with a slash: first-segment guess without the page, the title settles it.
    const tree = byName('tree-react-slash-branch');
    expect(detectPage(tree.url)).toMatchObject({ branch: 'feature', path: 'x/src/lib' });
    expect(detectPage(tree.url, { document: load(html(tree), tree.url) })).toMatchObject({
      branch: 'feature/x',
      path: 'src/lib',
    });
    // A GitLab relative root: the page's project path separates root and project.
    const mr = byName('merge-request-relative-root');
    expect(detectPage(mr.url, { provider: 'gitlab' })).toMatchObject({
      repository: 'gitlab/acme/platform/backend/billing',
      baseUrl: 'https://code.example.com',
    });
    // Titles and source branches exist only in the page.
    const pull = byName('pull-react');
    expect(detectPage(pull.url)).not.toHaveProperty('title');
    expect(detectPage(pull.url)).not.toHaveProperty('branch');
    // A Data Center folder whose name looks like a file.
    const folder = byName('dc-personal-folder');
    expect(detectPage(folder.url, { provider: 'bitbucket' })?.kind).toBe('blob');
    expect(detectPage(folder.url, optionsFor(folder, load(html(folder), folder.url)))?.kind).toBe(
      'tree',
    );
  });
});

describe('fixture set', () => {
  it('has unique names and URLs and files under the provider folder', () => {
    expect(new Set(hostFixtures.map((f) => `${f.provider}/${f.name}`)).size).toBe(
      hostFixtures.length,
    );
    expect(new Set(hostFixtures.map((f) => f.url)).size).toBe(hostFixtures.length);
    for (const f of hostFixtures) {
      expect(f.file).toBe(`tests/fixtures/hosts/${f.provider}/${f.name}.html`);
      expect(f.expected.provider).toBe(f.provider);
      expect(f.expected.selfHosted).toBe(f.selfHosted);
    }
  });

  it('covers every page kind per provider and both GitHub layout generations', () => {
    for (const provider of ['github', 'gitlab', 'bitbucket'] as const) {
      const kinds = new Set(
        hostFixtures.filter((f) => f.provider === provider).map((f) => f.expected.kind),
      );
      const wanted = provider === 'bitbucket' ? ['repo', 'tree', 'blob', 'commit', 'pull'] : null;
      expect([...kinds].sort()).toEqual(
        (wanted ?? ['repo', 'tree', 'blob', 'commit', 'issue', 'pull']).sort(),
      );
    }
    for (const kind of ['repo', 'tree', 'blob', 'commit', 'issue', 'pull']) {
      const layouts = new Set(
        hostFixtures
          .filter((f) => f.provider === 'github' && f.expected.kind === kind && f.anchorId)
          .map((f) => findSpec(f.anchorId)?.layout === 'classic'),
      );
      expect(layouts, `GitHub ${kind}: classic and current layouts`).toEqual(
        new Set([true, false]),
      );
    }
  });

  it('makes every anchor win on at least one page, and anchor ids are unique', () => {
    const ids = hostAdapters.flatMap((a) => a.anchors.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    // The modelled pages here, and the pages saved from the live hosts (real-pages.test.ts
    // checks that each lands where its table says).
    const winners = new Set([
      ...hostFixtures.map((f) => f.anchorId),
      ...realPageExpectations.map((p) => ('anchor' in p.button ? p.button.anchor : null)),
    ]);
    expect(ids.filter((id) => !winners.has(id))).toEqual([]);
  });

  it.each(hostFixtures.map((f) => [`${f.provider}/${f.name}`, f] as const))(
    '%s is self-contained, logged in and carries host CSS tokens',
    (_, fixture) => {
      const text = html(fixture);
      expect(text).not.toMatch(/<script\b/i);
      expect(text).not.toMatch(/<(?:link|img|iframe)\b[^>]*\b(?:src|href)="(?:https?:)?\/\//i);
      expect(text).not.toMatch(/url\((?!data:)/i);
      const tokens = {
        github: /--(?:button-default-bgColor-rest|color-btn-bg):/,
        gitlab: /--(?:gl-text-color-default|gray-900):/,
        bitbucket: /--(?:ds-text|aui-body-text):/,
      }[fixture.provider];
      expect(text).toMatch(tokens);
      expect(text).toMatch(/:root/);
      const loggedIn = {
        github: 'meta name="user-login"',
        gitlab: 'data-testid="user-dropdown"',
        bitbucket: fixture.selfHosted ? 'id="current-user"' : 'data-testid="profile-button"',
      }[fixture.provider];
      expect(text).toContain(loggedIn);
    },
  );
});

function findSpec(id: string | null) {
  return hostAdapters.flatMap((a) => a.anchors).find((s) => s.id === id);
}
