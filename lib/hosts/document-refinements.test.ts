// What a document adds to URL-only detection, case by case, on small hand-written pages.

import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { detectPage } from '@/lib/hosts';

const page = (head: string, body = '', bodyAttributes = '') =>
  parseHTML(
    `<!doctype html><html><head>${head}</head><body ${bodyAttributes}>${body}</body></html>`,
  ).document as unknown as Document;

describe('GitHub', () => {
  it('takes owner/repository capitalisation from og:url when it names the same repository', () => {
    const document = page('<meta property="og:url" content="https://github.com/Octo/Widgets">');
    expect(detectPage('https://github.com/octo/widgets/issues/1', { document })?.repository).toBe(
      'Octo/Widgets',
    );
    const other = page('<meta property="og:url" content="https://github.com/someone/else">');
    expect(detectPage('https://github.com/octo/widgets', { document: other })?.repository).toBe(
      'octo/widgets',
    );
  });

  it('names the page alone on request: the capitalisation and ref it needs, no title or branch', () => {
    const pull = page(
      '<meta property="og:url" content="https://github.com/Octo/Widgets"><title>Cache rendered widgets by mona · Pull Request #34 · octo/widgets</title>',
      '<div class="gh-header-meta"><span class="head-ref" title="octo/widgets:feature/x"></span></div>',
    );
    const url = 'https://github.com/octo/widgets/pull/34';
    expect(detectPage(url, { document: pull })).toMatchObject({
      title: 'Cache rendered widgets',
      branch: 'feature/x',
    });
    const named = detectPage(url, { document: pull, identityOnly: true });
    expect(named).toMatchObject({ repository: 'Octo/Widgets', kind: 'pull', number: 34 });
    expect(named).not.toHaveProperty('title');
    expect(named).not.toHaveProperty('branch');
    const tree = page('<title>widgets/docs at release/2.x · octo/widgets</title>');
    expect(
      detectPage('https://github.com/octo/widgets/tree/release/2.x/docs', {
        document: tree,
        identityOnly: true,
      }),
    ).toMatchObject({ branch: 'release/2.x', path: 'docs' });
  });

  it('reads the title from document.title when no title element is known', () => {
    const pull = page(
      '<title>Cache rendered widgets by mona · Pull Request #34 · octo/widgets</title>',
    );
    expect(detectPage('https://github.com/octo/widgets/pull/34', { document: pull })?.title).toBe(
      'Cache rendered widgets',
    );
    const issue = page('<title>Fix it by Friday · Issue #9 · octo/widgets · GitHub</title>');
    expect(detectPage('https://github.com/octo/widgets/issues/9', { document: issue })?.title).toBe(
      'Fix it by Friday',
    );
    // A title for another number (a stale title after navigation) is not used.
    expect(
      detectPage('https://github.com/octo/widgets/issues/10', { document: issue }),
    ).not.toHaveProperty('title');
  });

  it('uses the title ref only when the URL starts with it', () => {
    const stale = page('<title>widgets/src at release/2.x · octo/widgets</title>');
    expect(
      detectPage('https://github.com/octo/widgets/tree/feature/x/src', { document: stale }),
    ).toMatchObject({ branch: 'feature', path: 'x/src' });
    const spaced = page('<title>widgets/docs/Meet at noon.md at feature/x · octo/widgets</title>');
    expect(
      detectPage('https://github.com/octo/widgets/blob/feature/x/docs/Meet%20at%20noon.md', {
        document: spaced,
      }),
    ).toMatchObject({ branch: 'feature/x', path: 'docs/Meet at noon.md' });
  });

  it('keeps a pull request head branch only when it is in this repository', () => {
    const label = (title: string) =>
      page('', `<div class="gh-header-meta"><span class="head-ref" title="${title}"></span></div>`);
    const url = 'https://github.com/octo/widgets/pull/2';
    expect(detectPage(url, { document: label('octo/widgets:feature/x') })?.branch).toBe(
      'feature/x',
    );
    expect(detectPage(url, { document: label('Octo/Widgets:feature/x') })?.branch).toBe(
      'feature/x',
    );
    expect(detectPage(url, { document: label('forker/widgets:feature/x') })).not.toHaveProperty(
      'branch',
    );
    expect(detectPage(url, { document: label('forker:feature/x') })).not.toHaveProperty('branch');
  });
});

