// Message content, the confirmation answer and the answer to the agent's question: the small
// request bodies a live conversation sends. Apart from ./requests so the worker, which sends them, imports nothing else from it.
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

/** One selection: an option the question offers, or the words typed for one that offers none. */
export const AskUserAnswerRequestSchema = z.strictObject({
  option_id: z.string().check(z.maxLength(500)),
  label: z.string().check(z.maxLength(20_000)),
});

/**
 * `POST …/events/respond_to_ask_user` (agent servers 1.54+): `accept` with the selections by
 * question id (one, or a list for a question that allows several), `decline` or `cancel`.
 */
export const AskUserResponseRequestSchema = z.strictObject({
  request_id: z.string().check(z.minLength(1), z.maxLength(200)),
  action: z.enum(['accept', 'decline', 'cancel']),
  // By question id; an object with a catch-all, as the worker bundles no record schema.
  answers: z.optional(
    z.catchall(
      z.object({}),
      z.union([
        AskUserAnswerRequestSchema,
        z.array(AskUserAnswerRequestSchema).check(z.maxLength(1000)),
      ]),
    ),
  ),
});
export type AskUserResponseRequest = z.input<typeof AskUserResponseRequestSchema>;
