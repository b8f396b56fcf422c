// Every enumeration of the service contract (docs/contract/README.md#parse-leniently-send-exactly),
// as const arrays plus lenient schemas. Servers of different versions add values over time
// (docs/contract/README.md#enum-drift "enum drift"), so a value we have never seen must never make
// a response or an event fail to parse: responses use the lenient schemas below, and only request
// schemas restrict to the known values.
import * as z from 'zod/mini';

/**
 * A known value, or any other string a newer server may send. `string & {}` keeps editor
 * completion for the known values while still accepting the rest.
 */
export type Lenient<T extends string> = T | (string & {});

/**
 * Accepts any string; typed as the known values plus "anything else". Marked free of side
 * effects so that bundles drop the lenient schemas (and their value lists) they do not use:
 * the worker only needs the request enums.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lenientEnum<const T extends readonly [string, ...string[]]>(
  _known: T,
): z.ZodMiniType<Lenient<T[number]>, string> {
  return z.string() as z.ZodMiniType<Lenient<T[number]>, string>;
}

/** Narrows a lenient value to the known ones, e.g. before indexing a label table. */
export function isKnownValue<const T extends readonly string[]>(
  known: T,
  value: unknown,
): value is T[number] {
  return typeof value === 'string' && (known as readonly string[]).includes(value);
}

// --- V0 (main server) -----------------------------------------------------------------------

/** docs/contract/v0-rest.md#conversation-status. `ARCHIVED` and `ERROR` arrived after 0.53.0. */
export const conversationStatusValues = [
  'STARTING',
  'RUNNING',
  'STOPPED',
  'ARCHIVED',
  'ERROR',
] as const;
export type ConversationStatus = Lenient<(typeof conversationStatusValues)[number]>;
export const ConversationStatusSchema = lenientEnum(conversationStatusValues);

/**
 * docs/contract/v0-rest.md#runtime-status `runtime_status`: i18n keys, shown to people through a
 * label table.
 */
export const runtimeStatusValues = [
  'STATUS$STOPPED',
  'STATUS$BUILDING_RUNTIME',
  'STATUS$STARTING_RUNTIME',
  'STATUS$RUNTIME_STARTED',
  'STATUS$SETTING_UP_WORKSPACE',
  'STATUS$SETTING_UP_GIT_HOOKS',
  'STATUS$READY',
  'STATUS$ERROR',
  'STATUS$ERROR_RUNTIME_DISCONNECTED',
  'STATUS$ERROR_LLM_AUTHENTICATION',
  'STATUS$ERROR_LLM_SERVICE_UNAVAILABLE',
  'STATUS$ERROR_LLM_INTERNAL_SERVER_ERROR',
  'STATUS$ERROR_LLM_OUT_OF_CREDITS',
  'STATUS$ERROR_LLM_CONTENT_POLICY_VIOLATION',
  'CHAT_INTERFACE$AGENT_RATE_LIMITED_STOPPED_MESSAGE',
  'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR',
  'STATUS$LLM_RETRY',
  'STATUS$ERROR_MEMORY',
] as const;
export type RuntimeStatus = Lenient<(typeof runtimeStatusValues)[number]>;
export const RuntimeStatusSchema = lenientEnum(runtimeStatusValues);

/** Union over 0.53.0, 0.62.0 and the 2026 hosted service (docs/contract/README.md#enum-drift). */
export const providerTypeValues = [
  'github',
  'gitlab',
  'bitbucket',
  'enterprise_sso',
  'azure_devops',
  'bitbucket_data_center',
  'forgejo',
] as const;
export type ProviderType = Lenient<(typeof providerTypeValues)[number]>;
export const ProviderTypeSchema = lenientEnum(providerTypeValues);
/** For request bodies: a value the server would reject with 422 is caught before sending. */
export const ProviderTypeRequestSchema = z.enum(providerTypeValues);

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
  'automation',
] as const;
export type ConversationTrigger = Lenient<(typeof conversationTriggerValues)[number]>;
export const ConversationTriggerSchema = lenientEnum(conversationTriggerValues);
export const ConversationTriggerRequestSchema = z.enum(conversationTriggerValues);

/** docs/contract/v0-rest.md#create-request `SuggestedTask.task_type`. */
export const taskTypeValues = [
  'MERGE_CONFLICTS',
  'FAILING_CHECKS',
  'UNRESOLVED_COMMENTS',
  'OPEN_ISSUE',
  'OPEN_PR',
  'CREATE_MICROAGENT',
] as const;
export type TaskType = Lenient<(typeof taskTypeValues)[number]>;
export const TaskTypeSchema = lenientEnum(taskTypeValues);
export const TaskTypeRequestSchema = z.enum(taskTypeValues);

