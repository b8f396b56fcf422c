import * as z from 'zod/mini';

export const ProviderSchema = z.enum(['github', 'gitlab', 'bitbucket']);

export const SelfHostedHostSchema = z.object({
  origin: z.string(),
  provider: ProviderSchema,
});
export type SelfHostedHost = z.infer<typeof SelfHostedHostSchema>;

export const NotificationSwitchesSchema = z.object({
  awaitingInput: z._default(z.boolean(), true),
  finished: z._default(z.boolean(), true),
  errors: z._default(z.boolean(), true),
});

export const ServerInfoSchema = z.object({
  v0: z.boolean(),
  v1: z.boolean(),
  mode: z.nullable(z.string()),
  /** The server kind (lib/api/detect.ts); null when stored before kinds were told apart. */
  kind: z._default(z.nullable(z.enum(['hosted', 'v1', 'legacy', 'agent'])), null),
  /** The server's version, where it says. */
  version: z._default(z.nullable(z.string()), null),
  checkedAt: z.string(),
});

/**
 * Everything Handoff remembers except secrets, kept in the trusted store (./trusted-store.ts).
 * The API key is never part of it (see ./secrets.ts).
 */
/** zod's GUID pattern (8-4-4-4-12 hex digits), as a plain regex: z.guid() costs the worker more. */
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const SettingsSchema = z.object({
  serverUrl: z._default(z.nullable(z.string()), null),
  /** X-Session-API-Key for self-hosted servers; Bearer for the hosted service. */
  authScheme: z._default(z.enum(['session-key', 'bearer']), 'session-key'),
  /** Which interface new conversations use when the server serves both. */
  apiPreference: z._default(z.enum(['auto', 'v0', 'v1']), 'auto'),
  selfHostedHosts: z._default(z.array(SelfHostedHostSchema), []),
  notifications: z._default(NotificationSwitchesSchema, {
    awaitingInput: true,
    finished: true,
    errors: true,
  }),
  /** Instructions added to every new conversation, kept out of the visible chat. */
  defaultInstructions: z._default(z.string(), ''),
  /** What a plain click on the page button does; Alt-click always does the other. */
  clickBehaviour: z._default(z.enum(['form', 'start']), 'form'),
  /** Default MCP servers for new conversations, as the service's MCPConfig. */
  defaultMcpConfig: z._default(z.nullable(z.unknown()), null),
  /** Bumped whenever the key changes (it lives in IndexedDB, which the worker cannot watch). */
  credentialsChangedAt: z._default(z.number(), 0),
  /** What the last connection test found, so pages know V0/V1 without probing again. */
  serverInfo: z._default(z.nullable(ServerInfoSchema), null),
  /**
   * Hosted service: the organisation requests act in (`X-Org-Id`); null for the key's own
   * default. Tied to the server it was picked on (cleared when the address changes). A value
   * that is not a UUID is dropped rather than failing every other setting.
   */
  organizationId: z._default(z.catch(z.nullable(z.string().check(z.regex(GUID))), null), null),
  /**
   * Agent servers alone: where Handoff clones repositories, by server origin (a folder chosen for
   * one server means nothing on another); none for `<home>/handoff`. Kept as stored even when the
   * folder is not usable, so the options page can show it to be fixed; starts then use the
   * default. Anything but text is dropped rather than failing every other setting.
   */
  cloneFolders: z._default(z.catch(z.catchall(z.object({}), z.catch(z.string(), '')), {}), {}),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const defaultSettings: Settings = SettingsSchema.parse({});
