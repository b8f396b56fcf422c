// The `agent` kind's server in Docker runtime mode (agent_server/docker_runtime/routers.py, from
// 1.48.0 in this form; agent-server/docker-runtime.ts says what a container is here). Its docker
// router comes before the local conversation routes, so it answers:
// - `POST /api/conversations`: the request read by hand (400 "Invalid JSON body", 422 "Expected
//   a JSON object", 422 "Docker conversations require a local workspace", 400 "Invalid
//   conversation_id"), checked as the start request (422 with pydantic's text), then the
//   manifest, the container (502 "Could not create conversation container" when it cannot
//   start, the manifest kept), the request inside with `working_dir: /workspace` (a refusal
//   there: its status, `{"detail": "Conversation runtime rejected the request"}`);
// - `GET …/runtime`, `POST …/runtime/reprovision`, `DELETE …/runtime` (stop the container,
//   204), `POST …/runtime/credentials`, `DELETE /api/conversations/{id}` (container, manifest
//   and conversation gone; an empty 200);
// - everything else under `/api/conversations/{id}/…` (and POST/PUT/PATCH of the conversation
//   itself) forwarded into the container: `fork`, `switch_llm`, `switch_profile` and
//   `credential-bindings` are 501 before any lookup, an id without a manifest is 404
//   "Conversation not found", a container that cannot start 502 "Could not start conversation
//   container". Reads of the catalog (`GET /api/conversations/{id}`, search, count, the batch)
//   stay on the server, which lists the containers' conversations too. A conversation from
//   before Docker mode has no manifest: its events can still be read, nothing else.
// 5xx answers are api.py's masked `{"detail": "Internal Server Error", "exception": "<status>:
// <detail>"}`.
import { containerScope, RUNTIME_DATA_ROOT } from '../agent-server/docker-runtime';
import { FERNET_TOKEN_PREFIX } from '../agent-server/fernet';
import { STANDALONE_SCOPE } from '../agent-server/servers';
import { hexId, parseUuid, toDashed } from '../core/ids';
import { bool, INVALID, model, optional, type PydanticError, uuid } from '../http/pydantic';
import { parsePythonJson } from '../http/pyjson';
import { HttpError, httpException, json, type ServiceResponse, text } from '../http/respond';
import {
  defineRoute,
  type HttpMethod,
  type Incoming,
  matchRoute,
  queryModel,
  type Route,
  runRoute,
} from '../http/router';
import { type StartConversationBody, startConversationModel } from '../models/agent-server';
import { validationErrorText } from '../stream/v1-websocket';
import { agentServerRoutes } from './agent-server';
import { maskedServerError } from './agent-server-git-search';
import { AVAILABLE_RUNTIME } from './agent-server-runtime';
import type { RouteHost } from './common';

