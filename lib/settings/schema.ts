import { z } from 'zod';

export const ProviderSchema = z.enum(['github', 'gitlab', 'bitbucket']);

export const SelfHostedHostSchema = z.object({
  origin: z.string(),
  provider: ProviderSchema,
});
export type SelfHostedHost = z.infer<typeof SelfHostedHostSchema>;

export const NotificationSwitchesSchema = z.object({
  awaitingInput: z.boolean().default(true),
  finished: z.boolean().default(true),
  errors: z.boolean().default(true),
});

/**
 * Everything Handoff remembers except secrets. Kept in storage.local; content scripts could
 * read that area, so the API key is never stored here (see ./secrets.ts).
 */
export const SettingsSchema = z.object({
  serverUrl: z.string().nullable().default(null),
  /** X-Session-API-Key for self-hosted servers; Bearer for the hosted service. */
  authScheme: z.enum(['session-key', 'bearer']).default('session-key'),
  /** Which interface new conversations use when the server serves both. */
  apiPreference: z.enum(['auto', 'v0', 'v1']).default('auto'),
  selfHostedHosts: z.array(SelfHostedHostSchema).default([]),
  notifications: NotificationSwitchesSchema.default({
    awaitingInput: true,
    finished: true,
    errors: true,
  }),
  /** Instructions added to every new conversation, kept out of the visible chat. */
  defaultInstructions: z.string().default(''),
  /** What a plain click on the page button does; Alt-click always does the other. */
  clickBehaviour: z.enum(['form', 'start']).default('form'),
  /** Default MCP servers for new conversations, as the service's MCPConfig. */
  defaultMcpConfig: z.unknown().nullable().default(null),
  /** What the last connection test found, so pages know V0/V1 without probing again. */
  serverInfo: z
    .object({
      v0: z.boolean(),
      v1: z.boolean(),
      mode: z.string().nullable(),
      checkedAt: z.string(),
    })
    .nullable()
    .default(null),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const defaultSettings: Settings = SettingsSchema.parse({});
