// What a page's document adds to URL detection: the hints a host's URL parser asks for where the
// address is ambiguous, an issue's or pull request's title, and a pull request's source branch.
// Only the content script (and lib/hosts' own detectPage) reads documents; the worker checks
// addresses with the URL detectors alone and so never bundles this file or the selector tables.

import { compact, ownBranchFromLabel, shortRef, type UrlDetector } from './shared';
import type {
  DetectOptions,
  DomFieldSources,
  DomTextSource,
  PageAddress,
  PageContextData,
} from './types';

/** Collapses whitespace; empty text counts as absent. */
export function cleanText(text: string | null | undefined): string | undefined {
  const clean = text?.replace(/\s+/g, ' ').trim();
  return clean || undefined;
}

/** The first non-empty value among the sources, in order. Never throws (bad selector → skip). */
export function readDom(
  doc: Document | undefined,
  sources: readonly DomTextSource[],
): string | undefined {
  if (!doc) return undefined;
  for (const source of sources) {
    try {
      const read = (selector: string) => {
        const el = doc.querySelector(selector);
        return cleanText(source.attribute ? el?.getAttribute(source.attribute) : el?.textContent);
      };
      let value = read(source.selector);
      if (value && source.sameRepositoryAs) {
        const other = read(source.sameRepositoryAs) ?? '';
        const repository = (label: string) => label.slice(0, label.lastIndexOf(':') + 1);
        value =
          repository(value) && repository(value) === repository(other)
            ? cleanText(value.slice(repository(value).length))
            : undefined;
      }
      if (value) return value;
    } catch {
      // An unsupported selector in an older engine: try the next source.
    }
  }
  return undefined;
}

/**
 * An adapter's `detect`: its URL detection given the document's hints (`hintsOf`), then on issue
 * and pull request pages the title and a pull request's source branch from the document (via
 * `fields`, then `fallbackTitle`), unless `options.identityOnly` asks for the page's name alone.
 * Nothing an odd document does escapes as an exception.
 */
export function withDocument<H>(
  detectUrl: UrlDetector<H>,
  fields: DomFieldSources,
  hintsOf: (doc: Document) => H,
  fallbackTitle?: (doc: Document, number: number | undefined) => string | undefined,
): (url: PageAddress, options?: DetectOptions) => PageContextData | null {
  return (url, options = {}) => {
    try {
      const doc = options.document;
      const context = detectUrl(url, options, doc && hintsOf(doc));
      const titled = context?.kind === 'issue' || context?.kind === 'pull';
      if (!context || !doc || !titled || options.identityOnly) {
        return context;
      }
      const title = readDom(doc, fields.title) ?? fallbackTitle?.(doc, context.number);
      const label = context.kind === 'pull' ? readDom(doc, fields.sourceBranch) : undefined;
      const branch = shortRef(label && ownBranchFromLabel(label, context.repository));
      return compact<PageContextData>({ ...context, title, branch });
    } catch {
      return null;
    }
  };
}
