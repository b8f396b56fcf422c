// Pending messages (upstream app_server/pending_messages/pending_message_router.py at 11ca68ab2,
// release 1.11.0): a message sent while the conversation is still starting is queued and handed
// to the agent when the start task reaches READY. Before the conversation exists its id is
// `task-<start task id, 32 hex>`. The handler reads the body itself (no request model), so its
// errors are 400s, except a JSON body that is not an object, which fails on `.get` (500).

import { parsePythonJson } from '../http/pyjson';
import { httpException, json, UpstreamCrash } from '../http/respond';
import { defineRoute, type Route } from '../http/router';
import type { RouteHost } from './common';

const maxQueued = 10;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `TypeAdapter(list[TextContent | ImageContent])`: how many items fail it. */
function contentErrors(items: unknown[]): number {
  let failures = 0;
  for (const item of items) {
    if (!isObject(item)) {
      failures++;
      continue;
    }
    const type = item.type ?? 'text';
    const text = type === 'text' && typeof item.text === 'string';
    const image =
      type === 'image' &&
      Array.isArray(item.image_urls) &&
      item.image_urls.every((u) => typeof u === 'string');
    if (!text && !image) failures++;
  }
  return failures;
}

export function v1PendingMessageRoutes(host: RouteHost): Route[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/conversations/{conversation_id}/pending-messages',
      auth: 'v1',
      contract: { source: 'cloud' },
      body: { kind: 'raw-json' },
      handle: ({ params, req }) => {
        let body: unknown;
        try {
          body = parsePythonJson(req.body.toString('utf8'));
        } catch {
          throw httpException(400, 'Invalid request body');
        }
        if (!isObject(body))
          throw new UpstreamCrash("AttributeError: object has no attribute 'get'");
        const content = body.content;
        const role = 'role' in body ? body.role : 'user';
        if (!Array.isArray(content) || content.length === 0) {
          throw httpException(400, 'content must be a non-empty list');
        }
        const failures = contentErrors(content);
        if (failures > 0) {
          const noun = failures === 1 ? 'validation error' : 'validation errors';
          throw httpException(
            400,
            `Invalid content format: ${failures} ${noun} for list[union[TextContent,ImageContent]]`,
          );
        }
        if (host.v1.pendingCount(params.conversation_id) >= maxQueued) {
          throw httpException(
            429,
            'Too many pending messages. Maximum 10 messages per conversation.',
          );
        }
        const queued = host.v1.queuePendingMessage(
          params.conversation_id,
          String(role),
          content.map((item) => ({ type: 'text', ...(item as Record<string, unknown>) })),
        );
        return json(queued, 201);
      },
    }),
  ];
}
