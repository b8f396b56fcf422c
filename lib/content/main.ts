import type { ContentScriptContext } from './context';

/** What the button needs of its context: WXT's type, built with ours (./context.ts). */
type ScriptContext = Pick<
  ContentScriptContext,
  'setTimeout' | 'addEventListener' | 'onInvalidated'
>;

import type {
  AnchorSpec,
  DetectOptions,
  PageAddress,
  PageContextData,
  Provider,
} from '@/lib/hosts/types';
import {
  type ContentReply,
  type ContentRequest,
  PAGE_CONTEXT_READER,
  type PageState,
  type PageStatePush,
  type PullTaskRequest,
} from '@/lib/messaging/content-messages';
import { pageItemKey } from '@/lib/messaging/conversation-index';
import { type ButtonAction, createButtonUi } from './button-ui';
import { ButtonMount } from './mount';
import { extensionRuntime } from './runtime';

export interface HostDetection {
  detect(url: PageAddress, options: DetectOptions): PageContextData | null;
  anchorsFor(context: PageContextData): readonly AnchorSpec[];
  isMicroagentFile(repository: string, path: string, provider?: Provider): boolean;
}

/** How long a page may take to render its header before the floating fallback shows. */
const FLOATING_GRACE_MS = 1500;
/** While an agent works, the button's "· 3 min" is asked for again this often (no server call). */
const WORKING_TICK_MS = 60_000;

/**
 * Runs on one host software's pages (its default host, or a self-hosted origin the person
 * added for that software), keeping one button where it belongs as the page changes.
 */
