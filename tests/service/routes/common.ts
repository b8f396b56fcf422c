// Pieces shared by the route modules: what they may use of the service, the listener scope a
// route table is built for, and the upstream dependencies that several routes share.
import type { ServiceHost } from '../core/host';
import { httpException, UpstreamCrash } from '../http/respond';
import type { Incoming } from '../http/router';
import type { V0Domain } from '../v0/domain';
import type { V1Domain } from '../v1/domain';

export interface RouteHost extends ServiceHost {
  readonly v0: V0Domain;
  readonly v1: V1Domain;
  /** When the process started, for uptime figures. */
  readonly startedAt: number;
  /** Time of the last request, for `idle_time`. */
  lastRequestAt: number;
}

/** The main server, or the nested runtime of one V0 conversation. */
export type Scope = { kind: 'main' } | { kind: 'runtime'; conversationId: string };

/**
 * `validate_conversation_id` (docs/contract/v0-rest.md#conventions): length, NUL, path characters,
 * control characters → 400.
 */
export function validateConversationId(_req: Incoming, params: Record<string, string>): void {
  const id = params.conversation_id ?? '';
  if (id.length > 100) throw httpException(400, 'Conversation ID is too long');
  if (id.includes('\x00')) throw httpException(400, 'Conversation ID contains invalid characters');
  if (id.includes('..') || id.includes('/') || id.includes('\\')) {
    throw httpException(400, 'Conversation ID contains invalid path characters');
  }
  if ([...id].some((c) => c.charCodeAt(0) < 32)) {
    throw httpException(400, 'Conversation ID contains control characters');
  }
}

export function notFound(conversationId: string) {
  return httpException(404, `Conversation ${conversationId} not found`);
}

/** `get_conversation_metadata`: the stored V0 conversation, else 404. */
export function requireMetadata(host: RouteHost, scope: Scope, conversationId: string) {
  const record = host.v0.get(conversationId);
  if (!record || (scope.kind === 'runtime' && scope.conversationId !== conversationId)) {
    throw notFound(conversationId);
  }
  return record;
}

/**
 * `get_conversation` (attach): needs a running loop. The main server of a nested deployment
 * cannot attach (`unsupported_operation`), which upstream lets escape as a 500.
 */
export function requireAttached(host: RouteHost, scope: Scope, conversationId: string) {
  if (scope.kind === 'main' && host.options.runtime === 'nested') {
    throw new UpstreamCrash('unsupported_operation');
  }
  const record = requireMetadata(host, scope, conversationId);
  const loop = host.v0.loops.get(conversationId);
  if (!loop) throw notFound(conversationId);
  return { record, loop };
}
