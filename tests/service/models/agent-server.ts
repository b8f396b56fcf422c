// Request models of the newer agent server (software-agent-sdk: agent_server/models.py,
// sdk/conversation/request.py, sdk/conversation/types.py, sdk/settings/api_models.py,
// sdk/mcp/config.py, agent_server/skills_router.py) in the pydantic-style validators, so a bad
// body gets the 422 a real server sends.
import type { AgentServerRelease } from '../agent-server/release';
import {
  any,
  before,
  bool,
  dict,
  float,
  INVALID,
  int,
  list,
  model,
  oneOf,
  opt,
  optional,
  type PydanticError,
  refine,
  type Schema,
  str,
  uuid,
  ValueError,
} from '../http/pydantic';
import { UpstreamCrash } from '../http/respond';
import { validationErrorText } from '../stream/v1-websocket';
import { SendMessageRequestModel } from './v1';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `Field(pattern=…)` on a string. */
export function patterned(pattern: RegExp): Schema<string> {
  const inner = str();
  return {
    validate(input, loc, errors, mode) {
      const value = inner.validate(input, loc, errors, mode);
      if (value === INVALID) return INVALID;
      if (pattern.test(value)) return value;
      errors.push({
        type: 'string_pattern_mismatch',
        loc,
        msg: `String should match pattern '${pattern.source}'`,
        input,
        ctx: { pattern: pattern.source },
      });
      return INVALID;
    },
  };
}

/**
 * A `DiscriminatedUnionMixin` field: `kind` picks the class (missing with several classes →
 * `Unknown kind ''`), reported as a value error at the field, as the mixin's wrap validator does.
 */
function byKind<T>(
  qualifiedName: string,
  members: Record<string, Schema<T>>,
): Schema<T & { kind: string }> {
  return {
    validate(input, loc, errors, mode) {
      if (!isObject(input)) {
        errors.push({
          type: 'model_attributes_type',
          loc,
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input,
        });
        return INVALID;
      }
      const { kind = '', ...rest } = input;
      const member = typeof kind === 'string' ? members[kind] : undefined;
      if (!member) {
        const message = `Unknown kind '${String(kind)}' for ${qualifiedName}; Expected one of: [${Object.keys(
          members,
        )
          .map((name) => `'${name}'`)
          .join(', ')}]`;
        errors.push({
          type: 'value_error',
          loc,
          msg: `Value error, ${message}`,
          input,
          ctx: { error: {} },
        });
        return INVALID;
      }
      const value = member.validate(rest, loc, errors, mode);
      return value === INVALID ? INVALID : { ...(value as T), kind: kind as string };
    },
  };
}

export const ConfirmationPolicyModel = byKind<Record<string, unknown>>(
  'openhands.sdk.security.confirmation_policy.ConfirmationPolicyBase',
  {
    AlwaysConfirm: model({}),
    NeverConfirm: model({}),
    ConfirmRisky: model({
      threshold: optional(oneOf(['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'] as const), () => 'HIGH'),
      confirm_unknown: optional(bool(), () => true),
    }),
  },
);

export const SecretSourceModel = byKind<Record<string, unknown>>(
  'openhands.sdk.secret.secrets.SecretSource',
  {
    StaticSecret: model({ description: opt(str()), value: opt(str()) }),
    LookupSecret: model({
      description: opt(str()),
      url: str(),
      headers: optional(dict(str(), str()), () => ({})),
    }),
  },
);

/** Python's words for `data.pop("kind", None)` on what is not a dict. */
function popError(input: unknown): string {
  if (Array.isArray(input)) return 'pop expected at most 1 argument, got 2';
  const type =
    input === null
      ? 'NoneType'
      : typeof input === 'string'
        ? 'str'
        : typeof input === 'boolean'
          ? 'bool'
          : typeof input === 'number'
            ? Number.isInteger(input)
              ? 'int'
              : 'float'
            : 'object';
  return `'${type}' object has no attribute 'pop'`;
}

/**
 * A `SecretSource` of a start request: `DiscriminatedUnionMixin._validate_subtype` pops `kind`
 * off whatever it is given, so anything but an object (a plain string too: only the
 * conversation's `secrets` route converts those) is an unhandled AttributeError, a 500.
 */
export const StartSecretSourceModel: Schema<Record<string, unknown>> = {
  validate(input, loc, errors, mode) {
    if (!isObject(input)) {
      throw new UpstreamCrash(
        Array.isArray(input) ? 'TypeError' : 'AttributeError',
        popError(input),
      );
    }
    return SecretSourceModel.validate(input, loc, errors, mode);
  },
};

