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

/**
 * The page shows an issue or pull request list: the worker loads the list code into it (only
 * list pages pay for it). Nothing is said about the page; the worker reads the tab's address.
 */
export interface ListPageNotice {
  type: 'handoff/list-page';
}

/** The most rows one question may name (a long list asks again as it scrolls). */
export const MAX_LIST_ITEMS = 500;

/** The list code asks which of the rows it shows have a conversation. */
export interface ListStatesQuery {
  type: 'handoff/list-states';
  items: PageContextData[];
}

/** A row's chip was clicked: open that item's newest conversation. */
export interface OpenFromListRequest {
  type: 'handoff/open-from-list';
  context: PageContextData;
}

/**
 * A task chosen from a pull request page's menu: hand its failing checks, review or conflicts to
 * an agent (the conversation already on it, else a new one). Opens the panel, sends nothing.
 */
export interface PullTaskRequest {
  type: 'handoff/pull-task';
  context: PageContextData;
  task: 'checks' | 'review' | 'conflicts';
}

/** Worker → list code: these rows' states changed (null: no conversation now). */
export interface ListStatesPush {
  type: 'handoff/list-states-changed';
  changes: { key: string; state: PageState | null }[];
}

export type ContentRequest =
  | StartFromPageRequest
  | OpenPanelRequest
  | OpenFromPageRequest
  | PageStateQuery
  | ListPageNotice
  | ListStatesQuery
  | OpenFromListRequest
  | PullTaskRequest;

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
  /** The answer to a list-states query: the rows that have a conversation. */
  states?: PageState[];
  /** Said to the person when the request could not be carried out. */
  error?: string;
}
