// The agent server's own machine: commands (agent_server/bash_router.py: run and wait, or
// start and poll the bash events), uploads and the home folder (file_router.py), skills on
// its disk (skills_router.py) and the query-parameter git routes (git_router.py, v1.12.0).
// Commands run in the simulated shell (agent-server/shell.ts), so a clone leaves a folder the
// skills loader, `ls` and a second clone all see, and an uploaded file is there for `cat`,
// `test -f`, `rm` and git's credential store.
import { resolvePath } from '../agent-server/folders';
import { agentServerGates } from '../agent-server/release';
import { AGENT_HOME, type BashRequest, type BashSearch } from '../agent-server/servers';
import { loadProjectSkills, loadUserSkills, mergeSkills, skillInfo } from '../agent-server/skills';
import type { FormFile } from '../http/multipart';
import { bool, datetime, int, oneOf, opt, optional, str, uuid } from '../http/pydantic';
import { HttpError, httpException, json, text, UpstreamCrash } from '../http/respond';
import { defineRoute, queryModel } from '../http/router';
import { ExecuteBashRequestModel, SkillsRequestModel } from '../models/agent-server';
import type { GatedRoute } from './agent-server';
import type { RouteHost } from './common';

/** `str(Path(p))` on POSIX: repeated slashes and `.` parts go (two leading slashes stay). */
function pythonPath(path: string): string {
  const lead = /^\/\/(?!\/)/.test(path) ? '//' : path.startsWith('/') ? '/' : '';
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  return lead + parts.join('/') || '.';
}

/** bash_router.py's event search query, the same under a conversation's runtime prefix. */
export const bashSearchQuery = queryModel({
  kind__eq: opt(oneOf(['BashCommand', 'BashOutput'] as const, 'literal')),
  command_id__eq: opt(uuid()),
  timestamp__gte: opt(datetime()),
  timestamp__lt: opt(datetime()),
  order__gt: opt(int()),
  sort_order: {
    schema: oneOf(['TIMESTAMP', 'TIMESTAMP_DESC'] as const),
    options: { default: () => 'TIMESTAMP' as const },
  },
  page_id: opt(str()),
  limit: { schema: int({ gt: 0 }), options: { default: () => 100 } },
});

/**
 * bash_router.py's handlers on one command history: the server's own (`scope`), or a
 * conversation's in the per-conversation routes; commands always run on the scope's machine.
 */
export function bashHandlers(host: RouteHost, scope: string) {
  const servers = host.v1.agent.servers;
  return {
    /** Waits for the command, then answers its last BashOutput. */
    execute: async (history: string, request: BashRequest) =>
      await servers.startCommand(scope, request, history).finished,
    start: (history: string, request: BashRequest) => {
      const { command, finished } = servers.startCommand(scope, request, history);
      void finished.catch(() => {});
      return command;
    },
    search: (history: string, query: BashSearch) => {
      if (query.limit > 100) throw new UpstreamCrash('AssertionError');
      return servers.searchBash(history, query);
    },
    event: (history: string, eventId: string) => {
      const wanted = eventId.replaceAll('-', '');
      const found = servers.state(history).bash_events.find(({ event }) => event.id === wanted);
      if (!found) throw httpException(404);
      return found.event;
    },
    clear: (history: string) => {
      const state = servers.state(history);
      const cleared = state.bash_events.length;
      state.bash_events = [];
      host.persist();
      return { cleared_count: cleared };
    },
  };
}

