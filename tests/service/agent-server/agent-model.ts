// The agent a conversation runs, as the agent server builds it from a start request and shows
// it back (openhands-sdk agent/base.py `AgentBase`, context/agent_context.py `AgentContext`,
// settings/model.py `create_agent`, profiles/resolver.py; all at v1.43.1 unless a gate says
// when a field came). What matters to a client:
// - `AgentContext` loads no skills by default: public and user skills only with
//   `load_public_skills` / `load_user_skills` (resolved when the start is validated, explicit
//   skills winning a name), the workspace's own only with `load_project_skills` (1.24.0),
//   resolved on the first message or run, where the project's win a name.
// - An agent built from settings (`agent_settings`, a profile) gets the settings' condenser, an
//   `LLMSummarizingCondenser` on a copy of its LLM; its critic only when verification asks.
// - A profile launches with the server's user and public skills (minus `disabled_skills`) as
//   explicit skills, and `load_project_skills=True` (1.33.0).
// - In `ConversationInfo` every secret is `null`: the state is dumped redacted and validated
//   again, and a redacted value validates to nothing; `full_state` keeps `**********`.
import type { AgentContextRecord, AgentShapeRecord, AgentSideRecord } from '../core/state';
import type { FolderTree } from './folders';
import { REDACTED } from './json';
import type { AgentServerRelease } from './release';
import { type LoadedSkill, loadUserSkills, mergeSkills, publicSkills } from './skills';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field as pydantic keeps it, or its default of none. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A number field, or its default. */
function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' ? value : fallback;
}

/** What resolving skills needs from the server: its disk and its user's home. */
export interface SkillSources {
  tree: FolderTree;
  home: string;
}

