// The 1.x app server's nested settings (upstream app_server/settings/settings_models.py at
// 11ca68ab2, release 1.11.0): product fields at the top, the agent's in `agent_settings` (LLM,
// MCP, condenser), the conversation's in `conversation_settings`. A POST carries diffs that are
// deep-merged into the stored record, except `mcp_config`, which replaces the whole map.
import type { AppSettingsRecord, ProviderTokenRecord } from '../core/state';

/** Top-level settings fields in upstream declaration order (`Settings` model). */
const topLevelDefaults: [string, () => unknown][] = [
  ['language', () => null],
  ['user_version', () => null],
  ['remote_runtime_resource_factor', () => null],
  ['enable_sound_notifications', () => false],
  ['enable_proactive_conversation_starters', () => true],
  ['user_consents_to_analytics', () => null],
  ['sandbox_base_container_image', () => null],
  ['sandbox_runtime_container_image', () => null],
  ['disabled_skills', () => null],
  ['search_api_key', () => null],
  ['sandbox_api_key', () => null],
  ['max_budget_per_task', () => null],
  ['email', () => null],
  ['email_verified', () => null],
  ['git_user_name', () => null],
  ['git_user_email', () => null],
  ['git_full_clone', () => false],
  ['v1_enabled', () => true],
  ['sandbox_grouping_strategy', () => 'NO_GROUPING'],
  ['default_sandbox_spec_id', () => null],
  ['llm_profiles', () => ({ profiles: {}, active: null })],
  ['active_agent_profile_id', () => null],
  ['active_agent_profile_revision', () => null],
  ['registered_marketplaces', () => []],
  ['inherited_marketplaces', () => []],
];

/** Fields a settings POST may not set (`_SETTINGS_UPDATE_IGNORED_FIELDS`). */
const ignoredOnUpdate = new Set([
  'secrets_store',
  'llm_profiles',
  'active_agent_profile_id',
  'active_agent_profile_revision',
]);

const topLevelNames = new Set(topLevelDefaults.map(([name]) => name));

/** Thrown for a payload the models refuse; the route answers 400 `{"error": message}`. */
export class SettingsValueError extends Error {}

export function defaultAgentSettings(model = 'anthropic/claude-sonnet-4-5-20250929') {
  return {
    schema_version: 5,
    agent_kind: 'openhands',
    agent: 'CodeActAgent',
    llm: {
      model,
      api_key: null,
      base_url: null,
      api_version: null,
      num_retries: 5,
      timeout: 300,
      temperature: null,
      max_output_tokens: null,
      reasoning_effort: 'high',
      usage_id: 'agent',
      is_subscription: false,
    },
    tools: null,
    enable_sub_agents: false,
    enable_switch_llm_tool: true,
    tool_concurrency_limit: 1,
    mcp_config: {},
    condenser: {
      enabled: true,
      condenser_kind: 'llm_summarizing',
      max_size: 240,
      keep_first: 2,
    },
  } as Record<string, unknown>;
}

export function defaultConversationSettings() {
  return {
    schema_version: 1,
    max_iterations: 500,
    confirmation_mode: false,
    security_analyzer: 'llm',
  } as Record<string, unknown>;
}

