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

/** Worker → content script: what is this tab's page about (keyboard command, menus). */
export interface PageContextQuery {
  type: 'handoff/page-context';
}

export interface ContentReply {
  ok: boolean;
  /** The answer to a page-state query. */
  state?: PageState | null;
  /** Said to the person when the request could not be carried out. */
  error?: string;
}
