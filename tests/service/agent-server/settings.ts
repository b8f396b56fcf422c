// The agent server's persisted settings (agent_server/persistence/models.py PersistedSettings,
// sdk/settings/model.py OpenHandsAgentSettings) and how they are shown: secrets redacted as
// `**********`, or Fernet-encrypted with `X-Expose-Secrets: encrypted`
// (agent_server/_secrets_exposure.py, sdk/utils/pydantic_secrets.py).
import type { AgentServerRecord } from '../core/state';
import { localNowWithOffset } from './agent-model';
import { FERNET_TOKEN_PREFIX, type Fernet } from './fernet';
import { REDACTED } from './json';
import type { AgentServerRelease } from './release';

export type ExposeMode = 'encrypted' | 'plaintext' | null;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `LLM(model=…)` as `model_dump(mode="json")` writes it (the fields a client reads). */
export function llmDump(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'gpt-5.5',
    api_key: null,
    base_url: null,
    api_version: null,
    aws_access_key_id: null,
    aws_secret_access_key: null,
    aws_region_name: null,
    openrouter_site_url: 'https://docs.all-hands.dev/',
    openrouter_app_name: 'OpenHands',
    num_retries: 5,
    retry_multiplier: 8.0,
    retry_min_wait: 8,
    retry_max_wait: 64,
    timeout: 300,
    max_message_chars: 30000,
    temperature: null,
    top_p: null,
    max_input_tokens: null,
    max_output_tokens: null,
    stream: false,
    drop_params: true,
    caching_prompt: true,
    native_tool_calling: true,
    usage_id: 'default',
    ...overrides,
  };
}

/** `OpenHandsAgentSettings()` dumped (schema v5). */
export function defaultAgentSettings(): Record<string, unknown> {
  return {
    schema_version: 5,
    agent_kind: 'openhands',
    agent: 'CodeActAgent',
    llm: llmDump(),
    tools: null,
    enable_sub_agents: false,
    enable_switch_llm_tool: true,
    tool_concurrency_limit: 1,
    mcp_config: {},
    // `AgentContext()`: no skill is loaded unless a switch says so (context/agent_context.py).
    agent_context: {
      skills: [],
      system_message_suffix: null,
      user_message_suffix: null,
      load_user_skills: false,
      load_public_skills: false,
    },
    condenser: { condenser_kind: 'llm_summarizing', enabled: true, max_size: 240, keep_first: 2 },
    verification: {
      critic_enabled: false,
      critic_mode: 'finish_and_message',
      critic_api_key: null,
    },
  };
}

export function defaultConversationSettings(): Record<string, unknown> {
  return {
    schema_version: 1,
    max_iterations: 500,
    confirmation_mode: false,
    security_analyzer: null,
  };
}

/** An MCP server entry with every field, as the settings dump shows it. */
export function mcpServerDump(server: Record<string, unknown>): Record<string, unknown> {
  return {
    url: null,
    transport: null,
    command: null,
    args: null,
    env: null,
    cwd: null,
    description: null,
    icon: null,
    timeout: null,
    sse_read_timeout: null,
    keep_alive: null,
    headers: null,
    auth: null,
    enabled: true,
    ...server,
  };
}

/** Recursive merge where `null` removes a key (RFC 7386 merge patch). */
export function mergePatch(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isObject(value) && isObject(out[key])) {
      out[key] = mergePatch(out[key] as Record<string, unknown>, value);
    } else out[key] = value;
  }
  return out;
}

/** The rest of `AgentContext()`'s fields, as far as the release has them. */
function contextDefaults(release: AgentServerRelease | undefined): Record<string, unknown> {
  if (!release) return {};
  const out: Record<string, unknown> = {};
  if (release.has('agentContextMarketplacePath'))
    out.marketplace_path = 'marketplaces/default.json';
  if (release.has('agentContextMarketplaces')) out.registered_marketplaces = [];
  if (release.has('projectSkillsSwitch')) out.load_project_skills = false;
  if (release.has('agentContextMemory')) out.load_memory = false;
  if (release.has('profileSkillCatalog')) out.disabled_skills = [];
  if (release.has('agentContextSecrets')) out.secrets = null;
  // default_factory: the moment the settings are read, with the server's offset.
  if (release.has('agentContextDatetime')) out.current_datetime = localNowWithOffset();
  return out;
}

