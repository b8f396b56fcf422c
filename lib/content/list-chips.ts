// State chips on a code host's issue and pull request lists: each row whose item has a
// conversation gets a small chip after its title saying, in the worker's words, where that
// conversation stands; a click opens it in the side panel. The worker loads this code only into
// tabs that show a list (lib/background/list-chips.ts); it then follows the page by itself:
// paging, infinite scroll, the host's in-page navigation and re-rendered rows.
//
// Everything shown comes from the worker's index, one question per batch of new rows and none
// per row; rows it knows nothing of get nothing. Chips are text in elements of our own, placed
// inline after the title link, never in place of anything of the host's.

import type { HostLists } from '@/lib/hosts/lists';
import { itemIdentity, listItems } from '@/lib/hosts/lists';
import { DEFAULT_HOSTS } from '@/lib/hosts/shared';
import type { PageAddress, PageContextData, Provider } from '@/lib/hosts/types';
import {
  type ContentReply,
  type ContentRequest,
  type ListStatesPush,
  MAX_LIST_ITEMS,
  type PageState,
} from '@/lib/messaging/content-messages';
import { pageItemKey } from '@/lib/messaging/conversation-index';
import { extensionRuntime } from './runtime';

/** Marks our chips, so a pass finds and keeps them apart from the host's elements. */
export const CHIP_ATTRIBUTE = 'data-handoff-chip';
/** Set on the isolated world's globals once the list code runs: it is loaded at most once. */
const STARTED = 'handoffListChips';

export interface ListChipsOptions {
  provider: Provider;
  lists: HostLists;
  /** The host's detection of an address (its URL rules alone: rows need no document). */
  detect: (address: PageAddress) => PageContextData | null;
  document?: Document;
  location?: Pick<Location, 'hostname' | 'host' | 'pathname' | 'search'>;
  /** Says the person's words for the chip's tooltip and accessible name. */
  openHint?: string;
}

type Item = ReturnType<typeof listItems>[number];