const CONVERSATION = '/api/conversations/{conversation_id}';
const why = 'agent_server/docker_runtime/routers.py (v1.48.0)';
const contract = { source: 'agent-sdk' as const, why };
const conversationParams = model({ conversation_id: uuid() }, { extra: 'ignore' });
const UNPROXIED = new Set(['credential-bindings', 'fork', 'switch_llm', 'switch_profile']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function dockerRuntimeRoutes(host: RouteHost, localRoutes: () => Route[]): Route[] {
  const domain = host.v1.agent;
  const servers = domain.servers;
  const docker = servers.docker;
  const containerTables = new Map<string, Route[]>();

  const conversationNotFound = () => httpException(404, 'Conversation not found');
  /** routers.py `_container`: the manifest, then a running container. */
  const container = (hex: string) => {
    if (!docker.container(hex)) throw conversationNotFound();
    if (!docker.start(hex)) throw maskedServerError(502, 'Could not start conversation container');
  };
  const tableOf = (hex: string) => {
    let table = containerTables.get(hex);
    if (!table) {
      table = agentServerRoutes(host, containerScope(hex));
      containerTables.set(hex, table);
    }
    return table;
  };
  /** Into the container (or the server's own routes): its key is the proxy's, not the caller's. */
  const dispatch = async (routes: Route[], req: Incoming): Promise<ServiceResponse> => {
    const { match, pathMatched } = matchRoute(routes, req.method, req.path);
    if (!match) {
      return pathMatched
        ? json({ detail: 'Method Not Allowed' }, 405)
        : json({ detail: 'Not Found' }, 404);
    }
    return runRoute(match, req, () => {});
  };

  /** `proxy_conversation`: 501 first, then the manifest and the container. */
  const forward = async (req: Incoming, rawId: string, tail: string) => {
    const hex = parseUuid(rawId);
    if (hex === null) {
      // `conversation_id: UUID` of the route itself.
      const errors: PydanticError[] = [];
      uuid().validate(rawId, ['path', 'conversation_id'], errors, 'json');
      return json({ detail: errors }, 422);
    }
    if (UNPROXIED.has(tail.split('/')[0] ?? '')) {
      throw maskedServerError(501, 'This operation is unavailable in Docker runtime mode');
    }
    if (!docker.container(hex)) {
      // A conversation from before Docker mode: the catalog still serves its history.
      const local = domain.find(STANDALONE_SCOPE, hex);
      if (
        local?.sandbox_id === STANDALONE_SCOPE &&
        req.method === 'GET' &&
        tail.startsWith('events')
      ) {
        return dispatch(localRoutes(), req);
      }
      throw conversationNotFound();
    }
    container(hex);
    return dispatch(tableOf(hex), req);
  };

  /** mediation.py: the inner server has no settings of its own, so the outer resolves them. */
  const mediate = (body: StartConversationBody, containerHex: string) => {
    const outer = servers.state(STANDALONE_SCOPE);
    const inner = servers.state(containerScope(containerHex));
    if (body.agent_profile_id !== null) {
      const id = toDashed(body.agent_profile_id);
      const profile = outer.agent_profiles[id];
      if (!profile) throw httpException(404, `Agent profile with id '${id}' not found`);
      inner.agent_profiles[id] = profile;
    }
    // Secrets by reference are read here and go in as values.
    for (const [name, source] of Object.entries(body.secrets)) {
      const match = /^\/api\/settings\/secrets\/([^/?#]+)$/.exec(String(source.url ?? ''));
      const stored = match ? outer.secrets[decodeURIComponent(match[1] as string)] : undefined;
      if (source.kind === 'LookupSecret' && stored) {
        body.secrets[name] = { kind: 'StaticSecret', value: stored.value };
      }
    }
    const llm = isObject(body.agent_settings?.llm) ? body.agent_settings.llm : null;
    if (body.secrets_encrypted && llm && typeof llm.api_key === 'string') {
      if (llm.api_key.startsWith(FERNET_TOKEN_PREFIX)) {
        llm.api_key = servers.cipher(STANDALONE_SCOPE).decrypt(llm.api_key);
      }
    }
    body.secrets_encrypted = false;
  };

  const create = defineRoute({
    method: 'POST',
    path: '/api/conversations',
    auth: 'agent',
    contract,
    body: { kind: 'raw-json' },
    query: queryModel({ include_skills: optional(bool(), () => false) }),
    handle: ({ req, query }) => {
      let raw: unknown;
      try {
        raw = parsePythonJson(req.body.toString('utf8'));
      } catch {
        throw httpException(400, 'Invalid JSON body');
      }
      if (!isObject(raw)) throw httpException(422, 'Expected a JSON object');
      const workspace = raw.workspace;
      if (
        workspace !== undefined &&
        workspace !== null &&
        (!isObject(workspace) || (workspace.kind ?? 'LocalWorkspace') !== 'LocalWorkspace')
      ) {
        throw httpException(422, 'Docker conversations require a local workspace');
      }
      const requested = raw.conversation_id;
      let hex: string;
      if (requested) {
        const parsed = typeof requested === 'string' ? parseUuid(requested) : null;
        if (parsed === null) throw httpException(400, 'Invalid conversation_id');
        hex = parsed;
      } else hex = hexId();
      const workingDir = isObject(workspace)
        ? (workspace.working_dir ?? '/workspace')
        : '/workspace';
      const hostWorkspace =
        workingDir === '/workspace' ? `${RUNTIME_DATA_ROOT}/${hex}/workspace` : String(workingDir);
      const payload = {
        ...raw,
        conversation_id: toDashed(hex),
        workspace: { kind: 'LocalWorkspace', working_dir: '/workspace' },
      };
      // prepare_start: a request the start model refuses is a 422 with pydantic's text.
      const errors: PydanticError[] = [];
      const body = startConversationModel(domain.release).validate(payload, [], errors, 'json');
      if (body === INVALID) {
        throw httpException(422, validationErrorText('StartConversationRequest', errors));
      }
      if (domain.find(STANDALONE_SCOPE, hex)?.sandbox_id === STANDALONE_SCOPE) {
        throw httpException(
          422,
          'Unsupported legacy conversation: recreate in an isolated runtime',
        );
      }
      mediate(body, hex);
      docker.provision(hex, hostWorkspace);
      host.persist();
      if (!docker.start(hex)) {
        throw maskedServerError(502, 'Could not create conversation container');
      }
      try {
        const { record, created } = domain.start(containerScope(hex), body);
        const entry = docker.container(hex);
        if (entry) entry.started = true;
        host.persist();
        const info = host.v1.agentConversationInfo(record, {
          includeSkills: query.include_skills,
        });
        return json(info, created ? 201 : 200);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        docker.stop(hex);
        return json({ detail: 'Conversation runtime rejected the request' }, error.response.status);
      }
    },
  });

  const runtimeOf = (hex: string) => {
    const entry = docker.container(hex);
    // Runtime info reads the conversation's meta.json: none before it started.
    if (!entry?.started) throw conversationNotFound();
    return entry;
  };

  const routes: Route[] = [
    create,
    defineRoute({
      method: 'GET',
      path: `${CONVERSATION}/runtime`,
      auth: 'agent',
      contract,
      params: conversationParams,
      handle: ({ params }) => {
        runtimeOf(params.conversation_id);
        return {
          ...AVAILABLE_RUNTIME,
          runtime_status: docker.isRunning(params.conversation_id) ? 'available' : 'missing',
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${CONVERSATION}/runtime/reprovision`,
      auth: 'agent',
      contract,
      params: conversationParams,
      handle: ({ params }) => {
        container(params.conversation_id);
        return AVAILABLE_RUNTIME;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${CONVERSATION}/runtime`,
      auth: 'agent',
      contract,
      params: conversationParams,
      handle: ({ params }): ServiceResponse => {
        runtimeOf(params.conversation_id);
        docker.stop(params.conversation_id);
        return text('', 204);
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${CONVERSATION}/runtime/credentials`,
      auth: 'agent',
      contract,
      params: conversationParams,
      handle: ({ params }) => {
        runtimeOf(params.conversation_id);
        return { session_api_key: docker.sessionKey(params.conversation_id) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: CONVERSATION,
      auth: 'agent',
      contract,
      params: conversationParams,
      handle: async ({ params }): Promise<ServiceResponse> => {
        const hex = params.conversation_id;
        if (!docker.container(hex)) throw conversationNotFound();
        const record = domain.find(containerScope(hex), hex);
        if (record) await domain.remove(record);
        docker.forget(hex);
        host.persist();
        return text('', 200);
      },
    }),
    ...(['POST', 'PUT', 'PATCH'] as const).map((method) =>
      defineRoute({
        method,
        path: CONVERSATION,
        auth: 'agent',
        contract,
        handle: ({ req }) => forward(req, req.path.split('/')[3] ?? '', ''),
      }),
    ),
    ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as HttpMethod[]).map((method) =>
      defineRoute<{ conversation_id: string; tail: string }>({
        method,
        path: `${CONVERSATION}/{tail:path}`,
        auth: 'agent',
        contract,
        handle: ({ req, params }) => forward(req, params.conversation_id, params.tail),
      }),
    ),
  ];
  return routes;
}

/** The socket of a conversation in Docker mode: 1008 without a manifest, 1011 when it cannot start. */
export function dockerSocketGate(host: RouteHost) {
  const docker = host.v1.agent.servers.docker;
  return async (conversationHex: string): Promise<number | null> => {
    if (!docker.container(conversationHex)) return 1008;
    return docker.start(conversationHex) ? null : 1011;
  };
}
