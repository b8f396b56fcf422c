// Message content and the confirmation answer: the small request bodies a live conversation
// sends. Apart from ./requests so the worker, which sends them, imports nothing else from it.
import * as z from 'zod/mini';

export const TextContentRequestSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  cache_prompt: z.optional(z.boolean()),
});
export const ImageContentRequestSchema = z.strictObject({
  type: z.literal('image'),
  /** data: or http(s) URLs. */
  image_urls: z.array(z.string()).check(z.minLength(1)),
  cache_prompt: z.optional(z.boolean()),
});
/** A plain union (the `type` literal keeps it apart): the worker bundles no discriminated one. */
export const MessageContentRequestSchema = z.union([
  TextContentRequestSchema,
  ImageContentRequestSchema,
]);
export type MessageContentRequest = z.input<typeof MessageContentRequestSchema>;

/** `POST …/events/respond_to_confirmation`: accept runs the action, reject pauses. */
export const ConfirmationResponseRequestSchema = z.strictObject({
  accept: z.boolean(),
  reason: z.optional(z.string()),
});
