// GitHub page detection with the document: the address (./url.ts), refined by what the page
// shows: the repository's own capitalisation, the ref of a code view, an issue's or pull
// request's title and a pull request's head branch.

import { withDocument } from '../document';
import { githubDomFields } from './anchors';
import { detectGitHubUrl, type GitHubHints } from './url';

export const detectGitHub = withDocument(
  detectGitHubUrl,
  githubDomFields,
  (doc): GitHubHints => ({
    repository: (fromUrl) => canonicalRepository(doc, fromUrl),
    ref: () => refFromDocumentTitle(doc),
  }),
  titleFromDocumentTitle,
);

/** The ref in a code-view title: "{repo}/{path} at {ref} · {owner}/{repo}" (refs have no spaces). */
function refFromDocumentTitle(doc: Document): string | undefined {
  return / at (\S+)(?: · \S+)*$/.exec(doc.title ?? '')?.[1];
}

/** "{title} · Issue #12 · octo/widgets", "{title} by {author} · Pull Request #34 · octo/widgets". */
function titleFromDocumentTitle(doc: Document, number?: number): string | undefined {
  const match = /^(.+?) · (Issue|Pull Request) #(\d+) · /.exec(doc.title ?? '');
  if (!match?.[1] || Number(match[3]) !== number) return undefined;
  return match[2] === 'Issue' ? match[1] : match[1].replace(/ by [\w-]+$/, '');
}

/** Owner/repository capitalisation as GitHub spells it (`og:url`), when it names the same one. */
function canonicalRepository(doc: Document, fromUrl: string): string {
  const content = doc.querySelector('meta[property="og:url"]')?.getAttribute('content');
  try {
    const canonical = content
      ? new URL(content).pathname.split('/').filter(Boolean).slice(0, 2).join('/')
      : '';
    return canonical.toLowerCase() === fromUrl.toLowerCase() ? canonical : fromUrl;
  } catch {
    return fromUrl;
  }
}
