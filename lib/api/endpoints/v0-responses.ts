// V0 REST (docs/contract/v0-rest.md) and the health probes (docs/contract/http.md#health-probes):
// the schema of each endpoint's JSON answer. Pages validate raw results with these
// (`parseEndpointResult`); the worker never imports them, so they stay out of its bundle (40 KB
// gzipped for everything).
import * as z from 'zod/mini';
import '../zod-english';
import { ApiEventSchema, V0EventPageSchema } from '../events';
import {
  BranchSchema,
  ConversationInfoResultSetSchema,
  ConversationInfoSchema,
  ConversationMicroagentsSchema,
  ConversationResponseSchema,
  ConversationRuntimeConfigSchema,
  CustomSecretsSchema,
  FileListSchema,
  GitChangesSchema,
  GitDiffSchema,
  GitUserSchema,
  MessageResponseSchema,
  MicroagentContentSchema,
  MicroagentListItemSchema,
  OptionsConfigSchema,
  PaginatedBranchesSchema,
  RememberPromptSchema,
  RepositorySchema,
  SelectedFileSchema,
  SettingsSchema,
  StringListSchema,
  SuccessResponseSchema,
  SuggestedTaskSchema,
  VscodeUrlSchema,
  WebHostsSchema,
} from '../v0/models';
import type { serverRequests, v0Requests } from './v0';

/** Some V0 answers are `true`/`false`; accept what FastAPI sends. */
const BooleanAnswerSchema = z.boolean();

export const serverResponses = {
  'server.alive': z.looseObject({ status: z.string() }),
  'server.health': z.unknown(),
} satisfies Record<keyof typeof serverRequests, z.core.$ZodType>;

export const v0Responses = {
  'v0.createConversation': ConversationResponseSchema,
  'v0.listConversations': ConversationInfoResultSetSchema,
  'v0.getConversation': z.nullable(ConversationInfoSchema),
  'v0.deleteConversation': BooleanAnswerSchema,
  'v0.updateConversation': BooleanAnswerSchema,
  'v0.startConversation': ConversationResponseSchema,
  'v0.stopConversation': ConversationResponseSchema,
  'v0.getEvents': V0EventPageSchema,
  'v0.sendEvent': SuccessResponseSchema,
  'v0.sendMessage': SuccessResponseSchema,
  'v0.getRuntimeConfig': ConversationRuntimeConfigSchema,
  'v0.getVscodeUrl': VscodeUrlSchema,
  'v0.getWebHosts': WebHostsSchema,
  'v0.getConversationMicroagents': ConversationMicroagentsSchema,
  'v0.listFiles': FileListSchema,
  'v0.selectFile': SelectedFileSchema,
  'v0.getGitChanges': GitChangesSchema,
  'v0.getGitDiff': GitDiffSchema,
  'v0.getTrajectory': z.looseObject({ trajectory: z.array(ApiEventSchema) }),
  'v0.rememberPrompt': RememberPromptSchema,
  'v0.getModels': StringListSchema,
  'v0.getAgents': StringListSchema,
  'v0.getSecurityAnalyzers': StringListSchema,
  'v0.getConfig': OptionsConfigSchema,
  'v0.getSettings': z.nullable(SettingsSchema),
  'v0.saveSettings': MessageResponseSchema,
  'v0.addGitProviders': MessageResponseSchema,
  'v0.unsetProviderTokens': MessageResponseSchema,
  'v0.listSecrets': CustomSecretsSchema,
  'v0.createSecret': MessageResponseSchema,
  'v0.updateSecret': MessageResponseSchema,
  'v0.deleteSecret': MessageResponseSchema,
  'v0.getInstallations': z.array(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  'v0.listRepositories': z.array(RepositorySchema),
  'v0.getUserInfo': GitUserSchema,
  'v0.searchRepositories': z.array(RepositorySchema),
  'v0.searchBranches': z.array(BranchSchema),
  'v0.getSuggestedTasks': z.array(SuggestedTaskSchema),
  'v0.getBranches': PaginatedBranchesSchema,
  'v0.listRepositoryMicroagents': z.array(MicroagentListItemSchema),
  'v0.getRepositoryMicroagentContent': MicroagentContentSchema,
} satisfies Record<keyof typeof v0Requests, z.core.$ZodType>;