/** `Settings()`: what a POST starts from on a fresh install. */
export function defaultAppSettings(): AppSettingsRecord {
  const settings: AppSettingsRecord = {
    agent_settings: defaultAgentSettings(),
    conversation_settings: defaultConversationSettings(),
  };
  for (const [name, value] of topLevelDefaults) settings[name] = value();
  return settings;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `deep_merge`: objects merge key by key, anything else replaces. */
function deepMerge(base: Record<string, unknown>, diff: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(diff)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

const expect = (ok: boolean, message: string) => {
  if (!ok) throw new SettingsValueError(message);
};

/** The few type rules of the SDK models a client can trip over. */
function checkAgentSettings(agent: Record<string, unknown>): void {
  const llm = agent.llm;
  expect(isObject(llm), 'agent_settings.llm: Input should be a valid dictionary');
  const model = (llm as Record<string, unknown>).model;
  expect(typeof model === 'string', 'agent_settings.llm.model: Input should be a valid string');
  expect(
    isObject(agent.mcp_config),
    'agent_settings.mcp_config: Input should be a valid dictionary',
  );
}

function checkConversationSettings(conversation: Record<string, unknown>): void {
  const iterations = conversation.max_iterations;
  expect(
    Number.isInteger(iterations) && (iterations as number) > 0,
    'conversation_settings.max_iterations: Input should be a valid integer greater than 0',
  );
  expect(
    typeof conversation.confirmation_mode === 'boolean',
    'conversation_settings.confirmation_mode: Input should be a valid boolean',
  );
}

/**
 * `Settings.update(payload)` on a copy of the stored settings (or the defaults). Unknown
 * top-level keys are dropped silently; the legacy nested keys are refused by the caller.
 */
export function applySettingsPayload(
  existing: AppSettingsRecord | null,
  payload: Record<string, unknown>,
): AppSettingsRecord {
  const settings = structuredClone(existing ?? defaultAppSettings());
  const agentDiff = payload.agent_settings_diff;
  if (isObject(agentDiff)) {
    const { mcp_config: mcp, ...rest } = agentDiff;
    const merged = deepMerge(settings.agent_settings, rest);
    if ('mcp_config' in agentDiff) merged.mcp_config = mcp ?? {};
    checkAgentSettings(merged);
    settings.agent_settings = merged;
  }
  const conversationDiff = payload.conversation_settings_diff;
  if (isObject(conversationDiff)) {
    const merged = deepMerge(settings.conversation_settings, conversationDiff);
    checkConversationSettings(merged);
    settings.conversation_settings = merged;
  }
  for (const [key, value] of Object.entries(payload)) {
    if (!topLevelNames.has(key) || ignoredOnUpdate.has(key)) continue;
    // A SecretStr field given an empty string is stored as no secret at all.
    settings[key] =
      (key === 'search_api_key' || key === 'sandbox_api_key') && value === '' ? null : value;
  }
  if (existing) {
    if (!('search_api_key' in payload) && settings.search_api_key == null) {
      settings.search_api_key = existing.search_api_key ?? null;
    }
    if (settings.user_consents_to_analytics == null) {
      settings.user_consents_to_analytics = existing.user_consents_to_analytics ?? null;
    }
    if (settings.disabled_skills == null)
      settings.disabled_skills = existing.disabled_skills ?? null;
  }
  return settings;
}

function llmOf(settings: AppSettingsRecord): Record<string, unknown> {
  const llm = settings.agent_settings.llm;
  return isObject(llm) ? llm : {};
}

export function llmModelOf(settings: AppSettingsRecord | null): string | null {
  const model = settings ? llmOf(settings).model : null;
  return typeof model === 'string' ? model : null;
}

export function confirmationModeOf(settings: AppSettingsRecord | null): boolean {
  return settings?.conversation_settings.confirmation_mode === true;
}

/** Which providers have a token, with their host (`provider_tokens_set`). */
export function providerTokensSet(tokens: Record<string, ProviderTokenRecord>) {
  const set: Record<string, string | null> = {};
  for (const [provider, token] of Object.entries(tokens)) {
    if (token.token || token.user_id) set[provider] = token.host;
  }
  return set;
}

/** `GETSettingsModel`: secrets blanked, flags for what is set. */
export function appSettingsView(
  settings: AppSettingsRecord,
  tokensSet: Record<string, string | null>,
): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [name, fallback] of topLevelDefaults) {
    view[name] = name in settings ? settings[name] : fallback();
    if (name === 'remote_runtime_resource_factor') view.secrets_store = { provider_tokens: {} };
  }
  const llm = { ...llmOf(settings) };
  const apiKey = llm.api_key;
  llm.api_key = null;
  view.agent_settings = { ...settings.agent_settings, llm };
  view.conversation_settings = settings.conversation_settings;
  const search = settings.search_api_key;
  view.search_api_key = null;
  view.sandbox_api_key = null;
  view.provider_tokens_set = tokensSet;
  view.llm_api_key_set = typeof apiKey === 'string' && apiKey.trim() !== '';
  view.search_api_key_set = typeof search === 'string' && search !== '';
  return view;
}

/** The seeded install's settings, the same choices as the 0.62 seed in the 1.x shape. */
export function appSettingsFromFlat(flat: Record<string, unknown>): AppSettingsRecord {
  const settings = defaultAppSettings();
  for (const name of topLevelNames) if (name in flat) settings[name] = flat[name];
  const agent = defaultAgentSettings(
    String(flat.llm_model ?? 'anthropic/claude-sonnet-4-5-20250929'),
  );
  (agent.llm as Record<string, unknown>).api_key = flat.llm_api_key ?? null;
  (agent.llm as Record<string, unknown>).base_url = flat.llm_base_url ?? null;
  agent.mcp_config = flat.mcp_config ?? {};
  settings.agent_settings = agent;
  settings.conversation_settings = {
    ...defaultConversationSettings(),
    confirmation_mode: flat.confirmation_mode === true,
    ...(typeof flat.max_iterations === 'number' ? { max_iterations: flat.max_iterations } : {}),
  };
  return settings;
}
