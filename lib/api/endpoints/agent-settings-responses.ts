// A bare agent server's settings routes (./agent-settings): the schema of each answer. Pages
// validate raw results with these; the worker never imports them.
import * as z from 'zod/mini';
import '../zod-english';
import { RepositorySchema } from '../v0/models';
import { McpServerSchema, SkillSchema } from '../v1/models';
import type { agentSettingsRequests } from './agent-settings';

/**
 * Upstream's `SettingsResponse`, secrets redacted. Only what Handoff reads is typed; the rest
 * (tools, condenser, profiles, the web app's own `misc_settings`) passes through.
 */
export const AgentServerSettingsSchema = z.looseObject({
  agent_settings: z.looseObject({
    /** `openhands`, or `acp` for an agent run through the Agent Client Protocol (no `llm`). */
    agent_kind: z.nullish(z.string()),
    llm: z.nullish(
      z.looseObject({
        model: z.nullish(z.string()),
        /** `**********` when one is stored; whether one is, is `llm_api_key_is_set`. */
        api_key: z.nullish(z.string()),
        base_url: z.nullish(z.string()),
      }),
    ),
    /** `{name: server}`, every field present (null when unset), secrets redacted. */
    mcp_config: z.nullish(z.record(z.string(), McpServerSchema)),
  }),
  conversation_settings: z.nullish(
    z.looseObject({
      confirmation_mode: z.nullish(z.boolean()),
      max_iterations: z.nullish(z.number()),
    }),
  ),
  llm_api_key_is_set: z.nullish(z.boolean()),
  active_profile: z.nullish(z.string()),
});
export type AgentServerSettings = z.infer<typeof AgentServerSettingsSchema>;

export const AgentSecretItemSchema = z.looseObject({
  name: z.string(),
  description: z.nullish(z.string()),
});

/** Upstream's `SkillsResponse`: `SkillInfo`s, and how many came from each source. */
export const AgentFolderSkillsSchema = z.looseObject({
  skills: z.array(z.extend(SkillSchema, { description: z.nullish(z.string()) })),
  sources: z.nullish(z.record(z.string(), z.number())),
});

export const agentSettingsResponses = {
  'agent.getSettings': AgentServerSettingsSchema,
  'agent.updateSettings': AgentServerSettingsSchema,
  'agent.listSecrets': z.looseObject({ secrets: z.array(AgentSecretItemSchema) }),
  'agent.saveSecret': AgentSecretItemSchema,
  'agent.deleteSecret': z.looseObject({ deleted: z.nullish(z.boolean()) }),
  'agent.createMcpServer': AgentServerSettingsSchema,
  'agent.updateMcpServer': AgentServerSettingsSchema,
  'agent.deleteMcpServer': AgentServerSettingsSchema,
  'agent.folderSkills': AgentFolderSkillsSchema,
  'agent.pathCheck': z.unknown(),
  'agent.searchRepositories': z.looseObject({
    items: z.array(RepositorySchema),
    next_page_id: z.nullish(z.string()),
    /** No GitHub token saved on the server: nothing could be listed. */
    missing_token: z.nullish(z.boolean()),
  }),
} satisfies Record<keyof typeof agentSettingsRequests, z.core.$ZodType>;
