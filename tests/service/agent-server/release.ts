// Which agent-server release the service plays, and what that release does. Each gate names
// the first upstream tag (OpenHands/software-agent-sdk) that has the behaviour; the `legacy`
// server kind keeps the service's original agent server (v1.3.0 routes with the v1.18-era
// socket), which is not any single tag, so it answers its own fixed set.
import type { ResolvedOptions } from '../options';

/** The newest release the service knows (tag v1.43.1, 2026-08-22). */
export const NEWEST_AGENT_SERVER_VERSION = '1.43.1';
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
