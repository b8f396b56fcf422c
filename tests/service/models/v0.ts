// The V0 request models of the 0.62.0 server (openhands/server/**, openhands/core/config/
// mcp_config.py, openhands/storage/data_models/settings.py) in the pydantic-style validators,
// so invalid input gets upstream's 422 body word for word.
import {
  any,
  before,
  bool,
  dict,
  float,
  int,
  list,
  model,
  nullable,
  oneOf,
  opt,
  optional,
  refine,
  str,
  ValueError,
} from '../http/pydantic';
import { UpstreamCrash } from '../http/respond';

/** `ProviderType` values: 0.53.0 plus `azure_devops` (docs/contract/README.md#enum-drift). */
export const providerTypeValues = [
  'github',
  'gitlab',
  'bitbucket',
  'enterprise_sso',
  'azure_devops',
] as const;
export const ProviderTypeField = oneOf(providerTypeValues);

export const conversationTriggerValues = [
  'resolver',
  'gui',
  'suggested_task',
  'openhands_api',
  'slack',
  'microagent_management',
  'jira',
  'jira_dc',
  'linear',
  'bitbucket',
] as const;

export const taskTypeValues = [
  'MERGE_CONFLICTS',
  'FAILING_CHECKS',
  'UNRESOLVED_COMMENTS',
  'OPEN_ISSUE',
  'OPEN_PR',
  'CREATE_MICROAGENT',
] as const;

export const SuggestedTaskModel = model({
  git_provider: ProviderTypeField,
  task_type: oneOf(taskTypeValues),
  repo: str(),
  issue_number: int(),
  title: str(),
});

export const CreateMicroagentModel = model({
  repo: str(),
  git_provider: opt(ProviderTypeField),
  title: opt(str()),
});

function validateMcpUrl(value: string): string {
  if (!value.trim()) throw new ValueError('URL cannot be empty');
  const url = value.trim();
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(url);
  const schemeOnly = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (!match && !schemeOnly)
    throw new ValueError('URL must include a scheme (http:// or https://)');
  if (!match?.[2]) throw new ValueError('URL must include a valid domain/host');
  if (!['http', 'https', 'ws', 'wss'].includes(String(match[1]).toLowerCase())) {
    throw new ValueError('URL scheme must be http, https, ws, or wss');
  }
  return url;
}

/** Python's `shlex.split` (POSIX mode), enough for MCP `args` given as one string. */
export function shlexSplit(input: string): string[] {
  const out: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < input.length && '\\"$`\n'.includes(input[i + 1] as string)) {
        current += input[++i];
      } else current += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      if (inWord) out.push(current);
      current = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '\\') {
      if (i + 1 < input.length) current += input[++i];
      else throw new Error('No escaped character');
    } else current += ch;
  }
  if (quote) throw new Error('No closing quotation');
  if (inWord) out.push(current);
  return out;
}

const stringRequired = (raw: unknown, what: string): string => {
  if (typeof raw !== 'string') {
    // `v.strip()` on a non-string raises AttributeError: an unhandled 500 upstream.
    throw new UpstreamCrash(`'${typeof raw}' object has no attribute 'strip' (${what})`);
  }
  return raw;
};

export const MCPSSEServerModel = model({
  url: refine(str(), validateMcpUrl),
  api_key: opt(str()),
});

export const MCPSHTTPServerModel = model({
  url: before(str(), (raw) => validateMcpUrl(stringRequired(raw, 'url'))),
  api_key: opt(str()),
  timeout: optional(
    nullable(
      refine(int(), (value) => {
        if (value <= 0) throw new ValueError('Timeout must be positive');
        if (value > 3600) throw new ValueError('Timeout cannot exceed 3600 seconds');
        return value;
      }),
    ),
    () => 60,
  ),
});

export const MCPStdioServerModel = model({
  name: before(str(), (raw) => {
    const value = stringRequired(raw, 'name');
    if (!value.trim()) throw new ValueError('Server name cannot be empty');
    if (!/^[a-zA-Z0-9_-]+$/.test(value.trim())) {
      throw new ValueError(
        'Server name can only contain letters, numbers, hyphens, and underscores',
      );
    }
    return value.trim();
  }),
  command: before(str(), (raw) => {
    const value = stringRequired(raw, 'command');
    if (!value.trim()) throw new ValueError('Command cannot be empty');
    if (value.trim().includes(' ')) {
      throw new ValueError(
        'Command should be a single executable without spaces (use arguments field for parameters)',
      );
    }
    return value.trim();
  }),
  args: optional(
    before(list(str()), (raw) => {
      if (typeof raw !== 'string') return raw ?? [];
      if (!raw.trim()) return [];
      try {
        return shlexSplit(raw.trim());
      } catch (error) {
        throw new ValueError(
          `Invalid argument format: ${(error as Error).message}. Use shell-like format, e.g., "arg1 arg2" or '--config "value with spaces"'`,
        );
      }
    }),
    () => [],
  ),
  env: optional(
    before(dict(str(), str()), (raw) => {
      if (typeof raw !== 'string') return raw ?? {};
      const env: Record<string, string> = {};
      for (const part of raw.split(',')) {
        const pair = part.trim();
        if (!pair) continue;
        if (!pair.includes('=')) {
          throw new ValueError(`Environment variable '${pair}' must be in KEY=VALUE format`);
        }
        const [key = '', ...rest] = pair.split('=');
        const trimmed = key.trim();
        if (!trimmed) throw new ValueError('Environment variable key cannot be empty');
        if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(trimmed)) {
          throw new ValueError(
            `Invalid environment variable name '${trimmed}'. Must start with letter or underscore, contain only alphanumeric characters and underscores`,
          );
        }
        env[trimmed] = rest.join('=');
      }
      return env;
    }),
    () => ({}),
  ),
});