/**
 * `UpdateSecretsRequest.secrets`: a plain string, or an object with `value` and no `kind`,
 * becomes a StaticSecret first (`convert_string_secrets`).
 */
export const UpdateSecretsModel = model({
  secrets: before(dict(str(), StartSecretSourceModel), (raw) => {
    if (!isObject(raw)) return raw;
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(raw)) {
      if (typeof value === 'string') out[name] = { kind: 'StaticSecret', value };
      else if (isObject(value) && 'value' in value && !('kind' in value)) {
        out[name] = { kind: 'StaticSecret', value: value.value };
      } else out[name] = value;
    }
    return out;
  }),
});

const tagKeyPattern = /^[a-z0-9]+$/;

/** `ConversationTags`: keys lowercase alphanumeric, values up to 256 characters. */
export const TagsModel: Schema<Record<string, string>> = before(dict(str(), str()), (raw) => {
  if (raw === null || raw === undefined) return {};
  if (!isObject(raw)) return raw;
  for (const [key, value] of Object.entries(raw)) {
    if (!tagKeyPattern.test(key)) {
      throw new ValueError(`Tag key '${key}' is invalid: keys must be lowercase alphanumeric only`);
    }
    if (typeof value === 'string' && value.length > 256) {
      throw new ValueError(`Tag value for '${key}' exceeds maximum length of 256 characters`);
    }
  }
  return raw;
});

export const LocalWorkspaceModel = model({
  working_dir: str(),
  kind: optional(oneOf(['LocalWorkspace'] as const, 'literal'), () => 'LocalWorkspace' as const),
});

/** What the agent needs from `agent` / `agent_settings`: an LLM with a string model. */
function checkAgentPayload(payload: unknown, modelName: string): Record<string, unknown> {
  if (!isObject(payload)) {
    throw new ValueError(
      validationErrorText(modelName, [
        {
          type: 'model_type',
          loc: [],
          msg: `Input should be a valid dictionary or instance of ${modelName}`,
          input: payload,
        },
      ]),
    );
  }
  const errors: PydanticError[] = [];
  const llm = payload.llm;
  if (llm !== undefined && !isObject(llm)) {
    errors.push({
      type: 'model_type',
      loc: ['llm'],
      msg: 'Input should be a valid dictionary or instance of LLM',
      input: llm,
    });
  } else if (isObject(llm) && llm.model !== undefined && typeof llm.model !== 'string') {
    errors.push({
      type: 'string_type',
      loc: ['llm', 'model'],
      msg: 'Input should be a valid string',
      input: llm.model,
    });
  }
  if (payload.tools !== undefined && payload.tools !== null && !Array.isArray(payload.tools)) {
    errors.push({
      type: 'list_type',
      loc: ['tools'],
      msg: 'Input should be a valid list',
      input: payload.tools,
    });
  }
  if (errors.length > 0) throw new ValueError(validationErrorText(modelName, errors));
  return payload;
}

export interface StartConversationBody {
  workspace: { working_dir: string; kind: 'LocalWorkspace' };
  worktree: boolean;
  conversation_id: string | null;
  parent_conversation_id: string | null;
  confirmation_policy: Record<string, unknown> & { kind: string };
  security_analyzer: unknown;
  initial_message: { role: string; content: Record<string, unknown>[]; run: boolean } | null;
  max_iterations: number;
  stuck_detection: boolean;
  secrets: Record<string, Record<string, unknown>>;
  secrets_encrypted: boolean;
  tags: Record<string, string>;
  autotitle: boolean;
  plugins: unknown[] | null;
  hook_config: unknown;
  agent: Record<string, unknown> | null;
  agent_settings: Record<string, unknown> | null;
  agent_profile_id: string | null;
}

