// Every page saved from the live code hosts (tests/shared/real-pages.ts), parsed as served at the
// address it was of: the content script's own detection and mount put exactly one button in the
// page's own header or actions area (or float it where the page draws that area by script), the
// worker accepts what the page says, and a start takes the repository, the issue or request, and
// the branch or the commit, in the way each kind of server takes them.
// tests/e2e/real-pages.spec.ts checks the same pages in Chromium.

import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  draftFromLaunch,
  emptyMcp,
  startCapabilitiesOf,
  toAppConversationStartRequest,
  toInitSessionRequest,
} from '@/components/sidepanel/model/new-conversation';
import { verifiedContext } from '@/lib/background/sender-context';
import { createButtonUi, ROOT_ATTRIBUTE } from '@/lib/content/button-ui';
import { ButtonMount } from '@/lib/content/mount';
import { hostDetection } from '@/lib/hosts/detect';
import { PageContextSchema } from '@/lib/hosts/page-context';
import { type Placement, realPageHtml, realPagesExpected } from '../shared/real-pages';

const pages = realPagesExpected();

const parsed = new Map<string, Document>();

/**
 * The page as the content script meets it: its document, and detection as main.ts calls it.
 * `fresh` for a test that changes the document; otherwise one parse serves every test.
 */
function load(page: (typeof pages)[number], fresh = false) {
  const parse = () => parseHTML(realPageHtml(page.file)).document as unknown as Document;
  const document = fresh ? parse() : (parsed.get(page.file) ?? parse());
  if (!fresh) parsed.set(page.file, document);
  const url = new URL(page.url);
  const provider = page.context.provider;
  const detect = (identityOnly = false) =>
    hostDetection.detect(url, { document, provider, identityOnly });
  return { document, detect };
}

/** Mounts the button as the content script does, and says where it went. */
function mountButton(page: (typeof pages)[number]) {
  const { document, detect } = load(page, true);
  const mount = new ButtonMount({
    document,
    detect: () => detect(),
    identify: () => detect(true),
    anchorsFor: hostDetection.anchorsFor,
    secondaryFor: () => null,
    ui: () => createButtonUi(document, () => {}),
  });
  const roots = () => [...document.querySelectorAll(`[${ROOT_ATTRIBUTE}]`)];
  const placed = (): Placement | 'none' | 'several' | 'misplaced' => {
    const all = roots();
    if (all.length === 0) return 'none';
    if (all.length > 1) return 'several';
    const root = all[0] as Element;
    if (root.hasAttribute('data-floating')) {
      return root.parentElement === document.body ? { floating: 'floating' } : 'misplaced';
    }
    for (const spec of hostDetection.anchorsFor(detect(true) ?? page.context)) {
      const anchor = document.querySelector(spec.selector);
      if (!anchor) continue;
      const at =
        spec.position === 'before'
          ? anchor.previousElementSibling === root
          : spec.position === 'after'
            ? anchor.nextElementSibling === root
            : root.parentElement === anchor;
      return at ? { anchor: spec.id } : 'misplaced';
    }
    return 'misplaced';
  };
  return { mount, placed, roots };
}

describe.each(pages.map((page) => [page.file, page] as const))('%s', (_, page) => {
  it(`names the page as ${page.url} is`, () => {
    const { detect } = load(page);
    expect(detect()).toEqual(page.context);
    // What the worker validates every context with.
    expect(PageContextSchema.parse(detect())).toEqual(page.context);
  });

  const where =
    'anchor' in page.button
      ? `at ${page.button.anchor}`
      : `floating (${page.button.floating}), once the host had its time to draw its header`;
  it(`puts exactly one button ${where}`, () => {
    const { mount, placed } = mountButton(page);
    mount.reconcile(page.url);
    mount.reconcile(page.url);
    if ('anchor' in page.button) {
      expect(placed()).toEqual(page.button);
      mount.allowFloating();
      expect(placed(), 'an anchored button never floats').toEqual(page.button);
      return;
    }
    // No anchor: nothing floats while the host may still draw its header…
    expect(placed()).toBe('none');
    mount.allowFloating();
    mount.reconcile(page.url);
    // …then one button, over the page.
    expect(placed()).toEqual({ floating: 'floating' });
  });

  it('is accepted by the worker as the page its address shows', () => {
    const { detect } = load(page);
    const origin = new URL(page.url).origin;
    const settings = {
      selfHostedHosts: page.selfHosted ? [{ origin, provider: page.selfHosted }] : [],
    };
    expect(verifiedContext(detect() ?? page.context, { tab: { url: page.url } }, settings)).toEqual(
      page.context,
    );
  });

  it('starts with its repository, item and branch or commit on each kind of server', () => {
    const context = page.context;
    const drafted = draftFromLaunch(context, undefined, {
      generation: 'v1',
      instructions: '',
      mcp: emptyMcp(),
      knownProviders: [],
    });
    // A page that names no branch gets the repository's default one from the form's lookup.
    const draft = { ...drafted, branch: drafted.branch || 'the-default-branch' };
    const branch = context.branch ?? 'the-default-branch';
    // Only a page pinned to a commit with no branch beside it has one to start at.
    const commit = context.sha && !context.branch ? context.sha : undefined;
    expect(draft.commit).toBe(commit ?? '');

    const app = toAppConversationStartRequest(draft, startCapabilitiesOf({ v0: false, v1: true }));
    const legacy = toInitSessionRequest({ ...draft, generation: 'v0' });
    const agent = toAppConversationStartRequest(
      draft,
      startCapabilitiesOf({ v0: false, v1: false, agentDirect: true }),
    );
    expect(app).toMatchObject({
      selected_repository: context.repository,
      selected_branch: commit ?? branch,
      git_provider: context.provider,
    });
    expect(legacy).toMatchObject({
      repository: context.repository,
      selected_branch: commit ?? branch,
      git_provider: context.provider,
    });
    expect(agent).toMatchObject({
      selected_repository: context.repository,
      selected_branch: branch,
    });
    const words = JSON.stringify(agent);
    if (commit) expect(words).toContain(`looking at commit ${commit}`);
    else expect(words).not.toContain('looking at commit');

    if (context.kind === 'pull') {
      expect(app.pr_number).toEqual([context.number]);
      expect(app.title).toContain(`#${context.number}`);
    } else if (context.kind === 'issue') {
      expect(legacy.suggested_task).toMatchObject({
        task_type: 'OPEN_ISSUE',
        issue_number: context.number,
        repo: context.repository,
      });
      expect(app.title).toContain(`#${context.number}`);
    } else {
      expect(app).not.toHaveProperty('pr_number');
      expect(app).not.toHaveProperty('title');
    }
  });
});

describe('the real-page corpus', () => {
  it('covers every host software, page kind and a page at a commit per host', () => {
    const seen = new Set(pages.map((p) => `${p.context.provider}:${p.context.kind}`));
    for (const wanted of [
      'github:issue',
      'github:pull',
      'github:commit',
      'github:blob',
      'github:repo',
      'gitlab:tree',
      'gitlab:blob',
      'gitlab:pull',
      'bitbucket:repo',
      'bitbucket:pull',
      'bitbucket:blob',
    ]) {
      expect(seen, wanted).toContain(wanted);
    }
    // The eight pages at a commit the issue names: every one starts there.
    expect(pages.filter((p) => p.context.sha && !p.context.branch)).toHaveLength(8);
    // Every floating page says why in the table.
    for (const page of pages) {
      if ('floating' in page.button) expect(page.button.floating.length).toBeGreaterThan(20);
    }
  });
});
