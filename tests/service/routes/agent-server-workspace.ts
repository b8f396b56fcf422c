// The agent server's own machine: commands (agent_server/bash_router.py: run and wait, or
// start and poll the bash events), the home folder (file_router.py `/file/home`), skills on
// its disk (skills_router.py) and the query-parameter git routes (git_router.py, v1.12.0).
// Commands run in the simulated shell (agent-server/shell.ts), so a clone leaves a folder the
// skills loader, `ls` and a second clone all see.
import { AGENT_HOME } from '../agent-server/servers';
import { loadProjectSkills, mergeSkills, publicSkills, skillInfo } from '../agent-server/skills';
import { bool, datetime, int, oneOf, opt, optional, str, uuid } from '../http/pydantic';
import { httpException, UpstreamCrash } from '../http/respond';
import { defineRoute, queryModel } from '../http/router';
import { ExecuteBashRequestModel, SkillsRequestModel } from '../models/agent-server';
import type { GatedRoute } from './agent-server';
import type { RouteHost } from './common';

export function agentServerWorkspaceRoutes(host: RouteHost, scope: string): GatedRoute[] {
  const servers = host.v1.agent.servers;
  const always = { legacy: false };

  return [
    {
      ...always,
      route: defineRoute({
        method: 'POST',
        path: '/api/bash/execute_bash_command',
        auth: 'agent',
        contract: { source: 'agent' },
        body: { kind: 'model', schema: ExecuteBashRequestModel, required: true },
        handle: async ({ body }) => {
          // Waits for the command, then answers its last BashOutput.
          const { finished } = servers.startCommand(scope, body);
          return await finished;
        },
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
        handle: ({ body }) => {
          const { command, finished } = servers.startCommand(scope, body);
          void finished.catch(() => {});
          return command;
        },
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'GET',
        path: '/api/bash/bash_events/search',
        auth: 'agent',
        contract: { source: 'agent' },
        query: queryModel({
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
        }),
        handle: ({ query }) => {
          if (query.limit > 100) throw new UpstreamCrash('AssertionError');
          return servers.searchBash(scope, query);
        },
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'GET',
        path: '/api/bash/bash_events/{event_id}',
        auth: 'agent',
        contract: { source: 'agent' },
        handle: ({ params }) => {
          const found = servers
            .state(scope)
            .bash_events.find(({ event }) => event.id === params.event_id.replaceAll('-', ''));
          if (!found) throw httpException(404);
          return found.event;
        },
      }),
    },
    {
      ...always,
      route: defineRoute({
        method: 'DELETE',
        path: '/api/bash/bash_events',
        auth: 'agent',
        contract: { source: 'agent' },
        handle: () => {
          const state = servers.state(scope);
          const cleared = state.bash_events.length;
          state.bash_events = [];
          host.persist();
          return { cleared_count: cleared };
        },
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
        handle: ({ body }) => {
          const tree = servers.tree(scope);
          const sdkBase = body.load_public ? publicSkills(AGENT_HOME) : [];
          const project =
            body.load_project && body.project_dir ? loadProjectSkills(tree, body.project_dir) : [];
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