export function startListChips(options: ListChipsOptions): { stop(): void; pass(): void } | null {
  const globals = globalThis as Record<string, unknown>;
  // A copy left from before an update of the extension no longer reaches it, and stands down.
  const earlier = globals[STARTED] as (() => boolean) | undefined;
  if (earlier?.()) return null;
  const alive = () => {
    try {
      return !!extensionRuntime().id;
    } catch {
      return false;
    }
  };
  globals[STARTED] = alive;
  const doc = options.document ?? document;
  const where = options.location ?? location;
  const selfHosted = where.host !== DEFAULT_HOSTS[options.provider];
  const openHint = options.openHint ?? 'Open in Handoff';

  /** What the worker said of each row it was asked about (null: no conversation). */
  const states = new Map<string, PageState | null>();
  /** Asked, not yet answered. */
  const asking = new Set<string>();
  const detectItems = (): { item: Item; key: string }[] =>
    listItems(doc, options.lists.rows, options.detect, selfHosted).flatMap((item) => {
      const key = pageItemKey(item.context);
      return key ? [{ item, key }] : [];
    });

  let shown: { item: Item; key: string }[] = [];
  /** The item each key shown names, for the chip that is clicked. */
  const items = new Map<string, PageContextData>();

  const render = () => {
    const wanted = new Set<Element>();
    for (const { item, key } of shown) {
      const state = states.get(key);
      if (!state) continue;
      wanted.add(chipFor(item, state));
    }
    // Chips whose row lost its conversation, or whose title link went away.
    for (const chip of doc.querySelectorAll(`[${CHIP_ATTRIBUTE}]`)) {
      if (!wanted.has(chip)) chip.remove();
    }
  };

  const chipFor = (item: Item, state: PageState): Element => {
    const next = item.link.nextElementSibling;
    let chip =
      next?.hasAttribute(CHIP_ATTRIBUTE) && next.getAttribute(CHIP_ATTRIBUTE) === state.key
        ? (next as HTMLElement)
        : null;
    if (!chip) {
      // A span, not a button: an inline box's padding and border take no room in the line, so a
      // chip never makes a row taller (a button is an inline block, and does).
      chip = doc.createElement('span');
      chip.setAttribute('role', 'button');
      chip.tabIndex = 0;
      chip.setAttribute(CHIP_ATTRIBUTE, state.key);
      chip.className = `handoff-chip handoff-chip--${options.provider}`;
      item.link.after(chip);
    }
    if (chip.textContent !== state.label) chip.textContent = state.label;
    if (chip.dataset.state !== state.state) chip.dataset.state = state.state;
    const title = `${state.label} · ${openHint}`;
    if (chip.title !== title) chip.title = title;
    return chip;
  };

  // One listener for every chip, on the document: a chip the host copied with its row (a page
  // restored from the host's snapshot cache) has none of its own, and is still a chip.
  const activate = (event: Event) => {
    const chip = (event.target as Element | null)?.closest?.(`[${CHIP_ATTRIBUTE}]`);
    if (!chip) return;
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    // The row around the title is often a link or has its own click handler.
    event.preventDefault();
    event.stopPropagation();
    const context = items.get(chip.getAttribute(CHIP_ATTRIBUTE) ?? '');
    if (event.isTrusted && context) open(context);
  };
  doc.addEventListener('click', activate, true);
  doc.addEventListener('keydown', activate, true);

  const open = (context: PageContextData) => {
    const message: ContentRequest = {
      type: 'handoff/open-from-list',
      context: itemIdentity(context),
    };
    try {
      extensionRuntime()
        .sendMessage(message)
        .catch(() => {});
    } catch {
      // The extension was updated or reloaded under this page: the chip can no longer open it.
    }
  };

  const ask = (asked: { item: Item; key: string }[]) => {
    for (const { key } of asked) asking.add(key);
    const query: ContentRequest = {
      type: 'handoff/list-states',
      items: asked.map(({ item }) => itemIdentity(item.context)),
    };
    const settle = (reply: ContentReply | undefined) => {
      const byKey = new Map((reply?.states ?? []).map((state) => [state.key, state]));
      for (const { key } of asked) {
        asking.delete(key);
        // No answer is not "no conversation": the row is asked about again on the next pass.
        if (reply?.ok) states.set(key, byKey.get(key) ?? null);
      }
      render();
    };
    try {
      extensionRuntime()
        .sendMessage(query)
        .then(settle, () => settle(undefined));
    } catch {
      for (const { key } of asked) asking.delete(key);
    }
  };

  let listening = false;
  const listen = () => {
    if (listening) return;
    listening = true;
    const runtime = extensionRuntime();
    runtime.onMessage.addListener((message: unknown, sender: { id?: string }) => {
      if (sender.id !== runtime.id) return false;
      const push = message as ListStatesPush | null;
      if (push?.type !== 'handoff/list-states-changed' || !Array.isArray(push.changes)) {
        return false;
      }
      for (const change of push.changes) {
        if (states.has(change.key)) states.set(change.key, change.state);
      }
      render();
      return false;
    });
  };

  const pass = () => {
    if (!alive()) {
      stop();
      return;
    }
    shown = options.lists.isListPage(where) ? detectItems() : [];
    items.clear();
    for (const { item, key } of shown) items.set(key, item.context);
    const unknown: { item: Item; key: string }[] = [];
    const seen = new Set<string>();
    for (const row of shown) {
      if (states.has(row.key) || asking.has(row.key) || seen.has(row.key)) continue;
      seen.add(row.key);
      unknown.push(row);
    }
    for (let at = 0; at < unknown.length; at += MAX_LIST_ITEMS) {
      try {
        listen();
      } catch {
        return;
      }
      ask(unknown.slice(at, at + MAX_LIST_ITEMS));
    }
    render();
  };

  // Rows come and go without a page load: paging, infinite scroll, filters and the host's own
  // navigation all change the DOM. Our own chips are the only changes a pass need not follow.
  let queued = false;
  const observer = new MutationObserver((records) => {
    if (queued || records.every(onlyOurChips)) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      pass();
    });
  });
  function stop(): void {
    observer.disconnect();
    doc.removeEventListener('click', activate, true);
    doc.removeEventListener('keydown', activate, true);
    if (globals[STARTED] === alive) delete globals[STARTED];
  }
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  pass();
  return { stop, pass };
}

function onlyOurChips(record: MutationRecord): boolean {
  const ours = (node: Node) =>
    node instanceof Element
      ? node.hasAttribute(CHIP_ATTRIBUTE)
      : node.parentElement?.hasAttribute(CHIP_ATTRIBUTE) === true;
  if (record.target instanceof Element && record.target.hasAttribute(CHIP_ATTRIBUTE)) return true;
  return [...record.addedNodes, ...record.removedNodes].every(ours);
}
