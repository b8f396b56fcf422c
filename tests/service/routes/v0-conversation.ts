// Per-conversation V0 routes (prefix /api/conversations/{conversation_id}; upstream
// openhands/server/routes/conversation.py, files.py, trajectory.py, feedback.py, security.py).
// Built once for the main server and once per nested runtime (`scope`): a runtime only knows its
// own conversation, and the main server of a nested deployment cannot attach to any.

import { parseUuid } from '../core/ids';
import type { V0Event } from '../core/state';
import { bool, int, opt, str } from '../http/pydantic';
import {
  httpException,
  json,
  RESPONSE,
  type ServiceResponse,
  UpstreamCrash,
} from '../http/respond';
import { defineRoute, type Incoming, queryModel, type Route } from '../http/router';
import { AddMessageRequestModel, EventFilterModel } from '../models/v0';
import { findRepository } from '../seed/git-world';
import { type RouteHost, requireAttached, requireMetadata, type Scope } from './common';

const PREFIX = '/api/conversations/{conversation_id}';

/** A fake workspace for the file routes. */
const workspaceFiles: Record<string, string> = {
  'README.md': '# project\n\nCloned by the local reference service.\n',
  'package.json': '{\n  "name": "project",\n  "version": "1.0.0"\n}\n',
  'src/parser.ts': 'export function parse(text: string) {\n  return text.split("\\n");\n}\n',
  'src/index.ts': "export * from './parser';\n",
  'tests/parser.test.ts': "import { parse } from '../src/parser';\n",
  'assets/logo.png': '\u0089PNG\r\n\u001a\n',
};

/** The smallest valid zip archive (an empty one). */
const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

function stripBrowserPayload(event: V0Event): V0Event {
  if (event.observation !== 'browse') return event;
  const extras = { ...(event.extras as Record<string, unknown>) };
  for (const key of ['screenshot', 'set_of_marks', 'dom_object', 'axtree_object'])
    delete extras[key];
  return { ...event, extras };
}

/** `EventFilter.include` for the GET-with-body filter. */
function eventFilter(filter: {
  exclude_hidden: boolean;
  query: string | null;
  include_types: unknown[] | null;
  exclude_types: unknown[] | null;
  source: string | null;
  start_date: string | null;
  end_date: string | null;
}) {
  return (event: V0Event): boolean => {
    if (filter.include_types?.length || filter.exclude_types?.length) {
      // Types arrive as JSON values, not classes: isinstance() raises upstream.
      throw new UpstreamCrash('isinstance() arg 2 must be a type, a tuple of types, or a union');
    }
    const args = event.args as Record<string, unknown> | undefined;
    const extras = event.extras as Record<string, unknown> | undefined;
    if (filter.exclude_hidden && (args?.hidden === true || extras?.hidden === true)) return false;
    if (filter.source && event.source !== filter.source) return false;
    if (filter.query && !JSON.stringify(event).toLowerCase().includes(filter.query.toLowerCase())) {
      return false;
    }
    const timestamp = String(event.timestamp ?? '');
    if (filter.start_date && timestamp < filter.start_date) return false;
    if (filter.end_date && timestamp > filter.end_date) return false;
    return true;
  };
}

