import * as z from 'zod/mini';
import { PageContextSchema } from '@/lib/hosts/page-context';

/** Name of the long-lived port side panels (and other extension pages) open to the worker. */
export const PANEL_PORT_NAME = 'handoff-panel';

/** What the panel should show when it opens or is asked to switch. */
export const LaunchSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('new-conversation'),
    context: z.nullable(PageContextSchema),
    /** Text the person selected on the page, offered as the first message. */
    selection: z.optional(z.string()),
    /** Create the conversation at once with the person's defaults (Alt-click, one-click). */
    autoStart: z.optional(z.boolean()),
  }),
  z.object({ kind: z.literal('conversation'), conversationId: z.string() }),
  z.object({
    kind: z.literal('microagents'),
    context: PageContextSchema,
    filePath: z.optional(z.string()),
  }),
  /** The server is not configured: the panel explains and links to the options. */
  z.object({ kind: z.literal('setup') }),
]);
export type Launch = z.infer<typeof LaunchSchema>;
