// Faults that only make sense on an agent server: clones that hang until the command's time-out,
// and conversations that wait for their credential binding (409 / close 1013).
import { httpException } from '../http/respond';
import { defineRoute, type Route } from '../http/router';
import type { ReferenceService } from '../service';

const internal = { source: 'internal' as const };

function objectBody(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw httpException(422, 'Expected a JSON object');
  }
  return value as Record<string, unknown>;
}

export function agentServerAdminRoutes(service: ReferenceService): Route[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/__admin/agent-server/hang-clones',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ req, rawJson }) => {
        const body = req.body.length > 0 ? objectBody(rawJson()) : {};
        const times = body.times ?? 1;
        if (typeof times !== 'number' || !Number.isInteger(times) || times < 0) {
          throw httpException(422, 'times must be a non-negative integer');
        }
        service.v1.agent.servers.hangClones(times);
        return { hanging_clones: times };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/conversations/{conversation_id}/credential-binding',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ req, params, rawJson }) => {
        const body = req.body.length > 0 ? objectBody(rawJson()) : {};
        const record = service.v1.agent.anywhere(
          params.conversation_id.replaceAll('-', '').toLowerCase(),
        );
        if (!record) throw httpException(404, `Conversation ${params.conversation_id} not found`);
        const required = body.required !== false;
        service.v1.agent.setActivationRequired(record, required);
        return { conversation_id: record.id, activation_required: required };
      },
    }),
  ];
}
