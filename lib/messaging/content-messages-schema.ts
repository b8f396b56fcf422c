import * as z from 'zod/mini';
import { PageContextSchema } from '@/lib/hosts/page-context';
import { type ContentRequest, MAX_LIST_ITEMS } from './content-messages';

/**
 * What the worker accepts from a content script: nothing else, whatever a page tries. A plain
 * union (the `type` literals keep its options apart) accepts what a discriminated one would;
 * the worker bundles no discriminated-union schema (tests/bundle/worker-bundle.test.ts).
 */
export const ContentRequestSchema = z.union([
  z.strictObject({
    type: z.literal('handoff/start-from-page'),
    context: PageContextSchema,
    immediate: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('handoff/open-panel'),
    context: PageContextSchema,
    view: z.literal('microagents'),
    filePath: z.optional(z.string().check(z.maxLength(4096))),
  }),
  z.strictObject({ type: z.literal('handoff/open-from-page'), context: PageContextSchema }),
  z.strictObject({ type: z.literal('handoff/page-state'), context: PageContextSchema }),
  z.strictObject({ type: z.literal('handoff/list-page') }),
  z.strictObject({
    type: z.literal('handoff/list-states'),
    items: z.array(PageContextSchema).check(z.maxLength(MAX_LIST_ITEMS)),
  }),
  z.strictObject({ type: z.literal('handoff/open-from-list'), context: PageContextSchema }),
  /** The person chose a task from a pull request page's menu (lib/codehosts/hand-back.ts). */
  z.strictObject({
    type: z.literal('handoff/pull-task'),
    context: PageContextSchema,
    task: z.enum(['checks', 'review', 'conflicts']),
  }),
]);

// The content script builds these objects without zod: this assignment fails to compile when
// the schema and the protocol types drift apart.
export const contentRequestMatchesProtocol: z.ZodMiniType<ContentRequest> = ContentRequestSchema;
