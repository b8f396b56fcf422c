// Faults that only make sense on an agent server: clones that hang until the command's time-out,
// conversations that wait for their credential binding (409 / close 1013), run slots taken by
// runs nobody sees (429 from 1.54.0), containers that cannot start (Docker runtime mode), what
// the servers fetched over the network; and the hosted service's daily conversation quota.
import { runCapacityOf } from '../agent-server/run-capacity';
import { STANDALONE_SCOPE } from '../agent-server/servers';
import { parseUuid } from '../core/ids';
import { httpException } from '../http/respond';
import { defineRoute, type Route } from '../http/router';
import type { ReferenceService } from '../service';
import { countField, objectBody } from './admin-body';
import { dailyQuotaOf } from './hosted-start';

const internal = { source: 'internal' as const };

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
        const times = countField(body, 'times', 1);
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
    defineRoute({
      method: 'POST',
      path: '/__admin/agent-server/run-slots',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const body = objectBody(rawJson());
        const slots = countField(body, 'slots');
        const server = body.server ?? STANDALONE_SCOPE;
        if (typeof server !== 'string') throw httpException(422, 'server must be a string');
        runCapacityOf(service.v1.agent).hold(server, slots);
        return { server, held: slots, in_use: runCapacityOf(service.v1.agent).inUse(server) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/agent-server/containers',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const body = objectBody(rawJson());
        const raw = body.conversation_id ?? null;
        const hex = typeof raw === 'string' ? parseUuid(raw) : null;
        if (raw !== null && hex === null)
          throw httpException(422, 'conversation_id must be a UUID');
        const failing = body.failing !== false;
        service.v1.agent.servers.docker.failContainers(hex, failing);
        return { conversation_id: hex, failing };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/__admin/agent-server/network',
      auth: 'admin',
      contract: internal,
      handle: () => ({
        offline: service.options.offline,
        public_skill_fetches: service.v1.agent.servers.network.publicSkillFetches(),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/__admin/hosted/daily-quota',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const body = objectBody(rawJson());
        const limit = body.limit ?? null;
        if (limit !== null && (typeof limit !== 'number' || !Number.isInteger(limit))) {
          throw httpException(422, 'limit must be an integer or null');
        }
        const used = body.used === undefined ? undefined : countField(body, 'used');
        const quota = dailyQuotaOf(service);
        quota.set(limit, used);
        return { limit: quota.limit(), used: quota.used() };
      },
    }),
  ];
}