/** `StartConversationRequest` of the release played (agent_settings from 1.22.1, profiles 1.29). */
export function startConversationModel(release: AgentServerRelease): Schema<StartConversationBody> {
  const withSettings = release.has('agentSettingsStart');
  const withProfiles = release.has('agentProfiles');
  const fields = {
    workspace: LocalWorkspaceModel,
    worktree: optional(bool(), () => false),
    conversation_id: opt(uuid()),
    parent_conversation_id: opt(uuid()),
    confirmation_policy: optional(ConfirmationPolicyModel, () => ({ kind: 'NeverConfirm' })),
    security_analyzer: opt(any()),
    initial_message: opt(SendMessageRequestModel),
    max_iterations: optional(int({ ge: 1 }), () => 500),
    stuck_detection: optional(bool(), () => true),
    secrets: optional(dict(str(), StartSecretSourceModel), () => ({})),
    secrets_encrypted: optional(bool(), () => false),
    tags: optional(TagsModel, () => ({})),
    autotitle: optional(bool(), () => true),
    plugins: opt(list(any())),
    hook_config: opt(any()),
    // Before agent_settings existed the agent was a required field.
    agent: withSettings ? opt(any()) : any(),
    agent_settings: opt(any()),
    agent_profile_id: opt(uuid()),
  };
  const fieldsSchema = model(fields);
  const populated = before(fieldsSchema, (raw) => {
    if (!isObject(raw)) return raw;
    const payload = { ...raw };
    if (!withSettings) {
      delete payload.agent_settings;
      delete payload.agent_profile_id;
      if (payload.agent !== undefined) payload.agent = checkAgentPayload(payload.agent, 'Agent');
      return payload;
    }
    if (!withProfiles) delete payload.agent_profile_id;
    const hasProfile = payload.agent_profile_id !== undefined && payload.agent_profile_id !== null;
    const hasAgent = payload.agent !== undefined && payload.agent !== null;
    const hasSettings = payload.agent_settings !== undefined && payload.agent_settings !== null;
    if (hasProfile && (hasAgent || hasSettings)) {
      throw new ValueError(
        '`agent_profile_id` is mutually exclusive with `agent` and `agent_settings`',
      );
    }
    if (!hasProfile && !hasAgent && hasSettings) {
      checkAgentPayload(payload.agent_settings, 'OpenHandsAgentSettings');
    } else if (hasAgent) checkAgentPayload(payload.agent, 'Agent');
    return payload;
  });
  return refine(populated, (value) => {
    const body = value as unknown as StartConversationBody;
    if (
      withSettings &&
      body.agent === null &&
      body.agent_settings === null &&
      body.agent_profile_id === null
    ) {
      throw new ValueError(
        withProfiles
          ? 'One of `agent`, `agent_settings`, or `agent_profile_id` must be provided'
          : 'Either `agent` or `agent_settings` must be provided',
      );
    }
    return body;
  });
}

/** `UpdateConversationRequest`: since tags exist (1.20) both fields are optional. */
export const UpdateConversationModel = model({
  title: opt(str({ minLength: 1, maxLength: 200 })),
  tags: opt(TagsModel),
});

export const ExecuteBashRequestModel = model({
  command: str(),
  cwd: opt(str()),
  timeout: optional(int(), () => 300),
});

export const SkillsRequestModel = model({
  load_public: optional(bool(), () => true),
  load_user: optional(bool(), () => true),
  load_project: optional(bool(), () => true),
  load_org: optional(bool(), () => true),
  marketplace_path: opt(str()),
  registered_marketplaces: optional(list(any()), () => []),
  project_dir: opt(str()),
  org_configs: opt(list(any())),
  org_config: opt(any()),
  sandbox_config: opt(any()),
});

export const SecretCreateRequestModel = model({
  name: str(),
  value: str(),
  description: opt(str()),
});

const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const SettingsUpdateRequestModel = model({
  agent_settings_diff: opt(dict(str(), any())),
  conversation_settings_diff: opt(dict(str(), any())),
  misc_settings_diff: opt(dict(str(), any())),
  active_profile: opt(patterned(profileNamePattern)),
  active_agent_profile_id: opt(patterned(uuidPattern)),
});

const mcpTransport = oneOf(['stdio', 'http', 'streamable-http', 'sse'] as const, 'literal');

const mcpFields = {
  url: opt(str({ minLength: 1 })),
  transport: opt(mcpTransport),
  command: opt(str({ minLength: 1 })),
  args: opt(list(str())),
  env: opt(dict(str(), str())),
  cwd: opt(str()),
  description: opt(str()),
  icon: opt(str()),
  timeout: opt(float()),
  sse_read_timeout: opt(float()),
  keep_alive: opt(bool()),
  headers: opt(dict(str(), str())),
  auth: opt(any()),
};

/** `MCPServer` (extra fields forbidden; stdio needs a command, remote transports a url). */
export const MCPServerModel = refine(
  model({ ...mcpFields, enabled: optional(bool(), () => true) }, { extra: 'forbid' }),
  (server) => {
    if (server.transport === 'stdio' && !server.command) {
      throw new ValueError("stdio MCP servers require 'command'");
    }
    if (server.transport && server.transport !== 'stdio' && !server.url) {
      throw new ValueError("remote MCP servers require 'url'");
    }
    return server;
  },
);

export const MCPServerPatchModel = model(
  { ...mcpFields, enabled: opt(bool()) },
  { extra: 'forbid' },
);