describe('GitLab', () => {
  it('returns null on group and user pages, whatever the URL looks like', () => {
    const group = page('', '', 'data-page="groups:show" data-group-full-path="acme/platform"');
    expect(detectPage('https://gitlab.com/acme/platform', { document: group })).toBeNull();
    const user = page('', '', 'data-page="users:show"');
    expect(detectPage('https://gitlab.com/jdoe/projects', { document: user })).toBeNull();
  });

  it('spells the project path as the page does and finds the relative root', () => {
    const document = page('', '', 'data-page="projects:show" data-project-full-path="Acme/API"');
    expect(
      detectPage('https://code.example.com/git/acme/api', { provider: 'gitlab', document }),
    ).toMatchObject({ repository: 'Acme/API', baseUrl: 'https://code.example.com/git' });
  });

  it('reads a GitLab 11–12 address as its /-/ page, unless the page names a longer project', () => {
    expect(detectPage('https://gitlab.com/acme/issues')?.repository).toBe('acme/issues');
    expect(detectPage('https://gitlab.com/acme/api/issues')).toMatchObject({
      repository: 'acme/api',
      kind: 'repo',
    });
    const document = page(
      '',
      '',
      'data-page="projects:show" data-project-full-path="acme/api/issues"',
    );
    expect(detectPage('https://gitlab.com/acme/api/issues', { document })).toMatchObject({
      repository: 'acme/api/issues',
      kind: 'repo',
    });
    const legacy = page(
      '',
      '',
      'data-page="projects:tree:show" data-find-file="/acme/api/find_file/release/1.0"',
    );
    expect(
      detectPage('https://gitlab.com/acme/api/tree/release/1.0/src', { document: legacy }),
    ).toMatchObject({ repository: 'acme/api', kind: 'tree', branch: 'release/1.0', path: 'src' });
  });

  it('ignores a data-find-file ref that the URL does not start with', () => {
    const document = page('', '', 'data-find-file="/acme/api/-/find_file/release/1.0"');
    expect(
      detectPage('https://gitlab.com/acme/api/-/tree/feature/x/src', { document }),
    ).toMatchObject({ branch: 'feature', path: 'x/src' });
  });
});

describe('Bitbucket', () => {
  it('strips refs/heads/ from a Data Center source ref and drops a fork branch on Cloud', () => {
    const server = page(
      '',
      '<div class="pull-request-branches"><span class="source-branch"><span data-ref-id="refs/heads/feature/x"></span></span></div>',
    );
    expect(
      detectPage('https://git.example.com/projects/P/repos/r/pull-requests/1', {
        provider: 'bitbucket',
        document: server,
      })?.branch,
    ).toBe('feature/x');
    const fork = page(
      '',
      '<div data-qa="pr-branches-and-state-styles"><span aria-hidden="true">someone/widgets-fork:fix</span></div>',
    );
    expect(
      detectPage('https://bitbucket.org/acme/widgets/pull-requests/3', { document: fork }),
    ).not.toHaveProperty('branch');
  });

  it('takes a Server 5 source branch only where source and target name the same repository', () => {
    const url = 'https://git.example.com/projects/PLAT/repos/api/pull-requests/4';
    const header = (from: string, attribute = 'title') =>
      page(
        '',
        `<div class="pull-request-metadata"><div class="ref-name ref-name-from" ${attribute}="${from}"><span class="branch-name">x</span></div><div class="ref-name ref-name-to" ${attribute}="Platform / api : master"></div></div>`,
      );
    const read = (document: Document) => detectPage(url, { provider: 'bitbucket', document });
    expect(read(header('Platform / api : feature/retry'))?.branch).toBe('feature/retry');
    // As AUI's tooltips leave it once the page's script has run.
    expect(read(header('Platform / api : fix', 'original-title'))?.branch).toBe('fix');
    expect(read(header('~mona / api : feature/retry'))).not.toHaveProperty('branch');
    expect(read(header('feature/retry'))).not.toHaveProperty('branch');
  });
});