export function agentServerWorkspaceRoutes(host: RouteHost, scope: string): GatedRoute[] {
  const servers = host.v1.agent.servers;
  const release = servers.release;
  const always = { legacy: false };

  /**
   * file_router.py `_upload_file`: makes the missing folders, then writes the whole file. Before
   * 1.13.1 its catch-all turned the relative-path 400 into a 500 too.
   */
  const upload = (path: string, file: FormFile) => {
    const failed = (reason: string) =>
      new HttpError(json({ detail: `Failed to upload file: ${reason}` }, 500));
    if (!path.startsWith('/')) {
      if (release.has('fileUploadQuery')) throw httpException(400, 'Path must be absolute');
      throw failed('400: Path must be absolute');
    }
    if (path.includes('\0')) throw failed('embedded null byte');
    const shown = pythonPath(path);
    const shownParent = shown.slice(0, shown.lastIndexOf('/')) || '/';
    const tree = servers.tree(scope);
    const target = resolvePath('/', path);
    const parent = resolvePath(target, '..');
    // `mkdir(parents=True, exist_ok=True)` of the parent, then `open(path, "wb")`.
    const blocker = tree.fileAbove(target);
    if (blocker === parent) throw failed(`[Errno 17] File exists: '${shownParent}'`);
    if (blocker !== null) throw failed(`[Errno 20] Not a directory: '${shownParent}'`);
    if (tree.stat(target)?.kind === 'folder') {
      throw failed(`[Errno 21] Is a directory: '${shown}'`);
    }
    if (tree.stat(parent)?.kind !== 'folder') tree.makeFolders(parent);
    tree.writeFile(target, file.data.toString('utf8'));
    host.persist();
    return { success: true };
  };

  const bash = bashHandlers(host, scope);
  return [
    {
      ...always,
      route: defineRoute({
        method: 'POST',
        path: '/api/bash/execute_bash_command',
        auth: 'agent',
        contract: { source: 'agent' },
        body: { kind: 'model', schema: ExecuteBashRequestModel, required: true },
        handle: ({ body }) => bash.execute(scope, body),
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'POST',
        path: '/api/bash/start_bash_command',
        auth: 'agent',
        contract: { source: 'agent' },
        body: { kind: 'model', schema: ExecuteBashRequestModel, required: true },
        handle: ({ body }) => bash.start(scope, body),
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'GET',
        path: '/api/bash/bash_events/search',
        auth: 'agent',
        contract: { source: 'agent' },
        query: bashSearchQuery,
        handle: ({ query }) => bash.search(scope, query),
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'GET',
        path: '/api/bash/bash_events/{event_id}',
        auth: 'agent',
        contract: { source: 'agent' },
        handle: ({ params }) => bash.event(scope, params.event_id),
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'DELETE',
        path: '/api/bash/bash_events',
        auth: 'agent',
        contract: { source: 'agent' },
        handle: () => bash.clear(scope),
      }),
    },
    {
      legacy: false,
      since: agentServerGates.fileUploadQuery,
      route: defineRoute<Record<string, never>, { path: string }, FormFile>({
        method: 'POST',
        path: '/api/file/upload',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/file_router.py upload_file_query (v1.13.1)',
        },
        query: queryModel({ path: str() }),
        body: { kind: 'file', field: 'file' },
        handle: ({ query, body }) => upload(query.path, body),
      }),
    },
    {
      legacy: false,
      since: agentServerGates.fileUploadQuery,
      route: defineRoute({
        method: 'GET',
        path: '/api/file/download',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/file_router.py download_file_query (v1.13.1)',
        },
        query: queryModel({ path: str() }),
        // `_download_file`: absolute paths only, 404 for a path that is not there, 400 for a
        // folder, else the file as bytes under its own name.
        handle: ({ query }) => {
          if (!query.path.startsWith('/')) throw httpException(400, 'Path must be absolute');
          if (query.path.includes('\0')) {
            throw new HttpError(
              json({ detail: 'Failed to download file: embedded null byte' }, 500),
            );
          }
          const entry = servers.tree(scope).stat(resolvePath('/', query.path));
          if (!entry) throw httpException(404, 'File not found');
          if (entry.kind !== 'file') throw httpException(400, 'Path is not a file');
          const name = pythonPath(query.path).split('/').pop() ?? '';
          return text(entry.text, 200, {
            'content-type': 'application/octet-stream',
            'content-disposition': `attachment; filename="${name}"`,
          });
        },
      }),
    },
    {
      legacy: true,
      until: agentServerGates.fileUploadPathRemoved,
      route: defineRoute<{ path: string }, Record<string, never>, FormFile>({
        method: 'POST',
        path: '/api/file/upload/{path:path}',
        auth: 'agent',
        contract: { source: 'agent', path: '/api/file/upload/{path}' },
        body: { kind: 'file', field: 'file' },
        handle: ({ params, body }) => upload(params.path, body),
      }),
    },
    {
      legacy: false,
      since: '1.21.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/file/home',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/file_router.py get_home_directory (v1.21.0)',
        },
        query: queryModel({ include_hidden: optional(bool(), () => false) }),
        handle: ({ query }) => {
          const tree = servers.tree(scope);
          const favorites = (tree.list(AGENT_HOME) ?? [])
            .filter((name) => query.include_hidden || !name.startsWith('.'))
            .filter((name) => tree.stat(`${AGENT_HOME}/${name}`)?.kind === 'folder')
            .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
            .slice(0, 50)
            .map((name) => ({ label: name, path: `${AGENT_HOME}/${name}` }));
          return { home: AGENT_HOME, favorites, locations: [{ label: '/', path: '/' }] };
        },
      }),
    },
    {
      legacy: false,
      since: '1.9.0',
      route: defineRoute({
        method: 'POST',
        path: '/api/skills',
        auth: 'agent',
        contract: { source: 'agent' },
        body: { kind: 'model', schema: SkillsRequestModel, required: true },
        handle: async ({ body }) => {
          const tree = servers.tree(scope);
          // skills_service.py `load_all_skills`: public then the user's own as one tier (the
          // user's win), then the folder's (which win over both). Every switch defaults to
          // true, and the public tier is a clone over the network (agent-server/network.ts).
          const sdkBase = mergeSkills([
            body.load_public ? await servers.network.publicSkills(scope, AGENT_HOME) : [],
            body.load_user ? loadUserSkills(tree, AGENT_HOME) : [],
          ]);
          const project =
            body.load_project && body.project_dir
              ? loadProjectSkills(tree, body.project_dir, release.has('nestedRules'))
              : [];
          return {
            skills: mergeSkills([sdkBase, project]).map(skillInfo),
            sources: {
              sandbox: 0,
              registered_marketplaces: 0,
              sdk_base: sdkBase.length,
              org: 0,
              project: project.length,
            },
          };
        },
      }),
    },
    {
      legacy: false,
      since: '1.12.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/git/changes',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/git_router.py git_changes_query (v1.12.0)',
        },
        query: queryModel({ path: str(), ref: opt(str()) }),
        handle: ({ query }) => {
          // Outside a repository upstream answers an empty list (GitRepositoryError).
          const git = servers.tree(scope).gitRootOf(query.path);
          if (git?.record.git?.kind !== 'clone') return [];
          return [
            { status: 'UPDATED', path: 'src/parser.ts' },
            { status: 'ADDED', path: 'tests/parser.test.ts' },
          ];
        },
      }),
    },
    {
      legacy: false,
      since: '1.12.0',
      route: defineRoute({
        method: 'GET',
        path: '/api/git/diff',
        auth: 'agent',
        contract: {
          source: 'agent-sdk',
          why: 'agent_server/git_router.py git_diff_query (v1.12.0)',
        },
        query: queryModel({ path: str(), ref: opt(str()), commit: opt(str()) }),
        handle: ({ query }) => {
          if (query.ref !== null && query.commit !== null) {
            throw httpException(400, "'ref' and 'commit' are mutually exclusive");
          }
          const git = servers.tree(scope).gitRootOf(query.path);
          if (git?.record.git?.kind !== 'clone') return { modified: null, original: null };
          return {
            modified: `// ${query.path}\nexport const fixed = true;\n`,
            original: `// ${query.path}\nexport const fixed = false;\n`,
          };
        },
      }),
    },
  ];
}