/**
 * docs/contract/v1-app-server.md#start-request `suggested_task.task_type` on 1.x app servers, which
 * dropped `CREATE_MICROAGENT` (the V0 microagent flow is gone).
 */
export const v1TaskTypeValues = [
  'MERGE_CONFLICTS',
  'FAILING_CHECKS',
  'UNRESOLVED_COMMENTS',
  'OPEN_ISSUE',
  'OPEN_PR',
] as const;
export const V1TaskTypeRequestSchema = z.enum(v1TaskTypeValues);

/** docs/contract/events.md#v0-agent-states; `init` only appears in old histories. */
export const agentStateValues = [
  'loading',
  'init',
  'running',
  'awaiting_user_input',
  'paused',
  'stopped',
  'finished',
  'rejected',
  'error',
  'awaiting_user_confirmation',
  'user_confirmed',
  'user_rejected',
  'rate_limited',
] as const;
export type AgentState = Lenient<(typeof agentStateValues)[number]>;
export const AgentStateSchema = lenientEnum(agentStateValues);

/**
 * The agent states a client may ask for with `change_agent_state`
 * (docs/contract/v0-socket.md#sending-actions).
 */
export const requestableAgentStateValues = [
  'stopped',
  'paused',
  'running',
  'user_confirmed',
  'user_rejected',
] as const;
export type RequestableAgentState = (typeof requestableAgentStateValues)[number];

/** docs/contract/events.md#v0-event-record `args.confirmation_state`. */
export const confirmationStateValues = ['confirmed', 'rejected', 'awaiting_confirmation'] as const;
export type ConfirmationState = Lenient<(typeof confirmationStateValues)[number]>;
export const ConfirmationStateSchema = lenientEnum(confirmationStateValues);

/** docs/contract/events.md#v0-observations `recall_type`. */
export const recallTypeValues = ['workspace_context', 'knowledge'] as const;
export type RecallType = Lenient<(typeof recallTypeValues)[number]>;
export const RecallTypeSchema = lenientEnum(recallTypeValues);

/** `source` of V0 and V1 events. */
export const eventSourceValues = ['agent', 'user', 'environment'] as const;
export type EventSource = Lenient<(typeof eventSourceValues)[number]>;
export const EventSourceSchema = lenientEnum(eventSourceValues);

/** docs/contract/v0-rest.md#per-conversation-routes `/git/changes` status letters. */
export const gitChangeStatusValues = ['M', 'A', 'D', 'R', 'U'] as const;
export type GitChangeStatus = Lenient<(typeof gitChangeStatusValues)[number]>;
export const GitChangeStatusSchema = lenientEnum(gitChangeStatusValues);

/** docs/contract/v0-rest.md#per-conversation-routes microagent `type`. */
export const microagentTypeValues = ['repo', 'knowledge', 'task'] as const;
export type MicroagentType = Lenient<(typeof microagentTypeValues)[number]>;
export const MicroagentTypeSchema = lenientEnum(microagentTypeValues);

/** docs/contract/v0-rest.md#git-provider-routes `Repository.owner_type`. */
export const ownerTypeValues = ['user', 'organization'] as const;
export type OwnerType = Lenient<(typeof ownerTypeValues)[number]>;
export const OwnerTypeSchema = lenientEnum(ownerTypeValues);

/**
 * docs/contract/v0-rest.md#conversationinfo `conversation_version`: decides which stream a
 * conversation uses.
 */
export const conversationVersionValues = ['V0', 'V1'] as const;
export type ConversationVersion = Lenient<(typeof conversationVersionValues)[number]>;
export const ConversationVersionSchema = lenientEnum(conversationVersionValues);

/** docs/contract/v0-rest.md#options-settings-and-secrets `APP_MODE` of `/api/options/config`. */
export const appModeValues = ['oss', 'saas'] as const;
export type AppMode = Lenient<(typeof appModeValues)[number]>;
export const AppModeSchema = lenientEnum(appModeValues);

// --- V1 (app server and agent server) -------------------------------------------------------

/**
 * docs/contract/v1-app-server.md#sandbox-status. The web UI's type wrongly has `STOPPED`; the
 * server sends `ERROR`.
 */
export const sandboxStatusValues = ['STARTING', 'RUNNING', 'PAUSED', 'ERROR', 'MISSING'] as const;
export type SandboxStatus = Lenient<(typeof sandboxStatusValues)[number]>;
export const SandboxStatusSchema = lenientEnum(sandboxStatusValues);

