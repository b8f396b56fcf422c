// Loads every modelled list page (tests/fixtures/host-lists) at its address and reads its rows
// the way the list chips do: the host's row specs pick the title links, the host adapter names
// the item each one links to. Exactly the page's items, in page order, each from its title link
// (not a label, author, milestone, comment-count or linked pull request link of the same row).

import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { bitbucketAdapter, githubAdapter, gitlabAdapter } from '@/lib/hosts';
import { bitbucketLists } from '@/lib/hosts/bitbucket/lists';
import { detectBitbucketUrl } from '@/lib/hosts/bitbucket/url';
import { githubLists } from '@/lib/hosts/github/lists';
import { detectGitHubUrl } from '@/lib/hosts/github/url';
import { gitlabLists } from '@/lib/hosts/gitlab/lists';
import { detectGitLabUrl } from '@/lib/hosts/gitlab/url';
import { type HostLists, listItems } from '@/lib/hosts/lists';
import type {
  DetectOptions,
  HostAdapter,
  PageAddress,
  PageContextData,
  Provider,
} from '@/lib/hosts/types';
import { gitlabRootOf } from '../../lib/hosts/gitlab/lists';
import { type ListFixture, listFixtureFileUrl, listFixtures } from '../fixtures/host-lists';

// The list code names rows with each host's URL rules alone (entrypoints/<host>-lists.content.ts);
// the adapter (URL rules and the page) checks the other links of a row below.
const hosts: Record<
  Provider,
  {
    lists: HostLists;
    adapter: HostAdapter;
    fromUrl: (address: PageAddress, options: DetectOptions) => PageContextData | null;
  }
> = {
  github: { lists: githubLists, adapter: githubAdapter, fromUrl: detectGitHubUrl },
  gitlab: { lists: gitlabLists, adapter: gitlabAdapter, fromUrl: detectGitLabUrl },
  bitbucket: { lists: bitbucketLists, adapter: bitbucketAdapter, fromUrl: detectBitbucketUrl },
};

function load(fixture: ListFixture): Document {
  const window = new Window({ url: fixture.url });
  const html = readFileSync(listFixtureFileUrl(fixture), 'utf8');
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

function rowsOf(fixture: ListFixture, doc = load(fixture)) {
  const { lists, fromUrl } = hosts[fixture.provider];
  // As the list code does (entrypoints/gitlab-lists.content.ts): GitLab's root from the page.
  const basePath =
    fixture.provider === 'gitlab' ? gitlabRootOf(doc, new URL(fixture.url).pathname) : undefined;
  expect(basePath).toBe(fixture.basePath);
  return listItems(
    doc,
    lists.rows,
    (address) =>
      fromUrl(address, { provider: fixture.provider, ...(basePath ? { basePath } : {}) }),
    fixture.selfHosted,
  );
}

const cases = listFixtures.map((f) => [`${f.provider}/${f.name}`, f] as const);

describe('list pages', () => {
  it.each(cases)('%s: its address is a list page', (_, fixture) => {
    const url = new URL(fixture.url);
    expect(hosts[fixture.provider].lists.isListPage(url)).toBe(true);
  });

  it.each(cases)('%s: exactly its rows, in order, from their title links', (_, fixture) => {
    const rows = rowsOf(fixture);
    expect(rows.map((row) => row.context)).toEqual(
      fixture.items.map((item) =>
        expect.objectContaining({
          provider: fixture.provider,
          repository: item.repository,
          kind: item.kind,
          number: item.number,
          selfHosted: fixture.selfHosted,
        }),
      ),
    );
    // The link found is the title, shown as text: markup in a title stays text.
    expect(rows.map((row) => row.link.textContent?.trim())).toEqual(
      fixture.items.map((item) => expect.stringContaining(item.title)),
    );
    expect(new Set(rows.map((row) => row.link)).size).toBe(rows.length);
  });

  it.each(cases)('%s: every row also carries links a loose selector would take', (_, fixture) => {
    const doc = load(fixture);
    const { adapter } = hosts[fixture.provider];
    const itemLinks = [...doc.querySelectorAll('a[href]')].filter((a) => {
      const context = adapter.detect(new URL((a as HTMLAnchorElement).href), {
        provider: fixture.provider,
        ...(fixture.basePath ? { basePath: fixture.basePath } : {}),
      });
      return context?.kind === 'issue' || context?.kind === 'pull';
    });
    // Comment counts, review states, overlays and linked pull requests name items too: a
    // selector as loose as "links to an item" would find more rows than the page has.
    expect(itemLinks.length).toBeGreaterThan(Math.max(fixture.items.length, 1));
  });

  it('finds nothing, and throws nothing, on a page whose rows were redesigned', () => {
    const fixture = listFixtures.find((f) => f.layout === 'redesign');
    if (!fixture) throw new Error('redesign fixture missing');
    expect(fixture.items).toEqual([]);
    expect(() => rowsOf(fixture)).not.toThrow();
    expect(rowsOf(fixture)).toEqual([]);
  });

  it('keeps markup in a title as text', () => {
    const fixture = listFixtures.find((f) => f.name === 'react-repo-issues');
    if (!fixture) throw new Error('fixture missing');
    const doc = load(fixture);
    const rows = rowsOf(fixture, doc);
    const marked = rows.find((row) => row.link.textContent?.includes('<img'));
    expect(marked?.link.querySelector('img')).toBeNull();
    expect(doc.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('list fixture set', () => {
  it('has unique names and URLs, files under the provider folder', () => {
    expect(new Set(listFixtures.map((f) => `${f.provider}/${f.name}`)).size).toBe(
      listFixtures.length,
    );
    expect(new Set(listFixtures.map((f) => f.url)).size).toBe(listFixtures.length);
    for (const f of listFixtures) {
      expect(f.file).toBe(`tests/fixtures/host-lists/${f.provider}/${f.name}.html`);
    }
  });

  it('makes every row spec of every host find the rows of at least one page', () => {
    const winners = new Map<string, number>();
    for (const fixture of listFixtures) {
      const rows = rowsOf(fixture);
      for (const spec of hosts[fixture.provider].lists.rows) {
        const found = rows.filter((row) => row.link.matches(spec.selector)).length;
        winners.set(spec.id, (winners.get(spec.id) ?? 0) + found);
      }
    }
    const ids = Object.values(hosts).flatMap((h) => h.lists.rows.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !winners.get(id))).toEqual([]);
  });

  it.each(cases)('%s is self-contained: no script, nothing fetched', (_, fixture) => {
    const text = readFileSync(listFixtureFileUrl(fixture), 'utf8');
    expect(text).not.toMatch(/<script\b/i);
    expect(text).not.toMatch(/<(?:link|img|iframe)\b[^>]*\b(?:src|href)="(?:https?:)?\/\//i);
    expect(text).not.toMatch(/url\((?!data:)/i);
  });
});