/** String entries of sse/shttp lists are shorthand for `{url}` (model_validator "before"). */
function normaliseServers(raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  for (const key of ['sse_servers', 'shttp_servers']) {
    if (Array.isArray(out[key])) {
      out[key] = (out[key] as unknown[]).map((server) =>
        typeof server === 'string' ? { url: server } : server,
      );
    }
  }
  return out;
}

export const MCPConfigModel = model(
  {
    sse_servers: optional(list(MCPSSEServerModel), () => []),
    stdio_servers: optional(list(MCPStdioServerModel), () => []),
    shttp_servers: optional(list(MCPSHTTPServerModel), () => []),
  },
  { extra: 'forbid', before: normaliseServers },
);

export const InitSessionRequestModel = (allowConversationId: boolean) =>
  model(
    {
      repository: opt(str()),
      git_provider: opt(ProviderTypeField),
      selected_branch: opt(str()),
      initial_user_msg: opt(str()),
      image_urls: opt(list(str())),
      replay_json: opt(str()),
      suggested_task: opt(SuggestedTaskModel),
      create_microagent: opt(CreateMicroagentModel),
      conversation_instructions: opt(str()),
      mcp_config: opt(MCPConfigModel),
      ...(allowConversationId ? { conversation_id: optional(str(), () => '') } : {}),
    },
    { extra: 'forbid' },
  );

export const ProvidersSetModel = model({
  providers_set: opt(list(ProviderTypeField)),
});

export const UpdateConversationRequestModel = model(
  { title: str({ minLength: 1, maxLength: 200 }) },
  { extra: 'forbid' },
);

export const AddMessageRequestModel = model({ message: str() });

export const EventFilterModel = model({
  exclude_hidden: optional(bool(), () => false),
  query: opt(str()),
  include_types: opt(list(any())),
  exclude_types: opt(list(any())),
  source: opt(str()),
  start_date: opt(str()),
  end_date: opt(str()),
});

export const ProviderTokenModel = model({
  token: opt(str()),
  user_id: opt(str()),
  host: opt(str()),
});

export const POSTProviderModel = model({
  mcp_config: opt(MCPConfigModel),
  provider_tokens: optional(dict(ProviderTypeField, ProviderTokenModel), () => ({})),
});

/** `Settings` (no extra rule: unknown keys are ignored). */
export const SettingsModel = model({
  language: opt(str()),
  agent: opt(str()),
  max_iterations: opt(int()),
  security_analyzer: opt(str()),
  confirmation_mode: opt(bool()),
  llm_model: opt(str()),
  llm_api_key: opt(str()),
  llm_base_url: opt(str()),
  remote_runtime_resource_factor: opt(int()),
  secrets_store: optional(any(), () => ({ provider_tokens: {}, custom_secrets: {} })),
  enable_default_condenser: optional(bool(), () => true),
  enable_sound_notifications: optional(bool(), () => false),
  enable_proactive_conversation_starters: optional(bool(), () => true),
  enable_solvability_analysis: optional(bool(), () => true),
  user_consents_to_analytics: opt(bool()),
  sandbox_base_container_image: opt(str()),
  sandbox_runtime_container_image: opt(str()),
  mcp_config: opt(MCPConfigModel),
  search_api_key: opt(str()),
  sandbox_api_key: opt(str()),
  max_budget_per_task: opt(float()),
  condenser_max_size: opt(int()),
  email: opt(str()),
  email_verified: opt(bool()),
  git_user_name: opt(str()),
  git_user_email: opt(str()),
});

/** The keys `GET /api/settings` returns besides the token flags, in upstream order. */
export const settingsKeys = SettingsModel.fieldNames.filter((key) => key !== 'secrets_store');

export const CustomSecretModel = model({
  name: str(),
  description: opt(str()),
  value: str(),
});

export const CustomSecretWithoutValueModel = model({
  name: str(),
  description: opt(str()),
});