export function v0ConversationScopedRoutes(host: RouteHost, scope: Scope): Route[] {
  const { v0, v1 } = host;
  const auth = scope.kind === 'runtime' ? ('runtime' as const) : ('v0' as const);
  const metadata = (_req: Incoming, params: Record<string, string>) =>
    void requireMetadata(host, scope, params.conversation_id ?? '');
  const attached = (_req: Incoming, params: Record<string, string>) =>
    void requireAttached(host, scope, params.conversation_id ?? '');
  const runtimePort = (conversationId: string) =>
    v0.loops.get(conversationId)?.runtime?.listener.port ??
    30000 + (conversationId.charCodeAt(0) % 100);

  return [
    defineRoute({
      method: 'GET',
      path: `${PREFIX}/events`,
      auth,
      contract: { source: 'v0' },
      depends: [metadata],
      query: queryModel({
        start_id: { schema: int(), options: { default: () => 0 } },
        end_id: opt(int()),
        reverse: { schema: bool(), options: { default: () => false } },
        limit: { schema: int(), options: { default: () => 20 } },
      }),
      body: { kind: 'optional-model', schema: EventFilterModel },
      handle: ({ params, query, body }) => {
        if (query.limit < 0 || query.limit > 100) throw httpException(400, 'Invalid limit');
        const record = requireMetadata(host, scope, params.conversation_id);
        const filter = body ? eventFilter(body) : () => true;
        const byId = new Map(record.events.map((e) => [e.id, e]));
        const nextId = (record.events[record.events.length - 1]?.id ?? -1) + 1;
        let from = query.start_id;
        let to = query.end_id === null ? nextId : query.end_id + 1;
        let step = 1;
        if (query.reverse) {
          step = -1;
          [from, to] = [to - 1, from - 1];
        }
        const wanted = query.limit + 1;
        const events: V0Event[] = [];
        for (let index = from; step > 0 ? index < to : index > to; index += step) {
          const event = byId.get(index);
          if (!event || !filter(event)) continue;
          events.push(event);
          if (events.length >= wanted) break;
        }
        const hasMore = events.length > query.limit;
        return { events: events.slice(0, query.limit), has_more: hasMore };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/events`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      body: { kind: 'raw-json' },
      handle: ({ params, rawJson }) => {
        const data = rawJson();
        if (!v0.dispatch(params.conversation_id, data)) {
          throw new UpstreamCrash(`Unknown event type: ${JSON.stringify(data).slice(0, 200)}`);
        }
        return { success: true };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/message`,
      auth,
      contract: {
        source: 'documented',
        why: 'docs/contract/v0-rest.md#per-conversation-routes (0.62.0, not in 0.53.0)',
      },
      depends: [attached],
      body: { kind: 'model', schema: AddMessageRequestModel, required: true },
      handle: ({ params, body }) => {
        const ok = v0.dispatch(params.conversation_id, {
          action: 'message',
          args: { content: body.message, image_urls: [], file_urls: [] },
        });
        if (!ok) {
          return json(
            { success: false, error: 'Error adding message to conversation: dispatch failed' },
            500,
          );
        }
        return { success: true };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/config`,
      auth,
      contract: { source: 'v0' },
      handle: ({ params }) => {
        const id = params.conversation_id;
        const hex = parseUuid(id);
        const app = hex && scope.kind === 'main' ? v1.conversation(hex) : undefined;
        if (app) return { runtime_id: app.sandbox_id, session_id: id };
        requireAttached(host, scope, id);
        return { runtime_id: null, session_id: id };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/vscode-url`,
      auth,
      contract: {
        source: 'documented',
        why: 'docs/contract/v0-rest.md#per-conversation-routes (not in the 0.53.0 document)',
      },
      depends: [attached],
      handle: ({ params }) => {
        const port = runtimePort(params.conversation_id) + 1;
        const key = v0.sessionKey(params.conversation_id);
        return { vscode_url: `http://localhost:${port}/?tkn=${key}&folder=/workspace/project` };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/web-hosts`,
      auth,
      contract: {
        source: 'documented',
        why: 'docs/contract/v0-rest.md#per-conversation-routes (not in the 0.53.0 document)',
      },
      depends: [attached],
      handle: ({ params }) => {
        const port = runtimePort(params.conversation_id) + 2;
        return { hosts: { [`http://localhost:${port}`]: port } };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/microagents`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      handle: ({ params }) => {
        const record = requireMetadata(host, scope, params.conversation_id);
        return { microagents: v0.microagents(record) };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/list-files`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      query: queryModel({ path: opt(str()) }),
      handle: ({ query }) => {
        const base = query.path ? `${query.path.replace(/^\/+|\/+$/g, '')}/` : '';
        const names = new Set<string>();
        for (const file of Object.keys(workspaceFiles)) {
          if (!file.startsWith(base)) continue;
          const rest = file.slice(base.length);
          const slash = rest.indexOf('/');
          names.add(base + (slash === -1 ? rest : rest.slice(0, slash + 1)));
        }
        return [...names].sort();
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/select-file`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      query: queryModel({ file: str() }),
      handle: ({ query }) => {
        const path = query.file.replace(/^\/workspace\/project\//, '').replace(/^\/+/, '');
        const content = workspaceFiles[path];
        if (content === undefined) {
          return json(
            { error: `Error opening file: File not found: /workspace/project/${path}` },
            500,
          );
        }
        if (path.endsWith('.png')) {
          return json({ error: `Unable to open binary file: ${query.file}` }, 415);
        }
        return { code: content };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/zip-directory`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      handle: (): ServiceResponse => ({
        [RESPONSE]: true,
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="workspace.zip"',
        },
        body: emptyZip,
      }),
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/git/changes`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      handle: ({ params }) => {
        const record = requireMetadata(host, scope, params.conversation_id);
        if (!record.selected_repository || !findRepository(record.selected_repository)) {
          return json({ error: 'Not a git repository' }, 404);
        }
        return [
          { status: 'M', path: 'src/parser.ts' },
          { status: 'A', path: 'tests/parser.test.ts' },
        ];
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/git/diff`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      query: queryModel({ path: str() }),
      handle: ({ query }) => {
        const path = query.path.replace(/^\/+/, '');
        const modified = workspaceFiles[path] ?? '';
        return { modified, original: modified.replace('split("\\n")', 'split("\\r\\n")') };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/upload-files`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      body: { kind: 'multipart' },
      handle: ({ req }) => {
        const type = String(req.headers['content-type'] ?? '');
        if (!type.startsWith('multipart/form-data'))
          throw new UpstreamCrash('missing multipart body');
        const names = [
          ...req.body.toString('latin1').matchAll(/name="files"; filename="([^"]*)"/g),
        ].map((m) => m[1] as string);
        if (names.length === 0) {
          return json(
            {
              detail: [
                { type: 'missing', loc: ['body', 'files'], msg: 'Field required', input: null },
              ],
            },
            422,
          );
        }
        return {
          uploaded_files: names.map((name) => `/workspace/project/${name}`),
          skipped_files: [],
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: `${PREFIX}/trajectory`,
      auth,
      contract: { source: 'v0' },
      depends: [metadata],
      handle: ({ params }) => {
        const record = requireMetadata(host, scope, params.conversation_id);
        return { trajectory: record.events.map(stripBrowserPayload) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: `${PREFIX}/submit-feedback`,
      auth,
      contract: { source: 'v0' },
      depends: [attached],
      body: { kind: 'raw-json' },
      handle: ({ rawJson }) => {
        rawJson();
        // What the feedback store (a share endpoint) answers, passed through unchanged.
        const id = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
        return {
          statusCode: 200,
          body: JSON.stringify({
            message: 'Feedback submitted successfully',
            feedback_id: id,
            password: id.slice(0, 8),
          }),
        };
      },
    }),
  ];
}
