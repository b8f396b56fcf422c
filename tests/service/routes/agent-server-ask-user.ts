// `POST /api/conversations/{conversation_id}/events/respond_to_ask_user` (software-agent-sdk
// event_router.py, agent servers 1.54.0+): the person's answer to the agent's question. The body
// is `AskUserResponseRequest` (`request_id`, `action` accept/decline/cancel, `answers` keyed by
// question id, each one selection or a list of them, as `normalize_ask_user_answers` takes
// them); an answer that matches no pending request, or names what the question does not offer,
// is 409 with upstream's words; an unknown conversation is 404 from `get_event_service`.
import { answerQuestion } from '../agent-server/ask-user';
import { agentServerGates } from '../agent-server/release';
import { parseUuid, toDashed } from '../core/ids';
import { before, dict, list, model, oneOf, optional, str, uuid } from '../http/pydantic';
import { httpException } from '../http/respond';
import { defineRoute, type Incoming } from '../http/router';
import { credentialBindingError, type GatedRoute } from './agent-server';
import type { RouteHost } from './common';

const AskUserAnswerModel = model({ option_id: str(), label: str() });

/** One selection or a list of them per question: both become a list. */
function asLists(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(
    Object.entries(raw).map(([id, value]) => [
      id,
      typeof value === 'object' && value !== null && !Array.isArray(value) ? [value] : value,
    ]),
  );
}

export const AskUserResponseRequestModel = model({
  request_id: str(),
  action: oneOf(['accept', 'decline', 'cancel'] as const, 'literal'),
  answers: optional(before(dict(str(), list(AskUserAnswerModel)), asLists), () => ({})),
});

export function agentServerAskUserRoutes(host: RouteHost, scope: string): GatedRoute[] {
  const { v1 } = host;
  const domain = v1.agent;
  const release = domain.release;

  /** `get_event_service`: unknown → 404; waiting for its credential binding → 409. */
  const eventService = (_req: Incoming, params: Record<string, string>) => {
    const hex = parseUuid(params.conversation_id ?? '');
    if (hex === null) return; // reported as a 422 by path validation
    const record = domain.find(scope, hex);
    if (record && domain.needsActivation(record)) throw credentialBindingError();
    if (!record) throw httpException(404, `Conversation not found: ${toDashed(hex)}`);
  };

  return [
    {
      legacy: false,
      since: agentServerGates.askUser,
      route: defineRoute({
        method: 'POST',
        path: '/api/conversations/{conversation_id}/events/respond_to_ask_user',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/event_router.py `respond_to_ask_user` (v1.54.0+)',
        },
        params: model({ conversation_id: uuid() }, { extra: 'ignore' }),
        depends: [eventService],
        body: { kind: 'model', schema: AskUserResponseRequestModel, required: true },
        handle: ({ params, body }) => {
          const record = domain.find(scope, params.conversation_id);
          if (!record) {
            throw httpException(404, `Conversation not found: ${toDashed(params.conversation_id)}`);
          }
          answerQuestion(v1, record, body, { omitNulls: release.has('socketOmitsNulls') });
          return { success: true };
        },
      }),
    },
  ];
}
