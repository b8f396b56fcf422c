// V1 app server (docs/contract/v1-app-server.md) and agent server (docs/contract/agent-server.md):
// the schema of each endpoint's JSON answer. Pages validate raw results with these
// (`parseEndpointResult`); the worker never imports them, so they stay out of its bundle (40 KB
// gzipped for everything).
import * as z from 'zod/mini';
import '../zod-english';
import { ApiEventSchema, V1EventPageSchema } from '../events';
import { MessageResponseSchema } from '../v0/models';
import {
  AppConversationPageSchema,
  AppConversationSchema,
  AppConversationStartTaskPageSchema,
  AppConversationStartTaskSchema,
  AppSendMessageResponseSchema,
  AppSettingsSchema,
  ConversationStateSchema,
  CurrentApiKeySchema,
  EditResponseSchema,
  GitBranchPageSchema,
  GitInstallationPageSchema,
  GitRepositoryPageSchema,
  LlmModelPageSchema,
  OrganizationPageSchema,
  PendingMessageResponseSchema,
  SandboxInfoSchema,
  SandboxPageSchema,
  SandboxSpecInfoPageSchema,
  SandboxSpecInfoSchema,
  SecretPageSchema,
  ServerInfoResponseSchema,
  ServerSkillPageSchema,
  SkillListSchema,
  SuccessSchema,
  SuggestedTaskPageSchema,
  WebClientConfigSchema,
} from '../v1/models';
import type { agentRequests, v1Requests } from './v1';

const CountSchema = z.number().check(z.int());

const RunAnswerSchema = z.looseObject({ success: z.nullish(z.boolean()) });
/**
 * Agent-server `run`. A 409 (already running) is what the caller wanted: the request half
 * recovers it as `{success: true, already_running: true}`, which this schema keeps, so a
 * raw result validated on a page reads the same as the full client's. (The 409 of a
 * conversation waiting for its credential binding is not recovered: it stays an error.)
 */
const RunResultSchema = z.pipe(
  RunAnswerSchema,
  z.transform((body: z.output<typeof RunAnswerSchema>) => ({
    success: body.success !== false,
    already_running: body.already_running === true,
  })),
);

export const v1Responses = {
  'v1.searchAppConversations': AppConversationPageSchema,
  'v1.countAppConversations': CountSchema,
  'v1.getAppConversations': z.array(z.nullable(AppConversationSchema)),
  'v1.startAppConversation': AppConversationStartTaskSchema,
  'v1.streamStartAppConversation': z.array(AppConversationStartTaskSchema),
  'v1.searchStartTasks': AppConversationStartTaskPageSchema,
  'v1.countStartTasks': CountSchema,
  'v1.getStartTasks': z.array(z.nullable(AppConversationStartTaskSchema)),
  'v1.updateAppConversation': AppConversationSchema,
  'v1.deleteAppConversation': SuccessSchema,
  'v1.sendMessage': AppSendMessageResponseSchema,
  'v1.getSkills': SkillListSchema,
  'v1.searchSandboxes': SandboxPageSchema,
  'v1.getSandboxes': z.array(z.nullable(SandboxInfoSchema)),
  'v1.createSandbox': SandboxInfoSchema,
  'v1.pauseSandbox': SuccessSchema,
  'v1.resumeSandbox': SuccessSchema,
  'v1.deleteSandbox': SuccessSchema,
  'v1.searchSandboxSpecs': SandboxSpecInfoPageSchema,
  'v1.getSandboxSpecs': z.array(z.nullable(SandboxSpecInfoSchema)),
  'v1.searchEvents': V1EventPageSchema,
  'v1.countEvents': CountSchema,
  'v1.getEvents': z.array(z.nullable(ApiEventSchema)),
  'v1.searchConversationEvents': V1EventPageSchema,
  'v1.countConversationEvents': CountSchema,
  'v1.getConversationEvents': z.array(z.nullable(ApiEventSchema)),
  'v1.queuePendingMessage': PendingMessageResponseSchema,
  'v1.activateCredentialBinding': SuccessSchema,
  'v1.getWebClientConfig': WebClientConfigSchema,
  'v1.searchGitInstallations': GitInstallationPageSchema,
  'v1.searchGitRepositories': GitRepositoryPageSchema,
  'v1.searchGitBranches': GitBranchPageSchema,
  'v1.searchSuggestedTasks': SuggestedTaskPageSchema,
  // null: a fresh install (the request half recovers its 404).
  'v1.getSettings': z.nullable(AppSettingsSchema),
  'v1.saveSettings': EditResponseSchema,
  'v1.setGitProviders': EditResponseSchema,
  'v1.clearGitProviders': EditResponseSchema,
  'v1.searchSecrets': SecretPageSchema,
  'v1.createSecret': EditResponseSchema,
  'v1.updateSecret': EditResponseSchema,
  'v1.deleteSecret': EditResponseSchema,
  'v1.searchServerSkills': ServerSkillPageSchema,
  'v1.searchModels': LlmModelPageSchema,
  'v1.listOrganizations': OrganizationPageSchema,
  'v1.getCurrentApiKey': CurrentApiKeySchema,
  'v1.deleteApiKey': MessageResponseSchema,
} satisfies Record<keyof typeof v1Requests, z.core.$ZodType>;

export const agentResponses = {
  'agent.searchEvents': V1EventPageSchema,
  'agent.countEvents': CountSchema,
  'agent.getEvent': ApiEventSchema,
  'agent.sendMessage': SuccessSchema,
  'agent.pause': SuccessSchema,
  'agent.run': RunResultSchema,
  'agent.respondToConfirmation': SuccessSchema,
  'agent.respondToAskUser': SuccessSchema,
  'agent.getConversation': ConversationStateSchema,
  'agent.interrupt': SuccessSchema,
  'agent.getServerInfo': ServerInfoResponseSchema,
  'agent.getConversationServer': ServerInfoResponseSchema,
} satisfies Record<keyof typeof agentRequests, z.core.$ZodType>;
