// Routes of the newer agent servers that act on one conversation's runtime, and the command stop:
// - from 1.48.0 (runtime_router.py `create_runtime_router`), the bash, file and git routes again
//   under `/api/conversations/{runtime_conversation_id}/…`, behind `require_local_runtime`: an
//   unknown conversation is 404 (`get_event_service`), a `path` that is not absolute or not
//   inside the conversation's `workspace.working_dir` 422 "path must be inside the conversation
//   workspace"; commands default to that folder, a `cwd` outside it is 422 "cwd must be inside
//   the conversation workspace" (bash_router.py `_validate_cwd`), and their events are the
//   conversation's own (not in the global `/api/bash` history, nor in another conversation's);
// - `GET …/runtime` and `POST …/runtime/reprovision` of the local runtime: always available;
// - from 1.54.0, `POST /api/bash/bash_commands/{command_id}/stop` and the per-conversation one:
//   TERM to the command's process group, which ends with -15; a finished command answers
//   success too, an id the history never saw 404, a malformed one 422.
// In Docker runtime mode these run inside the conversation's container (routes/
// agent-server-docker.ts forwards them there), on its own disk and processes.
import { scopedHistory } from '../agent-server/docker-runtime';
import { resolvePath } from '../agent-server/folders';
import { agentServerGates } from '../agent-server/release';
import { AGENT_HOME } from '../agent-server/servers';
import { parseUuid, toDashed } from '../core/ids';
import type { AppConversationRecord } from '../core/state';
import { model, str, uuid } from '../http/pydantic';
import { httpException } from '../http/respond';
import { defineRoute, type Incoming, type Route } from '../http/router';
import { ExecuteBashRequestModel } from '../models/agent-server';
import { credentialBindingError, type GatedRoute } from './agent-server';
import {
  agentServerWorkspaceRoutes,
  bashHandlers,
  bashSearchQuery,
} from './agent-server-workspace';
import type { RouteHost } from './common';

const RUNTIME = '/api/conversations/{runtime_conversation_id}';
const runtimeParams = model({ runtime_conversation_id: uuid() }, { extra: 'ignore' });
const why = (router: string) => `agent_server/${router} via runtime_router.py (v1.48.0)`;

/** The local runtime's answer (models.py `ConversationRuntimeInfo`). */
export const AVAILABLE_RUNTIME = {
  runtime_status: 'available',
  can_resume: true,
  runtime_error: null,
} as const;

