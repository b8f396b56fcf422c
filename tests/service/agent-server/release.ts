// Which agent-server release the service plays, and what that release does. Each gate names
// the first upstream tag (OpenHands/software-agent-sdk) that has the behaviour; the `legacy`
// server kind keeps the service's original agent server (v1.3.0 routes with the v1.18-era
// socket), which is not any single tag, so it answers its own fixed set.
import type { ResolvedOptions } from '../options';

/**
 * The newest release the service knows: openhands-agent-server 1.58.2 on PyPI (October 2026,
 * /work/.library/env/packages/pypi.tsv). The git snapshot here stops at tag v1.43.1
 * (2026-08-22); what came later is read from the code search (see the gates below).
 */
export const NEWEST_AGENT_SERVER_VERSION = '1.58.2';
/** What the legacy kind reports in `server_info`. */
export const LEGACY_AGENT_SERVER_VERSION = '1.3.0';

export const agentServerGates = {
  /**
   * `POST /api/file/upload?path=` (file_router.py, a08576725). From then on the upload helper
   * lets its own 400 through; before, a relative path came back as its catch-all 500.
   */
  fileUploadQuery: '1.13.1',
  /** `POST /api/file/upload/{path}` gone (deprecated since 1.15.0). */
  fileUploadPathRemoved: '1.20.0',
  /** `/api/acp/conversations…` (conversation_router_acp.py), removed again in 1.27.0. */
  acpConversationRoutes: '1.15.0',
  acpConversationRoutesRemoved: '1.27.0',
  /** A bad client frame on the socket gets a ServerErrorEvent (before: only logged). */
  serverErrorFrames: '1.16.0',
  /** settings_router.py; 422 bodies with secrets redacted and `ctx.error` as text. */
  settings: '1.17.0',
  sanitizedValidationErrors: '1.17.0',
  /** sockets.py: `{"type":"auth",…}` as the first frame when no key is in the query. */
  firstMessageAuth: '1.18.1',
  /** `/api/settings/secrets…` and `X-Expose-Secrets`. */
  secrets: '1.20.1',
  /** `/api/file/home`; `/health` answers `{"status":"ok"}` instead of `"OK"`. */
  fileHome: '1.21.0',
  jsonHealth: '1.21.0',
  /** profiles_router.py (LLM profiles). */
  llmProfiles: '1.22.0',
  /** `agent_settings` in the start request; 50 sockets per conversation, then 1013. */
  agentSettingsStart: '1.22.1',
  subscriberLimit: '1.22.1',
  /** `POST …/interrupt` and InterruptEvent; `include_skills` (skills trimmed by default). */
  interrupt: '1.23.0',
  includeSkills: '1.23.0',
  /** Unhandled errors answer `{"detail","exception","error_id"}`. */
  errorId: '1.27.0',
  /** agent_profiles_router.py and `agent_profile_id` in the start request. */
  agentProfiles: '1.29.0',
  /** Every stored event carries `parent_id` (the previous tree node). */
  parentId: '1.31.0',
  /** Socket frames drop null fields; settings without `tools` get the default tool set. */
  socketOmitsNulls: '1.31.2',
  defaultTools: '1.31.2',
  /** AgentErrorEvent / ConversationErrorEvent carry a `classification`. */
  errorClassification: '1.40.0',
  /** `events/search` items drop null fields. */
  searchOmitsNulls: '1.37.0',
  /** 409 / close 1013 `credential_binding_activation_required`. */
  credentialBinding: '1.37.1',
  /** `/api/settings/mcp/{settings_key}`. */
  mcpServerRoutes: '1.39.0',
  /**
   * skills/utils.py `find_nested_third_party_files` (7ce74f73b): an AGENTS.md and the like below
   * the working folder is a rule for its own subfolder (`agents:<dir>`, paths `<dir>/**`).
   */
  nestedRules: '1.34.0',
  // --- after v1.43.1 (no tags here: dated by the TypeScript client's generated schema,
  // clients/typescript/src/generated/agent-server-schema.ts, whose header names the release it
  // was generated from: 1.49.0 at eb64116f, 1.54.0 at 13a6ade1; v1.43.1 has none of these) ---
  /**
   * Per-conversation routes `/api/conversations/{runtime_conversation_id}/bash|file|git/…`
   * (runtime_router.py), `GET …/runtime` and `…/runtime/reprovision`, `/server_info`'s
   * `conversation_runtime`, `workspace_mode` and the newer capabilities
   * (`conversation_runtime_routes_v1`, `idempotent_conversation_create_v1`, `tool_catalog_v1`…,
   * server_details_router.py at 0573c736), and the Docker runtime mode in that form
   * (docker_runtime/routers.py). runtime_router.py says the `?cid=` routes these replace are
   * "Deprecated since v1.48.0", so they came with 1.48.0 (the 1.49.0 schema has them, v1.43.1
   * not). Docker mode itself is older (1.44–1.47, with `?cid=` routing, not played here). When
   * each capability joined the list is not known: they are all given from 1.48.0.
   */
  conversationRuntime: '1.48.0',
  /**
   * Run capacity (`max_concurrent_runs`): 429 "Conversation run limit reached…" on create, `/run`,
   * accepting a confirmation; "Message saved, but…" on `POST …/events` with `run: true`. Absent
   * from the 1.49.0 schema's `/run` answers, present (429 "Server conversation run capacity is
   * full") in 1.54.0: first release between 1.50.0 and 1.54.0, gated at the one that proves it.
   */
  runCapacity: '1.54.0',
  /**
   * `POST /api/bash/bash_commands/{command_id}/stop` and the per-conversation one: the 1.49.0
   * schema has the scoped bash routes without a stop route, 1.54.0 has it (same dating).
   */
  commandStop: '1.54.0',
  /** `GET /api/git/repositories/search` (git_provider_service.py): not in 1.49.0, in 1.54.0. */
  repositorySearch: '1.54.0',
  // --- issue 25: the agent server as 1.43.1 really behaves -------------------------------------
  /**
   * Per-LLM-call `stats` updates (event_service.py `_setup_stats_streaming`, 8979e0601) and a
   * `full_state` published after every run end, pause and interrupt (`_publish_state_update`):
   * both in the first tag of the snapshot. The legacy kind's fixed server keeps its old ways.
   */
  perCallStats: '1.3.0',
  fullStateAfterRun: '1.3.0',
  /** `permessage-deflate` on the sockets (uvicorn's wsproto, `ws="wsproto"`, 01507e7c3). */
  socketDeflate: '1.1.0',
  /** Stats updates carry `MetricsSnapshot`s, not whole `Metrics` (use_snapshot, 72c554ad3). */
  statsSnapshot: '1.4.1',
  /** `last_user_message_id` on the state, announced by a stored update (ee4c91991). */
  lastUserMessageId: '1.11.5',
  /** A user message resets `finished`/`stuck` to `idle` first (46f3d78e2). */
  messageResetsTerminalStatus: '1.13.1',
  /** `Agent.tool_concurrency_limit` (8d7f48211). */
  agentToolConcurrencyLimit: '1.15.0',
  /** `Agent.system_prompt` (e212d45d3). */
  agentInlineSystemPrompt: '1.18.0',
  /** `Agent.critic` (f41277076). */
  agentCritic: '1.9.0',
  /** A relative LookupSecret url is resolved against OH_INTERNAL_SERVER_URL (e9cf15fb5). */
  lookupSecretRelativeUrl: '1.22.0',
  /**
   * events/search walks the log in append order, filtering by timestamp, instead of sorting by
   * timestamp (986dacace); the socket's `resend_mode` replays through it.
   */
  searchAppendOrder: '1.22.1',
  /** `AgentContext.load_project_skills`, resolved on the first send_message/run (e3ad3e9ba). */
  projectSkillsSwitch: '1.24.0',
  /** `AgentContext.registered_marketplaces` (c82e7efe9). */
  agentContextMarketplaces: '1.29.2',
  /**
   * Profiles launch with the discovered user and public skills minus `disabled_skills`, and
   * `load_project_skills=True` (profiles/resolver.py, 1877912ae).
   */
  profileSkillCatalog: '1.33.0',
  /** The run loop lets go of the state lock while it waits for the LLM (27cb289bb). */
  lockFreeDuringLlmCall: '1.33.0',
  /** `AgentContext.load_public_skills` (8e296334d; the 1.3.0 context had `load_user_skills`). */
  agentContextPublicSkills: '1.4.0',
  /** `AgentContext.secrets` (07cdd460f) and `current_datetime` (7fe69a0ef). */
  agentContextSecrets: '1.5.0',
  agentContextDatetime: '1.11.5',
  /** `AgentContext.marketplace_path` (b4593eb4b). */
  agentContextMarketplacePath: '1.13.0',
  /** `agent_context.secrets` seeded into the secret registry, below `secrets` (79035e6d5). */
  agentContextSecretsSeeded: '1.27.0',
  /** A settings condenser runs on a copy of the LLM named `condenser` (701a8dbcd). */
  condenserOwnUsageId: '1.23.1',
  /** A settings condenser takes every settings field, `max_tokens` included (2a89e5c66). */
  condenserMaxTokens: '1.27.0',
  /** `AgentContext.load_memory` (ca3361b64). */
  agentContextMemory: '1.37.0',
  /**
   * The agent's questions: AskUserRequestEvent / AskUserResponseEvent and
   * `POST …/events/respond_to_ask_user` (event_router.py). Dated by upstream's own TypeScript
   * client, which asks for 1.54.0 before it calls the route
   * (clients/typescript/src/client/agent-server-compatibility.ts `askUser`, commit 3dc1fe82).
   */
  askUser: '1.54.0',
} as const;

