// Messages a content script may send to the worker, and the one the worker sends back to a
// content script. Types only: content scripts must not carry zod (they run on every code-host
// page), so the worker validates these shapes with the schemas in ./content-schema.ts.
import type { PageContextData } from '@/lib/hosts/types';
import type { PageState, PageStateQuery } from './conversation-index';

export type { PageState, PageStatePush, PageStateQuery } from './conversation-index';

/** The button (or Alt-click) asks to hand the page to an agent. */
export interface StartFromPageRequest {
  type: 'handoff/start-from-page';
  context: PageContextData;
  /** Alt/Option-click: create the conversation at once with the person's defaults. */
  immediate: boolean;
}

/** A secondary button asks for the side panel on a given view of this page's repository. */
export interface OpenPanelRequest {
  type: 'handoff/open-panel';
  context: PageContextData;
  view: 'microagents';
  /** The microagent file to open, for "View as microagent". */
  filePath?: string;
}

/** The button shows a conversation's state; a click opens that conversation in the panel. */
export interface OpenFromPageRequest {
  type: 'handoff/open-from-page';
  context: PageContextData;
}

export type ContentRequest =
  | StartFromPageRequest
  | OpenPanelRequest
  | OpenFromPageRequest
  | PageStateQuery;

/**
 * Worker → content script: what is this tab's page about (keyboard command, menus). The worker
 * asks with `scripting.executeScript` in the extension's isolated world, where the content script
 * keeps a function of no arguments under this name that returns the page's context (or null). A
 * runtime message would need a listener on every code-host page, and binding the runtime costs a
 * page load more than the rest of the button's start (lib/content/runtime.ts). Pages cannot see
 * the isolated world's globals; the worker validates the answer like any other context.
 */
export const PAGE_CONTEXT_READER = 'handoffPageContext';

export interface ContentReply {
  ok: boolean;
  /** The answer to a page-state query. */
  state?: PageState | null;
  /** Said to the person when the request could not be carried out. */
  error?: string;
}