export function startContentScript(
  ctx: ScriptContext,
  provider: Provider,
  hosts: HostDetection,
  /** Whether an address shows the host's issue or pull request list (lib/hosts/<host>/lists.ts). */
  isListPage?: (address: Pick<PageAddress, 'pathname' | 'search'>) => boolean,
): void {
  // The page's own location, not a URL built from it: it has every part detection reads.
  const detect = () => hosts.detect(location, { document, provider });
  const identify = () => hosts.detect(location, { document, provider, identityOnly: true });

  const onAction = (action: ButtonAction, event: MouseEvent) => {
    // Only the person's own click counts: a page can click() our button or dispatch events at
    // it, and those arrive untrusted, without the user activation a real click brings.
    if (!event.isTrusted || navigator.userActivation?.isActive === false) return;
    // Read at click time: the person may have navigated since the button was mounted.
    const context = mount.currentContext();
    if (!context) return;
    const task = (event.target as Element | null)
      ?.closest('[data-task]')
      ?.getAttribute('data-task');
    const message: ContentRequest =
      action === 'pull-task'
        ? { type: 'handoff/pull-task', context, task: task as PullTaskRequest['task'] }
        : action === 'start' || action === 'start-another'
          ? {
              type: 'handoff/start-from-page',
              context,
              immediate: action === 'start' && event.altKey,
            }
          : action === 'open'
            ? { type: 'handoff/open-from-page', context }
            : action === 'view-microagent'
              ? { type: 'handoff/open-panel', context, view: 'microagents', filePath: context.path }
              : { type: 'handoff/open-panel', context, view: 'microagents' };
    try {
      extensionRuntime()
        .sendMessage(message)
        .catch(() => {
          mount.button().setHint('Handoff could not be reached. Reload the page and try again.');
        });
    } catch {
      // The extension was updated or reloaded under this page: this copy can no longer talk.
      mount.button().setHint('Handoff was updated. Reload the page to use it.');
    }
  };

  const mount = new ButtonMount({
    document,
    detect,
    identify,
    anchorsFor: hosts.anchorsFor,
    secondaryFor: (context) => {
      if (
        context.kind === 'blob' &&
        context.path &&
        hosts.isMicroagentFile(context.repository, context.path, context.provider)
      ) {
        return 'view-microagent';
      }
      return context.kind === 'repo' || context.kind === 'tree' ? 'microagents' : null;
    },
    // Built the first time the page needs a button: most pages of a code host (its dashboards,
    // settings, search) are none the button serves, and pay nothing for it.
    ui: () => createButtonUi(document, onAction),
  });

  // The host gets FLOATING_GRACE_MS from each new address to render its header, and the page must
  // have loaded, before a missing anchor means the button floats. One timer checks both, so a page
  // that loads within the grace (most do) costs no load listener; a slower one gets the whole
  // grace again once it has loaded.
  let graceTimer: number | undefined;
  const startGrace = () => {
    clearTimeout(graceTimer);
    mount.resetFloating();
    const allow = () => mount.allowFloating();
    graceTimer = ctx.setTimeout(() => {
      if (document.readyState === 'complete') allow();
      else {
        const arm = () => {
          graceTimer = ctx.setTimeout(allow, FLOATING_GRACE_MS);
        };
        ctx.addEventListener(window, 'load', arm, { once: true });
      }
    }, FLOATING_GRACE_MS);
  };

  // The button's state: the item's newest conversation in the worker's words, or none. A page
  // that moved on to another item shows "Start conversation" until that item's answer comes.
  let shownKey: string | null = null;
  let tick: number | undefined;
  const show = (state: PageState | null) => {
    if (state) mount.button().setState({ label: state.label, state: state.state });
    else mount.existingButton()?.setState(null);
    clearTimeout(tick);
    if (state?.state === 'working') tick = ctx.setTimeout(askState, WORKING_TICK_MS);
  };
  // The worker pushes an item's new state to the tabs that asked for it; a page that never asked
  // (no issue or pull request shown yet) needs no listener, nor the runtime it would bind.
  let listening = false;
  function listenForPushes(): void {
    if (listening) return;
    listening = true;
    const runtime = extensionRuntime();
    const onPush = (message: unknown, sender: { id?: string }) => {
      if (sender.id !== runtime.id) return false;
      const push = message as PageStatePush | null;
      if (push?.type === 'handoff/page-state-changed' && push.key === shownKey) show(push.state);
      return false;
    };
    runtime.onMessage.addListener(onPush);
    ctx.onInvalidated(() => runtime.onMessage.removeListener(onPush));
  }

  function askState(): void {
    // The item is all the worker needs to answer, and reconcile() has usually read it already.
    const context = mount.addressContext();
    const key = context ? pageItemKey(context) : null;
    if (key !== shownKey) {
      shownKey = key;
      show(null);
      // Any pull or merge request page offers its tasks, whether or not an agent is on it.
      if (context?.kind === 'pull') mount.button().setTasks(true);
      else mount.existingButton()?.setTasks(false);
    }
    if (!context || !key) return;
    try {
      listenForPushes();
      const query: ContentRequest = { type: 'handoff/page-state', context };
      extensionRuntime()
        .sendMessage(query)
        .then(
          (reply: ContentReply | undefined) => {
            if (key === shownKey && reply?.ok) show(reply.state ?? null);
          },
          () => {},
        );
    } catch {
      // The extension went away under this page: the button stays as it is.
    }
  }

  // A list of issues or pull requests: the worker loads the list code, once per document (it then
  // follows the page itself). Other pages never load it.
  let listCodeAsked = false;
  const askListCode = () => {
    if (listCodeAsked || !isListPage?.(location)) return;
    listCodeAsked = true;
    try {
      const notice: ContentRequest = { type: 'handoff/list-page' };
      extensionRuntime()
        .sendMessage(notice)
        .catch(() => {
          listCodeAsked = false;
        });
    } catch {
      // The extension went away under this page.
    }
  };

  let lastHref = location.href;
  const onPossibleNavigation = () => {
    mount.reconcile();
    if (location.href !== lastHref) {
      lastHref = location.href;
      startGrace();
      askState();
      askListCode();
    }
  };

  mount.reconcile();
  startGrace();
  askState();
  askListCode();
  // A worker restarted meanwhile no longer knows this tab: coming back to it asks again.
  ctx.addEventListener(document, 'visibilitychange', () => {
    if (document.visibilityState === 'visible') askState();
  });
  const observer = new MutationObserver(onPossibleNavigation);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  ctx.onInvalidated(() => {
    observer.disconnect();
    clearTimeout(graceTimer);
    mount.destroy();
  });
  // Hosts' own navigation signals: Turbo and React soft navigation on GitHub, history
  // traversal everywhere. The observer catches in-place re-renders between them. A page brought
  // back from the back-forward cache comes back as it was left, button and all, and asks for its
  // item's state again as it becomes visible.
  for (const type of ['turbo:render', 'soft-nav:react-done', 'soft-nav:end']) {
    ctx.addEventListener(document, type, onPossibleNavigation);
  }
  ctx.addEventListener(window, 'popstate', () => queueMicrotask(onPossibleNavigation));

  // The worker's question "what is this page about?" (menus, keyboard command) is answered here,
  // in the isolated world, without a runtime listener (lib/messaging/content-messages.ts).
  const globals = globalThis as Record<string, unknown>;
  const readContext = () => mount.currentContext();
  globals[PAGE_CONTEXT_READER] = readContext;
  ctx.onInvalidated(() => {
    if (globals[PAGE_CONTEXT_READER] === readContext) delete globals[PAGE_CONTEXT_READER];
  });
}