export type AgentServerGate = keyof typeof agentServerGates;

/** What the legacy kind's agent server has always done of the gated behaviours. */
const legacyGates: ReadonlySet<AgentServerGate> = new Set<AgentServerGate>([
  'serverErrorFrames',
  'firstMessageAuth',
]);

export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export interface AgentServerRelease {
  /** The version `server_info` reports. */
  readonly version: string;
  /** The legacy kind's fixed agent server. */
  readonly legacy: boolean;
  has(gate: AgentServerGate): boolean;
  /** True when this release lies in [from, until). */
  within(from: string, until?: string): boolean;
}

export function agentServerRelease(
  options: Pick<ResolvedOptions, 'server' | 'agentVersion'>,
): AgentServerRelease {
  if (options.server === 'legacy') {
    return {
      version: LEGACY_AGENT_SERVER_VERSION,
      legacy: true,
      has: (gate) => legacyGates.has(gate),
      within: () => false,
    };
  }
  const version = options.agentVersion ?? NEWEST_AGENT_SERVER_VERSION;
  const within = (from: string, until?: string) =>
    compareVersions(version, from) >= 0 &&
    (until === undefined || compareVersions(version, until) < 0);
  return {
    version,
    legacy: false,
    has: (gate) => {
      if (gate === 'acpConversationRoutes') {
        return within(
          agentServerGates.acpConversationRoutes,
          agentServerGates.acpConversationRoutesRemoved,
        );
      }
      return within(agentServerGates[gate]);
    },
    within,
  };
}
