// Page detection for code-host pages, validated. Content scripts import ./detect instead (no zod).

import { detectPageData } from './detect';
import { type PageContext, PageContextSchema } from './page-context';
import type { DetectOptions } from './types';

/**
 * What the page at `url` is about, validated by `PageContextSchema`. Null for pages that are not
 * repository pages, hosts not added (`options.provider`), malformed URLs; never throws.
 */
export function detectPage(url: string | URL, options?: DetectOptions): PageContext | null {
  const data = detectPageData(url, options);
  const parsed = data ? PageContextSchema.safeParse(data) : undefined;
  return parsed?.success ? parsed.data : null;
}

export {
  adapterFor,
  anchorsFor,
  bitbucketAdapter,
  createHostDetection,
  detectPageData,
  findAnchor,
  githubAdapter,
  gitlabAdapter,
  type HostDetection,
  hostAdapters,
  hostDetection,
  isMicroagentFile,
  providerForHost,
  toUrl,
} from './detect';
export { type PageContext, PageContextSchema } from './page-context';
export { DEFAULT_HOSTS } from './shared';
export type * from './types';
