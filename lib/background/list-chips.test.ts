import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import type { PageContextData } from '@/lib/hosts/types';
import { itemsOnHost, listPageOf } from './list-chips';

// A list page may ask about its rows only: the tab's own address must be a list of a host the
// person uses, and every item must be on that same host.

const settings = {
  selfHostedHosts: [{ origin: 'https://git.example.com', provider: 'gitlab' as const }],
};
const sender = (url: string, extra: Record<string, unknown> = {}) =>
  ({ id: browser.runtime.id, tab: { id: 4, url }, frameId: 0, url, ...extra }) as never;

const item = (overrides: Partial<PageContextData> = {}): PageContextData => ({
  provider: 'github',
  host: 'github.com',
  baseUrl: 'https://github.com',
  repository: 'octo/widgets',
  kind: 'issue',
  selfHosted: false,
  number: 3,
  ...overrides,
});

describe('which tabs are list pages', () => {
  it('takes a list of a default or added host, from the tab’s address', () => {
    expect(
      listPageOf(sender('https://github.com/octo/widgets/issues?q=is%3Aopen'), settings),
    ).toEqual({
      provider: 'github',
      origin: 'https://github.com',
    });
    expect(
      listPageOf(sender('https://git.example.com/acme/api/-/merge_requests'), settings),
    ).toEqual({
      provider: 'gitlab',
      origin: 'https://git.example.com',
    });
  });

  it('refuses single items, other sites, frames and other extensions', () => {
    expect(listPageOf(sender('https://github.com/octo/widgets/issues/3'), settings)).toBeNull();
    expect(listPageOf(sender('https://evil.example.org/octo/widgets/issues'), settings)).toBeNull();
    expect(
      listPageOf(sender('https://github.com/octo/widgets/issues', { frameId: 2 }), settings),
    ).toBeNull();
    expect(
      listPageOf(sender('https://github.com/octo/widgets/issues', { id: 'other' }), settings),
    ).toBeNull();
  });
});

describe('which rows a list may ask about', () => {
  const github = { provider: 'github' as const, origin: 'https://github.com' };

  it('keeps issues and pull requests of the page’s own host', () => {
    const rows = [item(), item({ kind: 'pull', number: 5 })];
    expect(itemsOnHost(rows, github)).toEqual(rows);
  });

  it('drops items of another host, another software, or that are no issue or pull request', () => {
    expect(
      itemsOnHost(
        [
          item({
            baseUrl: 'https://github.example.com',
            host: 'github.example.com',
            selfHosted: true,
          }),
          item({ provider: 'gitlab' }),
          item({ kind: 'repo' }),
          item({ baseUrl: 'not an address' }),
        ],
        github,
      ),
    ).toEqual([]);
  });
});
