import * as z from 'zod/mini';
import { generations } from '@/lib/api/generation';
import { PageContextSchema } from '@/lib/hosts/page-context';
import type { IndexSnapshot } from '@/lib/messaging/conversation-index';
import type { StreamEntry, StreamSnapshot } from '@/lib/messaging/stream-snapshot';
import { serverIdParam } from './rpc';

/** Name of the long-lived port side panels (and other extension pages) open to the worker. */
export const PANEL_PORT_NAME = 'handoff-panel';

/**
 * What the panel should show when it opens or is asked to switch. Here and below plain unions,
 * whose literal `kind` or `type` keeps the options apart: the worker bundles no
 * discriminated-union schema (tests/bundle/worker-bundle.test.ts).
 */
export const LaunchSchema = z.union([
  z.object({
    kind: z.literal('new-conversation'),
    context: z.nullable(PageContextSchema),
    /** Text the person selected on the page, offered as the first message. */
    selection: z.optional(z.string()),
    /** Create the conversation at once with the person's defaults (Alt-click, one-click). */
    autoStart: z.optional(z.boolean()),
    /** Why a start-at-once request only opened the form: several arrived within seconds. */
    notice: z.optional(z.enum(['burst'])),
    /** The page's issue or pull request already has a conversation: the form asks first. */
    existing: z.optional(
      z.object({
        conversationId: z.string(),
        serverId: z.optional(z.string()),
        generation: z.enum(generations),
        title: z.nullable(z.string()),
        count: z.number(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('conversation'),
    conversationId: z.string(),
    /** Its server, where the one who asked knows it. */
    serverId: z.optional(z.string()),
    /**
     * Where the panel puts the focus: the composer (a notification's Reply) or the action or
     * question waited on (a click on a notification where the browser has no buttons).
     */
    focus: z.optional(z.enum(['composer', 'action'])),
    /**
     * A notification's button found what it showed no longer waited on, and sent nothing: the
     * panel says so above the current state.
     */
    notice: z.optional(z.enum(['stale-notification'])),
  }),
  z.object({
    kind: z.literal('microagents'),
    context: PageContextSchema,
    filePath: z.optional(z.string()),
  }),
  /**
   * A task from a pull request page's menu: the panel drafts the message from the pull request
   * and shows it, for the conversation already on it (`existing`) or a new one.
   */
  z.object({
    kind: z.literal('hand-back'),
    context: PageContextSchema,
    task: z.enum(['checks', 'review', 'conflicts']),
    existing: z.optional(
      z.object({ conversationId: z.string(), serverId: z.optional(z.string()) }),
    ),
  }),
  /** The server is not configured: the panel explains and links to the options. */
  z.object({ kind: z.literal('setup') }),
  /** A page asked for something Handoff refused; the panel says why. */
  z.object({ kind: z.literal('refused'), reason: z.enum(['page-mismatch']) }),
]);
export type Launch = z.infer<typeof LaunchSchema>;

/** What a panel may say over its port; validated by the worker like every other message. */
export const PanelToWorkerSchema = z.union([
  z.object({ type: z.literal('hello'), windowId: z.nullable(z.number()) }),
  z.object({
    type: z.literal('watch'),
    conversationId: z.string().check(z.minLength(1), z.maxLength(100)),
    generation: z.enum(generations),
    serverId: serverIdParam,
  }),
  z.object({ type: z.literal('unwatch'), conversationId: z.string() }),
  z.object({ type: z.literal('load-older'), conversationId: z.string() }),
  /** Sends the conversation index now and after every change. */
  z.object({ type: z.literal('index') }),
  /**
   * Whether the panel is on screen (sent when it opens and whenever that changes): the
   * conversation it shows then needs no notification.
   */
  z.object({ type: z.literal('visibility'), visible: z.boolean() }),
]);
export type PanelToWorker = z.infer<typeof PanelToWorkerSchema>;

/** What the worker sends a panel. Events travel raw; the panel parses them fully. */
export type WorkerToPanel =
  | { type: 'launch'; launch: Launch }
  /** Subscribed: the cache now holds everything until this point; entries follow. */
  | { type: 'watching'; conversationId: string; snapshot: StreamSnapshot }
  | { type: 'entries'; conversationId: string; entries: StreamEntry[] }
  | { type: 'snapshot'; snapshot: StreamSnapshot }
  /** The conversation index: on `index` and after every change. */
  | { type: 'index'; index: IndexSnapshot }
  | {
      type: 'older-loaded';
      conversationId: string;
      added: number;
      hasOlder: boolean;
      error?: string;
    };
