// The V1 request models: app server (openhands/app_server/**, 0.62.0 plus the 2026 additions of
// docs/contract/v1-app-server.md#start-request) and agent server (software-agent-sdk:
// agent_server/models.py, sdk Message).
import {
  any,
  bool,
  dict,
  int,
  list,
  model,
  oneOf,
  opt,
  optional,
  str,
  union,
  uuid,
} from '../http/pydantic';
import { conversationTriggerValues, ProviderTypeField, SuggestedTaskModel } from './v0';

export const TextContentModel = model(
  {
    cache_prompt: optional(bool(), () => false),
    type: optional(oneOf(['text'] as const, 'literal'), () => 'text' as const),
    text: str(),
  },
  { extra: 'forbid' },
);

export const ImageContentModel = model({
  cache_prompt: optional(bool(), () => false),
  type: optional(oneOf(['image'] as const, 'literal'), () => 'image' as const),
  image_urls: list(str()),
});

export const ContentItemModel = union<Record<string, unknown>>([
  ['TextContent', TextContentModel as never],
  ['ImageContent', ImageContentModel as never],
]);

export const messageRoles = ['user', 'system', 'assistant', 'tool'] as const;

/** Agent server `SendMessageRequest`: note `run` defaults to false. */
export const SendMessageRequestModel = model({
  role: optional(oneOf(messageRoles, 'literal'), () => 'user' as const),
  content: optional(list(ContentItemModel), () => []),
  run: optional(bool(), () => false),
});

/** The SDK `Message` a WebSocket client sends (only role and content matter here). */
export const sdkMessageSchema = model({
  role: oneOf(messageRoles, 'literal'),
  content: optional(list(ContentItemModel), () => []),
});

export const AppConversationStartRequestModel = model({
  sandbox_id: opt(str()),
  conversation_id: opt(uuid()),
  initial_message: opt(SendMessageRequestModel),
  system_message_suffix: opt(str()),
  processors: opt(list(any())),
  llm_model: opt(str()),
  selected_repository: opt(str()),
  selected_branch: opt(str()),
  git_provider: opt(ProviderTypeField),
  title: opt(str()),
  trigger: opt(oneOf([...conversationTriggerValues, 'automation'] as const)),
  pr_number: optional(list(int()), () => []),
  parent_conversation_id: opt(uuid()),
  agent_type: optional(oneOf(['default', 'plan'] as const), () => 'default' as const),
  // 2026 additions (accepted, stored, otherwise unused).
  agent_profile_id: opt(str()),
  suggested_task: opt(SuggestedTaskModel),
  public: opt(bool()),
});

/** `ProviderType` of the 1.x app server (integrations/service_types.py at 11ca68ab2). */
export const providerTypes1x = [
  'github',
  'gitlab',
  'bitbucket',
  'bitbucket_data_center',
  'forgejo',
  'azure_devops',
  'enterprise_sso',
] as const;
export const ProviderType1xField = oneOf(providerTypes1x);

/** 1.x `SuggestedTask`: `CREATE_MICROAGENT` is gone from its task types. */
export const SuggestedTask1xModel = model({
  git_provider: ProviderType1xField,
  task_type: oneOf([
    'MERGE_CONFLICTS',
    'FAILING_CHECKS',
    'UNRESOLVED_COMMENTS',
    'OPEN_ISSUE',
    'OPEN_PR',
  ] as const),
  repo: str(),
  issue_number: int(),
  title: str(),
});

/** 1.x `AppConversationStartRequest` (app_conversation_models.py; unknown fields ignored). */
export const AppConversationStartRequest1xModel = model({
  sandbox_id: opt(str()),
  conversation_id: opt(uuid()),
  initial_message: opt(SendMessageRequestModel),
  system_message_suffix: opt(str()),
  processors: opt(list(any())),
  llm_model: opt(str()),
  agent_profile_id: opt(str()),
  selected_repository: opt(str()),
  selected_branch: opt(str()),
  git_provider: opt(ProviderType1xField),
  suggested_task: opt(SuggestedTask1xModel),
  title: opt(str()),
  trigger: opt(oneOf([...conversationTriggerValues, 'automation'] as const)),
  pr_number: optional(list(int()), () => []),
  parent_conversation_id: opt(uuid()),
  agent_type: optional(oneOf(['default', 'plan'] as const), () => 'default' as const),
  public: opt(bool()),
  plugins: opt(
    list(
      model({
        source: str(),
        ref: opt(str()),
        repo_path: opt(str()),
        parameters: opt(any()),
      }),
    ),
  ),
  secrets: opt(dict(str(), str())),
});

export const AppConversationUpdateRequestModel = model({
  title: opt(str()),
  public: opt(bool()),
  selected_repository: opt(str()),
  selected_branch: opt(str()),
  git_provider: opt(ProviderTypeField),
});

export const AppSendMessageRequestModel = model({
  role: optional(oneOf(['user'] as const, 'literal'), () => 'user' as const),
  content: list(ContentItemModel, { minLength: 1 }),
  run: optional(bool(), () => true),
});

export const ConfirmationResponseRequestModel = model({
  accept: bool(),
  reason: optional(str(), () => 'User rejected the action.'),
});

export const AgentUpdateConversationRequestModel = model({
  title: str({ minLength: 1, maxLength: 200 }),
});