/** `datetime.now().astimezone()` as pydantic writes it (local time with its offset). */
export function localNowWithOffset(): string {
  const now = new Date();
  const offset = -now.getTimezoneOffset();
  const pad = (n: number, w = 2) => String(Math.trunc(Math.abs(n))).padStart(w, '0');
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset >= 0 ? '+' : '-';
  return `${local}000${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** A `Skill` dumped inside `AgentContext.skills`. */
export function skillDump(skill: LoadedSkill): Record<string, unknown> {
  return {
    name: skill.name,
    content: skill.content,
    trigger: skill.trigger,
    source: skill.source,
    mcp_tools: null,
    inputs: skill.inputs,
    is_agentskills_format: skill.is_agentskills_format,
    description: skill.description,
    disable_model_invocation: false,
  };
}

/**
 * `AgentContext(**raw)`: the switches (all false by default), then the model validator's
 * auto-load (user and public skills fill the names the explicit ones leave), then the
 * deny-list.
 */
export function resolveContext(
  raw: Record<string, unknown>,
  release: AgentServerRelease,
  sources: SkillSources,
): AgentContextRecord {
  const flag = (name: string) => raw[name] === true;
  const explicit = Array.isArray(raw.skills)
    ? (raw.skills.filter(isObject) as unknown as LoadedSkill[])
    : [];
  const context: AgentContextRecord = {
    skills: [],
    system_message_suffix: textOrNull(raw.system_message_suffix),
    user_message_suffix: textOrNull(raw.user_message_suffix),
    load_user_skills: flag('load_user_skills'),
    load_public_skills: release.has('agentContextPublicSkills') && flag('load_public_skills'),
    load_project_skills: release.has('projectSkillsSwitch') && flag('load_project_skills'),
    load_memory: release.has('agentContextMemory') && flag('load_memory'),
    disabled_skills:
      release.has('profileSkillCatalog') && Array.isArray(raw.disabled_skills)
        ? raw.disabled_skills.map(String)
        : [],
    secrets: isObject(raw.secrets) ? raw.secrets : null,
    current_datetime: textOrNull(raw.current_datetime),
  };
  if (context.current_datetime === null && release.has('agentContextDatetime')) {
    context.current_datetime = localNowWithOffset();
  }
  const auto = [
    ...(context.load_public_skills ? publicSkills(sources.home) : []),
    ...(context.load_user_skills ? loadUserSkills(sources.tree, sources.home) : []),
  ];
  const taken = new Set(explicit.map((skill) => skill.name));
  const skills = [...explicit, ...auto.filter((skill) => !taken.has(skill.name))];
  const disabled = new Set(context.disabled_skills);
  context.skills = skills
    .filter((skill) => !disabled.has(skill.name))
    .map((skill) => ({ ...skill }) as unknown as Record<string, unknown>);
  return context;
}

/** `LLMSummarizingCondenserSettings.build_condenser`, without the LLM (added when shown). */
function condenserFrom(settings: Record<string, unknown>): Record<string, unknown> | null {
  const raw = isObject(settings.condenser) ? settings.condenser : {};
  if (raw.enabled === false || raw.condenser_kind === 'no_op') {
    return raw.condenser_kind === 'no_op' && raw.enabled !== false
      ? { kind: 'NoOpCondenser' }
      : null;
  }
  return {
    max_size: numberOr(raw.max_size, 240),
    max_tokens: numberOr(raw.max_tokens, null),
    keep_first: numberOr(raw.keep_first, 2),
    minimum_progress: numberOr(raw.minimum_progress, 0.1),
    hard_context_reset_max_retries: numberOr(raw.hard_context_reset_max_retries, 5),
    hard_context_reset_context_scaling: numberOr(raw.hard_context_reset_context_scaling, 0.8),
    kind: 'LLMSummarizingCondenser',
  };
}

/** `OpenHandsAgentSettings.create_agent()`: the agent of `agent_settings` or a profile. */
export function shapeFromSettings(
  settings: Record<string, unknown>,
  release: AgentServerRelease,
  sources: SkillSources,
): AgentShapeRecord {
  const verification = isObject(settings.verification) ? settings.verification : {};
  return {
    agent_context: resolveContext(
      isObject(settings.agent_context) ? settings.agent_context : {},
      release,
      sources,
    ),
    condenser: condenserFrom(settings),
    // build_critic: only when verification asks for it (an APIBasedCritic).
    critic:
      verification.critic_enabled === true && release.has('agentCritic')
        ? { mode: verification.critic_mode ?? 'finish_and_message', kind: 'APIBasedCritic' }
        : null,
    system_prompt: null,
    filter_tools_regex: null,
    tool_concurrency_limit: numberOr(settings.tool_concurrency_limit, 1),
  };
}

/** An `Agent` sent whole in the start request: what it says, defaults for the rest. */
export function shapeFromAgent(
  agent: Record<string, unknown>,
  release: AgentServerRelease,
  sources: SkillSources,
): AgentShapeRecord {
  const {
    llm: _llm,
    kind: _kind,
    ...condenser
  } = isObject(agent.condenser) ? agent.condenser : { kind: null };
  return {
    agent_context: isObject(agent.agent_context)
      ? resolveContext(agent.agent_context, release, sources)
      : null,
    condenser: isObject(agent.condenser)
      ? { ...condenser, kind: String(agent.condenser.kind ?? 'LLMSummarizingCondenser') }
      : null,
    critic: isObject(agent.critic) ? agent.critic : null,
    system_prompt: textOrNull(agent.system_prompt),
    filter_tools_regex: textOrNull(agent.filter_tools_regex),
    tool_concurrency_limit: numberOr(agent.tool_concurrency_limit, 1),
  };
}

/**
 * `resolve_agent_profile` of an OpenHands profile: its settings' agent, with the discovered
 * catalog (the server's public and user skills) as explicit skills; from 1.33.0 minus the
 * profile's `disabled_skills` and with `load_project_skills=True`.
 */
export function shapeFromProfile(
  profile: Record<string, unknown>,
  release: AgentServerRelease,
  sources: SkillSources,
): AgentShapeRecord {
  const settings = isObject(profile.settings) ? profile.settings : {};
  const catalog = mergeSkills([
    publicSkills(sources.home),
    loadUserSkills(sources.tree, sources.home),
  ]);
  const byCatalog = release.has('profileSkillCatalog');
  const shape = shapeFromSettings(
    {
      ...settings,
      agent_context: {
        skills: catalog,
        system_message_suffix: profile.system_message_suffix ?? null,
        load_project_skills: byCatalog,
        disabled_skills:
          byCatalog && Array.isArray(profile.disabled_skills) ? profile.disabled_skills : [],
      },
    },
    release,
    sources,
  );
  return shape;
}

/**
 * `_ensure_plugins_loaded`'s project step: the workspace's skills override same-named context
 * skills, then the deny-list applies. Null when the switch is off or nothing was found (the
 * agent is then left as it was).
 */
export function withProjectSkills(
  context: AgentContextRecord,
  project: LoadedSkill[],
): Record<string, unknown>[] | null {
  if (!context.load_project_skills || project.length === 0) return null;
  const disabled = new Set(context.disabled_skills);
  return mergeSkills([context.skills as unknown as LoadedSkill[], project])
    .filter((skill) => !disabled.has(skill.name))
    .map((skill) => ({ ...skill }) as unknown as Record<string, unknown>);
}

/** Which dump: `ConversationInfo` (secrets null) or the state as events carry it. */
export type DumpMode = 'info' | 'state';

/** An LLM dump with its secrets as the mode shows them. */
export function llmForDump(llm: Record<string, unknown>, hasKey: boolean, mode: DumpMode) {
  return { ...llm, api_key: hasKey && mode === 'state' ? REDACTED : null };
}

/** `AgentContext` dumped (fields of the release played). */
function contextDump(
  context: AgentContextRecord,
  skills: LoadedSkill[],
  release: AgentServerRelease,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    skills: skills.map(skillDump),
    system_message_suffix: context.system_message_suffix,
    user_message_suffix: context.user_message_suffix,
    load_user_skills: context.load_user_skills,
  };
  if (release.has('agentContextPublicSkills')) out.load_public_skills = context.load_public_skills;
  if (release.has('agentContextMarketplacePath')) {
    out.marketplace_path = 'marketplaces/default.json';
  }
  if (release.has('agentContextMarketplaces')) out.registered_marketplaces = [];
  if (release.has('projectSkillsSwitch')) out.load_project_skills = context.load_project_skills;
  if (release.has('agentContextMemory')) out.load_memory = context.load_memory;
  if (release.has('profileSkillCatalog')) out.disabled_skills = context.disabled_skills;
  if (release.has('agentContextSecrets')) out.secrets = context.secrets;
  if (release.has('agentContextDatetime')) out.current_datetime = context.current_datetime;
  return out;
}

/**
 * The agent's dump in `ConversationInfo` / the state: the template's fields (the fixture's
 * agent), this conversation's LLM, tools and context, and the fields of `AgentBase` the
 * release has, in the model's order.
 */
export function agentDump(options: {
  release: AgentServerRelease;
  template: Record<string, unknown>;
  side: AgentSideRecord;
  skills: LoadedSkill[];
  mode: DumpMode;
}): Record<string, unknown> {
  const { release, template, side, skills, mode } = options;
  const shape = side.agent_shape;
  const llm = llmForDump(
    {
      ...(template.llm as Record<string, unknown>),
      model: side.llm.model,
      base_url: side.llm.base_url,
      usage_id: side.llm.usage_id,
    },
    side.llm.api_key !== null,
    mode,
  );
  const context: AgentContextRecord | null = shape
    ? shape.agent_context
    : {
        // Records from before the shape was kept: what the service always showed.
        skills: [],
        system_message_suffix: null,
        user_message_suffix: null,
        load_user_skills: true,
        load_public_skills: true,
        load_project_skills: false,
        load_memory: false,
        disabled_skills: [],
        secrets: null,
        current_datetime: null,
      };
  const condenser =
    shape?.condenser && shape.condenser.kind === 'LLMSummarizingCondenser'
      ? {
          llm: llmForDump(
            {
              ...llm,
              usage_id: release.has('condenserOwnUsageId') ? 'condenser' : side.llm.usage_id,
            },
            side.llm.api_key !== null,
            mode,
          ),
          ...shape.condenser,
          max_tokens: release.has('condenserMaxTokens')
            ? (shape.condenser.max_tokens ?? null)
            : null,
        }
      : (shape?.condenser ?? null);
  const out: Record<string, unknown> = {
    llm,
    tools: side.tools.map((name) => ({ name, params: {} })),
    mcp_config: template.mcp_config ?? {},
    filter_tools_regex: shape?.filter_tools_regex ?? null,
    include_default_tools: template.include_default_tools ?? ['FinishTool', 'ThinkTool'],
    agent_context: context ? contextDump(context, skills, release) : null,
  };
  if (release.has('agentInlineSystemPrompt')) out.system_prompt = shape?.system_prompt ?? null;
  out.system_prompt_filename = template.system_prompt_filename ?? 'system_prompt.j2';
  out.security_policy_filename = template.security_policy_filename ?? 'security_policy.j2';
  out.system_prompt_kwargs = template.system_prompt_kwargs ?? {};
  out.condenser = condenser;
  if (release.has('agentCritic')) out.critic = shape?.critic ?? null;
  if (release.has('agentToolConcurrencyLimit')) {
    out.tool_concurrency_limit = shape?.tool_concurrency_limit ?? 1;
  }
  out.kind = 'Agent';
  return out;
}
