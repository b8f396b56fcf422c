// Zod-free entry for the content script: page detection and anchor lookup over the three host
// adapters. lib/hosts/index.ts adds the zod-validated `detectPage` on top for everything else.
// Nothing imported from here may pull in zod (a test bundles this file and checks).

import { bitbucketAdapter } from './bitbucket';
import { githubAdapter } from './github';
import { gitlabAdapter } from './gitlab';
import type { AnchorSpec, DetectOptions, HostAdapter, PageContextData, Provider } from './types';

export const hostAdapters: readonly Required<HostAdapter>[] = [
  githubAdapter,
  gitlabAdapter,
  bitbucketAdapter,
];

export function adapterFor(provider: Provider): Required<HostAdapter> | undefined {
  return hostAdapters.find((adapter) => adapter.provider === provider);
}

/** Parses a URL, or null for anything that is not one. Copies URL objects (ours stay untouched). */
export function toUrl(input: string | URL): URL | null {
  try {
    return new URL(typeof input === 'string' ? input : input.href);
  } catch {
    return null;
  }
}

/**
 * What the page at `url` is about, unvalidated (the worker validates what it receives).
 * github.com, gitlab.com and bitbucket.org go to their adapters; any other host only when
 * `options.provider` names the software the person said it runs. Null for pages that are not a
 * repository page, hosts not added and malformed input; never throws.
 */
export function detectPageData(url: string | URL, options?: DetectOptions): PageContextData | null {
  const parsed = toUrl(url);
  if (!parsed) return null;
  for (const adapter of hostAdapters) {
    const context = adapter.detect(parsed, options);
    if (context) return context;
  }
  return null;
}

/** Anchors that serve this page, in order of preference. */
export function anchorsFor(
  context: Pick<PageContextData, 'provider' | 'kind' | 'selfHosted'>,
): AnchorSpec[] {
  const hosting = context.selfHosted ? 'self-hosted' : 'cloud';
  return (adapterFor(context.provider)?.anchors ?? []).filter(
    (spec) => spec.kinds.includes(context.kind) && (!spec.hosting || spec.hosting === hosting),
  );
}

/**
 * The first anchor of `anchorsFor(context)` present in `root`, with its element (the first match
 * in document order). Null means no anchor: the runtime falls back to a floating button.
 */
export function findAnchor(
  root: ParentNode,
  context: Pick<PageContextData, 'provider' | 'kind' | 'selfHosted'>,
): { spec: AnchorSpec; element: Element } | null {
  for (const spec of anchorsFor(context)) {
    try {
      const element = root.querySelector(spec.selector);
      if (element) return { spec, element };
    } catch {
      // A selector this engine cannot parse: try the next anchor.
    }
  }
  return null;
}

/** The provider served on `host` without the person adding it (github.com → 'github'). */
export function providerForHost(host: string): Provider | null {
  return hostAdapters.find((adapter) => adapter.defaultHosts.includes(host))?.provider ?? null;
}

/**
 * Whether `path` is a file the service lists as a microagent (service-api.md §4.8). Pass the
 * provider: GitLab's folder is scanned recursively, the others' only at its top level; without
 * it the stricter top-level rule applies.
 */
export function isMicroagentFile(repository: string, path: string, provider?: Provider): boolean {
  return (adapterFor(provider ?? 'github') ?? githubAdapter).isMicroagentFile(repository, path);
}

/** Everything the content-script runtime needs from detection, in one object. */
export const hostDetection = {
  providerForHost,
  detect: detectPageData,
  anchorsFor,
  findAnchor,
  isMicroagentFile,
};

export { bitbucketAdapter, githubAdapter, gitlabAdapter };