/** Stored agent settings with the model's defaults filled in. */
export function agentSettingsOf(
  state: AgentServerRecord,
  release?: AgentServerRelease,
): Record<string, unknown> {
  const stored = state.settings.agent_settings;
  const defaults = defaultAgentSettings();
  defaults.agent_context = {
    ...(defaults.agent_context as Record<string, unknown>),
    ...contextDefaults(release),
  };
  const merged = mergePatch(defaults, stored);
  merged.llm = llmDump(isObject(stored.llm) ? stored.llm : {});
  const mcp = isObject(merged.mcp_config) ? merged.mcp_config : {};
  merged.mcp_config = Object.fromEntries(
    Object.entries(mcp).map(([name, server]) => [
      name,
      mcpServerDump(isObject(server) ? server : {}),
    ]),
  );
  return merged;
}

type Secret = { get: () => unknown; set: (value: unknown) => void };

/** Every secret field of agent settings (LLM keys, MCP env and headers, the critic key). */
function secretFields(settings: Record<string, unknown>): Secret[] {
  const out: Secret[] = [];
  const field = (holder: Record<string, unknown>, key: string) =>
    out.push({ get: () => holder[key], set: (value) => (holder[key] = value) });
  const llm = settings.llm;
  if (isObject(llm)) {
    for (const key of [
      'api_key',
      'aws_access_key_id',
      'aws_secret_access_key',
      'aws_session_token',
    ]) {
      if (key in llm) field(llm, key);
    }
  }
  if (isObject(settings.mcp_config)) {
    for (const server of Object.values(settings.mcp_config)) {
      if (!isObject(server)) continue;
      for (const map of ['env', 'headers']) {
        const values = server[map];
        if (isObject(values)) for (const key of Object.keys(values)) field(values, key);
      }
    }
  }
  if (isObject(settings.verification) && 'critic_api_key' in settings.verification) {
    field(settings.verification, 'critic_api_key');
  }
  return out;
}

/** `serialize_secret` for every secret of the dump. */
export function exposeSecrets(
  settings: Record<string, unknown>,
  mode: ExposeMode,
  cipher: Fernet,
): Record<string, unknown> {
  const copy = structuredClone(settings);
  for (const secret of secretFields(copy)) {
    const value = secret.get();
    if (typeof value !== 'string') continue;
    if (mode === null) secret.set(REDACTED);
    else if (mode === 'encrypted') {
      secret.set(
        value.startsWith(FERNET_TOKEN_PREFIX) && cipher.decrypt(value)
          ? value
          : cipher.encrypt(value),
      );
    }
  }
  return copy;
}

/**
 * `validate_secret` on incoming values: blank or redacted → none, a token of this server's key
 * → its plaintext (another key's → none), anything else is plaintext.
 */
export function acceptSecrets(settings: Record<string, unknown>, cipher: Fernet): void {
  for (const secret of secretFields(settings)) {
    const value = secret.get();
    if (typeof value !== 'string') continue;
    if (!value.trim() || value === REDACTED) secret.set(null);
    else if (value.startsWith(FERNET_TOKEN_PREFIX)) secret.set(cipher.decrypt(value));
  }
}

export function llmApiKeyIsSet(state: AgentServerRecord): boolean {
  const llm = state.settings.agent_settings.llm;
  const key = isObject(llm) ? llm.api_key : null;
  return typeof key === 'string' && key.trim().length > 0;
}

/** The `SettingsResponse` body. */
export function settingsResponse(
  state: AgentServerRecord,
  mode: ExposeMode,
  cipher: Fernet,
  release?: AgentServerRelease,
) {
  return {
    agent_settings: exposeSecrets(agentSettingsOf(state, release), mode, cipher),
    conversation_settings: {
      ...defaultConversationSettings(),
      ...state.settings.conversation_settings,
    },
    llm_api_key_is_set: llmApiKeyIsSet(state),
    active_profile: state.settings.active_profile,
    active_agent_profile_id: state.settings.active_agent_profile_id,
    misc_settings: state.settings.misc_settings,
  };
}

/** Whether merged agent settings would validate (the checks a client can trip). */
export function agentSettingsValid(settings: Record<string, unknown>): boolean {
  const llm = settings.llm;
  if (
    llm !== undefined &&
    (!isObject(llm) || (llm.model !== undefined && typeof llm.model !== 'string'))
  ) {
    return false;
  }
  if (settings.mcp_config !== undefined && !isObject(settings.mcp_config)) return false;
  for (const server of Object.values(isObject(settings.mcp_config) ? settings.mcp_config : {})) {
    if (!isObject(server)) return false;
    if (server.transport === 'stdio' && !server.command) return false;
    if (typeof server.transport === 'string' && server.transport !== 'stdio' && !server.url)
      return false;
  }
  if (settings.tools !== undefined && settings.tools !== null && !Array.isArray(settings.tools))
    return false;
  return true;
}