function within(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

export function agentServerRuntimeRoutes(host: RouteHost, scope: string): GatedRoute[] {
  const domain = host.v1.agent;
  const servers = domain.servers;
  const since = { legacy: false, since: agentServerGates.conversationRuntime };
  const stopSince = { legacy: false, since: agentServerGates.commandStop };

  const conversationOf = (hex: string): AppConversationRecord => {
    const record = domain.find(scope, hex);
    if (!record) throw httpException(404, `Conversation not found: ${toDashed(hex)}`);
    if (domain.needsActivation(record)) throw credentialBindingError();
    return record;
  };
  const workspaceOf = (record: AppConversationRecord) =>
    resolvePath('/', domain.side(record).working_dir);

  /** `require_local_runtime`: the conversation, and any `path` inside its workspace. */
  const requireRuntime = (req: Incoming, params: Record<string, string>) => {
    const hex = parseUuid(params.runtime_conversation_id ?? '');
    if (hex === null) return; // a 422 of path validation
    const root = workspaceOf(conversationOf(hex));
    for (const name of ['path', 'workspace_dir']) {
      const value = params[name] ?? req.url.searchParams.get(name);
      if (value === null || value === undefined) continue;
      if (!value.startsWith('/') || !within(resolvePath('/', value), root)) {
        throw httpException(422, `${name} must be inside the conversation workspace`);
      }
    }
  };

  const recordOf = (params: { runtime_conversation_id: string }) =>
    conversationOf(params.runtime_conversation_id);
  /** The conversation's own command history. */
  const historyOf = (params: { runtime_conversation_id: string }) =>
    scopedHistory(recordOf(params).id);
  const bash = bashHandlers(host, scope);

  /** `_validate_cwd`: the command runs in the workspace, or below it. */
  const cwdFor = (record: AppConversationRecord, cwd: string | null): string => {
    const root = workspaceOf(record);
    if (cwd === null) return domain.side(record).working_dir;
    // A relative cwd resolves against the server's own working folder.
    if (!within(resolvePath(AGENT_HOME, cwd), root)) {
      throw httpException(422, 'cwd must be inside the conversation workspace');
    }
    return cwd;
  };

  // The file and git endpoints are the global ones with the runtime dependency in front.
  const global = agentServerWorkspaceRoutes(host, scope).map((entry) => entry.route);
  const scopedCopy = (method: string, path: string, router: string): Route => {
    const original = global.find((route) => route.method === method && route.path === path);
    if (!original) throw new Error(`no global route ${method} ${path}`);
    return defineRoute({
      method: original.method,
      path: `${RUNTIME}${path.slice('/api'.length)}`,
      auth: 'agent',
      contract: { source: 'agent-sdk', why: why(router) },
      params: runtimeParams,
      query: original.query,
      body: original.body,
      depends: [requireRuntime],
      handle: (context) => original.handle({ ...context, params: {} }),
    });
  };

  const stop = (history: string, commandHex: string) => {
    if (!servers.stopCommand(history, commandHex)) throw httpException(404);
    return { success: true };
  };

  return [
    // Run and wait, or start and poll: in the workspace (or below it), on its own history.
    ...(['execute', 'start'] as const).map((verb) => ({
      ...since,
      route: defineRoute({
        method: 'POST',
        path: `${RUNTIME}/bash/${verb}_bash_command`,
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('bash_router.py') },
        params: runtimeParams,
        depends: [requireRuntime],
        body: { kind: 'model', schema: ExecuteBashRequestModel, required: true },
        handle: ({ params, body }) => {
          const record = recordOf(params);
          const request = { ...body, cwd: cwdFor(record, body.cwd) };
          return bash[verb](scopedHistory(record.id), request);
        },
      }),
    })),
    {
      ...since,
      route: defineRoute({
        method: 'GET',
        path: `${RUNTIME}/bash/bash_events/search`,
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('bash_router.py') },
        params: runtimeParams,
        depends: [requireRuntime],
        query: bashSearchQuery,
        handle: ({ params, query }) => bash.search(historyOf(params), query),
      }),
    },
    {
      ...since,
      route: defineRoute({
        method: 'GET',
        path: `${RUNTIME}/bash/bash_events/{event_id}`,
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('bash_router.py') },
        params: model({ runtime_conversation_id: uuid(), event_id: str() }, { extra: 'ignore' }),
        depends: [requireRuntime],
        handle: ({ params }) => bash.event(historyOf(params), params.event_id),
      }),
    },
    {
      ...since,
      route: defineRoute({
        method: 'DELETE',
        path: `${RUNTIME}/bash/bash_events`,
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('bash_router.py') },
        params: runtimeParams,
        depends: [requireRuntime],
        handle: ({ params }) => bash.clear(historyOf(params)),
      }),
    },
    {
      ...stopSince,
      route: defineRoute({
        method: 'POST',
        path: `${RUNTIME}/bash/bash_commands/{command_id}/stop`,
        auth: 'agent',
        contract: { source: 'agent-sdk', why: why('bash_router.py') },
        params: model({ runtime_conversation_id: uuid(), command_id: uuid() }, { extra: 'ignore' }),
        depends: [requireRuntime],
        handle: ({ params }) => stop(historyOf(params), params.command_id),
      }),
    },
    {
      ...stopSince,
      route: defineRoute({
        method: 'POST',
        path: '/api/bash/bash_commands/{command_id}/stop',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/bash_router.py stop_bash_command (v1.54.0)',
        },
        params: model({ command_id: uuid() }, { extra: 'ignore' }),
        handle: ({ params }) => stop(scope, params.command_id),
      }),
    },
    { ...since, route: scopedCopy('POST', '/api/file/upload', 'file_router.py') },
    { ...since, route: scopedCopy('GET', '/api/file/download', 'file_router.py') },
    { ...since, route: scopedCopy('GET', '/api/git/changes', 'git_router.py') },
    { ...since, route: scopedCopy('GET', '/api/git/diff', 'git_router.py') },
    ...(['GET', 'POST'] as const).map((method) => ({
      ...since,
      route: defineRoute({
        method,
        path: `/api/conversations/{conversation_id}/runtime${method === 'POST' ? '/reprovision' : ''}`,
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/conversation_router.py local runtime info (v1.48.0)',
        },
        params: model({ conversation_id: uuid() }, { extra: 'ignore' }),
        // The catalog answers without loading the conversation; the local runtime is always
        // there (`Not Found` in the local routes' words).
        handle: ({ params }) => {
          if (!domain.find(scope, params.conversation_id)) throw httpException(404);
          return AVAILABLE_RUNTIME;
        },
      }),
    })),
  ];
}
