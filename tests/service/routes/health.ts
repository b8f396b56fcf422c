// Health probes, never behind a key (upstream openhands/server/routes/health.py, the 1.x
// app_server/status/status_router.py, and the agent server's server_details_router).
import { cpus, freemem, totalmem } from 'node:os';
import { defineRoute, type Route } from '../http/router';
import type { RouteHost } from './common';

/** `get_system_info()`: uptime, idle time and resource figures. */
function systemInfo(host: RouteHost) {
  const memory = process.memoryUsage();
  return {
    uptime: (Date.now() - host.startedAt) / 1000,
    idle_time: (Date.now() - host.lastRequestAt) / 1000,
    resources: {
      cpu_percent: Math.round(Math.random() * 200) / 10,
      cpu_count: cpus().length,
      memory: {
        rss: memory.rss,
        vms: memory.heapTotal,
        percent: Math.round(((totalmem() - freemem()) / totalmem()) * 1000) / 10,
      },
      disk: { total: 107374182400, used: 32212254720, free: 75161927680, percent: 30.0 },
      io: { read_bytes: 1048576, write_bytes: 524288 },
    },
  };
}

/** `documentedIn`: the document the probes are checked against (0.62: the V0 one). */
export function healthRoutes(host: RouteHost, documentedIn: 'v0' | 'cloud' = 'v0'): Route[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/alive',
      auth: 'none',
      contract: { source: documentedIn },
      handle: () => ({ status: 'ok' }),
    }),
    defineRoute({
      method: 'GET',
      path: '/health',
      auth: 'none',
      contract: { source: documentedIn },
      handle: () => 'OK',
    }),
    defineRoute({
      method: 'GET',
      path: '/server_info',
      auth: 'none',
      // Absent from the 0.53.0 document; the hosted service's document has it.
      contract: { source: 'cloud' },
      handle: () => systemInfo(host),
    }),
  ];
}

/** The 1.x app server's status router adds a readiness probe (upstream status_router.py). */
export function appServerHealthRoutes(host: RouteHost): Route[] {
  return [
    ...healthRoutes(host, 'cloud'),
    defineRoute({
      method: 'GET',
      path: '/ready',
      auth: 'none',
      contract: { source: 'cloud' },
      handle: () => 'OK',
    }),
  ];
}

/**
 * The capabilities from 1.48.0 (server_details_router.py at 0573c736, `ServerInfo.capabilities`;
 * when each joined is not known, release.ts `conversationRuntime`).
 */
const runtimeCapabilities = [
  'conversation_runtime_routes_v1',
  'profile_secret_scope_v1',
  'profile_persona_v1',
  'credential_binding_v1',
  'credential_binding_readiness_probe_v1',
  'credential_binding_activation_guard_v1',
  'prompt_enhancement_v1',
  'idempotent_conversation_create_v1',
  'tool_catalog_v1',
  'agent_profile_draft_materialize_v1',
];

/**
 * server_details_router.py of the release played. The legacy kind answers what it always did
 * (v1.3.0); newer releases add the package versions, usable tools and credential-binding
 * capabilities to `server_info` and answer `/health` with JSON (v1.21.0).
 */
export function agentServerHealthRoutes(host: RouteHost): Route[] {
  const release = host.v1.agent.release;
  const runtime = !release.legacy && release.has('conversationRuntime');
  const serverInfo = () => {
    const times = {
      uptime: (Date.now() - host.startedAt) / 1000,
      idle_time: (Date.now() - host.lastRequestAt) / 1000,
    };
    if (release.legacy) {
      return {
        ...times,
        title: 'OpenHands Agent Server',
        version: release.version,
        docs: '/docs',
        redoc: '/redoc',
      };
    }
    return {
      uptime: Math.floor(times.uptime),
      idle_time: Math.floor(times.idle_time),
      title: 'OpenHands Agent Server',
      version: release.version,
      sdk_version: release.version,
      tools_version: release.version,
      workspace_version: release.version,
      build_git_sha: 'unknown',
      build_git_ref: 'unknown',
      python_version: '3.13.7 (main, Aug 14 2026, 22:41:05) [GCC 12.2.0]',
      usable_tools: ['terminal', 'file_editor', 'task_tracker', 'browser_tool_set'],
      runtime_idle_timeout_seconds: null,
      // `workspace_mode` is "host" on a local server (tests/agent_server/test_runtime_router.py);
      // what a Docker-mode server says there is not known, so it says the same.
      ...(runtime
        ? { conversation_runtime: host.options.conversationRuntime, workspace_mode: 'host' }
        : {}),
      capabilities: runtime
        ? runtimeCapabilities
        : release.has('credentialBinding')
          ? [
              'credential_binding_v1',
              'credential_binding_readiness_probe_v1',
              'credential_binding_activation_guard_v1',
            ]
          : [],
      ...(runtime ? { app_backend_ingress_url: null } : {}),
      max_foreground_terminal_timeout_seconds: null,
      docs: '/docs',
      redoc: '/redoc',
    };
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/alive',
      auth: 'none',
      contract: { source: 'agent' },
      handle: () => ({ status: 'ok' }),
    }),
    defineRoute({
      method: 'GET',
      path: '/health',
      auth: 'none',
      contract: { source: 'agent' },
      handle: () => (release.has('jsonHealth') ? { status: 'ok' } : 'OK'),
    }),
    defineRoute({
      method: 'GET',
      path: '/ready',
      auth: 'none',
      contract: { source: 'agent' },
      handle: () => ({ status: 'ready' }),
    }),
    defineRoute({
      method: 'GET',
      path: '/server_info',
      auth: 'none',
      contract: { source: 'agent' },
      handle: serverInfo,
    }),
    defineRoute({
      method: 'GET',
      path: '/',
      auth: 'none',
      contract: { source: 'agent' },
      handle: serverInfo,
    }),
  ];
}