/**
 * docs/contract/v1-app-server.md#start-tasks; `SETTING_UP_SKILLS` is absent from some 0.62.0
 * builds.
 */
export const appConversationStartTaskStatusValues = [
  'WORKING',
  'WAITING_FOR_SANDBOX',
  'PREPARING_REPOSITORY',
  'RUNNING_SETUP_SCRIPT',
  'SETTING_UP_GIT_HOOKS',
  'SETTING_UP_SKILLS',
  'STARTING_CONVERSATION',
  'READY',
  'ERROR',
] as const;
export type AppConversationStartTaskStatus = Lenient<
  (typeof appConversationStartTaskStatusValues)[number]
>;
export const AppConversationStartTaskStatusSchema = lenientEnum(
  appConversationStartTaskStatusValues,
);

/**
 * docs/contract/v1-app-server.md#execution-status, lower-case on the wire; `deleting` is 2026 only.
 */
export const conversationExecutionStatusValues = [
  'idle',
  'running',
  'paused',
  'waiting_for_confirmation',
  'finished',
  'error',
  'stuck',
  'deleting',
] as const;
export type ConversationExecutionStatus = Lenient<
  (typeof conversationExecutionStatusValues)[number]
>;
export const ConversationExecutionStatusSchema = lenientEnum(conversationExecutionStatusValues);

/**
 * docs/contract/events.md#v1-events `ActionEvent.security_risk`. V0 sends the same scale as
 * integers (see below).
 */
export const securityRiskValues = ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type SecurityRisk = Lenient<(typeof securityRiskValues)[number]>;
export const SecurityRiskSchema = lenientEnum(securityRiskValues);

/**
 * V0 `args.security_risk` is an integer: −1/0/1/2 = UNKNOWN/LOW/MEDIUM/HIGH
 * (docs/contract/events.md#v0-event-record).
 */
export function securityRiskFromV0(value: number | null | undefined): SecurityRisk {
  switch (value) {
    case 0:
      return 'LOW';
    case 1:
      return 'MEDIUM';
    case 2:
      return 'HIGH';
    default:
      return 'UNKNOWN';
  }
}

/** docs/contract/v1-app-server.md#sandboxes `SandboxInfo.exposed_urls[].name`. */
export const exposedUrlNameValues = ['AGENT_SERVER', 'VSCODE', 'WORKER_1', 'WORKER_2'] as const;
export type ExposedUrlName = Lenient<(typeof exposedUrlNameValues)[number]>;

/** docs/contract/v1-app-server.md#start-request `AppConversationStartRequest.agent_type`. */
export const agentTypeValues = ['default', 'plan'] as const;
export const AgentTypeRequestSchema = z.enum(agentTypeValues);

/** docs/contract/v1-app-server.md#start-tasks start-task search `sort_order`. */
export const startTaskSortOrderValues = [
  'CREATED_AT',
  'CREATED_AT_DESC',
  'UPDATED_AT',
  'UPDATED_AT_DESC',
] as const;
export const StartTaskSortOrderRequestSchema = z.enum(startTaskSortOrderValues);

/**
 * docs/contract/v1-app-server.md#event-history and docs/contract/agent-server.md#rest-routes event
 * search `sort_order`.
 */
export const eventSortOrderValues = ['TIMESTAMP', 'TIMESTAMP_DESC'] as const;
export const EventSortOrderRequestSchema = z.enum(eventSortOrderValues);

/**
 * docs/contract/v1-app-server.md#git-search repository search `sort_order`: field and direction in
 * one value. Only a search (`query` given) takes it; listing the user's repositories refuses it.
 */
export const repositorySortOrderValues = [
  'stars-desc',
  'stars-asc',
  'forks-desc',
  'forks-asc',
  'updated-desc',
  'updated-asc',
] as const;
export const RepositorySortOrderRequestSchema = z.enum(repositorySortOrderValues);

/** docs/contract/v1-app-server.md#server-configuration `feature_flags.deployment_mode`. */
export const deploymentModeValues = ['cloud', 'self_hosted'] as const;
export type DeploymentMode = Lenient<(typeof deploymentModeValues)[number]>;
export const DeploymentModeSchema = lenientEnum(deploymentModeValues);

/** docs/contract/v1-app-server.md#start-request `SendMessageRequest.role`. */
export const messageRoleValues = ['user', 'system', 'assistant', 'tool'] as const;
export type MessageRole = Lenient<(typeof messageRoleValues)[number]>;
export const MessageRoleSchema = lenientEnum(messageRoleValues);
