// Detection over a chosen set of adapters, with no adapter imported here: a content script that
// only ever runs on one host software can bundle just that adapter, e.g.
// `createHostDetection([githubAdapter])`. lib/hosts/detect.ts builds the set of all three.

import { isMicroagentPath } from './shared';
import type {
  AnchorSpec,
  DetectOptions,
  HostAdapter,
  PageAddress,
  PageContextData,
  Provider,
} from './types';

type PageKey = Pick<PageContextData, 'provider' | 'kind' | 'selfHosted'>;

/** Parses a URL, or null for anything that is not one. */
export function toUrl(input: string): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

export function createHostDetection(adapters: readonly Required<HostAdapter>[]) {
  const adapterFor = (provider: Provider) => adapters.find((a) => a.provider === provider);

  /**
   * What the page at `url` is about, unvalidated (the worker validates what it receives).
   * Default hosts go to their adapters; any other host only when `options.provider` names the
   * software the person said it runs. Null for pages that are not repository pages, hosts not
   * added and malformed input; never throws.
   */
  const detect = (url: string | PageAddress, options?: DetectOptions): PageContextData | null => {
    // An address given as parts is read as it is (adapters never change what they read).
    const parsed = typeof url === 'string' ? toUrl(url) : url;
    for (const adapter of parsed ? adapters : []) {
      const context = adapter.detect(parsed as PageAddress, options);
      if (context) return context;
    }
    return null;
  };

  /** Anchors that serve this page, in order of preference. */
  const anchorsFor = (context: PageKey): AnchorSpec[] => {
    const hosting = context.selfHosted ? 'self-hosted' : 'cloud';
    return (adapterFor(context.provider)?.anchors ?? []).filter(
      (spec) => spec.kinds.includes(context.kind) && (!spec.hosting || spec.hosting === hosting),
    );
  };

  /**
   * The first of `anchorsFor(context)` present under `root`, with its element (the first match in
   * document order). Null: no anchor, the runtime floats the button.
   */
  const findAnchor = (
    root: ParentNode,
    context: PageKey,
  ): { spec: AnchorSpec; element: Element } | null => {
    for (const spec of anchorsFor(context)) {
      try {
        const element = root.querySelector(spec.selector);
        if (element) return { spec, element };
      } catch {
        // A selector this engine cannot parse: try the next anchor.
      }
    }
    return null;
  };

  /** The provider served on `host` without the person adding it (github.com → 'github'). */
  const providerForHost = (host: string): Provider | null =>
    adapters.find((adapter) => adapter.defaultHosts.includes(host))?.provider ?? null;

  /**
   * Whether the 1.x agent reads `path` as a skill or rule (docs/contract/skills.md). The provider
   * names the organisation skill repository (`openhands-config` on GitLab); without it GitHub's
   * names apply.
   */
  const isMicroagentFile = (repository: string, path: string, provider?: Provider): boolean =>
    isMicroagentPath(repository, path, provider ?? 'github');

  return { adapterFor, detect, anchorsFor, findAnchor, providerForHost, isMicroagentFile };
}

export type HostDetection = ReturnType<typeof createHostDetection>;
