// Page detection from an address alone, over all three hosts: what the worker checks a content
// script's claimed context against (lib/background/sender-context.ts). No document, no selector
// tables, no zod: the worker's bundle has a budget too (tests/bundle/worker-bundle.test.ts).

import { detectBitbucketUrl } from './bitbucket/url';
import { detectGitHubUrl } from './github/url';
import { detectGitLabUrl } from './gitlab/url';
import type { DetectOptions, PageAddress, PageContextData } from './types';

/** What the page at `url` is about by its address; null when no host's parser knows it. */
export function detectFromUrl(
  url: PageAddress,
  options?: Omit<DetectOptions, 'document'>,
): PageContextData | null {
  for (const detect of [detectGitHubUrl, detectGitLabUrl, detectBitbucketUrl]) {
    const context = detect(url, options);
    if (context) return context;
  }
  return null;
}
