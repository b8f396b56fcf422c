// The fault-control endpoint (`/__admin/…`, main port only, no key), kept apart from `/api`.
// tests/service/admin.ts is its typed client; the request and answer shapes are defined there.
import type { AppSettingsRecord, V0ConversationRecord } from '../core/state';
import { naiveNow, passTime } from '../core/time';
import { httpException, json } from '../http/respond';
import { defineRoute, type Route } from '../http/router';
import { isScenarioName } from '../options';
import type { ReferenceService } from '../service';
import { ROOM } from '../v0/domain';
import { agentServerAdminRoutes } from './admin-agent-server';
import { numberField, objectBody } from './admin-body';
import { deviceAdminRoutes } from './admin-device';

const internal = { source: 'internal' as const };

export function adminRoutes(service: ReferenceService): Route[] {
  const find = (id: string) => {
    const hex = id.replaceAll('-', '').toLowerCase();
    const v1 = service.v1.agent.anywhere(hex);
    if (v1) return { version: 'V1' as const, v1 };
    const v0 = service.v0.get(id);
    if (v0) return { version: 'V0' as const, v0 };
    throw httpException(404, `Conversation ${id} not found`);
  };

  const v0Sockets = (record: V0ConversationRecord) => {
    const sockets = [];
    for (const io of service.v0SocketServers()) {
      for (const socketId of io.sockets.adapter.rooms.get(ROOM(record.conversation_id)) ?? []) {
        const socket = io.sockets.sockets.get(socketId);
        if (socket) sockets.push(socket);
      }
    }
    return sockets;
  };

  return [
    ...agentServerAdminRoutes(service),
    ...deviceAdminRoutes(service),
    defineRoute({
      method: 'GET',
      path: '/__admin/state',
      auth: 'admin',
      contract: internal,
      handle: () => ({
        generation: service.generation,
        url: service.url,
        options: { ...service.options, apiKey: service.apiKey },
        default_scenario: service.defaultScenario(),
        runtimes: Object.fromEntries(
          [...service.v0.loops.values()]
            .filter((loop) => loop.runtime)
            .map((loop) => [
              loop.conversationId,
              `http://localhost:${loop.runtime?.listener.port}/api/conversations/${loop.conversationId}`,
            ]),
        ),
        agent_servers: Object.fromEntries(
          [...service.v1.servers.entries()].map(([id, listener]) => [
            id,
            `http://localhost:${listener.port}`,
          ]),
        ),
        faults: service.faults.summary(),
        v0_conversations: service.v0.records.length,
        v1_conversations: Object.keys(service.data.app_conversations).length,
      }),
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/drop-sockets',
      auth: 'admin',
      contract: internal,
      handle: () => ({ dropped: service.dropSockets() }),
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/refuse-connections',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const seconds = numberField(objectBody(rawJson()), 'seconds');
        // Answer first: the listener this request came in on is about to close.
        setTimeout(() => void service.refuseConnections(seconds), 10);
        return { refusing_for_seconds: seconds };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/restart',
      auth: 'admin',
      contract: internal,
      handle: () => {
        const next = service.generation + 1;
        setTimeout(() => void service.restart(), 10);
        return { generation: next };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/faults/fail',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const body = objectBody(rawJson());
        service.faults.addFailure({
          method: typeof body.method === 'string' ? body.method : undefined,
          path: typeof body.path === 'string' ? body.path : undefined,
          listener: body.listener as 'main' | 'runtime' | 'agent' | 'any' | undefined,
          times: numberField(body, 'times', 1),
          status: numberField(body, 'status', 500),
          body: body.body,
          text: body.text === true,
        });
        return service.faults.summary();
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/faults/delay',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const body = objectBody(rawJson());
        service.faults.addDelay({
          method: typeof body.method === 'string' ? body.method : undefined,
          path: typeof body.path === 'string' ? body.path : undefined,
          listener: body.listener as 'main' | 'runtime' | 'agent' | 'any' | undefined,
          ms: numberField(body, 'ms'),
          times: body.times === undefined ? undefined : numberField(body, 'times'),
        });
        return service.faults.summary();
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/__admin/faults',
      auth: 'admin',
      contract: internal,
      handle: () => {
        service.faults.clear();
        return service.faults.summary();
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/rotate-key',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ req, rawJson }) => {
        const body = req.body.length > 0 ? objectBody(rawJson()) : {};
        const key =
          typeof body.key === 'string'
            ? body.key
            : `rotated-${Math.random().toString(36).slice(2)}`;
        switch (body.target ?? 'server') {
          case 'server':
            service.apiKey = key;
            return { target: 'server', key };
          case 'runtime':
            // Every nested-runtime key derives from the server secret.
            service.data.server_secret = key;
            service.persist();
            return { target: 'runtime', key };
          case 'sandbox': {
            const sandbox = service.data.sandboxes[String(body.sandbox_id)];
            if (!sandbox) throw httpException(404, `Sandbox ${String(body.sandbox_id)} not found`);
            sandbox.session_api_key = key;
            service.persist();
            return { target: 'sandbox', key };
          }
          default:
            throw httpException(422, 'target must be server, runtime or sandbox');
        }
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/clock/pass',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const ms = numberField(objectBody(rawJson()), 'ms', 0);
        return { ahead_ms: passTime(ms) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/scenario',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const name = objectBody(rawJson()).scenario;
        if (!isScenarioName(name)) throw httpException(422, `Unknown scenario ${String(name)}`);
        service.setDefaultScenario(name);
        return { scenario: name };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/hosted/session',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const auth = service.hostedAuth;
        if (!auth) throw httpException(404, 'Only the hosted kind has browser sessions');
        const body = objectBody(rawJson());
        if (typeof body.expired === 'boolean') auth.sessionExpired = body.expired;
        return { cookie: `keycloak_auth=${auth.sessionToken}`, expired: auth.sessionExpired };
      },
    }),

    defineRoute({
      method: 'PUT',
      path: '/__admin/settings',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        const body = objectBody(rawJson());
        const settings = body.settings;
        if (settings !== null && (typeof settings !== 'object' || Array.isArray(settings))) {
          throw httpException(422, 'settings must be an object or null');
        }
        // Each kind keeps its own form: 0.62's flat settings, the 1.x app server's nested ones.
        if (service.options.server === 'legacy') {
          service.data.settings = settings as Record<string, unknown> | null;
        } else {
          service.data.app_settings = settings as AppSettingsRecord | null;
        }
        if (body.provider_tokens !== undefined) {
          service.data.secrets.provider_tokens =
            body.provider_tokens as typeof service.data.secrets.provider_tokens;
        }
        service.persist();
        return {
          settings:
            service.options.server === 'legacy'
              ? service.data.settings
              : (service.data.app_settings ?? null),
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/__admin/conversations/{conversation_id}/events',
      auth: 'admin',
      contract: internal,
      handle: ({ params }) => {
        const found = find(params.conversation_id);
        return found.version === 'V1'
          ? { version: 'V1', conversation_id: found.v1.id, events: found.v1.events }
          : { version: 'V0', conversation_id: found.v0.conversation_id, events: found.v0.events };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/conversations/{conversation_id}/events',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ params, rawJson }) => {
        const body = objectBody(rawJson());
        const events = body.events;
        if (!Array.isArray(events)) throw httpException(422, 'events must be a list');
        const found = find(params.conversation_id);
        if (found.version === 'V1') {
          const stored = events.map((raw) => {
            const event = {
              id: crypto.randomUUID(),
              timestamp: naiveNow(),
              ...(objectBody(raw) as Record<string, unknown>),
            } as Parameters<typeof service.v1.store>[1];
            service.v1.store(found.v1, event);
            return event;
          });
          return { events: stored };
        }
        const mode = body.raw === true ? 'raw' : 'live';
        return {
          events: events.map((raw) => service.v0.appendRaw(found.v0, objectBody(raw), mode)),
        };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/conversations/{conversation_id}/frames',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ params, rawJson }) => {
        const body = objectBody(rawJson());
        const kind = body.kind;
        const size = numberField(body, 'bytes', 5 * 1024 * 1024);
        const found = find(params.conversation_id);
        const padding = 'x'.repeat(size);
        if (found.version === 'V0') {
          const sockets = v0Sockets(found.v0);
          for (const socket of sockets) {
            switch (kind) {
              case 'malformed':
                // An Engine.IO message that is not a decodable Socket.IO packet.
                socket.conn.write('2["oh_event",{"id": 1, "broken": ');
                break;
              case 'raw':
                socket.conn.write(String(body.text ?? ''));
                break;
              case 'not-an-event':
                socket.emit('oh_event', body.payload ?? 'this payload is not an event');
                break;
              case 'oversized':
                socket.emit('oh_event', { error: true, message: padding });
                break;
              default:
                throw httpException(422, 'kind must be malformed, raw, not-an-event or oversized');
            }
          }
          return { delivered_to: sockets.length };
        }
        const frames: Record<string, () => string> = {
          malformed: () => '{"kind": "MessageEvent", "id": ',
          raw: () => String(body.text ?? ''),
          'not-an-event': () => JSON.stringify(body.payload ?? { hello: 'world' }),
          oversized: () =>
            JSON.stringify({
              id: crypto.randomUUID(),
              timestamp: naiveNow(),
              source: 'environment',
              key: 'padding',
              value: padding,
              kind: 'ConversationStateUpdateEvent',
            }),
        };
        const make = typeof kind === 'string' ? frames[kind] : undefined;
        if (!make)
          throw httpException(422, 'kind must be malformed, raw, not-an-event or oversized');
        const subscribers = service.v1.subscribers.get(found.v1.id) ?? new Set();
        for (const socket of subscribers) socket.send(make());
        return { delivered_to: subscribers.size };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/conversations/{conversation_id}/scenario',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: ({ params, rawJson }) => {
        const name = objectBody(rawJson()).scenario;
        if (!isScenarioName(name)) throw httpException(422, `Unknown scenario ${String(name)}`);
        const found = find(params.conversation_id);
        if (found.version === 'V1') {
          found.v1.scenario = name;
          found.v1.scenario_started = false;
          if (name === 'awaiting-confirmation') found.v1.confirmation_policy = 'AlwaysConfirm';
        } else {
          found.v0.scenario = name;
          found.v0.scenario_started = false;
        }
        service.persist();
        return { conversation_id: params.conversation_id, scenario: name };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/conversations/{conversation_id}/idle',
      auth: 'admin',
      contract: internal,
      handle: async ({ params }) => {
        const found = find(params.conversation_id);
        if (found.version === 'V1') await service.v1.whenIdle(found.v1.id);
        else await service.v0.loops.get(found.v0.conversation_id)?.runner.whenIdle();
        return { idle: true };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/__admin/conversations/{conversation_id}',
      auth: 'admin',
      contract: internal,
      handle: async ({ params }) => {
        const found = find(params.conversation_id);
        const deleted =
          found.version === 'V1'
            ? await service.v1.deleteConversation(found.v1.id)
            : await service.v0.delete(found.v0.conversation_id);
        return { deleted };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/__admin/sandboxes/{sandbox_id}/error',
      auth: 'admin',
      contract: internal,
      body: { kind: 'raw-json' },
      handle: async ({ req, params, rawJson }) => {
        const body = req.body.length > 0 ? objectBody(rawJson()) : {};
        const detail = typeof body.detail === 'string' ? body.detail : 'Container exited (137)';
        if (!(await service.v1.failSandbox(params.sandbox_id, detail))) {
          throw httpException(404, `Sandbox ${params.sandbox_id} not found`);
        }
        return { sandbox_id: params.sandbox_id, status: 'ERROR', detail };
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/__admin/sandboxes/{sandbox_id}',
      auth: 'admin',
      contract: internal,
      handle: async ({ params }) => {
        const deleted = await service.v1.deleteSandbox(params.sandbox_id);
        if (!deleted) return json({ deleted: false }, 404);
        return { deleted };
      },
    }),
  ];
}
